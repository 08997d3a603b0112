# Sourced by the window tests: build layerplay, re-run the calling script inside Xvfb with
# SDL's x11 driver (so a broken X fails loudly), and set up `out`, `log` and `fail`.
# Builds in release (LAYERPLAY_CONFIG=debug reuses `swift test`'s debug build): a debug
# rasterizer may not hold 60 fps on a slow CI machine.
# Usage: name=NAME; source scripts/lib/xvfb-window.sh "$0" "$@"
if [ -z "${LAYERKIT_IN_XVFB:-}" ]; then
    config=${LAYERPLAY_CONFIG:-release}
    swift build -c "$config" --product layerplay
    bin="$(swift build -c "$config" --show-bin-path)/layerplay"
    LAYERKIT_IN_XVFB=1 LAYERPLAY_BIN="$bin" exec xvfb-run -a -s "-screen 0 1024x768x24" "$@"
fi

export SDL_VIDEODRIVER=x11
out=${WINDOW_TEST_OUT:-$(mktemp -d)}
mkdir -p "$out"
fail() { echo "$name: FAIL: $*" >&2; echo "--- log:" >&2; tail -n 20 "$out/log.txt" >&2 || true; exit 1; }

# Sets `win` to the id of layerplay's window once it is mapped (up to 10 s); fails if the
# process ($pid) exits first. Only a mapped window counts: one that exists but is not yet
# shown may still be replaced by SDL when its renderer is made.
wait_for_window() {
    win=""
    for _ in $(seq 100); do
        win=$(xdotool search --onlyvisible --name "LayerKit Gallery" 2>/dev/null | head -n 1 || true)
        [ -n "$win" ] && return 0
        kill -0 "$pid" 2>/dev/null || fail "layerplay exited before its window appeared"
        sleep 0.1
    done
    fail "no window named 'LayerKit Gallery' after 10 s"
}

# Waits for a visible window whose name matches the regular expression $1 (up to 10 s) and
# whose id stays the same for half a second (SDL may replace a window while setting it up);
# sets `win`. Fails if the process ($pid) exits first.
wait_for_named_window() {
    win=""
    local seen="" count=0
    for _ in $(seq 100); do
        win=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | tail -n 1 || true)
        if [ -n "$win" ] && [ "$win" = "$seen" ]; then count=$((count + 1)); else count=0; fi
        seen=$win
        [ -n "$win" ] && [ "$count" -ge 5 ] && return 0
        kill -0 "$pid" 2>/dev/null || fail "layerplay exited before its window appeared"
        sleep 0.1
    done
    fail "no window named '$1' after 10 s"
}
