package mzn

import (
	"fmt"
	"sort"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// Implied constraints of independence. The rule "no placed piece is
// attacked" is exact but square by square: Gecode sees each attack as a
// clause, so it never learns that a rank holds one queen, nor bounds the
// number of kings on 12x12 by 36. Under independence two piece variables
// that attack each other (by the board's weak reach, model.Board.Reach:
// under independence a piece between them would be attacked, so strong and
// weak attack place the same pieces) or share a square cannot both be
// true, so the variables are partitioned into cliques of that conflict
// graph, each of which holds at most one piece:
//
//	partHas[j] = number of pieces in part j      (0..1)
//	pieces     = sum of partHas over each partition
//
// Gecode then bounds pieces by the parts still open, and when the count
// fills every part (n queens: n ranks and n files), forces a piece into
// each. Each ridden direction, where the board is not twisted, gives one
// partition: its segments (runs of open squares between walls and edges,
// whole wrapped lines on a cylinder or torus), completed by cliques grown
// greedily from the variables they leave out, in square order; with no
// ridden direction, the greedy cliques alone (for kings, the 2x2 blocks).
// The objective "pieces" is written through the partition of fewest parts.
// Written only under independence without free walls (a free wall may
// separate two pieces of a line). On 8 queens Gecode's search for all 92
// went from 46,333 nodes (the files alone) to 783, the classic model's.

// partitions returns the partitions, fewest parts first, each part the
// 1-based indices of its variables in array1d(p) (kind k, square s:
// (k-1)*n + s): one from each ridden direction's segments (duplicates
// dropped: d and -d cut the same runs), or, with no direction to ride,
// one of greedy cliques. nil when the model is not one to which they apply.
func (d *data) partitions() [][][]int {
	m := d.m
	if !m.Rules.Independent || m.FreeWalls != nil || m.Kind != model.KindPlace {
		return nil
	}
	placed := map[int]bool{}
	for _, e := range m.Place {
		placed[d.kindIndex(e.Piece.Name)] = true
	}
	g := d.conflicts(placed)
	var out [][][]int
	seen := map[string]bool{}
	for _, segs := range d.directionSegments(placed) {
		if key := fmt.Sprint(sortedParts(segs)); !seen[key] {
			seen[key] = true
			out = append(out, g.complete(segs))
		}
	}
	if len(out) == 0 {
		out = append(out, g.complete(nil))
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) < len(out[j]) })
	return out
}

