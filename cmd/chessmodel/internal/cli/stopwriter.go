package cli

import (
	"context"
	"io"
)

// stopWriter passes writes on to w until ctx is done, then fails each with
// ctx's error: a writer or an encoder that loops over a whole program or
// picture (ilp's text writers, the PNG and GIF encoders) stops at its next
// write, so --timeout and signals reach it.
type stopWriter struct {
	ctx context.Context
	w   io.Writer
}

func (s stopWriter) Write(p []byte) (int, error) {
	if err := s.ctx.Err(); err != nil {
		return 0, err
	}
	return s.w.Write(p)
}
