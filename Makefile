# podlife — make targets. See README.md.
GO     ?= go
GINKGO := $(GO) tool ginkgo

.PHONY: help test-sim test build lint-features

help:
	@echo "make test-sim   run the scenario catalogue on the simulator; reports in reports/sim/"
	@echo "make test       the project's tests: vet, gofmt, unit tests and the simulated suite"
	@echo "make build      build bin/podlife"

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
	$(GO) test ./...

build:
	$(GO) build -o bin/podlife ./cmd/podlife

lint-features:
	$(GO) run ./cmd/podlife lint features
