package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportSAT: --format cnf writes a DIMACS header and clauses ending in
// 0, --format opb an objective and rows; what the encoding does not cover
// exits 4.
func TestExportSAT(t *testing.T) {
	code, stdout, stderr := run(t, DefaultBackends(), "export", "--format", "cnf", models+"eight-queens.yaml")
	if code != 0 || !strings.Contains(stdout, "\np cnf ") || !strings.HasSuffix(stdout, " 0\n") {
		t.Errorf("cnf: exit %d, %.200s %s", code, stdout, stderr)
	}
	code, stdout, stderr = run(t, DefaultBackends(), "export", "--format", "opb", models+"queens-domination.yaml")
	if code != 0 || !strings.HasPrefix(stdout, "* #variable= ") || !strings.Contains(stdout, "\nmin: +1 x1 ") || !strings.Contains(stdout, ">= 1 ;\n") {
		t.Errorf("opb: exit %d, %.300s %s", code, stdout, stderr)
	}
	if code, _, stderr = run(t, DefaultBackends(), "export", "--format", "cnf", models+"knights-tour.yaml"); code != ExitUnsupported {
		t.Errorf("cnf of a tour: exit %d, want %d: %s", code, ExitUnsupported, stderr)
	}
}

// TestCertificateRoundTrip: solve --certificate then check --certificate;
// a certificate with a changed model is refused with exit 1.
func TestCertificateRoundTrip(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed")
	}
	dir := filepath.Join(t.TempDir(), "cert")
	code, stdout, stderr := run(t, DefaultBackends(), "solve", "--backend", "sat", "--certificate", dir, models+"queens-domination.yaml", "--set", "board=6")
	if code != 0 || !strings.Contains(stdout, "optimal, pieces 3") {
		t.Fatalf("solve: exit %d: %s %s", code, stdout, stderr)
	}
	code, stdout, stderr = run(t, DefaultBackends(), "check", "--certificate", dir)
	if code != 0 || !strings.Contains(stdout, "valid: optimal 3 (minimize pieces)") || !strings.Contains(stdout, "no solution of value at most 2") {
		t.Fatalf("check: exit %d: %s %s", code, stdout, stderr)
	}
	if err := os.WriteFile(filepath.Join(dir, "model.yaml"), []byte("board: 6\nplace: [min queen]\nrules: [cover attacked]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ = run(t, DefaultBackends(), "check", "--certificate", dir)
	if code != ExitNegative || !strings.Contains(stdout, "REFUSED at the file check") {
		t.Errorf("a changed model: exit %d: %s", code, stdout)
	}
	if code, _, stderr = run(t, DefaultBackends(), "solve", "--backend", "ilp", "--certificate", dir, models+"eight-queens.yaml"); code != ExitBadInput {
		t.Errorf("--certificate with --backend ilp: exit %d: %s", code, stderr)
	}
	if code, _, stderr = run(t, DefaultBackends(), "check", "--certificate", dir, models+"eight-queens.yaml"); code != ExitBadInput {
		t.Errorf("check --certificate with a model: exit %d: %s", code, stderr)
	}
}

// TestCasesFlag: solve --cases splits the sat backend's proof; check names
// the cases; --cases with another backend or a piece the model lacks is
// bad input.
func TestCasesFlag(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed")
	}
	dir := filepath.Join(t.TempDir(), "cert")
	code, stdout, stderr := run(t, DefaultBackends(), "solve", "--backend", "sat", "--cases", "queen", "--certificate", dir, models+"queens-domination.yaml", "--set", "board=6")
	if code != 0 || !strings.Contains(stdout, "optimal, pieces 3") {
		t.Fatalf("solve: exit %d: %s %s", code, stdout, stderr)
	}
	code, stdout, stderr = run(t, DefaultBackends(), "check", "--certificate", dir)
	if code != 0 || !strings.Contains(stdout, "in 7 cases by where the queen stands") {
		t.Fatalf("check: exit %d: %s %s", code, stdout, stderr)
	}
	if code, stdout, stderr = run(t, DefaultBackends(), "solve", "--backend", "sat", "--cases", "queen", models+"n-queens.yaml", "--set", "board=4", "--set", "place=[5 queen]"); code != 0 || !strings.Contains(stdout, "infeasible") {
		t.Errorf("--cases without a certificate: exit %d: %s %s", code, stdout, stderr)
	}
	if code, _, stderr = run(t, DefaultBackends(), "solve", "--backend", "ilp", "--cases", "queen", models+"eight-queens.yaml"); code != ExitBadInput {
		t.Errorf("--cases with --backend ilp: exit %d: %s", code, stderr)
	}
	if code, _, stderr = run(t, DefaultBackends(), "solve", "--backend", "sat", "--cases", "knight", models+"eight-queens.yaml"); code != ExitBadInput || !strings.Contains(stderr, "knight") {
		t.Errorf("--cases by a piece the model lacks: exit %d: %s", code, stderr)
	}
}
