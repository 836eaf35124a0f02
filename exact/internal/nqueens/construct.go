package nqueens

// constructQueens returns one n-queens solution in time linear in n, as the
// file of the queen of each rank, for every n except 2 and 3 (nil then).
//
// It is the seed's knight-move pattern — queens a knight's move apart, two
// files right and one rank up, wrapping round once past the last file — in
// the form of Hoffman, Loessi and Moore: the even files (counting from 1)
// then the odd ones. The pattern fails when n mod 6 is 2 or 3; there the
// lists are adjusted: for 2, files 1 and 3 swap and 5 goes last among the
// odd ones; for 3, file 2 goes last among the even ones and 1, 3 last among
// the odd ones.
func constructQueens(n int) []int32 {
	switch {
	case n == 1:
		return []int32{0}
	case n < 4:
		return nil
	}
	files := make([]int32, 0, n)
	evens := func(from int) {
		for f := from; f <= n; f += 2 {
			files = append(files, int32(f-1))
		}
	}
	odds := func(from int) {
		for f := from; f <= n; f += 2 {
			files = append(files, int32(f-1))
		}
	}
	file := func(f int) int32 { return int32(f - 1) } // files are numbered from 1 in the construction
	switch n % 6 {
	case 2:
		evens(2)
		files = append(files, file(3), file(1))
		for f := 7; f <= n; f += 2 {
			files = append(files, int32(f-1))
		}
		files = append(files, file(5))
	case 3:
		evens(4)
		files = append(files, file(2))
		odds(5)
		files = append(files, file(1), file(3))
	default:
		evens(2)
		odds(1)
	}
	return files
}
