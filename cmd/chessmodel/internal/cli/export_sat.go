package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"

	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/sat"
)

// exportSAT writes the SAT backend's encoding of a placement model:
// --format cnf the DIMACS formula (its cardinality constraints by
// totalizers; with an objective, the formula of any solution, the bound
// left out), --format opb the pseudo-Boolean form with the objective and
// the cardinality constraints as linear rows. What the encoding does not
// cover is refused with exit status 4, like the backend.
func exportSAT(ctx context.Context, g *globals, streams Streams, f *exportFlags, path string) error {
	if f.breakSymmetry || f.horizon >= 0 {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--break-symmetry and --horizon are for the linear program, not --format %s", f.format)}
	}
	m, err := g.loadModel(ctx, path)
	if err != nil {
		return err
	}
	enc, err := sat.Encode(m)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	var text bytes.Buffer
	head := []string{"chessmodel: " + m.Name + " (" + m.Board.Dims() + " board), the SAT backend's encoding (package sat, doc.go)"}
	var vars, rows int
	if f.format == "cnf" {
		cnf := enc.CNF()
		if m.Objective.Sense != model.Fixed {
			head = append(head, "the objective ("+m.Objective.String()+") is not in a CNF: any solution satisfies it; --format opb has it")
		}
		err = cnf.WriteDIMACS(&text, head...)
		vars, rows = cnf.NumVars, len(cnf.Clauses)
	} else {
		err = enc.WriteOPB(&text, head...)
		vars, rows = enc.NumVars, len(enc.Clauses)+len(enc.Cards)
	}
	if err != nil {
		return err
	}
	if f.output != "" {
		if err := os.WriteFile(f.output, text.Bytes(), 0o644); err != nil {
			return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("cannot write the formula: %w", err)}
		}
	}
	if !g.json {
		if f.output == "" {
			_, err := streams.Out.Write(text.Bytes())
			return err
		}
		return nil
	}
	out := exportOutput{Model: m.Name, Kind: m.Kind.String(), Format: f.format, File: f.output,
		Variables: vars, Rows: rows, Objective: cmpOr(m.Objective.String(), "none")}
	if f.output == "" {
		out.Program = text.String()
	}
	return writeJSON(streams.Out, out)
}

func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
