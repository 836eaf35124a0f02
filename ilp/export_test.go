package ilp

// Hooks for the external tests (package ilp_test).

// NewWithWallFormulation returns the backend compiling free walls with the
// named formulation: windows (the default), pairs or chain.
func NewWithWallFormulation(name string) *Solver {
	for f := wallWindows; f <= wallChain; f++ {
		if f.String() == name {
			return &Solver{form: formulation{freeWalls: f}}
		}
	}
	panic("unknown wall formulation " + name)
}

// NewWithRays returns the backend writing blocked lines with ray variables
// instead of the visibility chain.
func NewWithRays() *Solver { return &Solver{form: formulation{rays: true}} }
