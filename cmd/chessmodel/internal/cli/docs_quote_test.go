package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// unquotedBrackets finds a flag value with brackets that a shell would
// expand as a glob (--set place=[10 queen], not --set 'place=[10 queen]'),
// in code spans and in command lines.
var unquotedBrackets = regexp.MustCompile(`--[a-z-]+[ =][a-z.]*=\[`)

// TestDocsQuoteBrackets: every command shown in the README and docs/*.md
// can be pasted into a shell as it stands.
func TestDocsQuoteBrackets(t *testing.T) {
	pages, _ := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	for _, page := range append(pages, filepath.Join(repoRoot, "README.md")) {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(text), "\n") {
			if strings.HasPrefix(line, "chessmodel: ") {
				continue // an error message quoting the value, not a command
			}
			if unquotedBrackets.MatchString(line) {
				t.Errorf("%s:%d: quote the brackets for the shell: %s", page, i+1, line)
			}
		}
	}
}
