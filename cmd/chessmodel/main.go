// Command chessmodel models and solves chessboard puzzles: see
// `chessmodel --help` and the README.
package main

import "github.com/chessmodel/chessmodel/cmd/chessmodel/internal/cli"

func main() { cli.Main() }
