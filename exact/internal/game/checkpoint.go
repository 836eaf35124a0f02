package game

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"
)

// A checkpoint is a directory in which an analysis saves where it stands
// (its stage, the values and the frontier) every so often and when it is
// stopped, and from which the next run resumes: a long analysis in parts,
// one run each. Its files:
//
//	state.json      the manifest: format, layout, stage, the tables' files and digests
//	values-N.bin    the values, 32-bit words, little-endian (N: the save's number)
//	front-N.bin     the frontier, 64-bit words, little-endian
//	parts.jsonl     a line for each save: from where to where, when, the build
//
// A save writes the tables under the next save's number, then the
// manifest (under a temporary name renamed over the old), and only then
// removes the tables of the save before: a run stopped or killed at any
// point of a save leaves the last checkpoint whole. A load refuses a checkpoint of another game (its
// layout digest: the squares, lines, leaps, goals, rule, symmetries and
// slots the tables are laid out by) or tables whose size or SHA-256 is
// not the manifest's.
type checkpoint struct {
	dir    string
	every  time.Duration
	layout string
	last   time.Time // when the stage was loaded or saved last
	from   stage     // the stage it was loaded at or saved at last
	gen    int       // the number of the last save
	files  [2]string // its tables' files
}

// checkpointFormat is the version of the files a checkpoint writes and
// of the tables' layout in them (the slot of a position, the coding of
// values): a build that changes either must raise it, so that it refuses
// the checkpoints of the builds before.
const checkpointFormat = 1

type manifest struct {
	Format int       `json:"format"`
	Game   string    `json:"game"`
	Layout string    `json:"layout"`
	Slots  int64     `json:"slots"`
	Stage  stage     `json:"stage"`
	Values string    `json:"values_sha256"`
	Front  string    `json:"front_sha256"`
	Saved  time.Time `json:"saved"`
	// The save's number and its tables' files ("values.bin" and
	// "front.bin" when absent, as the first build to checkpoint wrote).
	Gen        int    `json:"generation,omitempty"`
	ValuesFile string `json:"values_file,omitempty"`
	FrontFile  string `json:"front_file,omitempty"`
}

// files are the manifest's tables' file names, each a plain name in the
// checkpoint's directory.
func (m *manifest) files() ([2]string, error) {
	f := [2]string{m.ValuesFile, m.FrontFile}
	for i, def := range [2]string{"values.bin", "front.bin"} {
		if f[i] == "" {
			f[i] = def
		}
		if filepath.Base(f[i]) != f[i] || !strings.HasSuffix(f[i], ".bin") {
			return f, fmt.Errorf("a table file %q outside the checkpoint's directory", f[i])
		}
	}
	return f, nil
}

// A partLine is one line of parts.jsonl: one save, from the stage the run
// had reached at its last load or save.
type partLine struct {
	Game    string    `json:"game"`
	Layout  string    `json:"layout"`
	From    stage     `json:"from"`
	To      stage     `json:"to"`
	Seconds float64   `json:"seconds"`
	Saved   time.Time `json:"saved"`
	Values  string    `json:"values_sha256"`
	Front   string    `json:"front_sha256"`
	Build   string    `json:"build,omitempty"`
}

func openCheckpoint(dir string, every time.Duration, sp *space) (*checkpoint, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("exact: checkpoint: %w", err)
	}
	return &checkpoint{dir: dir, every: every, layout: sp.layoutDigest(), last: time.Now()}, nil
}

// due is when the next save is due (the zero time: only when stopped).
func (c *checkpoint) due() time.Time {
	if c.every <= 0 {
		return time.Time{}
	}
	return c.last.Add(c.every)
}

