package serve

import (
	"fmt"
	"net/http"
	"slices"

	"github.com/chessmodel/chessmodel/model"
)

// playRequest is a position the player has reached: a placement (pieces),
// a tour so far (squares) or the moves of a slide so far.
type playRequest struct {
	modelRequest
	// Puzzle, when set, is the id of a puzzle of the collection: the model
	// and walls are the puzzle's, and YAML and Walls are ignored.
	Puzzle   string         `json:"puzzle,omitempty"`
	Solution model.Solution `json:"solution"`
	// Attacks shades the squares the pieces attack.
	Attacks bool `json:"attacks,omitempty"`
}

// playAnswer is the checker's verdict on a position, with the picture and
// what the page marks on it.
type playAnswer struct {
	OK    bool        `json:"ok"`
	Error *modelError `json:"error,omitempty"`
	Model *modelView  `json:"model,omitempty"`

	// The checker's report.
	Valid    bool             `json:"valid"`
	Problems []string         `json:"problems"`
	Value    int64            `json:"value"`
	Measures map[string]int64 `json:"measures"`
	// Solved: valid, and optimal where the model optimises and the optimum
	// is known. Verdict says it in words.
	Solved  bool   `json:"solved"`
	Verdict string `json:"verdict"`
	// Incomplete: nothing is wrong yet, the position is only unfinished
	// (too few pieces, a tour or slide under way).
	Incomplete bool `json:"incomplete"`

	// Placement marks: pieces attacked by another, squares a coverage rule
	// or objective wants attacked (or dominated) that are not.
	Attacked  []model.Square `json:"attacked,omitempty"`
	Uncovered []model.Square `json:"uncovered,omitempty"`
	// Tour: the squares the piece may go to next. Slide: every move the
	// position allows, and where the pieces stand.
	Next     []model.Square `json:"next,omitempty"`
	Slides   []model.Move   `json:"slides,omitempty"`
	Position []model.Square `json:"position,omitempty"`
}

func (s *Server) handlePlay(w http.ResponseWriter, r *http.Request) {
	var req playRequest
	if !readJSON(w, r, &req) {
		return
	}
	var p parsed
	var optimum *int64
	if req.Puzzle != "" {
		pz, yaml, ok := s.cfg.Puzzles.find(req.Puzzle)
		if !ok {
			writeError(w, http.StatusNotFound, "no puzzle %q", req.Puzzle)
			return
		}
		p = s.parseModel(&modelRequest{YAML: yaml, File: "puzzle.yaml", Walls: pz.Walls})
		optimum = &pz.Value
	} else {
		p = s.parseModel(&req.modelRequest)
	}
	if p.err != nil {
		writeJSON(w, http.StatusOK, playAnswer{Error: p.err})
		return
	}
	if optimum == nil {
		if o, ok := s.optima.get(p.key); ok {
			optimum = &o
		}
	}
	ans, err := s.play(p, &req.Solution, optimum, req.Attacks)
	if err != nil {
		writeJSON(w, http.StatusOK, playAnswer{Error: &modelError{Line: 1, Column: 1, Message: err.Error(), Text: err.Error()}})
		return
	}
	writeJSON(w, http.StatusOK, ans)
}

