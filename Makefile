# ListState: the two commands of the README.
#   make serve   build (release) and serve the demo on http://127.0.0.1:8080
#   make test    everything CI runs: swift test, then the browser tests
#   make e2e     the browser tests alone (Tests/e2e, headless Chromium)
#   make bench   the benchmark: writes BENCHMARKS.md (about 3 minutes)
.PHONY: serve test build deps e2e e2e-deps bench

PORT ?= 8080
ARGS ?=
PYTHON ?= python3
E2E_ARGS ?=

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

e2e: deps e2e-deps
	swift build --product liststate
	cd Tests/e2e && $(PYTHON) -m pytest -q -rs $(E2E_ARGS)

bench: deps
	Benchmarks/run.sh
