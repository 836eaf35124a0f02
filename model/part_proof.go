package model

// The proof of a solve split in parts: what a part of a search that
// splits its solve reports in Stats.Proof and Stats.Passes, and package
// shard reads back from it and merges. Defined here, where the searches
// that write it and the merge that reads it both see it.

// A PartProof is one part's share of a proof.
type PartProof struct {
	// The fewest pieces: U, a bound every part finds the same way, its
	// search, and the least count below U at which the part's tasks
	// cover.
	Upper      int   `json:"upper"`       // U, the same in every part
	UpperKnown bool  `json:"upper_known"` // a cover of U pieces was found (the record's example when not Found)
	UpperNodes int64 `json:"upper_nodes"` // the bound's search, which every part repeats (counted in part 0's nodes)
	Least      int   `json:"least"`       // the least count below U at which the part's tasks cover, when Found

	Found  bool       `json:"found"`  // the part's tasks hold a solution (with an objective: at Least)
	Task   int        `json:"task"`   // the task, in the whole list of that pass, whose solution is the example
	Passes []PartPass `json:"passes"` // the counts tried, in order (from Stats.Passes)

	// Kind is "" for the fewest pieces, "first" for a model without an
	// objective, "most" for a maximised cover, whose parts report the
	// greedy point, the targets from Top down to Floor, and each target
	// the part tried.
	Kind    string       `json:"kind,omitempty"`
	Greedy  *PartPoint   `json:"greedy,omitempty"`
	Top     int          `json:"top,omitempty"`
	Floor   int          `json:"floor,omitempty"`
	Targets []PartTarget `json:"targets,omitempty"`
}

// A PartPass is one count of pieces tried on the tasks of a part (or, in
// one process, on all of them).
type PartPass struct {
	Pieces int   `json:"pieces"`
	Tasks  int   `json:"tasks"` // the whole list's
	Nodes  int64 `json:"nodes"`
	Found  bool  `json:"found"`
}

// A PartPoint is a placement a part reports, with its value and its task
// in the pass's whole list (-1: the greedy point every part computes).
type PartPoint struct {
	Value    int64     `json:"value"`
	Task     int       `json:"task"`
	Solution *Solution `json:"solution"`
}

// A PartTarget is one target a part tried: the point of its earliest task
// meeting it (Found), or else the best it judged (Point nil: none).
type PartTarget struct {
	Target int        `json:"target"`
	Found  bool       `json:"found"`
	Point  *PartPoint `json:"point,omitempty"`
}