// play judges a position with the checker and works out the marks and the
// legal moves.
func (s *Server) play(p parsed, sol *model.Solution, optimum *int64, attacks bool) (*playAnswer, error) {
	m := p.m
	if len(sol.Pieces)+len(sol.Walls)+len(sol.Squares)+len(sol.Moves) > 4*m.Board.Size()+16 {
		return nil, fmt.Errorf("the position has more entries than the %s board has room for", m.Board.Dims())
	}
	ans := &playAnswer{OK: true}
	drawn, drawnSol := m, sol
	illegal := ""
	switch m.Kind {
	case model.KindPlace:
		ans.Attacked, ans.Uncovered = placementMarks(m, sol)
	case model.KindTour:
		ans.Next, illegal = tourNext(m, sol.Squares)
		if m.Tour.Closed && len(sol.Squares) < m.Board.OpenCount() {
			// The picture closes a closed tour's path; not before it is whole.
			spec := *m.Tour
			spec.Closed = false
			c := *m
			c.Tour = &spec
			drawn = &c
		}
	case model.KindSlide:
		var at []model.Square
		var groups []model.SlideGroup
		if m.Slide.Labelled() {
			at, groups, ans.Slides, illegal = labelledSlideState(m, sol.Moves) // slide_groups.go
		} else {
			at, ans.Slides, illegal = slideState(m, sol.Moves)
		}
		ans.Position = at
		// The picture shows the position reached, with the goal marked.
		spec := *m.Slide
		spec.From, spec.Groups = at, groups
		c := *m
		c.Slide = &spec
		drawn, drawnSol = &c, nil
	}
	view, err := s.view(parsed{m: drawn, key: p.key}, drawnSol)
	if err != nil {
		return nil, err
	}
	if m.Kind == model.KindPlace && attacks {
		view.SVG, view.Board, err = picture(m, sol, attacks)
		if err != nil {
			return nil, err
		}
	}
	view.Optimum = optimum
	ans.Model = view

	report := model.Check(m, sol)
	ans.Valid, ans.Problems, ans.Value, ans.Measures = report.Valid, report.Problems, report.Value, report.Measures
	if ans.Problems == nil {
		ans.Problems = []string{}
	}
	if illegal != "" {
		ans.Valid = false
		ans.Problems = append([]string{illegal}, ans.Problems...)
	}
	ans.Solved, ans.Verdict = verdict(m, ans, optimum, illegal)
	if !ans.Valid && illegal == "" {
		ans.Incomplete, ans.Verdict = unfinished(m, sol, ans)
	}
	return ans, nil
}

// unfinished tells a position that is only not finished yet from one that
// is wrong: a tour or slide whose moves are legal so far, a placement that
// the checker accepts once the place list's minimum counts and the coverage
// rule and the least of each attack count are dropped (too few pieces,
// squares not yet covered, pieces not yet attacked enough).
func unfinished(m *model.Model, sol *model.Solution, ans *playAnswer) (bool, string) {
	if m.Kind != model.KindPlace {
		return true, ans.Verdict
	}
	relaxed := *m
	relaxed.Place = slices.Clone(m.Place)
	for i := range relaxed.Place {
		relaxed.Place[i].Count.Min = 0
	}
	relaxed.Rules.Cover = nil
	// an attack count's least is, like coverage, only not reached yet
	relaxed.Rules.Counts = slices.Clone(m.Rules.Counts)
	for i := range relaxed.Rules.Counts {
		relaxed.Rules.Counts[i].Count.Min = 0
	}
	if r := model.Check(&relaxed, sol); !r.Valid {
		// What is wrong beyond being unfinished comes first.
		return false, "not valid: " + r.Problems[0]
	}
	if need := m.MinPieces(); len(sol.Pieces) < need {
		return true, fmt.Sprintf("%d of %d pieces placed", len(sol.Pieces), need)
	}
	what := "attacked"
	if m.Rules.Cover != nil && m.Rules.Cover.What == model.MeasureDominated {
		what = "dominated"
	}
	return true, fmt.Sprintf("%s placed, %s not yet %s", plural(len(sol.Pieces), "piece"), plural(len(ans.Uncovered), "square"), what)
}

