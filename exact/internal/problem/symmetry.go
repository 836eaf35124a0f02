package problem

import "slices"

// A Canonicalizer decides whether a placement is the least of its orbit
// under the model's symmetry group. Counting the placements that are least
// counts the orbits (classes) exactly, whatever total order is used; the
// order here compares sorted vertex lists, then sorted wall lists.
type Canonicalizer struct {
	Problem     *Problem
	vert, img   []int32
	walls, wimg []int32
}

func (c *Canonicalizer) isLeast(vertices, walls []int32) bool {
	p := c.Problem
	group := p.Symmetries()
	if len(group) == 0 {
		return true
	}
	c.vert = append(c.vert[:0], vertices...)
	slices.Sort(c.vert)
	c.walls = append(c.walls[:0], walls...)
	slices.Sort(c.walls)
	n := int32(p.Squares)
	for i, perm := range group {
		c.img = c.img[:0]
		slots := p.SlotPerm(i)
		for _, v := range c.vert {
			k, s := v/n, v%n
			if slots != nil {
				k = slots[k]
			}
			c.img = append(c.img, k*n+perm[s])
		}
		slices.Sort(c.img)
		cmp := slices.Compare(c.img, c.vert)
		if cmp == 0 && len(c.walls) > 0 {
			c.wimg = c.wimg[:0]
			for _, w := range c.walls {
				c.wimg = append(c.wimg, perm[w])
			}
			slices.Sort(c.wimg)
			cmp = slices.Compare(c.wimg, c.walls)
		}
		if cmp < 0 {
			return false
		}
	}
	return true
}

// WallsLeast is isLeast for a wall set alone, for counting boards up to
// symmetry.
func (c *Canonicalizer) WallsLeast(walls []int32) bool { return c.isLeast(nil, walls) }
