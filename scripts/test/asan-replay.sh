#!/usr/bin/env bash
# Replays every seed under Fuzz/<target>/ (document, svg-path, png, lottie: the fuzzers' seeds
# and each input that once broke something) through Sources/InputFuzzing's entries under the
# address sanitizer, the C kernels (CRasterSIMD) included: the seed-replay tests run the same
# entries without it, so an over-read that happens not to crash (zlib reading past a stored
# block, issue 34) is caught only here.
#
#   scripts/test/asan-replay.sh
#
# Builds InputFuzzing and what it uses in debug with -sanitize=address (Swift) and
# -fsanitize=address (C) into a scratch folder of its own (.build-asan: `swift build`,
# `swift test` and scripts/fuzz.sh's .build-fuzz are untouched), links a small replay main
# with the same sanitizer, and runs it over the seed folders. Any sanitizer report, crash or
# broken promise fails (exit 1), naming the file. Prints the seeds replayed and the seconds
# the build and the replay took.
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=.build-asan
start=$(date +%s)
swift build --target InputFuzzing --scratch-path "$scratch" \
    -Xswiftc -sanitize=address -Xcc -fsanitize=address >&2
built=$(date +%s)
bin="$scratch/asan-replay"
main="$scratch/asan-replay-main.swift"
cat > "$main" <<'SWIFT'
// Replays each file named on the command line through the fuzz target named before it
// (`TARGET FILE…`, repeated); exits 1 when an input breaks the promise of a one-line refusal.
import Foundation
import InputFuzzing
var target: FuzzTarget?
var replayed = 0, broken = 0
for arg in CommandLine.arguments.dropFirst() {
    if let t = FuzzTarget(rawValue: arg) { target = t; continue }
    guard let target, let data = FileManager.default.contents(atPath: arg) else { continue }
    replayed += 1
    if case .broken(let why) = target.run([UInt8](data)) {
        broken += 1
        FileHandle.standardError.write("asan-replay: \(arg): \(why)\n".data(using: .utf8)!)
    }
}
print("asan-replay: \(replayed) seeds replayed, \(broken) broken")
exit(broken == 0 ? 0 : 1)
SWIFT
objects=$(find "$scratch/debug/" -path '*.build/*.o' | sort)
# The C modules the Swift modules import (CRasterSIMD, CSDL2, ZIPFoundation's CZlib …), as
# SwiftPM named them to the build.
cmodules=()
for m in $(grep -o 'fmodule-map-file=[^"]*' "$scratch/debug/description.json" | sort -u); do cmodules+=(-Xcc "-$m"); done
for f in $(pkg-config --cflags-only-I sdl2); do cmodules+=(-Xcc "$f"); done
swiftc -sanitize=address -g -I "$scratch/debug/Modules" -Xcc -I -Xcc Sources/CRasterSIMD/include "${cmodules[@]}" \
    "$main" $objects -lSDL2 -lSDL2_image -lSDL2_ttf -lz -o "$bin"
args=()
for t in document svg-path png lottie; do
    args+=("$t")
    for f in Fuzz/"$t"/*; do [ -f "$f" ] && args+=("$f"); done
done
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:detect_stack_use_after_return=0:abort_on_error=1}
export SWIFT_BACKTRACE=enable=no
# An unoptimised build's frames with the sanitizer's redzones are many times a release
# build's: the deepest tree the Lottie limits allow (256 levels, which the release build draws
# within 2 MB of stack) needs about 35 MB here, so the replay's main thread gets 256 MB.
ulimit -s 262144
SDL_VIDEODRIVER=dummy "$bin" "${args[@]}"
echo "asan-replay: build $((built - start)) s, link and replay $(( $(date +%s) - built )) s"
