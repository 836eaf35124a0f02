package model

import "testing"

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
