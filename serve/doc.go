// Package serve is the web playground behind `chessmodel serve`: a page to
// write a model, see it drawn, solve, count and compare it with the
// backends, and play it — place pieces with the checker judging live, move a
// touring piece, slide pieces, and play a collection of unique-solution
// puzzles with progress kept in the browser.
//
//	catalog, err := serve.DirCatalog("models", false)
//	srv, err := serve.New(serve.Config{Models: catalog, Backends: backends})
//	err = srv.ListenAndServe(ctx, "127.0.0.1:8080", nil)
//
// The page (static/) is plain HTML, CSS and JavaScript modules embedded in
// the binary (app.js starts it and names the others); nothing is fetched
// from elsewhere. Every answer the page shows is of the text it was asked
// about: an edit stops the run going on and clears the last answer. The server parses every model it
// is sent with model.Parse (errors come back with their line and column),
// draws boards with render.SVG and judges positions with model.Check: the
// page holds only the editor's text and the position being played.
//
// The API, all JSON: GET /api/info; GET /api/models and GET, PUT
// /api/models/{name} (the catalog); POST /api/parse (a model's summary and
// picture, or its error); POST /api/play (a position: the checker's verdict,
// the picture, attacked pieces and uncovered squares, the legal next moves
// of a tour or slide; the backends known not to answer the model); POST
// /api/run (solve, count, a page of enumerate, or compare on the chosen
// backends — exact and ilp unless named — answered as a stream of
// server-sent events: queued, started (with the run's id), progress... (and
// on a solve improved..., each better solution found on the way, checked),
// result or solutions or compare or failure, done; closing the request
// stops the solve); POST /api/stop (stops a run by its id, whose stream
// then ends with the best found so far and its bound); POST /api/game (a
// game's position, by its moves from the start or its squares and side to
// move: each legal move's value for the mover under perfect play, the
// reply to it, a best move and the principal variation, or how the game
// ended; from the game's strong solution, built by the exact backend once
// per model text in a solve slot under the time and memory bounds, and kept
// within Config.GameMemory, the least recently used dropped first; a game
// whose solution needs more, or is not built within the time bound, is
// played by a depth-limited alpha-beta search instead (game_search.go),
// the answer saying so; an illegal move is refused with 400 naming it);
// GET /api/puzzles.
// GET / serves the page with the first model's board already drawn in it.
//
// Safe by default, as a page on a laptop should be:
//   - the command binds to 127.0.0.1 unless told otherwise, and then answers
//     only requests addressed to localhost (a page elsewhere that rebinds
//     its name to 127.0.0.1 reads nothing; Config.AnyHost lifts this when
//     the command listens on another address); requests a browser marks as
//     coming from another site (Sec-Fetch-Site, Origin) are refused;
//   - request bodies are limited (Config.MaxBody, 256 KiB; a request that
//     declares a longer one is answered 413 before any of it is read) and
//     models to MaxModelBytes (64 KiB); boards to Config.MaxSquares
//     (128x128) squares;
//   - every solve runs under a time bound (Config.MaxTimeout, 30s by default,
//     and less when the request's "timeout" asks for less, in seconds: 0 or
//     more than the bound is the bound, a negative one is refused with 400)
//     and stops when the page disconnects; a compare gives each of its n
//     backends that whole bound, one after another, so that it runs at
//     most n bounds (and a second for the checker);
//   - at most Config.Running solves run at once (2) and Config.Queue (8) wait;
//     any more are answered at once with 503 and {"busy": true};
//   - memory: every running solve is stopped once the Go heap passes
//     Config.MaxMemory (2 GiB; the command also makes it the GC's soft
//     limit) — few solves, each on a bounded board for a bounded time, keep
//     it far below that in practice; memory lp_solve allocates in C is not
//     counted, only bounded by the board and the time; the strong solutions
//     of the games played are kept within Config.GameMemory (MaxMemory/4),
//     and a game whose solution would need more is not built (a search
//     plays it);
//   - model files are read and written only by plain names directly inside
//     the catalog's directory, through an os.Root, so neither "../" nor a
//     symbolic link leads out; the built-in models are read-only, and a
//     directory is writable only when asked (--write); a PUT saves only a
//     model that parses (else 400 with its line and column), and only
//     regular files are opened (a named pipe would wait for a writer);
//   - no program is started from a request unless Config.External allows
//     compare to run lp_solve, cbc and glpsol;
//   - a backend that panics fails that request only.
//
// Tours, slides and games are played on the checker's rules; solving them works
// with whatever the backends support, and a backend's ErrUnsupported is
// shown as its message.
package serve
