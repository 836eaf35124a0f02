package shard

import (
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// ClassTerms are a part's terms of Burnside's lemma, for a part whose
// solutions are no union of classes, so that its classes are no whole
// number (the n-queens half-board join: its groups are orbits of the four
// symmetries that keep the cut between the halves, not of all eight).
// Fixed is the sum, over the part's solutions, of the symmetries that map
// each to itself (the identity included), Order the symmetry group's
// order. The classes of the whole are the parts' Fixed added up and
// divided by Order once: merge refuses a sum that Order does not divide.
type ClassTerms = model.ClassTerms

// takeClassTerms moves a part's terms of Burnside's lemma out of its
// statistics (model.Stats.Burnside) into what Run makes Record.Burnside;
// nil when it has none.
func takeClassTerms(st *model.Stats) (*ClassTerms, error) {
	terms := st.Burnside
	if terms == nil {
		return nil, nil
	}
	if terms.Order < 1 || terms.Fixed < 0 {
		return nil, fmt.Errorf("shard: the backend's terms of Burnside's lemma are %d over %d: expected a group order from 1", terms.Fixed, terms.Order)
	}
	st.Burnside = nil
	return terms, nil
}

// classesByBurnside gives the classes of parts that carry terms of
// Burnside's lemma: nil when none does (their Classes add up), an error
// when some do and others not, or when the sum is no multiple of the
// order (a part counted wrong, or lost).
func classesByBurnside(parts []*Record) (*int64, error) {
	var with, without *Record
	var fixed int64
	for _, r := range parts {
		if r.Burnside == nil {
			if r.Classes != nil {
				without = r
			}
			continue
		}
		// each part's order is the model's group's (consistent.go)
		with = r
		var ok bool
		if fixed, ok = model.AddCounts(fixed, r.Burnside.Fixed); !ok {
			return nil, fmt.Errorf("the parts' terms of Burnside's lemma add up past 2^63-1 (at %s)", r.Name())
		}
	}
	switch {
	case with == nil:
		return nil, nil
	case without != nil:
		return nil, fmt.Errorf("%s gives classes and %s terms of Burnside's lemma: the parts split different task lists", without.Name(), with.Name())
	case fixed%with.Burnside.Order != 0:
		return nil, fmt.Errorf("the parts' terms of Burnside's lemma add up to %d, no multiple of the group's order %d", fixed, with.Burnside.Order)
	}
	return model.Int64(fixed / with.Burnside.Order), nil
}

// sameEngine refuses parts that name different methods in their
// statistics ("engine"): a method's task list is its own (the n-queens
// count takes the join's groups or the start constellations, by the
// memory bound of the machine a part runs on), so parts of two methods
// need not add up.
func sameEngine(parts []*Record) error {
	var first *Record
	var e string
	for _, r := range parts {
		st, err := r.Stats()
		if err != nil {
			return err
		}
		engine := st.Engine
		if engine == "" {
			continue
		}
		if first == nil {
			first, e = r, engine
			continue
		}
		if e != engine {
			return fmt.Errorf("%s ran %q and %s %q: parts of two methods split different task lists (give every part the same --max-memory)",
				first.Name(), e, r.Name(), engine)
		}
	}
	return nil
}
