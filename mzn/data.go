package mzn

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// data is what the rules read, computed from the model in Go: the open
// squares, the kinds of piece, the rays and leaps of the board, the counts
// of the place list and the fixed pieces.
type data struct {
	m       *model.Model
	squares []model.Square       // the open squares, in square order: SQ = 1..n
	index   map[model.Square]int // 1-based
	kinds   []*model.Piece       // K = 1..len
	dirs    []model.Vector       // every ride direction of any kind
	rays    []ray
	fixedOn []int // per square, the kind fixed there (1-based) or 0
}

// A ray is the line of open squares a rider on from sees in direction dir
// (an index into dirs) on an empty board.
type ray struct {
	from, dir int
	squares   []int
}

func newData(m *model.Model) *data {
	d := &data{m: m, index: map[model.Square]int{}}
	b := m.Board
	for r := 0; r < b.Rows; r++ {
		for f := 0; f < b.Cols; f++ {
			if s := (model.Square{File: f, Rank: r}); b.IsOpen(s) {
				d.squares = append(d.squares, s)
				d.index[s] = len(d.squares)
			}
		}
	}
	kindOf := map[string]bool{}
	addKind := func(p *model.Piece) {
		if !kindOf[p.Name] {
			kindOf[p.Name] = true
			d.kinds = append(d.kinds, p)
		}
	}
	for _, e := range m.Place {
		addKind(e.Piece)
	}
	for _, f := range m.Fixed {
		addKind(m.Pieces[f.Piece])
	}
	d.fixedOn = make([]int, len(d.squares)+1)
	for _, f := range m.Fixed {
		d.fixedOn[d.index[f.Square]] = d.kindIndex(f.Piece)
	}
	d.buildRays()
	return d
}

func (d *data) kindIndex(name string) int {
	for i, k := range d.kinds {
		if k.Name == name {
			return i + 1
		}
	}
	return 0
}

// buildRays lists, for every open square and every direction some kind
// rides, the open squares along it up to the edge, a wall or a square off
// the board.
func (d *data) buildRays() {
	seen := map[model.Vector]bool{}
	for _, k := range d.kinds {
		for _, v := range k.Rides {
			if !seen[v] {
				seen[v] = true
				d.dirs = append(d.dirs, v)
			}
		}
	}
	for si, s := range d.squares {
		for di, v := range d.dirs {
			r := ray{from: si + 1, dir: di + 1}
			// Board.Line folds the ray across glued edges (a wrapped
			// board) and ends it before it comes back to s.
			d.m.Board.Line(s, v, true, func(t model.Square) bool {
				r.squares = append(r.squares, d.index[t])
				return true
			})
			if len(r.squares) > 0 {
				d.rays = append(d.rays, r)
			}
		}
	}
}

// write writes the data as MiniZinc parameters.
func (d *data) write(b *strings.Builder) {
	n := len(d.squares)
	fmt.Fprintf(b, "int: n = %d;  %% open squares\nset of int: SQ = 1..n;\n", n)
	b.WriteString("array[SQ] of string: name = [")
	for i, s := range d.squares {
		sep(b, i)
		fmt.Fprintf(b, "%q", s.String())
	}
	b.WriteString("];\narray[SQ] of bool: dark = [")
	for i, s := range d.squares {
		sep(b, i)
		fmt.Fprint(b, s.Dark())
	}
	fmt.Fprintf(b, "];\nset of int: K = 1..%d;\narray[K] of string: kind = [", len(d.kinds))
	for i, k := range d.kinds {
		sep(b, i)
		fmt.Fprintf(b, "%q", k.Name)
	}
	b.WriteString("];\n")
	fmt.Fprintf(b, "array[SQ] of 0..%d: fixedOn = %s;  %% the kind fixed on each square, 0 for none\n", len(d.kinds), ints(d.fixedOn[1:]))
	fmt.Fprintf(b, "bool: strong = %v;\n", d.m.Rules.Attack == model.Strong)
	lo, hi := 0, 0
	if f := d.m.FreeWalls; f != nil {
		lo, hi = f.Min, min(f.Max, n)
	}
	fmt.Fprintf(b, "bool: freeWalls = %v;  %% walls may be added, from minW to maxW of them\nint: minW = %d;\nint: maxW = %d;\nint: fixedWalls = %d;\n",
		d.m.FreeWalls != nil, lo, hi, d.m.Board.WallCount())
	wt := make([]int, len(d.squares))
	for i, s := range d.squares {
		wt[i] = int(d.m.Weight(s))
	}
	fmt.Fprintf(b, "array[SQ] of int: wt = %s;  %% square weights, 0 where none\n", ints(wt))
	d.writeCounts(b)
	d.writeRays(b)
	d.writeLeaps(b)
}

