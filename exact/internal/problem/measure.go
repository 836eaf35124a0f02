package problem

import "github.com/chessmodel/chessmodel/model"

// CoverMeasure is what the search covers of a model (fold's plan reads it
// from the model; the searches from the compiled Problem): the rule's measure when there is
// a cover rule (an objective on another measure is weighed separately),
// otherwise the objective's.
func CoverMeasure(m *model.Model) model.Measure {
	if m.Rules.Cover != nil {
		return m.Rules.Cover.What
	}
	return m.Objective.Measure
}
