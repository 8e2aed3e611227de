# hexlab: the two commands a fresh machine needs are `make serve` and `make test`.
# Every target installs what it needs first and is safe to run again.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

# The nightly the threaded wasm build needs (atomics, shared memory, build-std). Native builds
# and the single-threaded wasm build use the stable toolchain.
NIGHTLY := nightly-2026-05-19
# wasm-bindgen-cli must match the wasm-bindgen crate in Cargo.lock exactly.
WASM_BINDGEN_VERSION := $(shell awk '/^name = "wasm-bindgen"$$/ {getline; gsub(/"/, "", $$3); print $$3}' Cargo.lock)
CARGO_BIN := $(HOME)/.cargo/bin
WASM_BINDGEN := $(CARGO_BIN)/wasm-bindgen
PORT ?= 8080

WASM_TARGET := wasm32-unknown-unknown
THREADS_RUSTFLAGS := -C target-feature=+atomics,+bulk-memory \
  -C link-arg=--shared-memory -C link-arg=--max-memory=1073741824 -C link-arg=--import-memory \
  -C link-arg=--export=__wasm_init_tls -C link-arg=--export=__tls_size \
  -C link-arg=--export=__tls_align -C link-arg=--export=__tls_base
WASM_SOURCES := $(shell find core/src wasm/src -name '*.rs') Cargo.toml core/Cargo.toml wasm/Cargo.toml Cargo.lock

.PHONY: help serve test setup setup-rust setup-wasm-bindgen setup-browser setup-npm setup-parallel \
        native test-native wasm check unit e2e bench clean

help:
	@echo "make serve   build everything and serve the board on http://localhost:$(PORT)/"
	@echo "make test    run every test (format, lints, unit, GTP, browser end-to-end)"
	@echo "make bench   benchmarks (native and wasm playouts)"

## Set-up (idempotent) ------------------------------------------------------------------------

setup: setup-rust setup-wasm-bindgen setup-browser setup-npm setup-parallel

setup-rust:
	@rustup component list --installed --toolchain stable | grep -q '^clippy' || rustup component add --toolchain stable clippy rustfmt
	@rustup target list --installed --toolchain stable | grep -q '^$(WASM_TARGET)$$' || rustup target add --toolchain stable $(WASM_TARGET)
	@rustup toolchain list | grep -q '^$(NIGHTLY)' && rustup component list --installed --toolchain $(NIGHTLY) | grep -q '^rust-src' \
	  || rustup toolchain install $(NIGHTLY) --profile minimal --component rust-src

setup-wasm-bindgen:
	@test -n "$(WASM_BINDGEN_VERSION)" || { echo "no wasm-bindgen in Cargo.lock" >&2; exit 1; }
	@if ! $(WASM_BINDGEN) --version 2>/dev/null | grep -qx 'wasm-bindgen $(WASM_BINDGEN_VERSION)'; then \
	  echo "installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION) (a few minutes, once)"; \
	  cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION) --force; \
	fi

setup-browser:
	@command -v chromium >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# GNU parallel, for core/tests/store_parallel.rs: the opening map in shares, as README shows.
setup-parallel:
	@command -v parallel >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq parallel >/dev/null; }

setup-npm: tests/node_modules/.installed

tests/node_modules/.installed: tests/package.json tests/package-lock.json
	cd tests && npm ci --no-audit --no-fund --loglevel=error
	touch $@

## Builds ------------------------------------------------------------------------------------

native: setup-rust
	cargo build --release -p hexlab-core --bin hexlab

# The native command the end-to-end tests compare the page with, built as the release suites
# build it (profile release-tests, the workspace's features), so after `make unit` nothing is
# rebuilt: a separate LTO build of target/release/hexlab took 3.5 min of a cold `make test`.
test-native: setup-rust
	cargo build --profile release-tests --workspace --bins

web/pkg/threads/hexlab_wasm.js: $(WASM_SOURCES) | setup-rust setup-wasm-bindgen
	RUSTFLAGS="$(THREADS_RUSTFLAGS)" cargo +$(NIGHTLY) build --release --target $(WASM_TARGET) \
	  -p hexlab-wasm --features threads -Z build-std=panic_abort,std --target-dir target/wasm-threads
	$(WASM_BINDGEN) --target web --out-dir web/pkg/threads \
	  target/wasm-threads/$(WASM_TARGET)/release/hexlab_wasm.wasm

web/pkg/single/hexlab_wasm.js: $(WASM_SOURCES) | setup-rust setup-wasm-bindgen
	cargo +stable build --release --target $(WASM_TARGET) -p hexlab-wasm --target-dir target/wasm-single
	$(WASM_BINDGEN) --target web --out-dir web/pkg/single \
	  target/wasm-single/$(WASM_TARGET)/release/hexlab_wasm.wasm

wasm: web/pkg/threads/hexlab_wasm.js web/pkg/single/hexlab_wasm.js

## The two commands ----------------------------------------------------------------------------

serve: wasm native
	python3 web/serve.py --port $(PORT)

test: check unit wasm test-native setup-browser setup-npm e2e

check: setup-rust
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings

# Release-optimised (profile release-tests in Cargo.toml: no LTO) for the search-heavy suites;
# then the library's unit tests once more in a debug build, so the debug_assert!s guarding the
# unchecked APIs run somewhere.
unit: setup-rust setup-parallel
	cargo test --workspace --profile release-tests
	cargo test -p hexlab-core --lib

e2e: wasm test-native setup-browser setup-npm
	cd tests && HEXLAB_BIN=../target/release-tests/hexlab node --test --test-concurrency=1 unit/ e2e/

bench: wasm native setup-browser setup-npm
	target/release/hexlab bench playouts --size 11 --threads 1 --json
	target/release/hexlab bench ica
	target/release/hexlab bench vc
	cd tests && node bench/connections.mjs
	cd tests && node bench/inferior.mjs
	cd tests && node bench/playouts.mjs

clean:
	cargo clean
	rm -rf web/pkg tests/node_modules tests/artifacts
