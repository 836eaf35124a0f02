package render

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/model"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const goldenDir = "../testdata/golden/render"

// A picture case is a model and a solution to draw.
type pictureCase struct {
	name  string
	m     *model.Model
	sol   *model.Solution
	opts  Options
	valid bool // the solution must pass the checker
}

func pictureCases(t *testing.T) []pictureCase {
	t.Helper()
	queens := loadModel(t, "eight-queens")
	blocked := loadModel(t, "blocked-3w-value11")
	kings := loadModel(t, "kings-shaped")
	pieces := loadModel(t, "eight-pieces")
	amazons := loadModel(t, "amazons")
	camels := loadModel(t, "camels")
	stack := loadModel(t, "eight-pieces-stack")
	leastWalls := loadModel(t, "least-walls-10")
	tour := loadModel(t, "knights-tour")
	closed := loadModel(t, "knights-tour-closed")
	slide := loadModel(t, "sliding-queens")
	wide := loadModel(t, "queens-6x9")
	big := loadModel(t, "n-queens", "board=30")
	huge := loadModel(t, "n-queens", "board=100")

	eightPieces := &model.Solution{}
	for _, p := range []struct{ piece, square string }{
		{"rook", "a1"}, {"knight", "b1"}, {"bishop", "c1"}, {"queen", "d1"},
		{"king", "e1"}, {"bishop", "f1"}, {"knight", "g1"}, {"rook", "h1"},
	} {
		eightPieces.Pieces = append(eightPieces.Pieces, model.Placed{Piece: p.piece, Square: squares(t, p.square)[0]})
	}
	stacked := &model.Solution{Pieces: append([]model.Placed(nil), eightPieces.Pieces...)}
	stacked.Pieces[0].Square = squares(t, "d4")[0]
	stacked.Pieces[1].Square = squares(t, "d4")[0]
	stacked.Pieces[3].Square = squares(t, "d4")[0]

	return []pictureCase{
		{name: "eight-queens", m: queens, sol: eightQueens(t), valid: true},
		{name: "eight-queens-attacks", m: queens, sol: eightQueens(t), opts: Options{Attacks: true}, valid: true},
		{name: "eight-queens-model", m: queens},
		{name: "blocked-3w-value11", m: blocked, sol: &elevenQueens(t)[0], valid: true},
		{name: "kings-shaped", m: kings, sol: placement(t, "king", "c1", "e1", "a3", "g3"), opts: Options{Attacks: true}},
		{name: "eight-pieces", m: pieces, sol: eightPieces, opts: Options{Size: 320}, valid: true},
		{name: "eight-pieces-stack", m: stack, sol: stacked, opts: Options{Attacks: true}},
		{name: "amazons", m: amazons, sol: placement(t, "amazon", "a1", "c5", "h3"), opts: Options{Attacks: true}},
		{name: "camels", m: camels, sol: placement(t, "camel", "d4", "e4"), opts: Options{Attacks: true, NoCoordinates: true}},
		{name: "least-walls-free", m: leastWalls, sol: &model.Solution{
			Pieces: placement(t, "queen", "a1", "c2", "e3").Pieces, Walls: squares(t, "b2", "d3")}},
		{name: "knights-tour", m: tour, sol: knightsTour(), valid: true},
		{name: "knights-tour-model", m: tour},
		{name: "knights-tour-closed", m: closed, sol: &model.Solution{Squares: closedTour(6)}, valid: true},
		{name: "sliding-queens", m: slide, sol: slidingQueens(t), valid: true},
		{name: "sliding-queens-model", m: slide},
		{name: "queens-6x9", m: wide, sol: placement(t, "queen", "a1", "c2", "e3", "b4", "d5", "f6"), opts: Options{Size: 360}},
		{name: "board-30", m: big, opts: Options{Size: 300}},
		{name: "board-100-pattern", m: huge, sol: placement(t, "queen", "a1", "cv100"), opts: Options{Size: 300}},
	}
}

// elevenQueens are the placements of 11 queens on the 3-wall board of value 11.
func elevenQueens(t testing.TB) []model.Solution {
	m := loadModel(t, "blocked-3w-value11")
	sols := maxQueens(m)
	if len(sols) == 0 || len(sols[0].Pieces) != 11 {
		t.Fatalf("the 3-wall board should hold 11 queens, found %v", sols)
	}
	return sols
}

