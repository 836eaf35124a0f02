package render

import (
	"bytes"
	"flag"
	"path/filepath"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

var docs = flag.Bool("docs", false, "write the README's pictures into docs/img")

// TestDocImages draws the pictures of the README from hand-made, checked
// solutions: go test ./render -run DocImages -docs
func TestDocImages(t *testing.T) {
	if !*docs {
		t.Skip("run with -docs to write docs/img")
	}
	dir := filepath.Join("..", "docs", "img")
	queens := loadModel(t, "eight-queens")
	blocked := loadModel(t, "blocked-3w-value11")
	tour := loadModel(t, "knights-tour")
	slide := loadModel(t, "sliding-queens")
	eleven := elevenQueens(t)[0]
	classes := essential(queens, maxQueens(queens))
	mustCheck(t, queens, eightQueens(t))
	mustCheck(t, blocked, &eleven)
	mustCheck(t, tour, knightsTour())
	mustCheck(t, slide, slidingQueens(t))
	for i := range classes {
		mustCheck(t, queens, &classes[i])
	}

	pictures := []struct {
		file string
		draw func(*bytes.Buffer) error
	}{
		{"eight-queens.svg", func(b *bytes.Buffer) error { return SVG(b, queens, eightQueens(t), Options{}) }},
		{"eight-queens.png", func(b *bytes.Buffer) error { return PNG(b, queens, eightQueens(t), Options{}) }},
		{"eight-queens-12.gif", func(b *bytes.Buffer) error { return GIF(b, queens, classes, Options{}) }},
		{"blocked-3w-value11.svg", func(b *bytes.Buffer) error { return SVG(b, blocked, &eleven, Options{}) }},
		{"blocked-3w-value11.png", func(b *bytes.Buffer) error { return PNG(b, blocked, &eleven, Options{}) }},
		{"knights-tour.png", func(b *bytes.Buffer) error { return PNG(b, tour, knightsTour(), Options{}) }},
		{"knights-tour.gif", func(b *bytes.Buffer) error {
			return GIF(b, tour, []model.Solution{*knightsTour()}, Options{})
		}},
		{"sliding-queens.gif", func(b *bytes.Buffer) error {
			return GIF(b, slide, []model.Solution{*slidingQueens(t)}, Options{})
		}},
	}
	for _, p := range pictures {
		var b bytes.Buffer
		if err := p.draw(&b); err != nil {
			t.Fatalf("%s: %v", p.file, err)
		}
		writeFile(t, filepath.Join(dir, p.file), b.Bytes())
	}
}
