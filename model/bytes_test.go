package model

import (
	"math"
	"testing"
)

func TestParseBytes(t *testing.T) {
	for in, want := range map[string]int64{
		"512M": 512 << 20, "2G": 2 << 30, "1.5GiB": 3 << 29, "2GB": 2 << 30, "64KiB": 64 << 10, "100": 100,
		"none": -1, "NONE": -1, "0": 0, " 8 G ": 8 << 30,
	} {
		if got, err := ParseBytes(in); err != nil || got != want {
			t.Errorf("ParseBytes(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "x", "-1", "-2", "-5G", "-0.5K", " -1 ", "1Q", "9999999T"} {
		if _, err := ParseBytes(bad); err == nil {
			t.Errorf("ParseBytes(%q) accepted", bad)
		}
	}
}

// TestByteSize: a size below a KiB is given in bytes (issue 36, item 11:
// --max-memory 10 was reported as a bound of 1 KiB).
func TestByteSize(t *testing.T) {
	for n, want := range map[int64]string{
		0: "0 B", 10: "10 B", 1023: "1023 B", 1024: "1 KiB", 1025: "2 KiB", 3000: "3 KiB",
		512 << 20: "512 MiB", 3 << 29: "1.5 GiB", math.MaxInt64: "more than 8 EiB",
	} {
		if got := ByteSize(n); got != want {
			t.Errorf("ByteSize(%d) = %q, want %q", n, got, want)
		}
	}
}