func TestSVGGolden(t *testing.T) {
	for _, tc := range pictureCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			if tc.valid {
				mustCheck(t, tc.m, tc.sol)
			}
			var got bytes.Buffer
			if err := SVG(&got, tc.m, tc.sol, tc.opts); err != nil {
				t.Fatal(err)
			}
			wellFormed(t, got.Bytes())
			var again bytes.Buffer
			if err := SVG(&again, tc.m, tc.sol, tc.opts); err != nil || !bytes.Equal(got.Bytes(), again.Bytes()) {
				t.Fatalf("SVG output differs between two runs (err %v)", err)
			}
			golden := filepath.Join(goldenDir, tc.name+".svg")
			if *update {
				writeFile(t, golden, got.Bytes())
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./render -update to write it)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("SVG differs from %s; if the change is meant, run go test ./render -update and look at the pictures", golden)
			}
		})
	}
}

// wellFormed fails unless the document parses as XML with an svg root.
func wellFormed(t *testing.T, doc []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
		}
	}
	if root != "svg" {
		t.Fatalf("root element %q, want svg", root)
	}
}

// pixel is the colour of the decoded picture at a point given in glyph
// units (0..100) of a square.
func pixel(img image.Image, l *layout, s model.Square, gx, gy float64) color.NRGBA {
	c := l.corner(s)
	x := int(c.X + gx*float64(l.sq)/100)
	y := int(c.Y + gy*float64(l.sq)/100)
	return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
}

func near(a, b color.NRGBA, tolerance int) bool {
	d := func(x, y uint8) int {
		if x > y {
			return int(x - y)
		}
		return int(y - x)
	}
	return d(a.R, b.R) <= tolerance && d(a.G, b.G) <= tolerance && d(a.B, b.B) <= tolerance
}

func decodePNG(t *testing.T, m *model.Model, sol *model.Solution, opts Options) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := PNG(&buf, m, sol, opts); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func TestPNG(t *testing.T) {
	queens := loadModel(t, "eight-queens")
	sol := eightQueens(t)
	img := decodePNG(t, queens, sol, Options{})
	l, err := newLayout(queens.Board, Options{}, false)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := img.Bounds().Size(), (image.Point{l.width, l.height}); got != want {
		t.Fatalf("size %v, want %v", got, want)
	}
	if l.sq != 60 || l.cols*l.sq != 480 {
		t.Errorf("8x8 at the default size: squares of %d px, board %d px; want 60 and 480", l.sq, l.cols*l.sq)
	}
	sq := func(name string) model.Square { return squares(t, name)[0] }
	checks := []struct {
		what   string
		square string
		gx, gy float64
		want   color.NRGBA
	}{
		{"a1 is dark", "a1", 50, 50, colourDark},
		{"b1 is light", "b1", 50, 50, colourLight},
		{"h8 is dark", "h8", 50, 50, colourDark},
		{"queen on a4", "a4", 50, 74, stylePlaced.body},
		{"queen on h1", "h1", 50, 74, stylePlaced.body},
		{"no queen on a5", "a5", 50, 74, colourDark},
	}
	for _, c := range checks {
		if got := pixel(img, l, sq(c.square), c.gx, c.gy); !near(got, c.want, 2) {
			t.Errorf("%s: pixel %v, want %v", c.what, got, c.want)
		}
	}
	if got := color.NRGBAModel.Convert(img.At(1, 1)).(color.NRGBA); got != colourBackground {
		t.Errorf("margin: %v, want the background %v", got, colourBackground)
	}

	// Walls, squares not on the board, fixed pieces, attacks.
	kings := loadModel(t, "kings-shaped")
	ksol := placement(t, "king", "c1", "e1")
	img = decodePNG(t, kings, ksol, Options{Attacks: true})
	l, _ = newLayout(kings.Board, Options{}, false)
	if got := pixel(img, l, sq("a1"), 50, 50); got != colourBackground {
		t.Errorf("a1 is not on the board: %v, want the background", got)
	}
	if got := pixel(img, l, sq("c3"), 55, 65); !near(got, styleFixed.body, 2) {
		t.Errorf("fixed knight on c3: %v, want the white of fixed pieces %v", got, styleFixed.body)
	}
	attackedLight, quiet := pixel(img, l, sq("c2"), 50, 50), pixel(img, l, sq("g6"), 50, 50)
	if !near(quiet, colourLight, 2) || near(attackedLight, colourLight, 20) || int(attackedLight.R) <= int(attackedLight.G)+40 {
		t.Errorf("c2 (attacked by the king on c1) %v should be shaded red, g6 %v plain light", attackedLight, quiet)
	}

	blocked := loadModel(t, "blocked-3w-value11")
	img = decodePNG(t, blocked, nil, Options{})
	l, _ = newLayout(blocked.Board, Options{}, false)
	for _, w := range blocked.Board.Walls() {
		if got := pixel(img, l, w, 8, 8); got != colourWall {
			t.Errorf("wall %v: %v, want the wall colour %v", w, got, colourWall)
		}
		if got := pixel(img, l, w, 50, 74); !near(got, styleWall.body, 2) {
			t.Errorf("pawn on wall %v: %v, want %v", w, got, styleWall.body)
		}
	}
}

