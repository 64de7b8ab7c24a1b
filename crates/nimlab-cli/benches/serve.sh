#!/bin/sh
# Measures `nimlab serve` with wrk: small /api/analyze and /api/value requests and the
# page's index.html, each for DURATION seconds on CONNECTIONS connections, with the CPU
# time of the server and of wrk and the load of everything else on the machine.
#
#   cargo build --release -p nimlab-cli
#   crates/nimlab-cli/benches/serve.sh [CONNECTIONS [DURATION [PATH...]]]
#
# (32 connections, 20 s, and the three paths by default.)
set -eu
here=$(dirname "$0")
connections=${1:-32}
duration=${2:-20}
shift $(($# < 2 ? $# : 2))
paths=${*:-/api/analyze /api/value /}
nimlab=${NIMLAB:-target/release/nimlab}
out=$(mktemp)
"$nimlab" serve --port 0 >"$out" 2>/dev/null &
server=$!
trap 'kill $server 2>/dev/null; rm -f "$out" "$out.wrk" "$out.before" "$out.after"' EXIT
while ! grep -q serving "$out"; do sleep 0.1; done
base=$(sed -n 's/^nimlab: serving //p' "$out")
tick=$(getconf CLK_TCK)
cores=$(nproc)
# utime + stime of a process, in ticks.
cpu_of() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# Every process's pid, name, utime + stime and start (in ticks since boot).
processes() {
    for f in /proc/[0-9]*/stat; do cat "$f" 2>/dev/null; done |
        sed 's/^\([0-9]*\) (\(.*\)) /\1 \2 /' | awk '{gsub(/ /, "_", $2); print $1, $2, $(NF-38) + $(NF-37), $(NF-30)}'
}
# Ticks of the whole machine: in processes (user, nice, system), in interrupts (where
# the kernel carries loopback traffic), stolen by the hypervisor, and in all.
machine() { awk '/^cpu /{print $2 + $3 + $4, $7 + $8, $9, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9}' /proc/stat; }
echo "machine: $cores cores, $(uname -sr), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "wrk: $(wrk -v 2>&1 | head -1)"
for path in $paths; do
    echo
    echo "== $path: wrk -t2 -c$connections -d${duration}s, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    s0=$(cpu_of $server)
    processes >"$out.before"
    since=$(awk -v tick="$tick" '{printf "%d", $1 * tick}' /proc/uptime)
    set -- $(machine)
    p0=$1 i0=$2 st0=$3 t0=$4
    wrk -t2 -c"$connections" -d"${duration}s" --latency -s "$here/serve.lua" "$base$path" >"$out.wrk" &
    client=$!
    w=0
    # wrk's own CPU time, read just before it ends.
    while kill -0 $client 2>/dev/null; do
        w=$(cpu_of $client 2>/dev/null || echo "$w")
        sleep 0.2
    done
    wait $client || true
    s1=$(cpu_of $server)
    set -- $(machine)
    p1=$1 i1=$2 st1=$3 t1=$4
    processes >"$out.after"
    grep -E "^(latency|[0-9]+ requests in .*/s;)" "$out.wrk"
    awk -v s=$((s1 - s0)) -v w="$w" -v p=$((p1 - p0)) -v i=$((i1 - i0)) -v st=$((st1 - st0)) \
        -v t=$((t1 - t0)) -v tick="$tick" -v cores="$cores" 'BEGIN {
        printf "CPU seconds over %.1f s of %d cores: server %.1f, wrk %.1f, everything else %.1f (interrupts %.1f of the machine in all), stolen %.1f, idle %.1f\n",
            t / cores / tick, cores, s / tick, w / tick, (p + i - s - w) / tick, i / tick,
            st / tick, (t - p - i - st) / tick
    }'
    # The other processes that took the most CPU meanwhile (those that ended meanwhile
    # are not seen).
    awk -v tick="$tick" -v server=$server -v client=$client -v since="$since" '
        NR == FNR { before[$1] = $3; next }
        !($1 in before) && $4 >= since { before[$1] = 0 }
        ($1 in before) && $1 != server && $1 != client && $3 - before[$1] >= 5 { printf "%s %d %.1f\n", $2, $1, ($3 - before[$1]) / tick }
    ' "$out.before" "$out.after" | sort -k3 -nr | head -4 |
        awk 'BEGIN { printf "busiest other processes still running (name pid CPU s):" } { printf " %s %s %s;", $1, $2, $3 } END { print "" }'
done
rm -f "$out.wrk" "$out.before" "$out.after"
