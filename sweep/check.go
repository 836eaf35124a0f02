package sweep

import (
	"errors"
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// Check checks the Summary of one part of a split sweep, before it is
// merged, in itself and, unless share is nil, against the share the part
// owns (Shares): the classes of the buckets and the infeasible ones add up
// to the part's classes, which are its share's; their boards add up to its
// share's boards; each bucket holds from one to Group boards a class; the
// best class has the best bucket's value. A Summary that fails is no
// sweep's: it was edited, or its sweep counted wrong. The whole (one part,
// or the merge) is checked with share {Classes, Boards} of the whole.
func (s *Summary) Check(share *Share, minimize bool) error {
	group := int64(s.Group)
	if group < 1 || s.Classes < 0 || s.Infeasible < 0 || s.Boards < 0 {
		return fmt.Errorf("a group of order %d, %d classes, %d infeasible, %d boards: expected a group from 1 and no negative count",
			s.Group, s.Classes, s.Infeasible, s.Boards)
	}
	if err := boardsOf(s.Infeasible, s.InfeasibleBoards, group); err != nil {
		return fmt.Errorf("the infeasible classes: %w", err)
	}
	classes, boards := s.Infeasible, s.InfeasibleBoards
	for i, b := range s.Values {
		if i > 0 && b.Value <= s.Values[i-1].Value {
			return fmt.Errorf("the values are not in ascending order: %d after %d", b.Value, s.Values[i-1].Value)
		}
		if b.Classes < 1 {
			return fmt.Errorf("value %d: %d classes, expected at least 1", b.Value, b.Classes)
		}
		if err := boardsOf(b.Classes, b.Boards, group); err != nil {
			return fmt.Errorf("value %d: %w", b.Value, err)
		}
		var okC, okB bool
		classes, okC = model.AddCounts(classes, b.Classes)
		boards, okB = model.AddCounts(boards, b.Boards)
		if !okC || !okB {
			return errors.New("the classes or boards of the values add up past 2^63-1")
		}
	}
	switch {
	case classes != s.Classes:
		return fmt.Errorf("the values and the infeasible boards hold %d classes, the sweep says %d", classes, s.Classes)
	case share == nil:
	case s.Classes != share.Classes:
		return fmt.Errorf("%d classes, where the part owns %d", s.Classes, share.Classes)
	case boards != share.Boards:
		return fmt.Errorf("the classes hold %d boards, where the part's own %d", boards, share.Boards)
	}
	return s.checkBest(minimize)
}

// boardsOf checks that classes classes hold boards boards: each from 1 to
// group boards.
func boardsOf(classes, boards, group int64) error {
	if least := boards/group + min(boards%group, 1); boards < classes || least > classes {
		return fmt.Errorf("%d classes hold %d boards: expected from 1 to %d a class", classes, boards, group)
	}
	return nil
}

// checkBest checks that the best class is one of the best value, with the
// sweep's walls, when there is any value.
func (s *Summary) checkBest(minimize bool) error {
	if len(s.Values) == 0 {
		if s.Best != nil {
			return fmt.Errorf("a best class of value %d, where no class has a value", s.Best.Value)
		}
		return nil
	}
	want := s.Values[len(s.Values)-1].Value
	if minimize {
		want = s.Values[0].Value
	}
	switch b := s.Best; {
	case b == nil:
		return fmt.Errorf("no best class, where the best value is %d", want)
	case b.Value != want:
		return fmt.Errorf("the best class has value %d, where the best value is %d", b.Value, want)
	case len(b.Walls) != s.Walls:
		return fmt.Errorf("the best class has %d walls, the sweep adds %d", len(b.Walls), s.Walls)
	case b.Orbit < 1 || b.Orbit > s.Group:
		return fmt.Errorf("the best class has %d boards, expected from 1 to %d", b.Orbit, s.Group)
	case b.Status == model.StatusInfeasible || b.Status == model.StatusUnknown || b.Solution == nil:
		return fmt.Errorf("the best class is %s, without a solution", b.Status)
	}
	return nil
}
