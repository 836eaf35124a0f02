package model

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// A CertificateReport is what CheckCertificate verified.
type CertificateReport struct {
	Claim     string     `json:"claim"` // "optimal 63 (maximize attacked)", "infeasible"
	Says      string     `json:"says"`  // what the formula's refutation shows, in words
	Variables int        `json:"variables"`
	Clauses   int        `json:"clauses"`
	Bytes     int64      `json:"bytes"` // of the whole certificate
	Proof     DRATResult `json:"proof"` // summed over the cases
	// Cases is the number of cases the refutation is split into by
	// symmetry (cert_cases.go), CasesBy the kind of piece; 0 and "" for
	// one proof.
	Cases   int     `json:"cases,omitempty"`
	CasesBy string  `json:"cases_by,omitempty"`
	Seconds float64 `json:"seconds"`
}

// A CertificateError says why a certificate is refused: the check that
// failed first (manifest, file, model, solution, formula or proof) and
// what it found.
type CertificateError struct {
	Check  string
	Reason string
}

func (e *CertificateError) Error() string { return "certificate refused: " + e.Check + ": " + e.Reason }

// Certificate file names (package sat writes them).
const (
	certManifestFile = "manifest.json"
	certModelFile    = "model.yaml"
	certFormulaFile  = "formula.cnf"
	certProofFile    = "proof.drat"
	certSolutionFile = "solution.json"
)

