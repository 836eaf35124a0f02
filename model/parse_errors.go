package model

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

func (p *parser) yamlError(err error) error {
	msg := err.Error()
	line, hasLine := 1, false
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg, hasLine = m[2], true
	} else {
		msg = strings.TrimPrefix(msg, "yaml: ")
	}
	if slip, ok := p.blockSlip(); ok {
		// the library blames the mapping around the block, or says only
		// that a ':' is missing: say which row is out of line
		return slip
	}
	line, column := p.locate(line, msg, hasLine)
	return &Error{File: p.file, Line: line, Column: column, Msg: "not a valid YAML model: " + msg}
}

// spaces is "1 space" or "n spaces".
func spaces(n int) string {
	if n == 1 {
		return "1 space"
	}
	return fmt.Sprintf("%d spaces", n)
}

// blockHeader is a line that opens a block scalar ("weights: |",
// "- diagram: >-"): its indentation, any "- " before the key, and an
// indentation indicator if one is given.
var blockHeader = regexp.MustCompile(`^( *)((?:- +)*)(?:[^\s#-][^#]*?:[ \t]+)?[|>][+-]?([1-9]?)[+-]?[ \t]*(?:#.*)?$`)

// blockSlip finds a row of a block scalar (a board's weights or diagram)
// indented less than the rows before it: YAML ends the block there, and
// the library's error then names the mapping around the block ("did not
// find expected key" on the line of size:) or a missing ':'. It returns
// an error at the row that is out of line, saying how far it and the rows
// above it are indented. The first row of a block sets its indentation,
// so a row indented less than it is read as the start of a new key: a
// line there written only in the characters of the rows above it (digits
// and signs for weights, a diagram's squares), and not a key, a list entry
// or a comment, is a slip.
func (p *parser) blockSlip() (*Error, bool) {
	for h := 0; h < len(p.lines); h++ {
		header := p.lines[h]
		g := blockHeader.FindStringSubmatch(header)
		if g == nil || g[3] != "" || (g[2] == "" && !strings.Contains(header, ":")) {
			continue // an explicit indentation is the writer's to keep
		}
		keyIndent := len(g[1]) + len(g[2])
		indent, rows := -1, 0
		used := map[rune]bool{} // the characters of the block's rows
		for l := h + 1; l < len(p.lines); l++ {
			text := strings.TrimRight(p.lines[l], " \t\r")
			if text == "" {
				continue
			}
			d := len(text) - len(strings.TrimLeft(text, " "))
			if indent < 0 {
				if d <= keyIndent {
					break // an empty block
				}
				indent = d
			}
			if d >= indent {
				rows++
				for _, c := range text {
					used[digitAsZero(c)] = true
				}
				continue
			}
			// the block ends here: a slip if the line is a row like the
			// rows above it (only their characters) and no key
			rest := text[d:]
			keyLike := strings.HasPrefix(rest, "#") || strings.HasPrefix(rest, "- ") || rest == "-" ||
				strings.HasPrefix(rest, "? ") || strings.Contains(rest+" ", ": ") ||
				(d == 0 && documentMarker.MatchString(rest))
			likeRows := true
			for _, c := range rest {
				likeRows = likeRows && (c == ' ' || used[digitAsZero(c)])
			}
			if keyLike || !likeRows {
				h = l - 1 // the next key, or something else: the block ended
				break
			}
			name := strings.TrimSpace(strings.TrimLeft(header[keyIndent:], " "))
			return &Error{File: p.file, Line: l + 1, Column: d + 1, Msg: fmt.Sprintf(
				"not a valid YAML model: row %d of the block %q (line %d) is indented %s, the rows above it %d: indent every row of a block alike",
				rows+1, name, h+1, spaces(d), indent)}, true
		}
	}
	return nil, false
}

