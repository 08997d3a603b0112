#!/usr/bin/env bash
# Random fills and strokes across the edges of their targets (Sources/RasterFuzzing) under the
# address sanitizer, with the accumulator's debug cell-index assertion on. Any out-of-bounds
# access stops the run with the sanitizer's report (or the assertion's) and a non-zero status.
#
#   scripts/fuzz/raster-fuzz.sh [CASES] [SHARDS] [CONFIG]
#       defaults: 1000000 cases in 2 processes, CONFIG release
#
# CONFIG release: optimized (-O: bounds and overflow checks stay) with -assert-config Debug,
# which keeps assert() on; about ten times the speed of CONFIG debug (-Onone), which checks
# the same. The sanitized build has its own build folder (.build-asan) so it never mixes
# with .build.
set -euo pipefail
cd "$(dirname "$0")/../.."
cases=${1:-1000000}
shards=${2:-2}
config=${3:-release}
flags=(-Xswiftc -sanitize=address)
[ "$config" = release ] && flags+=(-Xswiftc -assert-config -Xswiftc Debug)
swift build -c "$config" --product raster-fuzz "${flags[@]}" --scratch-path .build-asan
bin=.build-asan/$config/raster-fuzz
# Heap and global overflows are what is checked; the fake stack for use-after-return only
# slows the run.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_stack_use_after_return=0:abort_on_error=1}
# Swift's own crash backtracer and the sanitizer's report get in each other's way.
export SWIFT_BACKTRACE=enable=no
per=$(( (cases + shards - 1) / shards ))
start=$(date +%s)
pids=()
for s in $(seq 1 "$shards"); do
    "$bin" --cases "$per" --seed "$s" > ".build-asan/raster-fuzz-$s.log" 2>&1 &
    pids+=($!)
done
status=0
for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then
        status=1
        echo "raster-fuzz: shard $((i + 1)) failed:" >&2
        cat ".build-asan/raster-fuzz-$((i + 1)).log" >&2
    fi
done
for s in $(seq 1 "$shards"); do tail -n 1 ".build-asan/raster-fuzz-$s.log"; done
echo "raster-fuzz: $((per * shards)) cases in $(( $(date +%s) - start )) s under AddressSanitizer, status $status"
exit $status
