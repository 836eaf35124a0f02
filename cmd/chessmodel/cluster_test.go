package main

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// buildChessmodel builds the program into a temporary directory.
func buildChessmodel(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to build with")
	}
	bin := filepath.Join(t.TempDir(), "chessmodel")
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// freePort is a port nothing listens on a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// withoutStats drops the line of statistics (seconds and nodes: the
// merged answer adds up the parts' seconds).
func withoutStats(text string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if !strings.Contains(l, " backend, ") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// cluster and two worker processes on 127.0.0.1, one worker killed with
// SIGKILL after its first part: the cluster prints the one-process answer
// of 14 queens (365596 solutions, 45752 classes).
func TestClusterProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program and runs three processes")
	}
	bin := buildChessmodel(t)
	model := []string{"../../testdata/models/n-queens.yaml", "--set", "board=14", "--symmetry"}
	whole, err := exec.Command(bin, append([]string{"count"}, model...)...).Output()
	if err != nil || !strings.Contains(string(whole), "365596 solutions, 45752 classes") {
		t.Fatalf("one process: %v\n%s", err, whole)
	}
	store := filepath.Join(t.TempDir(), "store") // made by cluster, as a user's new --store is
	url := "nats://127.0.0.1:" + strconv.Itoa(freePort(t))
	coordinator := exec.Command(bin, append(append([]string{"cluster"}, model...),
		"--shards", "24", "--listen", url[len("nats://"):], "--store", store, "--ack-wait", "2s")...)
	var answer, coordinatorLog bytes.Buffer
	coordinator.Stdout, coordinator.Stderr = &answer, &coordinatorLog
	if err := coordinator.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- coordinator.Wait() }()
	token := filepath.Join(store, "token")
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if _, err := os.Stat(token); err == nil || time.Now().After(deadline) {
			break
		}
	}
	worker := func() (*exec.Cmd, io.Reader) {
		w := exec.Command(bin, "worker", "--connect", url, "--token-file", token, "--key-file", filepath.Join(store, "key"), "--workers", "1")
		logs, err := w.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = w.Process.Kill(); _ = w.Wait() })
		return w, logs
	}
	victim, victimLog := worker()
	_, survivorLog := worker()
	go func() { _, _ = io.Copy(io.Discard, survivorLog) }()
	lines := bufio.NewScanner(victimLog)
	for lines.Scan() {
		if strings.Contains(lines.Text(), "done in") { // its first part: the next is under way
			break
		}
	}
	if err := victim.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	go func() { _, _ = io.Copy(io.Discard, victimLog) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("cluster: %v\n%s", err, coordinatorLog.String())
		}
	case <-time.After(60 * time.Second):
		_ = coordinator.Process.Kill()
		t.Fatalf("cluster did not finish in 60 s\n%s", coordinatorLog.String())
	}
	if withoutStats(answer.String()) != withoutStats(string(whole)) {
		t.Errorf("cluster printed\n%s\nwant as the one-process run\n%s", answer.String(), whole)
	}
}
