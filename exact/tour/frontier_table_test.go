package tour

import (
	"context"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// TestFrontierBytesPerClass bounds the tables' peak by the classes of the
// largest step: 6x7 open (306,316 classes at the widest step) held 84
// bytes of tables a class when the step before's table stayed a hash
// table and the next was sized for all its classes, 42 since (compacted
// arrays, the next sized for half and grown by a quarter).
func TestFrontierBytesPerClass(t *testing.T) {
	if testing.Short() {
		t.Skip("about a second")
	}
	res, err := SolveWith(context.Background(), modularModel(t, "6x7", "{piece: knight}"), model.Options{Task: model.TaskCount}, Frontier)
	if err != nil {
		t.Fatal(err)
	}
	bytes, classes := res.Stats.Extra["peak_table_bytes"].(int64), res.Stats.Extra["peak_classes"].(int64)
	t.Logf("%d bytes at most, %d classes at most: %.1f a class", bytes, classes, float64(bytes)/float64(classes))
	if classes < 100000 || bytes > 48*classes {
		t.Errorf("%d bytes of tables for %d classes at most: more than 48 a class", bytes, classes)
	}
}
