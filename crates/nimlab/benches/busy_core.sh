#!/usr/bin/env bash
# Threads never hurt: `nimlab` with its default threads against one thread
# (RAYON_NUM_THREADS=1), without and with a CPU burner beside it.
#
# Usage: crates/nimlab/benches/busy_core.sh [REPEATS] [WORKLOAD ...]
#
# Builds target/release/nimlab, then runs each workload REPEATS times (3 by default) with
# the default threads and with one thread, alternately, first without a burner (column
# `burner`: none) and then with one (burner) (a shell busy loop, `while :; do :; done`, one for every core
# but one) keeping the other cores busy, as another program on a laptop does. Each run
# prints its wall and CPU (user + system) seconds, the 1-minute load average read just
# before it, and the CPU seconds that everything else on the machine (the burner, other
# programs) used during it, from /proc/stat; the summary gives the median wall and CPU
# time of each and the ratio of the default to one thread (above 1: the default is
# slower). A WORKLOAD is the arguments of one `nimlab` command, quoted, e.g.
# 'sequence grundy --to 2^21'.
#
# The machine should be otherwise idle: the load averages and the others' CPU seconds say
# whether it was (a load of 1 is this script's own runs; with the burner, 2 on two cores;
# others' CPU seconds near 0 idle, near the wall time with one burner).
set -euo pipefail

repeats=${1:-3}
shift || true
if [ $# -gt 0 ]; then
    workloads=("$@")
else
    workloads=(
        "sequence grundy --to 2^21"
        "sequence grundy --to 2^22"
        "sequence 0.6 --to 2^20"
        "sequence 0.007 --to 2^18"
        "survey octal --digits 3 --to 10000"
    )
fi

cd "$(dirname "$0")/../../.."
cargo build --release --quiet -p nimlab-cli
bin=target/release/nimlab
cores=$(nproc)

echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $cores cores," \
    "$(uname -sr); $(rustc --version)"
echo "command: $0 $repeats$(printf " '%s'" "${workloads[@]}")"
echo

burners=()
stop_burners() {
    if [ ${#burners[@]} -gt 0 ]; then
        kill "${burners[@]}" 2>/dev/null || true
        wait "${burners[@]}" 2>/dev/null || true
    fi
    burners=()
}
trap stop_burners EXIT

# The CPU seconds the whole machine has been busy (user, nice, system, irq, softirq).
busy_seconds() {
    awk -v hz="$(getconf CLK_TCK)" '/^cpu / { print ($2 + $3 + $4 + $7 + $8) / hz }' /proc/stat
}

# One run: prints "wall cpu load others".
run() {
    local threads=$1 workload=$2 load times before after
    load=$(cut -d ' ' -f 1 /proc/loadavg)
    before=$(busy_seconds)
    local TIMEFORMAT='%R %U %S'
    if [ "$threads" = default ]; then
        times=$( { time env -u RAYON_NUM_THREADS $bin $workload >/dev/null 2>&1; } 2>&1 )
    else
        times=$( { time env RAYON_NUM_THREADS=1 $bin $workload >/dev/null 2>&1; } 2>&1 )
    fi
    after=$(busy_seconds)
    read -r wall user sys <<<"$times"
    awk -v w="$wall" -v u="$user" -v s="$sys" -v l="$load" -v b="$before" -v a="$after" \
        'BEGIN { o = a - b - u - s; if (o < 0) o = 0; print w, u + s, l, o }'
}

results=$(mktemp)
printf '%-6s %-40s %-8s %8s %8s %6s %8s\n' burner workload threads wall cpu load others
for state in none burner; do
    if [ "$state" = burner ]; then
        for _ in $(seq 2 "$cores"); do
            sh -c 'while :; do :; done' &
            burners+=($!)
        done
        sleep 1
    fi
    for workload in "${workloads[@]}"; do
        for _ in $(seq "$repeats"); do
            for threads in default 1; do
                read -r wall cpu load others <<<"$(run "$threads" "$workload")"
                printf '%-6s %-40s %-8s %8.2f %8.2f %6s %8.2f\n' \
                    "$state" "$workload" "$threads" "$wall" "$cpu" "$load" "$others"
                echo "$state|$workload|$threads|$wall|$cpu|$load|$others" >>"$results"
            done
        done
    done
    stop_burners
done

echo
echo "medians: wall seconds, default threads / one thread = ratio; CPU seconds, the same;"
echo "load averages (1 min) before the runs, lowest and highest; others' CPU seconds per run"
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
field() { grep -F "$1|$2|$3|" "$results" | cut -d '|' -f "$4"; }
for state in none burner; do
    for workload in "${workloads[@]}"; do
        dw=$(field "$state" "$workload" default 4 | median)
        ow=$(field "$state" "$workload" 1 4 | median)
        dc=$(field "$state" "$workload" default 5 | median)
        oc=$(field "$state" "$workload" 1 5 | median)
        loads=$(grep -F "$state|$workload|" "$results" | cut -d '|' -f 6 | sort -n)
        others=$(grep -F "$state|$workload|" "$results" | cut -d '|' -f 7 | median)
        printf '%-6s %-40s wall %6.2f / %6.2f = %4.2f  cpu %6.2f / %6.2f = %4.2f  load %s-%s  others %5.2f\n' \
            "$state" "$workload" "$dw" "$ow" "$(awk -v d="$dw" -v o="$ow" 'BEGIN { print d / o }')" \
            "$dc" "$oc" "$(awk -v d="$dc" -v o="$oc" 'BEGIN { print d / o }')" \
            "$(head -n 1 <<<"$loads")" "$(tail -n 1 <<<"$loads")" "$others"
    done
done
rm -f "$results"
