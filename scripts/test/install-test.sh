#!/usr/bin/env bash
# scripts/install.sh into a temporary prefix, then what a desktop does with it: the files in
# PREFIX/bin, share/applications, share/mime/packages, share/icons/hicolor and
# share/thumbnailers; the MIME database built (update-mime-database) names a Lottie file
# video/lottie+json and a .lottie archive application/zip+dotlottie, layerplay the default
# application (xdg-mime, when it and its MIME-database reader are installed); the
# thumbnailer entry's Exec line, with %i %o %s filled in as a file manager does, writes a
# PNG of the animation of that size that is not empty; then --uninstall removes every file.
# Builds in debug (LAYERPLAY_CONFIG=release to change).
set -euo pipefail
cd "$(dirname "$0")/../.."
config=${LAYERPLAY_CONFIG:-debug}
swift build -c "$config" --product layerplay >/dev/null 2>&1 || swift build -c "$config" --product layerplay
bin="$(swift build -c "$config" --show-bin-path)/layerplay"
prefix=$(mktemp -d) work=$(mktemp -d)
trap 'rm -rf "$prefix" "$work"' EXIT
fail() { echo "install-test: FAIL: $*" >&2; exit 1; }
lottie=../shared/lottie/samples/TwitterHeart.json
[ -f "$lottie" ] || lottie=Fuzz/lottie/$(ls Fuzz/lottie | grep '\.json$' | head -n 1)

scripts/install.sh --prefix "$prefix" --binary "$bin" >/dev/null 2>"$work/install.err" || { cat "$work/install.err" >&2; fail "install.sh exited non-zero"; }
for f in bin/layerplay share/applications/layerplay.desktop share/mime/packages/layerplay.xml \
         share/thumbnailers/layerplay.thumbnailer share/icons/hicolor/256x256/apps/layerplay.png \
         share/icons/hicolor/48x48/apps/layerplay.png; do
  [ -s "$prefix/$f" ] || fail "$f not installed"
done
python3 - "$prefix/share/icons/hicolor" <<'PY' || fail "icon sizes"
import sys
from PIL import Image
for s in (48, 64, 128, 256):
    im = Image.open(f"{sys.argv[1]}/{s}x{s}/apps/layerplay.png")
    assert im.size == (s, s), (s, im.size)
    assert im.convert("RGBA").getextrema()[3][1] == 255, "icon is empty"
PY
grep -q "^MimeType=video/lottie+json;application/zip+dotlottie;" "$prefix/share/applications/layerplay.desktop" || fail ".desktop MimeType"
if command -v desktop-file-validate >/dev/null; then desktop-file-validate "$prefix/share/applications/layerplay.desktop" || fail ".desktop invalid"; fi
if command -v update-mime-database >/dev/null; then
  [ -f "$prefix/share/mime/video/lottie+json.xml" ] || fail "update-mime-database did not register video/lottie+json"
  grep -q "lottie" "$prefix/share/mime/globs2" || fail "no *.lottie glob in the MIME database"
  # xdg-mime reads the database through File::MimeInfo (`mimetype`) outside a desktop session.
  if command -v xdg-mime >/dev/null && command -v mimetype >/dev/null; then
    export XDG_DATA_HOME="$prefix/share" XDG_DATA_DIRS="$prefix/share:/usr/share"
    cp "$lottie" "$work/anim.json"
    got=$(xdg-mime query filetype "$work/anim.json")
    [ "$got" = "video/lottie+json" ] || fail "a Lottie file's MIME type is $got"
    got=$(xdg-mime query filetype scripts/test/export-sample.json)
    [ "$got" = "application/json" ] || fail "a layer document's MIME type is $got, not application/json"
    python3 -c "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1], 'w'); z.writestr('manifest.json', '{\"animations\": [{\"id\": \"a\"}]}'); z.write(sys.argv[2], 'animations/a.json')" "$work/anim.lottie" "$lottie"
    got=$(xdg-mime query filetype "$work/anim.lottie")
    [ "$got" = "application/zip+dotlottie" ] || fail "a .lottie archive's MIME type is $got"
    # Written at 15:27, whose DOS time's high byte (15 << 3 | 27 >> 3) is '{' at offset 11.
    python3 -c "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1], 'w'); z.writestr(zipfile.ZipInfo('manifest.json', (2026, 11, 29, 15, 27, 0)), '{\"animations\": [{\"id\": \"a\"}]}'); z.write(sys.argv[2], 'animations/a.json')" "$work/brace.lottie" "$lottie"
    got=$(xdg-mime query filetype "$work/brace.lottie")
    [ "$got" = "application/zip+dotlottie" ] || fail "a .lottie archive written at 15:27 has MIME type $got"
    got=$(xdg-mime query default video/lottie+json)
    [ "$got" = "layerplay.desktop" ] || fail "the default application for video/lottie+json is '$got'"
    unset XDG_DATA_HOME XDG_DATA_DIRS
  else
    echo "install-test: xdg-mime or mimetype missing: MIME detection not checked" >&2
  fi
fi

# The thumbnailer as a file manager runs it: %i input path, %o output PNG, %s size.
exec_line=$(sed -n 's/^Exec=//p' "$prefix/share/thumbnailers/layerplay.thumbnailer")
[ -n "$exec_line" ] || fail "no Exec line"
case "$exec_line" in *%i*%o*%s*) ;; *) fail "Exec line without %i %o %s: $exec_line" ;; esac
cmd=${exec_line//%i/$lottie}; cmd=${cmd//%o/$work/thumb.png}; cmd=${cmd//%s/128}
eval "$cmd" || fail "the thumbnailer's command failed: $cmd"
python3 - "$work/thumb.png" <<'PY' || fail "thumbnail"
import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert("RGBA")
assert max(im.size) == 128, im.size
lo, hi = im.getextrema()[3]
assert hi > 0, "the thumbnail is empty"
PY
ls "$work" | grep -q partial && fail "a temporary thumbnail was left behind"

scripts/install.sh --prefix "$prefix" --uninstall >/dev/null 2>&1
for f in bin/layerplay share/applications/layerplay.desktop share/mime/packages/layerplay.xml \
         share/thumbnailers/layerplay.thumbnailer share/icons/hicolor/256x256/apps/layerplay.png; do
  [ ! -e "$prefix/$f" ] || fail "$f left after --uninstall"
done
echo "install-test: passed"