// TestSVGAndPNGAgree checks that the two kinds of picture share a layout.
func TestSVGAndPNGAgree(t *testing.T) {
	for _, tc := range pictureCases(t) {
		var svg bytes.Buffer
		if err := SVG(&svg, tc.m, tc.sol, tc.opts); err != nil {
			t.Fatal(err)
		}
		img, err := Image(tc.m, tc.sol, tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		var head struct {
			Width  int `xml:"width,attr"`
			Height int `xml:"height,attr"`
		}
		if err := xml.Unmarshal(svg.Bytes(), &head); err != nil {
			t.Fatal(err)
		}
		if got := img.Bounds().Size(); got.X != head.Width || got.Y != head.Height {
			t.Errorf("%s: PNG %v, SVG %dx%d", tc.name, got, head.Width, head.Height)
		}
	}
}

func TestSizes(t *testing.T) {
	queens := loadModel(t, "eight-queens")
	cases := []struct {
		name     string
		m        *model.Model
		opts     Options
		raster   bool
		err      error
		boardPix int // board side in pixels, when no error
	}{
		{"default", queens, Options{}, true, nil, 480},
		{"small", queens, Options{Size: 100}, true, nil, 96},
		{"too small", queens, Options{Size: 5}, false, ErrSize, 0},
		{"too big a size", queens, Options{Size: 20000}, false, ErrSize, 0},
		{"too big a picture", queens, Options{Size: MaxSize}, true, ErrTooLarge, 0},
		{"squares of at least 2 px", loadModel(t, "n-queens", "board=1000"), Options{}, true, nil, 2000},
		{"too many squares", loadModel(t, "n-queens", "board=5000"), Options{}, false, ErrTooLarge, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l, err := newLayout(c.m.Board, c.opts, false)
			if err == nil && c.raster {
				err = l.checkRaster()
			}
			if !errors.Is(err, c.err) {
				t.Fatalf("error %v, want %v", err, c.err)
			}
			if err == nil && l.cols*l.sq != c.boardPix {
				t.Errorf("board of %d px, want %d", l.cols*l.sq, c.boardPix)
			}
		})
	}
	if err := SVG(io.Discard, queens, nil, Options{Size: 3}); !errors.Is(err, ErrSize) {
		t.Errorf("SVG with size 3: %v, want ErrSize", err)
	}
	if _, err := Image(queens, nil, Options{Size: MaxSize}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("PNG too large: %v, want ErrTooLarge", err)
	}
}

