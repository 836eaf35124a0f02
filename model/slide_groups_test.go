package model_test

import (
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// Guarini's solution (1512): each knight goes round the ring of the eight
// outer squares, a quarter of a turn at a time.
var guarini = "a1-c2 c1-b3 b3-a1 a3-b1 c2-a3 a1-c2 c3-a2 b1-c3 a3-b1 c2-a3 a2-c1 c1-b3 b3-a1 c3-a2 b1-c3 a2-c1"

func movesOf(t *testing.T, text string) []model.Move {
	t.Helper()
	var out []model.Move
	for _, w := range strings.Fields(text) {
		ends := strings.Split(w, "-")
		out = append(out, model.Move{From: sq(t, ends[0]), To: sq(t, ends[1])})
	}
	return out
}

// TestCheckLabelledSlides: the checker replays Guarini's 16 moves, and
// names what is wrong with a move of the wrong rule, a move past a piece,
// a piece of the other side on a goal square.
func TestCheckLabelledSlides(t *testing.T) {
	m := mustLoad(t, "slide-guarini.yaml")
	if !m.Slide.Labelled() || len(m.Slide.Groups) != 2 {
		t.Fatalf("Guarini's knights: labelled=%v, %d groups", m.Slide.Labelled(), len(m.Slide.Groups))
	}
	if r := model.Check(m, &model.Solution{Moves: movesOf(t, guarini)}); !r.Valid || r.Value != 16 {
		t.Fatalf("Guarini's solution: valid=%v value %d %v", r.Valid, r.Value, r.Problems)
	}
	rb := mustLoad(t, "slide-rook-bishop.yaml")
	for _, tc := range []struct {
		name    string
		m       *model.Model
		moves   string
		problem string
	}{
		{"not a knight move", m, "a1-b1", "move 1, a1-b1: not a knight move (the white knight on a1)"},
		{"onto a piece", m, "a1-c2 c2-a3", "move 2, c2-a3: a3 is not a free open square"},
		{"back where it was", m, "a1-c2 c2-a1", "a3 holds a black knight, not a piece of white"},
		{"rook not as far as it goes", rb, "a1-b1", "the rook rook does not slide as far as it goes"},
		{"bishop stops anywhere", rb, "d4-c3", "after 1 moves the position is not at the goal"},
		{"rook onto the bishop", rb, "a1-d1 d1-d4", "move 2, d1-d4: d4 is not a free open square"},
	} {
		r := model.Check(tc.m, &model.Solution{Moves: movesOf(t, tc.moves)})
		if r.Valid || !strings.Contains(strings.Join(r.Problems, "; "), tc.problem) {
			t.Errorf("%s: valid=%v %q, want %q", tc.name, r.Valid, r.Problems, tc.problem)
		}
	}
}

// TestSlideGroupsParse: the one-group form means what the old form means;
// bad groups are refused with what was expected.
func TestSlideGroupsParse(t *testing.T) {
	old, err := model.Parse([]byte("board: 4\nslide: {piece: rook, from: [a1, d4], to: [a4, d1]}\n"), "old.yaml")
	if err != nil {
		t.Fatal(err)
	}
	one, err := model.Parse([]byte("board: 4\nslide: {pieces: [{piece: rook, from: [d4, a1], to: [a4, d1]}]}\n"), "one.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if old.Slide.Labelled() || one.Slide.Labelled() || old.Slide.Piece.Name != one.Slide.Piece.Name ||
		len(old.Slide.From) != 2 || old.Slide.From[0] != one.Slide.From[0] || old.Slide.From[1] != one.Slide.From[1] {
		t.Errorf("one group of rooks: %+v, want the slide %+v", one.Slide, old.Slide)
	}
	for _, tc := range []struct{ text, want string }{
		{"slide: {piece: rook, pieces: [{piece: rook, from: [a1], to: [a2]}]}", "piece belongs to each group"},
		{"slide: {pieces: []}", "expected slide pieces as a list of groups"},
		{"slide: {pieces: [{piece: rook, from: [a1], to: [a2]}, {piece: rook, from: [b1], to: [b2]}]}", `two slide groups are labelled "rook"`},
		{"slide: {pieces: [{piece: rook, from: [a1], to: [a2]}, {label: b, piece: rook, from: [a1], to: [b2]}]}", "square a1 is in the from of two slide pieces"},
		{"slide: {pieces: [{piece: rook, move: jump, from: [a1], to: [a2]}]}", `unknown move "jump"`},
		{"slide: {pieces: [{piece: rook, from: [a1, b1], to: [a2]}]}", "from has 2, to has 1"},
		{"slide: {pieces: [{piece: rook, from: [a1], to: [a2], colour: white}]}", `unknown key "colour"`},
		{"slide: {pieces: [{piece: rook, from: [a1]}]}", "slide group needs to"},
		{"tour: {piece: knight, closed: true, undirected: false}", "a closed tour is counted as an undirected cycle"},
	} {
		_, err := model.Parse([]byte("board: 4\n"+tc.text+"\n"), "bad.yaml")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "bad.yaml:2:") {
			t.Errorf("%s: %v, want bad.yaml:2:... %q", tc.text, err, tc.want)
		}
	}
}

// TestSlideSymmetriesKeepLabels: a symmetry of a labelled slide maps each
// group onto itself: Guarini's board keeps only the mirror that leaves the
// white knights on the first rank.
func TestSlideSymmetriesKeepLabels(t *testing.T) {
	m := mustLoad(t, "slide-guarini.yaml")
	if got := len(m.Symmetries()); got != 2 {
		t.Errorf("Guarini's knights: %d symmetries, want 2 (identity and the left-right mirror)", got)
	}
}
