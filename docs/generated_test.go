package docs

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/chessmodel/chessmodel/model"
)

// pieceGen makes random piece definitions, valid and not, of every shape
// the schema describes: compounds of names and of pieces written in place,
// leaps, rides, of, symbols; and the shapes both must refuse: an empty
// compound or mapping, an unknown key, [0, 0], a displacement past 64, the
// symbol P, a symbol on a part written in place.
type pieceGen struct{ rng *rand.Rand }

func (g pieceGen) chance(n int) bool { return g.rng.IntN(n) == 0 }

func (g pieceGen) vector() []int {
	switch {
	case g.chance(20):
		return []int{0, 0}
	case g.chance(20):
		return []int{65, 1}
	}
	return []int{g.rng.IntN(7) - 3, g.rng.IntN(3) + 1}
}

func (g pieceGen) vectors() any {
	if g.chance(2) {
		return g.vector()
	}
	list := []any{}
	for range g.rng.IntN(3) + 1 {
		list = append(list, g.vector())
	}
	return list
}

// definition is one piece definition; names are the pieces it may use,
// symbol its letter when it is given one, inline whether it is a part.
func (g pieceGen) definition(names []string, symbol string, depth int, inline bool) any {
	if g.chance(2) && depth < 2 {
		parts := []any{}
		for range g.rng.IntN(3) + boolInt(!g.chance(25)) {
			if g.chance(3) {
				parts = append(parts, g.definition(names, "Z", depth+1, true))
			} else {
				parts = append(parts, names[g.rng.IntN(len(names))])
			}
		}
		return parts
	}
	def := map[string]any{}
	if g.chance(2) {
		def["leap"] = g.vectors()
	}
	if g.chance(2) {
		def["ride"] = g.vectors()
	}
	if g.chance(3) {
		def["of"] = []string{names[g.rng.IntN(len(names))]}
	}
	if len(def) == 0 && !g.chance(20) {
		def["leap"] = g.vectors()
	}
	if (!inline && g.chance(2)) || (inline && g.chance(15)) {
		def["symbol"] = symbol
		if g.chance(20) {
			def["symbol"] = "P"
		}
	}
	if g.chance(30) {
		def["jump"] = g.vector()
	}
	return def
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// model is a placement model over one to three pieces so defined.
func (g pieceGen) model() []byte {
	names := []string{"king", "queen", "rook", "bishop", "knight"}
	pieces := map[string]any{}
	n := g.rng.IntN(3) + 1
	for i := range n {
		name := fmt.Sprintf("fairy%d", i)
		pieces[name] = g.definition(names, string("ACDEFGHIJ"[i]), 0, false)
		names = append(names, name)
	}
	text, err := yaml.Marshal(map[string]any{"board": 5, "pieces": pieces, "place": []string{"max fairy0"}})
	if err != nil {
		panic(err)
	}
	return text
}

// TestSchemaAgreesWithParserOnPieces: on generated piece definitions, the
// schema accepts a model exactly when the parser does, both ways.
func TestSchemaAgreesWithParserOnPieces(t *testing.T) {
	schema := compileSchema(t)
	g := pieceGen{rand.New(rand.NewPCG(28, 16))}
	accepted, refused := 0, 0
	for range 2000 {
		text := g.model()
		_, parseErr := model.Parse(text, "generated.yaml")
		schemaErr := schema.Validate(asJSON(t, text))
		switch {
		case parseErr == nil && schemaErr != nil:
			t.Errorf("the parser accepts it, the schema does not:\n%s%v", text, schemaErr)
		case parseErr != nil && schemaErr == nil:
			t.Errorf("the schema accepts it, the parser does not:\n%s%v", text, parseErr)
		case parseErr == nil:
			accepted++
		default:
			refused++
		}
	}
	t.Logf("%d generated models accepted, %d refused by both", accepted, refused)
	if accepted < 200 || refused < 200 {
		t.Errorf("%d generated models accepted, %d refused: the generator tests too little of one side", accepted, refused)
	}
}
