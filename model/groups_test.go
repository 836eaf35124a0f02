package model_test

import (
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

const peaceable = "board: 4\nplace: [2 queen as white, 2 queen as black]\nrules: [independent between groups]\n"

// TestGroupParse reads the group forms of the place list and the rules.
func TestGroupParse(t *testing.T) {
	m, err := model.Parse([]byte("board: 5\nplace: [2 queen as court, max knight on dark as cavalry]\nrules: [independent court, independent between groups, equal groups]\n"), "m.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(m.Army.Groups, ","); got != "court,cavalry" || !m.Army.EqualGroups {
		t.Fatalf("groups %q, equal %v", got, m.Army.EqualGroups)
	}
	// court attacks nothing; between groups both ways; cavalry may attack cavalry
	want := [2][2]bool{{true, true}, {true, false}}
	for g := range 2 {
		for h := range 2 {
			if m.Forbids(g, h) != want[g][h] {
				t.Errorf("Forbids(%d, %d) = %v", g, h, m.Forbids(g, h))
			}
		}
	}
	if e := m.Place[1]; e.Group != "cavalry" || e.Colour != model.Dark || e.String() != "max knight on dark as cavalry" {
		t.Errorf("entry %+v written %q", e, e.String())
	}
}

// TestGroupParseErrors: each mistake is placed and named.
func TestGroupParseErrors(t *testing.T) {
	for _, tc := range []struct{ name, yaml, want string }{
		{"group rule without groups", "board: 4\nplace: [2 queen]\nrules: [independent between groups]\n", "m.yaml:3:9: rule \"independent between groups\" speaks of groups"},
		{"some entries without a group", "board: 4\nplace: [2 queen as white, 2 queen]\n", "m.yaml:2:8: some place entries name a group"},
		{"bad group name", "board: 4\nplace: [2 queen as between]\n", "m.yaml:2:20: bad group name \"between\""},
		{"unknown group in a rule", "board: 4\nplace: [2 queen as white, 2 queen as black]\nrules: [independent red]\n", "m.yaml:3:9: unknown rule \"independent red\""},
		{"fixed pieces", "board: 4\nfixed: [queen a1]\nplace: [2 queen as white, 2 queen as black]\n", "m.yaml:3:8: fixed pieces in a model with groups"},
		{"stack", "board: 4\nplace: [2 queen as white, 2 queen as black]\nstack: true\n", "m.yaml:2:8: stack in a model with groups"},
		{"too many groups", "board: 4\nplace: [1 king as a, 1 king as b, 1 king as c, 1 king as d, 1 king as e, 1 king as f, 1 king as g, 1 king as h, 1 king as i]\n", "m.yaml:2:8: 9 groups; a model has at most 8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := model.Parse([]byte(tc.yaml), "m.yaml")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}

// TestGroupSymmetries: swapping alike groups is a symmetry, swapping
// unlike ones is not.
func TestGroupSymmetries(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		want       int
	}{
		{"alike on 4x4", peaceable, 16},
		{"different counts", "board: 4\nplace: [2 queen as white, 1 queen as black]\nrules: [independent between groups]\n", 8},
		{"one-sided rule", "board: 4\nplace: [2 queen as white, 2 queen as black]\nrules: [independent white]\n", 8},
		{"three alike", "board: 4\nplace: [1 queen as a, 1 queen as b, 1 queen as c]\nrules: [independent between groups]\n", 48},
		{"colours swap with groups", "board: 4\nplace: [1 bishop on dark as a, 1 bishop on light as b]\nrules: [independent between groups]\n", 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := model.Parse([]byte(tc.yaml), "m.yaml")
			if err != nil {
				t.Fatal(err)
			}
			if got := len(m.FullSymmetries()); got != tc.want {
				t.Errorf("%d symmetries, want %d", got, tc.want)
			}
		})
	}
}

// TestGroupCheck: the checker judges attacks by the groups of the pieces
// and keeps counts per group.
func TestGroupCheck(t *testing.T) {
	m, err := model.Parse([]byte(peaceable), "m.yaml")
	if err != nil {
		t.Fatal(err)
	}
	q := func(group, square string) model.Placed {
		s, _ := model.ParseSquare(square)
		return model.Placed{Piece: "queen", Square: s, Group: group}
	}
	for _, tc := range []struct {
		name   string
		pieces []model.Placed
		want   string // "" for valid
	}{
		{"peaceable", []model.Placed{q("white", "a1"), q("white", "b1"), q("black", "d2"), q("black", "c4")}, ""},
		{"across groups", []model.Placed{q("white", "a1"), q("white", "b1"), q("black", "d2"), q("black", "d4")}, "white queen on a1 attacks black queen on d4"},
		{"blocked by its own", []model.Placed{q("white", "a1"), q("white", "b2"), q("black", "d4"), q("black", "d3")}, "white queen on b2 attacks black queen on d4"},
		{"counts per group", []model.Placed{q("white", "a1"), q("white", "b1"), q("white", "b2"), q("black", "d4")}, "3 white queens placed"},
		{"unknown group", []model.Placed{q("white", "a1"), q("white", "b1"), q("green", "d2"), q("black", "c4")}, `unknown group "green"`},
		{"no group", []model.Placed{q("white", "a1"), q("white", "b1"), q("", "d2"), q("black", "c4")}, "no group"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := model.Check(m, &model.Solution{Pieces: tc.pieces})
			got := strings.Join(r.Problems, "; ")
			if tc.want == "" && !r.Valid || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("problems %q, want %q", got, tc.want)
			}
		})
	}
}
