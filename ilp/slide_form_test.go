//go:build cgo

package ilp

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

// TestSlideFormulations measures what each row of slide_cuts.go buys: the
// time lp_solve takes at each horizon of the 4x4 rooks (12 moves) with all
// of them and with each one left out. It only runs with
// CHESSMODEL_SLIDE_FORMS=1 (minutes); CHESSMODEL_SLIDE_FORM=i runs the
// i-th formulation only, CHESSMODEL_SLIDE_HORIZONS=a..b picks
// the horizons (default 8..12), CHESSMODEL_SLIDE_TIMEOUT the limit per
// horizon in seconds (default 120). Each horizon stops at its first
// solution, as the horizon loop does; the log has wall and CPU seconds
// (CPU where the platform reports it) and the load average.
func TestSlideFormulations(t *testing.T) {
	if os.Getenv("CHESSMODEL_SLIDE_FORMS") == "" {
		t.Skip("set CHESSMODEL_SLIDE_FORMS=1 to measure the slide formulations")
	}
	m, err := model.Load("../testdata/models/sliding-rooks.yaml", "board=4", "slide.from=[a1, a4, d1, d4]", "slide.to=[b2, b3, c2, c3]")
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := 8, 12
	if h := os.Getenv("CHESSMODEL_SLIDE_HORIZONS"); h != "" {
		if _, err := fmt.Sscanf(h, "%d..%d", &lo, &hi); err != nil {
			t.Fatal(err)
		}
	}
	limit := 120 * time.Second
	if s, err := strconv.Atoi(os.Getenv("CHESSMODEL_SLIDE_TIMEOUT")); err == nil {
		limit = time.Duration(s) * time.Second
	}
	all := slideForm{idleLast: true, order: true, firstMove: true, distance: true}
	with := func(g slideForm, f func(*slideForm)) slideForm { f(&g); return g }
	without := func(f func(*slideForm)) slideForm { return with(all, f) }
	forms := []struct {
		name string
		form slideForm
	}{
		{"default", defaultSlideForm},
		{"none", slideForm{}},
		{"all", all},
		{"all, primal simplex", without(func(f *slideForm) { f.primalSimplex = true })},
		{"without idle last", without(func(f *slideForm) { f.idleLast = false })},
		{"without order", without(func(f *slideForm) { f.order = false })},
		{"without first move", without(func(f *slideForm) { f.firstMove = false })},
		{"without distance", without(func(f *slideForm) { f.distance = false })},
		{"only idle last", slideForm{idleLast: true}},
		{"only order", slideForm{order: true}},
		{"only distance", slideForm{distance: true}},
		{"first move, primal simplex", slideForm{firstMove: true, primalSimplex: true}},
		{"lp_solve's", lpSolveSlideForm},
		{"lp_solve's, no detour", with(lpSolveSlideForm, func(f *slideForm) { f.noDetour = true })},
		{"lp_solve's, idle first", with(lpSolveSlideForm, func(f *slideForm) { f.idleFirst = true })},
		{"lp_solve's, idle last", with(lpSolveSlideForm, func(f *slideForm) { f.idleLast = true })},
		{"lp_solve's, order", with(lpSolveSlideForm, func(f *slideForm) { f.order = true })},
		{"lp_solve's, moves cost 1", with(lpSolveSlideForm, func(f *slideForm) { f.lateMoves = false })},
		{"lp_solve's, moves columns first", with(lpSolveSlideForm, func(f *slideForm) { f.occupancyFirst = false })},
	}
	if f := os.Getenv("CHESSMODEL_SLIDE_FORM"); f != "" { // one of them, by index
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n >= len(forms) {
			t.Fatalf("CHESSMODEL_SLIDE_FORM=%s: want 0..%d", f, len(forms)-1)
		}
		forms = forms[n : n+1]
	}
	for _, f := range forms {
		for h := lo; h <= hi; h++ {
			p, err := compileSlide(m, h, f.form)
			if err != nil {
				t.Fatal(err)
			}
			sess, err := load(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := sess.stopAtFirst(); err != nil { // as the horizon loop does
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			began, cpu := time.Now(), cpuSeconds()
			out, err := sess.solve(ctx)
			cancel()
			var st model.Stats
			sess.stats(&st)
			sess.close()
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%-20s horizon %2d: %-10v stopped %-5v %6.1f s (CPU %6.1f s)  %d rows  nodes %v  load %s", f.name, h, out.status, out.stopped,
				time.Since(began).Seconds(), cpuSeconds()-cpu, len(p.Rows), st.Nodes, loadAverage())
			if out.stopped {
				break
			}
		}
	}
}
