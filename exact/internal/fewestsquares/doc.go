// Package fewestsquares finds the fewest squares a place list attacks (or
// dominates): a branch and bound, the closing suggestion of the
// eight-pieces paper (Robison, Hafner and Skiena, 1989). It is not
// folding: under strong attack a piece added later can shorten the lines
// of the pieces before it, so what a partial placement attacks is no lower
// bound by itself (search.go says what the bound is instead).
//
// Solve places the pieces one axis after another on package fold's Plan
// (its axes, their leaf order and the model's symmetry on a lone piece),
// on the driver's pool (driver.Spread) with a best value its workers
// share. Technique is Solve as a driver.Technique: it fits the models
// fold.Fits whose objective fold.MinimisesCoverage, for a solve only; it
// counts nothing and refuses a shard.
//
// The fewest pieces that cover are another search: package domination.
package fewestsquares
