package render

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestWeightsDrawn: every weighted open square shows its number, a
// square without weight none.
func TestWeightsDrawn(t *testing.T) {
	m, err := model.Parse([]byte("board: {size: 3, walls: [c3], weights: {a1: 7, b2: -13, c3: 99}}\nplace: [1 king]\nobjective: maximize weight\n"), "w.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Draw(context.Background(), &out, m, nil, FormatSVG, Options{}); err != nil {
		t.Fatal(err)
	}
	svg := out.String()
	for _, want := range []string{">7<", ">-13<"} {
		if !strings.Contains(svg, want) && !strings.Contains(svg, strings.Replace(want, "-", "−", 1)) {
			t.Errorf("the weight %s is not drawn", want)
		}
	}
	if strings.Contains(svg, ">99<") {
		t.Error("the weight of a wall is drawn")
	}
}
