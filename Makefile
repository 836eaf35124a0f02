# chessmodel: `make run` installs what is missing, builds, and shows the
# toolkit at work on the seed puzzles; `make test` runs every test.

export PATH := /usr/local/go/bin:$(PATH)
GO      ?= go
BIN     := bin/chessmodel
# The build machine's x86-64 level (like gcc's -march=native): at v3 the
# bitwise searches count bits and isolate them in one instruction each, about
# 10% less CPU time for n-queens counts. `make build GOAMD64=v1` builds a
# binary for any x86-64; elsewhere Go's default stays.
GOAMD64 ?= $(shell grep -qw avx2 /proc/cpuinfo 2>/dev/null && grep -qw bmi2 /proc/cpuinfo && grep -qw fma /proc/cpuinfo && grep -qw movbe /proc/cpuinfo && grep -qw f16c /proc/cpuinfo && grep -qw abm /proc/cpuinfo && echo v3)
export GOAMD64
SUDO    := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
# lp_solve for the in-process ILP backend; the three command-line solvers
# that read the exported LP, MPS and CPLEX-LP files; minizinc (with its
# Gecode solver, Debian's flatzinc package, a dependency) for the MiniZinc
# backend; cadical for the SAT backend and its certificates; chromium for
# the playground's browser tests; GNU time, which measures peak memory in
# tests; slurm-wlm and munge, whose daemons the test of chessmodel slurm
# starts as a one-node cluster.
APT_PACKAGES := liblpsolve55-dev lp-solve coinor-cbc glpk-utils minizinc cadical chromium time slurm-wlm munge
# How long deps waits for another apt or dpkg process (unattended upgrades,
# another install) to release the package lock, in seconds.
APT_LOCK_WAIT ?= 600
# Go records the commit, its time and whether the tree was modified in the
# binary (chessmodel version), also where GOFLAGS says -buildvcs=false.
# A git worktree, which Go's stamping does not see, gets the commit by -X.
BUILDVCS := -buildvcs=auto -ldflags "-X github.com/chessmodel/chessmodel/cmd/chessmodel/internal/cli.linkedCommit=$(shell git rev-parse HEAD 2>/dev/null)"

.PHONY: all deps build install build-nocgo run test bench fuzz fuzz-pipeline clean

all: build

deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing"; \
	  if fuser /var/lib/dpkg/lock-frontend /var/lib/apt/lists/lock >/dev/null 2>&1; then \
	    echo "another apt or dpkg process holds the package lock (an upgrade running?): waiting up to $(APT_LOCK_WAIT) s for it to finish"; fi; \
	  $(SUDO) apt-get -o DPkg::Lock::Timeout=$(APT_LOCK_WAIT) update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get -o DPkg::Lock::Timeout=$(APT_LOCK_WAIT) install -y -qq $$missing >/dev/null; \
	fi

build: deps
	$(GO) build $(BUILDVCS) -o $(BIN) ./cmd/chessmodel

# install puts chessmodel in $(GOBIN), or $(GOPATH)/bin when GOBIN is unset.
install: deps
	$(GO) install $(BUILDVCS) ./cmd/chessmodel
	@dir=$$($(GO) env GOBIN); [ -n "$$dir" ] || dir=$$($(GO) env GOPATH)/bin; echo "installed $$dir/chessmodel"

# build-nocgo builds without C: the exact backend and every command, no lp_solve.
build-nocgo:
	CGO_ENABLED=0 $(GO) build -o $(BIN)-nocgo ./cmd/chessmodel

run: build
	@BIN=$(BIN) sh scripts/showcase.sh

test: deps
	$(GO) vet ./...
	$(GO) test -timeout 14m ./...

# The benchmarks docs/performance.md quotes, as a table;
# TAKAKEN=/path/to/peer adds the side-by-side n-queens runs (scripts/bench.sh).
# BENCH_ONLY=queens: the n-queens counters alone (with TAKAKEN, one table).
bench: build
	CHESSMODEL_BENCH_LONG=1 GO=$(GO) BIN=$(BIN) sh scripts/bench.sh

fuzz:
	$(GO) test ./model -run XXX -fuzz FuzzParse -fuzztime 60s

# The whole pipeline (parse, every backend, checker, comparison); `go test`
# runs its seeds. FUZZTIME=10m for a long run.
FUZZTIME ?= 2m
fuzz-pipeline:
	$(GO) test ./compare -run XXX -fuzz FuzzPipeline -fuzztime $(FUZZTIME)

clean:
	rm -rf bin
