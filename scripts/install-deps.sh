#!/usr/bin/env bash
# The system packages LayerKit needs on Debian or Ubuntu (SDL2 with image and ttf, a font),
# plus what the window test uses (Xvfb, xdotool, xwd, ImageMagick), `layerplay export`'s
# encoders (FFmpeg's libraries with libx264 and libvpx, libwebp, zlib) with ffprobe for its
# test, Duktape's source (duktape-dev: the Lottie importer compiles it for expressions) and
# the desktop database tools install.sh runs. Uses sudo when not root.
set -euo pipefail
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
$sudo apt-get update
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -o DPkg::Lock::Timeout=300 \
    libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev xvfb xdotool x11-apps imagemagick fonts-dejavu-core fonts-urw-base35 \
    libavcodec-dev libavformat-dev libswscale-dev libavutil-dev libwebp-dev zlib1g-dev ffmpeg duktape-dev \
    shared-mime-info desktop-file-utils xdg-utils
