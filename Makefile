# ListState: the two commands of the README.
#   make serve   build (release) and serve the demo on http://127.0.0.1:8080
#   make test    everything CI runs: swift test, then the browser tests
#   make e2e     the browser tests alone (Tests/e2e, headless Chromium)
#   make bench   the benchmark: writes BENCHMARKS.md (about 3 minutes)
#   make reliability-quick  drain, hostile input, headers (Tests/reliability; in make test)
#   make reliability        the quick ones, a soak (SOAK_SECONDS, default 300), slowloris
#                           and slow-read probes, idle connections, data-source faults
#                           (faults.py: as root); figures for RELIABILITY.md
.PHONY: serve test build deps e2e e2e-deps bench reliability-deps reliability-quick reliability

PORT ?= 8080
ARGS ?=
PYTHON ?= python3
E2E_ARGS ?=
# The build the reliability scenarios run against: release by default; `make
# test` uses the debug binary `make e2e` just built (a clean release build
# costs about 80 s more; the quick scenarios assert correctness, not speed).
RELIABILITY_BUILD ?= release

deps:
	@scripts/install-dependencies

e2e-deps:
	@PYTHON=$(PYTHON) scripts/install-e2e-dependencies

build: deps
	swift build -c release --product liststate

serve: build
	.build/release/liststate serve --port $(PORT) $(ARGS)

test: deps
	swift build --build-tests
	swift test --skip-build
	$(MAKE) e2e
	$(MAKE) reliability-quick RELIABILITY_BUILD=debug

e2e: deps e2e-deps
	swift build --product liststate
	cd Tests/e2e && $(PYTHON) -m pytest -q -rs $(E2E_ARGS)

bench: deps
	Benchmarks/run.sh

reliability-deps:
	@PYTHON=$(PYTHON) scripts/install-reliability-dependencies $(RELIABILITY_DEPS_ARGS)

reliability-quick: deps
	@$(MAKE) --no-print-directory reliability-deps
	swift build -c $(RELIABILITY_BUILD) --product liststate
	LISTSTATE_BINARY=$(CURDIR)/.build/$(RELIABILITY_BUILD)/liststate PYTHON=$(PYTHON) Tests/reliability/run quick

reliability: deps
	@$(MAKE) --no-print-directory reliability-deps RELIABILITY_DEPS_ARGS=--long
	swift build -c release --product liststate
	PYTHON=$(PYTHON) Tests/reliability/run long
