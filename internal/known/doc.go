// Package known is the one table of puzzles with known answers (gonum's
// graph/path/internal/testgraphs is the model): each Case names a model
// (a file under testdata/models or inline YAML), the task and options, the
// answer expected and where that answer comes from (a seed document, an
// OEIS sequence, brute force). Every backend and method runs the cases it
// can with one short runner in its own tests:
//
//	for _, c := range known.Cases() {
//		t.Run(c.Name, func(t *testing.T) {
//			m, err := c.Model()
//			...
//			res, err := c.Run(ctx, solver, m)
//			...
//			if err := c.Check(m, res); err != nil { t.Error(err) }
//		})
//	}
//
// Which consumer runs a case: exact's facade runs every case; ILP marks
// those lp_solve answers within the suite's time, and compare runs those
// through both backends; Brute names the referee that answers it;
// exact/tour and exact/slide run the cases of their kind. Slow cases are
// left out under -short, and a case lists the methods that would take
// minutes on it.
package known
