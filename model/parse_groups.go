package model

import (
	"strings"

	"go.yaml.in/yaml/v3"
)

// groupWords are the words a group may not be called: they would read as
// rules.
var groupWords = []string{"between", "within", "groups", "on", "as", "light", "dark"}

// entryGroup cuts a trailing "as GROUP" off a place entry's words.
func (p *parser) entryGroup(it *yaml.Node, words []string) ([]string, string, error) {
	n := len(words)
	if n < 2 || words[n-2] != "as" {
		return words, "", nil
	}
	g := words[n-1]
	if !groupName(g) {
		return nil, "", p.errorAt(it, strings.LastIndex(it.Value, g), "bad group name %q: expected a name of letters, digits, - and _ that is not one of %s", shortQuote(g), strings.Join(groupWords, ", "))
	}
	return words[:n-2], g, nil
}

func groupName(g string) bool {
	if g == "" || contains(groupWords, g) || len(g) > 40 {
		return false
	}
	for _, c := range g {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// isGroupRule reports whether a rule's words are one of the group forms,
// read once the place list has named the groups (groupRules).
func isGroupRule(words []string) bool {
	return words[0] == "independent" && len(words) > 1 || len(words) == 2 && words[0] == "equal" && words[1] == "groups"
}

// groups collects the groups the place list names and checks that a group
// model names one for every entry and has no fixed pieces or stacking.
func (p *parser) groups(place *yaml.Node, m *Model) error {
	named := 0
	for _, e := range m.Place {
		if e.Group == "" {
			continue
		}
		named++
		if !contains(m.Army.Groups, e.Group) {
			m.Army.Groups = append(m.Army.Groups, e.Group)
		}
	}
	switch {
	case named == 0:
		if len(p.groupRules) > 0 {
			return p.errorf(p.groupRules[0], "rule %q speaks of groups, but no place entry names one; write entries like \"9 queen as white\"", p.groupRules[0].Value)
		}
		return nil
	case named < len(m.Place):
		return p.errorf(place, "some place entries name a group and some do not; in a model with groups every entry names one, like \"9 queen as white\"")
	case len(m.Army.Groups) > MaxGroups:
		return p.errorf(place, "%d groups; a model has at most %d", len(m.Army.Groups), MaxGroups)
	case len(m.Fixed) > 0:
		return p.errorf(place, "fixed pieces in a model with groups are not supported: a fixed piece names no group")
	case m.Rules.Stack:
		return p.errorf(place, "stack in a model with groups is not supported: a square holds one piece of one group")
	}
	return p.groupRulesOf(m)
}

// groupRulesOf reads the group forms of the rules: independent between
// groups, within groups, independent GROUP, equal groups.
func (p *parser) groupRulesOf(m *Model) error {
	n := len(m.Army.Groups)
	m.Army.Forbid = make([][]bool, n)
	for g := range m.Army.Forbid {
		m.Army.Forbid[g] = make([]bool, n)
	}
	for _, it := range p.groupRules {
		words := strings.Fields(it.Value)
		rule := strings.Join(words, " ")
		switch {
		case rule == "equal groups":
			m.Army.EqualGroups = true
		case rule == "independent between groups" || rule == "independent within groups":
			for g := range n {
				for h := range n {
					m.Army.Forbid[g][h] = m.Army.Forbid[g][h] || (g != h) == (words[1] == "between")
				}
			}
		case len(words) == 2 && m.GroupIndex(words[1]) >= 0:
			g := m.GroupIndex(words[1])
			for h := range n {
				m.Army.Forbid[g][h] = true
			}
		default:
			return p.errorf(it, "unknown rule %q; expected independent between groups, independent within groups, independent GROUP (one of %s) or equal groups", shortQuote(it.Value), strings.Join(m.Army.Groups, ", "))
		}
		m.Army.Rules = append(m.Army.Rules, rule)
	}
	return nil
}