// load restores a's stage and tables from the checkpoint, if it holds
// one; a fresh directory leaves a as it is.
func (c *checkpoint) load(a *analysis) (bool, error) {
	data, err := os.ReadFile(filepath.Join(c.dir, "state.json"))
	if errors.Is(err, fs.ErrNotExist) {
		c.from = a.stage
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("exact: checkpoint: %w", err)
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return false, fmt.Errorf("exact: checkpoint %s: %v", filepath.Join(c.dir, "state.json"), err)
	}
	if m.Format != checkpointFormat {
		return false, fmt.Errorf("exact: checkpoint %s: format %d, this build reads %d", c.dir, m.Format, checkpointFormat)
	}
	if m.Layout != c.layout || m.Slots != a.sp.slots {
		return false, fmt.Errorf("exact: checkpoint %s is of another game (%q, layout %.12s, %d slots; this one's layout %.12s, %d slots)",
			c.dir, m.Game, m.Layout, m.Slots, c.layout, a.sp.slots)
	}
	if !m.Stage.valid() {
		return false, fmt.Errorf("exact: checkpoint %s: a stage that no analysis reaches: %+v", c.dir, m.Stage)
	}
	files, err := m.files()
	if err != nil {
		return false, fmt.Errorf("exact: checkpoint %s: %v", c.dir, err)
	}
	if err := c.read(files[0], m.Values, 4, int64(len(a.t.values)), func(b []byte, i int64) {
		a.t.values[i] = binary.LittleEndian.Uint32(b)
	}); err != nil {
		return false, err
	}
	if err := c.read(files[1], m.Front, 8, int64(len(a.front)), func(b []byte, i int64) {
		a.front[i] = binary.LittleEndian.Uint64(b)
	}); err != nil {
		return false, err
	}
	a.stage = m.Stage
	c.from, c.last, c.gen, c.files = m.Stage, time.Now(), m.Gen, files
	return true, nil
}

