package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
)

// Auth is how a client proves who it is: a token (User empty), or a
// user's name and password (ServerConfig.Users).
type Auth struct {
	User   string
	Secret string // the token, or the user's password
}

func (a Auth) options() []nats.Option {
	switch {
	case a.User != "":
		return []nats.Option{nats.UserInfo(a.User, a.Secret)}
	case a.Secret != "":
		return []nats.Option{nats.Token(a.Secret)}
	}
	return nil
}

// CoordinatorUser is the user a coordinator connects to its embedded
// server as, with the token as password, when the server has users.
const CoordinatorUser = "coordinator"

// ServerConfig says where an embedded JetStream server listens and keeps
// its streams.
type ServerConfig struct {
	Listen string // host:port; port 0 picks a free one
	// MaxPayload bounds a message in bytes (0: the server's default, 1 MiB).
	MaxPayload int32
	// TLS, when set, is the server's certificate and key, and the CA of its
	// clients' certificates (mutual TLS; see TLS).
	TLS      TLS
	StoreDir string // the file store: a restart on it resumes
	Token    string // clients must present it; empty: no authentication
	// Users, when set, are the only clients besides the coordinator, each
	// by name and password (one a worker, so that one can be shut out
	// without the others); the token is then CoordinatorUser's password.
	Users map[string]string
	// Log, when set, receives the server's notices, warnings and errors,
	// one timestamped line each (a client refused its credentials, a
	// worker connecting or leaving); nil: the server logs nothing.
	Log io.Writer
}

// A Server is an embedded NATS server with JetStream.
type Server struct {
	ns *server.Server
}

