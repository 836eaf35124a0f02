package cli

import (
	"os/exec"
	"strings"
	"testing"
)

// TestShowcasePiped: the showcase of make run, its output piped, has no
// terminal escape codes (every command it runs is replaced by true).
func TestShowcasePiped(t *testing.T) {
	cmd := exec.Command("sh", "scripts/showcase.sh")
	cmd.Dir = repoRoot
	cmd.Env = append(cmd.Environ(), "BIN=true")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if strings.Contains(string(out), "\033") || !strings.Contains(string(out), "\n$ true show testdata/models/") {
		t.Errorf("showcase output piped:\n%q", out)
	}
}

// TestDepsWaitForLock: make deps waits for another apt process's lock and
// the build records the commit (make -n shows the commands without running them).
func TestDepsWaitForLock(t *testing.T) {
	cmd := exec.Command("make", "-n", "build", "APT_PACKAGES=chessmodel-no-such-package")
	cmd.Dir = repoRoot
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Skipf("make: %v\n%s", err, out)
	}
	for _, want := range []string{"DPkg::Lock::Timeout=600 update", "DPkg::Lock::Timeout=600 install", "holds the package lock", "build -buildvcs=auto"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("make -n build lacks %q:\n%s", want, out)
		}
	}
}
