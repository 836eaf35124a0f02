package model

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strconv"
	"strings"
	"syscall"

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
	m, err := p.model(root)
	if err != nil {
		return nil, err
	}
	m.Name = overriddenName(m.Name, overrides)
	return m, nil
}

// overriddenName is the name of a model changed by overrides: its name
// with them, "closed knight's tour 6x6 (board=8)", so that whatever shows
// the name (text, JSON, a part's record and their merge) says that the
// model is not the file's. An override of the name itself is the name
// chosen, not listed; a long one is cut as errors quote it, and one over
// several lines is put on one.
func overriddenName(name string, overrides []string) string {
	var changes []string
	for _, o := range overrides {
		if key, _, _ := strings.Cut(o, "="); strings.TrimSpace(key) == "name" {
			continue
		}
		changes = append(changes, shortQuote(strings.Join(strings.Fields(o), " ")))
	}
	if len(changes) == 0 {
		return name
	}
	return name + " (" + strings.Join(changes, ", ") + ")"
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
	// groupRules are the rules that speak of groups, read once the place
	// list has named them (parse_groups.go).
	groupRules []*yaml.Node
}

var topKeys = []string{"name", "board", "pieces", "place", "fixed", "rules", "stack", "objective", "tour", "slide", "game"}

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
	kind, err := p.modelKind(root, f, boardNode, m)
	if err != nil {
		return nil, err
	}
	switch kind {
	case "place":
		m.Kind = KindPlace
		err = p.placeModel(f, boardNode, m)
	case "tour":
		m.Kind = KindTour
		err = p.tour(f["tour"], m)
	case "slide":
		m.Kind = KindSlide
		err = p.slide(f["slide"], m)
	case "game":
		m.Kind = KindGame
		err = p.game(f["game"], m) // parse_game.go
	}
	if err != nil {
		return nil, err
	}
	return m, nil
}

// modelKind finds the one section of place, tour and slide the model has,
// and refuses the keys and board features of place models in the others.
func (p *parser) modelKind(root *yaml.Node, f map[string]*yaml.Node, boardNode *yaml.Node, m *Model) (string, error) {
	var kinds []string
	for _, k := range []string{"place", "tour", "slide", "game"} {
		if f[k] != nil {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) != 1 {
		at := root
		if len(kinds) > 1 {
			at = f[kinds[1]]
		}
		return "", p.errorf(at, "a model has exactly one of place, tour, slide, game; found %s", orNone(kinds))
	}
	if kinds[0] == "place" {
		return "place", nil
	}
	for _, k := range []string{"fixed", "rules", "stack", "objective"} {
		if f[k] != nil {
			return "", p.errorf(f[k], "key %s belongs to place models, not to a %s model", k, kinds[0])
		}
	}
	if m.FreeWalls != nil || len(m.Fixed) > 0 {
		return "", p.errorf(boardNode, "free walls and fixed pieces belong to place models, not to a %s model", kinds[0])
	}
	return kinds[0], nil
}

// placeModel reads the sections of a place model in order: fixed pieces,
// rules, the pieces to place, the objective; then it checks the fixed
// pieces against the board and that the pieces have room.
func (p *parser) placeModel(f map[string]*yaml.Node, boardNode *yaml.Node, m *Model) error {
	if n := f["fixed"]; n != nil {
		if err := p.fixed(n, m); err != nil {
			return err
		}
	}
	if err := p.rules(f["rules"], f["stack"], m); err != nil {
		return err
	}
	if err := p.place(f["place"], m); err != nil {
		return err
	}
	if err := p.groups(f["place"], m); err != nil {
		return err
	}
	if err := p.objective(f["objective"], f["place"], m); err != nil {
		return err
	}
	if err := p.checkFixed(boardNode, m); err != nil {
		return err
	}
	return p.checkRoom(f["place"], m)
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

// trimBOM lets files saved with a byte-order mark parse.
func trimBOM(b []byte) []byte { return bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")) }
