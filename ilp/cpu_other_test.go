//go:build !unix

package ilp

func cpuSeconds() float64 { return 0 }

func loadAverage() string { return "?" }
