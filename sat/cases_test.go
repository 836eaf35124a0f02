package sat_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sat"
)

// editManifest changes the manifest of a copy of the certificate and
// returns the check that refused it, or "".
func editManifest(t *testing.T, dir string, change func(*model.CertificateManifest)) string {
	t.Helper()
	return mutate(t, dir, sat.ManifestFile, false, func(b []byte) []byte {
		var man model.CertificateManifest
		if err := json.Unmarshal(b, &man); err != nil {
			t.Fatal(err)
		}
		change(&man)
		out, err := json.Marshal(man)
		if err != nil {
			t.Fatal(err)
		}
		return out
	})
}

// TestCertificateCases: γ(Q5) = 3 proved in cases by where a queen
// stands, one a square of each of the 6 orbits of D4 on the 5x5 squares
// (Burnside: (25 + 1 + 1 + 1 + 4*5) / 8) and the case of no queen, and
// each flaw of the split refused.
func TestCertificateCases(t *testing.T) {
	dir := certifyBy(t, "queens-domination.yaml", "queen", "board=5")
	rep, err := model.CheckCertificate(dir)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Claim != "optimal 3 (minimize pieces)" || rep.Cases != 7 || rep.CasesBy != "queen" {
		t.Fatalf("claim %q in %d cases by %q, want optimal 3 in 7 by the queen", rep.Claim, rep.Cases, rep.CasesBy)
	}
	whole, err := model.CheckCertificate(certify(t, "queens-domination.yaml", "board=5"))
	if err != nil {
		t.Fatal(err)
	}
	if whole.Variables != rep.Variables || whole.Clauses != rep.Clauses {
		t.Errorf("the cases' formula has %d variables and %d clauses, the whole's %d and %d", rep.Variables, rep.Clauses, whole.Variables, whole.Clauses)
	}

	var man model.CertificateManifest
	data, _ := os.ReadFile(filepath.Join(dir, sat.ManifestFile))
	if err := json.Unmarshal(data, &man); err != nil {
		t.Fatal(err)
	}
	last := len(man.Cases.Cases) - 1
	if man.Cases.Cases[last].Square != "" {
		t.Fatalf("the last case is %q, want the case of none", man.Cases.Cases[last].Square)
	}
	dropCase := func(i int) func(*model.CertificateManifest) {
		return func(m *model.CertificateManifest) {
			c := m.Cases.Cases[i]
			delete(m.Files, c.Formula)
			delete(m.Files, c.Proof)
			m.Cases.Cases = slices.Delete(m.Cases.Cases, i, i+1)
		}
	}
	if got := editManifest(t, dir, dropCase(last)); got != "cases" {
		t.Errorf("the case of no queen dropped: refused by %q, want the cases check", got)
	}
	if got := editManifest(t, dir, dropCase(2)); got != "cases" {
		t.Errorf("the case of %s dropped: refused by %q, want the cases check", man.Cases.Cases[2].Square, got)
	}
	// a1's case said to be e5's, of the same orbit: its formula is a1's
	if got := editManifest(t, dir, func(m *model.CertificateManifest) { m.Cases.Cases[0].Square = "e5" }); got != "formula" {
		t.Errorf("a1's case named e5: refused by %q, want the formula check", got)
	}
	// one case's proof given for another
	if got := editManifest(t, dir, func(m *model.CertificateManifest) {
		m.Cases.Cases[1].Proof = m.Cases.Cases[0].Proof
		m.Files[m.Cases.Cases[1].Proof] = m.Files[m.Cases.Cases[0].Proof]
	}); got != "manifest" && got != "proof" {
		t.Errorf("a1's proof given for b1: refused by %q, want the manifest or proof check", got)
	}
	if got := editManifest(t, dir, func(m *model.CertificateManifest) { m.Cases.Cases[0].Formula = "../" + m.Cases.Cases[0].Formula }); got != "manifest" {
		t.Errorf("a case's file outside the directory: refused by %q, want the manifest check", got)
	}
	if got := editManifest(t, dir, func(m *model.CertificateManifest) { m.Cases.Piece = "rook" }); got != "cases" {
		t.Errorf("cases by a rook the model does not hold: refused by %q, want the cases check", got)
	}
}

// TestCasesRefused: cases by a piece the place list does not hold.
func TestCasesRefused(t *testing.T) {
	needCadical(t)
	m, err := model.Parse([]byte("board: 4\nplace: [4 queen]\nrules: [independent]\n"), "q.yaml")
	if err != nil {
		t.Fatal(err)
	}
	_, err = (&sat.Backend{Cases: "knight"}).Solve(t.Context(), m, model.Options{Task: model.TaskSolve})
	if err == nil {
		t.Fatal("cases by a knight of a model of queens: no error")
	}
	t.Log(err)
}
