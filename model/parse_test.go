package model_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

func TestTestdataModelsParse(t *testing.T) {
	files, err := filepath.Glob("../testdata/models/*.yaml")
	if err != nil || len(files) < 20 {
		t.Fatalf("expected the seed models in testdata/models, found %d (%v)", len(files), err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			m, err := model.Load(f)
			if err != nil {
				t.Fatal(err)
			}
			if d := m.Diagram(nil); !strings.Contains(d, "\n") {
				t.Errorf("diagram %q", d)
			}
			// D4, times the shifts along glued edges on a wrapped board
			order := 8
			if w := m.Board.Wrap; w.FilesWrap() {
				order *= m.Board.Cols
				if w.RanksWrap() {
					order *= m.Board.Rows
				}
			}
			if g := m.Symmetries(); len(g) == 0 || order%len(g) != 0 || g[0] != (model.Transform{}) {
				t.Errorf("symmetry group of order %d: want a subgroup of D4 (with shifts on a wrapped board) with the identity first", len(g))
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		want       string // file:line:column: and a phrase of the message
		phrase     string
	}{
		{"unknown key", "board: 8\nplace: [8 queen]\nrulez: [independent]\n", "m.yaml:3:1:", `unknown key "rulez"`},
		{"bad square", "board: {size: 8, walls: [e4, z9]}\nplace: [max queen]\n", "m.yaml:1:30:", "square z9 is not on the 8x8 board"},
		{"malformed square", "board: {size: 8, walls: [4e]}\nplace: [max queen]\n", "m.yaml:1:26:", "expected letters for the file"},
		{"negative count", "board: 8\nplace: [-1 queen]\n", "m.yaml:2:9:", `bad count "-1"`},
		{"too many pieces", "board: 3\nplace: [10 rook]\n", "m.yaml:2:8:", "more pieces than free squares"},
		{"too many on one colour", "board: 2\nplace: [3 bishop on dark]\n", "m.yaml:2:8:", "more pieces on dark squares"},
		{"unknown piece", "board: 8\nplace: [8 queeen]\n", "m.yaml:2:11:", `unknown piece "queeen"`},
		{"tour start on a wall", "board: {size: 8, walls: [d1]}\ntour: {piece: knight, start: d1}\n", "m.yaml:2:30:", "tour start d1 is a wall"},
		{"not yaml", "board: [8\nplace: {\n", "m.yaml:", "not a valid YAML model"},
		{"not a mapping", "- 1\n- 2\n", "m.yaml:1:1:", "expected a mapping"},
		{"empty", "", "m.yaml:1:1:", "empty model"},
		{"two kinds", "board: 8\nplace: [1 queen]\ntour: {piece: knight}\n", "m.yaml:3:7:", "exactly one of place, tour, slide"},
		{"no kind", "board: 8\n", "m.yaml:1:1:", "exactly one of place, tour, slide"},
		{"zero board", "board: 0\nplace: [1 queen]\n", "m.yaml:1:8:", "each side must be from 1"},
		{"bad size", "board: 8x\nplace: [1 queen]\n", "m.yaml:1:8:", `expected a board size like 8 or "6x9" (ranks x files), found "8x"`},
		{"ragged diagram", "board: |\n  ...\n  ..\nplace: [1 king]\n", "m.yaml:3:3:", "diagram row 2 has 2 squares"},
		{"diagram letter", "board: |\n  ..\n  .x\nplace: [1 king]\n", "m.yaml:3:4:", `unexpected 'x'`},
		{"bad rule", "board: 8\nplace: [8 queen]\nrules: [independant]\n", "m.yaml:3:9:", `unknown rule "independant"`},
		{"bad objective", "board: 8\nplace: [8 queen]\nobjective: maximize fun\n", "m.yaml:3:12:", "expected maximize or minimize"},
		{"walls objective without free walls", "board: 8\nplace: [8 queen]\nobjective: minimize walls\n", "m.yaml:3:12:", "needs free walls"},
		{"max with other objective", "board: 8\nplace: [max queen]\nobjective: maximize attacked\n", "m.yaml:3:12:", "conflicts"},
		{"redefine builtin", "pieces: {queen: {leap: [1, 3]}}\nboard: 8\nplace: [1 queen]\n", "m.yaml:1:10:", "built in"},
		{"zero leap", "pieces: {dud: {leap: [0, 0]}}\nboard: 8\nplace: [1 dud]\n", "m.yaml:1:22:", "does not move"},
		{"self compound", "pieces: {a: [a]}\nboard: 8\nplace: [1 a]\n", "m.yaml:1:14:", "in terms of itself"},
		{"slide counts differ", "board: 8\nslide: {piece: rook, from: [a1, h8], to: [d4]}\n", "m.yaml:2:42:", "as many target squares"},
		{"key in wrong kind", "board: 8\ntour: {piece: knight}\nrules: [independent]\n", "m.yaml:3:8:", "belongs to place models"},
		{"fixed on wall", "board: {size: 4, walls: [a1]}\nfixed: [queen a1]\nplace: [1 rook]\n", "m.yaml:1:8:", "stands on a wall"},
		{"duplicate key", "board: 8\nboard: 9\nplace: [1 queen]\n", "m.yaml:2:1:", `key "board" given twice`},
		{"bad stack", "board: 8\nstack: maybe\nplace: [1 queen]\n", "m.yaml:2:8:", "expected true or false"},
		// a row of a block indented less than the rows above it: the library
		// blames the mapping around it (line 2) or a missing ':'
		{"weights row out of line", "board:\n  size: 3\n  weights: |\n     1 2 3\n     4 5 6\n    7 8 9\nplace: [1 queen]\nobjective: maximize weight\n", "m.yaml:6:5:", `row 3 of the block "weights: |" (line 3) is indented 4 spaces, the rows above it 5`},
		{"weights row at the key's indentation", "board:\n  size: 3\n  weights: |\n     1 2 3\n     4 5 6\n  7 8 9\nplace: [1 queen]\nobjective: maximize weight\n", "m.yaml:6:3:", `row 3 of the block "weights: |" (line 3) is indented 2 spaces, the rows above it 5`},
		{"diagram row out of line", "board: |\n    ...\n   ...\nplace: [1 king]\n", "m.yaml:3:4:", `row 2 of the block "board: |" (line 1) is indented 3 spaces, the rows above it 4`},
		{"a key without its colon after a block", "board: |\n  ....\n  ....\nplace [max rook]\nrules: [independent]\n", "m.yaml:4:1:", "could not find expected ':'"},
		{"a key out of line after a block", "board:\n  weights: |\n     1 2\n     3 4\n   size: 2\nplace: [1 queen]\n", "m.yaml:", "did not find expected key"},
		{"next key after a block", "board:\n  size: 3\n  weights: |\n     1 2 3\n  walls: [a1\nplace: [1 queen]\n", "m.yaml:5:10:", "did not find expected ',' or ']'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := model.Parse([]byte(tc.yaml), "m.yaml")
			if err == nil {
				t.Fatal("no error")
			}
			var merr *model.Error
			if !errors.As(err, &merr) {
				t.Fatalf("error %v is not a *model.Error", err)
			}
			if !strings.HasPrefix(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.phrase) {
				t.Errorf("error\n  %v\nwant prefix %q containing %q", err, tc.want, tc.phrase)
			}
		})
	}
}

func TestOverrides(t *testing.T) {
	src, err := os.ReadFile("../testdata/models/n-queens.yaml")
	if err != nil {
		t.Fatal(err)
	}
	m, err := model.Parse(src, "n-queens.yaml", "board=12")
	if err != nil {
		t.Fatal(err)
	}
	if m.Board.Rows != 12 || m.Board.Cols != 12 || m.MinPieces() != 12 {
		t.Errorf("board=12 gave %s with %d queens", m.Board.Dims(), m.MinPieces())
	}
	m, err = model.Parse(src, "n-queens.yaml", "board.walls=[e4, d5]", "place=[max queen]")
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Board.Walls(); len(got) != 2 || m.Objective.Sense != model.Maximize || m.Board.Rows != 8 {
		t.Errorf("walls %v, objective %v, board %s", got, m.Objective, m.Board.Dims())
	}
	_, err = model.Parse(src, "n-queens.yaml", "board.walls=[z99]")
	if err == nil || !strings.HasPrefix(err.Error(), "--set board.walls=[z99]:1:2:") {
		t.Errorf("override error %v: want it located in the --set value", err)
	}
	if _, err = model.Parse(src, "n-queens.yaml", "board"); err == nil || !strings.Contains(err.Error(), "key=value") {
		t.Errorf("malformed override: %v", err)
	}
	// Errors inside a --set value, diagrams included, are placed in it,
	// not in the file (issue 22 item 14: board=8x8x8 was blamed on the
	// file's line 1).
	for _, c := range []struct {
		overrides []string
		want      string
	}{
		{[]string{"board=8x8x8"}, `--set board=8x8x8:1:1: expected a board size like 8 or "6x9" (ranks x files), found "8x8x8"`},
		{[]string{"board=8x8x8", "board.walls=[e4]"}, `--set board=8x8x8:1:1: expected a board size like 8 or "6x9" (ranks x files), found "8x8x8"`},
		{[]string{"board=..Z."}, "--set board=..Z.:1:3: unexpected 'Z' in the diagram; expected . (open), # (wall), - (not on the board) or a piece letter B K N Q R"},
		{[]string{"board=|\n  ..\n  .Z"}, "--set board=|\n  ..\n  .Z:3:4: unexpected 'Z' in the diagram"},
		{[]string{"board=|\n  ..\n  ..."}, "--set board=|\n  ..\n  ...:3:3: diagram row 2 has 3 squares, expected 2 like the first row"},
	} {
		_, err := model.Parse(src, "n-queens.yaml", c.overrides...)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("--set %q: %v\nwant %s", c.overrides, err, c.want)
		}
	}
}

func TestSquareNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		sq   model.Square
	}{
		{"a1", model.Square{0, 0}}, {"h8", model.Square{7, 7}}, {"z26", model.Square{25, 25}},
		{"aa1", model.Square{26, 0}}, {"az3", model.Square{51, 2}}, {"ba10", model.Square{52, 9}},
		{"zz1", model.Square{701, 0}}, {"aaa1", model.Square{702, 0}},
	} {
		got, err := model.ParseSquare(tc.name)
		if err != nil || got != tc.sq {
			t.Errorf("ParseSquare(%q) = %v, %v; want %v", tc.name, got, err, tc.sq)
		}
		if s := tc.sq.String(); s != tc.name {
			t.Errorf("%v.String() = %q, want %q", tc.sq, s, tc.name)
		}
		if b, err := tc.sq.MarshalText(); err != nil || string(b) != tc.name {
			t.Errorf("%v.MarshalText() = %q, %v; want %q", tc.sq, b, err, tc.name)
		}
	}
	for _, bad := range []string{"", "a", "1", "a0", "A1", "a-1", "a+1", "a01", "e4x"} {
		if _, err := model.ParseSquare(bad); err == nil {
			t.Errorf("ParseSquare(%q) accepted", bad)
		}
	}
}

func TestFairyPieces(t *testing.T) {
	m, err := model.Parse([]byte(`
pieces:
  camel: {leap: [1, 3]}
  amazon: [queen, knight]
  nightrider: {ride: [1, 2]}
  wazir: {leap: [0, 1], symbol: W}
  crowned: {of: [amazon, wazir]}
board: 8
place: [1 camel, 1 amazon, 1 nightrider, 1 crowned]
`), "fairy.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		piece         string
		leaps, rides  int
		symbolPresent bool
	}{
		{"camel", 8, 0, true}, {"amazon", 8, 8, true}, {"nightrider", 0, 8, true},
		{"wazir", 4, 0, true}, {"crowned", 12, 8, true}, {"king", 8, 0, true},
	} {
		p := m.Pieces[tc.piece]
		if p == nil || len(p.Leaps) != tc.leaps || len(p.Rides) != tc.rides || p.Symbol == 0 {
			t.Errorf("%s: %+v; want %d leaps, %d rides", tc.piece, p, tc.leaps, tc.rides)
		}
	}
	if m.Pieces["wazir"].Symbol != 'W' {
		t.Errorf("wazir symbol %c", m.Pieces["wazir"].Symbol)
	}
}