// StartServer starts an embedded server and waits until it accepts
// connections.
func StartServer(cfg ServerConfig) (*Server, error) {
	host, portText, err := net.SplitHostPort(cfg.Listen)
	if err != nil {
		return nil, fmt.Errorf("cluster: --listen %q: expected host:port, e.g. 127.0.0.1:4222", cfg.Listen)
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port < 0 || port > 65535 {
		return nil, fmt.Errorf("cluster: --listen %q: the port is not a number from 0 to 65535", cfg.Listen)
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	opts := &server.Options{Host: host, Port: port, JetStream: true, StoreDir: cfg.StoreDir,
		Authorization: cfg.Token, NoLog: true, NoSigs: true, ServerName: "chessmodel", MaxPayload: cfg.MaxPayload}
	if len(cfg.Users) > 0 {
		if _, taken := cfg.Users[CoordinatorUser]; taken {
			return nil, fmt.Errorf("cluster: the user %q is the coordinator's own", CoordinatorUser)
		}
		opts.Authorization = ""
		opts.Users = []*server.User{{Username: CoordinatorUser, Password: cfg.Token}}
		for name, password := range cfg.Users {
			opts.Users = append(opts.Users, &server.User{Username: name, Password: password})
		}
	}
	if cfg.TLS.enabled() {
		if opts.TLSConfig, err = cfg.TLS.serverConfig(); err != nil {
			return nil, err
		}
		opts.TLS, opts.TLSVerify = true, cfg.TLS.CA != ""
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("cluster: %w", err)
	}
	if cfg.Log != nil {
		ns.SetLoggerV2(&serverLog{w: cfg.Log}, false, false, false)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		return nil, fmt.Errorf("cluster: the server on %s did not start within 10s (is the port taken?)", cfg.Listen)
	}
	return &Server{ns: ns}, nil
}

// URL is where clients connect: nats://host:port.
func (s *Server) URL() string { return s.ns.ClientURL() }

// ConnectInProcess connects to the server within this process (no
// network, so no TLS), as Connect does with the token.
func (s *Server) ConnectInProcess(auth Auth, name string) (*nats.Conn, error) {
	opts := append(auth.options(), nats.Name(name), nats.InProcessServer(s.ns))
	nc, err := nats.Connect("", opts...)
	if err != nil {
		return nil, fmt.Errorf("cluster: connecting to the embedded server: %w", err)
	}
	return nc, nil
}

// WorkerURL is the URL workers on other machines connect to: URL, with a
// server that listens on every interface (0.0.0.0, ::) named by this
// machine's host name, which they can resolve, rather than the wildcard,
// which they cannot reach.
func (s *Server) WorkerURL() string {
	u := s.URL()
	host, port, err := net.SplitHostPort(strings.TrimPrefix(u, "nats://"))
	if err != nil || !net.ParseIP(host).IsUnspecified() {
		return u
	}
	name, err := os.Hostname()
	if err != nil || name == "" {
		return u
	}
	return "nats://" + net.JoinHostPort(name, port)
}

// Close stops the server; the store stays on disk.
func (s *Server) Close() {
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
}

// NewToken is a random token of 32 hex digits.
func NewToken() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

// WriteToken writes a token to a file only its owner may read.
func WriteToken(path, token string) error {
	if err := os.WriteFile(path, []byte(token+"\n"), 0o600); err != nil {
		return err
	}
	return os.Chmod(path, 0o600) // WriteFile keeps the mode of a file that existed
}

// ReadToken reads a token file.
func ReadToken(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	token := strings.TrimSpace(string(data))
	if token == "" {
		return "", fmt.Errorf("%s: the token file is empty", path)
	}
	return token, nil
}

// Connect connects to a server with a token (none when empty), and keeps
// reconnecting for as long as the connection is open: a coordinator
// restarted on the same address finds its workers again.
func Connect(url string, auth Auth, name string, tlsFiles TLS) (*nats.Conn, error) {
	opts := append(auth.options(), nats.Name(name), nats.MaxReconnects(-1), nats.ReconnectWait(200*time.Millisecond))
	token := auth.Secret
	secure, err := tlsFiles.clientOption()
	if err != nil {
		return nil, err
	}
	if secure != nil {
		opts = append(opts, secure)
	}
	nc, err := nats.Connect(url, opts...)
	if errors.Is(err, nats.ErrAuthorization) && token == "" {
		return nil, fmt.Errorf("cluster: %s wants a token, and none was given (--token-file): %w", url, err)
	}
	if errors.Is(err, nats.ErrAuthorization) && auth.User != "" {
		return nil, fmt.Errorf("cluster: %s refused user %s and its password: %w", url, auth.User, err)
	}
	if errors.Is(err, nats.ErrAuthorization) {
		return nil, fmt.Errorf("cluster: %s refused the token: %w", url, err)
	}
	if err != nil {
		return nil, fmt.Errorf("cluster: cannot connect to %s: %w", url, err)
	}
	return nc, nil
}

// ConnectWaiting connects as Connect does, and while no server answers
// (not yet started, restarting) tries again, every 200 ms at first and at
// most every 5 s, for up to wait (0: once), saying so through note about
// every 30 s. A server that refuses the token is an error at once; so is
// the end of ctx.
func ConnectWaiting(ctx context.Context, url string, auth Auth, name string, tlsFiles TLS, wait time.Duration, note func(string)) (*nats.Conn, error) {
	start, lastNote := time.Now(), time.Now()
	for delay := 200 * time.Millisecond; ; delay = min(2*delay, 5*time.Second) {
		nc, err := Connect(url, auth, name, tlsFiles)
		if err == nil || !retriable(err) || time.Since(start)+delay > wait {
			return nc, err
		}
		if time.Since(lastNote) >= 30*time.Second && note != nil {
			note(fmt.Sprintf("no server at %s yet after %v; waiting up to %v", url, time.Since(start).Round(time.Second), wait))
			lastNote = time.Now()
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(delay):
		}
	}
}

// retriable reports whether a failed connection may succeed later: no
// server answered, rather than one refused the token or the TLS.
func retriable(err error) bool {
	return errors.Is(err, nats.ErrNoServers) && !errors.Is(err, nats.ErrAuthorization)
}

// ReadUsers reads a users file: one user a line, its name and password
// separated by blanks; blank lines and lines from # are skipped.
func ReadUsers(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	users := map[string]string{}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 2 {
			return nil, fmt.Errorf("%s:%d: expected a user's name and password, found %d fields", path, i+1, len(fields))
		}
		if _, twice := users[fields[0]]; twice {
			return nil, fmt.Errorf("%s:%d: user %s is there twice", path, i+1, fields[0])
		}
		users[fields[0]] = fields[1]
	}
	if len(users) == 0 {
		return nil, fmt.Errorf("%s: no user", path)
	}
	return users, nil
}
