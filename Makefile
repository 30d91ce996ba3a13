# podlife — make targets. See README.md.
GO     ?= go
GINKGO := $(GO) tool ginkgo
# CHROMIUM is the headless browser the page test drives: Debian's package.
CHROMIUM ?= chromium

.PHONY: help language golden test-sim test fuzz bench bench-kwok test-browser chromium test-live test-live-mutants test-live-versions kind-node-image build install lint-features

# The Kubernetes release `make kind-node-image` builds a node image for.
KIND_K8S_VERSION ?= 1.36.3

help:
	@echo "make test-sim   run the scenario catalogue on the simulator; reports in reports/sim/"
	@echo "make test       the project's tests: vet, gofmt, unit tests and the simulated suite, then make fuzz"
	@echo "make fuzz       each fuzzer for FUZZTIME (5s); a crasher (a panic, a hang past 10 s) fails it and is kept in testdata/fuzz; a failure without one runs again"
	@echo "make bench      the simulator's benchmarks (GOMAXPROCS=2); results in reports/bench/bench.txt"
	@echo "make bench-kwok the same pods through KWOK and the simulator, and the ratio (not in CI); reports/bench/kwok.txt"
	@echo "make test-browser  render the report page in headless Chromium and check its DOM (installs Debian's chromium if missing)"
	@echo "make test-live  the catalogue on a real kubelet: a kind cluster created and deleted for the run"
	@echo "                (KUBECONFIG=... make test-live: on that cluster instead; see README, Live runs)"
	@echo "make test-live-mutants  the proof that live checks can fail: termination scenarios with each timed expectation shifted 1 s"
	@echo "make test-live-versions the older kubelet profiles' scenarios on clusters of their releases (LIVE_VERSIONS)"
	@echo "make kind-node-image  build a kind node image offline (KIND_K8S_VERSION=$(KIND_K8S_VERSION))"
	@echo "make build      build bin/podlife"
	@echo "make install    go install ./cmd/podlife: podlife in GOBIN (default \$$(go env GOPATH)/bin), stamped with its git revision"
	@echo "make language   regenerate docs/language.md, the language reference, from the step registry"
	@echo "make golden     rewrite the golden timelines (cmd/podlife/testdata/timelines/) from the simulator; review the diff"

## test-sim: the whole catalogue on the simulator, scenarios in parallel on
## every core; the summary (failures explained, skips with their reasons)
## and the count line come last.
test-sim:
	@rm -f reports/sim/summary.txt
	@$(GINKGO) -p --silence-skips --no-color ./suites/simulated; rc=$$?; \
	  if [ -f reports/sim/summary.txt ]; then cat reports/sim/summary.txt; \
	  else echo "no results: the suite did not get to run its scenarios"; rc=1; fi; \
	  exit $$rc

## test: what CI runs. Never starts the live suite, whatever KUBECONFIG says.
test:
	@fmt=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$fmt" ]; then echo "gofmt would change: $$fmt"; exit 1; fi
	$(GO) vet ./...
	PODLIFE_CHROMIUM="$$(command -v $(CHROMIUM) || echo none)" $(GO) test -timeout 30m ./...
	@if command -v $(CHROMIUM) >/dev/null 2>&1; then \
	  echo "browser test (TestIndexInChromium): ran with $$(command -v $(CHROMIUM))"; \
	else \
	  echo "browser test (TestIndexInChromium): SKIPPED, $(CHROMIUM) is not installed; 'make test-browser' installs it and runs it"; \
	fi
	@$(MAKE) --no-print-directory fuzz

## fuzz: every fuzzer for a bounded time (FUZZTIME each), one at a time.
## Each input runs under a deadline (internal/deadline): an input that
## hangs fails the fuzzer, as a panic does, and go test keeps it under
## the package's testdata/fuzz/<Fuzzer>/, where it stays as a seed. A run
## that fails without keeping an input (Go 1.26's fuzzing deadline race,
## golang/go#75804) is run once more (hack/fuzz.sh).
FUZZTIME ?= 5s
FUZZERS  := steps:FuzzArguments pkg/manifest:FuzzDecodePod pkg/runner:FuzzLoadFeature cmd/podlife:FuzzCLI
fuzz:
	@GO=$(GO) hack/fuzz.sh $(FUZZTIME) $(FUZZERS)

