#!/usr/bin/env python3
"""Lists the public types of the library modules that have no `///` summary line.

Usage: scripts/test/doc-coverage.py [--members] [MODULE ...]   (default: Raster LayerKit Media)

Runs `swift package dump-symbol-graph` (which builds the package) and reads each module's
symbol graph: a symbol counts as documented when its doc comment has a non-empty first
line. With --members, public properties, methods and initializers are listed too.
Exits 1 when anything is listed, so it can guard the documentation in CI.
"""
import glob
import json
import os
import subprocess
import sys

TYPE_KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}
MEMBER_KINDS = {"swift.property", "swift.type.property", "swift.method", "swift.type.method", "swift.init",
                "swift.subscript", "swift.func", "swift.var", "swift.enum.case"}


def main():
    args = sys.argv[1:]
    members = "--members" in args
    modules = [a for a in args if not a.startswith("--")] or ["Raster", "LayerKit", "Media"]
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = subprocess.run(["swift", "package", "dump-symbol-graph", "--minimum-access-level", "public"],
                         cwd=root, capture_output=True, text=True)
    if out.returncode != 0:
        sys.stderr.write(out.stdout + out.stderr)
        sys.exit(2)
    # The last line names the folder: "Files written to /…/symbolgraph".
    folder = next((l.split(" to ", 1)[1].strip() for l in reversed(out.stdout.splitlines()) if "written to" in l), None)
    if folder is None:
        folder = max(glob.glob(os.path.join(root, ".build", "*", "symbolgraph")), key=os.path.getmtime)
    kinds = TYPE_KINDS | (MEMBER_KINDS if members else set())
    missing, total = [], 0
    for module in modules:
        # The module's own symbols, and its extensions of other modules' types (Module@Other).
        paths = [os.path.join(folder, f"{module}.symbols.json")] + glob.glob(os.path.join(folder, f"{module}@*.symbols.json"))
        symbols = []
        for path in paths:
            with open(path) as f:
                symbols += json.load(f)["symbols"]
        for s in symbols:
            if s["kind"]["identifier"] not in kinds or s.get("accessLevel") not in ("public", "open"):
                continue
            total += 1
            lines = (s.get("docComment") or {}).get("lines") or []
            if not lines or not lines[0]["text"].strip():
                loc = s.get("location", {})
                file = loc.get("uri", "").replace("file://", "")
                file = os.path.relpath(file, root) if file else "?"
                line = loc.get("position", {}).get("line", -1) + 1
                missing.append((module, ".".join(s["pathComponents"]), s["kind"]["displayName"], f"{file}:{line}"))
    for m in sorted(missing):
        print(f"{m[0]}: {m[2].lower()} {m[1]}  ({m[3]})")
    print(f"{len(missing)} of {total} public {'symbols' if members else 'types'} in {', '.join(modules)} lack a summary line")
    sys.exit(1 if missing else 0)


if __name__ == "__main__":
    main()
