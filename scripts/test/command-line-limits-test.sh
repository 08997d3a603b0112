#!/usr/bin/env bash
# Out-of-range numbers on the command line: each run is refused quickly (under 5 s), with a
# non-zero exit and a first line on stderr that names the option, never a trap converting to
# Int or a run that simulates 1e300 seconds. Builds in debug (LAYERPLAY_CONFIG=release to
# change).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/build-layerplay.sh
out=$(mktemp -d)
echo '{"width":100,"height":100,"layers":[]}' > "$out/doc.json"
printf 'click 0.5:400,300\nclick 1:4OO,300\n' > "$out/script.txt"
lottie=Fuzz/lottie/hand-stars-gradient-stroke.json

# Each case: the words its first line must contain, then the arguments.
cases=(
    "--time|render --demo worm --time 1e300 --out $out/x.png"
    "--scale|render $out/doc.json --scale 1e300 --out $out/x.png"
    "canvas|bench $lottie --frames 2 --size 1e300x5"
    "canvas|render $lottie --size 5x1e300 --out $out/x.png"
    "--frames|bench $out/doc.json --frames 99999999999"
    "--threads|render $out/doc.json --threads 99999999999 --out $out/x.png"
    "too many frames|record $out/doc.json --to 1e300 --out $out/frames"
    "line 2|gallery --duration 1 --script $out/script.txt"
)
for c in "${cases[@]}"; do
    words=${c%%|*}; args=${c#*|}
    status=0
    start=$(date +%s.%N)
    SDL_VIDEODRIVER=offscreen timeout 20 "$bin" $args >/dev/null 2>"$out/err.txt" || status=$?
    elapsed=$(echo "$(date +%s.%N) - $start" | bc)
    first=$(head -n 1 "$out/err.txt")
    fail() { echo "command-line-limits-test: FAIL: layerplay $args: $*" >&2; cat "$out/err.txt" >&2; exit 1; }
    [ "$status" -ne 0 ] || fail "exit status 0, expected a refusal"
    [ "$status" -lt 124 ] || fail "exit status $status (a trap, a signal or the 20 s timeout)"
    grep -qF -- "$words" <<<"$first" || fail "the first line does not name \"$words\""
    awk -v t="$elapsed" 'BEGIN { exit !(t < 5.0) }' || fail "took $elapsed s, expected under 5 s"
done
echo "command-line-limits-test: ${#cases[@]} out-of-range options refused, each in under 5 s"
