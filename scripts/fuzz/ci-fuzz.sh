#!/usr/bin/env bash
# CI's fuzzing: every libFuzzer target of scripts/fuzz/fuzz.sh (document, svg-path, png, lottie)
# for a fixed number of executions each, seeded with the corpus in Fuzz/TARGET and with a
# fixed random seed, under the address sanitizer, so a regression that any seed or a nearby
# mutation reaches fails the build. libFuzzer comes with the Swift toolchain
# (usr/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a): no system package.
#
#   scripts/fuzz/ci-fuzz.sh [RUNS]      (default 2000 executions per target, or $LAYERKIT_FUZZ_RUNS)
#
# Each target also stops at 300 s whatever its count (a safety net; the count is the measure).
# Exits 1 when any target finds something (scripts/fuzz/fuzz.sh prints it and keeps the input).
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-${LAYERKIT_FUZZ_RUNS:-2000}}
# scripts/fuzz/fuzz.sh fails on any file in .build-fuzz/findings/TARGET: earlier findings are set
# aside (not deleted) so that this run's verdict is its own.
if [ -d .build-fuzz/findings ] && [ -n "$(find .build-fuzz/findings -type f 2>/dev/null)" ]; then
    mv .build-fuzz/findings ".build-fuzz/findings-before-$(date +%Y%m%d-%H%M%S)"
fi
status=0
start=$(date +%s)
for target in document svg-path png lottie; do
    # 2 GB of resident memory a run, as the Lottie fuzz campaigns allow: the address
    # sanitizer's shadow and quarantine roughly double what a seed at a budget's edge needs
    # (the fill-flattening seed peaks at 1.1 GB under it).
    scripts/fuzz/fuzz.sh "$target" 300 -- -runs="$runs" -seed=33 -rss_limit_mb=2048 || status=1
done
echo "ci-fuzz: $runs executions per target in $(( $(date +%s) - start )) s (build included), status $status"
exit $status
