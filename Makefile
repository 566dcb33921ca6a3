# ListState: the two commands of the README.
#   make serve   build (release) and serve the demo on http://127.0.0.1:8080
#   make test    everything CI runs
#   make bench   the benchmark: writes BENCHMARKS.md (about 3 minutes)
.PHONY: serve test build deps bench

PORT ?= 8080
ARGS ?=

deps:
	@scripts/install-dependencies

build: deps
	swift build -c release --product liststate

serve: build
	.build/release/liststate serve --port $(PORT) $(ARGS)

test: deps
	swift build --build-tests
	swift test --skip-build

bench: deps
	Benchmarks/run.sh
