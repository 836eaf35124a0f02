package model

import (
	"strings"
	"testing"
)

// TestCertCasesCover: the first square of each D4 orbit of 5x5 (a1 b1 c1
// b2 c2 c3) and the case of none cover the open board; with a wall on b1
// the board has no symmetry but the identity, and the same cases leave
// out the squares they covered by a turn or a mirror.
func TestCertCasesCover(t *testing.T) {
	cases := []CertificateCase{{Square: "a1"}, {Square: "b1"}, {Square: "c1"}, {Square: "b2"}, {Square: "c2"}, {Square: "c3"}, {}}
	open, err := Parse([]byte("board: 5\nplace: [min queen]\nrules: [cover dominated]\n"), "q.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := certCasesCover(open, cases); err != nil {
		t.Errorf("the open board: %v", err)
	}
	if err := certCasesCover(open, cases[:6]); err == nil || !strings.Contains(err.Error(), "no case of no piece") {
		t.Errorf("without the case of none: %v", err)
	}
	walled, err := Parse([]byte("board: {size: 5, walls: [b1]}\nplace: [min queen]\nrules: [cover dominated]\n"), "q.yaml")
	if err != nil {
		t.Fatal(err)
	}
	err = certCasesCover(walled, cases)
	if err == nil || !strings.Contains(err.Error(), "no case covers d1") {
		t.Errorf("a wall on b1: %v, want d1 (the first square no case covers) named", err)
	}
}
