//go:build cgo

package ilp_test

import (
	"bytes"
	"context"
	"flag"
	"math"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/ilp/internal/lpsolve"
	"github.com/chessmodel/chessmodel/model"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// goldenModels are written in every format and compared with the files in
// testdata/golden: the seed's 3-wall board of value 11, a small model
// with most of what the compiler writes, and the degenerate programs
// without variables and without rows, which the writers give placeholders.
var goldenModels = map[string]string{
	"blocked-3w-value11": models + "blocked-3w-value11.yaml",
	"features":           "testdata/models/features.yaml",
	"no-variables":       "testdata/models/no-variables.yaml",
	"no-rows":            "testdata/models/no-rows.yaml",
}

var formats = []ilp.Format{ilp.FormatLP, ilp.FormatMPS, ilp.FormatCPLEX}

// goldenName is the file of a model in a format: name.lp, name.mps,
// name.cplex.lp.
func goldenName(name string, f ilp.Format) string {
	if f == ilp.FormatCPLEX {
		return name + ".cplex.lp"
	}
	return name + f.Extension()
}

func sortedKeys(m map[string]string) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func TestGolden(t *testing.T) {
	for _, name := range sortedKeys(goldenModels) {
		m, err := model.Load(goldenModels[name])
		if err != nil {
			t.Fatal(err)
		}
		p := compileModel(t, m)
		for _, f := range formats {
			var got bytes.Buffer
			if err := p.Write(&got, f); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", "golden", goldenName(name, f))
			if *update {
				if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./ilp -run Golden -update to create it)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("%s differs from the golden file; if the change is intended, rerun with -update", path)
			}
		}
	}
}

func TestParseFormat(t *testing.T) {
	for _, f := range formats {
		if g, err := ilp.ParseFormat(f.String()); err != nil || g != f {
			t.Errorf("ParseFormat(%q) = %v, %v", f.String(), g, err)
		}
	}
	if _, err := ilp.ParseFormat("xlsx"); err == nil {
		t.Error("ParseFormat(xlsx): no error")
	}
}

// TestWrittenFilesReadBack reads our LP and MPS text with lp_solve's own
// parsers (through the binding), and checks that the model it builds has
// the same columns and rows and the same optimum as the program solved in
// process.
func TestWrittenFilesReadBack(t *testing.T) {
	for _, name := range sortedKeys(goldenModels) {
		m, err := model.Load(goldenModels[name])
		if err != nil {
			t.Fatal(err)
		}
		p := compileModel(t, m)
		res, err := ilp.New().Solve(context.Background(), m, model.Options{})
		if err != nil || res.Value == nil {
			t.Fatalf("%s: %v %v", name, res, err)
		}
		for _, f := range []ilp.Format{ilp.FormatLP, ilp.FormatMPS} {
			var text bytes.Buffer
			if err := p.Write(&text, f); err != nil {
				t.Fatal(err)
			}
			var lp *lpsolve.LP
			if f == ilp.FormatLP {
				lp, err = lpsolve.ReadLP(&text, name)
			} else {
				lp, err = lpsolve.ReadMPS(&text)
			}
			if err != nil {
				t.Fatalf("%s %v: lp_solve cannot read it: %v", name, f, err)
			}
			defer lp.Close()
			cols, _ := lp.Ncolumns()
			rows, _ := lp.Nrows()
			written := p.AsWritten() // a program without variables has its placeholder column
			if cols != len(written.Variables) || rows != len(p.Rows) {
				t.Errorf("%s %v: lp_solve reads %d columns and %d rows, the program as written has %d and %d", name, f, cols, rows, len(written.Variables), len(p.Rows))
			}
			names := map[string]bool{}
			for i := 0; i < cols; i++ {
				n, err := lp.ColName(i)
				if err != nil {
					t.Fatal(err)
				}
				names[n] = true
			}
			for _, v := range written.Variables {
				if !names[v.Name] {
					t.Errorf("%s %v: column %s missing", name, f, v.Name)
				}
			}
			status, err := lp.Solve()
			if err != nil || status != lpsolve.Optimal {
				t.Fatalf("%s %v: %v %v", name, f, status, err)
			}
			objective, err := lp.Objective()
			if err != nil {
				t.Fatal(err)
			}
			if f == ilp.FormatMPS && p.Objective.Sense == model.Maximize {
				objective = -objective // MPS files minimise the negated objective
			}
			if math.Abs(objective-float64(*res.Value)) > 1e-6 {
				t.Errorf("%s %v: lp_solve finds %g, the backend %d", name, f, objective, *res.Value)
			}
		}
	}
}
