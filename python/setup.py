"""The wheel carries the wipsvec binary, built with `go build` from the Go
module (the checkout around this folder, or the copy an sdist holds in
go/), so that installing the wheel needs no Go. The metadata is in
pyproject.toml; this file adds the commands that build and tag it."""

import os
import shutil
import subprocess

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

try:
    from wheel.bdist_wheel import bdist_wheel
except ImportError:  # no wheel: sdists and installs still build
    bdist_wheel = None

HERE = os.path.dirname(os.path.abspath(__file__))
MODULE = "module github.com/wipsvec/wipsvec"
EXE = "wipsvec.exe" if os.name == "nt" else "wipsvec"

# Folders of the checkout that the binary does not build from (of docs/,
# only help/, which help.go embeds).
SKIP_DIRS = {"python", "scripts", "data", "out", "shared", "build", "dist"}


def module_root():
    """The Go module's folder: $WIPSVEC_GO_SOURCE, the sdist's go/, or the
    checkout this folder sits in; None if there is none."""
    for d in (os.environ.get("WIPSVEC_GO_SOURCE"), os.path.join(HERE, "go"), os.path.dirname(HERE)):
        if not d:
            continue
        try:
            with open(os.path.join(d, "go.mod"), encoding="utf-8") as f:
                if f.readline().strip() == MODULE:
                    return d
        except OSError:
            continue
    return None


def build_binary(out):
    """Puts the wipsvec binary at out: $WIPSVEC_BINARY copied, else built
    with go build from the module."""
    out = os.path.abspath(out)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    prebuilt = os.environ.get("WIPSVEC_BINARY")
    if prebuilt:
        shutil.copy2(prebuilt, out)
        return
    src = module_root()
    if src is None:
        raise SystemExit("wipsvec: the wheel carries the Go binary, built from the Go module: build it from a checkout "
                         "(python3 -m build --wheel python), or set WIPSVEC_GO_SOURCE to the module's folder or "
                         "WIPSVEC_BINARY to a built binary")
    go = shutil.which("go")
    if go is None:
        raise SystemExit("wipsvec: building the package needs Go 1.26 or newer on PATH (https://go.dev/dl/) for the "
                         "binary it carries; or set WIPSVEC_BINARY to a built binary")
    print("go build -trimpath -o %s . (in %s)" % (out, src))
    subprocess.run([go, "build", "-trimpath", "-o", out, "."], cwd=src, env=dict(os.environ, CGO_ENABLED="0"), check=True)


class BuildPy(build_py):
    """build_py, and the binary into the package's _bin/."""

    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            build_binary(os.path.join(HERE, "src", "wipsvec", "_bin", EXE))
        else:
            build_binary(os.path.join(self.build_lib, "wipsvec", "_bin", EXE))

    def get_outputs(self, include_bytecode=1):
        out = super().get_outputs(include_bytecode)
        if not getattr(self, "editable_mode", False):
            out.append(os.path.join(self.build_lib, "wipsvec", "_bin", EXE))
        return out


class Sdist(sdist):
    """sdist, and the Go module's sources in go/ (tests and docs left out)."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        src = module_root()
        if src is None or os.path.abspath(src) == os.path.join(HERE, "go"):
            return
        for d, dirs, names in os.walk(src):
            rel = os.path.relpath(d, src)
            dirs[:] = sorted(x for x in dirs if not x.startswith(".") and x != "testdata" and not (rel == "." and x in SKIP_DIRS)
                             and not (rel == "docs" and x != "help"))
            for n in names:
                if n.startswith(".") or n.endswith("_test.go") or n == EXE or rel == "docs":
                    continue
                dest = os.path.join(base_dir, "go", rel, n)
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                shutil.copy2(os.path.join(d, n), dest)


class BinaryDistribution(Distribution):
    """A distribution with a binary in it: installed to platlib, its wheel
    not pure."""

    def has_ext_modules(self):
        return True


cmdclass = {"build_py": BuildPy, "sdist": Sdist}

if bdist_wheel is not None:

    class BdistWheel(bdist_wheel):
        """A platform wheel (it carries a binary) for any Python 3:
        py3-none-PLATFORM."""

        def get_tag(self):
            return ("py3", "none", super().get_tag()[2])

    cmdclass["bdist_wheel"] = BdistWheel

setup(cmdclass=cmdclass, distclass=BinaryDistribution)