// verdict says in words what the position is.
func verdict(m *model.Model, ans *playAnswer, optimum *int64, illegal string) (bool, string) {
	switch {
	case illegal != "":
		return false, illegal
	case m.Kind == model.KindTour && !ans.Valid:
		return false, fmt.Sprintf("%d of %d squares visited", ans.Value, m.Board.OpenCount())
	case m.Kind == model.KindSlide && !ans.Valid:
		if optimum != nil {
			return false, fmt.Sprintf("%s played; the optimum is %d", plural(int(ans.Value), "move"), *optimum)
		}
		return false, fmt.Sprintf("%s played", plural(int(ans.Value), "move"))
	case !ans.Valid:
		return false, "not valid: " + ans.Problems[0]
	case m.Kind == model.KindTour:
		return true, fmt.Sprintf("solved: %s tour of all %d squares", map[bool]string{true: "a closed", false: "an open"}[m.Tour.Closed], ans.Value)
	case m.Kind == model.KindSlide && optimum != nil && ans.Value == *optimum:
		return true, fmt.Sprintf("solved in %s, the optimum", plural(int(ans.Value), "move"))
	case m.Kind == model.KindSlide && optimum != nil:
		return true, fmt.Sprintf("solved in %s; the optimum is %d", plural(int(ans.Value), "move"), *optimum)
	case m.Kind == model.KindSlide:
		return true, fmt.Sprintf("solved in %s (optimum not known yet: Solve finds it)", plural(int(ans.Value), "move"))
	case !optimizing(m):
		return true, "solved"
	case optimum != nil && ans.Value == *optimum:
		return true, fmt.Sprintf("solved: value %d, the optimum", ans.Value)
	case optimum != nil:
		return false, fmt.Sprintf("valid, value %d (the optimum is %d)", ans.Value, *optimum)
	}
	return false, fmt.Sprintf("valid, value %d", ans.Value)
}

// placementMarks finds the pieces that stand attacked (when the rules ask
// for independence) and the squares left uncovered (when a rule or the
// objective counts attacked or dominated squares).
func placementMarks(m *model.Model, sol *model.Solution) (attackedPieces, uncovered []model.Square) {
	b := m.Board
	walls := map[model.Square]bool{}
	for _, w := range sol.Walls {
		walls[w] = true
	}
	pieces := append(append([]model.Placed(nil), m.Fixed...), sol.Pieces...)
	grid := m.AttackedSquares(pieces, sol.Walls)
	occupied := make([]bool, b.Size())
	for _, p := range pieces {
		if b.InBounds(p.Square) {
			occupied[b.Index(p.Square)] = true
		}
	}
	if m.Rules.Independent {
		for _, p := range sol.Pieces {
			if b.InBounds(p.Square) && grid[b.Index(p.Square)] {
				attackedPieces = append(attackedPieces, p.Square)
			}
		}
	}
	what := model.MeasureNone
	if c := m.Rules.Cover; c != nil {
		what = c.What
	} else if o := m.Objective.Measure; m.Objective.Sense == model.Maximize && (o == model.MeasureAttacked || o == model.MeasureDominated) {
		// Only a wish for more covered squares makes an uncovered one a
		// defect; minimising them, it is what the player wants.
		what = o
	}
	if what == model.MeasureNone {
		return attackedPieces, nil
	}
	for i := range b.Size() {
		s := b.Square(i)
		if !b.IsOpen(s) || walls[s] || grid[i] || (what == model.MeasureDominated && occupied[i]) {
			continue
		}
		uncovered = append(uncovered, s)
	}
	return attackedPieces, uncovered
}

// reach lists the squares a piece can move to from s on the board: its
// leaps to open free squares, and along each ride every open free square
// up to the first blocked one. free says whether a square is unoccupied.
func reach(b *model.Board, pc *model.Piece, from model.Square, free func(model.Square) bool) []model.Square {
	var out []model.Square
	if b.Wrapped() {
		add := func(t model.Square) bool {
			if free(t) {
				out = append(out, t)
			}
			return free(t)
		}
		for _, v := range pc.Leaps {
			b.Line(from, v, false, add)
		}
		for _, d := range pc.Rides {
			b.Line(from, d, true, add)
		}
		return out
	}
	for _, v := range pc.Leaps {
		if t := from.Add(v); b.IsOpen(t) && free(t) {
			out = append(out, t)
		}
	}
	for _, d := range pc.Rides {
		for t := from.Add(d); b.IsOpen(t) && free(t); t = t.Add(d) {
			out = append(out, t)
		}
	}
	return out
}

