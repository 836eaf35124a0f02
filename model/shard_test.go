package model

import "testing"

// The parts of a task split Of ways are disjoint and cover every task.
func TestShardPartition(t *testing.T) {
	for of := 1; of <= 7; of++ {
		for task := 0; task < 50; task++ {
			owners := 0
			for k := 0; k < of; k++ {
				if (Shard{Index: k, Of: of}).Owns(task) {
					owners++
				}
			}
			if owners != 1 {
				t.Fatalf("task %d of a %d-way split has %d owners", task, of, owners)
			}
		}
	}
	if !(Shard{}).Owns(12) || (Shard{}).Active() {
		t.Fatal("the zero shard is the whole task")
	}
	for _, bad := range []Shard{{Index: 3, Of: 3}, {Index: -1, Of: 2}, {Of: -1}} {
		if bad.Validate() == nil {
			t.Errorf("%+v validated", bad)
		}
	}
	if (Shard{Index: 2, Of: 3}).Validate() != nil || (Shard{}).Validate() != nil {
		t.Error("a valid shard was refused")
	}
}
