package model_test

import (
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

func TestParseAttackCounts(t *testing.T) {
	m := mustParse(t, "board: 5\nplace: [max queen, 1 knight]\nrules: [every piece attacks 1, every knight attacked 1.., every square attacked ..2, every queen attacks 0..3]\n")
	want := []string{"every piece attacks 1", "every knight attacked 1..", "every square attacked ..2", "every queen attacks ..3"}
	if len(m.Rules.Counts) != len(want) {
		t.Fatalf("%d rules, want %d", len(m.Rules.Counts), len(want))
	}
	for i, r := range m.Rules.Counts {
		if r.String() != want[i] {
			t.Errorf("rule %d reads back as %q, want %q", i, r.String(), want[i])
		}
	}
}

func TestParseWeights(t *testing.T) {
	m := mustParse(t, "board:\n  size: 2x3\n  weights: |\n    1 0 -2\n    0 5 0\nplace: [1 rook]\nobjective: maximize weight\n")
	for sq, w := range map[string]int64{"a2": 1, "c2": -2, "b1": 5, "a1": 0} {
		s, _ := model.ParseSquare(sq)
		if got := m.Weight(s); got != w {
			t.Errorf("weight of %s = %d, want %d", sq, got, w)
		}
	}
	m = mustParse(t, "board: {size: 3, weights: {b2: 4}}\nplace: [1 rook]\nobjective: minimize attacked-weight\n")
	if len(m.Weights) != 1 || m.Objective.Measure != model.MeasureAttackedWeight {
		t.Errorf("weights %v, objective %v", m.Weights, m.Objective)
	}
}

func TestParseCountsErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"board: 4\nplace: [max queen]\nrules: [every queen attacks]\n", "3:9: expected every piece attacks N"},
		{"board: 4\nplace: [max queen]\nrules: [every quen attacks 1]\n", "3:15: unknown piece \"quen\""},
		{"board: 4\nplace: [max queen]\nrules: [every square attacks 1]\n", "a square attacks nothing"},
		{"board: 4\nplace: [max queen]\nrules: [every piece attacks max]\n", "an attack count takes a number"},
		{"board: 4\nplace: [max queen]\nrules: [every piece attacks 2..1]\n", "bad count"},
		{"board: {size: 2, weights: \"1 2\\n3\"}\nplace: [1 queen]\n", "weights row 2 has 1 numbers"},
		{"board: {size: 2, weights: \"1 2\"}\nplace: [1 queen]\n", "weights has 1 rows"},
		{"board: {size: 2, weights: {a1: x}}\nplace: [1 queen]\n", "expected a whole number from -1000000"},
		{"board: {size: 2, weights: {a1: 2000000}}\nplace: [1 queen]\n", "expected a whole number from -1000000"},
		{"board: {size: 2, weights: {e9: 1}}\nplace: [1 queen]\n", "not on the 2x2 board"},
		{"board: 2\nplace: [1 queen]\nobjective: maximize weight\n", "needs square weights"},
	} {
		_, err := model.Parse([]byte(tc.src), "m.yaml")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want an error with %q", tc.src, err, tc.want)
		}
	}
}

// TestCheckAttackCounts: the checker counts attacks by hand-made
// placements, strong and weak, fixed pieces and stacks included.
func TestCheckAttackCounts(t *testing.T) {
	place := func(ps ...string) *model.Solution {
		s := &model.Solution{}
		for _, p := range ps {
			sq, _ := model.ParseSquare(p[1:])
			s.Pieces = append(s.Pieces, model.Placed{Piece: map[byte]string{'Q': "queen", 'R': "rook", 'N': "knight"}[p[0]], Square: sq})
		}
		return s
	}
	for _, tc := range []struct {
		name, src string
		sol       *model.Solution
		valid     bool
	}{
		{"strong: a rook attacks the first queen only", "board: 1x4\nplace: [0..3 rook]\nrules: [every piece attacks ..1]\n", place("Ra1", "Rb1", "Rc1"), false},
		{"strong: ends attack one", "board: 1x4\nplace: [0..3 rook]\nrules: [every piece attacks 1..2]\n", place("Ra1", "Rb1", "Rd1"), true},
		{"weak: a rook sees through", "board: 1x4\nplace: [0..3 rook]\nrules: [attack weak, every piece attacks 2]\n", place("Ra1", "Rb1", "Rd1"), true},
		{"fixed pieces obey", "board: 1x4\nfixed: [rook d1]\nplace: [1 rook]\nrules: [every piece attacked 1]\n", place("Ra1"), true},
		{"fixed pieces obey too", "board: 1x4\nfixed: [rook d1]\nplace: [1 rook]\nrules: [every rook attacks 0]\n", place("Ra1"), false},
		{"stacked pieces are two", "board: 1x3\nstack: true\nplace: [0..3 rook]\nrules: [every piece attacks ..1]\n", place("Ra1", "Rc1", "Rc1"), false},
		{"squares", "board: 3\nplace: [1 queen]\nrules: [every square attacked 1]\n", place("Qb2"), false},
		{"squares met", "board: 3\nplace: [1 knight]\nrules: [every square attacked ..1]\n", place("Nb2"), true},
	} {
		m := mustParse(t, tc.src)
		if r := model.Check(m, tc.sol); r.Valid != tc.valid {
			t.Errorf("%s: valid %v, want %v: %v", tc.name, r.Valid, tc.valid, r.Problems)
		}
	}
}

func TestCheckWeights(t *testing.T) {
	m := mustParse(t, "board: {size: 1x3, weights: \"2 -5 7\"}\nplace: [1 rook]\nobjective: maximize attacked-weight\n")
	sq, _ := model.ParseSquare("a1")
	r := model.Check(m, &model.Solution{Pieces: []model.Placed{{Piece: "rook", Square: sq}}})
	if !r.Valid || r.Value != 2 || r.Measures["weight"] != 2 {
		t.Errorf("rook a1: value %d, weight %d, want 2 and 2 (b1 -5 and c1 7 attacked): %v", r.Value, r.Measures["weight"], r.Problems)
	}
}
