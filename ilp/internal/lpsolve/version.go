package lpsolve

/*
#include "glue.h"
*/
import "C"

import "fmt"

// Version is the version of the lp_solve library linked at run time, as
// lp_solve_version reports it: "5.5.2.11".
func Version() string {
	var major, minor, release, build C.int
	C.lp_solve_version(&major, &minor, &release, &build)
	return fmt.Sprintf("%d.%d.%d.%d", major, minor, release, build)
}
