// Package oeis holds published integer sequences from the On-Line
// Encyclopedia of Integer Sequences that the tests of several packages use
// as oracles: numbers computed elsewhere, never by this code.
package oeis