// read fills n words of size bytes from the file, checking its size and
// its SHA-256 against want.
func (c *checkpoint) read(name, want string, size int, n int64, put func([]byte, int64)) error {
	path := filepath.Join(c.dir, name)
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("exact: checkpoint: %w", err)
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || st.Size() != n*int64(size) {
		return fmt.Errorf("exact: checkpoint %s: %d bytes, want %d", path, sizeOf(st), n*int64(size))
	}
	h := sha256.New()
	r := io.TeeReader(f, h)
	buf := make([]byte, blockWords*size)
	for i := int64(0); i < n; i += blockWords {
		b := buf[:min(blockWords, n-i)*int64(size)]
		if _, err := io.ReadFull(r, b); err != nil {
			return fmt.Errorf("exact: checkpoint %s: %w", path, err)
		}
		for j := 0; j < len(b); j += size {
			put(b[j:j+size], i+int64(j/size))
		}
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != want {
		return fmt.Errorf("exact: checkpoint %s: SHA-256 %.12s, the manifest says %.12s: the file is not the one saved", path, got, want)
	}
	return nil
}

// blockWords is the words read or written at a time.
const blockWords = 1 << 17

func sizeOf(st fs.FileInfo) int64 {
	if st == nil {
		return -1
	}
	return st.Size()
}

// save writes a's stage and tables, and a line of parts.jsonl.
func (c *checkpoint) save(a *analysis) error {
	gen := c.gen + 1
	files := [2]string{fmt.Sprintf("values-%d.bin", gen), fmt.Sprintf("front-%d.bin", gen)}
	values, err := c.write(files[0], 4, int64(len(a.t.values)), func(b []byte, i int64) {
		binary.LittleEndian.PutUint32(b, a.t.values[i])
	})
	if err != nil {
		return err
	}
	front, err := c.write(files[1], 8, int64(len(a.front)), func(b []byte, i int64) {
		binary.LittleEndian.PutUint64(b, a.front[i])
	})
	if err != nil {
		return err
	}
	now := time.Now()
	m := manifest{Format: checkpointFormat, Game: a.sp.m.Name, Layout: c.layout, Slots: a.sp.slots, Stage: a.stage,
		Values: values, Front: front, Saved: now.UTC(), Gen: gen, ValuesFile: files[0], FrontFile: files[1]}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return fmt.Errorf("exact: checkpoint: %w", err)
	}
	if err := replaceFile(filepath.Join(c.dir, "state.json"), func(w io.Writer) error {
		_, err := w.Write(append(data, '\n'))
		return err
	}); err != nil {
		return err
	}
	for _, old := range c.files {
		if old != "" {
			os.Remove(filepath.Join(c.dir, old)) // the save before: the manifest no longer names it
		}
	}
	c.gen, c.files = gen, files
	line, err := json.Marshal(partLine{Game: m.Game, Layout: c.layout, From: c.from, To: a.stage, Seconds: now.Sub(c.last).Seconds(),
		Saved: m.Saved, Values: values, Front: front, Build: build()})
	if err != nil {
		return fmt.Errorf("exact: checkpoint: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(c.dir, "parts.jsonl"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return fmt.Errorf("exact: checkpoint: %w", err)
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		f.Close()
		return fmt.Errorf("exact: checkpoint: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("exact: checkpoint: %w", err)
	}
	c.from, c.last = a.stage, now
	if afterSave != nil {
		afterSave()
	}
	return nil
}

// afterSave, when set, is called after each save: a variable only so
// that the package's tests can stop a run between saves.
var afterSave func()

// write writes n words of size bytes to the file, under a temporary name
// renamed over it once whole, and returns its SHA-256.
func (c *checkpoint) write(name string, size int, n int64, get func([]byte, int64)) (string, error) {
	h := sha256.New()
	err := replaceFile(filepath.Join(c.dir, name), func(f io.Writer) error {
		w := io.MultiWriter(f, h)
		buf := make([]byte, blockWords*size)
		for i := int64(0); i < n; i += blockWords {
			b := buf[:min(blockWords, n-i)*int64(size)]
			for j := 0; j < len(b); j += size {
				get(b[j:j+size], i+int64(j/size))
			}
			if _, err := w.Write(b); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// replaceFile writes path's new contents under a temporary name, syncs
// them and renames them over path.
func replaceFile(path string, fill func(io.Writer) error) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("exact: checkpoint: %w", err)
	}
	err = fill(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("exact: checkpoint %s: %w", path, err)
	}
	return nil
}

// build is the VCS revision the binary was built from, "+dirty" when the
// tree had changes; empty when not recorded.
func build() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var rev, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	if rev == "" {
		return ""
	}
	return rev[:min(12, len(rev))] + dirty
}

// layoutDigest is the SHA-256 of what the tables are laid out by and
// solved under: the open squares' count, the pieces a side, each side's
// lines, leaps and goals by square number, the rule for a side without a
// move, the symmetries and the slots.
func (sp *space) layoutDigest() string {
	h := sha256.New()
	fmt.Fprintln(h, "game tables", sp.n, sp.k, sp.m.Game.Stuck, sp.slots, sp.nrep, sp.sides)
	for side := range 2 {
		for s := range sp.n {
			fmt.Fprintln(h, side, s, sp.goal[side][s], sp.leaps[side][s])
			for _, r := range sp.rays[side][s] {
				fmt.Fprintln(h, r.closed, r.sq)
			}
		}
	}
	for _, g := range sp.syms {
		fmt.Fprintln(h, g.swap, g.perm)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// valid reports whether an analysis can stand at s: the levels found
// are those its phase has.
func (s stage) valid() bool {
	if s.Next < 0 || s.Level < 0 || s.Over < 0 || s.Lost0 < 0 || s.Found < 0 {
		return false
	}
	switch s.Phase {
	case phaseLost:
		return s.Level == 0 && len(s.ByPlies) == 0
	case phaseWalk:
		return len(s.ByPlies) == s.Level+1
	case phaseSweep:
		return len(s.ByPlies) == s.Level+2
	case phaseDraws, phaseDone:
		return len(s.ByPlies) > 0
	}
	return false
}

// String says where s stands, for progress and messages.
func (s stage) String() string {
	switch s.Phase {
	case phaseLost:
		return fmt.Sprintf("level 0, %d slots scanned", s.Next)
	case phaseWalk:
		return fmt.Sprintf("level %d's walk back, %d frontier words done", s.Level, s.Next)
	case phaseSweep:
		return fmt.Sprintf("after level %d's walk, %d frontier words swept", s.Level, s.Next)
	case phaseDraws:
		return fmt.Sprintf("the draws, %d value words done", s.Next)
	}
	return "done"
}
