//go:build unix

package serve

import (
	"net/http"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCatalogNamedPipe: a named pipe in the model directory is refused at
// once, not opened (opening it waits for a writer for ever; issue 22 item
// 10, the server's side of it).
func TestCatalogNamedPipe(t *testing.T) {
	dir, _ := tempModels(t)
	if err := syscall.Mkfifo(filepath.Join(dir, "ff.yaml"), 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	cat, err := DirCatalog(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, func(c *Config) { c.Models = cat })
	client := &http.Client{Timeout: 5 * time.Second}
	res, err := client.Get(ts.URL + "/api/models/ff.yaml")
	if err != nil {
		t.Fatal(err) // the client's timeout: the server is waiting on the pipe
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden {
		t.Errorf("GET ff.yaml: %d", res.StatusCode)
	}
	list, err := cat.List()
	if err != nil || len(list) != 1 || strings.Contains(list[0].File, "ff") {
		t.Errorf("listed %+v, %v", list, err)
	}
}
