#!/usr/bin/env bash
# Coverage-guided fuzzing of one input kind with libFuzzer under the address sanitizer.
#
#   scripts/fuzz/fuzz.sh TARGET SECONDS [-- LIBFUZZER-OPTIONS…]
#       TARGET: document, svg-path, png or lottie (Sources/InputFuzzing's entries)
#
# Builds the InputFuzzing library and what it uses with -sanitize=fuzzer,address (coverage
# instrumentation and ASan) and -D LAYERKIT_LIBFUZZER (which compiles its libFuzzer entry
# points) in a build folder of its own (.build-fuzz, so `swift build` and `swift test` are
# untouched), links them with libFuzzer's main into .build-fuzz/layerkit-fuzz, then fuzzes
# TARGET for SECONDS starting from the seeds in Fuzz/TARGET. New inputs that reach new code
# are kept in .build-fuzz/corpus/TARGET (the seed folder is only read); a crash, a sanitizer
# report, an input taking over 5 s, an allocation over 1 GiB, a resident size over 1 GiB or a
# refusal that is not one clean line stops the run, and the input is saved under
# .build-fuzz/findings/TARGET/ (reproduce: LAYERKIT_FUZZ_TARGET=TARGET .build-fuzz/layerkit-fuzz
# FILE; once fixed, copy it into Fuzz/TARGET so the seed-replay tests keep it fixed).
# Prints the executions, the coverage and the findings; exits 1 when there are findings.
set -euo pipefail
cd "$(dirname "$0")/../.."
target=${1:?usage: scripts/fuzz/fuzz.sh TARGET SECONDS [-- LIBFUZZER-OPTIONS…]}
seconds=${2:?usage: scripts/fuzz/fuzz.sh TARGET SECONDS [-- LIBFUZZER-OPTIONS…]}
shift 2
[ "${1:-}" = "--" ] && shift
[ -d "Fuzz/$target" ] || { echo "fuzz.sh: no seed folder Fuzz/$target (targets: $(ls Fuzz | grep -v '\.' | tr '\n' ' '))" >&2; exit 2; }

scratch=.build-fuzz
# -O keeps Swift's bounds and overflow checks; the sanitizer adds the heap's.
swift build -c release --target InputFuzzing --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -D -Xswiftc LAYERKIT_LIBFUZZER \
    -Xcc -fsanitize=fuzzer-no-link,address >&2
bin="$scratch/layerkit-fuzz"
objects=$(find "$scratch/release/" -path '*.build/*.o' | sort)
# Linked by swiftc with the same sanitizers: it adds libFuzzer (with its main), the ASan
# runtime and the Swift libraries the objects name.
swiftc -sanitize=fuzzer,address $objects -lSDL2 -lSDL2_image -lSDL2_ttf -o "$bin"

corpus="$scratch/corpus/$target"
findings="$scratch/findings/$target"
mkdir -p "$corpus" "$findings"
dict=()
[ -f "Fuzz/$target.dict" ] && dict=("-dict=Fuzz/$target.dict")
log="$scratch/fuzz-$target.log"
export LAYERKIT_FUZZ_TARGET=$target
# Leaks are not what is checked (Swift's runtime keeps caches alive to the end); the fake stack
# for use-after-return only slows the run.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:detect_stack_use_after_return=0:abort_on_error=1}
export SWIFT_BACKTRACE=enable=no
status=0
"$bin" "$corpus" "Fuzz/$target" "${dict[@]}" -max_total_time="$seconds" -rss_limit_mb=1024 -malloc_limit_mb=1024 \
    -timeout=5 -print_final_stats=1 -artifact_prefix="$findings/" "$@" >"$log" 2>&1 || status=$?

runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
corp=$(echo "$last" | sed -n 's/.* corp: \([0-9]*\/[0-9a-zA-Z]*\).*/\1/p')
found=$(find "$findings" -type f | wc -l)
echo "fuzz $target: ${runs:-?} executions in $seconds s, coverage ${cov:-?} edges (${ft:-?} features), corpus ${corp:-?}, $found finding(s) in $findings (log $log), status $status"
if [ "$found" -gt 0 ] || [ "$status" -ne 0 ]; then
    grep -E 'ERROR|SUMMARY|layerkit-fuzz:|Fatal error|deadly signal|timeout|out-of-memory' "$log" | head -n 20 >&2 || true
    exit 1
fi
