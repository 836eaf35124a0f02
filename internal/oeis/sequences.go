package oeis

// A000170 is the number of ways to place n non-attacking queens on an
// n x n board, for n = 1..18.
var A000170 = []int64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104, 666090624}

// A002562 is the number of those placements up to the symmetries of the
// square, for n = 1..18.
var A002562 = []int64{1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939, 83263591}