// tourNext is where a tour may go next, and a message if the tour so far
// makes an illegal step.
func tourNext(m *model.Model, path []model.Square) (next []model.Square, illegal string) {
	b := m.Board
	visited := map[model.Square]bool{}
	unvisited := func(s model.Square) bool { return !visited[s] }
	for i, s := range path {
		if !b.IsOpen(s) {
			return nil, fmt.Sprintf("square %d, %v, is not an open square", i+1, s)
		}
		if visited[s] {
			return nil, fmt.Sprintf("%v is visited twice", s)
		}
		if i == 0 && m.Tour.Start != nil && s != *m.Tour.Start {
			return nil, fmt.Sprintf("the tour must start on %v", *m.Tour.Start)
		}
		if i > 0 && !contains(reach(b, m.Tour.Piece, path[i-1], func(model.Square) bool { return true }), s) {
			return nil, fmt.Sprintf("%v to %v is not a %s move", path[i-1], s, m.Tour.Piece.Name)
		}
		visited[s] = true
	}
	switch {
	case len(path) > 0:
		// A rider passes over visited squares: only its landing square must be new.
		for _, t := range reach(b, m.Tour.Piece, path[len(path)-1], func(model.Square) bool { return true }) {
			if unvisited(t) {
				next = append(next, t)
			}
		}
	case m.Tour.Start != nil:
		next = []model.Square{*m.Tour.Start}
	default:
		for i := range b.Size() {
			if s := b.Square(i); b.IsOpen(s) {
				next = append(next, s)
			}
		}
	}
	return next, ""
}

// slideState replays a slide's moves: where the pieces stand after them,
// every move allowed from there, and a message if some move was illegal (a
// piece slides as far as it goes, so each piece has at most one move per
// direction).
func slideState(m *model.Model, moves []model.Move) (at []model.Square, allowed []model.Move, illegal string) {
	occupied := map[model.Square]bool{}
	for _, s := range m.Slide.From {
		occupied[s] = true
	}
	for i, mv := range moves {
		if !contains(slides(m, occupied), mv) {
			return squaresOf(m.Board, occupied), nil, fmt.Sprintf("move %d, %v-%v, is not a slide as far as the piece goes", i+1, mv.From, mv.To)
		}
		delete(occupied, mv.From)
		occupied[mv.To] = true
	}
	return squaresOf(m.Board, occupied), slides(m, occupied), ""
}

// slides lists every move of a position: each piece, each direction, as far
// as it goes; each leap to a free square.
func slides(m *model.Model, occupied map[model.Square]bool) []model.Move {
	b, pc := m.Board, m.Slide.Piece
	free := func(s model.Square) bool { return !occupied[s] }
	var out []model.Move
	for _, from := range squaresOf(b, occupied) {
		if b.Wrapped() {
			out = append(out, wrappedSlides(b, pc, from, free)...)
			continue
		}
		for _, v := range pc.Leaps {
			if t := from.Add(v); b.IsOpen(t) && free(t) {
				out = append(out, model.Move{From: from, To: t})
			}
		}
		for _, d := range pc.Rides {
			last := from
			for t := from.Add(d); b.IsOpen(t) && free(t); t = t.Add(d) {
				last = t
			}
			if last != from {
				out = append(out, model.Move{From: from, To: last})
			}
		}
	}
	return out
}

func squaresOf(b *model.Board, set map[model.Square]bool) []model.Square {
	out := make([]model.Square, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	model.SortSquares(out)
	return out
}

func contains[T comparable](list []T, x T) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}

// plural writes a count and a noun, "1 move", "2 moves".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// wrappedSlides lists the moves of the piece on from on a wrapped board:
// each leap to a free square; each ride as far as it goes, unless nothing
// stops it and it would come round to its own square (no move).
func wrappedSlides(b *model.Board, pc *model.Piece, from model.Square, free func(model.Square) bool) []model.Move {
	var out []model.Move
	for _, v := range pc.Leaps {
		b.Line(from, v, false, func(t model.Square) bool {
			if free(t) {
				out = append(out, model.Move{From: from, To: t})
			}
			return true
		})
	}
	for _, d := range pc.Rides {
		last, n := from, 0
		b.Line(from, d, true, func(t model.Square) bool {
			if !free(t) {
				return false
			}
			last, n = t, n+1
			return true
		})
		next, ok := b.Reduce(from.File+(n+1)*d.File, from.Rank+(n+1)*d.Rank)
		if n > 0 && !(ok && next == from) {
			out = append(out, model.Move{From: from, To: last})
		}
	}
	return out
}
