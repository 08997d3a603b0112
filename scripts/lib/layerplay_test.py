"""What the Python test scripts share: the layerplay binary they run (the path given as their
first argument, else the debug build, built first) and their list of failures, each printed
as `NAME: FAIL: message` when it happens."""
import os
import subprocess
import sys

failures = []
name = os.path.splitext(os.path.basename(sys.argv[0]))[0]


def fail(msg):
    failures.append(msg)
    print(f"{name}: FAIL: {msg}", file=sys.stderr)


def binary():
    if len(sys.argv) > 1:
        return sys.argv[1]
    subprocess.run(["swift", "build", "--product", "layerplay"], check=True, stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "--show-bin-path"], check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "layerplay")
