package model

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// MaxBoardSide bounds the ranks and files of a board. Solvers bound it further
// for the work they do; the explicit N-queens construction and the checker
// reach this far.
const MaxBoardSide = 10_000_000

// MaxFileBytes bounds the model files Load reads (and the values of
// overrides): a model of the largest board the backends search, written out
// square by square, takes a small fraction of it.
const MaxFileBytes = 1 << 20

// maxOverrideQuote bounds how much of an override's text an error quotes.
const maxOverrideQuote = 60

// Load reads a model file ("-" for standard input). Each override is
// "path=value": the YAML value replaces (or adds) the node at the dotted key
// path before the model is read, so `board=12` turns the eight-queens board
// into a twelve-queens one. Only regular files (and standard input) are
// read, and no more than MaxFileBytes of them.
func Load(path string, overrides ...string) (*Model, error) {
	data, err := ReadFile(path, MaxFileBytes)
	if err != nil {
		return nil, err
	}
	return Parse(data, path, overrides...)
}

// ReadFile reads a regular file (see OpenFile), or standard input for "-",
// refusing anything longer than limit bytes, and a file that is not a
// regular one, before it reads it.
func ReadFile(path string, limit int64) ([]byte, error) {
	if path == "-" {
		return ReadLimited(os.Stdin, "stdin", limit)
	}
	f, err := OpenFile(path, "a model file")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if info.Size() > limit {
		return nil, &Error{File: path, Line: 1, Column: 1, Msg: fmt.Sprintf("the file has %d bytes, more than the %d a model may have", info.Size(), limit)}
	}
	return ReadLimited(f, path, limit)
}

// ReadLimited reads r to its end, refusing more than limit bytes.
func ReadLimited(r io.Reader, name string, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, &Error{File: name, Line: 1, Column: 1, Msg: fmt.Sprintf("more than the %d bytes a model may have", limit)}
	}
	return data, nil
}

