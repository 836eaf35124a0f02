package ilp_test

import (
	"errors"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

const models = "../testdata/models/"

func loadModel(t testing.TB, name string, overrides ...string) *model.Model {
	t.Helper()
	m, err := model.Load(models+name+".yaml", overrides...)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func parseModel(t testing.TB, text string) *model.Model {
	t.Helper()
	m, err := model.Parse([]byte(text), t.Name())
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func compileModel(t testing.TB, m *model.Model) *ilp.Program {
	t.Helper()
	p, err := ilp.Compile(m)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// rowText renders a row as "a - b + c <= 1", terms sorted by variable
// name, so that comparisons do not depend on the order of columns.
func rowText(p *ilp.Program, r *ilp.Row) string {
	terms := append([]ilp.Term(nil), r.Terms...)
	sort.Slice(terms, func(i, j int) bool { return p.Variables[terms[i].Var].Name < p.Variables[terms[j].Var].Name })
	var b strings.Builder
	for i, t := range terms {
		coef := t.Coef
		switch {
		case i == 0 && coef < 0:
			b.WriteString("-")
		case i > 0 && coef < 0:
			b.WriteString(" - ")
		case i > 0:
			b.WriteString(" + ")
		}
		if coef < 0 {
			coef = -coef
		}
		if coef != 1 {
			b.WriteString(strconv.FormatFloat(coef, 'g', -1, 64) + " ")
		}
		b.WriteString(p.Variables[t.Var].Name)
	}
	return b.String() + " " + r.Sense.String() + " " + strconv.FormatFloat(r.RHS, 'g', -1, 64)
}

func TestCompileRows(t *testing.T) {
	tests := []struct {
		name  string
		model *model.Model
		rows  map[string]string // row name -> rowText; "" means the row must not exist
		vars  int
	}{
		{
			name:  "segments split by walls",
			model: loadModel(t, "blocked-3w-value11"),
			vars:  61,
			rows: map[string]string{
				"seg_e_a4":  "q_a4 + q_b4 + q_c4 <= 1",
				"seg_e_e4":  "q_e4 + q_f4 + q_g4 + q_h4 <= 1",
				"seg_n_d1":  "q_d1 + q_d2 + q_d3 <= 1",
				"seg_n_d5":  "q_d5 + q_d6 + q_d7 + q_d8 <= 1",
				"seg_ne_a1": "q_a1 + q_b2 + q_c3 <= 1",
				"seg_nw_h1": "q_a8 + q_b7 + q_c6 + q_d5 + q_e4 + q_f3 + q_g2 + q_h1 <= 1",
				"seg_nw_a1": "", // a segment of one square needs no row
				"seg_n_e1":  "q_e1 + q_e2 + q_e3 + q_e4 + q_e5 + q_e6 <= 1",
			},
		},
		{
			name:  "kings: one row per 2x2 block",
			model: parseModel(t, "board: 3\nplace: [max king]\nrules: [independent]\n"),
			vars:  9,
			rows: map[string]string{
				"clique_k_a1": "k_a1 + k_a2 + k_b1 + k_b2 <= 1",
				"clique_k_b1": "k_b1 + k_b2 + k_c1 + k_c2 <= 1",
				"clique_k_a2": "k_a2 + k_a3 + k_b2 + k_b3 <= 1",
				"clique_k_b2": "k_b2 + k_b3 + k_c2 + k_c3 <= 1",
			},
		},
		{
			name:  "free walls: window rows and squares",
			model: parseModel(t, "board: {size: 3, walls: free}\nplace: [4 rook]\nrules: [independent]\nobjective: minimize walls\n"),
			vars:  18,
			rows: map[string]string{
				"win_e_a1_b1": "r_a1 + r_b1 <= 1",
				"win_e_a1_c1": "r_a1 + r_b1 + r_c1 - w_b1 <= 1",
				"square_b2":   "r_b2 + w_b2 <= 1",
				"count_rook":  "r_a1 + r_a2 + r_a3 + r_b1 + r_b2 + r_b3 + r_c1 + r_c2 + r_c3 = 4",
			},
		},
		{
			name:  "colours: a share per colour",
			model: parseModel(t, "board: 2\nplace: [1 bishop on light, 0..1 bishop]\n"),
			vars:  5,
			rows: map[string]string{
				"count_bishop_light_within": "-b_a2 - b_b1 + count_bishop_light <= 0",
				"count_bishop_either_max":   "b_a1 + b_a2 + b_b1 + b_b2 - count_bishop_light <= 1",
			},
		},
		{
			name:  "domination by queens needs no visibility variables",
			model: parseModel(t, "board: 3\nplace: [min queen]\nrules: [cover dominated]\n"),
			vars:  9,
			rows: map[string]string{
				"cover_a1": "q_a1 + q_a2 + q_a3 + q_b1 + q_b2 + q_c1 + q_c3 >= 1",
			},
		},
		{
			name:  "strong attack through blockers: visibility chain",
			model: parseModel(t, "board: 1x3\nplace: [1 rook, 1 knight]\nobjective: maximize attacked\n"),
			vars:  6 + 3 + 4,
			rows: map[string]string{
				"see_e_b1_up":    "-r_a1 + see_e_b1 <= 0",
				"see_e_c1_up":    "-r_b1 - see_e_b1 + see_e_c1 <= 0",
				"see_e_c1_block": "n_b1 + see_e_c1 <= 1",
				"att_c1_up":      "att_c1 - see_e_c1 <= 0",
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := compileModel(t, tc.model)
			if tc.vars != 0 && len(p.Variables) != tc.vars {
				var names []string
				for _, v := range p.Variables {
					names = append(names, v.Name)
				}
				t.Errorf("%d variables, want %d: %v", len(p.Variables), tc.vars, names)
			}
			for name, want := range tc.rows {
				r, ok := p.Row(name)
				if want == "" {
					if ok {
						t.Errorf("row %s exists: %s", name, rowText(p, r))
					}
					continue
				}
				if !ok {
					t.Errorf("no row %s", name)
					continue
				}
				if got := rowText(p, r); got != want {
					t.Errorf("row %s: %s, want %s", name, got, want)
				}
			}
		})
	}
}

func TestCompileIsDeterministic(t *testing.T) {
	for _, name := range []string{"blocked-3w-value11", "least-walls-10", "eight-pieces", "eight-pieces-stack", "kings-shaped", "amazons"} {
		var first string
		for i := 0; i < 3; i++ {
			p := compileModel(t, loadModel(t, name))
			var b strings.Builder
			if err := p.WriteLP(&b); err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = b.String()
			} else if b.String() != first {
				t.Fatalf("%s: compiling twice gives different programs", name)
			}
		}
	}
}

func TestCompileUnsupported(t *testing.T) {
	for _, name := range []string{"sliding-rooks"} { // tours: tour_test.go
		if _, err := ilp.Compile(loadModel(t, name)); !errors.Is(err, model.ErrUnsupported) {
			t.Errorf("%s: error %v, want one wrapping model.ErrUnsupported", name, err)
		}
	}
	if _, err := ilp.Compile(loadModel(t, "n-queens", "board=200")); !errors.Is(err, ilp.ErrTooLarge) {
		t.Errorf("200x200 board: error %v, want ilp.ErrTooLarge", err)
	}
}

// Names must be read unchanged by lp_solve, CPLEX LP readers and MPS: keep
// to [A-Za-z0-9_], start with a letter other than e (an exponent in CPLEX LP).
func TestCompileNames(t *testing.T) {
	valid := regexp.MustCompile(`^[A-DF-Za-df-z][A-Za-z0-9_]*$`)
	files, err := filepath.Glob(models + "*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	extra := parseModel(t, "pieces:\n  walrus: {leap: [1, 4], symbol: W}\n  elk: {ride: [0, 2], symbol: E}\nboard: {size: 5, walls: free}\nplace: [1 walrus, 1 elk]\nobjective: maximize attacked\n")
	ms := []*model.Model{extra}
	for _, f := range files {
		m, err := model.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		if m.Kind == model.KindPlace {
			ms = append(ms, m)
		}
	}
	for _, m := range ms {
		p := compileModel(t, m)
		for _, v := range p.Variables {
			if !valid.MatchString(v.Name) {
				t.Errorf("%s: variable name %q", m.Name, v.Name)
			}
		}
		for _, r := range p.Rows {
			if !valid.MatchString(r.Name) {
				t.Errorf("%s: row name %q", m.Name, r.Name)
			}
		}
	}
}

func TestCompileFixedPieces(t *testing.T) {
	m := parseModel(t, "board: 4\nfixed: [queen a1]\nplace: [max queen]\nrules: [independent]\n")
	p := compileModel(t, m)
	for _, v := range p.Variables {
		attacked := v.Square.File == 0 || v.Square.Rank == 0 || v.Square.File == v.Square.Rank
		if v.Role == ilp.RolePiece && attacked != (v.Upper == 0) {
			t.Errorf("%s: upper bound %g; attacked by the fixed queen: %v", v.Name, v.Upper, attacked)
		}
	}
	if _, ok := p.Var("q_a1"); ok {
		t.Error("a variable for the square of the fixed queen")
	}

	// Two fixed queens that attack each other: a row no solution satisfies.
	m = parseModel(t, "board: 4\nfixed: [queen a1, queen d1]\nplace: [max queen]\nrules: [independent]\n")
	p = compileModel(t, m)
	if r, ok := p.Row("seg_e_a1"); !ok || rowText(p, r) != "q_b1 + q_c1 <= -1" {
		t.Errorf("fixed queens a1 and d1: row seg_e_a1 %v, want q_b1 + q_c1 <= -1", r)
	}
	// With nothing else on the line the row has only the constant column.
	m = parseModel(t, "board: 1x2\nfixed: [rook a1, rook b1]\nplace: [0..1 knight]\nrules: [independent]\n")
	p = compileModel(t, m)
	if r, ok := p.Row("seg_e_a1"); !ok || rowText(p, r) != "const_one <= 0" {
		t.Errorf("fixed rooks a1 and b1: row seg_e_a1 %v, want const_one <= 0", r)
	}
}

func TestCompileStackedCopies(t *testing.T) {
	p := compileModel(t, loadModel(t, "eight-pieces-stack"))
	for _, name := range []string{"r_a1", "r_a1_2", "n_h8_2", "b_a1"} {
		if _, ok := p.Var(name); !ok {
			t.Errorf("no variable %s", name)
		}
	}
	for _, name := range []string{"q_a1_2", "k_a1_2", "b_a1_2"} {
		if _, ok := p.Var(name); ok {
			t.Errorf("variable %s for a second copy the place list does not allow", name)
		}
	}
	if r, ok := p.Row("copy_r_a1_2"); !ok || rowText(p, r) != "-r_a1 + r_a1_2 <= 0" {
		t.Errorf("row copy_r_a1_2: %v", r)
	}
}