// CheckCertificate checks a certificate directory that solve --certificate
// wrote, trusting none of the solver's work: the manifest's hashes of its
// files; the model, parsed again; for an optimum, the solution, which the
// checker verifies and whose value must be the optimum claimed; the
// formula, derived again from the model and the claim by the checker's own
// encoder (cert_encode.go), which the certificate's formula.cnf must equal
// clause for clause; and the DRAT proof, checked against the derived
// formula (cert_drat.go). The first check that fails refuses it.
func CheckCertificate(dir string) (*CertificateReport, error) {
	start := time.Now()
	refuse := func(check, format string, args ...any) (*CertificateReport, error) {
		return nil, &CertificateError{Check: check, Reason: fmt.Sprintf(format, args...)}
	}
	data, err := os.ReadFile(filepath.Join(dir, certManifestFile))
	if err != nil {
		return refuse("manifest", "%v", err)
	}
	var man CertificateManifest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&man); err != nil {
		return refuse("manifest", "%s: %v", certManifestFile, err)
	}
	if man.Format != CertificateFormat {
		return refuse("manifest", "format %q, expected %q", man.Format, CertificateFormat)
	}
	files := map[string][]byte{}
	rep := &CertificateReport{}
	need := []string{certModelFile}
	if man.Status == "optimal" {
		need = append(need, certSolutionFile)
	}
	parts, err := certParts(man.Cases)
	if err != nil {
		return refuse("manifest", "%v", err)
	}
	for _, part := range parts {
		if slices.Contains(need, part.Formula) || slices.Contains(need, part.Proof) || part.Formula == part.Proof {
			return refuse("manifest", "the file names %s and %s are used twice", part.Formula, part.Proof)
		}
		need = append(need, part.Formula, part.Proof)
	}
	for _, name := range need {
		if _, ok := man.Files[name]; !ok {
			return refuse("manifest", "no hash of %s", name)
		}
	}
	for _, name := range slices.Sorted(mapKeys(man.Files)) {
		if !slices.Contains(need, name) {
			return refuse("manifest", "%s is not a file of a certificate", name)
		}
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return refuse("file", "%v", err)
		}
		sum := sha256.Sum256(b)
		if got := hex.EncodeToString(sum[:]); got != man.Files[name] {
			return refuse("file", "%s has SHA-256 %s, the manifest says %s", name, got, man.Files[name])
		}
		files[name] = b
		rep.Bytes += int64(len(b))
	}
	m, err := Parse(files[certModelFile], filepath.Join(dir, certModelFile), man.Overrides...)
	if err != nil {
		return refuse("model", "%v", err)
	}
	var bound *int64
	atLeast := false
	switch man.Status {
	case "infeasible":
		rep.Claim, rep.Says = "infeasible", "no solution"
	case "optimal":
		if !m.Optimizes() || m.Kind != KindPlace {
			return refuse("model", "an optimum is claimed of a model without an objective")
		}
		if man.Value == nil {
			return refuse("manifest", "an optimum without a value")
		}
		objective := certObjective(m)
		if man.Objective != objective {
			return refuse("manifest", "the objective is %q, the model's is %q", man.Objective, objective)
		}
		sol, err := ReadSolution(bytes.NewReader(files[certSolutionFile]), certSolutionFile)
		if err != nil {
			return refuse("solution", "%v", err)
		}
		report := Check(m, sol)
		if !report.Valid {
			return refuse("solution", "%s", strings.Join(report.Problems, "; "))
		}
		if report.Value != *man.Value {
			return refuse("solution", "its value is %d, the optimum claimed %d", report.Value, *man.Value)
		}
		atLeast = m.Objective.Sense == Maximize
		b := *man.Value - 1
		rep.Says = fmt.Sprintf("no solution of value at most %d", b)
		if atLeast {
			b = *man.Value + 1
			rep.Says = fmt.Sprintf("no solution of value at least %d", b)
		}
		bound = &b
		rep.Claim = fmt.Sprintf("optimal %d (%s)", *man.Value, objective)
	default:
		return refuse("manifest", "status %q, expected optimal or infeasible", man.Status)
	}
	vars, clauses, err := certFormula(m, bound, atLeast)
	if err != nil {
		return refuse("model", "%v", err)
	}
	rep.Variables, rep.Clauses = vars, len(clauses)
	var binary bool
	switch man.ProofFormat {
	case "drat-binary":
		binary = true
	case "drat-text":
	default:
		return refuse("manifest", "proof format %q, expected drat-binary or drat-text", man.ProofFormat)
	}
	if man.Cases != nil {
		if err := certCasesCover(m, man.Cases.Cases); err != nil {
			return refuse("cases", "%v", err)
		}
		rep.Cases, rep.CasesBy = len(parts), man.Cases.Piece
	}
	for _, part := range parts {
		formula := clauses
		if man.Cases != nil {
			var sq *Square
			if part.Square != "" {
				q, _ := ParseSquare(part.Square) // certCasesCover read it
				sq = &q
			}
			units, err := certCaseUnits(m, man.Cases.Piece, sq)
			if err != nil {
				return refuse("cases", "%v", err)
			}
			formula = append(slices.Clip(clauses), units...)
		}
		if err := checkPart(files, part, vars, formula, binary, &rep.Proof); err != nil {
			return nil, err
		}
	}
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

// certParts is the formulas and proofs a certificate holds: the one pair
// of formula.cnf and proof.drat, or each case's.
func certParts(cases *CertificateCases) ([]CertificateCase, error) {
	if cases == nil {
		return []CertificateCase{{Formula: certFormulaFile, Proof: certProofFile}}, nil
	}
	if len(cases.Cases) == 0 {
		return nil, fmt.Errorf("cases by %s, but none listed", cases.Piece)
	}
	for _, cs := range cases.Cases {
		for _, name := range []string{cs.Formula, cs.Proof} {
			if name == "" || name != filepath.Base(name) || name == "." || name == ".." {
				return nil, fmt.Errorf("case %q: %q is not the name of a file of the directory", cs.Square, name)
			}
		}
	}
	return cases.Cases, nil
}

