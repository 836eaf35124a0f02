package model

import (
	"errors"
	"fmt"
)

// A SlidePosition is a position of a slide: the group of the piece on each
// occupied square (an index into SlideSpec.SlideGroups).
type SlidePosition map[Square]int

// SlideStart is the slide's start position.
func (m *Model) SlideStart() SlidePosition {
	pos := SlidePosition{}
	for g, group := range m.Slide.SlideGroups() {
		for _, q := range group.From {
			pos[q] = g
		}
	}
	return pos
}

// SlideStep checks one move from the position by the rules of the piece's
// group, on the checker's plain grid: a piece stands on the move's first
// square; the second is a free open square; the move is one of the
// piece's, over free squares; and in a group that slides, it goes as far
// as it goes. It does not change the position.
func (m *Model) SlideStep(pos SlidePosition, mv Move) error {
	b := m.Board
	g, ok := pos[mv.From]
	if !ok {
		return fmt.Errorf("no piece on %v", mv.From)
	}
	group := m.Slide.SlideGroups()[g]
	occupied := func(q Square) bool { _, ok := pos[q]; return ok }
	switch {
	case !b.IsOpen(mv.To) || occupied(mv.To):
		return fmt.Errorf("%v is not a free open square", mv.To)
	case !move(b, group.Piece, mv.From, mv.To, occupied):
		return fmt.Errorf("not a %s move (the %s %s on %v)", group.Piece.Name, group.Label, group.Piece.Name, mv.From)
	case group.Move == MoveSlide && !maximal(b, group.Piece, mv, occupied):
		return fmt.Errorf("the %s %s does not slide as far as it goes", group.Label, group.Piece.Name)
	}
	return nil
}

// errNotAtGoal is SlideGoal's answer on a position off the goal.
var errNotAtGoal = errors.New("not at the goal")

// SlideGoal reports, as an error naming the first wrong square, whether
// each group's goal squares hold pieces of that group.
func (m *Model) SlideGoal(pos SlidePosition) error {
	groups := m.Slide.SlideGroups()
	for g, group := range groups {
		for _, q := range group.To {
			if h, ok := pos[q]; !ok || h != g {
				return fmt.Errorf("%w: %v holds %s, not a piece of %s", errNotAtGoal, q, slideOccupant(groups, pos, q), group.Label)
			}
		}
	}
	return nil
}

// checkLabelledSlide replays a slide with different pieces move by move
// (SlideStep) and asks that it end at the goal (SlideGoal).
func checkLabelledSlide(m *Model, s *Solution, r *Report) {
	if len(s.Pieces) > 0 || len(s.Walls) > 0 || len(s.Squares) > 0 {
		r.fail("a slide model takes moves, not pieces, walls or squares")
	}
	pos := m.SlideStart()
	for i, mv := range s.Moves {
		if err := m.SlideStep(pos, mv); err != nil {
			r.fail("move %d, %v-%v: %v", i+1, mv.From, mv.To, err)
			return // later moves would be judged on a wrong position
		}
		pos[mv.To] = pos[mv.From]
		delete(pos, mv.From)
	}
	if err := m.SlideGoal(pos); err != nil {
		r.fail("after %d moves the position is %v", len(s.Moves), err)
	}
	r.Measures["moves"] = int64(len(s.Moves))
	r.Value = int64(len(s.Moves))
}

// slideOccupant names what stands on q: "nothing", or the group's label
// and piece.
func slideOccupant(groups []SlideGroup, pos SlidePosition, q Square) string {
	g, ok := pos[q]
	if !ok {
		return "nothing"
	}
	return "a " + groups[g].Label + " " + groups[g].Piece.Name
}
