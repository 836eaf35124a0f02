package slide

import (
	"encoding/binary"
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// Slides with different pieces (model.SlideSpec.Labelled): each piece
// belongs to a group with its own piece and move rule, pieces of one group
// are interchangeable and those of different groups are not. A state lists
// the open squares of each group's pieces, each group's sorted, as a
// string key; ShortestLabelled is a breadth-first search from the start
// over those keys, with a parent link per state, until it meets the goal
// or runs out of states. It does not fold states by symmetry: it is meant
// for small puzzles (Guarini's knights have 420 states).

// maxLabelledSquares bounds the open squares of a labelled slide: a
// square is a 16-bit number in a state's key.
const maxLabelledSquares = 1 << 16

// labelledStateBytes estimates a stored state: its key twice (the table's
// key and the list of states) with their headers, the map entry's
// overhead, the parent link and the move.
func labelledStateBytes(pieces int) int64 { return int64(4*pieces + 80) }

// A labelledSpace is a labelled slide compiled to square numbers.
type labelledSpace struct {
	squares []model.Square       // open squares by number
	number  map[model.Square]int // the inverse
	groups  []labelledGroup
	pieces  int
}

// A labelledGroup holds the moves of one group's piece from each square:
// its leaps, and its rides as rays of squares in order.
type labelledGroup struct {
	first, count int // the group's pieces in a state: [first, first+count)
	ordinary     bool
	leaps        [][]int
	rays         [][][]int
}

func compileLabelled(m *model.Model) (*labelledSpace, error) {
	if m.Kind != model.KindSlide || m.Slide == nil {
		return nil, fmt.Errorf("slide: a %s model is not a sliding puzzle: %w", m.Kind, model.ErrUnsupported)
	}
	if err := m.SlideGeometryError(); err != nil {
		return nil, fmt.Errorf("slide: %w", err)
	}
	b := m.Board
	ls := &labelledSpace{number: map[model.Square]int{}}
	for i := 0; i < b.Size(); i++ {
		if s := b.Square(i); b.IsOpen(s) {
			ls.number[s] = len(ls.squares)
			ls.squares = append(ls.squares, s)
		}
	}
	if len(ls.squares) > maxLabelledSquares {
		return nil, fmt.Errorf("slide: a slide with different pieces takes boards of up to %d open squares, the %s board has %d: %w",
			maxLabelledSquares, b.Dims(), len(ls.squares), model.ErrUnsupported)
	}
	for _, g := range m.Slide.SlideGroups() {
		lg := labelledGroup{first: ls.pieces, count: len(g.From), ordinary: g.Move == model.MoveOrdinary,
			leaps: make([][]int, len(ls.squares)), rays: make([][][]int, len(ls.squares))}
		for v, s := range ls.squares {
			// b.Line folds the lines of a wrapped board onto it
			for _, d := range g.Piece.Leaps {
				b.Line(s, d, false, func(t model.Square) bool {
					lg.leaps[v] = append(lg.leaps[v], ls.number[t])
					return true
				})
			}
			for _, d := range g.Piece.Rides {
				var ray []int
				b.Line(s, d, true, func(t model.Square) bool {
					ray = append(ray, ls.number[t])
					return true
				})
				if len(ray) > 0 {
					lg.rays[v] = append(lg.rays[v], ray)
				}
			}
		}
		ls.groups = append(ls.groups, lg)
		ls.pieces += len(g.From)
	}
	return ls, nil
}

// key writes a state: each group's squares, sorted within the group.
func (ls *labelledSpace) key(state []int) string {
	buf := make([]byte, 2*len(state))
	for _, g := range ls.groups {
		part := state[g.first : g.first+g.count]
		sortInts(part)
	}
	for i, v := range state {
		binary.LittleEndian.PutUint16(buf[2*i:], uint16(v))
	}
	return string(buf)
}

func (ls *labelledSpace) decode(key string, state []int) {
	for i := range state {
		state[i] = int(binary.LittleEndian.Uint16([]byte(key[2*i : 2*i+2])))
	}
}

// endKey is the key of the groups' start or goal squares.
func (ls *labelledSpace) endKey(m *model.Model, goal bool) string {
	var state []int
	for _, g := range m.Slide.SlideGroups() {
		squares := g.From
		if goal {
			squares = g.To
		}
		for _, s := range squares {
			state = append(state, ls.number[s])
		}
	}
	return ls.key(state)
}

// moves calls visit with each move of the state: the piece's index in the
// state and its target square. occupied holds the state's squares.
func (ls *labelledSpace) moves(state []int, occupied []bool, visit func(piece, to int)) {
	for _, g := range ls.groups {
		for p := g.first; p < g.first+g.count; p++ {
			from := state[p]
			for _, t := range g.leaps[from] {
				if !occupied[t] {
					visit(p, t)
				}
			}
			for _, ray := range g.rays[from] {
				last := -1
				for _, t := range ray {
					if occupied[t] {
						break
					}
					if g.ordinary {
						visit(p, t)
					}
					last = t
				}
				if !g.ordinary && last >= 0 {
					visit(p, last)
				}
			}
		}
	}
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
