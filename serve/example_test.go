package serve_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/chessmodel/chessmodel"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/serve"
)

// The checker judges a position sent to /api/play: four rooks on a 4x4
// board, then two that attack each other.
func Example() {
	models, _ := fs.Sub(chessmodel.Models, "testdata/models")
	srv, err := serve.New(serve.Config{
		Models:   serve.FSCatalog("built-in models", models),
		Backends: map[string]model.Solver{"exact": exact.New()},
	})
	if err != nil {
		panic(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()

	rooks := "board: 4\nplace: [4 rook]\nrules: [independent]\n"
	for _, squares := range [][]string{{"a1", "b3", "c2", "d4"}, {"a1", "a3"}} {
		var pieces []string
		for _, s := range squares {
			pieces = append(pieces, fmt.Sprintf(`{"piece": "rook", "square": %q}`, s))
		}
		body := fmt.Sprintf(`{"yaml": %q, "solution": {"pieces": [%s]}}`, rooks, strings.Join(pieces, ","))
		res, err := http.Post(ts.URL+"/api/play", "application/json", strings.NewReader(body))
		if err != nil {
			panic(err)
		}
		var ans struct {
			Verdict  string   `json:"verdict"`
			Attacked []string `json:"attacked"`
		}
		json.NewDecoder(res.Body).Decode(&ans)
		res.Body.Close()
		fmt.Println(ans.Verdict, ans.Attacked)
	}
	// Output:
	// solved []
	// not valid: rook on a1 attacks rook on a3 [a1 a3]
}
