package oeis

// A000170 is the number of ways to place n non-attacking queens on an
// n x n board, for n = 1..18.
var A000170 = []int64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104, 666090624}

// A002562 is the number of those placements up to the symmetries of the
// square, for n = 1..18.
var A002562 = []int64{1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939, 83263591}

// A250000 is the most queens m such that m white and m black queens stand
// on an n x n board with no queen attacking one of the other colour
// (peaceable coexisting armies of queens), for n = 1..15.
var A250000 = []int64{0, 0, 1, 2, 4, 5, 7, 9, 12, 14, 17, 21, 24, 28, 32}

// A260680 is the number of those configurations of A250000's maximum up
// to rotations, reflections and swapping the colours (a group of order
// 16), for n = 1..10.
var A260680 = []int64{1, 1, 1, 10, 3, 35, 19, 71, 18, 380}

// A002465 is the number of ways to place n non-attacking bishops on an
// n x n board, for n = 1..15 (n = 16 passes 64 bits).
var A002465 = []int64{1, 4, 26, 260, 3368, 53744, 1022320, 22522960, 565532992, 15915225216,
	496911749920, 17029582652416, 636101065346560, 25705530908501760, 1118038500044633088}

// A172123 is the number of ways to place 2 non-attacking bishops on an
// n x n board, for n = 1..34.
var A172123 = []int64{0, 4, 26, 92, 240, 520, 994, 1736, 2832, 4380, 6490, 9284, 12896, 17472, 23170,
	30160, 38624, 48756, 60762, 74860, 91280, 110264, 132066, 156952, 185200,
	217100, 252954, 293076, 337792, 387440, 442370, 502944, 569536, 642532}
