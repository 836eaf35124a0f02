package compare_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/brute"
	"github.com/chessmodel/chessmodel/compare"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/ilp"
	"github.com/chessmodel/chessmodel/model"
)

// TestRegressions replays every model on which the backends once disagreed
// (testdata/regressions, found by random comparisons): the exact and ILP
// backends must both answer, solve and count, and agree with each other and
// with the brute-force referee wherever it can answer. The bound per task is
// generous: the ILP count of random-2026-64 takes tens of seconds, longer
// when the machine is loaded.
//
// A model whose answer is known carries it in header comments, one per task:
//
//	# expect solve: status=optimal value=0
//	# expect count: status=optimal count=1 classes=1
//
// and every backend that answers must give exactly those fields. Slide
// models are solved only (no backend counts them); the known answers of
// explore on them ("# explore: ...") are checked in exact/slide.
func TestRegressions(t *testing.T) {
	files, err := filepath.Glob("../testdata/regressions/*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no regression models: %v", err)
	}
	solvers := []model.Solver{exact.New(), ilp.New(), &brute.Solver{}}
	for _, file := range files {
		m, err := model.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		want, err := readExpectations(file)
		if err != nil {
			t.Fatal(err)
		}
		tasks := []model.Task{model.TaskSolve, model.TaskCount}
		if m.Kind == model.KindSlide {
			tasks = tasks[:1] // slides are only solved, as compare does; explore's answers: exact/slide
		}
		for _, task := range tasks {
			t.Run(filepath.Base(file)+"/"+task.String(), func(t *testing.T) {
				row := compare.Run(context.Background(), m, solvers, task, compare.Options{Timeout: 3 * time.Minute, Symmetry: true})
				if row.Verdict == compare.Disagree || row.Verdict == compare.Failed {
					t.Fatalf("%s: %s", row.Verdict, row.Reason)
				}
				for _, a := range row.Answers[:2] {
					if a.Problem != "" {
						t.Errorf("%s gave no answer: %s %s", a.Backend, a.Problem, a.Error)
					}
				}
				for _, a := range row.Answers {
					if a.Problem != "" {
						continue
					}
					for field, value := range want[task.String()] {
						if got := answerField(a, field); got != value {
							t.Errorf("%s: %s = %s, want %s", a.Backend, field, got, value)
						}
					}
				}
			})
		}
	}
}

// readExpectations reads the "# expect TASK: field=value ..." header lines
// of a regression model: task name -> field -> value.
func readExpectations(file string) (map[string]map[string]string, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	want := map[string]map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "# expect ")
		if !ok {
			continue
		}
		task, fields, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("%s: %q: want \"# expect TASK: field=value ...\"", file, line)
		}
		want[task] = map[string]string{}
		for _, kv := range strings.Fields(fields) {
			k, v, ok := strings.Cut(kv, "=")
			if !ok || answerField(compare.Answer{}, k) == "?" {
				return nil, fmt.Errorf("%s: %q: want status=, value=, count= or classes=", file, kv)
			}
			want[task][k] = v
		}
	}
	return want, sc.Err()
}

// answerField prints one field of an answer as an expectation writes it
// ("-" for a field the answer does not have, "?" for an unknown field).
func answerField(a compare.Answer, field string) string {
	num := func(p *int64) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprint(*p)
	}
	switch field {
	case "status":
		return a.Status.String()
	case "value":
		return num(a.Value)
	case "count":
		return num(a.Count)
	case "classes":
		return num(a.Classes)
	}
	return "?"
}
