// Package cli is the chessmodel command line: one cobra command per file,
// each a thin layer over the library packages. Main is the only place that
// calls os.Exit; Run is what tests call, with streams of their own.
//
// Conventions every command follows (conventions.go, errors.go): a model
// argument may be - for standard input; -o/--output names the file written;
// --json makes the output, errors included, machine-readable; --timeout
// bounds the work; exit statuses tell success (0), a negative answer (1),
// bad input or failure (2), a timeout (3), an unsupported task (4) and an
// interrupt (130) apart. Every command has examples in its help, and the
// README's examples are run by readme_test.go.
//
// Input (input.go): every model, solution and frames file is read by
// loadModel or readInput. A path must name a regular file: a named pipe, a
// device or a directory is refused before it is opened (opening a named
// pipe would wait for a writer for ever), exit status 2. A pipe is read
// as standard input, -, and that read ends with --timeout (exit 3) or a
// signal (130, 143) like any other work. --workers (solve, count,
// enumerate, sweep, puzzles) is at most model.MaxWorkers; more is lowered
// to it, with a note on standard error.
//
// Libraries: cobra for commands, flags and shell completion;
// golang.org/x/term to tell a terminal from a pipe (progress lines are drawn
// only on a terminal, so no escape code reaches a file); text/tabwriter for
// the tables printed at the end of a command. compare's table stays
// fixed-width by hand because it is printed row by row as each model is
// judged, and tabwriter aligns only what it has buffered.
package cli
