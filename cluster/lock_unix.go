//go:build unix

package cluster

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// LockStore takes the store's lock, which a coordinator holds while it
// runs on the store: a second server on one store (a status, another
// coordinator) would write the same files. It fails at once when another
// process holds it.
func LockStore(dir string) (unlock func(), err error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(dir, "lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("cluster: the store %s is in use by another process (a running coordinator: reach it with --connect)", dir)
		}
		return nil, fmt.Errorf("cluster: locking the store %s: %w", dir, err)
	}
	return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN); f.Close() }, nil
}
