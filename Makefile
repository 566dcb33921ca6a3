# ListState: the two commands of the README are `make serve` and `make test`.
# `make help` (or `make` alone) lists every target with what it does: the
# text after `##` on the target's line (Tests/docs/test_makefile.py checks
# that every target has one).
.DEFAULT_GOAL := help
.PHONY: help serve test test-suites examples docs build deps postgresql-deps e2e e2e-deps data data-deps docs-test upstream-server-test bench reliability-deps reliability-quick reliability screenshots

PORT ?= 8080
ARGS ?=
PYTHON ?= python3
E2E_ARGS ?=
DATA_ARGS ?=
# The build the reliability scenarios run against: release by default; `make
# test` uses the debug binary `make e2e` just built (a clean release build
# costs about 80 s more; the quick scenarios assert correctness, not speed).
RELIABILITY_BUILD ?= release

help:  ## list every target with what it does
	@awk -F ':[^#]*## ' '/^[a-z0-9-]+:.*## / { printf "  make %-18s %s\n", $$1, $$2 }' $(MAKEFILE_LIST)

docs: data-deps  ## the documentation tests alone (Tests/docs: every relative link resolves, make help names every target, every swift block stands in the test that compiles it, Examples/README.md shows the examples as they are)
	cd Tests/docs && $(PYTHON) -m pytest -q -p no:cacheprovider test_links.py test_makefile.py test_swift_blocks.py test_examples.py

deps:  ## install the system packages the build needs (scripts/install-dependencies)
	@scripts/install-dependencies

e2e-deps:  ## install what the browser tests need (Chromium, chromedriver, selenium, htmx 2)
	@PYTHON=$(PYTHON) scripts/install-e2e-dependencies

build: deps  ## build the release binary .build/release/liststate
	swift build -c release --product liststate

serve: build  ## build (release) and serve the demo on http://127.0.0.1:8080 (PORT=, ARGS= for serve's options)
	.build/release/liststate serve --port $(PORT) $(ARGS)

postgresql-deps:  ## install PostgreSQL for the throw-away test clusters
	@scripts/install-postgresql

# Everything runs inside one throw-away PostgreSQL cluster (scripts/with-postgresql),
# stopped and removed when the tests end, passed or failed.
test: deps postgresql-deps  ## everything CI runs: repository paths, swift format lint, the Swift tests, the examples, docs, browser, data and quick reliability tests
	scripts/check-repository-paths
	swift format lint --strict --recursive Sources Tests Plugins Fuzz Examples Package.swift
	$(MAKE) --no-print-directory docs
	swift build --build-tests
	scripts/with-postgresql $(MAKE) --no-print-directory test-suites

test-suites:  ## the suites of make test, inside one throw-away PostgreSQL cluster (make test starts it)
	# The upstream suites time their answers against a local upstream: they run in a process
	# of their own (in the whole run's, the count suites' blocking reads held them past their limits),
	# one test at a time (beside each other on 2 cores, a slow upstream's fetch held others past theirs).
	swift test --skip-build --skip UpstreamStoreTests
	swift test --skip-build --filter UpstreamStoreTests --no-parallel
	$(MAKE) --no-print-directory examples
	$(MAKE) e2e
	$(MAKE) data
	$(MAKE) docs-test
	$(MAKE) upstream-server-test
	$(MAKE) reliability-quick RELIABILITY_BUILD=debug

examples: deps  ## the examples package: build and test Examples/ (it depends on ListState by path)
	cd Examples && swift build --build-tests && swift test --skip-build

e2e: deps e2e-deps postgresql-deps  ## the browser tests alone (Tests/e2e, headless Chromium; E2E_ARGS=... for pytest)
	swift build --product liststate
	cd Tests/e2e && ../../scripts/with-postgresql $(PYTHON) -m pytest -q -rs $(E2E_ARGS)

screenshots: deps e2e-deps  ## the README's pictures, made by the browser tests into docs/images
	swift build --product liststate
	cd Tests/e2e && LISTSTATE_README_IMAGES=$(CURDIR)/docs/images $(PYTHON) -m pytest -q test_screenshots.py

data-deps:  ## install what the own-data tests need (pytest, jsonschema)
	@PYTHON=$(PYTHON) scripts/install-data-test-dependencies

data: deps data-deps postgresql-deps  ## the own-data tests alone (Tests/data: generated databases walked against SQLite and PostgreSQL)
	swift build --product liststate
	cd Tests/data && ../../scripts/with-postgresql $(PYTHON) -m pytest -q -rs $(DATA_ARGS)

docs-test: deps data-deps  ## the tutorial run as written, every command in order (Tests/docs/test_tutorial.py), and docs/upstream.md's worked examples served against the test upstream (Tests/docs/test_upstream_docs.py)
	swift build --product liststate
	cd Tests/docs && $(PYTHON) -m pytest -q -rs -p no:cacheprovider test_tutorial.py test_upstream_docs.py

upstream-server-test: data-deps  ## the test upstream's own check (Tests/upstream/upstream_server.py, the fake JSON API of the upstream list tests: every pagination style walked, every mode once)
	cd Tests/upstream && $(PYTHON) -m pytest -q -p no:cacheprovider

bench: deps  ## the benchmark: writes BENCHMARKS.md (about 15 minutes; 1.6 GB of tables kept in ~/.cache/liststate-bench)
	Benchmarks/run.sh

reliability-deps:  ## install what the reliability scenarios need (html5lib, wrk, nginx; more for the long run)
	@PYTHON=$(PYTHON) scripts/install-reliability-dependencies $(RELIABILITY_DEPS_ARGS)

reliability-quick: deps postgresql-deps  ## drain, hostile input, headers, several instances behind nginx, a hung source of the library's (Tests/reliability; in make test)
	@$(MAKE) --no-print-directory reliability-deps
	swift build -c $(RELIABILITY_BUILD) --product liststate
	swift build -c $(RELIABILITY_BUILD) --product reliability-host
	LISTSTATE_BINARY=$(CURDIR)/.build/$(RELIABILITY_BUILD)/liststate \
		LISTSTATE_RELIABILITY_HOST=$(CURDIR)/.build/$(RELIABILITY_BUILD)/reliability-host \
		PYTHON=$(PYTHON) scripts/with-postgresql Tests/reliability/run quick

reliability: deps postgresql-deps  ## the quick scenarios, a soak (SOAK_SECONDS), slowloris, slow reads, idle connections, faults: RELIABILITY.md
	@$(MAKE) --no-print-directory reliability-deps RELIABILITY_DEPS_ARGS=--long
	swift build -c release --product liststate
	swift build -c release --product reliability-host
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
SANITIZE_THREAD_FILTER ?= ListDecisionTests|MustacheTests|ListStoreTests|MarkupValidationTests

fuzz: deps  ## build the libFuzzer harnesses in Fuzz/ and run each for FUZZ_SECONDS (default 600)
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run $(FUZZ_HARNESSES)

sanitize: sanitize-address sanitize-thread  ## the Swift tests under AddressSanitizer, then ThreadSanitizer

sanitize-address: deps  ## the whole Swift test suite under AddressSanitizer
	ASAN_OPTIONS=detect_leaks=0 nice -n 10 swift test --sanitize=address --scratch-path .build/sanitize-address

sanitize-thread: deps  ## the modules without libmicrohttpd under ThreadSanitizer
	nice -n 10 swift test --sanitize=thread --scratch-path .build/sanitize-thread \
		--filter '$(SANITIZE_THREAD_FILTER)'