// sortedParts is the parts with their members and themselves in order: a
// key for the same partition met twice.
func sortedParts(parts [][]int) [][]int {
	out := make([][]int, len(parts))
	for i, p := range parts {
		out[i] = append([]int(nil), p...)
		sort.Ints(out[i])
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

// complete adds to the disjoint cliques given a clique for each variable
// they leave out, grown greedily in order among those still left.
func (g *conflictGraph) complete(given [][]int) [][]int {
	covered := make([]bool, len(g.vars))
	out := append([][]int(nil), given...)
	for _, part := range given {
		for _, v := range part {
			covered[g.index[v]] = true
		}
	}
	for i, v := range g.vars {
		if covered[i] {
			continue
		}
		covered[i] = true
		part := []int{v}
		for _, j := range g.adjacent[i] {
			if covered[j] || !g.conflictsAll(j, part) {
				continue
			}
			covered[j] = true
			part = append(part, g.vars[j])
		}
		out = append(out, part)
	}
	return out
}

// conflictGraph joins the piece variables that cannot both be true.
type conflictGraph struct {
	vars     []int       // array1d(p) indices
	index    map[int]int // array1d(p) index -> position in vars
	adjacent [][]int     // positions, ascending
	edge     map[[2]int]bool
}

func (g *conflictGraph) conflictsAll(j int, part []int) bool {
	for _, v := range part {
		if !g.edge[[2]int{g.index[v], j}] {
			return false
		}
	}
	return true
}

// conflicts builds the graph over the placed kinds' variables on squares
// without a fixed piece.
func (d *data) conflicts(placed map[int]bool) *conflictGraph {
	n := len(d.squares)
	g := &conflictGraph{index: map[int]int{}, edge: map[[2]int]bool{}}
	for k := range d.kinds {
		for s := 1; s <= n; s++ {
			if placed[k+1] && d.fixedOn[s] == 0 {
				g.index[k*n+s] = len(g.vars)
				g.vars = append(g.vars, k*n+s)
			}
		}
	}
	g.adjacent = make([][]int, len(g.vars))
	join := func(a, b int) {
		if a != b && !g.edge[[2]int{a, b}] {
			g.edge[[2]int{a, b}], g.edge[[2]int{b, a}] = true, true
			g.adjacent[a] = append(g.adjacent[a], b)
			g.adjacent[b] = append(g.adjacent[b], a)
		}
	}
	for i, v := range g.vars {
		k, s := (v-1)/n, (v-1)%n+1
		for k2 := range d.kinds { // one piece a square
			if j, ok := g.index[k2*n+s]; ok {
				join(i, j)
			}
		}
		for _, t := range d.m.Board.Reach(d.kinds[k], d.squares[s-1]) {
			for k2 := range d.kinds {
				if j, ok := g.index[k2*n+d.index[t]]; ok {
					join(i, j)
				}
			}
		}
	}
	for i := range g.adjacent {
		sort.Ints(g.adjacent[i])
	}
	return g
}

// directionSegments returns, for each ridden direction on a board that
// is not twisted, its segments' variables of the placed kinds that ride it.
func (d *data) directionSegments(placed map[int]bool) [][][]int {
	if d.m.Board.Wrap.Twisted() {
		return nil
	}
	var out [][][]int
	for _, dir := range d.dirs {
		var riders []int
		for k, p := range d.kinds {
			if placed[k+1] && contains(p.Rides, dir) {
				riders = append(riders, k)
			}
		}
		if len(riders) > 0 {
			out = append(out, d.segments(dir, riders))
		}
	}
	return out
}

// segments partitions the open squares without a fixed piece into the runs
// of direction dir (a run starts after a wall, an edge or a square off the
// board; a wrapped line without one is a single run), and lists each run's
// variables of the kinds riders.
func (d *data) segments(dir model.Vector, riders []int) [][]int {
	b, n := d.m.Board, len(d.squares)
	seen := make([]bool, n+1)
	var out [][]int
	add := func(start model.Square) {
		run := []int{d.index[start]}
		b.Line(start, dir, true, func(t model.Square) bool {
			run = append(run, d.index[t])
			return true
		})
		var part []int
		for _, s := range run {
			seen[s] = true
			for _, k := range riders {
				if d.fixedOn[s] == 0 {
					part = append(part, k*n+s)
				}
			}
		}
		if len(part) > 0 {
			out = append(out, part)
		}
	}
	for _, s := range d.squares {
		if before, ok := b.Reduce(s.File-dir.File, s.Rank-dir.Rank); !ok || !b.IsOpen(before) {
			add(s)
		}
	}
	for _, s := range d.squares { // wrapped lines with no wall
		if !seen[d.index[s]] {
			add(s)
		}
	}
	return out
}

// writeParts writes the partitions and their implied constraints, and
// returns the goal that counts the pieces through the first (fewest parts),
// "" when there is none.
//
// least is the fewest pieces a solution has (the place list's, or the
// optimum when counting at a fixed number of pieces): a partition of no
// more parts has a piece in every part, written as such (minizinc would
// otherwise fold partHas back into the sums over the squares, and Gecode
// would never see it).
func writeParts(b *strings.Builder, partitions [][][]int, least int) string {
	if len(partitions) == 0 {
		return ""
	}
	var parts [][]int
	var groups []string
	for _, partition := range partitions {
		first := len(parts) + 1
		parts = append(parts, partition...)
		groups = append(groups, fmt.Sprintf("%d..%d", first, len(parts)))
	}
	fmt.Fprintf(b, "\n%% implied by independence (tighten.go): %d partitions of the pieces into cliques of one piece at most\n", len(partitions))
	fmt.Fprintf(b, "int: P = %d;\narray[1..P] of set of int: part = [", len(parts))
	for i, part := range parts {
		sep(b, i)
		b.WriteString("{" + strings.Trim(ints(part), "[]") + "}")
	}
	fmt.Fprintf(b, "];\narray[1..%d] of set of int: partition = [%s];\n", len(groups), strings.Join(groups, ", "))
	b.WriteString("array[1..P] of var 0..1: partHas;\n")
	b.WriteString("constraint forall(j in 1..P)(partHas[j] = sum(i in part[j])(bool2int(array1d(p)[i])));\n")
	b.WriteString("constraint forall(g in index_set(partition))(pieces = sum(j in partition[g])(partHas[j]));\n")
	for g, partition := range partitions {
		if len(partition) <= least {
			fmt.Fprintf(b, "constraint forall(j in partition[%d])(partHas[j] = 1);  %% %d pieces at least in %d parts\n", g+1, least, len(partition))
		}
	}
	return "sum(j in partition[1])(partHas[j])"
}

// Symmetry, when one solution is asked for (not when counting, which needs
// them all, nor in an exported model): every solution has an image under
// the model's symmetries (model.Model.Symmetries: those that map its walls,
// fixed pieces, colour rules and weights onto themselves) in which the one
// piece of a kind of exactly one, allowed on either colour, stands on the
// least square of its orbit; the others need not be searched. For the eight
// pieces' king on 8x8, 10 squares of 64.

// anchor returns the kind (1-based) and the squares it is kept off, or 0.
func (d *data) anchor() (int, []int) {
	m := d.m
	group := m.Symmetries()
	if len(group) <= 1 || m.HasGroups() {
		return 0, nil
	}
	count := map[string][2]int{}
	coloured := map[string]bool{}
	for _, e := range m.Place {
		c := count[e.Piece.Name]
		count[e.Piece.Name] = [2]int{c[0] + e.Count.Min, c[1] + e.Count.Max}
		coloured[e.Piece.Name] = coloured[e.Piece.Name] || e.Colour != model.AnyColour || e.Count.Max == model.Unbounded
	}
	for _, e := range m.Place {
		name := e.Piece.Name
		if count[name] != [2]int{1, 1} || coloured[name] {
			continue
		}
		var off []int
		rows, cols := m.Board.Rows, m.Board.Cols
		for i, s := range d.squares {
			for _, t := range group {
				if m.Board.Index(t.Apply(s, rows, cols)) < m.Board.Index(s) {
					off = append(off, i+1)
					break
				}
			}
		}
		return d.kindIndex(name), off
	}
	return 0, nil
}

// writeAnchor writes the anchor's constraint.
func writeAnchor(b *strings.Builder, kind int, off []int) {
	if kind == 0 || len(off) == 0 {
		return
	}
	fmt.Fprintf(b, "constraint forall(s in {%s})(not p[%d, s]);  %% one solution of each class: the lone %s on the least square of its orbit\n",
		strings.Trim(ints(off), "[]"), kind, "piece of its kind")
}
