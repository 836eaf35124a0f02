package model

import (
	"strings"

	"go.yaml.in/yaml/v3"
)

// wrap reads the board's wrap key: none, cylinder, torus, mobius or klein.
func (p *parser) wrap(n *yaml.Node, b *Board) error {
	if n == nil {
		return nil
	}
	s, err := p.scalar(n, "a wrap: "+strings.Join(wrapNames[:], ", "))
	if err != nil {
		return err
	}
	for w, name := range wrapNames {
		if strings.EqualFold(strings.TrimSpace(s), name) || (w == int(WrapMobius) && strings.EqualFold(s, "möbius")) {
			b.Wrap = Wrap(w)
			return nil
		}
	}
	return p.errorf(n, "unknown wrap %q; expected one of %s", shortQuote(s), strings.Join(wrapNames[:], ", "))
}

// imageNames are the names a piece's images list takes, one per element of
// D4 as Transform.Apply acts on a displacement (with rows = cols = 1, so
// that mirroring negates a coordinate).
var imageNames = map[string]Transform{
	"identity":     {},
	"rotate 90":    {Swap: true, MirrorFiles: true},
	"rotate 180":   {MirrorFiles: true, MirrorRanks: true},
	"rotate 270":   {Swap: true, MirrorRanks: true},
	"mirror files": {MirrorFiles: true},
	"mirror ranks": {MirrorRanks: true},
	"diagonal":     {Swap: true},
	"antidiagonal": {Swap: true, MirrorFiles: true, MirrorRanks: true},
}

// imageShorthands name common sets of images.
var imageShorthands = map[string][]string{
	"all":       {"identity", "rotate 90", "rotate 180", "rotate 270", "mirror files", "mirror ranks", "diagonal", "antidiagonal"},
	"written":   {"identity"},
	"rotations": {"identity", "rotate 90", "rotate 180", "rotate 270"},
}

// images reads a piece's images key: all (the default: the 8 images of
// each vector), written (the vectors exactly as written), rotations (the 4
// rotations: a chiral piece), or a list of image names.
func (p *parser) images(n *yaml.Node) ([]Transform, error) {
	if n == nil {
		return allTransforms, nil
	}
	const want = "images: all, written, rotations, or a list of identity, rotate 90, rotate 180, rotate 270, mirror files, mirror ranks, diagonal, antidiagonal"
	var names []string
	if n.Kind == yaml.SequenceNode {
		for _, c := range n.Content {
			s, err := p.scalar(resolve(c), want)
			if err != nil {
				return nil, err
			}
			if _, ok := imageNames[s]; !ok {
				return nil, p.errorf(c, "unknown image %q; expected %s", shortQuote(s), want)
			}
			names = append(names, s)
		}
		if len(names) == 0 {
			return nil, p.errorf(n, "an empty images list gives the piece no moves; expected %s", want)
		}
	} else {
		s, err := p.scalar(n, want)
		if err != nil {
			return nil, err
		}
		if names = imageShorthands[s]; names == nil {
			return nil, p.errorf(n, "unknown images %q; expected %s", shortQuote(s), want)
		}
	}
	out := make([]Transform, 0, len(names))
	for _, s := range names {
		out = append(out, imageNames[s])
	}
	return out, nil
}
