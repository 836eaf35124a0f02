package model

import "unicode"

// SlideMove is how the pieces of a slide group move.
type SlideMove int

const (
	// MoveSlide: a rider goes as far as it goes, stopped only by a piece,
	// a wall, a square off the board or the edge; a leaper leaps (the rule
	// of every slide of identical pieces).
	MoveSlide SlideMove = iota
	// MoveOrdinary: an ordinary move of the piece's kind: a rider stops on
	// any free square of its line before the first blocked one; a leaper
	// leaps.
	MoveOrdinary
)

func (m SlideMove) String() string { return [...]string{"slide", "ordinary"}[m] }

// A SlideGroup is one label class of a slide: its pieces are
// interchangeable, pieces of different groups are not. Label names it in
// answers and pictures.
type SlideGroup struct {
	Label string
	Piece *Piece
	Move  SlideMove
	From  []Square
	To    []Square
}

// SlideGroups returns the groups of the slide: Groups, or the one group a
// spec built without them stands for.
func (s *SlideSpec) SlideGroups() []SlideGroup {
	if len(s.Groups) > 0 {
		return s.Groups
	}
	return []SlideGroup{{Label: s.Piece.Name, Piece: s.Piece, Move: MoveSlide, From: s.From, To: s.To}}
}

// Labelled reports whether the slide needs labelled states: more than one
// group, or pieces that make ordinary moves. A slide that is not labelled
// is one of identical pieces moving as far as they go, whatever its
// syntax, and means exactly what such slides always meant.
func (s *SlideSpec) Labelled() bool {
	return len(s.Groups) > 1 || (len(s.Groups) == 1 && s.Groups[0].Move != MoveSlide)
}

// GroupAt returns the index of the group whose start squares hold q, or -1.
func (s *SlideSpec) GroupAt(q Square) int {
	for g, group := range s.SlideGroups() {
		for _, f := range group.From {
			if f == q {
				return g
			}
		}
	}
	return -1
}

// mapsSlideOnto reports whether t maps each group's start and goal squares
// onto themselves: a symmetry of a labelled slide keeps the labels.
func mapsSlideOnto(t Transform, s *SlideSpec, rows, cols int) bool {
	for _, g := range s.SlideGroups() {
		if !mapsOnto(t, g.From, rows, cols) || !mapsOnto(t, g.To, rows, cols) {
			return false
		}
	}
	return true
}

// Marks gives each group the letter diagrams draw its pieces with: the
// piece's symbol, in lower case when an earlier group has it already (the
// second side of Guarini's knights: N and n), else a digit.
func (s *SlideSpec) Marks() []rune {
	groups := s.SlideGroups()
	out := make([]rune, len(groups))
	taken := map[rune]bool{}
	for i, g := range groups {
		r := unicode.ToUpper(g.Piece.Symbol)
		if taken[r] {
			r = unicode.ToLower(r)
		}
		if taken[r] {
			r = rune('1' + i%9)
		}
		taken[r] = true
		out[i] = r
	}
	return out
}

// SlideGroupSummary is one group of a labelled slide in a Summary.
type SlideGroupSummary struct {
	Label string   `json:"label"`
	Piece string   `json:"piece"`
	Move  string   `json:"move"`
	Mark  string   `json:"mark"`
	From  []Square `json:"from"`
	To    []Square `json:"to"`
}

// groupSummaries describes the groups of a labelled slide; nil otherwise.
func (s *SlideSpec) groupSummaries() []SlideGroupSummary {
	if !s.Labelled() {
		return nil
	}
	marks := s.Marks()
	var out []SlideGroupSummary
	for i, g := range s.SlideGroups() {
		out = append(out, SlideGroupSummary{Label: g.Label, Piece: g.Piece.Name, Move: g.Move.String(),
			Mark: string(marks[i]), From: g.From, To: g.To})
	}
	return out
}

// mark draws the slide on a diagram's marks: each group's pieces with its
// letter (Marks), and 'o' on a goal square no piece stands on.
func (s *SlideSpec) mark(marks map[Square]rune) {
	groupMarks := s.Marks()
	for i, g := range s.SlideGroups() {
		for _, q := range g.From {
			marks[q] = groupMarks[i]
		}
	}
	for _, q := range s.To {
		if _, ok := marks[q]; !ok {
			marks[q] = 'o'
		}
	}
}
