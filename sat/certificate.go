package sat

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/chessmodel/chessmodel/model"
)

// A CertificateRequest asks solve for a certificate: the directory to
// write it to and the model as the user gave it (its text and the --set
// overrides), which the checker parses again.
type CertificateRequest struct {
	Dir       string
	ModelText []byte
	Overrides []string
}

// The files of a certificate directory.
const (
	ManifestFile = "manifest.json"
	ModelFile    = "model.yaml"
	FormulaFile  = "formula.cnf"
	ProofFile    = "proof.drat"
	SolutionFile = "solution.json"
)

// write writes the certificate of the search's proof, its last
// unsatisfiable call: the formula "a better solution exists" (or "a solution
// exists"), cadical's binary DRAT proof, the model, the optimal solution
// and the manifest (model.CertificateManifest) with every file's SHA-256.
func (c *CertificateRequest) write(s *search, res *model.Result) error {
	p := s.proved
	if p.formula == nil || p.proof == "" && p.cases == nil {
		return fmt.Errorf("sat: no proof to certify")
	}
	if err := os.MkdirAll(c.Dir, 0o755); err != nil {
		return err
	}
	man := model.CertificateManifest{
		Format:      model.CertificateFormat,
		Status:      res.Status.String(),
		Overrides:   c.Overrides,
		ProofFormat: "drat-binary",
		Files:       map[string]string{},
	}
	m := s.enc.Model
	if res.Status == model.StatusOptimal {
		man.Value = res.Value
		man.Objective = m.Objective.String()
		if man.Objective == "" || m.Objective.Measure == model.MeasureNone {
			man.Objective = map[model.Optimize]string{model.Maximize: "maximize", model.Minimize: "minimize"}[m.Objective.Sense] + " pieces"
		}
	}
	man.Says = "no solution"
	if man.Value != nil {
		if m.Objective.Sense == model.Maximize {
			man.Says = fmt.Sprintf("no solution of value at least %d", *man.Value+1)
		} else {
			man.Says = fmt.Sprintf("no solution of value at most %d", *man.Value-1)
		}
	}
	man.Variables, man.Clauses = p.formula.NumVars, len(p.formula.Clauses)
	header := []string{"chessmodel: " + m.Name + ": " + man.Says, "encoding: package sat (doc.go), re-derived by model/cert_encode.go"}
	if p.cases == nil {
		if err := c.writePart(&man, p.formula, FormulaFile, p.proof, ProofFile, header); err != nil {
			return err
		}
	} else {
		man.Cases = &model.CertificateCases{Piece: s.casesBy}
		for _, cp := range p.cases {
			cs := model.CertificateCase{Formula: "case-" + cp.name + ".cnf", Proof: "case-" + cp.name + ".drat"}
			say := "no piece of the kind " + s.casesBy + " anywhere"
			if cp.square != nil {
				cs.Square = cp.square.String()
				say = "a " + s.casesBy + " on " + cs.Square
			}
			if err := c.writePart(&man, cp.formula, cs.Formula, cp.proof, cs.Proof, append(header, "the case of "+say+" (model/cert_cases.go)")); err != nil {
				return err
			}
			man.Cases.Cases = append(man.Cases.Cases, cs)
		}
	}
	if err := os.WriteFile(filepath.Join(c.Dir, ModelFile), c.ModelText, 0o644); err != nil {
		return err
	}
	man.Files[ModelFile] = digest(c.ModelText)
	if res.Solution != nil {
		sol, err := json.MarshalIndent(res.Solution, "", "  ")
		if err != nil {
			return err
		}
		sol = append(sol, '\n')
		if err := os.WriteFile(filepath.Join(c.Dir, SolutionFile), sol, 0o644); err != nil {
			return err
		}
		man.Files[SolutionFile] = digest(sol)
	}
	text, err := json.MarshalIndent(man, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(c.Dir, ManifestFile), append(text, '\n'), 0o644)
}

// writePart writes a formula and copies its proof into the certificate
// under the names given, with their hashes in the manifest.
func (c *CertificateRequest) writePart(man *model.CertificateManifest, f *Formula, formulaName, proof, proofName string, header []string) error {
	out, err := os.Create(filepath.Join(c.Dir, formulaName))
	if err != nil {
		return err
	}
	err = f.WriteDIMACS(out, header...)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	for _, name := range []string{formulaName, proofName} {
		if name == proofName {
			if err := copyFile(proof, filepath.Join(c.Dir, proofName)); err != nil {
				return err
			}
		}
		b, err := os.ReadFile(filepath.Join(c.Dir, name))
		if err != nil {
			return err
		}
		man.Files[name] = digest(b)
	}
	return nil
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
