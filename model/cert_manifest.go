package model

// CertificateFormat names the layout of a certificate directory.
const CertificateFormat = "chessmodel certificate 1"

// A CertificateManifest is a certificate directory's manifest.json: what
// the certificate claims and the SHA-256 of each of its files. The SAT
// backend writes it (solve --certificate); CheckCertificate trusts none of
// it but the claim, which it re-derives the formula of.
type CertificateManifest struct {
	Format string `json:"format"`
	// Status is "optimal" or "infeasible"; Value and Objective the optimum
	// ("maximize attacked") when optimal.
	Status    string `json:"status"`
	Value     *int64 `json:"value,omitempty"`
	Objective string `json:"objective,omitempty"`
	// Says is what the formula says has no solution, in words.
	Says string `json:"says"`
	// Overrides are the --set options the model file is read with.
	Overrides []string `json:"overrides,omitempty"`
	// ProofFormat is "drat-binary" or "drat-text".
	ProofFormat string `json:"proof_format"`
	Variables   int    `json:"variables"`
	Clauses     int    `json:"clauses"`
	// Cases, when set, splits the refutation into cases by symmetry
	// (cert_cases.go): their formulas and proofs replace formula.cnf and
	// proof.drat.
	Cases *CertificateCases `json:"cases,omitempty"`
	// Files maps each file of the directory to its SHA-256, in hex.
	Files map[string]string `json:"files"`
}
