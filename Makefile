# ListState: the two commands of the README.
#   make serve   build (release) and serve the demo on http://127.0.0.1:8080
#   make test    everything CI runs: no path outside the repository, swift format lint
#                (.swift-format), swift test, then the browser tests, all with a throw-away
#                PostgreSQL cluster (scripts/with-postgresql)
#   make e2e     the browser tests alone (Tests/e2e, headless Chromium)
#   make docs-test  the tutorial's commands, run in order as a reader would (Tests/docs)
#   make data    the own-data tests alone (Tests/data: every list of a generated database
#                walked in every order against SQLite, and from PostgreSQL against SQLite;
#                JSON Schema; markup checks)
#   make bench   the benchmark: writes BENCHMARKS.md (about 15 minutes; the scaling tables, 1.6 GB, are made once in ~/.cache/liststate-bench)
#   make screenshots  the README's pictures, made by the browser tests into docs/images
#   make reliability-quick  drain, hostile input, headers, several instances over PostgreSQL
#                           behind nginx (Tests/reliability; in make test)
#   make reliability        the quick ones, a soak (SOAK_SECONDS, default 300), slowloris
#                           and slow-read probes, idle connections, data-source faults
#                           (faults.py: as root); figures for RELIABILITY.md
.PHONY: serve test test-suites build deps postgresql-deps e2e e2e-deps data data-deps docs-test bench reliability-deps reliability-quick reliability screenshots

PORT ?= 8080
ARGS ?=
PYTHON ?= python3
E2E_ARGS ?=
DATA_ARGS ?=
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

postgresql-deps:
	@scripts/install-postgresql

# Everything runs inside one throw-away PostgreSQL cluster (scripts/with-postgresql),
# stopped and removed when the tests end, passed or failed.
test: deps postgresql-deps
	scripts/check-repository-paths
	swift format lint --strict --recursive Sources Tests Plugins Fuzz Package.swift
	swift build --build-tests
	scripts/with-postgresql $(MAKE) --no-print-directory test-suites

test-suites:
	swift test --skip-build
	$(MAKE) e2e
	$(MAKE) data
	$(MAKE) docs-test
	$(MAKE) reliability-quick RELIABILITY_BUILD=debug

e2e: deps e2e-deps postgresql-deps
	swift build --product liststate
	cd Tests/e2e && ../../scripts/with-postgresql $(PYTHON) -m pytest -q -rs $(E2E_ARGS)

screenshots: deps e2e-deps
	swift build --product liststate
	cd Tests/e2e && LISTSTATE_README_IMAGES=$(CURDIR)/docs/images $(PYTHON) -m pytest -q test_screenshots.py

data-deps:
	@PYTHON=$(PYTHON) scripts/install-data-test-dependencies

data: deps data-deps postgresql-deps
	swift build --product liststate
	cd Tests/data && ../../scripts/with-postgresql $(PYTHON) -m pytest -q -rs $(DATA_ARGS)

docs-test: deps data-deps
	swift build --product liststate
	cd Tests/docs && $(PYTHON) -m pytest -q -rs

bench: deps
	Benchmarks/run.sh

reliability-deps:
	@PYTHON=$(PYTHON) scripts/install-reliability-dependencies $(RELIABILITY_DEPS_ARGS)

reliability-quick: deps postgresql-deps
	@$(MAKE) --no-print-directory reliability-deps
	swift build -c $(RELIABILITY_BUILD) --product liststate
	LISTSTATE_BINARY=$(CURDIR)/.build/$(RELIABILITY_BUILD)/liststate PYTHON=$(PYTHON) scripts/with-postgresql Tests/reliability/run quick

reliability: deps postgresql-deps
	@$(MAKE) --no-print-directory reliability-deps RELIABILITY_DEPS_ARGS=--long
	swift build -c release --product liststate
	PYTHON=$(PYTHON) scripts/with-postgresql Tests/reliability/run long

# MARK: Fuzzing and sanitizers (issue 9, section 6; not in CI; RELIABILITY.md,
# "Fuzzing and sanitizers").
#   make fuzz       build the libFuzzer harnesses in Fuzz/ (-sanitize=fuzzer,address)
#                   and run each for FUZZ_SECONDS (default 600), one after another;
#                   `make fuzz FUZZ_HARNESSES="cursor template"` runs only those
#   make sanitize   the whole test suite under AddressSanitizer, then the modules
#                   without libmicrohttpd under ThreadSanitizer
# Each sanitizer build has its own scratch path, so the normal .build/debug is kept.
# LeakSanitizer is off: Swift keeps enum case tags in a pointer's spare bits, so
# objects reachable only through such pointers are reported as leaked.
.PHONY: fuzz sanitize sanitize-address sanitize-thread
FUZZ_SECONDS ?= 600
FUZZ_HARNESSES ?=
SANITIZE_THREAD_FILTER ?= ListStateTests|MustacheTests|ListStoreTests|MarkupValidationTests

fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run $(FUZZ_HARNESSES)

sanitize: sanitize-address sanitize-thread

sanitize-address: deps
	ASAN_OPTIONS=detect_leaks=0 nice -n 10 swift test --sanitize=address --scratch-path .build/sanitize-address

sanitize-thread: deps
	nice -n 10 swift test --sanitize=thread --scratch-path .build/sanitize-thread \
		--filter '$(SANITIZE_THREAD_FILTER)'
