package model

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A DRAT checker written from the format's definition (Wetzler, Heule and
// Hunt, "DRAT-trim", SAT 2014). A proof is a sequence of lemma additions
// and clause deletions; it refutes a formula F when every lemma L is, with
// respect to the clauses present when it is added,
//
//   - RUP: assigning every literal of L false and propagating units leads
//     to a conflict; or
//   - RAT on its first literal p: for every clause D present that holds ¬p,
//     the resolvent L ∪ (D \ {¬p}) is a tautology or RUP,
//
// and the clauses present after some step are refuted by unit propagation
// alone (the empty clause, or a conflict without a decision).
//
// Checking is backward. A forward pass adds every clause with two watched
// literals, keeps the top-level assignment they imply, and stops at the
// first conflict; it records, per step, the length of the top-level trail.
// The backward pass marks the clauses the final conflict used (the core),
// then walks the steps in reverse: a deletion puts its clause back, an
// addition takes its lemma out and returns the trail to its length before
// it, and a lemma in the core is checked (RUP, else RAT) against what is
// present then; the clauses its check used join the core. Lemmas outside
// the core are never checked: the proof is valid without them.
// Propagation is core-first: clauses of the core propagate before any
// other, so that checks reuse what the core has and it stays small.
//
// A deletion of a clause that is the reason of a top-level assignment is
// ignored (counted in IgnoredDeletions): the clause stays. Keeping a
// clause the proof deleted never makes a refutation valid that is not: the
// proof checked is the same one with that deletion left out.

// DRATResult counts what a check saw.
type DRATResult struct {
	Lemmas, Deletions, IgnoredDeletions int
	CoreLemmas                          int // lemmas checked: those the refutation uses
	RATLemmas                           int // of them, those checked by RAT
}

// A DRATError names the first step of a proof that fails: its number in
// the proof (1-based, additions and deletions alike), the lemma and why.
type DRATError struct {
	Step   int
	Lemma  []int
	Reason string
}

func (e *DRATError) Error() string {
	if e.Step == 0 {
		return "DRAT: " + e.Reason
	}
	return fmt.Sprintf("DRAT: step %d, lemma %v: %s", e.Step, e.Lemma, e.Reason)
}

// Literals are coded as binary DRAT codes them: 2v for v, 2v+1 for ¬v.
func litCode(l int) int32 {
	if l < 0 {
		return int32(-2*l + 1)
	}
	return int32(2 * l)
}

func codeLit(c int32) int {
	if c&1 == 1 {
		return -int(c >> 1)
	}
	return int(c >> 1)
}

// A dratStep is one addition or deletion of the proof.
type dratStep struct {
	clause int32
	del    bool
	trail  int32 // additions: the trail's length before the lemma
	number int   // the step's number in the proof
}

type dratChecker struct {
	lits    [][]int32 // per clause; the first two are watched
	pivot   []int32   // per clause: its first literal as written, for RAT
	active  []bool
	core    []bool
	watch   [][]int32 // per literal code: the clauses watching it
	value   []int8    // per literal code: 1 true, -1 false, 0 unassigned
	reason  []int32   // per variable: the clause that implied it, -1 none
	pos     []int32   // per variable: its place on the trail
	trail   []int32
	head    [2]int // propagation heads: 0 core clauses, 1 the others
	seen    []bool
	find    map[uint64][]int32 // key of a clause: ids present
	conflct int32
}

