package model

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

func (p *parser) rules(n, stack *yaml.Node, m *Model) error {
	if stack != nil {
		v, err := p.boolean(stack, "stack")
		if err != nil {
			return err
		}
		m.Rules.Stack = v
	}
	if n == nil {
		return nil
	}
	items, err := p.items(n, "a list of rules, like [independent]")
	if err != nil {
		return err
	}
	attackSet := false
	for _, it := range items {
		if it.Kind != yaml.ScalarNode {
			return p.errorf(it, "expected a rule, found %s", describe(it))
		}
		words := strings.Fields(it.Value)
		if len(words) == 0 {
			return p.errorf(it, "empty rule")
		}
		switch {
		case isGroupRule(words):
			p.groupRules = append(p.groupRules, it)
		case len(words) == 1 && words[0] == "independent":
			m.Rules.Independent = true
		case len(words) == 1 && words[0] == "stack":
			m.Rules.Stack = true
		case words[0] == "attack" && len(words) == 2 && (words[1] == "strong" || words[1] == "weak"):
			if attackSet {
				return p.errorf(it, "attack given twice")
			}
			attackSet = true
			if words[1] == "weak" {
				m.Rules.Attack = Weak
			}
		case words[0] == "cover":
			if m.Rules.Cover != nil {
				return p.errorf(it, "cover given twice")
			}
			c, err := p.cover(it, words[1:])
			if err != nil {
				return err
			}
			m.Rules.Cover = c
		case words[0] == "every": // attack counts, parse_counts.go
			if err := p.attackCount(it, words, m); err != nil {
				return err
			}
		default:
			return p.errorf(it, "unknown rule %q; expected independent, attack strong, attack weak, cover attacked, cover dominated, cover N [attacked|dominated], stack, every piece attacks N, every piece attacked N, every square attacked N, or with groups independent between groups, independent within groups, independent GROUP, equal groups", it.Value)
		}
	}
	return nil
}

func (p *parser) cover(it *yaml.Node, words []string) (*Cover, error) {
	c := &Cover{What: MeasureAttacked}
	for i, w := range words {
		switch {
		case w == "attacked" && i == len(words)-1:
		case w == "dominated" && i == len(words)-1:
			c.What = MeasureDominated
		case i == 0 && len(words) <= 2:
			v, err := strconv.Atoi(w)
			if err != nil || v < 1 {
				return nil, p.errorf(it, "bad cover count %q: expected a number of squares from 1", w)
			}
			c.AtLeast = v
		default:
			return nil, p.errorf(it, "expected cover attacked, cover dominated or cover N [attacked|dominated], found %q", shortQuote(it.Value))
		}
	}
	return c, nil
}

func (p *parser) objective(n, place *yaml.Node, m *Model) error {
	implied := Fixed
	for _, e := range m.Place {
		if e.Opt != Fixed {
			implied = e.Opt
		}
	}
	if n == nil {
		if implied != Fixed {
			m.Objective = Objective{Sense: implied, Measure: MeasurePieces}
		}
		return nil
	}
	s, err := p.scalar(n, "an objective like maximize attacked")
	if err != nil {
		return err
	}
	words := strings.Fields(s)
	var o Objective
	if len(words) == 2 {
		switch words[0] {
		case "maximize", "maximise":
			o.Sense = Maximize
		case "minimize", "minimise":
			o.Sense = Minimize
		}
		for _, ms := range []Measure{MeasurePieces, MeasureAttacked, MeasureDominated, MeasureWalls, MeasureWeight, MeasureAttackedWeight} {
			if words[1] == ms.String() {
				o.Measure = ms
			}
		}
	}
	if o.Sense == Fixed || o.Measure == MeasureNone {
		return p.errorf(n, "expected maximize or minimize, then pieces, attacked, dominated, walls, weight or attacked-weight, found %q", shortQuote(s))
	}
	if implied != Fixed && (o.Measure != MeasurePieces || o.Sense != implied) {
		return p.errorf(n, "objective %q conflicts with the max/min count in place; give fixed counts or drop the objective", s)
	}
	if o.Measure == MeasureWalls && m.FreeWalls == nil {
		return p.errorf(n, "objective %q needs free walls: board: {size: N, walls: free}", s)
	}
	if (o.Measure == MeasureWeight || o.Measure == MeasureAttackedWeight) && m.Weights == nil {
		return p.errorf(n, "objective %q needs square weights: board: {size: N, weights: ...}", s)
	}
	m.Objective = o
	return nil
}
