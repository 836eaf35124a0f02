package mzn

import (
	"fmt"
	"io"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// MaxSquares bounds the open squares of a model this backend writes: the
// data lists every ray, and minizinc flattens the attack of every square
// along each, which grows with the cube of the board's side.
const MaxSquares = 1024

// Supports reports, as an error wrapping model.ErrUnsupported, what of the
// model this formulation does not cover; nil when it covers all of it.
func Supports(m *model.Model) error {
	why := ""
	switch {
	case m.Kind == model.KindTour && m.Tour.Reversible():
		why = "undirected open tours (undirected: true) are not formulated in MiniZinc: its paths are directed"
	case m.Kind == model.KindTour:
		return nil // newTour refuses what its move graph cannot hold
	case m.Kind != model.KindPlace:
		why = fmt.Sprintf("%s models are not formulated in MiniZinc", m.Kind)
	case m.FreeWalls != nil && len(m.Fixed) > 0:
		why = "free walls beside fixed pieces are not formulated in MiniZinc here"
	case m.Rules.Stack:
		why = "stacked pieces (stack: true) are not formulated in MiniZinc here"
	case m.HasGroups():
		why = "pieces in groups (as GROUP) are not formulated in MiniZinc here"
	case len(m.Rules.Counts) > 0:
		why = "attack counts (every piece attacks N, ...) are not formulated in MiniZinc here"
	case m.Board.OpenCount() > MaxSquares:
		return fmt.Errorf("minizinc: %d open squares, more than the %d this formulation writes: %w", m.Board.OpenCount(), MaxSquares, model.ErrTooLarge)
	}
	if why != "" {
		return fmt.Errorf("minizinc: %s: %w", why, model.ErrUnsupported)
	}
	return nil
}

// Fix asks Write for a model whose objective is fixed at a value and
// dropped: the satisfaction problem whose solutions are the optimal ones.
type Fix struct {
	Set   bool
	Value int64
}

// Write writes the MiniZinc model of a placement model: the data (squares,
// rays, leaps, counts) then the rules, which are the same text for every
// puzzle.
func Write(w io.Writer, m *model.Model, fix Fix) error {
	_, err := write(w, m, fix, false)
	return err
}

// write is Write, returning the tour's data (nil for a placement), which
// decodes what minizinc prints.
// With one set, only one solution is wanted: the model may keep a single
// solution of each class up to symmetry (tighten.go).
func write(w io.Writer, m *model.Model, fix Fix, one bool) (*tourData, error) {
	if err := Supports(m); err != nil {
		return nil, err
	}
	var b strings.Builder
	if m.Kind == model.KindTour {
		t, err := newTour(m)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "%% chessmodel: %s (%s board), a %s tour of the %s, written from the puzzle for MiniZinc\n", m.Name, m.Board.Dims(), tourWord(m), m.Tour.Piece.Name)
		fmt.Fprintf(&b, "%% solve: minizinc --solver gecode FILE.mzn   count: add --all-solutions\n\n")
		t.write(&b)
		_, err = io.WriteString(w, b.String())
		return t, err
	}
	d := newData(m)
	fmt.Fprintf(&b, "%% chessmodel: %s (%s board), written from the puzzle for MiniZinc\n", m.Name, m.Board.Dims())
	fmt.Fprintf(&b, "%% solve: minizinc --solver gecode FILE.mzn   count: add --all-solutions\n\n")
	d.write(&b)
	b.WriteString(rules)
	least := 0
	for _, e := range m.Place {
		least += e.Count.Min
	}
	if fix.Set && m.Objective.Measure == model.MeasurePieces {
		least = max(least, int(fix.Value))
	}
	partsGoal := writeParts(&b, d.partitions(), least) // tighten.go
	if one && !fix.Set {
		kind, off := d.anchor()
		writeAnchor(&b, kind, off)
	}
	writeGoal(&b, m, fix, partsGoal)
	_, err := io.WriteString(w, b.String())
	return nil, err
}

func tourWord(m *model.Model) string {
	if m.Tour.Closed {
		return "closed"
	}
	return "open"
}

