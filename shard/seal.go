package shard

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/chessmodel/chessmodel/model"
)

// A record's seal is a digest over its canonical content: the record's
// JSON without the seal, as it reads back (the statistics' numbers as
// int64 where they are whole, float64 otherwise; objects with their keys
// in order), so that the same record has the same seal however it
// travelled (a file, a message of the cluster). Without a key the seal
// is its SHA-256 ("sha256:" and hex): it catches a record damaged or
// edited by hand, but anyone can compute it again. With the job's key
// (--key-file; the cluster's and Slurm's own) it is the HMAC-SHA256
// ("hmac-sha256:" and hex): only who holds the key can seal, so an edit
// or a forgery by someone who can publish but has not the key is refused.

// ErrSeal is wrapped by the refusal of a record whose seal does not
// match its content, is missing, or is of the other kind than the key
// given.
var ErrSeal = errors.New("shard: the record's seal")

const (
	plainSeal = "sha256:"
	keyedSeal = "hmac-sha256:"
	// MinKeyBytes is the shortest key a key file may hold.
	MinKeyBytes = 16
)

// Seal seals the record with the key (nil: the plain seal).
func (r *Record) Seal(key []byte) error {
	sum, err := r.sealSum(key)
	if err != nil {
		return err
	}
	r.Sealed = sum
	return nil
}

// CheckSeal checks the record's seal with the key: keyed exactly when a
// key is given (nil: a plain seal).
func (r *Record) CheckSeal(key []byte) error {
	switch {
	case r.Sealed == "":
		return fmt.Errorf("%w: %s has none (written by a build before seals, or stripped)", ErrSeal, r.Name())
	case key == nil && strings.HasPrefix(r.Sealed, keyedSeal):
		return fmt.Errorf("%w: %s is sealed with a key: give the job's key (--key-file)", ErrSeal, r.Name())
	case key != nil && !strings.HasPrefix(r.Sealed, keyedSeal):
		return fmt.Errorf("%w: %s is not sealed with a key, where the job has one: a record anyone could have written", ErrSeal, r.Name())
	}
	want, err := r.sealSum(key)
	if err != nil {
		return err
	}
	if !hmac.Equal([]byte(want), []byte(r.Sealed)) {
		return fmt.Errorf("%w: %s does not match its content: the record was changed after it was sealed, or sealed with another key", ErrSeal, r.Name())
	}
	return nil
}

// sealSum is the seal of the record's canonical content.
func (r *Record) sealSum(key []byte) (string, error) {
	content, err := r.canonical()
	if err != nil {
		return "", err
	}
	if key == nil {
		sum := sha256.Sum256(content)
		return plainSeal + hex.EncodeToString(sum[:]), nil
	}
	mac := hmac.New(sha256.New, key)
	mac.Write(content)
	return keyedSeal + hex.EncodeToString(mac.Sum(nil)), nil
}

// canonical is the record's JSON without its seal, as it reads back.
func (r *Record) canonical() ([]byte, error) {
	c := *r
	c.Sealed = ""
	data, err := json.Marshal(&c)
	if err != nil {
		return nil, err
	}
	var back Record
	if err := json.Unmarshal(data, &back); err != nil {
		return nil, err
	}
	return json.Marshal(&back)
}

// UnmarshalJSON reads a record with the numbers of its statistics as
// int64 where they are whole, float64 otherwise, so that a record reads
// back the same whatever its writer's types.
func (r *Record) UnmarshalJSON(data []byte) error {
	type plain Record
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode((*plain)(r)); err != nil {
		return err
	}
	if r.Extra != nil {
		r.Extra = model.Numbers(r.Extra).(map[string]any)
	}
	return nil
}

// NewKey makes a random key, as hex text.
func NewKey() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

// ReadKey reads a key file: its text, without the surrounding space, of
// at least MinKeyBytes bytes.
func ReadKey(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	key := bytes.TrimSpace(data)
	if len(key) < MinKeyBytes {
		return nil, fmt.Errorf("%s: a key of %d bytes: expected at least %d (chessmodel writes 64 hex digits)", path, len(key), MinKeyBytes)
	}
	return key, nil
}

// WriteKey writes a new key to a file only its owner may read.
func WriteKey(path string) ([]byte, error) {
	key, err := NewKey()
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, []byte(key+"\n"), 0o600); err != nil {
		return nil, err
	}
	return []byte(key), os.Chmod(path, 0o600)
}
