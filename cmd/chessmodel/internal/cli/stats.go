package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"github.com/chessmodel/chessmodel/model"
)

// foldPass mirrors the statistics the exact backend's folding search
// reports in stats["folding"] (read back from JSON: the CLI knows the
// fields, not the backend's types).
type foldPass struct {
	Target   int     `json:"target"`
	Pieces   int     `json:"pieces"`
	Boxes    int     `json:"start_boxes"`
	Symmetry string  `json:"symmetry"`
	Log2     float64 `json:"log2_space"`
	Found    bool    `json:"found"`
	Leaves   int64   `json:"leaves"`
	Stats    struct {
		Nodes   int64   `json:"nodes"`
		Safe    []int64 `json:"safe_by_foldings"`
		Clipped []int64 `json:"clipped_by_foldings"`
		Points  int64   `json:"points"`
		Shared  int64   `json:"shared_square"`
		Short   int64   `json:"strong_short"`
		Found   int64   `json:"found"`
	} `json:"stats"`
}

// printStats writes the backend's statistics: every key, and for a
// folding search a table per pass like the eight-pieces paper's Table 1.
func printStats(w io.Writer, res *model.Result) {
	printStatsOf(w, res.Stats.Seconds, res.Stats.Nodes, res.Stats.Fields())
}

func printStatsOf(w io.Writer, seconds float64, nodes int64, extra map[string]any) {
	fmt.Fprintf(w, "stats: %.3fs, %d nodes\n", seconds, nodes)
	var keys []string
	for k := range extra {
		if k != "folding" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Fprintf(w, "  %s: %v\n", k, extra[k])
	}
	raw, ok := extra["folding"]
	if !ok {
		return
	}
	data, err := json.Marshal(raw)
	if err != nil {
		return
	}
	var passes []foldPass
	if json.Unmarshal(data, &passes) != nil {
		return
	}
	for i, p := range passes {
		fmt.Fprintf(w, "\nfolding pass %d: target %d squares, %d pieces, found %v\n", i+1, p.Target, p.Pieces, p.Found)
		fmt.Fprintf(w, "  symmetry: %s; space 2^%.2f points; %d start boxes\n", p.Symmetry, p.Log2, p.Boxes)
		fmt.Fprintf(w, "  nodes %d, leaves %d (points %d: %d with a shared square, %d short under strong attack, %d found)\n",
			p.Stats.Nodes, p.Leaves, p.Stats.Points, p.Stats.Shared, p.Stats.Short, p.Stats.Found)
		fmt.Fprintf(w, "  %9s %10s %12s\n", "foldings", "clipped", "safe square")
		for f := max(len(p.Stats.Safe), len(p.Stats.Clipped)) - 1; f >= 0; f-- {
			c, s := at(p.Stats.Clipped, f), at(p.Stats.Safe, f)
			if c == 0 && s == 0 {
				continue
			}
			fmt.Fprintf(w, "  %9d %10d %12d\n", f, c, s)
		}
	}
}

func at(bins []int64, i int) int64 {
	if i < len(bins) {
		return bins[i]
	}
	return 0
}
