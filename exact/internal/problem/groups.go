package problem

import "github.com/chessmodel/chessmodel/model"

// Group models (model/groups.go): a slot is a (piece, group) pair, and the
// symmetry group holds group permutations beside board transforms.

// GroupName is the group of slot k's pieces, "" in a model without groups.
func (p *Problem) GroupName(k int) string {
	if !p.Model.HasGroups() {
		return ""
	}
	return p.Model.Army.Groups[p.GroupOf[p.RuleOf[k]]]
}

// squarePerm is a transform as a permutation of squares.
func (p *Problem) squarePerm(t model.Transform) []int32 {
	perm := make([]int32, p.Squares)
	for i := range perm {
		sq := t.Apply(p.Square(i), p.Rows, p.Cols)
		perm[i] = int32(sq.Rank*p.Cols + sq.File)
	}
	return perm
}

// groupSymmetries fills group and slotPerm from the model's whole symmetry
// group, the identity excluded: an identity transform that swaps groups is
// a symmetry of its own.
func (p *Problem) groupSymmetries() {
	slotOf := map[[2]int]int32{} // (piece's rule name index, group) -> slot
	names := map[string]int{}
	for k := range p.Kinds {
		name, ok := names[p.Kinds[k].Name]
		if !ok {
			name = len(names)
			names[p.Kinds[k].Name] = name
		}
		slotOf[[2]int{name, p.GroupOf[p.RuleOf[k]]}] = int32(k)
	}
	for _, sym := range p.Model.FullSymmetries() {
		if sym.Transform == (model.Transform{}) && sym.Groups == nil {
			continue
		}
		var slots []int32
		if sym.Groups != nil {
			slots = make([]int32, len(p.Kinds))
			for k := range p.Kinds {
				slots[k] = slotOf[[2]int{names[p.Kinds[k].Name], sym.Groups[p.GroupOf[p.RuleOf[k]]]}]
			}
		}
		p.group = append(p.group, p.squarePerm(sym.Transform))
		p.slotPerm = append(p.slotPerm, slots)
	}
}

// SlotPerm is the permutation of slots of symmetry i of Symmetries, nil
// when it moves none.
func (p *Problem) SlotPerm(i int) []int32 {
	if i >= len(p.slotPerm) {
		return nil
	}
	return p.slotPerm[i]
}
