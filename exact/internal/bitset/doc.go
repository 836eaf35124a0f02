// Package bitset holds the bitsets of the exact backend: a Set of small
// non-negative integers (squares, or (piece, square) vertices) in words of
// 64, Rows of sets of one length in one allocation the collector does not
// scan, and Transpose64 for 64x64 bit matrices.
//
// Sets combined in one operation must have the same length; the methods do
// not check it, since they sit in the inner loops of every search.
//
// The package is named bitset, not bits, so that files which also use
// math/bits (most of the searches) need no import alias.
package bitset
