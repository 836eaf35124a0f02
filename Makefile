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
# that read the exported LP, MPS and CPLEX-LP files.
APT_PACKAGES := liblpsolve55-dev lp-solve coinor-cbc glpk-utils chromium

.PHONY: all deps build install build-nocgo run test bench fuzz fuzz-pipeline clean

all: build

deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	$(GO) build -o $(BIN) ./cmd/chessmodel

# install puts chessmodel in $(GOBIN), or $(GOPATH)/bin when GOBIN is unset.
install: deps
	$(GO) install ./cmd/chessmodel
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
