package shard

import (
	"context"

	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// The proofs of solve in parts: TaskSolve of a search that
// splits its proof (the exact backend's fewest pieces that cover: the
// domination doc in exact/internal/domination/part.go). Every part
// computes the same upper bound U (a count of pieces known to cover, and
// its cover) and tries each count below it on the tasks it owns, stopping
// at the first that covers; its Record carries that as Proof. Merge takes
// the least count of every part, or U: the optimum, since every part
// refuted every count below its own least; its example is the cover of
// the earliest task at that count over every part (the one-process
// solve's, since the tasks are its search's subtrees in order), or U's.
// A model without an objective (folding: can these pieces cover the board?)
// has one pass and no bound: its parts say whether their tasks hold a
// solution, and the merge keeps the earliest task's, or proves there is
// none.

// TaskSolve is the task of a solve's proof split in parts.
const TaskSolve = "solve"

// A Proof is one part's share of a proof, as the backend reports it in
// its statistics (model.Stats.Proof and Passes); a Pass is one
// count of pieces a part tried on its tasks.
type (
	Proof = model.PartProof
	Pass  = model.PartPass
)

// runSolve runs one part of a proof; a backend or search that cannot
// split its solve refuses with model.ErrUnsupported.
func runSolve(ctx context.Context, m *model.Model, solver model.Solver, part model.Shard, ro RunOptions, rec *Record) error {
	res, err := solvePart(ctx, m, solver, model.Options{Task: model.TaskSolve, Workers: ro.Workers, MaxMemory: ro.MaxMemory,
		Progress: ro.Progress, Shard: part}) // run.go
	if err != nil {
		return err
	}
	rec.Status, rec.Value, rec.Nodes, rec.Seconds = res.Status, res.Value, res.Stats.Nodes, res.Stats.Seconds
	rec.Solution, rec.Verified = res.Solution, res.Verified
	if res.Status == model.StatusInfeasible && res.Stats.Proof == nil {
		rec.Extra = res.Stats.Fields()
		return nil // nothing to cover with: the model is infeasible in every part
	}
	rec.Proof, err = takeProof(&res.Stats)
	rec.Extra = res.Stats.Fields()
	return err
}

// takeProof moves the backend's proof, with its passes, out of its
// statistics.
func takeProof(st *model.Stats) (*Proof, error) {
	if st.Proof == nil {
		return nil, errors.New("shard: the backend reported no proof of its part (model.Stats.Proof)")
	}
	p := *st.Proof
	p.Passes = st.Passes
	st.Proof, st.Passes = nil, nil
	return &p, nil
}

// mergeSolve merges the parts of a proof into what the one-process solve
// prints: the least count of any part, or U, with its example; the passes
// of every part added up count by count.
func mergeSolve(m *model.Model, parts []*Record) (*model.Result, error) {
	first := parts[0]
	res := model.NewResult(m, model.TaskSolve, first.Options.Backend)
	res.Status = model.StatusInfeasible
	if err := first.statsInto(&res.Stats); err != nil {
		return nil, err
	}
	if !m.Optimizes() {
		return mergeFirst(res, parts)
	}
	if first.Proof != nil && first.Proof.Kind == "most" {
		return mergeMost(res, parts) // most.go
	}
	proved, err := addParts(res, parts)
	if err != nil {
		return nil, err
	}
	if !proved {
		return res, nil // no proof in any part: nothing to cover with
	}
	var best *Record
	for _, r := range parts {
		if p, q := r.Proof, first.Proof; p.Upper != q.Upper || p.UpperKnown != q.UpperKnown {
			return nil, fmt.Errorf("%s disagrees with %s on the upper bound: %s against %s", r.Name(), first.Name(), upper(p), upper(q))
		}
		if p := r.Proof; p.Found && (best == nil || p.Least < best.Proof.Least || p.Least == best.Proof.Least && p.Task < best.Proof.Task) {
			best = r
		}
	}
	value := first.Proof.Upper
	if best != nil {
		value = best.Proof.Least
	} else {
		best = first
		if !first.Proof.UpperKnown {
			return res, nil // U is past every count: no part covers with any, so none does
		}
	}
	if best.Solution == nil || best.Value == nil || *best.Value != int64(value) {
		return nil, fmt.Errorf("%s: its example does not have the %d pieces of its proof", best.Name(), value)
	}
	res.Status, res.Value, res.Solution = model.StatusOptimal, model.Int64(int64(value)), best.Solution
	res.Stats.Passes = mergePasses(parts)
	res.Stats.ShardUpper = &first.Proof.Upper
	return res, nil
}

func upper(p *Proof) string {
	if p.UpperKnown {
		return fmt.Sprintf("U = %d", p.Upper)
	}
	return fmt.Sprintf("U = %d (no cover known)", p.Upper)
}

// mergePasses adds up the passes of every part, count by count.
func mergePasses(parts []*Record) []Pass {
	byCount := map[int]*Pass{}
	for _, r := range parts {
		for _, ps := range r.Proof.Passes {
			q := byCount[ps.Pieces]
			if q == nil {
				q = &Pass{Pieces: ps.Pieces, Tasks: ps.Tasks}
				byCount[ps.Pieces] = q
			}
			q.Nodes += ps.Nodes
			q.Found = q.Found || ps.Found
		}
	}
	out := make([]Pass, 0, len(byCount))
	for _, k := range slices.Sorted(maps.Keys(byCount)) {
		out = append(out, *byCount[k])
	}
	return out
}

// addParts adds the parts' nodes and seconds to res and reports whether
// they carry proofs: all do, or none does (nothing to cover with: the
// model is infeasible in every part). A part without a proof that is not
// infeasible, or some parts with proofs and some without, is an error.
func addParts(res *model.Result, parts []*Record) (bool, error) {
	without := 0
	for _, r := range parts {
		res.Stats.Nodes += r.Nodes
		res.Stats.Seconds += r.Seconds
		if r.Proof == nil && r.Status != model.StatusInfeasible {
			return false, fmt.Errorf("%s: no proof in the record", r.Name())
		}
		if r.Proof == nil {
			without++
		}
	}
	if without > 0 && without < len(parts) {
		return false, fmt.Errorf("%d of %d parts say the model has no cover, the others have a proof", without, len(parts))
	}
	return without == 0, nil
}

// mergeFirst merges the parts of a solve without an objective: the
// solution of the earliest task that holds one, or none at all.
func mergeFirst(res *model.Result, parts []*Record) (*model.Result, error) {
	proved, err := addParts(res, parts)
	if err != nil {
		return nil, err
	}
	if !proved {
		return res, nil // no proof in any part: nothing to cover with
	}
	res.Stats.Passes = mergePasses(parts)
	var best *Record
	for _, r := range parts {
		if r.Proof.Found && (best == nil || r.Proof.Task < best.Proof.Task) {
			best = r
		}
	}
	if best == nil {
		return res, nil
	}
	if best.Solution == nil {
		return nil, fmt.Errorf("%s: its proof found a solution, its record has none", best.Name())
	}
	res.Status, res.Value, res.Solution = model.StatusOptimal, best.Value, best.Solution
	return res, nil
}
