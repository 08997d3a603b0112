#!/usr/bin/env bash
# Instructions per frame of `layerplay bench` under callgrind, for comparing two builds on the
# same scenes without timing noise. Each scene runs twice, with FEW and with MANY timed frames;
# (instructions(MANY) − instructions(FEW)) / (MANY − FEW) is the cost of one frame with the
# start-up, document loading and warm-up frames cancelled out.
#
#   scripts/bench/bench-instructions.sh BIN [SCENE.json ...]     (default: ../shared/scenes/*.json)
# prints one line per scene: name, instructions per frame.
set -euo pipefail
bin=${1:?usage: bench-instructions.sh LAYERPLAY [SCENE.json ...]}
shift
scenes=("$@")
if [ ${#scenes[@]} -eq 0 ]; then scenes=("$(dirname "$0")"/../../../shared/scenes/*.json); fi
few=${FEW:-1} many=${MANY:-6}
count() {   # instructions of one run
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" bench "$1" --frames "$2" 2>&1 >/dev/null \
        | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p'
}
for s in "${scenes[@]}"; do
    a=$(count "$s" "$few"); b=$(count "$s" "$many")
    printf '%-20s %12d\n' "$(basename "$s" .json)" $(( (b - a) / (many - few) ))
done
