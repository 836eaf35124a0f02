package model

import "go.yaml.in/yaml/v3"

// tourUndirected reads the tour's undirected key, after closed. A closed
// tour is an undirected cycle, so on a closed tour the key may only say
// true: directed cycles are not in the language.
func (p *parser) tourUndirected(n *yaml.Node, t *TourSpec) error {
	if n == nil {
		return nil
	}
	var err error
	if t.Undirected, err = p.boolean(n, "undirected"); err != nil {
		return err
	}
	if t.Closed && !t.Undirected {
		return p.errorf(n, "a closed tour is counted as an undirected cycle; expected undirected: true or no undirected key")
	}
	return nil
}
