// Package known is the one table of puzzles with known answers (gonum's
// graph/path/internal/testgraphs is the model): each Case names a model
// (a file under testdata/models or inline YAML), the task and options, the
// answer expected and where that answer comes from (a seed document, an
// OEIS sequence, brute force, or, said so, one backend where no published
// number exists). Every backend and method runs the cases it can with one
// short runner in its own tests, saying which cases it takes:
//
//	func TestKnownAnswers(t *testing.T) {
//		known.Test(t, "ilp", func(c *known.Case, m *model.Model) model.Solver {
//			if !c.ILP {
//				return nil // not this one
//			}
//			return ilp.New()
//		})
//	}
//
// Which consumer runs a case: exact's facade runs every case; ILP marks
// those lp_solve answers within the suite's time, and compare runs those
// through both backends (with the referee where Brute names it); Brute
// names the referee that answers it; exact/tour (each method) and
// exact/slide run the cases of their kind. Slow cases are left out under
// -short, and a case lists the methods that would take minutes on it (the
// benchmarks still read their answers with Find; CHESSMODEL_MINUTES=1 runs
// them in the tests too, e.g. `CHESSMODEL_MINUTES=1 go test ./exact -run
// 'TestKnownAnswers/queens_domination_13_counted'`). Censuses are families:
// every placement of k walls on a board, which sweep runs.
//
// A method of exact can run the table the same way: its test compiles the
// model, returns nil when the method does not fit it, and otherwise a
// model.Solver that runs that method alone.
package known
