package cluster_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chessmodel/chessmodel/cluster"
	"github.com/chessmodel/chessmodel/exact"
	"github.com/chessmodel/chessmodel/model"
	"github.com/chessmodel/chessmodel/shard"
)

// pki writes a CA, and certificates it signs, as PEM files in dir.
type pki struct {
	t    *testing.T
	dir  string
	ca   *x509.Certificate
	key  *ecdsa.PrivateKey
	next int64
}

func newPKI(t *testing.T, name string) *pki {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: name}, IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign, NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(der)
	p := &pki{t: t, dir: t.TempDir(), ca: ca, key: key, next: 2}
	p.write(name+".pem", "CERTIFICATE", der)
	return p
}

func (p *pki) write(name, kind string, der []byte) string {
	path := filepath.Join(p.dir, name)
	if err := os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600); err != nil {
		p.t.Fatal(err)
	}
	return path
}

// issue signs a certificate for 127.0.0.1 of the given use and returns
// its and its key's files.
func (p *pki) issue(name string, use x509.ExtKeyUsage) (cert, key string) {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		p.t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(p.next), Subject: pkix.Name{CommonName: name}, ExtKeyUsage: []x509.ExtKeyUsage{use},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour)}
	p.next++
	der, err := x509.CreateCertificate(rand.Reader, tmpl, p.ca, &k.PublicKey, p.key)
	if err != nil {
		p.t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(k)
	if err != nil {
		p.t.Fatal(err)
	}
	return p.write(name+".pem", "CERTIFICATE", der), p.write(name+"-key.pem", "EC PRIVATE KEY", keyDER)
}

func (p *pki) caFile() string { return filepath.Join(p.dir, p.ca.Subject.CommonName+".pem") }

// Mutual TLS: the server has a certificate of the job's CA and requires
// one of its clients. A worker with the CA and a certificate it signs
// connects and does the parts (the coordinator connects in the process);
// a client without a certificate, one whose certificate another CA
// signed, and one that does not know the CA are refused, whatever token
// they hold.
func TestMutualTLS(t *testing.T) {
	ca, other := newPKI(t, "job-ca"), newPKI(t, "other-ca")
	serverCert, serverKey := ca.issue("server", x509.ExtKeyUsageServerAuth)
	workerCert, workerKey := ca.issue("worker", x509.ExtKeyUsageClientAuth)
	strangerCert, strangerKey := other.issue("stranger", x509.ExtKeyUsageClientAuth)
	token, _ := cluster.NewToken()
	srv, err := cluster.StartServer(cluster.ServerConfig{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Token: token,
		TLS: cluster.TLS{Cert: serverCert, Key: serverKey, CA: ca.caFile()}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for _, tc := range []struct {
		name string
		tls  cluster.TLS
	}{
		{"no certificate", cluster.TLS{CA: ca.caFile()}},
		{"another CA's certificate", cluster.TLS{Cert: strangerCert, Key: strangerKey, CA: ca.caFile()}},
		{"not knowing the CA", cluster.TLS{Cert: workerCert, Key: workerKey}},
		{"no TLS", cluster.TLS{}},
	} {
		if nc, err := cluster.Connect(srv.URL(), cluster.Auth{Secret: token}, tc.name, tc.tls); err == nil {
			nc.Close()
			t.Errorf("a client with %s connected", tc.name)
		}
	}
	wc, err := cluster.Connect(srv.URL(), cluster.Auth{Secret: token}, "worker", cluster.TLS{Cert: workerCert, Key: workerKey, CA: ca.caFile()})
	if err != nil {
		t.Fatalf("the worker with the CA's certificate: %v", err)
	}
	defer wc.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	key := []byte("0123456789abcdef")
	w := &cluster.Worker{Solver: func(string) (model.Solver, error) { return exact.New(), nil }, Options: shard.RunOptions{Workers: 1, Key: key}}
	go func() { _ = w.Run(ctx, wc) }()
	cc, err := srv.ConnectInProcess(cluster.Auth{Secret: token}, "coordinator")
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	job, _, err := shard.NewJob("q.yaml", []byte("board: 8\nplace: [8 queen]\nrules: [independent]\n"), nil, shard.TaskCount, shard.Options{Backend: "exact"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	merged, err := cluster.Coordinate(ctx, cc, job, cluster.Config{AckWait: ackWait, Key: key})
	if err != nil || *merged.Result.Count != 92 {
		t.Fatalf("8 queens over mutual TLS: %v, %v; want 92", merged, err)
	}
}

// Per-worker credentials: a server with users lets in each by its own
// password (and the coordinator, in the process, by the token), and no
// one else: not a wrong password, not the token alone, not a user shut
// out by removing its line. A users file with a line that is not a name
// and a password is refused, naming its line.
func TestUsers(t *testing.T) {
	dir := t.TempDir()
	users := filepath.Join(dir, "users")
	if err := os.WriteFile(users, []byte("# the workers\nalpha s3cret-alpha\nbeta s3cret-beta\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	read, err := cluster.ReadUsers(users)
	if err != nil || len(read) != 2 {
		t.Fatalf("users: %v, %v", read, err)
	}
	token, _ := cluster.NewToken()
	srv, err := cluster.StartServer(cluster.ServerConfig{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Token: token, Users: read})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		auth cluster.Auth
		ok   bool
	}{
		{"alpha", cluster.Auth{User: "alpha", Secret: "s3cret-alpha"}, true},
		{"beta with alpha's password", cluster.Auth{User: "beta", Secret: "s3cret-alpha"}, false},
		{"the token alone", cluster.Auth{Secret: token}, false},
		{"nobody", cluster.Auth{}, false},
	} {
		nc, err := cluster.Connect(srv.URL(), tc.auth, tc.name, cluster.TLS{})
		if (err == nil) != tc.ok {
			t.Errorf("%s: connect %v, want allowed %v", tc.name, err, tc.ok)
		}
		if nc != nil {
			nc.Close()
		}
	}
	if nc, err := srv.ConnectInProcess(cluster.Auth{User: cluster.CoordinatorUser, Secret: token}, "coordinator"); err != nil {
		t.Errorf("the coordinator: %v", err)
	} else {
		nc.Close()
	}
	srv.Close()
	delete(read, "beta") // beta shut out
	srv, err = cluster.StartServer(cluster.ServerConfig{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Token: token, Users: read})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	if nc, err := cluster.Connect(srv.URL(), cluster.Auth{User: "beta", Secret: "s3cret-beta"}, "beta", cluster.TLS{}); err == nil {
		nc.Close()
		t.Error("beta, shut out, connected")
	}
	bad := filepath.Join(dir, "bad")
	_ = os.WriteFile(bad, []byte("alpha one\ngamma\n"), 0o600)
	if _, err := cluster.ReadUsers(bad); err == nil || !strings.Contains(err.Error(), "bad:2:") {
		t.Errorf("a line of one field: %v; want an error at bad:2", err)
	}
}
