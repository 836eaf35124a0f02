package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestServeCommand starts `chessmodel serve` on a free port, asks it what
// it serves, and stops it by ending its context.
func TestServeCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stderr syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--puzzle-walls", "2"}, Streams{In: strings.NewReader(""), Out: &bytes.Buffer{}, Err: &stderr})
	}()
	addr := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/`)
	var url string
	for deadline := time.Now().Add(60 * time.Second); url == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := addr.FindStringSubmatch(stderr.String()); m != nil {
			url = "http://" + m[1]
		}
		select {
		case err := <-done:
			t.Fatalf("serve ended: %v; %s", err, stderr.String())
		default:
		}
	}
	if url == "" {
		t.Fatalf("no address announced: %q", stderr.String())
	}
	res, err := http.Get(url + "/api/puzzles")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Puzzles []json.RawMessage `json:"puzzles"`
	}
	json.NewDecoder(res.Body).Decode(&got)
	res.Body.Close()
	if len(got.Puzzles) != 10 { // blocked queens with up to two walls
		t.Errorf("%d puzzles", len(got.Puzzles))
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve ended with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}

func TestServeBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"serve", t.TempDir() + "/absent"},
		{"serve", "--puzzles", "absent.yaml", "--addr", "127.0.0.1:0"},
		{"serve", "--puzzles", "knights-tour.yaml", "--addr", "127.0.0.1:0"},
		{"serve", "--addr", "127.0.0.1:99999", "--puzzles", ""},
		{"serve", "a", "b"},
	} {
		var stderr bytes.Buffer
		err := Run(context.Background(), args, Streams{In: strings.NewReader(""), Out: &bytes.Buffer{}, Err: &stderr})
		if ExitCode(err) != ExitBadInput || !strings.Contains(stderr.String(), "chessmodel:") {
			t.Errorf("%v: exit %d, %q", args, ExitCode(err), stderr.String())
		}
	}
}
