package model

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// MaxWeight bounds the absolute value of a square's weight: sums over a
// board stay exact in an int64 and in the ILP's doubles.
const MaxWeight = 1_000_000

// attackCount reads an attack-count rule:
//
//	every piece attacks 1        every queen attacked 1..
//	every square attacked ..2
//
// "every PIECE attacks R": each such piece attacks a number of pieces in R;
// "every PIECE attacked R": each is attacked by a number of pieces in R;
// "every square attacked R": each open square is attacked by a number of
// pieces in R. R is a count: 1, ..2, 1.., 0..3.
func (p *parser) attackCount(it *yaml.Node, words []string, m *Model) error {
	usage := "expected every piece attacks N, every PIECE attacked N or every square attacked N, with N a count like 1, ..2 or 1.."
	if len(words) != 4 {
		return p.errorf(it, "%s; found %q", usage, shortQuote(it.Value))
	}
	rule := AttackCount{}
	subject, verb, count := words[1], words[2], words[3]
	switch {
	case subject == "square" && verb == "attacked":
		rule.What = CountSquares
	case subject == "square":
		return p.errorAt(it, strings.Index(it.Value, verb), "a square attacks nothing: expected every square attacked N, found %q", shortQuote(it.Value))
	case verb == "attacks" || verb == "attacked":
		if subject != "piece" {
			if _, ok := m.Pieces[subject]; !ok {
				return p.errorAt(it, strings.Index(it.Value, subject), "unknown piece %q in %q; expected piece (every piece), square, or %s", subject, shortQuote(it.Value), p.pieceChoices(m, nil))
			}
			rule.Piece = subject
		}
		rule.What = CountAttacks
		if verb == "attacked" {
			rule.What = CountAttackers
		}
	default:
		return p.errorAt(it, strings.Index(it.Value, verb), "%s; found %q", usage, shortQuote(it.Value))
	}
	tok := count
	if strings.HasPrefix(tok, "..") { // "..2": at most 2
		tok = "0" + tok
	}
	r, opt, err := p.count(it, tok, strings.LastIndex(it.Value, count), m.Board)
	if err != nil {
		return err
	}
	if opt != Fixed || count == "n" {
		return p.errorAt(it, strings.LastIndex(it.Value, count), "an attack count takes a number or a range like 1, ..2 or 1.., not %q", count)
	}
	rule.Count = r
	m.Rules.Counts = append(m.Rules.Counts, rule)
	return nil
}

// weights reads the weights of a board's squares: a block of whole numbers,
// one row per rank with the top rank first (as a diagram), or a mapping of
// squares to numbers (squares not named weigh 0).
func (p *parser) weights(n *yaml.Node, m *Model) error {
	m.Weights = map[Square]int64{}
	if n.Kind == yaml.MappingNode {
		return p.weightMap(n, m)
	}
	text, err := p.scalar(n, "weights: rows of whole numbers, top rank first, or a mapping like {e4: 3}")
	if err != nil {
		return err
	}
	var rows [][]string
	for _, line := range strings.Split(text, "\n") {
		if f := strings.Fields(line); len(f) > 0 {
			rows = append(rows, f)
		}
	}
	b := m.Board
	if len(rows) != b.Rows {
		return p.errorf(n, "weights has %d rows, the %s board has %d ranks: give one row of numbers per rank, top rank first", len(rows), b.Dims(), b.Rows)
	}
	for i, row := range rows {
		if len(row) != b.Cols {
			return p.errorf(n, "weights row %d has %d numbers, the %s board has %d files", i+1, len(row), b.Dims(), b.Cols)
		}
		for file, word := range row {
			w, err := weightValue(word)
			if err != nil {
				return p.errorf(n, "weights row %d, number %d: %v", i+1, file+1, err)
			}
			if w != 0 {
				m.Weights[Square{File: file, Rank: b.Rows - 1 - i}] = w
			}
		}
	}
	return nil
}

// weightMap reads weights given as a mapping of squares to numbers.
func (p *parser) weightMap(n *yaml.Node, m *Model) error {
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolve(n.Content[i]), resolve(n.Content[i+1])
		if k.Kind != yaml.ScalarNode {
			return p.errorf(k, "expected a square like e4 as a key of weights, found %s", describe(k))
		}
		s, err := p.square(k, 0, k.Value, m.Board)
		if err != nil {
			return err
		}
		if _, dup := m.Weights[s]; dup {
			return p.errorf(k, "square %v given twice in weights", s)
		}
		if v.Kind != yaml.ScalarNode {
			return p.errorf(v, "expected a whole number as the weight of %v, found %s", s, describe(v))
		}
		w, err := weightValue(v.Value)
		if err != nil {
			return p.errorf(v, "weight of %v: %v", s, err)
		}
		m.Weights[s] = w // zeros are dropped below, after the duplicate check
	}
	for s, w := range m.Weights {
		if w == 0 {
			delete(m.Weights, s)
		}
	}
	return nil
}

func weightValue(word string) (int64, error) {
	w, err := strconv.ParseInt(word, 10, 64)
	if err != nil || w < -MaxWeight || w > MaxWeight {
		return 0, fmt.Errorf("expected a whole number from %d to %d, found %q", -MaxWeight, MaxWeight, shortQuote(word))
	}
	return w, nil
}

// Weight is the weight of square s (0 when the board has none).
func (m *Model) Weight(s Square) int64 { return m.Weights[s] }

// HasCounts reports whether the model uses attack counts or weights: the
// constructs that the exact backend searches in package counts.
func (m *Model) HasCounts() bool {
	return len(m.Rules.Counts) > 0 || m.Objective.Measure == MeasureWeight || m.Objective.Measure == MeasureAttackedWeight
}

// String writes the rule as in a model: "every piece attacks 1".
func (a AttackCount) String() string {
	who := pieceOrAll(a.Piece)
	if a.What == CountSquares {
		who = "square"
	}
	verb := "attacks"
	if a.What != CountAttacks {
		verb = "attacked"
	}
	r := a.Count
	var count string
	switch {
	case r.Min == r.Max:
		count = strconv.Itoa(r.Min)
	case r.Max == Unbounded:
		count = strconv.Itoa(r.Min) + ".."
	case r.Min == 0:
		count = ".." + strconv.Itoa(r.Max)
	default:
		count = strconv.Itoa(r.Min) + ".." + strconv.Itoa(r.Max)
	}
	return "every " + who + " " + verb + " " + count
}
