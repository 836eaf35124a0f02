//go:build !unix

package cluster

import "os"

// LockStore makes the store; elsewhere than Unix it takes no lock, and
// nothing keeps a second server off a running coordinator's store.
func LockStore(dir string) (unlock func(), err error) {
	return func() {}, os.MkdirAll(dir, 0o700)
}
