package ilp

import (
	"sort"
	"strconv"

	"github.com/chessmodel/chessmodel/model"
)

// Independence on a board that is not plain, as cliques. Two piece
// variables conflict when one's reach (model.Board.Reach) holds the other's
// square. One row per conflicting pair is exact but weak: on the n x n
// torus the n queens' LP relaxation then puts 1/2 on nearly every square,
// and lp_solve's search counting the 88 solutions of n = 11 ran past 100 s.
// The conflicts are covered instead by "at most one" rows over cliques:
//
//	line_<v>_<d>:  the pieces on v's square and along its line d  <= 1
//
// first, one row for each run of a rider's line (on the torus a whole
// wrapped rank, file or diagonal: the row the segment rows write on a
// plain board), keeping in line order only the variables in conflict with
// every one kept so far; then each conflict no row holds yet grows greedily
// into a maximal clique (clique_<v>), as for leaps on a plain board. Every
// row is checked to be a clique of the conflict graph, so it cuts off no
// placement, on any wrap and for one-sided pieces alike; a line that comes
// back across itself (a twisted board) simply keeps fewer variables.

// reachCliqueRows writes the line rows and clique rows above.
func (pc *placement) reachCliqueRows() {
	g := newConflictGraph()
	for _, s := range pc.open {
		for _, pr := range pc.presences[s] {
			for _, t := range pc.board.Reach(pr.kind.piece, s) {
				if len(pc.fixed[t]) > 0 {
					continue // reachfix row: pr cannot stand
				}
				for _, other := range pc.presences[t] {
					if other.v != pr.v {
						g.add(pr.v, other.v)
					}
				}
			}
		}
	}
	g.sortEdges()
	conflict := func(a, b int) bool { return g.adjacent[conflictEdge{min(a, b), max(a, b)}] }
	covered := map[conflictEdge]bool{}
	emitted := map[string]bool{}
	emit := func(name string, clique []int) {
		if len(clique) < 2 {
			return
		}
		sort.Ints(clique)
		key := ""
		fresh := false
		for x, a := range clique {
			key += strconv.Itoa(a) + ","
			for _, b := range clique[x+1:] {
				fresh = fresh || !covered[conflictEdge{a, b}]
				covered[conflictEdge{a, b}] = true
			}
		}
		if !fresh || emitted[key] {
			return
		}
		emitted[key] = true
		var l linear
		for _, a := range clique {
			l.plus(a, 1)
		}
		pc.addRow(name, l, LessEqual, 1)
	}
	for _, line := range pc.lineCandidates(conflict) {
		emit(line.name, line.vars)
	}
	for _, e := range g.edges {
		if !covered[e] {
			emit("clique_"+pc.p.Variables[e.a].Name, g.growClique(e, conflict))
		}
	}
}

// A lineCandidate is a clique read along one line of a rider.
type lineCandidate struct {
	name string
	vars []int
}

// lineCandidates lists, for every piece variable and direction its piece
// rides, the variables along the line from its square that conflict with
// all those before them, longest first (ties in the order met), so that a
// whole wrapped line is written before the parts of it other squares see.
func (pc *placement) lineCandidates(conflict func(a, b int) bool) []lineCandidate {
	var out []lineCandidate
	for _, s := range pc.open {
		for _, pr := range pc.presences[s] {
			for _, d := range pr.kind.piece.Rides {
				squares := []model.Square{s}
				seen := map[model.Square]bool{s: true}
				pc.board.Line(s, d, true, func(t model.Square) bool {
					if !seen[t] {
						seen[t] = true
						squares = append(squares, t)
					}
					return true
				})
				if len(squares) < 3 {
					continue // a pair: the clique cover finds it
				}
				name := "line_" + pc.p.Variables[pr.v].Name + "_" + directionName(d)
				out = append(out, lineCandidate{name, pc.cliqueAlong(pr.v, squares, conflict)})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].vars) > len(out[j].vars) })
	return out
}

// cliqueAlong keeps, in line order, the piece variables on squares that
// conflict with every variable kept before them, starting with first.
func (pc *placement) cliqueAlong(first int, squares []model.Square, conflict func(a, b int) bool) []int {
	clique := []int{first}
	for _, t := range squares {
		for _, pr := range pc.presences[t] {
			if pr.v == first {
				continue
			}
			all := true
			for _, m := range clique {
				all = all && conflict(pr.v, m)
			}
			if all {
				clique = append(clique, pr.v)
			}
		}
	}
	return clique
}
