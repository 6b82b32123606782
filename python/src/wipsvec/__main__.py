"""python -m wipsvec ARGS runs the wipsvec binary (the one the wheel
carries) with ARGS: python -m wipsvec nearest -vectors vec.bin king."""

import os
import subprocess
import sys

from ._run import binary_path


def main():
    exe = binary_path()
    if os.name == "posix":
        os.execv(exe, [exe] + sys.argv[1:])
    sys.exit(subprocess.call([exe] + sys.argv[1:]))


if __name__ == "__main__":
    main()
