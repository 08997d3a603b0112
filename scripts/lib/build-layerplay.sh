# Sourced by the command-line tests (from the repository's root): build layerplay and set
# `bin` to it. Builds in debug, which `swift test` has already built (LAYERPLAY_CONFIG=release
# to change); the build's output is shown only when it fails.
# Usage: source scripts/lib/build-layerplay.sh
config=${LAYERPLAY_CONFIG:-debug}
swift build -c "$config" --product layerplay >/dev/null 2>&1 || swift build -c "$config" --product layerplay
bin="$(swift build -c "$config" --show-bin-path)/layerplay"
