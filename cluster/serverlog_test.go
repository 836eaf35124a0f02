package cluster_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/cluster"
)

// lockedBuffer is a strings.Builder the server's goroutines may write to
// while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// The embedded server's log names what an operator needs to see: that it
// started with JetStream, and a client refused its credentials, with the
// client's address; every line starts with its time and level. Without a
// Log the server writes nothing (it embeds in tests and the CLI).
func TestServerLog(t *testing.T) {
	var log lockedBuffer
	token, _ := cluster.NewToken()
	srv, err := cluster.StartServer(cluster.ServerConfig{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Token: token, Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if nc, err := cluster.Connect(srv.URL(), cluster.Auth{Secret: "not-the-token"}, "intruder", cluster.TLS{}); err == nil {
		nc.Close()
		t.Fatal("a wrong token connected")
	}
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(log.String(), "authentication error") && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	text := log.String()
	for _, want := range []string{"[INF] ", "JetStream", "authentication error", "127.0.0.1:"} {
		if !strings.Contains(text, want) {
			t.Errorf("the server's log has no %q:\n%s", want, text)
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		if _, err := time.Parse("2006-01-02T15:04:05.000Z", strings.SplitN(line, " ", 2)[0]); err != nil {
			t.Errorf("a line without its time: %q", line)
		}
	}
}