// digitAsZero is c, or '0' for any digit: a row of weights is like the
// rows above it whatever its digits.
func digitAsZero(c rune) rune {
	if c >= '0' && c <= '9' {
		return '0'
	}
	return c
}

// locate finds the line and column of a YAML library error. The library
// names only a line, counted from 0 for the parser's errors and from 1 for
// the scanner's, and leaves it out when it is the first; locate corrects the
// line and finds the character the message is about when it names one kind
// (a tab, a second ':' on the line, an unclosed bracket or quote), otherwise
// the first character of the line.
func (p *parser) locate(line int, msg string, hasLine bool) (int, int) {
	parserError := strings.HasPrefix(msg, "did not find expected") &&
		!strings.Contains(msg, "alphabetic") && !strings.Contains(msg, "line break")
	switch {
	case !hasLine:
		line = 1
	case parserError:
		line++
	}
	line = max(1, min(line, len(p.lines)))
	if strings.Contains(msg, "end of stream") {
		for l := len(p.lines); l >= 1; l-- {
			if i := unclosedQuote(p.lines[l-1]); i >= 0 {
				return l, i + 1
			}
		}
	}
	if strings.Contains(msg, "expected ',' or") {
		// the library's line is not reliable here: find the bracket
		if l, c := p.unclosedBracket(); l > 0 {
			return l, c
		}
	}
	text := p.lines[line-1]
	first := len(text) - len(strings.TrimLeft(text, " "))
	switch {
	case strings.Contains(msg, "cannot start any token"):
		if i := strings.IndexAny(text, "\t@`%"); i >= 0 {
			return line, i + 1
		}
	case strings.Contains(msg, "mapping values are not allowed"):
		// the second "key:" of the line
		if i := strings.Index(text, ": "); i >= 0 {
			if j := strings.Index(text[i+2:], ":"); j >= 0 {
				return line, i + 2 + j + 1
			}
			return line, i + 1
		}
	}
	if first < len(text) {
		return line, first + 1
	}
	return line, 1
}

// unclosedBracket finds the last '[' or '{' of a flow collection left open,
// outside quotes and comments: (line, column), or (0, 0).
func (p *parser) unclosedBracket() (int, int) {
	type at struct{ line, col int }
	var open []at
	for l, text := range p.lines {
		quote := byte(0)
		for i := 0; i < len(text); i++ {
			c := text[i]
			switch {
			case quote != 0:
				if c == quote {
					quote = 0
				}
			case c == '\'' || c == '"':
				quote = c
			case c == '#' && (i == 0 || text[i-1] == ' '):
				i = len(text)
			case c == '[' || c == '{':
				open = append(open, at{l + 1, i + 1})
			case (c == ']' || c == '}') && len(open) > 0:
				open = open[:len(open)-1]
			}
		}
	}
	if len(open) == 0 {
		return 0, 0
	}
	return open[len(open)-1].line, open[len(open)-1].col
}

// unclosedQuote returns the index of a quote a line opens and does not
// close, or -1.
func unclosedQuote(text string) int {
	open, at := byte(0), -1
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case open == 0 && (c == '\'' || c == '"'):
			open, at = c, i
		case open != 0 && c == open:
			open = 0
		}
	}
	if open != 0 {
		return at
	}
	return -1
}

func (p *parser) errorf(n *yaml.Node, format string, args ...any) error {
	return p.errorAt(n, 0, format, args...)
}

// errorAt locates an error offset characters into a plain scalar.
func (p *parser) errorAt(n *yaml.Node, offset int, format string, args ...any) error {
	file := p.file
	line, col := n.Line, n.Column
	if o, ok := p.origin[n]; ok {
		file = "--set " + shortQuote(o)
	}
	if n.Style == 0 || n.Style == yaml.FlowStyle {
		col += offset
	}
	return &Error{File: file, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
}

func resolve(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "nothing"
		}
		return fmt.Sprintf("%q", shortQuote(n.Value))
	}
	return "something else"
}
