package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// slurmConf is a one-node cluster in dir: the controller and the node on
// 127.0.0.1, everything run as root, no cgroups, no accounting.
const slurmConf = `ClusterName=chessmodeltest
SlurmctldHost={{host}}(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort={{ctld}}
SlurmdPort={{slurmd}}
StateSaveLocation={{dir}}/state
SlurmdSpoolDir={{dir}}/spool
SlurmctldPidFile={{dir}}/slurmctld.pid
SlurmdPidFile={{dir}}/slurmd.pid
SlurmctldLogFile={{dir}}/slurmctld.log
SlurmdLogFile={{dir}}/slurmd.log
AuthType=auth/munge
AuthInfo=socket={{dir}}/munge.sock
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
NodeName={{host}} NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
`

// daemon starts a program in the foreground of the test, stopped at its end.
func daemon(t *testing.T, env []string, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Env = env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if t.Failed() {
			t.Logf("%s said:\n%s", name, out.String())
		}
	})
}

// waitFor polls until ok or the deadline, failing with what.
func waitFor(t *testing.T, within time.Duration, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(within); !ok(); time.Sleep(200 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v", what, within)
		}
	}
}

// The job array chessmodel slurm writes, run on a one-node Slurm cluster
// started here (munged, slurmctld -D, slurmd -D): its merge job answers
// 10 queens as the one-process run does (724 solutions, 92 classes).
func TestSlurmOneNode(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Slurm cluster")
	}
	for _, tool := range []string{"mungekey", "munged", "slurmctld", "slurmd", "sbatch", "sinfo"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: make deps installs slurm-wlm and munge", tool)
		}
	}
	if os.Geteuid() != 0 {
		t.Skip("the one-node Slurm cluster of this test runs its daemons and jobs as root")
	}
	bin := buildChessmodel(t)
	dir := t.TempDir()
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	host, _, _ = strings.Cut(host, ".")
	conf := strings.NewReplacer("{{host}}", host, "{{dir}}", dir,
		"{{ctld}}", fmt.Sprint(freePort(t)), "{{slurmd}}", fmt.Sprint(freePort(t))).Replace(slurmConf)
	for _, sub := range []string{"state", "spool"} {
		if err := os.Mkdir(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	confPath := filepath.Join(dir, "slurm.conf")
	if err := os.WriteFile(confPath, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "SLURM_CONF="+confPath)
	if out, err := exec.Command("mungekey", "--create", "--keyfile="+filepath.Join(dir, "munge.key")).CombinedOutput(); err != nil {
		t.Fatalf("mungekey: %v\n%s", err, out)
	}
	daemon(t, env, "munged", "--foreground", "--force", "--key-file="+filepath.Join(dir, "munge.key"),
		"--socket="+filepath.Join(dir, "munge.sock"), "--pid-file="+filepath.Join(dir, "munged.pid"),
		"--log-file="+filepath.Join(dir, "munged.log"), "--seed-file="+filepath.Join(dir, "munged.seed"))
	waitFor(t, 10*time.Second, "munged's socket", func() bool { _, err := os.Stat(filepath.Join(dir, "munge.sock")); return err == nil })
	daemon(t, env, "slurmctld", "-D", "-i")
	daemon(t, env, "slurmd", "-D")
	waitFor(t, 30*time.Second, "the node idle", func() bool {
		cmd := exec.Command("sinfo", "-h", "-o", "%t")
		cmd.Env = env
		out, _ := cmd.Output()
		return strings.TrimSpace(string(out)) == "idle"
	})

	model := []string{"../../testdata/models/n-queens.yaml", "--set", "board=10", "--symmetry"}
	whole, err := exec.Command(bin, append([]string{"count"}, model...)...).Output()
	if err != nil || !strings.Contains(string(whole), "724 solutions, 92 classes") {
		t.Fatalf("one process: %v\n%s", err, whole)
	}
	out := filepath.Join(dir, "job")
	if msg, err := exec.Command(bin, append(append([]string{"slurm"}, model...), "--shards", "4", "--out", out)...).CombinedOutput(); err != nil {
		t.Fatalf("chessmodel slurm: %v\n%s", err, msg)
	}
	submit := exec.Command("sh", filepath.Join(out, "submit.sh"))
	submit.Env = env
	if msg, err := submit.CombinedOutput(); err != nil {
		t.Fatalf("submit.sh: %v\n%s", err, msg)
	}
	answer := filepath.Join(out, "answer.txt")
	waitFor(t, 45*time.Second, "the merge job's answer", func() bool { _, err := os.Stat(answer); return err == nil })
	got, err := os.ReadFile(answer)
	if err != nil {
		t.Fatal(err)
	}
	if withoutStats(string(got)) != withoutStats(string(whole)) {
		t.Errorf("the merge job wrote\n%s\nwant as the one-process run\n%s", got, whole)
	}
}

// The scripts chessmodel slurm writes, run by sh as Slurm would run them
// (SLURM_ARRAY_TASK_ID set), for the 2-wall sweep in 3 parts on 2 tasks
// (ranges of parts, as past Slurm's MaxArraySize) with 2 replicas, 4
// tasks in all: the merge script's answer, of the replicas compared, is
// the one-process sweep's 278 classes.
func TestSlurmScriptsBySh(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the program")
	}
	bin := buildChessmodel(t)
	out := filepath.Join(t.TempDir(), "job")
	if msg, err := exec.Command(bin, "slurm", "../../testdata/models/blocked-0w.yaml", "--walls", "2", "--shards", "3", "--tasks", "2", "--replicas", "2", "--out", out).CombinedOutput(); err != nil {
		t.Fatalf("chessmodel slurm: %v\n%s", err, msg)
	}
	for k := range 4 {
		part := exec.Command("sh", filepath.Join(out, "parts.sbatch"))
		part.Env = append(os.Environ(), fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", k))
		if msg, err := part.CombinedOutput(); err != nil {
			t.Fatalf("part %d: %v\n%s", k, err, msg)
		}
	}
	if msg, err := exec.Command("sh", filepath.Join(out, "merge.sbatch")).CombinedOutput(); err != nil {
		t.Fatalf("merge: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(filepath.Join(out, "answer.txt"))
	if err != nil || !strings.Contains(string(got), "2016 boards, 278 classes up to symmetry") {
		t.Errorf("answer: %v\n%s", err, got)
	}
}
