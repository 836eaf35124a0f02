package sat_test

import (
	"errors"

	"github.com/chessmodel/chessmodel/model"
)

func errorsIsUnsupported(err error) bool { return errors.Is(err, model.ErrUnsupported) }
