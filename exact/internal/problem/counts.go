package problem

import "github.com/chessmodel/chessmodel/model"

// A CountRule is what the place list says about one kind of piece: the
// least and most pieces of it that entries for light squares, dark squares
// and squares of either colour take. Its tests mirror the checker's: the
// pieces on light and dark squares must be shared out among those entries.
type CountRule struct {
	min, max [3]int // indexed by model.Colour
}

// addEntry folds one place entry into the rule.
func (r *CountRule) addEntry(e model.PlaceEntry) {
	r.min[e.Colour] = capped(r.min[e.Colour] + e.Count.Min)
	r.max[e.Colour] = capped(r.max[e.Colour] + e.Count.Max)
}

func capped(n int) int { return min(n, model.Unbounded) }

// AllowsDark and AllowsLight say whether some entry lets the piece stand on
// a square of that colour.
func (r CountRule) AllowsLight() bool { return r.max[model.Light] > 0 || r.max[model.AnyColour] > 0 }
func (r CountRule) AllowsDark() bool  { return r.max[model.Dark] > 0 || r.max[model.AnyColour] > 0 }

// Over reports whether light and dark pieces are too many to share out; it
// only grows as pieces are added, so a search may prune on it.
func (r CountRule) Over(light, dark int) bool {
	return max(0, light-r.max[model.Light])+max(0, dark-r.max[model.Dark]) > r.max[model.AnyColour]
}

// Need is the least number of further pieces that satisfies the minimums.
func (r CountRule) Need(light, dark int) int {
	spare := max(0, light-r.min[model.Light]) + max(0, dark-r.min[model.Dark])
	return max(0, r.min[model.Light]-light) + max(0, r.min[model.Dark]-dark) + max(0, r.min[model.AnyColour]-spare)
}

// Most is the largest number of pieces of the kind the rule allows.
func (r CountRule) Most() int {
	return capped(r.max[model.Light] + r.max[model.Dark] + r.max[model.AnyColour])
}

// least is the smallest number of pieces of the kind the rule asks for.
func (r CountRule) least() int { return r.Need(0, 0) }
