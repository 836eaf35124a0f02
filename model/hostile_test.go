package model_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/model"
)

// aliasBomb is a place list whose ride holds nine levels of nine aliases
// each: 9^9 copies of [1, 2] once expanded, in under 600 bytes.
func aliasBomb() string {
	doc := "board: 8\nplace: [max x]\npieces:\n  x:\n    ride:\n      - &a0 [1, 2]\n"
	for i := 1; i < 10; i++ {
		doc += fmt.Sprintf("      - &a%d [%s]\n", i, strings.TrimSuffix(strings.Repeat(fmt.Sprintf("*a%d, ", i-1), 9), ", "))
	}
	return doc
}

// hostileInputs are models built to make a parser loop, recurse or allocate
// without end; each must be refused quickly, at the place named.
var hostileInputs = []struct {
	name, yaml string
	at, phrase string
}{
	{"self-referential alias in ride", "board: 8\npieces:\n  x: {ride: &a [*a]}\nplace: [max x]\n", "h.yaml:3:17:", "aliases (*a)"},
	{"alias bomb in ride", aliasBomb(), "h.yaml:7:14:", "aliases (*a0)"},
	{"alias bomb at the top", "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nboard: 8\nplace: [8 queen]\n", "h.yaml:2:8:", "aliases (*a)"},
	{"alias of a board", "board: &b 8\nname: *b\nplace: [8 queen]\n", "h.yaml:2:7:", "aliases (*b)"},
	{"alias as a key", "board: 8\nplace: [8 queen]\nrules: &r [independent]\n*r : 1\n", "h.yaml:4:1:", "aliases (*r)"},
}

func TestHostileInputs(t *testing.T) {
	for _, tc := range hostileInputs {
		t.Run(tc.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, err := model.Parse([]byte(tc.yaml), "h.yaml")
			runtime.ReadMemStats(&after)
			var perr *model.Error
			if !errors.As(err, &perr) || !strings.HasPrefix(err.Error(), tc.at) || !strings.Contains(err.Error(), tc.phrase) {
				t.Fatalf("got %v, want %s ... %s", err, tc.at, tc.phrase)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
				t.Errorf("parsing %d bytes allocated %d bytes", len(tc.yaml), alloc)
			}
		})
	}
}

func TestAliasInOverride(t *testing.T) {
	_, err := model.Parse([]byte("board: 8\nplace: [8 queen]\n"), "m.yaml", "place=[&q 8 queen, *q]")
	if err == nil || !strings.Contains(err.Error(), "--set place=") || !strings.Contains(err.Error(), "aliases (*q)") {
		t.Fatalf("got %v", err)
	}
	// an anchor with no alias is harmless
	if _, err := model.Parse([]byte("board: &b 8\nplace: [8 queen]\n"), "m.yaml"); err != nil {
		t.Fatal(err)
	}
}

// TestYAMLErrorColumns: errors from the YAML library name the line and
// column of the fault, not column 1 of a line near it.
func TestYAMLErrorColumns(t *testing.T) {
	for _, tc := range []struct{ name, yaml, at string }{
		{"unclosed list", "board: 8\nplace: [8 queen\n", "m.yaml:2:8:"},
		{"unclosed list before a key", "place: [1, 2\nboard: 3", "m.yaml:1:8:"},
		{"unclosed mapping", "board: 8\nplace: {x: 1, y\n", "m.yaml:2:8:"},
		{"two keys on a line", "board: 8: 9\n", "m.yaml:1:9:"},
		{"indented key", "board: 8\n  size: 1\n", "m.yaml:2:7:"},
		{"tab", "board: 8\nplace:\n\t- 8 queen\n", "m.yaml:3:1:"},
		{"unclosed quote", "board: 8\nname: \"eight\nplace: [8 queen]\n", "m.yaml:2:7:"},
		{"list item in a mapping", "board: 8\n- x\n", "m.yaml:2:1:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := model.Parse([]byte(tc.yaml), "m.yaml")
			if err == nil || !strings.HasPrefix(err.Error(), tc.at) {
				t.Fatalf("got %v, want %s", err, tc.at)
			}
		})
	}
}

