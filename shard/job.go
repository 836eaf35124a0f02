package shard

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

// The tasks a Job may split.
const (
	TaskCount = "count"
	TaskSweep = "sweep"
	// and TaskSolve, a proof of solve (proof.go)
)

// Options are the options of a task that change its answer (the number of
// workers and the memory bound do not).
type Options struct {
	Backend       string `json:"backend"`
	Symmetry      bool   `json:"symmetry,omitempty"`
	DistinctWalls bool   `json:"distinct_walls,omitempty"`
	Walls         int    `json:"walls,omitempty"` // sweep: the walls added
}

// A Job is what every part of one split task shares.
type Job struct {
	Digest    string   `json:"digest"` // Digest of the parsed model
	Model     string   `json:"model"`  // its name
	File      string   `json:"file"`   // the file it was read from
	Source    string   `json:"source"` // the YAML text
	Overrides []string `json:"overrides,omitempty"`
	Task      string   `json:"task"`
	Options   Options  `json:"options"`
	Of        int      `json:"of"` // the number of parts
}

// NewJob parses the model and describes its task split of ways.
func NewJob(file string, source []byte, overrides []string, task string, opts Options, of int) (*Job, *model.Model, error) {
	if task != TaskCount && task != TaskSweep && task != TaskSolve {
		return nil, nil, fmt.Errorf("shard: task %q: expected %s, %s or %s", task, TaskCount, TaskSweep, TaskSolve)
	}
	if of < 1 {
		return nil, nil, fmt.Errorf("shard: %d parts: expected at least 1", of)
	}
	m, err := model.Parse(source, file, overrides...)
	if err != nil {
		return nil, nil, err
	}
	j := &Job{Digest: Digest(m), Model: m.Name, File: file, Source: string(source), Overrides: overrides, Task: task, Options: opts, Of: of}
	return j, m, nil
}

// ParseModel parses the job's model and checks it against the digest.
func (j *Job) ParseModel() (*model.Model, error) {
	m, err := model.Parse([]byte(j.Source), j.File, j.Overrides...)
	if err != nil {
		return nil, err
	}
	if d := Digest(m); d != j.Digest {
		return nil, fmt.Errorf("shard: the model of %s has digest %s, not the %s its record claims", j.File, short(d), short(j.Digest))
	}
	return m, nil
}

// same reports whether two jobs are splits of the same task.
func (j *Job) same(o *Job) bool {
	return j.Digest == o.Digest && j.Task == o.Task && j.Options == o.Options && j.Of == o.Of
}

// String names the job in messages.
func (j *Job) String() string {
	s := fmt.Sprintf("%s of %s (model %s, backend %s", j.Task, j.Model, short(j.Digest), j.Options.Backend)
	if j.Options.Symmetry {
		s += ", --symmetry"
	}
	if j.Options.DistinctWalls {
		s += ", --distinct walls"
	}
	if j.Task == TaskSweep {
		s += fmt.Sprintf(", %d walls", j.Options.Walls)
	}
	return s + fmt.Sprintf(", %d parts)", j.Of)
}

func short(digest string) string { return digest[:min(12, len(digest))] }

// canonical is what Digest hashes: every field of a model that a backend
// reads, with the board as its exceptional squares in square order, and
// without the file it was read from.
type canonical struct {
	Name       string
	Kind       string
	Rows, Cols int
	Wrap       string `json:",omitempty"` // a glued board's; omitted for a plain one (its digest as before)
	Walls, Off []model.Square
	Pieces     map[string]*model.Piece
	Place      []model.PlaceEntry
	Fixed      []model.Placed
	FreeWalls  *model.Range
	Rules      model.Rules
	Objective  model.Objective
	Tour       *model.TourSpec
	Slide      *model.SlideSpec
	Game       *model.GameSpec        `json:",omitempty"`
	Army       *model.GroupModel      `json:",omitempty"` // groups and their rules; nil without groups
	Weights    map[model.Square]int64 `json:",omitempty"` // square weights
}

// Digest is the SHA-256 of the model's canonical form, in hex: the same for
// the same model however its file is written (comments, order of keys, a
// diagram or a list of walls).
func Digest(m *model.Model) string {
	c := canonical{Name: m.Name, Kind: m.Kind.String(), Rows: m.Board.Rows, Cols: m.Board.Cols,
		Walls: m.Board.Walls(), Off: m.Board.OffSquares(), Pieces: m.Pieces, Place: m.Place, Fixed: m.Fixed,
		FreeWalls: m.FreeWalls, Rules: m.Rules, Objective: m.Objective, Tour: m.Tour, Slide: m.Slide, Game: m.Game, Weights: m.Weights}
	if m.HasGroups() {
		c.Army = &m.Army
	}
	if m.Board.Wrap != model.WrapNone {
		c.Wrap = m.Board.Wrap.String()
	}
	data, err := json.Marshal(c)
	if err != nil {
		panic(fmt.Sprintf("shard: a model's canonical form does not encode: %v", err)) // plain data: a programmer's error
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
