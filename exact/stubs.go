package exact

import (
	"fmt"

	"github.com/chessmodel/chessmodel/model"
)

func solveCover(st *stopper, p *problem, opts model.Options, res *model.Result) error {
	return fmt.Errorf("exact: cover rules and coverage objectives: %w", model.ErrUnsupported)
}
