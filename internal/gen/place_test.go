package gen_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/internal/gen"
)

func TestRandomModelsReproducible(t *testing.T) {
	a := rand.New(rand.NewPCG(7, 0))
	b := rand.New(rand.NewPCG(7, 0))
	kinds := map[string]int{}
	for i := 0; i < 300; i++ {
		x, y := gen.Random(a, fmt.Sprint("r", i)), gen.Random(b, fmt.Sprint("r", i))
		if x != y {
			t.Fatalf("model %d differs between two runs of one seed:\n%s\n%s", i, x, y)
		}
		for _, feature := range []string{"walls: free", "free:", "board: |", "pieces:", "cover", "stack", "attack weak", "objective:", "max ", "min ", " on ", "independent"} {
			if strings.Contains(x, feature) {
				kinds[feature]++
			}
		}
	}
	for feature, n := range kinds {
		if n < 3 {
			t.Errorf("feature %q in only %d of 300 random models", feature, n)
		}
	}
	if len(kinds) < 12 {
		t.Errorf("random models cover only %v", kinds)
	}
}