// CheckDRAT checks that proof refutes the formula (clauses over
// variables 1..numVars); binary says the proof is in binary DRAT (else
// text).
func CheckDRAT(numVars int, formula [][]int, proof []byte, binary bool) (DRATResult, error) {
	var res DRATResult
	steps, err := parseDRAT(proof, binary, numVars)
	if err != nil {
		return res, err
	}
	c := &dratChecker{watch: make([][]int32, 2*numVars+2), value: make([]int8, 2*numVars+2),
		reason: make([]int32, numVars+1), pos: make([]int32, numVars+1), seen: make([]bool, numVars+1),
		find: map[uint64][]int32{}, conflct: -1}
	for _, cl := range formula {
		code := make([]int32, len(cl))
		for i, l := range cl {
			if l == 0 || l > numVars || l < -numVars {
				return res, &DRATError{Reason: fmt.Sprintf("the formula has literal %d, outside 1..%d", l, numVars)}
			}
			code[i] = litCode(l)
		}
		if c.add(code) {
			break
		}
	}
	// Forward: add and delete until the clauses present conflict.
	var done []dratStep
	for i, st := range steps {
		if c.conflct >= 0 {
			break
		}
		st.number = i + 1
		if !st.del {
			res.Lemmas++
			st.trail = int32(len(c.trail))
			st.clause = int32(len(c.lits))
			c.add(st.lits)
			done = append(done, dratStep{clause: st.clause, trail: st.trail, number: st.number})
			continue
		}
		res.Deletions++
		id, ok := c.present(st.lits)
		switch {
		case !ok:
			return res, &DRATError{Step: st.number, Lemma: lits(st.lits), Reason: "deletes a clause that is not present"}
		case c.isReason(id):
			res.IgnoredDeletions++
		default:
			c.active[id] = false
			c.forget(id)
			done = append(done, dratStep{clause: id, del: true, number: st.number})
		}
	}
	if c.conflct < 0 {
		return res, &DRATError{Reason: "the proof ends without a conflict: it does not refute the formula"}
	}
	// Backward: the core of the conflict, then each lemma it needs.
	c.markConflict(c.conflct)
	for i := len(done) - 1; i >= 0; i-- {
		st := done[i]
		if st.del {
			c.active[st.clause] = true
			c.remember(st.clause)
			c.attach(st.clause)
			continue
		}
		c.active[st.clause] = false
		c.backtrack(int(st.trail))
		if !c.core[st.clause] {
			continue
		}
		res.CoreLemmas++
		lemma := c.lits[st.clause]
		if c.rup(lemma) {
			continue
		}
		if len(lemma) > 0 && c.rat(st.clause) {
			res.RATLemmas++
			continue
		}
		return res, &DRATError{Step: st.number, Lemma: lits(lemma), Reason: "neither RUP nor RAT on its first literal"}
	}
	return res, nil
}

func lits(code []int32) []int {
	out := make([]int, len(code))
	for i, c := range code {
		out[i] = codeLit(c)
	}
	return out
}

// A parsed step: its literals, and whether it deletes.
type parsedStep struct {
	lits []int32
	del  bool
	dratStep
}

// parseDRAT reads a proof: binary ('a' or 'd', then each literal's code
// as an unsigned LEB128 number, 0 ending the clause) or text (lines of
// literals ending in 0, "d" before a deletion).
func parseDRAT(proof []byte, binary bool, numVars int) ([]parsedStep, error) {
	var steps []parsedStep
	bad := func(l int) error {
		return &DRATError{Step: len(steps) + 1, Reason: fmt.Sprintf("literal %d outside 1..%d", l, numVars)}
	}
	if binary {
		for i := 0; i < len(proof); {
			var st parsedStep
			switch proof[i] {
			case 'a':
			case 'd':
				st.del = true
			default:
				return nil, &DRATError{Step: len(steps) + 1, Reason: fmt.Sprintf("byte %d of the proof is %#x, not 'a' or 'd'", i, proof[i])}
			}
			i++
			for {
				var u uint64
				shift := 0
				for ; i < len(proof) && proof[i]&0x80 != 0 && shift < 63; i++ {
					u |= uint64(proof[i]&0x7f) << shift
					shift += 7
				}
				if i == len(proof) {
					return nil, &DRATError{Step: len(steps) + 1, Reason: "the proof ends inside a clause"}
				}
				u |= uint64(proof[i]) << shift
				i++
				if u == 0 {
					break
				}
				if u < 2 || u/2 > uint64(numVars) {
					return nil, bad(codeLit(int32(min(u, 1<<30))))
				}
				st.lits = append(st.lits, int32(u))
			}
			steps = append(steps, st)
		}
		return steps, nil
	}
	for _, line := range strings.Split(string(proof), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || fields[0] == "c" {
			continue
		}
		var st parsedStep
		if fields[0] == "d" {
			st.del, fields = true, fields[1:]
		}
		ended := false
		for _, f := range fields {
			l, err := strconv.Atoi(f)
			if err != nil || ended {
				return nil, &DRATError{Step: len(steps) + 1, Reason: fmt.Sprintf("%q is not a literal of a clause ending in 0", line)}
			}
			if l == 0 {
				ended = true
				continue
			}
			if l > numVars || l < -numVars {
				return nil, bad(l)
			}
			st.lits = append(st.lits, litCode(l))
		}
		if !ended {
			return nil, &DRATError{Step: len(steps) + 1, Reason: fmt.Sprintf("%q does not end in 0", line)}
		}
		steps = append(steps, st)
	}
	return steps, nil
}