// checkPart checks one formula file against the formula derived for it
// and its proof by the DRAT checker, adding the proof's figures to sum.
func checkPart(files map[string][]byte, part CertificateCase, vars int, derived [][]int, binary bool, sum *DRATResult) error {
	refuse := func(check, format string, args ...any) error {
		return &CertificateError{Check: check, Reason: fmt.Sprintf(format, args...)}
	}
	fileVars, fileClauses, err := readDIMACS(files[part.Formula])
	if err != nil {
		return refuse("formula", "%s: %v", part.Formula, err)
	}
	if fileVars != vars {
		return refuse("formula", "%s has %d variables, the formula derived from the model %d", part.Formula, fileVars, vars)
	}
	if err := sameClauses(part.Formula, fileClauses, derived); err != nil {
		return refuse("formula", "%v", err)
	}
	res, err := CheckDRAT(vars, derived, files[part.Proof], binary)
	sum.Lemmas += res.Lemmas
	sum.Deletions += res.Deletions
	sum.IgnoredDeletions += res.IgnoredDeletions
	sum.CoreLemmas += res.CoreLemmas
	sum.RATLemmas += res.RATLemmas
	if err != nil {
		return refuse("proof", "%s: %v", part.Proof, err)
	}
	return nil
}

// certObjective names a model's objective as a certificate does.
func certObjective(m *Model) string {
	measure := m.Objective.Measure
	if measure == MeasureNone {
		measure = MeasurePieces
	}
	return Objective{Sense: m.Objective.Sense, Measure: measure}.String()
}

func mapKeys(m map[string]string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// readDIMACS reads a CNF: comment lines, the "p cnf V C" line, then C
// clauses, each ending in 0.
func readDIMACS(data []byte) (int, [][]int, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<16), 64<<20)
	vars, want := -1, 0
	var clauses [][]int
	var cur []int
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		switch {
		case text == "" || text[0] == 'c':
			continue
		case text[0] == 'p':
			f := strings.Fields(text)
			if vars >= 0 || len(f) != 4 || f[1] != "cnf" {
				return 0, nil, fmt.Errorf("line %d: %q is not one p cnf line", line, text)
			}
			var err1, err2 error
			vars, err1 = strconv.Atoi(f[2])
			want, err2 = strconv.Atoi(f[3])
			if err1 != nil || err2 != nil || vars < 0 || want < 0 {
				return 0, nil, fmt.Errorf("line %d: %q", line, text)
			}
			continue
		}
		if vars < 0 {
			return 0, nil, fmt.Errorf("line %d: a clause before the p cnf line", line)
		}
		for _, f := range strings.Fields(text) {
			l, err := strconv.Atoi(f)
			if err != nil || l > vars || l < -vars {
				return 0, nil, fmt.Errorf("line %d: %q is not a literal of variables 1..%d", line, f, vars)
			}
			if l == 0 {
				clauses, cur = append(clauses, cur), nil
				continue
			}
			cur = append(cur, l)
		}
	}
	if len(cur) > 0 {
		return 0, nil, fmt.Errorf("the last clause does not end in 0")
	}
	if vars < 0 || len(clauses) != want {
		return 0, nil, fmt.Errorf("%d clauses, the p cnf line says %d", len(clauses), want)
	}
	return vars, clauses, sc.Err()
}

// sameClauses says whether two formulas hold the same clauses (each a set
// of literals; as a set of clauses), naming the first that one has and
// the other lacks.
func sameClauses(name string, file, derived [][]int) error {
	norm := func(cls [][]int) map[string]int {
		out := map[string]int{}
		for i, c := range cls {
			c = slices.Clone(c)
			sort.Ints(c)
			c = slices.Compact(c)
			k := fmt.Sprint(c)
			if _, ok := out[k]; !ok {
				out[k] = i
			}
		}
		return out
	}
	a, b := norm(file), norm(derived)
	firstMissing := func(x, y map[string]int) (string, int, bool) {
		best, at := "", -1
		for k, i := range x {
			if _, ok := y[k]; !ok && (at < 0 || i < at) {
				best, at = k, i
			}
		}
		return best, at, at >= 0
	}
	if k, i, ok := firstMissing(a, b); ok {
		return fmt.Errorf("clause %d of %s, %s, is not in the formula derived from the model", i+1, name, k)
	}
	if k, i, ok := firstMissing(b, a); ok {
		return fmt.Errorf("the formula derived from the model has clause %s (its clause %d), which %s lacks", k, i+1, name)
	}
	return nil
}
