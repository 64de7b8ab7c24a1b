#!/usr/bin/env bash
# Runs every fuzz target for a while, one after the other, and fails on the first crash,
# timeout or out-of-memory.
#
#   fuzz/run.sh [SECONDS_PER_TARGET] [TARGET…]     (default: 60 seconds, every target)
#
# FUZZ_JOBS=N runs N targets at once (default 1), FUZZ_SANITIZER=none builds without
# AddressSanitizer, FUZZ_CODEGEN_UNITS=N builds each crate in N parts at once (cargo-fuzz
# builds it in one by default: the targets run faster, but take longer to build), FUZZ_SEED=N
# seeds the mutations so that runs repeat one another (for
# CI; only inputs stopped at a time limit may take other paths on a slower machine), while
# a random seed, the default, explores further. FUZZ_BUILD_ONLY=1 builds the targets as a run
# would, and stops there (a later run then starts at once). FUZZ_NO_TRACE_COMPARES=1 builds
# without the instrumentation of comparisons (it leads the mutations to the values that
# inputs are compared with): the targets then read their corpora 2.6 times as fast, for
# runs that mostly check them.
#
# Needs the nightly toolchain and cargo-fuzz:
#   rustup toolchain install nightly --profile minimal
#   cargo install cargo-fuzz --locked
#
# The committed corpora in fuzz/corpus/<target> are read but not changed: what a run
# finds goes to a scratch folder ($FUZZ_WORK, by default a new temporary folder), with the
# failing input under $FUZZ_WORK/artifacts/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
case "$seconds" in
'' | *[!0-9]*)
    echo "usage: fuzz/run.sh [SECONDS_PER_TARGET] [TARGET…]" >&2
    exit 2
    ;;
esac

if ! cargo +nightly --version >/dev/null 2>&1; then
    echo "fuzz/run.sh: the nightly toolchain is missing: rustup toolchain install nightly --profile minimal" >&2
    exit 2
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "fuzz/run.sh: cargo-fuzz is missing: cargo install cargo-fuzz --locked" >&2
    exit 2
fi

# The targets are built with AddressSanitizer (cargo-fuzz's default): nimlab forbids unsafe
# code, but without a sanitizer a stack overflow kills the target before libFuzzer can
# save the input; AddressSanitizer reports it with its stack. `FUZZ_SANITIZER=none` builds
# faster and runs about twice as fast, for panics and timeouts only.
build=(--sanitizer "${FUZZ_SANITIZER:-address}" ${FUZZ_CODEGEN_UNITS:+--codegen-units="$FUZZ_CODEGEN_UNITS"}
    ${FUZZ_NO_TRACE_COMPARES:+--no-trace-compares})
work="${FUZZ_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/nimlab-fuzz.XXXXXX")}"
mkdir -p "$work"

if [ "$#" -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo +nightly fuzz list)
fi

start=$(date +%s)
cargo +nightly fuzz build "${build[@]}"
echo "fuzz/run.sh: built ${#targets[@]} targets in $(($(date +%s) - start)) s"
if [ -n "${FUZZ_BUILD_ONLY:-}" ]; then
    exit 0
fi

# Runs one target; its log and verdict go to the scratch folder.
run_one() {
    local target="$1"
    local corpus="$work/corpus/$target"
    local artifacts="$work/artifacts/$target"
    mkdir -p "$corpus" "$artifacts"
    local seeds=()
    if [ -d "fuzz/corpus/$target" ]; then
        seeds=("fuzz/corpus/$target")
    fi
    if cargo +nightly fuzz run "${build[@]}" "$target" "$corpus" "${seeds[@]}" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
        -print_final_stats=1 -artifact_prefix="$artifacts/" ${FUZZ_SEED:+-seed="$FUZZ_SEED"} \
        >"$work/$target.log" 2>&1; then
        echo ok >"$work/$target.verdict"
    else
        echo failed >"$work/$target.verdict"
    fi
}

# FUZZ_JOBS targets run at once (by default 1).
jobs_at_once="${FUZZ_JOBS:-1}"
running=0
for target in "${targets[@]}"; do
    if [ "$running" -ge "$jobs_at_once" ]; then
        wait -n || true
        running=$((running - 1))
    fi
    echo "fuzz/run.sh: $target for $seconds s"
    run_one "$target" &
    running=$((running + 1))
done
wait || true

failed=()
for target in "${targets[@]}"; do
    artifacts="$work/artifacts/$target"
    if [ "$(cat "$work/$target.verdict" 2>/dev/null)" = ok ]; then
        grep -E '^stat::number_of_executed_units' "$work/$target.log" |
            sed "s/^/fuzz\/run.sh: $target: /" || true
    else
        tail -n 60 "$work/$target.log"
        for input in "$artifacts"/*; do
            [ -f "$input" ] || continue
            echo "fuzz/run.sh: $target failed on $input; its bytes in hex:"
            od -A n -t x1 "$input" | head -n 32
        done
        failed+=("$target")
    fi
done

echo "fuzz/run.sh: ${#targets[@]} targets in $(($(date +%s) - start)) s; scratch folder $work"
if [ "${#failed[@]}" -gt 0 ]; then
    echo "fuzz/run.sh: failed: ${failed[*]}" >&2
    exit 1
fi
