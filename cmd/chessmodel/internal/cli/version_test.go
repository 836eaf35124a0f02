package cli

import (
	"encoding/json"
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionFromBuildInfo: the revision, its time and whether the tree was
// modified are printed whole, as Go recorded them.
func TestVersionFromBuildInfo(t *testing.T) {
	info := &debug.BuildInfo{GoVersion: "go1.99", Main: debug.Module{Version: "v1.2.3"}, Settings: []debug.BuildSetting{
		{Key: "vcs", Value: "git"},
		{Key: "vcs.revision", Value: "6d6bbb5a0c1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a"},
		{Key: "vcs.time", Value: "2026-11-25T16:00:00Z"},
		{Key: "vcs.modified", Value: "true"},
	}}
	text := versionFrom(info).text()
	for _, want := range []string{"chessmodel v1.2.3\n", "commit    6d6bbb5a0c1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a (2026-11-25T16:00:00Z), with changes not committed\n", "go        go1.99 "} {
		if !strings.Contains(text, want) {
			t.Errorf("version lacks %q:\n%s", want, text)
		}
	}
	if text := versionFrom(&debug.BuildInfo{}).text(); !strings.Contains(text, "commit    unknown (built without VCS information") {
		t.Errorf("a build without VCS information does not say so:\n%s", text)
	}
}

// TestVersionCommand: version names the commit (or why it cannot), Go and
// lp_solve, in text and in JSON.
func TestVersionCommand(t *testing.T) {
	code, stdout, stderr := run(t, nil, "version")
	if code != 0 || !strings.Contains(stdout, "\ncommit    ") || !strings.Contains(stdout, "\ngo        go1.") || !strings.Contains(stdout, "\nlp_solve  ") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, stdout, stderr)
	}
	code, stdout, _ = run(t, nil, "version", "--json")
	var v map[string]any
	if err := json.Unmarshal([]byte(stdout), &v); code != 0 || err != nil || v["go"] == nil || v["lp_solve"] == nil || v["version"] == nil {
		t.Errorf("exit %d, %v: %s", code, err, stdout)
	}
}
