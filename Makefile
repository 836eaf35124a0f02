# chessmodel: `make run` installs what is missing, builds, and shows the
# toolkit at work on the seed puzzles; `make test` runs every test.

export PATH := /usr/local/go/bin:$(PATH)
GO      ?= go
BIN     := bin/chessmodel
SUDO    := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
# lp_solve for the in-process ILP backend; the three command-line solvers
# that read the exported LP, MPS and CPLEX-LP files.
APT_PACKAGES := liblpsolve55-dev lp-solve coinor-cbc glpk-utils

.PHONY: all deps build run test bench fuzz clean

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

run: build
	@BIN=$(BIN) sh scripts/showcase.sh

test: deps
	$(GO) vet ./...
	$(GO) test -timeout 14m ./...

# The benchmarks the README's performance section quotes, as a table;
# TAKAKEN=/path/to/peer adds the side-by-side n-queens runs (scripts/bench.sh).
bench: build
	CHESSMODEL_BENCH_LONG=1 GO=$(GO) BIN=$(BIN) sh scripts/bench.sh

fuzz:
	$(GO) test ./model -run XXX -fuzz FuzzParse -fuzztime 60s

clean:
	rm -rf bin
