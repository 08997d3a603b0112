#!/usr/bin/env bash
# Puts layerplay on the desktop: the release binary, a .desktop entry (Open with… for Lottie
# files and dotLottie archives), their MIME types, an icon drawn by our own renderer from
# Assets/layerplay-icon.json, and a freedesktop thumbnailer so file managers show previews.
#   scripts/install.sh [--prefix DIR] [--binary PATH]     (default prefix ~/.local)
#   scripts/install.sh [--prefix DIR] --uninstall
# MIME types (shared-mime-info format): video/lottie+json, as registered with IANA for Lottie
# JSON, told apart from other JSON by its content ("fr" then "layers" near the start, or
# "layers" first then a layer's "ks" transform, in a file that starts with "{", after a
# byte-order mark at most — a ZIP's header never does, while a wider window let a .lottie
# archive whose DOS time byte reads '{' (written 15:24–15:31) pass for Lottie JSON; a
# subclass of application/json, so the content wins over the *.json glob), and
# application/zip+dotlottie for ZIP archives named *.lottie (the dotLottie format).
# The thumbnailer entry follows the Thumbnail Managing Standard's .thumbnailer files: Exec
# with %i (input path), %o (output PNG) and %s (size). update-mime-database and
# update-desktop-database run when they are installed.
set -euo pipefail
cd "$(dirname "$0")/.."
prefix="${HOME}/.local" binary="" uninstall=0
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=${2:?--prefix needs a folder}; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --binary) binary=${2:?--binary needs a path}; shift 2 ;;
    --uninstall) uninstall=1; shift ;;
    -h|--help) sed -n 2,13p "$0"; exit 0 ;;
    *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
bin="$prefix/bin/layerplay"
desktop="$prefix/share/applications/layerplay.desktop"
mime="$prefix/share/mime/packages/layerplay.xml"
thumbnailer="$prefix/share/thumbnailers/layerplay.thumbnailer"
sizes=(48 64 128 256)

refresh() {
  if command -v update-mime-database >/dev/null && [ -d "$prefix/share/mime/packages" ]; then
    update-mime-database "$prefix/share/mime"
  fi
  if command -v update-desktop-database >/dev/null && [ -d "$prefix/share/applications" ]; then
    update-desktop-database "$prefix/share/applications"
  fi
}

if [ "$uninstall" = 1 ]; then
  rm -f "$bin" "$desktop" "$mime" "$thumbnailer"
  for s in "${sizes[@]}"; do rm -f "$prefix/share/icons/hicolor/${s}x${s}/apps/layerplay.png"; done
  refresh
  echo "layerplay removed from $prefix"
  exit 0
fi

if [ -z "$binary" ]; then
  swift build -c release --product layerplay
  binary="$(swift build -c release --show-bin-path)/layerplay"
fi
[ -x "$binary" ] || { echo "install.sh: $binary: not an executable" >&2; exit 1; }

mkdir -p "$prefix/bin" "$(dirname "$desktop")" "$(dirname "$mime")" "$(dirname "$thumbnailer")"
install -m 755 "$binary" "$bin.new" && mv -f "$bin.new" "$bin"

# The icon, drawn by the installed binary at each size (the document is 256 points).
for s in "${sizes[@]}"; do
  dir="$prefix/share/icons/hicolor/${s}x${s}/apps"
  mkdir -p "$dir"
  "$bin" render Assets/layerplay-icon.json --time 0 --scale "$(awk "BEGIN { print $s / 256 }")" --out "$dir/layerplay.png"
done

cat > "$desktop" <<EOF
[Desktop Entry]
Type=Application
Name=LayerPlay
GenericName=Animation Player
Comment=Play Lottie animations and Core Animation documents
Exec=$bin play %f
TryExec=$bin
Icon=layerplay
Terminal=false
Categories=AudioVideo;Video;Player;
MimeType=video/lottie+json;application/zip+dotlottie;
EOF

cat > "$mime" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="video/lottie+json">
    <comment>Lottie animation</comment>
    <sub-class-of type="application/json"/>
    <generic-icon name="video-x-generic"/>
    <magic priority="80">
      <match type="string" value="{" offset="0:3">
        <match type="string" value="&quot;fr&quot;" offset="0:4096">
          <match type="string" value="&quot;layers&quot;" offset="0:16384"/>
        </match>
        <match type="string" value="&quot;layers&quot;" offset="0:256">
          <match type="string" value="&quot;ks&quot;" offset="0:16384"/>
        </match>
      </match>
    </magic>
  </mime-type>
  <mime-type type="application/zip+dotlottie">
    <comment>dotLottie animation</comment>
    <sub-class-of type="application/zip"/>
    <generic-icon name="video-x-generic"/>
    <glob pattern="*.lottie" weight="60"/>
  </mime-type>
</mime-info>
EOF

cat > "$thumbnailer" <<EOF
[Thumbnailer Entry]
TryExec=$bin
Exec=$bin thumbnail %i %o --size %s
MimeType=video/lottie+json;application/zip+dotlottie;
EOF

refresh
echo "layerplay installed in $prefix (bin, share/applications, share/mime, share/icons/hicolor, share/thumbnailers)"
