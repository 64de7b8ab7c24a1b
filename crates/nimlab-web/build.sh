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
# Vite writes the page into a scratch folder, and only the files that differ are copied
# into dist (and those gone removed): the command line embeds dist (`nimlab serve`) and is
# compiled again when a file of it changes, which a page built again unchanged does not.
staging="$(mktemp -d)"
trap 'rm -rf "$staging"' EXIT
npx vite build --logLevel warn --outDir "$staging" --emptyOutDir
mkdir -p dist
(cd "$staging" && find . -type f) | while IFS= read -r f; do
    if ! cmp -s "$staging/$f" "dist/$f"; then
        mkdir -p "dist/$(dirname "$f")"
        cp "$staging/$f" "dist/$f"
    fi
done
(cd dist && find . -type f) | while IFS= read -r f; do
    [ -e "$staging/$f" ] || rm "dist/$f"
done
find dist -mindepth 1 -type d -empty -delete
echo "built $(du -sh dist | cut -f1) in $here/dist"
