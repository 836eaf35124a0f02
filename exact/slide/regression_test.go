package slide_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chessmodel/chessmodel/exact/slide"
	"github.com/chessmodel/chessmodel/model"
)

// TestExploreRegressions runs explore on every slide model of the
// project's regression models (testdata/regressions), each of which must
// carry its known answer in a header line of fields of explore's JSON
// report, components' fields after "components.":
//
//	# explore: states=6 reachable_states=3 components.count=2
func TestExploreRegressions(t *testing.T) {
	files, err := filepath.Glob("../../testdata/regressions/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no regression models: %v", err)
	}
	slides := 0
	for _, file := range files {
		m, err := model.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		if m.Kind != model.KindSlide {
			continue
		}
		slides++
		t.Run(filepath.Base(file), func(t *testing.T) {
			want, err := exploreExpectations(file)
			if err != nil {
				t.Fatal(err)
			}
			for _, workers := range []int{1, 2} {
				rep, err := slide.Explore(context.Background(), m, slide.ExploreOptions{Components: true, Options: slide.Options{Workers: workers}})
				if err != nil {
					t.Fatalf("%d workers: %v", workers, err)
				}
				got, err := reportFields(rep)
				if err != nil {
					t.Fatal(err)
				}
				for _, kv := range want {
					k, v, _ := strings.Cut(kv, "=")
					if g, ok := got[k]; !ok || g != v {
						t.Errorf("%d workers: %s = %s (present %v), want %s", workers, k, g, ok, v)
					}
				}
			}
		})
	}
	if slides < 5 {
		t.Errorf("%d slide models in the regressions, want at least the 5 of issue 22", slides)
	}
}

// exploreExpectations reads the "# explore: field=value ..." line of a
// regression model.
func exploreExpectations(file string) ([]string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if fields, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "# explore:"); ok {
			out := strings.Fields(fields)
			for _, kv := range out {
				if !strings.Contains(kv, "=") {
					return nil, fmt.Errorf("%s: %q: want field=value", file, kv)
				}
			}
			return out, nil
		}
	}
	return nil, fmt.Errorf("%s: a slide model without a \"# explore: field=value ...\" line", file)
}

// reportFields flattens a report's JSON: top-level numbers and booleans by
// name, the components' as components.NAME.
func reportFields(rep *slide.Report) (map[string]string, error) {
	data, err := json.Marshal(rep)
	if err != nil {
		return nil, err
	}
	var top map[string]any
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, err
	}
	out := map[string]string{}
	for k, v := range top {
		if sub, ok := v.(map[string]any); ok {
			for k2, v2 := range sub {
				out[k+"."+k2] = fmt.Sprint(v2)
			}
			continue
		}
		out[k] = fmt.Sprint(v)
	}
	return out, nil
}
