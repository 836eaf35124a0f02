package slide

import (
	"context"
	"testing"
)

func TestExploreSeed(t *testing.T) {
	for _, piece := range []string{"rook", "queen"} {
		rep, err := Explore(context.Background(), seedModel(t, piece, 8), ExploreOptions{Components: true})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%+v %+v", rep, rep.Components)
	}
}
