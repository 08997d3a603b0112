# What the two Lottie score scripts share (sourced): score_corpus NAME CORPUS FLOOR [ARGS…]
# runs CORPUS/compare.py (../shared/… next to the repository) over the release layerplay with
# --min FLOOR and ARGS; without the corpus, or without numpy and pillow for compare.py, it says
# so and succeeds (the repository ships no third-party animations). LAYERPLAY names another
# binary (then nothing is built).
score_corpus() {
    local name=$1 corpus=$2 floor=$3
    shift 3
    if [ ! -f "$corpus/compare.py" ]; then
        echo "$name: no corpus at $corpus; skipped"
        return 0
    fi
    if ! python3 -c 'import numpy, PIL' 2>/dev/null; then
        echo "$name: compare.py needs numpy and pillow (python3 -m pip install numpy pillow); skipped"
        return 0
    fi
    local bin=${LAYERPLAY:-.build/release/layerplay}
    [ -n "${LAYERPLAY:-}" ] || swift build -c release --product layerplay
    python3 "$corpus/compare.py" "$bin" --min "$floor" "$@"
}
