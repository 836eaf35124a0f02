//go:build cgo

package ilp_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/ilp/internal/lpsolve"
	"github.com/chessmodel/chessmodel/model"
)

// TestNoEmptyBounds: on degenerate placements (boards of 1 to 4 squares,
// where the rows that pin a piece and the symmetry rows that keep it off a
// square meet), every column of the programs Solve and export build has
// its lower bound at most its upper, and Solve answers as the exact
// backend does. F6 (issue 22), "board: '..', place: [1 king], rules:
// [cover]", failed in lp_solve's set_bounds(column 1, 1, 0).
func TestNoEmptyBounds(t *testing.T) {
	boards := []string{`".."`, `".\n."`, `"."`, `"..\n.."`, `"..."`, `"#."`, `"..\n.-"`}
	places := []string{"[1 king]", "[2 king]", "[1 queen]", "[1 rook, 1 knight]", "[min knight]"}
	rules := []string{"[cover]", "[cover dominated]", "[independent]", "[cover, independent]"}
	for _, b := range boards {
		for _, pl := range places {
			for _, r := range rules {
				src := fmt.Sprintf("name: degenerate\nboard: %s\nplace: %s\nrules: %s\n", b, pl, r)
				t.Run(src, func(t *testing.T) { boundsHold(t, src) })
			}
		}
	}
}

func boundsHold(t *testing.T, src string) {
	m, err := model.Parse([]byte(src), "degenerate.yaml")
	if err != nil {
		t.Skipf("refused by the parser: %v", err) // more pieces than squares
	}
	compilers := map[string]func(*model.Model, int64) (*ilp.Program, error){"Compile": ilp.CompileWithin, "CompileToSolve": ilp.CompileToSolve}
	for name, compile := range compilers {
		p, err := compile(m, 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, v := range p.Variables {
			if v.Lower > v.Upper {
				t.Errorf("%s: column %s has bounds [%g, %g]", name, v.Name, v.Lower, v.Upper)
			}
		}
	}
	want, err := exact.New().Solve(context.Background(), m, model.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := ilp.New().Solve(context.Background(), m, model.Options{})
	if err != nil {
		t.Fatalf("ilp: %v (exact: %v)", err, want.Status)
	}
	if (got.Status == model.StatusInfeasible) != (want.Status == model.StatusInfeasible) || !sameValue(got.Value, want.Value) {
		t.Errorf("ilp %v %v, exact %v %v", got.Status, fmtValue(got.Value), want.Status, fmtValue(want.Value))
	}
}

func sameValue(a, b *int64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func fmtValue(v *int64) string {
	if v == nil {
		return "-"
	}
	return fmt.Sprint(*v)
}

// TestF6ExportInfeasible: the symmetry-breaking program of F6 (export
// --break-symmetry), written as LP and MPS and read back by lp_solve's
// own parsers, is a valid program that lp_solve finds infeasible. Its
// contradictory bound (k_b1 at least 1 to attack a1, at most 0 by symmetry)
// was written as "1 <= k_b1 <= 0", which lp_solve refused to read.
func TestF6ExportInfeasible(t *testing.T) {
	m, err := model.Parse([]byte("name: F6\nboard: \"..\"\nplace: [1 king]\nrules: [cover]\n"), "f6.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := ilp.CompileToSolve(m, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []ilp.Format{ilp.FormatLP, ilp.FormatMPS, ilp.FormatCPLEX} {
		var text bytes.Buffer
		if err := p.Write(&text, f); err != nil {
			t.Fatalf("%v: %v", f, err)
		}
		var lp *lpsolve.LP
		switch f {
		case ilp.FormatLP:
			lp, err = lpsolve.ReadLP(&text, "f6")
		case ilp.FormatMPS:
			lp, err = lpsolve.ReadMPS(&text)
		default:
			continue // lp_solve does not read CPLEX LP; TestExternalSolvers' tools do
		}
		if err != nil {
			t.Fatalf("%v: lp_solve cannot read it: %v\n%s", f, err, text.String())
		}
		status, err := lp.Solve()
		lp.Close()
		if err != nil || status != lpsolve.Infeasible {
			t.Errorf("%v: lp_solve says %v %v, want infeasible", f, status, err)
		}
	}
}
