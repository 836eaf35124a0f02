package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// loadOutcome is how one request of the load test ended.
type loadOutcome struct {
	status  string // "result", "busy" or what went wrong
	latency time.Duration
	tries   int
}

// memoryPeak samples the heap and the memory obtained from the system
// until stop is closed.
type memoryPeak struct {
	heap, sys atomic.Uint64
	stop      chan struct{}
	done      chan struct{}
}

func watchMemory() *memoryPeak {
	p := &memoryPeak{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		var ms runtime.MemStats
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > p.heap.Load() {
				p.heap.Store(ms.HeapAlloc)
			}
			if ms.Sys > p.sys.Load() {
				p.sys.Store(ms.Sys)
			}
			select {
			case <-p.stop:
				return
			case <-tick.C:
			}
		}
	}()
	return p
}

func (p *memoryPeak) end() (heap, sys uint64) {
	close(p.stop)
	<-p.done
	return p.heap.Load(), p.sys.Load()
}

// peakRSS is the process's peak resident set (VmHWM), or 0 where /proc is
// not there.
func peakRSS() uint64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kb uint64
			fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), &kb)
			return kb << 10
		}
	}
	return 0
}

// loadRequest sends one solve and reads its whole answer.
func loadRequest(ctx context.Context, client *http.Client, url string, body []byte) string {
	req, _ := http.NewRequestWithContext(ctx, "POST", url, bytes.NewReader(body))
	res, err := client.Do(req)
	if err != nil {
		return "error: " + err.Error()
	}
	defer res.Body.Close()
	switch res.StatusCode {
	case http.StatusServiceUnavailable:
		var e apiError
		if json.NewDecoder(res.Body).Decode(&e) != nil || !e.Busy {
			return "503 without busy"
		}
		return "busy"
	case http.StatusOK:
		events, err := readEvents(res.Body)
		if err != nil {
			return "error: " + err.Error()
		}
		if names := eventNames(events); !strings.HasSuffix(names, "result done") {
			return "events: " + names
		}
		var ev wireResultEvent
		for _, e := range events {
			if e.Name == "result" {
				json.Unmarshal(e.Data, &ev)
			}
		}
		if ev.Result.Count == nil || *ev.Result.Count != 73712 {
			return fmt.Sprintf("wrong answer %+v", ev.Result)
		}
		return "result"
	}
	data, _ := io.ReadAll(res.Body)
	return fmt.Sprintf("status %d: %s", res.StatusCode, data)
}

func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(p*float64(len(sorted))))]
}

// TestLoad sends 200 solves at once to a server on the loopback interface:
// each must be answered, with a result or "busy", none lost, within the
// bounds, and the server's memory must stay bounded. Then the same 200
// clients retry on "busy" until each has its result: the queue drains.
func TestLoad(t *testing.T) {
	const clients = 200
	ts := newTestServer(t, nil) // 2 solves at once, 8 waiting
	body, _ := json.Marshal(map[string]any{
		"yaml": "name: 13 queens\nboard: 13\nplace: [13 queen]\nrules: [independent]\n", "task": "count", "timeout": 10,
	})
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: clients, MaxConnsPerHost: 0}}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)

	modes := []bool{false, true}
	if testing.Short() {
		modes = modes[:1]
	}
	for _, retry := range modes {
		mem := watchMemory()
		outcomes := make([]loadOutcome, clients)
		var wg sync.WaitGroup
		gate := make(chan struct{})
		start := time.Now()
		for i := range clients {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-gate
				t0 := time.Now()
				for try := 1; ; try++ {
					got := loadRequest(ctx, client, ts.URL+"/api/run", body)
					outcomes[i] = loadOutcome{status: got, latency: time.Since(t0), tries: try}
					if got != "busy" || !retry || ctx.Err() != nil {
						return
					}
					time.Sleep(time.Duration(20+i%40) * time.Millisecond)
				}
			}()
		}
		close(gate)
		wg.Wait()
		wall := time.Since(start)
		heap, sys := mem.end()

		counts := map[string]int{}
		var latencies, busyLatencies []time.Duration
		tries := 0
		for _, o := range outcomes {
			counts[o.status]++
			tries += o.tries
			if o.status == "result" {
				latencies = append(latencies, o.latency)
			} else if o.status == "busy" {
				busyLatencies = append(busyLatencies, o.latency)
			}
		}
		slices.Sort(latencies)
		slices.Sort(busyLatencies)
		answered := counts["result"] + counts["busy"]
		mode := "at once"
		if retry {
			mode = "retrying on busy"
		}
		t.Logf("load (%s): %d clients, %d requests, %d answered (%d results, %d busy), %d lost; wall %v",
			mode, clients, tries, answered, counts["result"], counts["busy"], clients-answered, wall.Round(time.Millisecond))
		t.Logf("  result latency p50 %v p99 %v max %v; busy latency p50 %v p99 %v",
			percentile(latencies, .5).Round(time.Millisecond), percentile(latencies, .99).Round(time.Millisecond), percentile(latencies, 1).Round(time.Millisecond),
			percentile(busyLatencies, .5).Round(time.Microsecond), percentile(busyLatencies, .99).Round(time.Microsecond))
		t.Logf("  peak heap %.1f MiB (%.1f MiB before), peak from the OS %.1f MiB, peak RSS of the test process %.1f MiB",
			float64(heap)/(1<<20), float64(before.HeapAlloc)/(1<<20), float64(sys)/(1<<20), float64(peakRSS())/(1<<20))

		if answered != clients {
			for status, n := range counts {
				if status != "result" && status != "busy" {
					t.Errorf("%d requests: %s", n, status)
				}
			}
		}
		// At most 2 run and 8 wait: the rest are refused at once.
		if !retry && (counts["result"] < 2 || counts["result"] > 10+clients/4) {
			t.Errorf("%d results of %d at once: the queue does not bound the work", counts["result"], clients)
		}
		if retry && counts["result"] != clients {
			t.Errorf("retrying: %d of %d got their result", counts["result"], clients)
		}
		if heap > 512<<20 {
			t.Errorf("peak heap %d MiB: memory is not bounded", heap>>20)
		}
	}
}