// TestOverrideErrorQuotesAPrefix: a long --set value is quoted once, by a
// short prefix.
func TestOverrideErrorQuotesAPrefix(t *testing.T) {
	long := strings.Repeat("x", 128<<10)
	for _, o := range []string{"board=" + long, "board.size=" + long, long} {
		_, err := model.Parse([]byte("board: 8\nplace: [8 queen]\n"), "m.yaml", o)
		if err == nil || len(err.Error()) > 400 {
			t.Fatalf("error of %d bytes: %.300s", len(fmt.Sprint(err)), fmt.Sprint(err))
		}
	}
}

// TestReadFile: only regular files, and no more than the limit, are read.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	if err := os.WriteFile(big, []byte("board: 8\nplace: [8 queen]\n"+strings.Repeat("#\n", model.MaxFileBytes)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, phrase string }{
		{"/dev/zero", "not a regular file (a device)"},
		{dir, "not a regular file (a directory)"},
		{big, "more than the 1048576 a model may have"},
	} {
		_, err := model.Load(tc.path)
		var perr *model.Error
		if !errors.As(err, &perr) || !strings.Contains(err.Error(), tc.phrase) {
			t.Errorf("%s: got %v, want %q", tc.path, err, tc.phrase)
		}
	}
	if _, err := model.Parse(make([]byte, model.MaxFileBytes+1), "m.yaml"); err == nil {
		t.Error("Parse accepted more than MaxFileBytes")
	}
}

// TestHostileRepros22: the model reproductions of issue 22 item 14 (their
// text as in ../shared/repros/) and their kin give these exact errors.
func TestHostileRepros22(t *testing.T) {
	for _, tc := range []struct{ name, file, yaml, want string }{
		// F16: no pieces, which "from has 0, to has 0" said as if the
		// counts differed.
		{"F16", "F16-slide-empty.yaml", "name: x\nboard: 3\nslide: {piece: rook, from: [], to: []}\n",
			"F16-slide-empty.yaml:3:28: slide has no pieces: from is empty; expected the squares the pieces start on, like from: [a1, h8]"},
		{"no pieces, some targets", "m.yaml", "board: 3\nslide: {piece: rook, from: [], to: [a1]}\n",
			"m.yaml:2:28: slide has no pieces: from is empty; expected the squares the pieces start on, like from: [a1, h8]"},
		{"counts differ", "m.yaml", "board: 3\nslide: {piece: rook, from: [a1], to: []}\n",
			"m.yaml:2:38: slide needs as many target squares as pieces: from has 1, to has 0"},
		// F17: everything after the --- was ignored.
		{"F17", "F17-multidoc-garbage.yaml", "name: a\nboard: 8\nplace: [8 queen]\n---\n[[[ {{{ garbage\n",
			"F17-multidoc-garbage.yaml:4:1: a second YAML document starts here; a model file holds one model, and nothing may follow it"},
		{"a second model", "m.yaml", "board: 8\nplace: [8 queen]\n--- # another\nboard: 9\nplace: [9 queen]\n",
			"m.yaml:3:1: a second YAML document starts here; a model file holds one model, and nothing may follow it"},
		{"an empty second document", "m.yaml", "board: 8\nplace: [8 queen]\n---\n",
			"m.yaml:3:1: a second YAML document starts here; a model file holds one model, and nothing may follow it"},
		{"text after the end marker", "m.yaml", "board: |\n  ..\n  ..\nplace: [1 queen]\n...\n[[[\n",
			"m.yaml:5:1: a second YAML document starts here; a model file holds one model, and nothing may follow it"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := model.Parse([]byte(tc.yaml), tc.file)
			var perr *model.Error
			if !errors.As(err, &perr) || err.Error() != tc.want {
				t.Errorf("got  %v\nwant %s", err, tc.want)
			}
		})
	}
	// One document, with its optional markers, is still a model.
	for _, text := range []string{"---\nboard: 8\nplace: [8 queen]\n", "board: 8\nplace: [8 queen]\n...\n", "board: 8\nplace: [8 queen]\n...\n# the end\n"} {
		if _, err := model.Parse([]byte(text), "m.yaml"); err != nil {
			t.Errorf("%q: %v", text, err)
		}
	}
	if _, err := model.Parse([]byte("board: 8\nplace: [8 queen]\n"), "m.yaml", "board=8\n---\n[[["); err == nil ||
		err.Error() != "--set board=8\n---\n[[[:1:1: the value holds more than one YAML document; give one value" {
		t.Errorf("a --set of two documents: %v", err)
	}
}