func TestLabels(t *testing.T) {
	cases := []struct {
		board      string
		size       int
		files      string // the labelled files, then the labelled ranks
		ranks      string
		fileStep   int
		rankStep   int
		fontAtMost float64
	}{
		{"8", 480, "a b c d e f g h", "1 2 3 4 5 6 7 8", 1, 1, 16},
		{"30", 300, "a c e g i k m o q s u w y aa ac", "1 3 5 7 9 11 13 15 17 19 21 23 25 27 29", 2, 2, 11},
		{"200", 480, "a j t ad an ax bh br cb cl cv df dp dz ej et fd fn fx gh gr",
			"1 10 20 30 40 50 60 70 80 90 100 110 120 130 140 150 160 170 180 190 200", 10, 10, 11},
	}
	for _, c := range cases {
		m := loadModel(t, "n-queens", "board="+c.board)
		l, err := newLayout(m.Board, Options{Size: c.size}, false)
		if err != nil {
			t.Fatal(err)
		}
		var files, ranks []string
		for i := 0; i < l.cols; i++ {
			if l.fileLabels.labelled(i) {
				files = append(files, model.FileName(i))
			}
		}
		for i := 0; i < l.rows; i++ {
			if l.rankLabels.labelled(i) {
				ranks = append(ranks, model.Square{Rank: i}.String()[1:])
			}
		}
		if got := strings.Join(files, " "); got != c.files {
			t.Errorf("%s at %d: files %q, want %q", c.board, c.size, got, c.files)
		}
		if got := strings.Join(ranks, " "); got != c.ranks {
			t.Errorf("%s at %d: ranks %q, want %q", c.board, c.size, got, c.ranks)
		}
		if l.fileLabels.step != c.fileStep || l.rankLabels.step != c.rankStep || l.fontSize > c.fontAtMost {
			t.Errorf("%s at %d: steps %d, %d, font %v", c.board, c.size, l.fileLabels.step, l.rankLabels.step, l.fontSize)
		}
	}
}

func TestGlyphFor(t *testing.T) {
	m, err := model.Parse([]byte(`
pieces:
  amazon: [queen, knight]
  chancellor: [rook, knight]
  tower: {ride: [1, 0]}
  camel: {leap: [1, 3]}
  nightrider: {ride: [1, 2]}
  superqueen: {of: [queen, knight], symbol: S}
board: 8
place: [1 amazon, 1 chancellor, 1 tower, 1 camel, 1 nightrider, 1 superqueen, 1 king, 1 knight]
rules: [attack strong]
`), "fairy")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"amazon": "queen-knight", "chancellor": "rook-knight", "tower": "rook", "camel": "disc-" + string(m.Pieces["camel"].Symbol),
		"nightrider": "disc-" + string(m.Pieces["nightrider"].Symbol), "superqueen": "queen-knight",
		"king": "king", "knight": "knight", "queen": "queen", "bishop": "bishop",
	}
	for name, g := range want {
		if got := glyphFor(m.Pieces[name]).name; got != g {
			t.Errorf("%s drawn as %s, want %s", name, got, g)
		}
	}
}