// writeGoal writes the rules the model's options switch on and its solve item.
// With parts (tighten.go) the number of pieces is written as the sum of
// the parts' counts, so that Gecode bounds it by the parts still open
// (minizinc would otherwise read it as the plain sum over the squares).
func writeGoal(b *strings.Builder, m *model.Model, fix Fix, partsGoal string) {
	if m.Rules.Independent {
		// Under independence a piece between an attacker and its target
		// would itself be attacked: weak attack says the same, and its
		// lines do not read the squares between.
		b.WriteString("array[SQ] of var bool: hit_weak = [not w[t] /\\ (\n" +
			"  exists(h in hitLo[t]..hitHi[t])(rider(hitRay[h]) /\\ forall(i in 1..hitPos[h]-1)(not w[raySq[hitRay[h], i]])) \\/\n" +
			"  exists(k in K, s in leapFrom[k, t])(on(k, s))) | t in SQ];\n")
		b.WriteString("constraint forall(t in SQ)(occ[t] -> not hit_weak[t]);  % independent\n")
	}
	switch c := m.Rules.Cover; {
	case c == nil:
	case c.AtLeast == 0 && c.What == model.MeasureDominated: // square by square: it propagates, a sum does not
		b.WriteString("constraint forall(t in SQ)(w[t] \\/ occ[t] \\/ attacked_at[t]);  % cover dominated\n")
	case c.AtLeast == 0:
		b.WriteString("constraint forall(t in SQ)(w[t] \\/ attacked_at[t]);  % cover attacked\n")
	default:
		fmt.Fprintf(b, "constraint %s >= %d;  %% cover %s\n", c.What, c.AtLeast, c.What)
	}
	goal := "pieces"
	if m.Objective.Measure != model.MeasureNone {
		goal = strings.ReplaceAll(m.Objective.Measure.String(), "-", "_") // attacked-weight: attacked_weight
	}
	if goal == "pieces" && partsGoal != "" {
		goal = partsGoal
	}
	search := "bool_search(array1d(p) ++ w, input_order, indomain_max)"
	if m.Objective.Sense == model.Minimize {
		search = "bool_search(array1d(p) ++ w, input_order, indomain_min)"
	}
	switch {
	case fix.Set:
		fmt.Fprintf(b, "constraint %s = %d;  %% the optimum, for counting\n", goal, fix.Value)
		fmt.Fprintf(b, "solve :: %s satisfy;\n", search)
	case m.Objective.Sense == model.Maximize:
		fmt.Fprintf(b, "solve :: %s maximize %s;\n", search, goal)
	case m.Objective.Sense == model.Minimize:
		fmt.Fprintf(b, "solve :: %s minimize %s;\n", search, goal)
	default:
		fmt.Fprintf(b, "solve :: %s satisfy;\n", search)
	}
	b.WriteString(output)
}

// rules are the placement rules over the data, the same for every puzzle.
const rules = `
% p[k, s]: a piece of kind k is placed on s. A square holds at most one
% piece; a fixed piece's square holds no other, nor does a free wall w[s].
array[K, SQ] of var bool: p;
array[SQ] of var bool: w;
constraint forall(k in K, s in SQ where fixedOn[s] > 0)(not p[k, s]);
constraint forall(k in K, s in SQ)(w[s] -> not p[k, s]);
constraint if freeWalls then sum(t in SQ)(bool2int(w[t])) in minW..maxW else forall(t in SQ)(not w[t]) endif;
constraint forall(s in SQ)(sum(k in K)(bool2int(p[k, s])) <= 1);

% piece k stands on s: placed or fixed there
function var bool: on(K: k, SQ: s) = if fixedOn[s] = k then true else p[k, s] endif;
array[SQ] of var bool: occ = [fixedOn[t] > 0 \/ exists(k in K)(p[k, t]) | t in SQ];

% Counts: on light and dark squares, shared out among the entries "on
% light", "on dark" and of either colour, as the checker shares them.
array[K] of var int: light = [sum(s in SQ where not dark[s])(bool2int(p[k, s])) | k in K];
array[K] of var int: darks = [sum(s in SQ where dark[s])(bool2int(p[k, s])) | k in K];
constraint forall(k in K)(
  light[k] >= minL[k] /\ darks[k] >= minD[k] /\
  light[k] + darks[k] - min(maxL[k], light[k]) - min(maxD[k], darks[k]) <= maxA[k] /\
  light[k] + darks[k] - minL[k] - minD[k] >= minA[k]);

% Attack. A rider on rayFrom[r] riding direction rayDir[r] attacks the j-th
% square of the ray when (under strong attack) the squares before it are
% empty; the rays stop at the edge, walls and squares off the board. A
% leaper of kind k attacks t from every square of leapFrom[k, t]. A free
% wall stops rays and is not attacked.
function var bool: sees(int: r, int: j) =
  if strong then forall(i in 1..j-1)(not occ[raySq[r, i]] /\ not w[raySq[r, i]])
  else forall(i in 1..j-1)(not w[raySq[r, i]]) endif;
function var bool: rider(int: r) = exists(k in K where rides[k, rayDir[r]])(on(k, rayFrom[r]));
array[SQ] of var bool: attacked_at = [not w[t] /\ (
  exists(h in hitLo[t]..hitHi[t])(rider(hitRay[h]) /\ sees(hitRay[h], hitPos[h])) \/
  exists(k in K, s in leapFrom[k, t])(on(k, s)))
  | t in SQ];
var int: pieces = sum(k in K, s in SQ)(bool2int(p[k, s]));
var int: attacked = sum(t in SQ)(bool2int(attacked_at[t]));
var int: dominated = sum(t in SQ)(bool2int(attacked_at[t] \/ occ[t]));
var int: walls = fixedWalls + sum(t in SQ)(bool2int(w[t]));
% square weights (board.weights): of the placed pieces' squares, and of the
% open squares attacked
var int: weight = sum(k in K, s in SQ)(wt[s] * bool2int(p[k, s]));
var int: attacked_weight = sum(t in SQ)(wt[t] * bool2int(attacked_at[t]));

`

// output prints the placed pieces on one line.
const output = `
output ["pieces:"] ++ [if fix(p[k, s]) then " " ++ kind[k] ++ "@" ++ name[s] else "" endif | k in K, s in SQ] ++
  [if fix(w[s]) then " #" ++ name[s] else "" endif | s in SQ] ++ ["\n"];
`
