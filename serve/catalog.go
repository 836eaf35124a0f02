package serve

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"regexp"
	"sort"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// A Catalog is the directory of model files the page lists and edits. Only
// plain names directly inside it can be read or written — no path
// separators, no "..", no hidden files — and a directory catalog opens
// files through an os.Root, so that not even a symbolic link leads out of
// it.
type Catalog struct {
	name  string   // shown on the page
	files fs.FS    // read access
	root  *os.Root // write access; nil for a read-only catalog
}

// DirCatalog is the catalog of the model files in dir; writable lets the
// page save files there.
func DirCatalog(dir string, writable bool) (*Catalog, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("serve: model directory: %w", err)
	}
	c := &Catalog{name: dir, files: root.FS()}
	if writable {
		c.root = root
	}
	return c, nil
}

// FSCatalog is a read-only catalog over files, such as the models embedded
// in the binary.
func FSCatalog(name string, files fs.FS) *Catalog {
	return &Catalog{name: name, files: files}
}

// Name is how the page names the catalog.
func (c *Catalog) Name() string { return c.name }

// Writable reports whether the page may save files in the catalog.
func (c *Catalog) Writable() bool { return c.root != nil }

// MaxModelBytes bounds a model file the catalog lists, reads or writes.
const MaxModelBytes = 64 << 10

// modelName is a file name the catalog accepts: letters, digits, '.', '_'
// and '-', starting with a letter or digit, ending in .yaml or .yml.
var modelName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,95}\.ya?ml$`)

// errName is returned for a name outside the catalog's rules.
var errName = errors.New("a model name is a plain file name in the model directory ending in .yaml (letters, digits, '.', '_', '-'), with no path")

func checkName(name string) error {
	if !modelName.MatchString(name) || strings.Contains(name, "..") {
		return fmt.Errorf("%q: %w", name, errName)
	}
	return nil
}

// An Entry is one model file of the catalog.
type Entry struct {
	File  string `json:"file"`
	Name  string `json:"name"`            // the model's name, when it parses
	Kind  string `json:"kind,omitempty"`  // place, tour or slide
	Error string `json:"error,omitempty"` // why it does not parse
}

// List reads every model file of the catalog, sorted by file name.
func (c *Catalog) List() ([]Entry, error) {
	dirents, err := fs.ReadDir(c.files, ".")
	if err != nil {
		return nil, err
	}
	list := []Entry{}
	for _, d := range dirents {
		if !d.Type().IsRegular() || checkName(d.Name()) != nil {
			continue
		}
		e := Entry{File: d.Name()}
		data, err := c.Read(d.Name())
		if err == nil {
			var m *model.Model
			m, err = model.Parse(data, d.Name())
			if err == nil {
				e.Name, e.Kind = m.Name, m.Kind.String()
			}
		}
		if err != nil {
			e.Error = err.Error()
		}
		list = append(list, e)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].File < list[j].File })
	return list, nil
}

// Read returns a model file's text.
func (c *Catalog) Read(name string) ([]byte, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	// Stat first: opening a named pipe waits for a writer, for ever when
	// none comes; then again, in case the name changed in between.
	st, err := fs.Stat(c.files, name)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", name)
	}
	f, err := c.files.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", name)
	}
	if st.Size() > MaxModelBytes {
		return nil, fmt.Errorf("%s: %d bytes, over the %d a model may have", name, st.Size(), MaxModelBytes)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxModelBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxModelBytes {
		return nil, fmt.Errorf("%s: over the %d bytes a model may have", name, MaxModelBytes)
	}
	return data, nil
}

// Write saves a model file's text.
func (c *Catalog) Write(name string, data []byte) error {
	if err := c.canWrite(name); err != nil {
		return err
	}
	if len(data) > MaxModelBytes {
		return fmt.Errorf("%s: %d bytes, over the %d a model may have", name, len(data), MaxModelBytes)
	}
	return c.root.WriteFile(name, data, 0o644)
}

// canWrite says why the catalog cannot save a file of this name, if it
// cannot.
func (c *Catalog) canWrite(name string) error {
	if c.root == nil {
		return errReadOnly
	}
	return checkName(name)
}

var errReadOnly = errors.New("the model directory is read-only here (the built-in models, or serve without --write)")

func (s *Server) handleList(w http.ResponseWriter, r *http.Request) {
	list, err := s.cfg.Models.List()
	if err != nil {
		writeError(w, http.StatusInternalServerError, "listing the models: %v", err)
		return
	}
	writeJSON(w, http.StatusOK, list)
}

func (s *Server) handleRead(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	data, err := s.cfg.Models.Read(name)
	switch {
	case errors.Is(err, errName):
		writeError(w, http.StatusBadRequest, "%v", err)
	case errors.Is(err, fs.ErrNotExist):
		writeError(w, http.StatusNotFound, "no model %q in %s", name, s.cfg.Models.Name())
	case err != nil:
		writeError(w, http.StatusForbidden, "cannot read %q: %v", name, err)
	default:
		w.Header().Set("Content-Type", "text/yaml; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.Write(data)
	}
}

func (s *Server) handleWrite(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	data, ok := readBody(w, r)
	if !ok {
		return
	}
	err := s.cfg.Models.canWrite(name)
	if err == nil && len(data) <= MaxModelBytes {
		// Saved, a model that does not parse would be a file no command
		// reads: refused with its line and column, as /api/run does.
		if _, perr := model.Parse(data, name); perr != nil {
			writeModelError(w, http.StatusBadRequest, newModelError(perr))
			return
		}
	}
	if err == nil {
		err = s.cfg.Models.Write(name, data)
	}
	switch {
	case errors.Is(err, errName):
		writeError(w, http.StatusBadRequest, "%v", err)
	case errors.Is(err, errReadOnly):
		writeError(w, http.StatusForbidden, "%v", err)
	case err != nil:
		writeError(w, http.StatusForbidden, "cannot save %q: %v", name, err)
	default:
		writeJSON(w, http.StatusOK, map[string]string{"saved": name})
	}
}
