package serve

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/render"
)

// A modelRequest carries the model as text, as the editor holds it.
type modelRequest struct {
	YAML string `json:"yaml"`
	// File names the model in messages ("eight-queens.yaml").
	File string `json:"file,omitempty"`
	// Walls are added to the board: the walls of a puzzle.
	Walls []model.Square `json:"walls,omitempty"`
}

// A modelError is a parse error placed in the editor.
type modelError struct {
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
	Text    string `json:"text"` // the whole error, file:line:column: message
}

// newModelError places an error of model.Parse.
func newModelError(err error) *modelError {
	var perr *model.Error
	if errors.As(err, &perr) {
		return &modelError{Line: perr.Line, Column: perr.Column, Message: perr.Msg, Text: perr.Error()}
	}
	return &modelError{Line: 1, Column: 1, Message: err.Error(), Text: err.Error()}
}

// wholeModelError is an error about the model as a whole, placed at its
// first line: its text names the file, as a parse error's does.
func wholeModelError(file, msg string) *modelError {
	return &modelError{Line: 1, Column: 1, Message: msg, Text: file + ": " + msg}
}

// parsed is a request's model, or why there is none.
type parsed struct {
	m   *model.Model
	key string // identifies the model text and added walls, for optima
	err *modelError
}

// parseModel reads the model of a request and applies its walls.
func (s *Server) parseModel(req *modelRequest) parsed {
	file := req.File
	if file == "" || checkName(file) != nil {
		file = "model.yaml"
	}
	if len(req.YAML) > MaxModelBytes {
		return parsed{err: wholeModelError(file, fmt.Sprintf("the model is %d bytes, over the %d a model may have", len(req.YAML), MaxModelBytes))}
	}
	m, err := model.Parse([]byte(req.YAML), file)
	if err != nil {
		return parsed{err: newModelError(err)}
	}
	if m.Board.Size() > s.cfg.MaxSquares {
		msg := fmt.Sprintf("the %s board has more than the %d squares the playground works on; use the command line for it", m.Board.Dims(), s.cfg.MaxSquares)
		return parsed{err: wholeModelError(file, msg)}
	}
	if len(req.Walls) > 0 {
		if m.Kind != model.KindPlace {
			return parsed{err: wholeModelError(file, "walls can be added to a place model only")}
		}
		for _, w := range req.Walls {
			if !m.Board.IsOpen(w) {
				return parsed{err: wholeModelError(file, fmt.Sprintf("added wall %v is not an open square of the %s board", w, m.Board.Dims()))}
			}
		}
		m = m.WithWalls(req.Walls)
	}
	h := sha256.New()
	h.Write([]byte(req.YAML))
	for _, w := range m.Board.Walls() {
		fmt.Fprintf(h, " %v", w)
	}
	return parsed{m: m, key: hex.EncodeToString(h.Sum(nil))}
}

// geometry places the board's squares on the picture, in its user units, so
// that the page can lay clickable squares over it.
type geometry struct {
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Square float64 `json:"square"`
	Rows   int     `json:"rows"`
	Cols   int     `json:"cols"`
}

// boardRect finds the board in an SVG from the render package: the picture's
// size on the <svg> element, the board as the second <rect> (the first is
// the background).
var (
	svgSize  = regexp.MustCompile(`<svg [^>]*width="([0-9.]+)" height="([0-9.]+)"`)
	svgRect  = regexp.MustCompile(`<rect x="([0-9.]+)" y="([0-9.]+)" width="([0-9.]+)" height="([0-9.]+)"`)
	errShape = errors.New("serve: the picture's board could not be located")
)

func locateBoard(svg []byte, b *model.Board) (*geometry, error) {
	size := svgSize.FindSubmatch(svg)
	rects := svgRect.FindAllSubmatch(svg, 2)
	if size == nil || len(rects) < 2 {
		return nil, errShape
	}
	f := func(b []byte) float64 { v, _ := strconv.ParseFloat(string(b), 64); return v }
	g := &geometry{Width: f(size[1]), Height: f(size[2]), X: f(rects[1][1]), Y: f(rects[1][2]), Rows: b.Rows, Cols: b.Cols}
	w, h := f(rects[1][3]), f(rects[1][4])
	g.Square = w / float64(b.Cols)
	if g.Square <= 0 || h != g.Square*float64(b.Rows) {
		return nil, errShape
	}
	return g, nil
}

