package nqueens

import (
	"context"
	"fmt"
	"testing"

	"github.com/chessmodel/chessmodel/exact/internal/tasks"
)

// The orbits chosen cover every constellation exactly once: the weights of
// the representatives add up to the number of valid constellations, and
// each representative's plan has one free rank per queen still to place.
func TestConstellationOrbits(t *testing.T) {
	st := tasks.NewStopper(context.Background())
	defer st.Close()
	for n := 6; n <= 13; n++ {
		valid := 0
		for first := 0; first < n; first++ {
			for last := 0; last < n; last++ {
				for west := 0; west < n; west++ {
					for east := 0; east < n; east++ {
						if (constellation{first, last, west, east}).valid(n) {
							valid++
						}
					}
				}
			}
		}
		var weights int64
		for _, p := range constellationPlans(n, st) {
			weights += p.weight
		}
		if weights != int64(valid) {
			t.Errorf("n=%d: orbit sizes add up to %d, want %d constellations", n, weights, valid)
		}
	}
}

// Completions of each constellation, summed with the orbit weights, against
// a plain count of the solutions whose border queens stand there.
func TestCompletionsAgainstListing(t *testing.T) {
	for n := 6; n <= 10; n++ {
		byConstellation := map[constellation]int64{}
		eachQueens(n, nil, func(files []int32) bool {
			c := constellation{first: int(files[0]), last: int(files[n-1])}
			for r, f := range files {
				if f == 0 {
					c.west = r
				}
				if int(f) == n-1 {
					c.east = r
				}
			}
			byConstellation[c]++
			return true
		})
		st := tasks.NewStopper(context.Background())
		for first := 0; first < n; first++ {
			for last := 0; last < n; last++ {
				for west := 0; west < n; west++ {
					for east := 0; east < n; east++ {
						c := constellation{first, last, west, east}
						if !c.valid(n) {
							continue
						}
						p := c.plan(n, 1)
						found, _, _ := countCompletions(&p, st)
						if found != byConstellation[c] {
							t.Errorf("n=%d %+v: %d completions, want %d", n, c, found, byConstellation[c])
						}
					}
				}
			}
		}
		st.Close()
	}
}

// The pair search finds the same symmetric solutions as testing every
// solution against its half and quarter turns.
func TestSymmetricQueens(t *testing.T) {
	for n := 1; n <= 12; n++ {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var half, quarter int64
			eachQueens(n, nil, func(files []int32) bool {
				h, q := true, true
				for r, f := range files {
					if int(files[n-1-r]) != n-1-int(f) {
						h = false
					}
					if int(files[f]) != n-1-r {
						q = false
					}
				}
				if h {
					half++
				}
				if q {
					quarter++
				}
				return true
			})
			st := tasks.NewStopper(context.Background())
			defer st.Close()
			gotHalf, gotQuarter := symmetricQueens(n, st, nil)
			if gotHalf != half || gotQuarter != quarter {
				t.Errorf("n=%d: %d half-turn and %d quarter-turn symmetric, want %d and %d", n, gotHalf, gotQuarter, half, quarter)
			}
		})
	}
}
