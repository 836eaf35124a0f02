package cli

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// The README test runs every example of the README, and of the pages in
// docs/, whose lines start with "$ chessmodel" and compares what it prints with what the README shows, so
// that README, help and code cannot drift apart.
//
// How an example is written:
//
//   - a fenced code block whose first line is "$ chessmodel ..."; a block may
//     hold several commands, each with its output below it; a command may go
//     on over lines that end with a backslash;
//   - standard output and standard error are compared together, in the order
//     a terminal shows them;
//   - commands run in a scratch directory in which testdata/ is the
//     repository's, so "-o file" writes nowhere in the repository; "-" reads
//     nothing (standard input is empty); pipes and other programs are not
//     supported;
//   - a line "..." in the shown output stands for any number of lines.
//
// Masking: before comparing, both sides have every duration ("0.002s",
// "(1.23s)", "207.0s", "1m30s") replaced by "<t>", every node count
// ("195949 nodes") by "<n> nodes", and every run of spaces shrunk to one,
// so that timings, node counts and the column widths they cause may differ.
// Everything else must match exactly.
//
// Marking: an HTML comment on the line just before the block's opening
// fence changes how it is run:
//
//	<!-- readme-test: long -->     run only with -readme.long (e.g. the 5-wall
//	                               sweep: minutes); keeps CI under a minute
//	<!-- readme-test: skip why --> never run (say why)
//	<!-- readme-test: exit 1 -->   the commands exit with this status (e.g. a
//	                               check that finds a solution invalid); by
//	                               default 0, or anything when the output
//	                               shows a "chessmodel:" error line
//
// Run with: go test ./cmd/chessmodel/internal/cli -run TestREADME [-readme.long] [-v]
var readmeLong = flag.Bool("readme.long", false, "also run the README examples marked <!-- readme-test: long -->")

const repoRoot = "../../../.."

// readmeExample is one command of the README with the output shown for it.
type readmeExample struct {
	file   string
	line   int // of the command in file
	args   []string
	output []string
	mark   string // "", "long" or "skip ..."
}

func TestREADME(t *testing.T) {
	pages, _ := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	var examples []readmeExample
	for _, page := range append([]string{filepath.Join(repoRoot, "README.md")}, pages...) {
		exs, err := readREADME(page)
		if err != nil {
			t.Fatal(err)
		}
		if len(exs) == 0 {
			t.Errorf("%s: no $ chessmodel examples", page)
		}
		examples = append(examples, exs...)
	}
	repo, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(repo, "testdata"), filepath.Join(dir, "testdata")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, ex := range examples {
		name := fmt.Sprintf("%s:%d: %s", ex.file, ex.line, strings.Join(ex.args, " "))
		t.Run(name, func(t *testing.T) {
			switch {
			case strings.HasPrefix(ex.mark, "skip"):
				t.Skip("marked", ex.mark)
			case ex.mark == "long" && !*readmeLong:
				t.Skip("marked long: run with -readme.long")
			}
			var out syncBuffer
			start := time.Now()
			err := Run(context.Background(), ex.args[1:], Streams{In: strings.NewReader(""), Out: &out, Err: &out})
			want := 0
			if code, ok := strings.CutPrefix(ex.mark, "exit "); ok {
				fmt.Sscan(code, &want)
			}
			if code := ExitCode(err); code != want && !strings.Contains(strings.Join(ex.output, "\n"), "chessmodel:") {
				t.Errorf("%s:%d: exit status %d, want %d\n%s", ex.file, ex.line, code, want, out.String())
			}
			got := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
			if diff := matchOutput(ex.output, got); diff != "" {
				t.Errorf("%s:%d: the output differs from the one shown (after masking) %s\n--- shown\n%s\n--- got\n%s",
					ex.file, ex.line, diff, strings.Join(ex.output, "\n"), strings.Join(got, "\n"))
			}
			t.Logf("%.1fs", time.Since(start).Seconds())
		})
	}
}

// readREADME finds the examples of a page: fenced blocks starting with
// "$ chessmodel".
func readREADME(path string) ([]readmeExample, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var examples []readmeExample
	lines := strings.Split(string(data), "\n")
	mark := regexp.MustCompile(`^<!--\s*readme-test:\s*(.*?)\s*-->$`)
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "```") {
			continue
		}
		end := i + 1
		for end < len(lines) && !strings.HasPrefix(lines[end], "```") {
			end++
		}
		block := lines[i+1 : end]
		if len(block) > 0 && strings.HasPrefix(block[0], "$ chessmodel") {
			m := ""
			if i > 0 {
				if found := mark.FindStringSubmatch(strings.TrimSpace(lines[i-1])); found != nil {
					m = found[1]
				}
			}
			file, _ := filepath.Rel(repoRoot, path)
			exs, err := splitBlock(file, block, i+2, m)
			if err != nil {
				return nil, err
			}
			examples = append(examples, exs...)
		}
		i = end
	}
	return examples, nil
}

