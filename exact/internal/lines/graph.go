package lines

import (
	"github.com/chessmodel/chessmodel/model"
)

// The board of lines. A segment is a maximal run of open squares along
// one family's step (walls, squares off the board and the edge end it).
// Two pieces on one segment attack each other or a piece between them, in
// either attack mode, and two pieces on different segments of both
// families do not; so a placement is a set of squares no two on one
// segment: a matching in the bipartite graph whose vertices are the
// segments of the two families and whose edges are the squares (two
// segments that are not parallel cross at most once).

// A cell is an allowed square, an edge between its segment of the first
// family (a) and of the second (b).
type cell struct {
	square model.Square
	a, b   int
	class  int
}

// A component is one connected part of the graph: its cells, and its
// segments numbered from 0 on each side.
type component struct {
	cells  []cell // a and b renumbered within the component
	na, nb int
	class  int // the class of every cell (-1 when they differ)
}

// segments numbers the segments of the family of step d: an id per open
// square (by Board.Index), -1 elsewhere, and how many there are.
func segments(b *model.Board, d model.Vector) ([]int, int) {
	ids := make([]int, b.Size())
	for i := range ids {
		ids[i] = -1
	}
	n := 0
	for i := range ids {
		s := b.Square(i)
		if !b.IsOpen(s) || b.IsOpen(s.Add(model.Vector{File: -d.File, Rank: -d.Rank})) {
			continue // not open, or not where its segment starts
		}
		for t := s; b.IsOpen(t); t = t.Add(d) {
			ids[b.Index(t)] = n
		}
		n++
	}
	return ids, n
}

// components builds the graph of the spec's allowed squares and splits it
// into its connected parts, in the order of their first cell.
func (s *spec) components() []component {
	b := s.board
	idsA, na := segments(b, s.steps[0])
	idsB, nb := segments(b, s.steps[1])
	var cells []cell
	for i := 0; i < b.Size(); i++ {
		sq := b.Square(i)
		if idsA[i] < 0 {
			continue
		}
		if c := s.classOf(sq); c >= 0 {
			cells = append(cells, cell{square: sq, a: idsA[i], b: idsB[i], class: c})
		}
	}
	parent := make([]int, na+nb)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for _, c := range cells {
		parent[find(c.a)] = find(na + c.b)
	}
	index := map[int]int{}
	var out []component
	localA, localB := make([]int, na), make([]int, nb)
	for i := range localA {
		localA[i] = -1
	}
	for i := range localB {
		localB[i] = -1
	}
	for _, c := range cells {
		root := find(c.a)
		k, seen := index[root]
		if !seen {
			k = len(out)
			index[root] = k
			out = append(out, component{class: c.class})
		}
		p := &out[k]
		if localA[c.a] < 0 {
			localA[c.a] = p.na
			p.na++
		}
		if localB[c.b] < 0 {
			localB[c.b] = p.nb
			p.nb++
		}
		if p.class != c.class {
			p.class = -1
		}
		p.cells = append(p.cells, cell{square: c.square, a: localA[c.a], b: localB[c.b], class: c.class})
	}
	return out
}

// sides lists, for each segment of the first family, the segments of the
// second it crosses (in the order of the cells), and the reverse.
func (c *component) sides() (a, b [][]int) {
	a, b = make([][]int, c.na), make([][]int, c.nb)
	for _, x := range c.cells {
		a[x.a] = append(a[x.a], x.b)
		b[x.b] = append(b[x.b], x.a)
	}
	return a, b
}

// matching is a set of want cells no two on one segment (fewer when the
// component holds fewer). On nested segments (p is the component's nested
// plan) the segments smallest first each take a free crossing segment
// while one is left, which is a largest matching: a segment's set holds
// every earlier one's. Otherwise it grows a matching by augmenting paths
// (Kuhn's algorithm).
func (c *component) matching(p plan, want int) []cell {
	if p.method == methodNested {
		return c.nestedMatching(p, want)
	}
	adj, _ := c.sides()
	cellAt := map[[2]int]cell{}
	for _, x := range c.cells {
		cellAt[[2]int{x.a, x.b}] = x
	}
	matchB := make([]int, c.nb)
	for i := range matchB {
		matchB[i] = -1
	}
	seen := make([]int, c.nb)
	round := 0
	var augment func(a int) bool
	augment = func(a int) bool {
		for _, b := range adj[a] {
			if seen[b] == round {
				continue
			}
			seen[b] = round
			if matchB[b] < 0 || augment(matchB[b]) {
				matchB[b] = a
				return true
			}
		}
		return false
	}
	size := 0
	for a := 0; a < c.na && size < want; a++ {
		round++
		if augment(a) {
			size++
		}
	}
	var out []cell
	for b, a := range matchB {
		if a >= 0 {
			out = append(out, cellAt[[2]int{a, b}])
		}
	}
	return out
}

// nestedMatching is matching on nested segments.
func (c *component) nestedMatching(p plan, want int) []cell {
	along := make([][]int, len(p.lines)) // the cells of each swept segment
	for i, x := range c.cells {
		if p.sideB {
			along[x.b] = append(along[x.b], i)
		} else {
			along[x.a] = append(along[x.a], i)
		}
	}
	used := make([]bool, p.other)
	var out []cell
	for _, line := range p.order {
		if len(out) == want {
			break
		}
		for _, i := range along[line] {
			x := c.cells[i]
			far := x.b
			if p.sideB {
				far = x.a
			}
			if !used[far] {
				used[far] = true
				out = append(out, x)
				break
			}
		}
	}
	return out
}