// OpenFile opens a file named as input (a model, a solution), what it is
// expected to be ("a model file") naming it in errors. It refuses anything
// but a regular file with an *Error, exit status 2 in the CLI, before it
// opens it: opening a named pipe waits for a writer, for ever when none
// comes, and no signal ends the wait; a device or a directory is no input.
// The file is opened without waiting (O_NONBLOCK, which regular files
// ignore) and checked again, in case the path changed in between. A pipe
// is read as standard input, "-", which the caller reads.
func OpenFile(path, what string) (*os.File, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := regularFile(path, what, info); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	if info, err = f.Stat(); err == nil {
		err = regularFile(path, what, info)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// regularFile refuses a file that is not a regular one.
func regularFile(path, what string, info fs.FileInfo) error {
	if info.Mode().IsRegular() {
		return nil
	}
	return &Error{File: path, Line: 1, Column: 1, Msg: fmt.Sprintf("not a regular file (%s); expected %s, or - for standard input", kindOfFile(info.Mode()), what)}
}

func kindOfFile(mode fs.FileMode) string {
	switch {
	case mode.IsDir():
		return "a directory"
	case mode&fs.ModeDevice != 0:
		return "a device"
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	}
	return mode.Type().String()
}

// Parse reads a model from YAML text; name is used in error messages.
func Parse(data []byte, name string, overrides ...string) (*Model, error) {
	data = trimBOM(data)
	p := &parser{file: name, lines: strings.Split(string(data), "\n"), origin: map[*yaml.Node]string{}}
	if len(data) > MaxFileBytes {
		return nil, &Error{File: name, Line: 1, Column: 1, Msg: fmt.Sprintf("the model has %d bytes, more than the %d a model may have", len(data), MaxFileBytes)}
	}
	var doc yaml.Node
	second, err := decodeOne(data, &doc)
	if err != nil {
		return nil, p.yamlError(err)
	}
	if second {
		return nil, p.secondDocument(&doc)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, &Error{File: name, Line: 1, Column: 1, Msg: "empty model: expected a mapping with board and one of place, tour, slide"}
	}
	if err := p.refuseAliases(&doc); err != nil {
		return nil, err
	}
	root := resolve(doc.Content[0])
	if root.Kind != yaml.MappingNode {
		return nil, p.errorf(root, "expected a mapping of model keys (name, board, place, tour, slide, ...), found %s", describe(root))
	}
	for _, o := range overrides {
		if err := p.override(root, o); err != nil {
			return nil, err
		}
	}
	return p.model(root)
}

// decodeOne decodes the first YAML document of data into doc and says
// whether a second one follows (yaml.Unmarshal ignores it, and any text
// after a "---", silently).
func decodeOne(data []byte, doc *yaml.Node) (second bool, err error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(doc); err != nil && !errors.Is(err, io.EOF) {
		return false, err
	}
	var next yaml.Node
	return !errors.Is(dec.Decode(&next), io.EOF), nil
}

// documentMarker is a line that ends a YAML document: "---" starts the
// next, "..." ends this one. No document's text has a line that starts so.
var documentMarker = regexp.MustCompile(`^(---|\.\.\.)([ \t].*)?\r?$`)

// secondDocument is the error of a model file that holds more than one
// YAML document, placed at the marker that ends the first.
func (p *parser) secondDocument(doc *yaml.Node) error {
	first := 1
	if len(doc.Content) > 0 {
		first = doc.Content[0].Line
	}
	line := len(p.lines)
	for i := first; i < len(p.lines); i++ { // line i+1
		if documentMarker.MatchString(p.lines[i]) {
			line = i + 1
			break
		}
	}
	return &Error{File: p.file, Line: line, Column: 1, Msg: "a second YAML document starts here; a model file holds one model, and nothing may follow it"}
}

// refuseAliases decides aliases once, for the whole document: a model has
// none. An alias could make a small file stand for an exponentially large
// (or, pointing into itself, infinite) value, and every reader of the model
// would have to bound what it expands; refusing them here means no reader
// ever meets one. Anchors alone are harmless and left alone.
func (p *parser) refuseAliases(doc *yaml.Node) error {
	stack := []*yaml.Node{doc}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Kind == yaml.AliasNode {
			return p.errorf(n, "YAML aliases (*%s) are not accepted in a model; write the value out where it is used", n.Value)
		}
		for i := len(n.Content) - 1; i >= 0; i-- {
			stack = append(stack, n.Content[i]) // the first child on top: the first alias is reported
		}
	}
	return nil
}

type parser struct {
	file   string
	lines  []string
	origin map[*yaml.Node]string // nodes that came from a --set override
}

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
	line, column := p.locate(line, msg, hasLine)
	return &Error{File: p.file, Line: line, Column: column, Msg: "not a valid YAML model: " + msg}
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
					node.Content[j+1] = val
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

var topKeys = []string{"name", "board", "pieces", "place", "fixed", "rules", "stack", "objective", "tour", "slide"}

// fields checks a mapping's keys against the allowed ones and returns their
// values by key.
func (p *parser) fields(n *yaml.Node, allowed []string, what string) (map[string]*yaml.Node, error) {
	out := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := resolve(n.Content[i])
		if k.Kind != yaml.ScalarNode {
			return nil, p.errorf(k, "expected a key of %s, found %s", what, describe(k))
		}
		if !contains(allowed, k.Value) {
			return nil, p.errorf(k, "unknown key %q in %s; expected one of %s", k.Value, what, strings.Join(allowed, ", "))
		}
		if _, dup := out[k.Value]; dup {
			return nil, p.errorf(k, "key %q given twice in %s", k.Value, what)
		}
		out[k.Value] = resolve(n.Content[i+1])
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func (p *parser) model(root *yaml.Node) (*Model, error) {
	f, err := p.fields(root, topKeys, "the model")
	if err != nil {
		return nil, err
	}
	m := &Model{Source: p.file, Pieces: BuiltinPieces()}
	if n := f["name"]; n != nil {
		if m.Name, err = p.scalar(n, "a name"); err != nil {
			return nil, err
		}
	} else {
		m.Name = defaultName(p.file)
	}
	if n := f["pieces"]; n != nil {
		if err := p.pieces(n, m); err != nil {
			return nil, err
		}
	}
	boardNode := f["board"]
	if boardNode == nil {
		return nil, p.errorf(root, "missing key board: give a size like 8 or \"6x9\", a mapping with size and walls, or a diagram")
	}
	if err := p.board(boardNode, m); err != nil {
		return nil, err
	}

	var kinds []string
	for _, k := range []string{"place", "tour", "slide"} {
		if f[k] != nil {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) != 1 {
		at := root
		if len(kinds) > 1 {
			at = f[kinds[1]]
		}
		return nil, p.errorf(at, "a model has exactly one of place, tour, slide; found %s", orNone(kinds))
	}
	placeOnly := []string{"fixed", "rules", "stack", "objective"}
	if kinds[0] != "place" {
		for _, k := range placeOnly {
			if f[k] != nil {
				return nil, p.errorf(f[k], "key %s belongs to place models, not to a %s model", k, kinds[0])
			}
		}
		if m.FreeWalls != nil || len(m.Fixed) > 0 {
			return nil, p.errorf(boardNode, "free walls and fixed pieces belong to place models, not to a %s model", kinds[0])
		}
	}
	switch kinds[0] {
	case "place":
		m.Kind = KindPlace
		if n := f["fixed"]; n != nil {
			if err := p.fixed(n, m); err != nil {
				return nil, err
			}
		}
		if err := p.rules(f["rules"], f["stack"], m); err != nil {
			return nil, err
		}
		if err := p.place(f["place"], m); err != nil {
			return nil, err
		}
		if err := p.objective(f["objective"], f["place"], m); err != nil {
			return nil, err
		}
		if err := p.checkFixed(boardNode, m); err != nil {
			return nil, err
		}
		if err := p.checkRoom(f["place"], m); err != nil {
			return nil, err
		}
	case "tour":
		m.Kind = KindTour
		if err := p.tour(f["tour"], m); err != nil {
			return nil, err
		}
	case "slide":
		m.Kind = KindSlide
		if err := p.slide(f["slide"], m); err != nil {
			return nil, err
		}
	}
	return m, nil
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, " and ")
}

func defaultName(file string) string {
	base := file[strings.LastIndexAny(file, `/\`)+1:]
	if i := strings.LastIndex(base, "."); i > 0 {
		base = base[:i]
	}
	return base
}

func (p *parser) scalar(n *yaml.Node, what string) (string, error) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return "", p.errorf(n, "expected %s, found %s", what, describe(n))
	}
	return n.Value, nil
}

func (p *parser) integer(n *yaml.Node, what string, lo, hi int) (int, error) {
	s, err := p.scalar(n, what)
	if err != nil {
		return 0, err
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < lo || v > hi {
		return 0, p.errorf(n, "expected %s from %d to %d, found %q", what, lo, hi, shortQuote(s))
	}
	return v, nil
}

func (p *parser) boolean(n *yaml.Node, what string) (bool, error) {
	s, err := p.scalar(n, what)
	if err != nil {
		return false, err
	}
	switch s {
	case "true", "yes", "on":
		return true, nil
	case "false", "no", "off":
		return false, nil
	}
	return false, p.errorf(n, "expected true or false for %s, found %q", what, shortQuote(s))
}

// items returns the elements of a list, or the scalar itself as a list of one.
func (p *parser) items(n *yaml.Node, what string) ([]*yaml.Node, error) {
	switch n.Kind {
	case yaml.SequenceNode:
		out := make([]*yaml.Node, len(n.Content))
		for i, c := range n.Content {
			out[i] = resolve(c)
		}
		return out, nil
	case yaml.ScalarNode:
		if n.Tag != "!!null" {
			return []*yaml.Node{n}, nil
		}
	}
	return nil, p.errorf(n, "expected %s, found %s", what, describe(n))
}

// ---- pieces ----

var pieceName = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)

func (p *parser) pieces(n *yaml.Node, m *Model) error {
	if n.Kind != yaml.MappingNode {
		return p.errorf(n, "expected a mapping of piece names to definitions, like camel: {leap: [1, 3]}")
	}
	defs := map[string]*yaml.Node{}
	keys := map[string]*yaml.Node{}
	var order []string
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := resolve(n.Content[i])
		if k.Kind != yaml.ScalarNode || !pieceName.MatchString(k.Value) {
			return p.errorf(k, "expected a piece name of lower-case letters, digits, - and _, found %s", describe(k))
		}
		if _, builtin := m.Pieces[k.Value]; builtin {
			return p.errorf(k, "piece %q is built in and cannot be redefined; choose another name", k.Value)
		}
		if _, dup := defs[k.Value]; dup {
			return p.errorf(k, "piece %q defined twice", k.Value)
		}
		defs[k.Value] = resolve(n.Content[i+1])
		keys[k.Value] = k
		order = append(order, k.Value)
	}
	resolving := map[string]bool{}
	var define func(name string, at *yaml.Node) (*Piece, error)
	define = func(name string, at *yaml.Node) (*Piece, error) {
		if pc, ok := m.Pieces[name]; ok {
			return pc, nil
		}
		def, ok := defs[name]
		if !ok {
			return nil, p.errorf(at, "unknown piece %q; expected %s", name, p.pieceChoices(m, defs))
		}
		if resolving[name] {
			return nil, p.errorf(at, "piece %q is defined in terms of itself", name)
		}
		resolving[name] = true
		defer delete(resolving, name)
		pc, err := p.pieceDef(name, def, define)
		if err != nil {
			return nil, err
		}
		m.Pieces[name] = pc
		return pc, nil
	}
	for _, name := range order {
		if _, err := define(name, keys[name]); err != nil {
			return err
		}
	}
	// Symbols: given ones must be unique; the rest get the first free letter
	// of their name, or any free letter.
	used := map[rune]string{}
	for _, b := range builtinPieces {
		used[b.symbol] = b.name
	}
	for _, name := range order {
		pc := m.Pieces[name]
		if pc.Symbol == 0 {
			continue
		}
		if other, taken := used[pc.Symbol]; taken {
			return p.errorf(defs[name], "symbol %c of %s is already used by %s", pc.Symbol, name, other)
		}
		used[pc.Symbol] = name
	}
	for _, name := range order {
		pc := m.Pieces[name]
		if pc.Symbol != 0 {
			continue
		}
		candidates := strings.ToUpper(name) + "ACDEFGHIJLMOSTUVWXYZ"
		for _, r := range candidates {
			if r >= 'A' && r <= 'Z' && r != 'P' && used[r] == "" {
				pc.Symbol = r
				used[r] = name
				break
			}
		}
	}
	return nil
}

func (p *parser) pieceChoices(m *Model, defs map[string]*yaml.Node) string {
	var names []string
	for name := range m.Pieces {
		names = append(names, name)
	}
	for name := range defs {
		if _, ok := m.Pieces[name]; !ok {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return "one of " + strings.Join(names, ", ")
}

func (p *parser) pieceDef(name string, def *yaml.Node, define func(string, *yaml.Node) (*Piece, error)) (*Piece, error) {
	var parts []*Piece
	var leaps, rides []Vector
	var symbol rune
	switch def.Kind {
	case yaml.SequenceNode:
		for _, c := range def.Content {
			c = resolve(c)
			partName, err := p.scalar(c, "a piece name")
			if err != nil {
				return nil, err
			}
			part, err := define(partName, c)
			if err != nil {
				return nil, err
			}
			parts = append(parts, part)
		}
		if len(parts) == 0 {
			return nil, p.errorf(def, "compound piece %s needs at least one part, like [queen, knight]", name)
		}
	case yaml.MappingNode:
		f, err := p.fields(def, []string{"leap", "ride", "of", "symbol"}, "a piece definition")
		if err != nil {
			return nil, err
		}
		if n := f["of"]; n != nil {
			items, err := p.items(n, "a list of piece names")
			if err != nil {
				return nil, err
			}
			for _, c := range items {
				part, err := define(c.Value, c)
				if err != nil {
					return nil, err
				}
				parts = append(parts, part)
			}
		}
		if n := f["leap"]; n != nil {
			if leaps, err = p.vectors(n); err != nil {
				return nil, err
			}
		}
		if n := f["ride"]; n != nil {
			if rides, err = p.vectors(n); err != nil {
				return nil, err
			}
		}
		if n := f["symbol"]; n != nil {
			s, err := p.scalar(n, "a symbol letter")
			if err != nil {
				return nil, err
			}
			if len(s) != 1 || s[0] < 'A' || s[0] > 'Z' || s[0] == 'P' {
				return nil, p.errorf(n, "expected one upper-case letter other than P as the symbol, found %q", shortQuote(s))
			}
			symbol = rune(s[0])
		}
		if len(parts) == 0 && len(leaps) == 0 && len(rides) == 0 {
			return nil, p.errorf(def, "piece %s has no moves: give leap, ride or of", name)
		}
	default:
		return nil, p.errorf(def, "expected a piece definition: a list of pieces to combine, or a mapping with leap, ride, of")
	}
	pc := compound(name, symbol, parts)
	pc.Leaps = expand(append(pc.Leaps, leaps...))
	pc.Rides = expand(append(pc.Rides, rides...))
	return pc, nil
}

// vectors reads [a, b] or [[a, b], [c, d]].
func (p *parser) vectors(n *yaml.Node) ([]Vector, error) {
	if n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
		return nil, p.errorf(n, "expected a displacement [files, ranks] like [1, 2], or a list of them")
	}
	if resolve(n.Content[0]).Kind == yaml.SequenceNode {
		var out []Vector
		for _, c := range n.Content {
			v, err := p.vectors(resolve(c))
			if err != nil {
				return nil, err
			}
			out = append(out, v...)
		}
		return out, nil
	}
	if len(n.Content) != 2 {
		return nil, p.errorf(n, "expected a displacement of two numbers [files, ranks], found %d numbers", len(n.Content))
	}
	var xy [2]int
	for i, c := range n.Content {
		v, err := p.integer(resolve(c), "a displacement", -64, 64)
		if err != nil {
			return nil, err
		}
		xy[i] = v
	}
	if xy[0] == 0 && xy[1] == 0 {
		return nil, p.errorf(n, "displacement [0, 0] does not move; expected something like [1, 2]")
	}
	return []Vector{{xy[0], xy[1]}}, nil
}

// ---- board ----

var sizePattern = regexp.MustCompile(`^\s*(\d+)\s*(?:[xX×]\s*(\d+)\s*)?$`)

// sizeLike is a one-line board that can only be meant as a size.
var sizeLike = regexp.MustCompile(`^\s*\d[^\n]*$`)

func (p *parser) board(n *yaml.Node, m *Model) error {
	switch n.Kind {
	case yaml.ScalarNode:
		// A line that starts with a digit is a size: a diagram holds no
		// digits, and "8x8x8" is better told it is not a size than that
		// '8' is not a square of a diagram.
		if sizePattern.MatchString(n.Value) || sizeLike.MatchString(n.Value) {
			rows, cols, err := p.size(n)
			if err != nil {
				return err
			}
			m.Board = NewBoard(rows, cols)
			return nil
		}
		if n.Tag == "!!str" && strings.TrimSpace(n.Value) != "" {
			return p.diagram(n, m)
		}
	case yaml.MappingNode:
		f, err := p.fields(n, []string{"size", "diagram", "walls", "off"}, "board")
		if err != nil {
			return err
		}
		switch {
		case f["size"] != nil && f["diagram"] != nil:
			return p.errorf(f["diagram"], "board has both size and diagram; give one")
		case f["size"] != nil:
			rows, cols, err := p.size(f["size"])
			if err != nil {
				return err
			}
			m.Board = NewBoard(rows, cols)
		case f["diagram"] != nil:
			if err := p.diagram(f["diagram"], m); err != nil {
				return err
			}
		default:
			return p.errorf(n, "board needs size (like 8 or \"6x9\") or diagram")
		}
		if off := f["off"]; off != nil {
			squares, err := p.squares(off, m.Board, "squares not on the board")
			if err != nil {
				return err
			}
			for _, s := range squares {
				m.Board.Set(s, Off)
			}
		}
		if walls := f["walls"]; walls != nil {
			return p.walls(walls, m)
		}
		return nil
	}
	return p.errorf(n, "expected a board: a size like 8 or \"6x9\", a mapping with size and walls, or a diagram")
}

func (p *parser) size(n *yaml.Node) (int, int, error) {
	s, err := p.scalar(n, "a board size like 8 or \"6x9\"")
	if err != nil {
		return 0, 0, err
	}
	g := sizePattern.FindStringSubmatch(s)
	if g == nil {
		return 0, 0, p.errorf(n, "expected a board size like 8 or \"6x9\" (ranks x files), found %q", shortQuote(s))
	}
	rows, err1 := strconv.Atoi(g[1])
	cols := rows
	var err2 error
	if g[2] != "" {
		cols, err2 = strconv.Atoi(g[2])
	}
	if err1 != nil || err2 != nil || rows < 1 || cols < 1 || rows > MaxBoardSide || cols > MaxBoardSide {
		return 0, 0, p.errorf(n, "board size %q: each side must be from 1 to %d", s, MaxBoardSide)
	}
	return rows, cols, nil
}

// diagram reads a picture of the board, top rank first: '.' open, '#' or 'P'
// a wall, '-' not on the board, a piece letter a fixed piece. Spaces between
// squares are ignored.
func (p *parser) diagram(n *yaml.Node, m *Model) error {
	type row struct {
		text      []rune
		line, col int
		cols      []int // source column of each square
	}
	var rows []row
	for i, raw := range strings.Split(n.Value, "\n") {
		var r row
		r.line, r.col = n.Line, n.Column
		if n.Style == yaml.LiteralStyle || n.Style == yaml.FoldedStyle {
			r.line = n.Line + 1 + i
			r.col = 1
			if src, ok := p.sourceLine(n, r.line); ok {
				r.col = len(src) - len(strings.TrimLeft(src, " \t")) + 1
			}
		}
		for j, c := range []rune(raw) {
			if c != ' ' && c != '\t' && c != '\r' {
				r.text = append(r.text, c)
				r.cols = append(r.cols, r.col+j)
			}
		}
		rows = append(rows, r)
	}
	for len(rows) > 0 && len(rows[len(rows)-1].text) == 0 {
		rows = rows[:len(rows)-1]
	}
	for len(rows) > 0 && len(rows[0].text) == 0 {
		rows = rows[1:]
	}
	if len(rows) == 0 {
		return p.errorf(n, "empty board diagram")
	}
	cols := len(rows[0].text)
	if len(rows) > 1000 || cols > 1000 {
		return p.errorf(n, "board diagrams are limited to 1000x1000; use size and walls for larger boards")
	}
	b := NewBoard(len(rows), cols)
	symbols := map[rune]*Piece{}
	for _, pc := range m.Pieces {
		symbols[pc.Symbol] = pc
	}
	for i, r := range rows {
		at := p.within(n, r.line, r.col)
		if len(r.text) != cols {
			return p.errorf(at, "diagram row %d has %d squares, expected %d like the first row", i+1, len(r.text), cols)
		}
		rank := len(rows) - 1 - i
		for file, c := range r.text {
			s := Square{File: file, Rank: rank}
			switch c {
			case '.':
			case '#', 'P':
				b.Set(s, Wall)
			case '-':
				b.Set(s, Off)
			default:
				pc, ok := symbols[c]
				if !ok {
					at.Column = r.cols[file]
					return p.errorf(at, "unexpected %q in the diagram; expected . (open), # (wall), - (not on the board) or a piece letter %s", c, symbolList(m))
				}
				m.Fixed = append(m.Fixed, Placed{Piece: pc.Name, Square: s})
			}
		}
	}
	m.Board = b
	return nil
}

// within is a node for a place inside n (a square of a diagram), from
// where n was read: the file or a --set value.
func (p *parser) within(n *yaml.Node, line, col int) *yaml.Node {
	at := &yaml.Node{Line: line, Column: col, Style: yaml.LiteralStyle}
	if o, ok := p.origin[n]; ok {
		p.origin[at] = o
	}
	return at
}

// sourceLine is a line (from 1) of the text n was read from: the file, or
// the value of the --set that gave it.
func (p *parser) sourceLine(n *yaml.Node, line int) (string, bool) {
	lines := p.lines
	if o, ok := p.origin[n]; ok {
		_, value, _ := strings.Cut(o, "=")
		lines = strings.Split(value, "\n")
	}
	if line < 1 || line > len(lines) {
		return "", false
	}
	return lines[line-1], true
}

func symbolList(m *Model) string {
	var s []string
	for _, pc := range m.Pieces {
		s = append(s, fmt.Sprintf("%c", pc.Symbol))
	}
	sort.Strings(s)
	return strings.Join(s, " ")
}

// squares reads a list of squares on board b (a YAML list, or one scalar of
// names separated by spaces or commas).
func (p *parser) squares(n *yaml.Node, b *Board, what string) ([]Square, error) {
	items, err := p.items(n, "a list of "+what+", like [e4, d5]")
	if err != nil {
		return nil, err
	}
	var out []Square
	seen := map[Square]bool{}
	for _, it := range items {
		if it.Kind != yaml.ScalarNode {
			return nil, p.errorf(it, "expected a square like e4 in the %s, found %s", what, describe(it))
		}
		offset := 0
		for _, name := range strings.FieldsFunc(it.Value, func(r rune) bool { return r == ' ' || r == ',' }) {
			offset = strings.Index(it.Value[offset:], name) + offset
			s, err := p.square(it, offset, name, b)
			if err != nil {
				return nil, err
			}
			if seen[s] {
				return nil, p.errorAt(it, offset, "square %v listed twice in the %s", s, what)
			}
			seen[s] = true
			out = append(out, s)
			offset += len(name)
		}
	}
	return out, nil
}

func (p *parser) square(n *yaml.Node, offset int, name string, b *Board) (Square, error) {
	s, err := ParseSquare(name)
	if err != nil {
		return s, p.errorAt(n, offset, "bad %v", err)
	}
	if !b.InBounds(s) {
		return s, p.errorAt(n, offset, "square %s is not on the %dx%d board (files a..%s, ranks 1..%d)",
			name, b.Rows, b.Cols, FileName(b.Cols-1), b.Rows)
	}
	return s, nil
}

func (p *parser) walls(n *yaml.Node, m *Model) error {
	var fixed, free *yaml.Node
	switch {
	case n.Kind == yaml.ScalarNode && n.Value == "free":
		m.FreeWalls = &Range{0, Unbounded}
		return nil
	case n.Kind == yaml.MappingNode:
		f, err := p.fields(n, []string{"fixed", "free"}, "walls")
		if err != nil {
			return err
		}
		fixed, free = f["fixed"], f["free"]
	default:
		fixed = n
	}
	if fixed != nil {
		squares, err := p.squares(fixed, m.Board, "walls")
		if err != nil {
			return err
		}
		for _, s := range squares {
			if m.Board.Cell(s) == Off {
				return p.errorf(fixed, "wall %v is on a square that is not on the board", s)
			}
			m.Board.Set(s, Wall)
		}
	}
	if free != nil {
		if free.Kind == yaml.ScalarNode && (free.Value == "true" || free.Value == "any") {
			m.FreeWalls = &Range{0, Unbounded}
		} else {
			r, opt, err := p.count(free, free.Value, 0, m.Board)
			if err != nil {
				return err
			}
			if opt != Fixed {
				return p.errorf(free, "free walls take a count like 3 or 0..5, not %s; use objective: minimize walls", free.Value)
			}
			m.FreeWalls = &r
		}
	}
	return nil
}

// ---- place ----

// count reads N, max, min, a..b, a.. or n (the board's smaller side).
func (p *parser) count(n *yaml.Node, tok string, offset int, b *Board) (Range, Optimize, error) {
	bad := func() (Range, Optimize, error) {
		return Range{}, Fixed, p.errorAt(n, offset, "bad count %q: expected a whole number from 0 to %d, max, min, n (the board's side), or a range like 3..5", shortQuote(tok), Unbounded-1)
	}
	switch tok {
	case "max":
		return Range{0, Unbounded}, Maximize, nil
	case "min":
		return Range{0, Unbounded}, Minimize, nil
	case "n":
		side := min(b.Rows, b.Cols)
		return Range{side, side}, Fixed, nil
	}
	number := func(s string) (int, bool) {
		v, err := strconv.Atoi(s)
		return v, err == nil && v >= 0 && v < Unbounded && s[0] != '+'
	}
	if lo, hi, ok := strings.Cut(tok, ".."); ok {
		a, okA := number(lo)
		if !okA {
			return bad()
		}
		if hi == "" {
			return Range{a, Unbounded}, Fixed, nil
		}
		z, okZ := number(hi)
		if !okZ || z < a {
			return bad()
		}
		return Range{a, z}, Fixed, nil
	}
	v, ok := number(tok)
	if !ok {
		return bad()
	}
	return Range{v, v}, Fixed, nil
}

func (p *parser) place(n *yaml.Node, m *Model) error {
	items, err := p.items(n, "a list of pieces to place, like [8 queen]")
	if err != nil {
		return err
	}
	if len(items) == 0 {
		return p.errorf(n, "nothing to place; expected entries like 8 queen or max knight")
	}
	var opt Optimize
	for _, it := range items {
		if it.Kind != yaml.ScalarNode {
			return p.errorf(it, "expected an entry like \"8 queen\" or \"1 bishop on light\", found %s", describe(it))
		}
		words := strings.Fields(it.Value)
		if len(words) != 2 && len(words) != 4 {
			return p.errorf(it, "expected COUNT PIECE [on light|dark], like \"8 queen\" or \"1 bishop on dark\", found %q", shortQuote(it.Value))
		}
		r, o, err := p.count(it, words[0], strings.Index(it.Value, words[0]), m.Board)
		if err != nil {
			return err
		}
		if o != Fixed {
			if opt != Fixed && opt != o {
				return p.errorf(it, "place mixes max and min counts; an objective goes one way")
			}
			opt = o
		}
		pc, ok := m.Pieces[words[1]]
		if !ok {
			return p.errorAt(it, strings.Index(it.Value, words[1]), "unknown piece %q; expected %s, or a piece defined under pieces:", words[1], p.pieceChoices(m, nil))
		}
		e := PlaceEntry{Piece: pc, Count: r, Opt: o}
		if len(words) == 4 {
			if words[2] != "on" {
				return p.errorAt(it, strings.Index(it.Value, words[2]), "expected \"on light\" or \"on dark\" after the piece, found %q", shortQuote(words[2]+" "+words[3]))
			}
			switch words[3] {
			case "light", "white":
				e.Colour = Light
			case "dark", "black":
				e.Colour = Dark
			default:
				return p.errorAt(it, strings.LastIndex(it.Value, words[3]), "expected light or dark after \"on\", found %q", shortQuote(words[3]))
			}
		}
		m.Place = append(m.Place, e)
	}
	return nil
}

func (p *parser) fixed(n *yaml.Node, m *Model) error {
	items, err := p.items(n, "a list of fixed pieces, like [queen d4]")
	if err != nil {
		return err
	}
	for _, it := range items {
		words := strings.Fields(it.Value)
		if it.Kind != yaml.ScalarNode || len(words) != 2 {
			return p.errorf(it, "expected a fixed piece as PIECE SQUARE, like \"queen d4\", found %s", describe(it))
		}
		if _, ok := m.Pieces[words[0]]; !ok {
			return p.errorf(it, "unknown piece %q; expected %s", words[0], p.pieceChoices(m, nil))
		}
		s, err := p.square(it, strings.LastIndex(it.Value, words[1]), words[1], m.Board)
		if err != nil {
			return err
		}
		m.Fixed = append(m.Fixed, Placed{Piece: words[0], Square: s})
	}
	return nil
}

// checkFixed verifies that fixed pieces stand on open squares, one a square
// unless pieces stack.
func (p *parser) checkFixed(at *yaml.Node, m *Model) error {
	seen := map[Square]bool{}
	for _, f := range m.Fixed {
		if !m.Board.IsOpen(f.Square) {
			return p.errorf(at, "fixed %s on %v stands on a wall or off the board", f.Piece, f.Square)
		}
		if seen[f.Square] && !m.Rules.Stack {
			return p.errorf(at, "two fixed pieces on %v; pieces share a square only with stack: true", f.Square)
		}
		seen[f.Square] = true
	}
	return nil
}

// checkRoom rejects place lists that cannot fit on the board.
func (p *parser) checkRoom(at *yaml.Node, m *Model) error {
	if m.Rules.Stack {
		if m.MinPieces() > 0 && m.Board.OpenCount() == 0 {
			return p.errorf(at, "no open square to place pieces on")
		}
		return nil
	}
	occupied := map[Square]bool{}
	for _, f := range m.Fixed {
		occupied[f.Square] = true
	}
	room := m.Board.OpenCount() - len(occupied)
	walls := 0
	if m.FreeWalls != nil {
		walls = m.FreeWalls.Min
	}
	if need := m.MinPieces() + walls; need > room {
		return p.errorf(at, "more pieces than free squares: %d pieces and walls need squares, the board has %d free", need, room)
	}
	for _, c := range []Colour{Light, Dark} {
		need := 0
		for _, e := range m.Place {
			if e.Colour == c {
				need += e.Count.Min
			}
		}
		if need == 0 {
			continue
		}
		if free := colourRoom(m.Board, c, occupied); need > free {
			return p.errorf(at, "more pieces on %s squares than free %s squares: %d pieces, %d squares", c, c, need, free)
		}
	}
	return nil
}

// colourRoom counts the open squares of one colour not taken by fixed
// pieces: the rectangle's share (a1 is dark, so dark squares are the larger
// half) less the exceptional squares of that colour.
func colourRoom(b *Board, c Colour, occupied map[Square]bool) int {
	dark := (b.Size() + 1) / 2
	free := dark
	if c == Light {
		free = b.Size() - dark
	}
	for s := range b.cells {
		if c.Allows(s) {
			free--
		}
	}
	for s := range occupied {
		if c.Allows(s) {
			free--
		}
	}
	return free
}

// ---- rules and objective ----

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
		default:
			return p.errorf(it, "unknown rule %q; expected independent, attack strong, attack weak, cover attacked, cover dominated, cover N [attacked|dominated], or stack", it.Value)
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
		for _, ms := range []Measure{MeasurePieces, MeasureAttacked, MeasureDominated, MeasureWalls} {
			if words[1] == ms.String() {
				o.Measure = ms
			}
		}
	}
	if o.Sense == Fixed || o.Measure == MeasureNone {
		return p.errorf(n, "expected maximize or minimize, then pieces, attacked, dominated or walls, found %q", shortQuote(s))
	}
	if implied != Fixed && (o.Measure != MeasurePieces || o.Sense != implied) {
		return p.errorf(n, "objective %q conflicts with the max/min count in place; give fixed counts or drop the objective", s)
	}
	if o.Measure == MeasureWalls && m.FreeWalls == nil {
		return p.errorf(n, "objective %q needs free walls: board: {size: N, walls: free}", s)
	}
	m.Objective = o
	return nil
}

// ---- tour and slide ----

func (p *parser) piece(n *yaml.Node, m *Model) (*Piece, error) {
	name, err := p.scalar(n, "a piece name")
	if err != nil {
		return nil, err
	}
	pc, ok := m.Pieces[name]
	if !ok {
		return nil, p.errorf(n, "unknown piece %q; expected %s", name, p.pieceChoices(m, nil))
	}
	return pc, nil
}

func (p *parser) openSquare(n *yaml.Node, m *Model, what string) (Square, error) {
	name, err := p.scalar(n, "a square like d1")
	if err != nil {
		return Square{}, err
	}
	s, err := p.square(n, 0, name, m.Board)
	if err != nil {
		return s, err
	}
	if !m.Board.IsOpen(s) {
		return s, p.errorf(n, "%s %v is a wall or not on the board; expected an open square", what, s)
	}
	return s, nil
}

func (p *parser) tour(n *yaml.Node, m *Model) error {
	if n.Kind != yaml.MappingNode {
		return p.errorf(n, "expected tour: {piece: knight, start: d1, closed: false}")
	}
	f, err := p.fields(n, []string{"piece", "start", "closed"}, "tour")
	if err != nil {
		return err
	}
	t := &TourSpec{}
	if f["piece"] == nil {
		return p.errorf(n, "tour needs a piece, like piece: knight")
	}
	if t.Piece, err = p.piece(f["piece"], m); err != nil {
		return err
	}
	if sn := f["start"]; sn != nil {
		s, err := p.openSquare(sn, m, "tour start")
		if err != nil {
			return err
		}
		t.Start = &s
	}
	if cn := f["closed"]; cn != nil {
		if t.Closed, err = p.boolean(cn, "closed"); err != nil {
			return err
		}
	}
	if m.Board.OpenCount() < 1 {
		return p.errorf(n, "the board has no open square to tour")
	}
	m.Tour = t
	return nil
}

func (p *parser) slide(n *yaml.Node, m *Model) error {
	if n.Kind != yaml.MappingNode {
		return p.errorf(n, "expected slide: {piece: rook, from: [a1, h8], to: [d4, e5]}")
	}
	f, err := p.fields(n, []string{"piece", "from", "to"}, "slide")
	if err != nil {
		return err
	}
	for _, k := range []string{"piece", "from", "to"} {
		if f[k] == nil {
			return p.errorf(n, "slide needs %s", k)
		}
	}
	s := &SlideSpec{}
	if s.Piece, err = p.piece(f["piece"], m); err != nil {
		return err
	}
	for _, side := range []struct {
		key string
		out *[]Square
	}{{"from", &s.From}, {"to", &s.To}} {
		squares, err := p.squares(f[side.key], m.Board, "squares")
		if err != nil {
			return err
		}
		for _, sq := range squares {
			if !m.Board.IsOpen(sq) {
				return p.errorf(f[side.key], "slide square %v is a wall or not on the board", sq)
			}
		}
		*side.out = squares
	}
	if len(s.From) == 0 {
		return p.errorf(f["from"], "slide has no pieces: from is empty; expected the squares the pieces start on, like from: [a1, h8]")
	}
	if len(s.From) != len(s.To) {
		return p.errorf(f["to"], "slide needs as many target squares as pieces: from has %d, to has %d", len(s.From), len(s.To))
	}
	SortSquares(s.From)
	SortSquares(s.To)
	m.Slide = s
	return nil
}

// trimBOM lets files saved with a byte-order mark parse.
func trimBOM(b []byte) []byte { return bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")) }
