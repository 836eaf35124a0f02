package slide

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/chessmodel/chessmodel/model"
)

// MemoryEnv names the environment variable that sets the memory bound of
// the slide searches when Options.Memory is zero: a size such as 8G or
// 500M (model.ParseBytes, as --max-memory), or "none" for no bound.
const MemoryEnv = "CHESSMODEL_MEMORY"

// DefaultMemory is the bound, in bytes, when neither Options.Memory nor
// MemoryEnv sets one and the machine's available memory cannot be read.
const DefaultMemory = 4 << 30

// A budget accounts for the large tables of a search. Every table is
// reserved before it is allocated, so a run that would not fit is refused
// before it allocates; the peak is reported in the stats.
type budget struct {
	limit      int64 // 0: no bound
	mu         sync.Mutex
	used, peak int64
}

// ErrMemory is wrapped by the error of a run refused for its memory; it
// wraps model.ErrTooLarge, as every backend's refusal on memory does.
var ErrMemory = fmt.Errorf("slide: not enough memory: %w", model.ErrTooLarge)

func (b *budget) reserve(bytes int64, what string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.limit > 0 && b.used+bytes > b.limit {
		return fmt.Errorf("%w: %s needs %s more (%s in all), over the bound of %s; raise it with --max-memory or %s=SIZE",
			ErrMemory, what, formatBytes(bytes), formatBytes(b.used+bytes), formatBytes(b.limit), MemoryEnv)
	}
	b.used += bytes
	b.peak = max(b.peak, b.used)
	return nil
}

func (b *budget) release(bytes int64) {
	b.mu.Lock()
	b.used -= bytes
	b.mu.Unlock()
}

// memoryLimit resolves the bound: the option, else the environment, else
// three quarters of the memory the machine has available.
func memoryLimit(option int64) (int64, error) {
	if option != 0 {
		return max(option, 0), nil
	}
	if v := os.Getenv(MemoryEnv); v != "" {
		n, err := model.ParseBytes(v)
		if err != nil {
			return 0, fmt.Errorf("%s=%q: %w", MemoryEnv, v, err)
		}
		if n != 0 {
			return max(n, 0), nil
		}
	}
	if avail := availableMemory(); avail > 0 {
		return avail / 4 * 3, nil
	}
	return DefaultMemory, nil
}

// availableMemory reads MemAvailable from /proc/meminfo, 0 when unknown.
func availableMemory() int64 {
	return procField("/proc/meminfo", "MemAvailable:")
}

// peakResident is the process's peak resident set (VmHWM), 0 when unknown.
func peakResident() int64 {
	return procField("/proc/self/status", "VmHWM:")
}

func procField(path, key string) int64 {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), key); ok {
			fields := strings.Fields(rest)
			if len(fields) > 0 {
				if kb, err := strconv.ParseInt(fields[0], 10, 64); err == nil {
					return kb << 10
				}
			}
		}
	}
	return 0
}

func formatBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
