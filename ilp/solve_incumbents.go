//go:build cgo

package ilp

import (
	"github.com/chessmodel/chessmodel/model"
)

// incumbents turns the column values of each solution lp_solve improves
// on into a model.Incumbent for listen (model.Options.Improved): decoded
// by the program's names and accepted by the checker first, so that a
// listener never hears an unchecked solution; the value is the checker's
// measure, not the program's objective. A solution the checker refuses is
// not reported: the final one, checked again, says what went wrong. A nil
// listener gives nil.
func incumbents(m *model.Model, p *Program, listen func(model.Incumbent)) func(columns []float64, bound *int64) {
	if listen == nil {
		return nil
	}
	return func(columns []float64, bound *int64) {
		if len(columns) != len(p.Variables) {
			return // not the program's columns (a reduced model)
		}
		sol, value, err := checkedSolution(m, p, outcome{values: columns, stopped: true})
		if err != nil {
			return
		}
		listen(model.Incumbent{Value: value, Bound: bound, Solution: &sol})
	}
}
