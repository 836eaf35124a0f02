package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/spf13/cobra"

	"github.com/chessmodel/chessmodel/cluster"
)

// storeFlags say which server cluster status and drop read: a store no
// coordinator runs on (its embedded server is started on it, reachable
// only from this process), or a running server.
type storeFlags struct {
	clusterFlags
	job  string
	part int
}

func addStoreFlags(cmd *cobra.Command, f *storeFlags) {
	cmd.Flags().StringVar(&f.store, "store", "", "the store of a cluster that is not running (its token is read from it)")
	addServerFlags(cmd, &f.clusterFlags)
}

func newClusterStatusCommand(g *globals, streams Streams) *cobra.Command {
	f := &storeFlags{}
	cmd := &cobra.Command{
		Use:   "status (--store DIR | --connect nats://HOST:PORT --token-file FILE)",
		Short: "Show the jobs of a cluster: parts done, failed attempts, queued and at work, by worker",
		Long: `cluster status reads a cluster's results, work queue and claims and prints,
for each job, its parts with a record, the failed attempts (workers' errors),
the parts queued and those at work (the worker and when it last said so), and
each worker's records, errors and seconds. With --key-file records are checked
as the coordinator checks them, and those that fail are counted as refused.
--store opens the store of a cluster that is not running; --connect reads a
running one (its coordinator's server).`,
		Example: `  chessmodel cluster status --store q18
  chessmodel cluster status --connect nats://coordinator:4222 --token-file token --key-file key`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withStore(cmd.Context(), f, func(ctx context.Context, nc *nats.Conn, key []byte) error {
				jobs, err := cluster.Status(ctx, nc, key)
				if err != nil {
					return &ExitError{Code: ExitBadInput, Err: err}
				}
				if g.json {
					return writeJSON(streams.Out, jobs)
				}
				printStatus(streams.Out, jobs)
				return nil
			})
		},
	}
	addStoreFlags(cmd, f)
	return cmd
}

func newClusterDropCommand(g *globals, streams Streams) *cobra.Command {
	f := &storeFlags{}
	cmd := &cobra.Command{
		Use:   "drop --job ID --part K (--store DIR | --connect nats://HOST:PORT --token-file FILE)",
		Short: "Remove one part's records from a cluster's store, for the next run of the job to do it again",
		Long: `cluster drop removes every record of part K of job ID (as cluster status names
them) from the results: a part whose record is wrong, or was refused, is done
again, alone, by the next run of the same job on the same store.`,
		Example: `  chessmodel cluster drop --store q18 --job 3f2a9c0d11b4e5f6 --part 17`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if f.job == "" || f.part < 0 {
				return &ExitError{Code: ExitBadInput, Err: errors.New("--job ID and --part K (from 0) name the part to drop; cluster status lists the jobs")}
			}
			return withStore(cmd.Context(), f, func(ctx context.Context, nc *nats.Conn, _ []byte) error {
				removed, err := cluster.Drop(ctx, nc, f.job, f.part)
				if err != nil {
					return &ExitError{Code: ExitBadInput, Err: err}
				}
				fmt.Fprintf(streams.Out, "job %s, part %d: %s removed\n", f.job, f.part, plural(int64(removed), "record", "records"))
				return nil
			})
		},
	}
	addStoreFlags(cmd, f)
	cmd.Flags().StringVar(&f.job, "job", "", "the job's id, as cluster status prints it")
	cmd.Flags().IntVar(&f.part, "part", -1, "the part, from 0")
	return cmd
}

// withStore connects to the server the flags name and runs use.
func withStore(ctx context.Context, f *storeFlags, use func(context.Context, *nats.Conn, []byte) error) error {
	if (f.store == "") == (f.connect == "") {
		return &ExitError{Code: ExitBadInput, Err: errors.New("give --store DIR (a cluster that is not running) or --connect URL (a running one)")}
	}
	key, err := readKey(f.keyFile)
	if err != nil {
		return err
	}
	if f.connect != "" {
		var token string
		if f.tokenFile != "" {
			if token, err = cluster.ReadToken(f.tokenFile); err != nil {
				return &ExitError{Code: ExitBadInput, Err: err}
			}
		}
		nc, err := cluster.Connect(f.connect, cluster.Auth{User: f.user, Secret: token}, "chessmodel cluster status", f.tls)
		if err != nil {
			return &ExitError{Code: ExitBadInput, Err: err}
		}
		defer nc.Close()
		return use(ctx, nc, key)
	}
	token, err := cluster.ReadToken(filepath.Join(f.store, "token"))
	if err != nil {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--store %s: no cluster store there: %w", f.store, err)}
	}
	unlock, err := cluster.LockStore(f.store)
	if err != nil {
		return &ExitError{Code: ExitBadInput, Err: err}
	}
	defer unlock()
	srv, err := cluster.StartServer(cluster.ServerConfig{Listen: "127.0.0.1:0", StoreDir: f.store, Token: token})
	if err != nil {
		return &ExitError{Code: ExitBadInput, Err: fmt.Errorf("--store %s: %w", f.store, err)}
	}
	defer srv.Close()
	nc, err := srv.ConnectInProcess(cluster.Auth{Secret: token}, "chessmodel cluster status")
	if err != nil {
		return &ExitError{Code: ExitBadInput, Err: err}
	}
	defer nc.Close()
	return use(ctx, nc, key)
}

// printStatus prints the jobs of a cluster.
func printStatus(w io.Writer, jobs []*cluster.JobStatus) {
	if len(jobs) == 0 {
		fmt.Fprintln(w, "no jobs")
	}
	for _, st := range jobs {
		fmt.Fprintf(w, "job %s: %s\n", st.ID, st.Job)
		fmt.Fprintf(w, "  %d of %d parts done, %d queued, %d at work, %d failed attempts, %d records refused\n",
			len(st.Done), st.Of, st.Queued, len(st.Running), len(st.Failed), st.Refused)
		if missing := missingParts(st); missing != "" {
			fmt.Fprintf(w, "  parts without a record: %s\n", missing)
		}
		for _, c := range st.Running {
			fmt.Fprintf(w, "  at work: part %d (replica %d) on %s, last heard %s ago\n", c.Part, c.Replica, c.Worker, time.Since(c.Since).Round(time.Second))
		}
		for _, a := range st.Failed {
			fmt.Fprintf(w, "  failed: part %d on %s at %s: %s\n", a.Part, a.Worker, a.Time.Format(time.RFC3339), a.Error)
		}
		names := make([]string, 0, len(st.ByWorker))
		for name := range st.ByWorker {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			ws := st.ByWorker[name]
			fmt.Fprintf(w, "  worker %s: %d records, %d errors, %.1f s, last at %s\n", name, ws.Records, ws.Errors, ws.Seconds, ws.Last.Format(time.RFC3339))
		}
	}
}

// missingParts lists the parts of a job without a record, shortened.
func missingParts(st *cluster.JobStatus) string {
	var out []string
	for k := 0; k < st.Of && len(out) < 20; k++ {
		if !slices.Contains(st.Done, k) {
			out = append(out, fmt.Sprint(k))
		}
	}
	if len(out) == 20 {
		out = append(out, "...")
	}
	return strings.Join(out, " ")
}
