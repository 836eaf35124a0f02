package shard

import (
	"errors"
	"fmt"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sweep"
)

// A record is refused unless it is consistent in itself: a count that is
// there, not negative, and zero exactly when the status is infeasible;
// a status that is a complete answer of its task (satisfied, or optimal
// with an objective; feasible is no finished count); an example and a
// value exactly when there is something to show; classes, or terms of
// Burnside's lemma, exactly when the task asks for classes, and between
// what the count allows; a sweep's table whose classes and boards add up
// (sweep.Summary.Check); a proof whose example has the count it claims.
// Such a record was edited or written by a broken backend; merging it
// would print a wrong answer as if it were the one-process run's.

// consistent checks a record in itself (m is the job's model).
func consistent(r *Record, m *model.Model) error {
	if r.Status == model.StatusUnknown {
		return errors.New("the part stopped before its end (status unknown)")
	}
	if r.Nodes < 0 || r.Seconds < 0 {
		return fmt.Errorf("%d nodes in %g s: expected no negative figure", r.Nodes, r.Seconds)
	}
	if err := consistentExample(r); err != nil {
		return err
	}
	switch r.Task {
	case TaskSweep:
		return consistentSweep(r, m)
	case TaskSolve:
		return consistentProof(r)
	}
	return consistentCount(r, m)
}

// consistentExample: an infeasible part shows nothing; an example comes
// with its value and a value with its example (the checker then checks
// that the two agree).
func consistentExample(r *Record) error {
	switch {
	case r.Status == model.StatusInfeasible && (r.Solution != nil || r.Value != nil):
		return errors.New("status infeasible, with a solution or a value")
	case (r.Solution == nil) != (r.Value == nil):
		return errors.New("a value without a solution, or a solution without a value")
	}
	return nil
}

func consistentCount(r *Record, m *model.Model) error {
	if r.Count == nil {
		return errors.New("no count in the record of a count")
	}
	count := *r.Count
	answer := model.StatusSatisfied
	if m.Optimizes() {
		answer = model.StatusOptimal
	}
	switch {
	case count < 0:
		return fmt.Errorf("a count of %d: expected no negative count", count)
	case r.Status == model.StatusInfeasible && count > 0:
		return fmt.Errorf("status infeasible, with %d solutions", count)
	case r.Status != model.StatusInfeasible && r.Status != answer:
		return fmt.Errorf("status %s: a finished count of this model is %s or infeasible", r.Status, answer)
	case r.Status != model.StatusInfeasible && count == 0:
		return fmt.Errorf("status %s, with no solution", r.Status)
	case count > 0 && r.Solution == nil:
		return fmt.Errorf("%d solutions, without an example", count)
	}
	return consistentClasses(r, m, count)
}

// consistentClasses checks a part's classes against its count: at most
// one a solution (a part need not hold the representative of the classes
// of its solutions, so it may have none); a part's terms of Burnside's
// lemma from its count (the identity fixes every solution) to the group's
// order times it. That a whole has at least count/|G| classes is checked
// on the merged count.
func consistentClasses(r *Record, m *model.Model, count int64) error {
	asked := r.Options.Symmetry
	switch {
	case r.Classes != nil && r.Burnside != nil:
		return errors.New("both classes and terms of Burnside's lemma")
	case asked && r.Classes == nil && r.Burnside == nil:
		return errors.New("no classes in the record of a count up to symmetry")
	case !asked && (r.Classes != nil || r.Burnside != nil):
		return errors.New("classes in the record of a count not asked for them")
	case r.Classes != nil && (*r.Classes < 0 || *r.Classes > count):
		return fmt.Errorf("%d classes of %d solutions: expected from 0 to the count", *r.Classes, count)
	}
	if b := r.Burnside; b != nil {
		if group := int64(len(m.FullSymmetries())); b.Order != group {
			return fmt.Errorf("terms of Burnside's lemma for a group of order %d, where the model's has %d", b.Order, group)
		}
		if b.Fixed < count || b.Fixed/b.Order > count || b.Fixed/b.Order == count && b.Fixed%b.Order != 0 {
			return fmt.Errorf("terms of Burnside's lemma %d over %d for %d solutions: expected from the count to %d times it", b.Fixed, b.Order, count, b.Order)
		}
	}
	return nil
}

// consistentSweep checks a sweep's part: complete, its table in itself,
// its record's classes and value the table's.
func consistentSweep(r *Record, m *model.Model) error {
	s := r.Sweep
	if s == nil || !s.Complete {
		return errors.New("no complete sweep in the record")
	}
	switch {
	case s.Model != m.Name || s.Walls != r.Options.Walls || s.Group != len(m.Symmetries()):
		return fmt.Errorf("a sweep of %q with %d walls up to a group of order %d, where the job adds %d walls to %q, whose group has order %d",
			s.Model, s.Walls, s.Group, r.Options.Walls, m.Name, len(m.Symmetries()))
	case r.Status != model.StatusOptimal:
		return fmt.Errorf("status %s: a sweep's part is optimal", r.Status)
	case r.Classes == nil || *r.Classes != s.Classes:
		return errors.New("the record's classes are not its table's")
	case (r.Value == nil) != (s.Best == nil) || s.Best != nil && *r.Value != s.Best.Value:
		return errors.New("the record's value is not its best class's")
	}
	return s.Check(nil, minimizes(m))
}

// checkShares checks each part of a sweep against the share of the
// classes it owns: which, and with how many boards, the model, the walls
// and the number of parts alone decide.
func checkShares(m *model.Model, parts []*Record) error {
	shares, err := sweep.Shares(m, parts[0].Options.Walls, len(parts))
	if err != nil {
		return err
	}
	for k, r := range parts {
		if err := r.Sweep.Check(&shares[k], minimizes(m)); err != nil {
			return fmt.Errorf("%s: %w", r.Name(), err)
		}
	}
	return nil
}

// consistentProof checks a part of a proof: the example of a fewest-pieces
// proof has the count its proof found (Least) or, when it found none
// below the bound, the bound's (Upper).
func consistentProof(r *Record) error {
	p := r.Proof
	if p == nil {
		if r.Status != model.StatusInfeasible {
			return fmt.Errorf("status %s, without a proof", r.Status)
		}
		return nil
	}
	if r.Status == model.StatusInfeasible && (p.Found || p.UpperKnown) {
		return errors.New("status infeasible, where its proof found a solution")
	}
	for _, ps := range p.Passes {
		if ps.Nodes < 0 || ps.Tasks < 0 {
			return fmt.Errorf("a pass of %d pieces with %d tasks and %d nodes: expected no negative figure", ps.Pieces, ps.Tasks, ps.Nodes)
		}
	}
	if p.Kind == "first" && p.Found && r.Solution == nil {
		return errors.New("its proof found a solution, its record has none")
	}
	if p.Kind != "" || !p.Found && !p.UpperKnown {
		return nil
	}
	want := p.Upper
	if p.Found {
		want = p.Least
	}
	if p.Found && p.UpperKnown && p.Least >= p.Upper {
		return fmt.Errorf("its proof found %d pieces, not below its bound U = %d", p.Least, p.Upper)
	}
	if r.Value == nil || *r.Value != int64(want) {
		return fmt.Errorf("its example does not have the %d pieces of its proof", want)
	}
	return nil
}
