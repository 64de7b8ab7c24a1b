#!/usr/bin/env bash
# Builds the page into crates/nimlab-web/dist: the engine for WebAssembly, its bindings
# (wasm-bindgen, at the crate's exact version), then the page (Vite).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
cargo build -p nimlab-web --target wasm32-unknown-unknown --release
wasm-bindgen --target web --out-dir "$here/pkg" \
    "$root/target/wasm32-unknown-unknown/release/nimlab_web.wasm"
cd "$here"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
fi
npx tsc -p tsconfig.json
npx vite build --logLevel warn
echo "built $(du -sh dist | cut -f1) in $here/dist"