func TestAttacked(t *testing.T) {
	board := func(diagram string, rules string) *model.Model {
		m, err := model.Parse([]byte("board: |\n"+diagram+"place: [max queen]\nrules: ["+rules+"]\n"), "attacks")
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	walled := "  ....\n  .#..\n  ....\n  ....\n" // a 4x4 board with a wall on b3
	cases := []struct {
		name   string
		m      *model.Model
		pieces []model.Placed
		walls  []model.Square
		want   string // attacked squares, top rank first
	}{
		{"queen", board(walled, "independent"), placed(t, "queen b1"), nil,
			"....\n.#.x\nxxx.\nx.xx\n"},
		{"a rook stops at a piece under strong attack", board(walled, "attack strong"),
			placed(t, "rook a1", "knight a2"), nil,
			".x..\n.#x.\nx...\n.xxx\n"},
		{"a rook sees through pieces under weak attack", board(walled, "attack weak"),
			placed(t, "rook a1", "knight a2"), nil,
			"xx..\nx#x.\nx...\n.xxx\n"},
		{"a knight leaps over anything, not onto a wall", board(walled, "independent"),
			placed(t, "knight a1", "knight c4"), nil,
			"....\nx#..\n.xxx\n....\n"},
		{"a wall of the solution blocks", board(walled, "independent"),
			placed(t, "rook d1"), squares(t, "c1"),
			"...x\n.#.x\n...x\n..#.\n"},
	}
	for _, c := range cases {
		grid := attacked(c.m, c.pieces, c.walls)
		var got strings.Builder
		b := c.m.Board
		walls := map[model.Square]bool{}
		for _, w := range c.walls {
			walls[w] = true
		}
		for rank := b.Rows - 1; rank >= 0; rank-- {
			for file := 0; file < b.Cols; file++ {
				s := model.Square{File: file, Rank: rank}
				switch {
				case grid[b.Index(s)]:
					got.WriteByte('x')
				case !b.IsOpen(s) || walls[s]:
					got.WriteByte('#')
				default:
					got.WriteByte('.')
				}
			}
			got.WriteByte('\n')
		}
		if got.String() != c.want {
			t.Errorf("%s:\n%s\nwant\n%s", c.name, got.String(), c.want)
		}
	}
}

// decodeGIF decodes an animation and composes its frames as a viewer would.
func decodeGIF(t *testing.T, data []byte) (*gif.GIF, []*image.RGBA) {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	screen := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var frames []*image.RGBA
	for _, f := range g.Image {
		draw.Draw(screen, f.Bounds(), f, f.Bounds().Min, draw.Over)
		frames = append(frames, image.NewRGBA(screen.Bounds()))
		copy(frames[len(frames)-1].Pix, screen.Pix)
	}
	return g, frames
}

func TestGIFPlacements(t *testing.T) {
	m := loadModel(t, "eight-queens")
	all := maxQueens(m)
	sols := essential(m, all)
	if len(all) != 92 || len(sols) != 12 {
		t.Fatalf("%d eight-queens solutions in %d classes, want 92 and 12", len(all), len(sols))
	}
	for i := range sols {
		mustCheck(t, m, &sols[i])
	}
	var buf bytes.Buffer
	if err := GIF(&buf, m, sols, Options{}); err != nil {
		t.Fatal(err)
	}
	g, frames := decodeGIF(t, buf.Bytes())
	if len(frames) != 12 {
		t.Fatalf("%d frames, want 12", len(frames))
	}
	l, _ := newLayout(m.Board, Options{}, true)
	if g.Config.Width != l.width || g.Config.Height != l.height {
		t.Errorf("GIF %dx%d, want %dx%d", g.Config.Width, g.Config.Height, l.width, l.height)
	}
	for i, img := range frames {
		if g.Delay[i] != 100 {
			t.Errorf("frame %d shows %d cs, want 100", i, g.Delay[i])
		}
		queens := map[model.Square]bool{}
		for _, p := range sols[i].Pieces {
			queens[p.Square] = true
		}
		for idx := 0; idx < m.Board.Size(); idx++ {
			s := m.Board.Square(idx)
			got := pixel(img, l, s, 50, 74)
			want := colourLight
			switch {
			case queens[s]:
				want = stylePlaced.body
			case s.Dark():
				want = colourDark
			}
			if got != want {
				t.Fatalf("frame %d, %v: %v, want %v", i, s, got, want)
			}
		}
	}
}

func TestGIFTour(t *testing.T) {
	m := loadModel(t, "knights-tour")
	var buf bytes.Buffer
	if err := GIF(&buf, m, []model.Solution{*knightsTour()}, Options{}); err != nil {
		t.Fatal(err)
	}
	g, frames := decodeGIF(t, buf.Bytes())
	if len(frames) != 65 {
		t.Fatalf("%d frames, want one per square and the whole tour: 65", len(frames))
	}
	if last := g.Delay[len(g.Delay)-1]; last != 300 {
		t.Errorf("the whole tour shows %d cs, want 300", last)
	}
	l, _ := newLayout(m.Board, Options{}, true)
	// The knight stands on the square it reached: d8 first, f7 second.
	for i, s := range []string{"d8", "f7"} {
		if got := pixel(frames[i], l, squares(t, s)[0], 50, 82); !near(got, stylePlaced.body, 2) {
			t.Errorf("frame %d: the knight's base on %s is %v", i, s, got)
		}
	}
	// Squares not yet reached stay plain: a4 is the last.
	if got := pixel(frames[10], l, squares(t, "a4")[0], 50, 50); got != colourLight {
		t.Errorf("frame 10: a4 is %v, want plain light", got)
	}
	if got := pixel(frames[64], l, squares(t, "a4")[0], 50, 50); got == colourLight || got == colourDark {
		t.Errorf("last frame: a4 is %v, want the end marker", got)
	}

	big := loadModel(t, "knights-tour", "board=60", "tour.start=a1")
	long := warnsdorff(60, model.Square{})
	if long == nil {
		t.Fatal("no 60x60 tour")
	}
	buf.Reset()
	if err := GIF(&buf, big, []model.Solution{{Squares: long}}, Options{Delay: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Image) != tourFrames+1 || g.Delay[0] != 5 {
		t.Errorf("3600-square tour: %d frames of %d cs, want %d of 5", len(g.Image), g.Delay[0], tourFrames+1)
	}
}

func TestGIFSlide(t *testing.T) {
	m := loadModel(t, "sliding-queens")
	sol := *slidingQueens(t)
	mustCheck(t, m, &sol)
	var buf bytes.Buffer
	if err := GIF(&buf, m, []model.Solution{sol}, Options{}); err != nil {
		t.Fatal(err)
	}
	_, frames := decodeGIF(t, buf.Bytes())
	if len(frames) != len(sol.Moves)+1 {
		t.Fatalf("%d frames, want %d", len(frames), len(sol.Moves)+1)
	}
	l, _ := newLayout(m.Board, Options{}, true)
	last := frames[len(frames)-1]
	for _, s := range m.Slide.To {
		if got := pixel(last, l, s, 50, 74); !near(got, stylePlaced.body, 2) {
			t.Errorf("last frame: no queen on %v (%v)", s, got)
		}
	}
	for _, s := range m.Slide.From {
		if got := pixel(last, l, s, 50, 74); near(got, stylePlaced.body, 40) {
			t.Errorf("last frame: a queen still on %v", s)
		}
	}
}

func TestGIFLimits(t *testing.T) {
	m := loadModel(t, "eight-queens")
	many := make([]model.Solution, MaxFrames+1)
	if err := GIF(io.Discard, m, many, Options{}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("%d frames: %v, want ErrTooLarge", len(many), err)
	}
	var buf bytes.Buffer
	if err := GIF(&buf, m, nil, Options{}); err != nil {
		t.Fatal(err)
	}
	if g, err := gif.DecodeAll(&buf); err != nil || len(g.Image) != 1 {
		t.Errorf("the model alone: %v, want one frame", err)
	}
}

// TestHugeBoard draws a knight's tour of 200 x 200 squares: squares of two
// pixels, coordinates thinned, the SVG's dark squares as a pattern.
func TestHugeBoard(t *testing.T) {
	m := loadModel(t, "knights-tour", "board=200", "tour.start=a1")
	tour := warnsdorff(200, model.Square{})
	if tour == nil {
		t.Fatal("no 200x200 tour")
	}
	sol := &model.Solution{Squares: tour}
	img := decodePNG(t, m, sol, Options{})
	l, _ := newLayout(m.Board, Options{}, false)
	if l.sq != 2 || img.Bounds().Dx() != l.width || img.Bounds().Dy() != l.height {
		t.Errorf("200x200 at 480: squares %d px, picture %v", l.sq, img.Bounds())
	}
	var svg bytes.Buffer
	if err := SVG(&svg, m, sol, Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg.String(), `fill="url(#checker)"`) || svg.Len() > 2<<20 {
		t.Errorf("the 200x200 SVG takes %d bytes; want the checker pattern and under 2 MB", svg.Len())
	}
}

// TestOutlandishSolutions draws solutions that name squares far off the
// board, unknown pieces and moves from nowhere: the picture shows what it
// can and nothing panics.
func TestOutlandishSolutions(t *testing.T) {
	far := model.Square{File: 1 << 40, Rank: 1 << 40}
	queens := loadModel(t, "eight-queens")
	tour := loadModel(t, "knights-tour")
	slide := loadModel(t, "sliding-rooks")
	cases := []struct {
		m   *model.Model
		sol model.Solution
	}{
		{queens, model.Solution{Pieces: []model.Placed{{Piece: "queen", Square: far}, {Piece: "dragon", Square: squares(t, "a1")[0]}}, Walls: []model.Square{far}}},
		{tour, model.Solution{Squares: []model.Square{squares(t, "a1")[0], far, {File: -5, Rank: 3}}}},
		{slide, model.Solution{Moves: []model.Move{{From: far, To: squares(t, "a1")[0]}, {From: squares(t, "a1")[0], To: far}}}},
	}
	for _, c := range cases {
		for _, attacks := range []bool{false, true} {
			opts := Options{Attacks: attacks, Size: 120}
			if err := SVG(io.Discard, c.m, &c.sol, opts); err != nil {
				t.Error(err)
			}
			if err := PNG(io.Discard, c.m, &c.sol, opts); err != nil {
				t.Error(err)
			}
			if err := GIF(io.Discard, c.m, []model.Solution{c.sol}, opts); err != nil {
				t.Error(err)
			}
		}
	}
}
