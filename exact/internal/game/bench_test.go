package game

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// race3 is the 5x5 race with three rooks a side (a2 b5 e4 against b1 a4
// e5, the centre the goal): 7,084,000 positions on 491,260 slots.
const race3 = `name: race 5x5, 3 rooks
board: 5
game:
  sides:
    - {label: white, piece: rook, from: [a2, b5, e4], goal: [c3]}
    - {label: black, piece: rook, from: [b1, a4, e5], goal: [c3]}
`

// BenchmarkRetrograde is explore's analysis (values only) of the 5x5 race
// with three rooks a side, on one worker.
func BenchmarkRetrograde(b *testing.B) {
	m, err := model.Parse([]byte(race3), "race3.yaml")
	if err != nil {
		b.Fatal(err)
	}
	sp, err := newSpace(m, true)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(sp.slots), "slots")
	for b.Loop() {
		if _, err := retrograde(context.Background(), sp, false, [2]int64{}, 1, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSlotDecode(b *testing.B) {
	m, _ := model.Parse([]byte(race3), "race3.yaml")
	sp, _ := newSpace(m, true)
	p := sp.newPos()
	s := sp.newScratch()
	b.Run("decode", func(b *testing.B) {
		i := int64(0)
		for b.Loop() {
			sp.decode(i, p)
			i = (i + 7919) % sp.slots
		}
	})
	b.Run("slot", func(b *testing.B) {
		sp.decode(12345, p)
		for b.Loop() {
			sp.slot(p.sq[0], p.sq[1], 1, s)
		}
	})
	b.Run("moves", func(b *testing.B) {
		sp.decode(12345, p)
		for b.Loop() {
			sp.moves(p, func(int, int32) bool { return true })
		}
	})
}
