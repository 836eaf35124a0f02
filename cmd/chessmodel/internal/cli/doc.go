// Package cli is the chessmodel command line: one cobra command per file,
// each a thin layer over the library packages. Main is the only place that
// calls os.Exit; Run is what tests call.
package cli
