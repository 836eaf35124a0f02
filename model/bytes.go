package model

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ParseBytes reads a size in bytes the way every command's --max-memory
// and CHESSMODEL_MEMORY are written: a number with an optional unit K, M,
// G or T, powers of 1024, which may be followed by B or iB (512M, 2G,
// 1.5GiB and 2GB are all powers of 1024); "none" is no bound, returned as
// -1; 0 is 0, which callers read as their default bound. A negative size,
// -1 included, is refused: only "none" lifts the bound.
func ParseBytes(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	if t == "NONE" {
		return -1, nil
	}
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	scale := 1.0
	if n := len(t); n > 0 {
		if i := strings.IndexByte("KMGT", t[n-1]); i >= 0 {
			scale = float64(int64(1) << (10 * (i + 1)))
			t = strings.TrimSpace(t[:n-1])
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v < 0 || v*scale > 1<<62 {
		return 0, fmt.Errorf("expected a size like 512M, 2G or none, found %q", s)
	}
	return int64(v * scale), nil
}

// ByteSize prints a byte count for people: 512 MiB, 3.2 GiB, 12 KiB, 10 B
// (and "more than 8 EiB" for an estimate that saturated at math.MaxInt64).
// Below a KiB it gives the bytes, so that a bound of 10 is not said to be 1
// KiB; kibibytes are rounded up, so that an estimate is never printed
// below the bound it is above.
func ByteSize(n int64) string {
	switch {
	case n == math.MaxInt64:
		return "more than 8 EiB"
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.0f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", (n+1023)/1024)
	}
	return fmt.Sprintf("%d B", n)
}