// writeCounts writes the bounds of the place list per kind and colour.
func (d *data) writeCounts(b *strings.Builder) {
	var bounds [6][]int // minL maxL minD maxD minA maxA
	for _, k := range d.kinds {
		var lo, hi [3]int
		for _, e := range d.m.Place {
			if e.Piece.Name == k.Name {
				lo[e.Colour] += e.Count.Min
				hi[e.Colour] = min(len(d.squares), hi[e.Colour]+min(e.Count.Max, len(d.squares)))
			}
		}
		for i, v := range []int{lo[model.Light], hi[model.Light], lo[model.Dark], hi[model.Dark], lo[model.AnyColour], hi[model.AnyColour]} {
			bounds[i] = append(bounds[i], v)
		}
	}
	for i, name := range []string{"minL", "maxL", "minD", "maxD", "minA", "maxA"} {
		fmt.Fprintf(b, "array[K] of int: %s = %s;\n", name, ints(bounds[i]))
	}
}

// writeRays writes the rays and, per square, the (ray, position) pairs that
// reach it, so that the attack of a square reads only its own.
func (d *data) writeRays(b *strings.Builder) {
	fmt.Fprintf(b, "int: D = %d;  %% ride directions:", len(d.dirs))
	for _, v := range d.dirs {
		fmt.Fprintf(b, " (%d,%d)", v.File, v.Rank)
	}
	b.WriteString("\narray[K, 1..D] of bool: rides = array2d(K, 1..D, [")
	i := 0
	for _, k := range d.kinds {
		for _, v := range d.dirs {
			sep(b, i)
			i++
			fmt.Fprint(b, contains(k.Rides, v))
		}
	}
	long := 1
	for _, r := range d.rays {
		long = max(long, len(r.squares))
	}
	var from, dir, pad []int
	hits := make([][][2]int, len(d.squares)+1)
	for ri, r := range d.rays {
		from, dir = append(from, r.from), append(dir, r.dir)
		for j, t := range r.squares {
			hits[t] = append(hits[t], [2]int{ri + 1, j + 1})
		}
		for j := 0; j < long; j++ {
			if j < len(r.squares) {
				pad = append(pad, r.squares[j])
			} else {
				pad = append(pad, 1) // never read: positions stop at the ray's length
			}
		}
	}
	fmt.Fprintf(b, "]);\nint: R = %d;  %% rays\narray[1..R] of SQ: rayFrom = %s;\narray[1..R] of 1..max(1, D): rayDir = %s;\n", len(d.rays), ints(from), ints(dir))
	fmt.Fprintf(b, "array[1..R, 1..%d] of SQ: raySq = array2d(1..R, 1..%d, %s);\n", long, long, ints(pad))
	var hitRay, hitPos, lo, hi []int
	for t := 1; t <= len(d.squares); t++ {
		lo = append(lo, len(hitRay)+1)
		for _, h := range hits[t] {
			hitRay, hitPos = append(hitRay, h[0]), append(hitPos, h[1])
		}
		hi = append(hi, len(hitRay))
	}
	fmt.Fprintf(b, "array[SQ] of int: hitLo = %s;\narray[SQ] of int: hitHi = %s;\n", ints(lo), ints(hi))
	fmt.Fprintf(b, "array[int] of int: hitRay = %s;\narray[int] of int: hitPos = %s;\n", ints(hitRay), ints(hitPos))
}

// writeLeaps writes, per kind and target square, the squares it leaps from.
func (d *data) writeLeaps(b *strings.Builder) {
	b.WriteString("array[K, SQ] of set of SQ: leapFrom = array2d(K, SQ, [")
	i := 0
	for _, k := range d.kinds {
		// from[t]: the squares whose leaps reach t, folded across glued
		// edges as Board.Line folds them.
		from := make([][]int, len(d.squares)+1)
		for _, s := range d.squares {
			for _, v := range k.Leaps {
				d.m.Board.Line(s, v, false, func(t model.Square) bool {
					if !slices.Contains(from[d.index[t]], d.index[s]) {
						from[d.index[t]] = append(from[d.index[t]], d.index[s])
					}
					return true
				})
			}
		}
		for t := range d.squares {
			sep(b, i)
			i++
			sort.Ints(from[t+1])
			b.WriteString("{" + strings.Trim(ints(from[t+1]), "[]") + "}")
		}
	}
	b.WriteString("]);\n")
}

func contains(vs []model.Vector, v model.Vector) bool {
	for _, w := range vs {
		if w == v {
			return true
		}
	}
	return false
}

func sep(b *strings.Builder, i int) {
	if i > 0 {
		b.WriteString(", ")
	}
}

func ints(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}
