package cli

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sat"
)

// certificateHelp is the help of solve's --certificate.
const certificateHelp = "write to this directory a certificate of a proved optimum or infeasibility: the CNF, CaDiCaL's DRAT proof, the model and a manifest of hashes (solves with --backend sat; check it with check --certificate DIR)"

// casesHelp is the help of solve's --cases.
const casesHelp = "the sat backend splits each proof into cases by where a piece of this kind (a name of the place list) stands: a square of each orbit of the model's symmetry group, and none; for proofs one call of CaDiCaL does not reach (a certificate then holds a proof per case)"

// withCertificate is the sat backend asked for a certificate in
// f.certificate (one model, read from a file: the certificate holds its
// text) or for cases (f.cases), or both.
func withCertificate(g *globals, f *taskFlags, paths []string) (model.Solver, error) {
	flag := "--certificate"
	if f.certificate == "" {
		flag = "--cases"
	}
	if f.backend != "sat" && (f.backend != "exact" || f.certificate == "") { // exact: the default, not asked for
		return nil, &ExitError{Code: ExitBadInput, Err: fmt.Errorf("%s solves with the sat backend, not --backend %s", flag, f.backend)}
	}
	b := &sat.Backend{Cases: f.cases}
	if f.certificate == "" {
		return b, nil
	}
	if len(paths) != 1 || paths[0] == "-" {
		return nil, &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--certificate takes one model file (not standard input)")}
	}
	text, err := model.ReadFile(paths[0], model.MaxFileBytes)
	if err != nil {
		return nil, inputError(err, "model")
	}
	b.Certificate = &sat.CertificateRequest{Dir: f.certificate, ModelText: text, Overrides: g.overrides}
	return b, nil
}

// addCertificateCheck gives the check command --certificate DIR, which
// checks a certificate in place of a solution and takes no arguments.
func addCertificateCheck(g *globals, streams Streams, cmd *cobra.Command) {
	var dir string
	cmd.Flags().StringVar(&dir, "certificate", "", "check the certificate in this directory (solve --certificate wrote it): the model, the formula derived again by the checker's own encoder, and the DRAT proof; no MODEL or SOLUTION then")
	args, run := cmd.Args, cmd.RunE
	cmd.Args = func(cmd *cobra.Command, a []string) error {
		if dir != "" {
			return cobra.NoArgs(cmd, a)
		}
		return args(cmd, a)
	}
	cmd.RunE = func(cmd *cobra.Command, a []string) error {
		if dir != "" {
			return runCheckCertificate(cmd.Context(), g, streams, dir)
		}
		return run(cmd, a)
	}
	cmd.Example += "\n  chessmodel solve --backend sat --certificate cert testdata/models/queens-domination.yaml && chessmodel check --certificate cert"
}

// certificateOutput is check --certificate's JSON output.
type certificateOutput struct {
	Certificate string                   `json:"certificate"`
	Valid       bool                     `json:"valid"`
	Check       string                   `json:"check,omitempty"` // the check that refused it
	Reason      string                   `json:"reason,omitempty"`
	Report      *model.CertificateReport `json:"report,omitempty"`
}

// casesNote says, for a certificate split into cases, how many and by
// what: ", in 11 cases by where the queen stands (each orbit of the
// model's symmetries, and none)".
func casesNote(rep *model.CertificateReport) string {
	if rep.Cases == 0 {
		return ""
	}
	return fmt.Sprintf(", in %d cases by where the %s stands (a square of each orbit of the model's symmetries, and none)", rep.Cases, rep.CasesBy)
}

func runCheckCertificate(ctx context.Context, g *globals, streams Streams, dir string) error {
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--certificate %s: not a directory", dir)}
	}
	rep, err := model.CheckCertificate(dir)
	var refused *model.CertificateError
	if err != nil && !errors.As(err, &refused) {
		return err
	}
	out := certificateOutput{Certificate: dir, Valid: err == nil, Report: rep}
	if refused != nil {
		out.Check, out.Reason = refused.Check, refused.Reason
	}
	if g.json {
		if err := writeJSON(streams.Out, out); err != nil {
			return err
		}
	} else if refused != nil {
		fmt.Fprintf(streams.Out, "certificate %s: REFUSED at the %s check: %s\n", dir, refused.Check, refused.Reason)
	} else {
		fmt.Fprintf(streams.Out, "certificate %s: valid: %s; the formula (%d variables, %d clauses) says %s and the proof refutes it: %d lemmas, %d deletions, %d lemmas checked (%d by RAT)%s; %d bytes, checked in %.2f s\n",
			dir, rep.Claim, rep.Variables, rep.Clauses, rep.Says, rep.Proof.Lemmas, rep.Proof.Deletions, rep.Proof.CoreLemmas, rep.Proof.RATLemmas, casesNote(rep), rep.Bytes, rep.Seconds)
	}
	if refused != nil {
		return &ExitError{Code: ExitNegative}
	}
	return nil
}