// key hashes a clause's literals as a set, for deletions: a sum and a
// product-mix of each literal's mixed code, which no order changes.
// Clauses of one key are told apart by their literals (same).
func key(code []int32) uint64 {
	var sum, mix uint64
	for _, c := range code {
		h := uint64(c)*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		h ^= h >> 29
		sum += h
		mix ^= h * 0xbf58476d1ce4e5b9
	}
	return sum*31 + mix + uint64(len(code))
}

// same says whether two clauses, each sorted and without repeats, are
// equal.
func same(a, b []int32) bool { return slices.Equal(a, b) }

func (c *dratChecker) remember(id int32) {
	k := key(c.lits[id])
	c.find[k] = append(c.find[k], id)
}

func (c *dratChecker) forget(id int32) {
	k := key(c.lits[id])
	ids := c.find[k]
	if i := slices.Index(ids, id); i >= 0 {
		c.find[k] = slices.Delete(ids, i, i+1)
	}
}

// present finds a clause present with the literals of code (sorted and
// without repeats, in place).
func (c *dratChecker) present(code []int32) (int32, bool) {
	slices.Sort(code)
	code = slices.Compact(code)
	ids := c.find[key(code)]
	for i := len(ids) - 1; i >= 0; i-- {
		if cl := c.lits[ids[i]]; len(cl) == len(code) && same(sortedSet(cl), code) {
			return ids[i], true
		}
	}
	return 0, false
}

// sortedSet is a clause's literals sorted (the watched ones come first in
// the clause itself).
func sortedSet(cl []int32) []int32 {
	if slices.IsSorted(cl) {
		return cl
	}
	s := slices.Clone(cl)
	slices.Sort(s)
	return s
}

func (c *dratChecker) isReason(id int32) bool {
	for _, l := range c.lits[id] {
		if v := l >> 1; c.value[l] != 0 && c.reason[v] == id {
			return true
		}
	}
	return false
}

// add takes a clause of the formula or a lemma in the forward pass and
// propagates; it reports a conflict (also kept in c.conflct).
func (c *dratChecker) add(code []int32) bool {
	id := int32(len(c.lits))
	pivot := int32(0)
	if len(code) > 0 {
		pivot = code[0]
	}
	slices.Sort(code) // the caller's slice: parsed steps are not read again
	code = slices.Compact(code)
	c.lits = append(c.lits, code)
	c.pivot = append(c.pivot, pivot)
	c.active = append(c.active, true)
	c.core = append(c.core, false)
	c.remember(id)
	if c.attach(id) {
		c.conflct = id
		return true
	}
	if confl := c.propagate(); confl >= 0 {
		c.conflct = confl
		return true
	}
	return false
}

// rank orders literals for watching: unassigned first, then true, then
// false, the latest falsified first.
func (c *dratChecker) rank(l int32) int64 {
	switch c.value[l] {
	case 0:
		return 1 << 40
	case 1:
		return 1 << 39
	}
	return int64(c.pos[l>>1])
}

// attach watches a clause's two best literals under the current
// assignment; a clause that is unit is propagated, one that is false is
// reported (true).
func (c *dratChecker) attach(id int32) bool {
	cl := c.lits[id]
	if len(cl) == 0 {
		return true
	}
	for w := 0; w < 2 && w < len(cl); w++ {
		best := w
		for i := w + 1; i < len(cl); i++ {
			if c.rank(cl[i]) > c.rank(cl[best]) {
				best = i
			}
		}
		cl[w], cl[best] = cl[best], cl[w]
	}
	if len(cl) >= 2 {
		c.watch[cl[0]] = append(c.watch[cl[0]], id)
		c.watch[cl[1]] = append(c.watch[cl[1]], id)
	}
	switch {
	case c.value[cl[0]] == -1:
		return true
	case c.value[cl[0]] == 0 && (len(cl) == 1 || c.value[cl[1]] == -1):
		c.assign(cl[0], id)
	}
	return false
}

