package sat_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sat"
)

// certify solves the model file with a certificate and checks it.
func certify(t *testing.T, file string, overrides ...string) string {
	t.Helper()
	return certifyBy(t, file, "", overrides...)
}

// certifyBy is certify with the proofs split into cases by the piece
// named (none: one proof).
func certifyBy(t *testing.T, file, cases string, overrides ...string) string {
	t.Helper()
	needCadical(t)
	path := filepath.Join("..", "testdata", "models", file)
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Parse(text, path, overrides...)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "cert")
	b := &sat.Backend{Certificate: &sat.CertificateRequest{Dir: dir, ModelText: text, Overrides: overrides}, Cases: cases}
	res, err := model.Run(context.Background(), b, m, model.Options{Task: model.TaskSolve})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != model.StatusOptimal && res.Status != model.StatusInfeasible {
		t.Fatalf("%s: %s, want a proved answer", file, res.Status)
	}
	if _, err := model.CheckCertificate(dir); err != nil {
		t.Fatalf("%s: the certificate as written: %v", file, err)
	}
	return dir
}

// copyDir copies a certificate to a fresh directory.
func copyDir(t *testing.T, dir string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "copy")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// mutate changes a file of a copy of the certificate and, with rehash,
// writes its new hash into the manifest, so that the checks past the
// hashes see the change. It returns the check that refused it, or "".
func mutate(t *testing.T, dir, file string, rehash bool, change func([]byte) []byte) string {
	t.Helper()
	dir = copyDir(t, dir)
	path := filepath.Join(dir, file)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b = change(b)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if rehash {
		var man model.CertificateManifest
		mp := filepath.Join(dir, sat.ManifestFile)
		data, _ := os.ReadFile(mp)
		if err := json.Unmarshal(data, &man); err != nil {
			t.Fatal(err)
		}
		if file != sat.ManifestFile {
			sum := sha256.Sum256(b)
			man.Files[file] = hex.EncodeToString(sum[:])
		}
		data, _ = json.Marshal(man)
		os.WriteFile(mp, data, 0o644)
	}
	_, err = model.CheckCertificate(dir)
	var ce *model.CertificateError
	if err == nil {
		return ""
	}
	if !errors.As(err, &ce) {
		t.Fatalf("not a refusal: %v", err)
	}
	t.Logf("%s: %v", file, err)
	return ce.Check
}

// clauseLines are the indices of a CNF's clause lines.
func clauseLines(lines []string) []int {
	var out []int
	for i, l := range lines {
		if l != "" && l[0] != 'c' && l[0] != 'p' && l != "0" {
			out = append(out, i)
		}
	}
	return out
}

// lemmaStarts are the offsets of each addition's first literal in a
// binary DRAT proof.
func lemmaStarts(proof []byte) []int {
	var out []int
	for i := 0; i < len(proof); {
		add := proof[i] == 'a'
		i++
		if add && proof[i] != 0 {
			out = append(out, i)
		}
		for proof[i] != 0 { // each literal ends at a byte without the high bit
			for proof[i]&0x80 != 0 {
				i++
			}
			i++
		}
		i++
	}
	return out
}

func TestCertificateMutations(t *testing.T) {
	for _, c := range []struct {
		file      string
		overrides []string
		wall      [2]string // a wall of the model and where it is moved to
	}{
		{"n-queens.yaml", []string{"board=4", "place=[5 queen]"}, [2]string{}}, // 4x4, 5 queens: infeasible
		{"queens-domination.yaml", []string{"board=6"}, [2]string{}},
		{"blocked-3w-value11.yaml", nil, [2]string{"e7", "e6"}},
	} {
		dir := certify(t, c.file, c.overrides...)
		name := c.file + " " + strings.Join(c.overrides, " ")
		if got := mutate(t, dir, sat.ProofFile, false, func(b []byte) []byte { return b[:len(b)/2] }); got != "file" {
			t.Errorf("%s: a proof cut short, its hash stale: refused by %q, want the file check", name, got)
		}
		if got := mutate(t, dir, sat.ProofFile, true, func(b []byte) []byte { return nil }); got != "proof" {
			t.Errorf("%s: an empty proof: refused by %q, want the proof check", name, got)
		}
		cnf, _ := os.ReadFile(filepath.Join(dir, sat.FormulaFile))
		lines := strings.Split(string(cnf), "\n")
		clauses := clauseLines(lines)
		for _, k := range []int{0, len(clauses) / 2, len(clauses) - 1} {
			i := clauses[k]
			got := mutate(t, dir, sat.FormulaFile, true, func(b []byte) []byte {
				l := append(append([]string(nil), lines[:i]...), lines[i+1:]...)
				for j, line := range l { // the header agrees: the clauses themselves are compared
					if f := strings.Fields(line); len(f) == 4 && f[0] == "p" {
						l[j] = fmt.Sprintf("p cnf %s %d", f[2], len(clauses)-1)
					}
				}
				return []byte(strings.Join(l, "\n"))
			})
			if got != "formula" {
				t.Errorf("%s: clause %d dropped: refused by %q, want the formula check", name, k+1, got)
			}
			got = mutate(t, dir, sat.FormulaFile, true, func(b []byte) []byte {
				l := append([]string(nil), lines...)
				f := strings.Fields(l[i])
				f[0] = strings.TrimPrefix("-"+f[0], "--")
				l[i] = strings.Join(f, " ")
				return []byte(strings.Join(l, "\n"))
			})
			if got != "formula" {
				t.Errorf("%s: a literal of clause %d flipped: refused by %q, want the formula check", name, k+1, got)
			}
		}
		if c.wall[0] != "" {
			got := mutate(t, dir, sat.ModelFile, true, func(b []byte) []byte {
				return bytes.Replace(b, []byte(c.wall[0]), []byte(c.wall[1]), 1)
			})
			if got != "formula" && got != "solution" {
				t.Errorf("%s: wall %s moved to %s: refused by %q, want the formula or solution check", name, c.wall[0], c.wall[1], got)
			}
		}
		proof, _ := os.ReadFile(filepath.Join(dir, sat.ProofFile))
		refused, starts := 0, lemmaStarts(proof)
		for _, at := range starts {
			if got := mutate(t, dir, sat.ProofFile, true, func(b []byte) []byte { b[at] ^= 1; return b }); got == "proof" {
				refused++
			} else if got != "" {
				t.Errorf("%s: a proof literal flipped: refused by %q, want the proof check", name, got)
			}
			if refused >= 5 {
				break
			}
		}
		if refused == 0 {
			t.Errorf("%s: no proof with a literal flipped refused (of %d)", name, len(starts))
		}
	}
}
