package model

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// override applies one "path=value" to the document before it is read.
func (p *parser) override(root *yaml.Node, o string) error {
	path, value, ok := strings.Cut(o, "=")
	bad := &Error{File: "--set " + shortQuote(o), Line: 1, Column: 1}
	if len(o) > MaxFileBytes {
		bad.Msg = fmt.Sprintf("the value has %d bytes, more than the %d a model may have", len(o), MaxFileBytes)
		return bad
	}
	if !ok || strings.TrimSpace(path) == "" {
		bad.Msg = "expected key=value, like board=12 or board.walls=[e4]"
		return bad
	}
	var doc yaml.Node
	second, err := decodeOne([]byte(value), &doc)
	if err != nil {
		bad.Msg = "value is not valid YAML: " + strings.TrimPrefix(err.Error(), "yaml: ")
		return bad
	}
	if second {
		bad.Msg = "the value holds more than one YAML document; give one value"
		return bad
	}
	var val *yaml.Node
	if len(doc.Content) > 0 {
		val = doc.Content[0]
	} else {
		val = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Line: 1, Column: 1}
	}
	mark(val, p.origin, o)
	if err := p.refuseAliases(val); err != nil {
		return err
	}
	node := root
	keys := strings.Split(strings.TrimSpace(path), ".")
	for i, key := range keys {
		if node.Kind != yaml.MappingNode {
			bad.Msg = fmt.Sprintf("cannot set %s: %s is not a mapping", shortQuote(path), shortQuote(strings.Join(keys[:i], ".")))
			return bad
		}
		var next *yaml.Node
		for j := 0; j+1 < len(node.Content); j += 2 {
			if node.Content[j].Value == key {
				next = node.Content[j+1]
				if i == len(keys)-1 {
					node.Content[j+1] = resized(next, val)
				}
				break
			}
		}
		if next == nil {
			k := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key, Line: 1, Column: 1}
			mark(k, p.origin, o)
			if i == len(keys)-1 {
				next = val
			} else {
				next = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: 1, Column: 1}
				mark(next, p.origin, o)
			}
			node.Content = append(node.Content, k, next)
		} else if next.Kind == yaml.ScalarNode && i < len(keys)-1 {
			// board=8 written as a scalar, now extended as board.walls=...:
			// keep the scalar as the mapping's size.
			size := *next
			m := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: next.Line, Column: next.Column,
				Content: []*yaml.Node{{Kind: yaml.ScalarNode, Tag: "!!str", Value: "size", Line: next.Line, Column: next.Column}, &size}}
			if from, ok := p.origin[next]; ok { // an earlier --set's value
				mark(m, p.origin, from)
			}
			for j := 1; j < len(node.Content); j += 2 {
				if node.Content[j] == next {
					node.Content[j] = m
				}
			}
			next = m
		}
		node = resolve(next)
	}
	return nil
}

// resized is what an override's value val makes of the node old it
// replaces. A size (a scalar that starts with a digit, like 6 or "6x9")
// given for a mapping that has a size or a diagram — board=6 on a board
// {size: 7, wrap: torus} — replaces only the size: the mapping's other
// keys (wrap, walls, off, weights) stay, as board.size=6 keeps them. Any
// other value replaces old whole.
func resized(old, val *yaml.Node) *yaml.Node {
	m := resolve(old)
	if m.Kind != yaml.MappingNode || val.Kind != yaml.ScalarNode || !sizeLike.MatchString(val.Value) {
		return val
	}
	at := -1
	for j := 0; j+1 < len(m.Content); j += 2 {
		if k := m.Content[j].Value; k == "size" || k == "diagram" {
			at = j
			break
		}
	}
	if at < 0 {
		return val
	}
	// a copy: an alias elsewhere in the file still means the old mapping
	out := *m
	out.Content = slices.Clone(m.Content)
	key := *m.Content[at]
	key.Value = "size"
	out.Content[at], out.Content[at+1] = &key, val
	return &out
}

// shortQuote is an override as error messages quote it: whole when short,
// otherwise its first characters and how long it is.
func shortQuote(o string) string {
	if len(o) <= maxOverrideQuote {
		return o
	}
	cut := maxOverrideQuote
	for cut > 0 && !utf8.RuneStart(o[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... (%d bytes)", o[:cut], len(o))
}

func mark(n *yaml.Node, origin map[*yaml.Node]string, o string) {
	origin[n] = o
	for _, c := range n.Content {
		mark(c, origin, o)
	}
}
