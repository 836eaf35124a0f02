package model

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// pigeonhole is the formula "p pigeons sit in h holes, one a hole":
// variable (i*h + j + 1) says pigeon i sits in hole j.
func pigeonhole(p, h int) (int, [][]int) {
	v := func(i, j int) int { return i*h + j + 1 }
	var cls [][]int
	for i := 0; i < p; i++ {
		var c []int
		for j := 0; j < h; j++ {
			c = append(c, v(i, j))
		}
		cls = append(cls, c)
	}
	for j := 0; j < h; j++ {
		for a := 0; a < p; a++ {
			for b := a + 1; b < p; b++ {
				cls = append(cls, []int{-v(a, j), -v(b, j)})
			}
		}
	}
	return p * h, cls
}

func writeCNF(t *testing.T, path string, vars int, cls [][]int) {
	var b strings.Builder
	fmt.Fprintf(&b, "p cnf %d %d\n", vars, len(cls))
	for _, c := range cls {
		for _, l := range c {
			fmt.Fprintf(&b, "%d ", l)
		}
		b.WriteString("0\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// cadicalProof runs cadical on the formula and returns its DRAT proof.
func cadicalProof(t *testing.T, vars int, cls [][]int, binary bool) []byte {
	t.Helper()
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skip("cadical is not installed")
	}
	dir := t.TempDir()
	cnf, proof := filepath.Join(dir, "f.cnf"), filepath.Join(dir, "f.drat")
	writeCNF(t, cnf, vars, cls)
	out, err := exec.Command("cadical", "-q", fmt.Sprintf("--binary=%v", binary), cnf, proof).CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 20 {
		t.Fatalf("cadical: %v: %s", err, out)
	}
	data, err := os.ReadFile(proof)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestDRATKnownUnsatisfiable(t *testing.T) {
	php43v, php43 := pigeonhole(4, 3)
	php54v, php54 := pigeonhole(5, 4)
	php65v, php65 := pigeonhole(6, 5)
	for _, c := range []struct {
		name string
		vars int
		cls  [][]int
	}{{"pigeonhole 4 into 3", php43v, php43}, {"pigeonhole 5 into 4", php54v, php54},
		{"pigeonhole 6 into 5", php65v, php65}} {
		for _, binary := range []bool{false, true} {
			proof := cadicalProof(t, c.vars, c.cls, binary)
			res, err := CheckDRAT(c.vars, c.cls, proof, binary)
			if err != nil {
				t.Errorf("%s (binary %v): %v", c.name, binary, err)
			}
			t.Logf("%s binary %v: %+v", c.name, binary, res)
		}
	}
}

// newChecker is a checker holding the formula, for tests of one check.
func newChecker(vars int, cls [][]int) *dratChecker {
	c := &dratChecker{watch: make([][]int32, 2*vars+2), value: make([]int8, 2*vars+2),
		reason: make([]int32, vars+1), pos: make([]int32, vars+1), seen: make([]bool, vars+1),
		find: map[uint64][]int32{}, conflct: -1}
	for _, cl := range cls {
		code := make([]int32, len(cl))
		for i, l := range cl {
			code[i] = litCode(l)
		}
		c.add(code)
	}
	return c
}

func TestDRATRAT(t *testing.T) {
	c := newChecker(3, [][]int{{-1, 2}})
	lemma := func(ls ...int) int32 {
		code := make([]int32, len(ls))
		for i, l := range ls {
			code[i] = litCode(l)
		}
		c.lits = append(c.lits, code)
		c.pivot = append(c.pivot, code[0])
		c.active = append(c.active, false)
		c.core = append(c.core, false)
		return int32(len(c.lits) - 1)
	}
	blocked, other := lemma(1, -2), lemma(1, 3)
	if c.rup(c.lits[blocked]) || !c.rat(blocked) {
		t.Errorf("(1 -2) over (-1 2): want RAT and not RUP")
	}
	if c.rup(c.lits[other]) || c.rat(other) {
		t.Errorf("(1 3) over (-1 2): want neither RUP nor RAT")
	}
}

// TestDRATMutations: a proof refuted with a clause of the formula
// dropped, a lemma dropped or a literal flipped is refused.
func TestDRATMutations(t *testing.T) {
	vars, cls := pigeonhole(5, 4)
	proof := cadicalProof(t, vars, cls, false)
	if _, err := CheckDRAT(vars, cls, proof, false); err != nil {
		t.Fatal(err)
	}
	// The formula without "pigeon 0 sits somewhere": 4 pigeons fit.
	if _, err := CheckDRAT(vars, cls[1:], proof, false); err == nil {
		t.Errorf("a proof of the pigeonhole formula checks on the formula without a clause")
	}
	lines := strings.Split(strings.TrimSpace(string(proof)), "\n")
	var lemmas []int
	for i, l := range lines {
		if !strings.HasPrefix(l, "d ") && l != "0" {
			lemmas = append(lemmas, i)
		}
	}
	mutate := func(what string, change func([]string) []string) {
		t.Helper()
		refused := 0
		for _, i := range lemmas {
			mutated := change(append([]string(nil), lines[:i]...))
			mutated = append(mutated, lines[i+1:]...)
			_, err := CheckDRAT(vars, cls, []byte(strings.Join(mutated, "\n")), false)
			var de *DRATError
			if errors.As(err, &de) {
				refused++
			}
		}
		t.Logf("%s: %d of %d mutated proofs refused", what, refused, len(lemmas))
		if refused == 0 {
			t.Errorf("%s: no mutated proof refused", what)
		}
	}
	mutate("a lemma dropped", func(head []string) []string { return head })
	flipped := 0
	for _, i := range lemmas {
		fields := strings.Fields(lines[i])
		if fields[0] == "0" {
			continue
		}
		fields[0] = strings.TrimPrefix("-"+fields[0], "--")
		mutated := append(append(append([]string(nil), lines[:i]...), strings.Join(fields, " ")), lines[i+1:]...)
		if _, err := CheckDRAT(vars, cls, []byte(strings.Join(mutated, "\n")), false); err != nil {
			flipped++
		}
	}
	t.Logf("a literal flipped: %d of %d mutated proofs refused", flipped, len(lemmas))
	if flipped == 0 {
		t.Errorf("a literal flipped: no mutated proof refused")
	}
}
