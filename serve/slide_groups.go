package serve

import (
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// labelledSlideState replays the moves of a slide with different pieces
// on the checker's rules (model.SlideStep): where the pieces stand after
// them, the groups with their start squares moved there (for the picture,
// which colours each group), every move allowed from there, and a message
// if some move was illegal.
func labelledSlideState(m *model.Model, moves []model.Move) ([]model.Square, []model.SlideGroup, []model.Move, string) {
	pos := m.SlideStart()
	illegal := ""
	for i, mv := range moves {
		if err := m.SlideStep(pos, mv); err != nil {
			illegal = fmt.Sprintf("move %d, %v-%v: %v", i+1, mv.From, mv.To, err)
			break
		}
		pos[mv.To] = pos[mv.From]
		delete(pos, mv.From)
	}
	groups := append([]model.SlideGroup(nil), m.Slide.SlideGroups()...)
	for g := range groups {
		groups[g].From = nil
	}
	var at []model.Square
	b := m.Board
	var open []model.Square
	for i := 0; i < b.Size(); i++ {
		s := b.Square(i)
		if !b.IsOpen(s) {
			continue
		}
		open = append(open, s)
		if g, ok := pos[s]; ok {
			at = append(at, s)
			groups[g].From = append(groups[g].From, s)
		}
	}
	model.SortSquares(at)
	if illegal != "" {
		return at, groups, nil, illegal
	}
	var allowed []model.Move
	for _, from := range at {
		for _, to := range open {
			if mv := (model.Move{From: from, To: to}); m.SlideStep(pos, mv) == nil {
				allowed = append(allowed, mv)
			}
		}
	}
	return at, groups, allowed, ""
}
