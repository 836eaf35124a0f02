package ilp

import (
	"fmt"
	"math"
	"sort"

	"github.com/chessmodel/chessmodel/model"
)

// integrality is how far from 0 or 1 a decision value may be (lp_solve's
// own integer tolerance is 1e-7).
const integrality = 1e-6

// Decode maps solver values, indexed like p.Variables, back to a placement:
// a piece for each piece variable at 1 (a stacked copy is a further piece on
// the same square), a wall for each free-wall variable at 1. The solution is
// normalised. A slide's program gives the moves at 1 in step order. It is
// an error for a decision variable to be fractional.
func (p *Program) Decode(values []float64) (model.Solution, error) {
	var s model.Solution
	if len(values) != len(p.Variables) {
		return s, fmt.Errorf("ilp: %d values for %d variables", len(values), len(p.Variables))
	}
	var moves []Variable
	for i, v := range p.Variables {
		if v.Role == RoleAux {
			continue
		}
		on, err := decision(v, values[i])
		if err != nil {
			return s, err
		}
		if !on {
			continue
		}
		switch v.Role {
		case RolePiece:
			s.Pieces = append(s.Pieces, model.Placed{Piece: v.Piece, Square: v.Square, Group: v.Group})
		case RoleWall:
			s.Walls = append(s.Walls, v.Square)
		case RoleMove:
			moves = append(moves, v)
		}
	}
	if p.Objective.Quantity == slideQuantity {
		sort.SliceStable(moves, func(i, j int) bool { return moves[i].Step < moves[j].Step })
		s.Moves = []model.Move{}
		for i, v := range moves {
			if i > 0 && v.Step == moves[i-1].Step {
				return s, fmt.Errorf("ilp: two moves at step %d", v.Step)
			}
			s.Moves = append(s.Moves, model.Move{From: v.Square, To: v.To})
		}
		return s, nil
	}
	s.Normalize()
	return s, nil
}

// decision reads a 0/1 value.
func decision(v Variable, x float64) (bool, error) {
	switch {
	case math.Abs(x) <= integrality:
		return false, nil
	case math.Abs(x-1) <= integrality:
		return true, nil
	}
	return false, fmt.Errorf("ilp: decision variable %s = %g is not 0 or 1", v.Name, x)
}

// Encode is the inverse of Decode on the decision variables: 1 for each
// piece (copies counted level by level) and wall of the solution, 0 for the
// others. It reports false if the solution has a piece or wall the program
// has no variable for. Counting uses it to cut off the images of a
// solution under the model's symmetries.
func (p *Program) Encode(s model.Solution) (map[int]bool, bool) {
	type at struct {
		piece, group string
		square       model.Square
	}
	copies := map[at]int{}
	for _, pc := range s.Pieces {
		copies[at{pc.Piece, pc.Group, pc.Square}]++
	}
	walls := map[model.Square]bool{}
	for _, w := range s.Walls {
		walls[w] = true
	}
	ones := map[int]bool{}
	matchedPieces, matchedWalls := 0, 0
	for i, v := range p.Variables {
		switch v.Role {
		case RolePiece:
			if v.Level <= copies[at{v.Piece, v.Group, v.Square}] {
				ones[i] = true
				matchedPieces++
			}
		case RoleWall:
			if walls[v.Square] {
				ones[i] = true
				matchedWalls++
			}
		}
	}
	return ones, matchedPieces == len(s.Pieces) && matchedWalls == len(walls)
}