// picture draws the model and a solution with the render package.
func picture(m *model.Model, sol *model.Solution, attacks bool) (string, *geometry, error) {
	var buf bytes.Buffer
	if err := render.SVG(&buf, m, sol, render.Options{Size: 480, Attacks: attacks}); err != nil {
		return "", nil, err
	}
	g, err := locateBoard(buf.Bytes(), m.Board)
	if err != nil {
		return "", nil, err
	}
	return buf.String(), g, nil
}

// A paletteEntry is a piece the player may place, with the place list's
// count for it.
type paletteEntry struct {
	Piece  string `json:"piece"`
	Symbol string `json:"symbol"`
	Count  string `json:"count"`           // "8 queen", "max queen", "1 bishop on light"
	Group  string `json:"group,omitempty"` // its group in a group model ("9 queen as white")
}

// modelView is what the page shows of a model before anything is played.
type modelView struct {
	Summary model.Summary  `json:"summary"`
	Palette []paletteEntry `json:"palette,omitempty"`
	// Optimizing is set when a valid position is not necessarily optimal:
	// the model maximises or minimises something.
	Optimizing bool `json:"optimizing"`
	// Optimum is the optimal value when a solve on this server found it.
	Optimum *int64    `json:"optimum,omitempty"`
	Board   *geometry `json:"board"`
	SVG     string    `json:"svg"`
	// Refused names the backends known in advance not to answer the model
	// (brute beyond its budget, or on a tour or slide), with their reason:
	// the page does not offer them for it.
	Refused map[string]string `json:"refused,omitempty"`
}

// parseAnswer is the answer to /api/parse.
type parseAnswer struct {
	OK    bool        `json:"ok"`
	Error *modelError `json:"error,omitempty"`
	Model *modelView  `json:"model,omitempty"`
}

func (s *Server) handleParse(w http.ResponseWriter, r *http.Request) {
	var req modelRequest
	if !readJSON(w, r, &req) {
		return
	}
	p := s.parseModel(&req)
	if p.err != nil {
		writeJSON(w, http.StatusOK, parseAnswer{Error: p.err})
		return
	}
	view, err := s.view(p, nil)
	if err != nil {
		writeJSON(w, http.StatusOK, parseAnswer{Error: &modelError{Line: 1, Column: 1, Message: err.Error(), Text: err.Error()}})
		return
	}
	writeJSON(w, http.StatusOK, parseAnswer{OK: true, Model: view})
}

// view describes a parsed model, drawn with sol.
func (s *Server) view(p parsed, sol *model.Solution) (*modelView, error) {
	m := p.m
	v := &modelView{Summary: m.Summarize(), Optimizing: optimizing(m)}
	for _, e := range m.Place {
		v.Palette = append(v.Palette, paletteEntry{Piece: e.Piece.Name, Symbol: string(e.Piece.Symbol), Count: e.String(), Group: e.Group})
	}
	if o, ok := s.optima.get(p.key); ok {
		v.Optimum = &o
	}
	v.Refused = s.refused(m)
	var err error
	v.SVG, v.Board, err = picture(m, sol, false)
	return v, err
}

// refused asks the backends that can say so quickly whether they refuse m:
// brute decides from the size of its candidate space before it lists any,
// so a run under a context already ended costs at most its first check.
func (s *Server) refused(m *model.Model) map[string]string {
	var out map[string]string
	for name, b := range s.cfg.Backends {
		if _, ok := b.(*brute.Solver); !ok {
			continue
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := (safely{b}).Solve(ctx, m, model.Options{Task: model.TaskSolve, Workers: 1}); errors.Is(err, model.ErrUnsupported) {
			if out == nil {
				out = map[string]string{}
			}
			out[name] = err.Error()
		}
	}
	return out
}

// optimizing reports whether the model asks for a best value rather than
// any valid position: an objective, or a slide (fewest moves).
func optimizing(m *model.Model) bool {
	switch m.Kind {
	case model.KindPlace:
		return m.Objective.Sense != model.Fixed
	case model.KindSlide:
		return true
	}
	return false
}