func (c *dratChecker) assign(l int32, why int32) {
	c.value[l], c.value[l^1] = 1, -1
	c.reason[l>>1] = why
	c.pos[l>>1] = int32(len(c.trail))
	c.trail = append(c.trail, l)
}

func (c *dratChecker) backtrack(n int) {
	for _, l := range c.trail[n:] {
		c.value[l], c.value[l^1] = 0, 0
	}
	c.trail = c.trail[:n]
	c.head = [2]int{min(c.head[0], n), min(c.head[1], n)}
}

// propagate runs unit propagation to a fixpoint, core clauses first; it
// returns a conflicting clause, or -1.
func (c *dratChecker) propagate() int32 {
	for {
		mode := 0
		if c.head[0] == len(c.trail) {
			if c.head[1] == len(c.trail) {
				return -1
			}
			mode = 1
		}
		l := c.trail[c.head[mode]]
		c.head[mode]++
		if confl := c.visit(l^1, mode == 0); confl >= 0 {
			return confl
		}
	}
}

// visit goes through the clauses watching the literal f, just falsified,
// of the core or the others.
func (c *dratChecker) visit(f int32, core bool) int32 {
	ws := c.watch[f]
	kept := ws[:0]
	for k := 0; k < len(ws); k++ {
		id := ws[k]
		cl := c.lits[id]
		if !c.active[id] || cl[0] != f && cl[1] != f {
			continue // taken out, or a watch moved: attach watches it again
		}
		if c.core[id] != core {
			kept = append(kept, id)
			continue
		}
		if cl[0] == f {
			cl[0], cl[1] = cl[1], cl[0]
		}
		if c.value[cl[0]] == 1 {
			kept = append(kept, id)
			continue
		}
		moved := false
		for i := 2; i < len(cl); i++ {
			if c.value[cl[i]] != -1 {
				cl[1], cl[i] = cl[i], cl[1]
				c.watch[cl[1]] = append(c.watch[cl[1]], id)
				moved = true
				break
			}
		}
		if moved {
			continue
		}
		kept = append(kept, id)
		if c.value[cl[0]] == -1 {
			kept = append(kept, ws[k+1:]...)
			c.watch[f] = kept
			return id
		}
		c.assign(cl[0], id)
	}
	c.watch[f] = kept
	return -1
}

// markConflict adds to the core a conflicting clause and every reason its
// falsification rests on.
func (c *dratChecker) markConflict(confl int32) {
	stack := []int32{confl}
	var touched []int32
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		c.core[id] = true
		for _, l := range c.lits[id] {
			v := l >> 1
			if c.seen[v] || c.value[l] == 0 {
				continue
			}
			c.seen[v] = true
			touched = append(touched, v)
			if r := c.reason[v]; r >= 0 && r != id {
				stack = append(stack, r)
			}
		}
	}
	for _, v := range touched {
		c.seen[v] = false
	}
}

// rup checks a clause by unit propagation from its negation, and marks
// what the conflict used.
func (c *dratChecker) rup(clause []int32) bool {
	base := len(c.trail)
	defer c.backtrack(base)
	for _, l := range clause {
		switch c.value[l] {
		case 1: // true already: the reasons of l refute ¬l
			if r := c.reason[l>>1]; r >= 0 {
				c.markConflict(r)
			}
			return true
		case 0:
			c.assign(l^1, -1)
		}
	}
	confl := c.propagate()
	if confl < 0 {
		return false
	}
	c.markConflict(confl)
	return true
}

// rat checks a lemma by RAT on its pivot, the first literal as written.
func (c *dratChecker) rat(id int32) bool {
	lemma := c.lits[id]
	pivot := c.pivot[id]
	for d := range c.lits {
		if !c.active[d] || !slices.Contains(c.lits[d], pivot^1) {
			continue
		}
		resolvent := slices.Clone(lemma)
		taut := false
		for _, l := range c.lits[d] {
			if l == pivot^1 {
				continue
			}
			if slices.Contains(lemma, l^1) {
				taut = true
				break
			}
			resolvent = append(resolvent, l)
		}
		if taut {
			continue
		}
		if !c.rup(resolvent) {
			return false
		}
		c.core[d] = true
	}
	return true
}