// splitBlock splits a block into its commands and their outputs; first is
// the README line number of the block's first line.
func splitBlock(file string, block []string, first int, mark string) ([]readmeExample, error) {
	var out []readmeExample
	for j := 0; j < len(block); j++ {
		line := block[j]
		if !strings.HasPrefix(line, "$ ") {
			if len(out) == 0 {
				return nil, fmt.Errorf("%s:%d: output before any command", file, first+j)
			}
			out[len(out)-1].output = append(out[len(out)-1].output, line)
			continue
		}
		ex := readmeExample{file: file, line: first + j, mark: mark}
		command := strings.TrimPrefix(line, "$ ")
		for strings.HasSuffix(command, "\\") && j+1 < len(block) {
			j++
			command = strings.TrimSuffix(command, "\\") + " " + strings.TrimSpace(block[j])
		}
		args, err := splitWords(command)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, ex.line, err)
		}
		if len(args) == 0 || args[0] != "chessmodel" {
			return nil, fmt.Errorf("%s:%d: only chessmodel commands can be run; mark the block <!-- readme-test: skip why -->", file, ex.line)
		}
		ex.args = args
		out = append(out, ex)
	}
	for k := range out { // a blank line separates a command's output from the next command
		for len(out[k].output) > 0 && strings.TrimSpace(out[k].output[len(out[k].output)-1]) == "" {
			out[k].output = out[k].output[:len(out[k].output)-1]
		}
	}
	return out, nil
}

// splitWords splits a command line into words as a shell would for the
// simple lines of a README: spaces, single and double quotes.
func splitWords(s string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			word.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		case strings.ContainsRune("|<>;&`$", r):
			return nil, fmt.Errorf("%q: pipes, redirections and shell syntax are not supported; mark the block <!-- readme-test: skip why -->", s)
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("%q: unclosed quote", s)
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

var (
	durationPattern = regexp.MustCompile(`\b\d+(\.\d+)?(h\d+m)?(m\d+(\.\d+)?)?(ms|µs|s)\b`)
	nodesPattern    = regexp.MustCompile(`\b\d+ nodes?\b`)
	spacesPattern   = regexp.MustCompile(` +`)
)

// mask hides what may differ between runs: durations, node counts, and
// the column widths they cause.
func mask(line string) string {
	line = durationPattern.ReplaceAllString(line, "<t>")
	line = nodesPattern.ReplaceAllString(line, "<n> nodes")
	return strings.TrimRight(spacesPattern.ReplaceAllString(line, " "), " ")
}

// matchOutput compares the README's lines with the lines printed, after
// masking; "..." in the README matches any number of lines. It returns ""
// when they match, else where they part.
func matchOutput(want, got []string) string {
	if len(want) == 0 {
		return ""
	}
	if want[0] == "..." {
		for k := 0; k <= len(got); k++ {
			if matchOutput(want[1:], got[k:]) == "" {
				return ""
			}
		}
		return "after ..."
	}
	if len(got) == 0 {
		return fmt.Sprintf("at %q: the output ended", want[0])
	}
	if mask(want[0]) != mask(got[0]) {
		return fmt.Sprintf("at %q: got %q", want[0], got[0])
	}
	return matchOutput(want[1:], got[1:])
}

// syncBuffer is a buffer that several goroutines write while a test reads:
// standard output and standard error in the order a terminal would show
// them, or a server's log.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestREADMEMask: the masking rule hides timings and node counts and
// nothing else.
func TestREADMEMask(t *testing.T) {
	for _, tc := range []struct{ a, b string }{
		{"  exact backend, 0.000s, 424 nodes", "  exact backend, 1.234s, 17 nodes"},
		{"random-1-1  solve  optimal 1 (0.00s)    optimal 1 (10.01s)   2 of 2   agree", "random-1-1 solve optimal 1 (3.10s) optimal 1 (0.00s) 2 of 2 agree"},
		{"  7624512 boards, 954226 classes up to symmetry (group of order 8), 207.0s", "  7624512 boards, 954226 classes up to symmetry (group of order 8), 118.3s"},
		{"stopped by --timeout 1m30s before", "stopped by --timeout 2s before"},
	} {
		if mask(tc.a) != mask(tc.b) {
			t.Errorf("%q and %q differ after masking: %q, %q", tc.a, tc.b, mask(tc.a), mask(tc.b))
		}
	}
	for _, tc := range []struct{ a, b string }{
		{"n queens: optimal, pieces 12, 14200 solutions", "n queens: optimal, pieces 12, 14201 solutions"},
		{"8 . . . . Q . . .", "8 . . . Q . . . ."},
		{"  best value 11, e.g. walls [d2 e4 b5]", "  best value 11, e.g. walls [d2 e4 b6]"},
	} {
		if mask(tc.a) == mask(tc.b) {
			t.Errorf("%q and %q are the same after masking", tc.a, tc.b)
		}
	}
	if d := matchOutput([]string{"a", "...", "z"}, []string{"a", "b", "c", "z"}); d != "" {
		t.Errorf("... did not match: %s", d)
	}
	if d := matchOutput([]string{"a", "...", "z"}, []string{"a", "b", "c"}); d == "" {
		t.Error("... matched without the line after it")
	}
}