// TestOverrideSizeKeepsBoard: a size given for a board written as a
// mapping replaces its size, or its diagram, and keeps the other keys:
// board=6 on the torus queens' {size: 7, wrap: torus} is the 6x6 torus,
// as board.size=6 is, not a plain 6x6 board.
func TestOverrideSizeKeepsBoard(t *testing.T) {
	torus, err := os.ReadFile("../testdata/models/torus-queens.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range [][]string{{"board=6"}, {"board.size=6"}, {"board=6x6"}} {
		m, err := model.Parse(torus, "torus-queens.yaml", o...)
		if err != nil {
			t.Fatal(err)
		}
		if m.Board.Rows != 6 || m.Board.Cols != 6 || m.Board.Wrap == model.WrapNone {
			t.Errorf("--set %v: board %s, wrap %v; want the 6x6 torus", o, m.Board.Dims(), m.Board.Wrap)
		}
	}
	src := []byte("board: {diagram: \"...\\n.#.\\n...\", wrap: cylinder, walls: [a1]}\nplace: [max rook]\nrules: [independent]\n")
	m, err := model.Parse(src, "cylinder.yaml", "board=4")
	if err != nil {
		t.Fatal(err)
	}
	if m.Board.Rows != 4 || m.Board.Wrap == model.WrapNone || fmt.Sprint(m.Board.Walls()) != "[a1]" {
		t.Errorf("board=4 on a diagram mapping: %s, wrap %v, walls %v; want 4x4, cylinder, [a1]", m.Board.Dims(), m.Board.Wrap, m.Board.Walls())
	}
	// a mapping or a diagram given for the board replaces it whole
	for _, o := range []string{"board={size: 5}", "board=|\n  ...\n  ...\n  ..."} {
		m, err := model.Parse(torus, "torus-queens.yaml", o)
		if err != nil {
			t.Fatal(err)
		}
		if m.Board.Wrap != model.WrapNone {
			t.Errorf("--set %q kept the wrap %v", o, m.Board.Wrap)
		}
	}
}
