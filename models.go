// Package chessmodel carries the example models of testdata/models inside
// every binary built from this module, so that `chessmodel serve` can show
// them from any directory. The toolkit itself lives in the packages below:
// model, exact, ilp, compare, sweep, render and serve.
package chessmodel

import "embed"

// Models holds testdata/models/*.yaml; fs.Sub(Models, "testdata/models")
// is the directory itself.
//
//go:embed testdata/models/*.yaml
var Models embed.FS