## bench: the simulator's benchmarks with two cores, as issue 7 measures
## them: lifecycle throughput, the timer queue, the pressure storm and
## scale (pkg/sim), then the catalogue (suites/simulated); each in its own
## process, since one that builds a 100,000-pod cluster leaves the runtime
## returning gigabytes to the system while the next would run. The output,
## with the machine it ran on, goes to reports/bench/bench.txt as well.
## BENCHES selects some: make bench BENCHES=Scale.
BENCHES ?= LifecycleThroughput LifecyclePerCPU TimerQueue Pressure Scale Catalogue
bench:
	@mkdir -p reports/bench
	@{ echo "machine: nproc $$(nproc), $$(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1), $$($(GO) version)"; \
	  for b in $(BENCHES); do \
	    case $$b in Catalogue) pkg=./suites/simulated; t=5x;; LifecycleThroughput) pkg=./pkg/sim; t=3s;; LifecyclePerCPU) pkg=./pkg/sim; t=1x;; *) pkg=./pkg/sim; t=1s;; esac; \
	    GOMAXPROCS=2 $(GO) test -run '^$$' -bench "^Benchmark$$b" -benchmem -benchtime $$t -timeout 60m $$pkg 2>&1; \
	  done; } | tee reports/bench/bench.txt
	@! grep -q '^\(--- \)\?FAIL' reports/bench/bench.txt

## bench-kwok: the same pods through KWOK's control plane (kwokctl, binary
## runtime) and through the simulator, and the ratio of their costs
## (hack/bench-kwok.sh; not in CI). Output in reports/bench/kwok.txt.
bench-kwok:
	hack/bench-kwok.sh

## test-live: the catalogue (but @sim scenarios) on a real kubelet, in
## parallel, each scenario in its own namespace; the summary, the
## differential report's line and the count line come last. See
## hack/test-live.sh for the variables.
test-live:
	@KIND_K8S_VERSION=$(KIND_K8S_VERSION) hack/test-live.sh

## test-live-mutants: the proof that live verdicts can fail. Copies of
## the termination scenarios below, each with one timed expectation
## shifted by 1 s (each way), run on a real kubelet; it passes only if
## every copy fails at its shifted step, and lists them.
MUTANTS ?= features/termination/grace.feature:10 features/termination/grace.feature:73 \
  features/termination/prestop.feature:8 features/termination/prestop.feature:27 features/termination/prestop.feature:49 \
  features/termination/delete.feature:47 features/termination/delete.feature:59 \
  features/termination/sidecars.feature:80 features/termination/sidecars.feature:165 \
  features/init/init.feature:20 features/restarts/restarts.feature:38 features/termination/sidecars.feature:198 \
  features/sidecars/sidecars.feature:115 features/restarts/oom.feature:10
test-live-mutants:
	@PODLIFE_MUTANTS="$(MUTANTS)" KIND_K8S_VERSION=$(KIND_K8S_VERSION) hack/test-live.sh

## test-live-versions: the scenarios of the older kubelet profiles
## (@kubelet:1.N, @control-plane:1.N) on a kind cluster of each release of
## LIVE_VERSIONS in turn, retries off; reports in reports/live-1.N/. Not
## in CI: each release's node image takes about 13 minutes to build on 2
## cores (cached after). make test-live covers 1.33-1.35 kubelets with
## skewed nodes under its 1.36 control plane.
LIVE_VERSIONS ?= 1.27.4 1.28.15 1.30.14 1.32.9 1.33.13 1.34.4
test-live-versions:
	@hack/test-live-versions.sh $(LIVE_VERSIONS)

## kind-node-image: a kind node image for KIND_K8S_VERSION, built offline
## from the Go module proxy and Debian's packages, cached.
kind-node-image:
	@hack/kind-node-image.sh $(KIND_K8S_VERSION)

## build, install: -buildvcs=auto, whatever GOFLAGS says, so that
## `podlife version` names the revision the binary was built from (the go
## command stamps it only in a clone, not in a git worktree).
build:
	$(GO) build -buildvcs=auto -o bin/podlife ./cmd/podlife

install:
	$(GO) install -buildvcs=auto ./cmd/podlife

## language: docs/language.md from the step registry and
## pkg/language/reference.md.tmpl (pkg/language TestDocIsGenerated checks it).
language:
	$(GO) run ./cmd/podlife steps --markdown > docs/language.md.new && mv docs/language.md.new docs/language.md

## golden: every catalogue scenario's `podlife timeline --all FILE:LINE`
## on the simulator, one file per scenario (per example row), rewritten in
## cmd/podlife/testdata/timelines/ (stale ones removed). They record what
## the simulator does today, so that a change shows in review; make test
## (TestGoldenTimelines) fails with the diff when one differs.
golden:
	$(GO) test -count=1 -run '^TestGoldenTimelines$$' ./cmd/podlife -update

lint-features:
	$(GO) run ./cmd/podlife lint features

## chromium: Debian's chromium package, installed when missing (root, or sudo).
chromium:
	@command -v $(CHROMIUM) >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium package"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }

## test-browser: the report page rendered by a real browser; the test reads
## the DOM Chromium built and checks every scenario row and a failure mark.
test-browser: chromium
	PODLIFE_CHROMIUM=$$(command -v $(CHROMIUM)) $(GO) test -count=1 -run 'TestIndexInChromium' -v ./pkg/report
