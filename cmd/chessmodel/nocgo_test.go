package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildWithoutCgo: CGO_ENABLED=0 builds a working exact-only chessmodel
// whose ILP backend says how to get it, and whose export still works.
func TestBuildWithoutCgo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the whole program without cgo")
	}
	goTool, err := exec.LookPath("go") // go test puts its own GOROOT/bin first on PATH
	if err != nil {
		t.Skip("no go tool to build with")
	}
	bin := filepath.Join(t.TempDir(), "chessmodel")
	build := exec.Command(goTool, "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("CGO_ENABLED=0 go build: %v\n%s", err, out)
	}
	eight := "../../testdata/models/eight-queens.yaml"
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"count", eight}, 0, "92 solutions"},
		{[]string{"solve", "--backend", "ilp", eight}, 4, "built without cgo, so without the lp_solve library; install it (apt-get install liblpsolve55-dev) and build with CGO_ENABLED=1"},
		{[]string{"export", eight}, 0, "q_a1"},
		{[]string{"version"}, 0, "none (built without cgo)"},
		{[]string{"solvers"}, 0, "unavailable: built without cgo"},
	} {
		cmd := exec.Command(bin, tc.args...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		code := 0
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		if code != tc.code || !strings.Contains(out.String(), tc.want) {
			t.Errorf("chessmodel %s: exit %d, want %d\n%s\nwant %q", strings.Join(tc.args, " "), code, tc.code, out.String(), tc.want)
		}
	}
}
