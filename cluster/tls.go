package cluster

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"os"

	"github.com/nats-io/nats.go"
)

// TLS names the PEM files of a side's TLS: its certificate and key, and
// the CA that signs the other side's. On the server, Cert and Key are its
// identity and CA, when given, the authority of its clients' certificates,
// which every client must then present (mutual TLS: a worker without a
// certificate of that CA cannot connect, whatever token it holds). On a
// client, CA verifies the server, and Cert and Key are its certificate
// when the server asks for one. The zero TLS is none: plain TCP.
type TLS struct {
	Cert, Key, CA string
}

func (t TLS) enabled() bool { return t != TLS{} }

// pair loads the certificate and key, which come together.
func (t TLS) pair() ([]tls.Certificate, error) {
	if (t.Cert == "") != (t.Key == "") {
		return nil, errors.New("cluster: --tls-cert and --tls-key come together")
	}
	if t.Cert == "" {
		return nil, nil
	}
	cert, err := tls.LoadX509KeyPair(t.Cert, t.Key)
	if err != nil {
		return nil, fmt.Errorf("cluster: --tls-cert %s, --tls-key %s: %w", t.Cert, t.Key, err)
	}
	return []tls.Certificate{cert}, nil
}

// pool loads the CA's certificates.
func (t TLS) pool() (*x509.CertPool, error) {
	if t.CA == "" {
		return nil, nil
	}
	data, err := os.ReadFile(t.CA)
	if err != nil {
		return nil, fmt.Errorf("cluster: --tls-ca: %w", err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(data) {
		return nil, fmt.Errorf("cluster: --tls-ca %s holds no PEM certificate", t.CA)
	}
	return pool, nil
}

// serverConfig is the embedded server's TLS: its certificate is needed.
func (t TLS) serverConfig() (*tls.Config, error) {
	certs, err := t.pair()
	if err != nil {
		return nil, err
	}
	if certs == nil {
		return nil, errors.New("cluster: a server with TLS needs --tls-cert and --tls-key")
	}
	pool, err := t.pool()
	if err != nil {
		return nil, err
	}
	cfg := &tls.Config{Certificates: certs, MinVersion: tls.VersionTLS12}
	if pool != nil {
		cfg.ClientCAs, cfg.ClientAuth = pool, tls.RequireAndVerifyClientCert
	}
	return cfg, nil
}

// clientOption is a client's TLS as a connection option; nil for none.
func (t TLS) clientOption() (nats.Option, error) {
	if !t.enabled() {
		return nil, nil
	}
	certs, err := t.pair()
	if err != nil {
		return nil, err
	}
	pool, err := t.pool()
	if err != nil {
		return nil, err
	}
	return nats.Secure(&tls.Config{Certificates: certs, RootCAs: pool, MinVersion: tls.VersionTLS12}), nil
}
