// Package docs holds chessmodel's documentation beyond the README: the model
// language (model.md), a page per puzzle kind (place.md, tour.md, slide.md,
// cover.md), the command line (cli.md), running in parts on many machines
// (cluster.md), the results (results.md) and the
// measurements (performance.md), and model.schema.json, the
// JSON Schema of the model language for editors (for example the YAML
// language server: "# yaml-language-server: $schema=docs/model.schema.json").
//
// It has no code. Its test keeps the documentation honest: the schema must
// accept every model in testdata and every model shown in these pages (each
// of which the parser must accept too), and reject a table of bad models
// the parser rejects.
package docs
