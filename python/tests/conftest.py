"""Fixtures: the wipsvec binary, a tiny synthetic corpus and small models
trained on it (-size 10 -iter 2 -threads 1: each in well under a second)."""

import os
import random
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT = os.path.dirname(os.path.dirname(HERE))

try:
    import wipsvec  # noqa: F401  (installed: test the installed package)
except ImportError:
    sys.path.insert(0, os.path.join(os.path.dirname(HERE), "src"))
    import wipsvec  # noqa: F401


@pytest.fixture(scope="session", autouse=True)
def binary(tmp_path_factory):
    """The binary the package runs: $WIPSVEC_BINARY, the installed wheel's,
    or one built here from the checkout (go build)."""
    try:
        path = wipsvec._run.binary_path()
        if os.environ.get("WIPSVEC_BINARY") or "site-packages" in path or "dist-packages" in path:
            return path
    except FileNotFoundError:
        pass
    go = shutil.which("go")
    if go is None or not os.path.exists(os.path.join(CHECKOUT, "go.mod")):
        pytest.skip("no wipsvec binary: install the package, set WIPSVEC_BINARY, or run from a checkout with Go")
    out = str(tmp_path_factory.mktemp("bin") / "wipsvec")
    subprocess.run([go, "build", "-o", out, "."], cwd=CHECKOUT, check=True)
    os.environ["WIPSVEC_BINARY"] = out
    return out


def sentences(n=1500, seed=1):
    """n sentences of 12 words, each drawn from one of five groups of ten
    words (g0w0 ... g4w9): words of a group co-occur."""
    r = random.Random(seed)
    out = []
    for _ in range(n):
        g = r.randrange(5)
        out.append(["g%dw%d" % (g, r.randrange(10)) for _ in range(12)])
    return out


@pytest.fixture(scope="session")
def corpus(tmp_path_factory):
    path = tmp_path_factory.mktemp("corpus") / "corpus.txt"
    path.write_text("".join(" ".join(s) + "\n" for s in sentences()))
    return str(path)


def train(binary, corpus, out, *args):
    cmd = [binary, "train", "-train", corpus, "-output", out, "-size", "10", "-iter", "2", "-threads", "1",
           "-min-count", "1", "-quiet"] + list(args)
    subprocess.run(cmd, check=True, capture_output=True)
    return out


@pytest.fixture(scope="session")
def models(binary, corpus, tmp_path_factory):
    """Vectors of each model (binary files but IPDS's, text), and a plain
    SG file without its sidecar."""
    d = tmp_path_factory.mktemp("models")
    out = {}
    for model in ("sg", "ips", "sips", "ipds", "wips", "hsg"):
        ext = ".txt" if model == "ipds" else ".bin"
        out[model] = train(binary, corpus, str(d / (model + ext)), "-model", model, "-binary", "0" if ext == ".txt" else "1")
    plain = str(d / "plain.bin")
    shutil.copy(out["sg"], plain)
    out["plain"] = plain
    return out


@pytest.fixture(scope="session")
def subword_models(binary, corpus, tmp_path_factory):
    """SG and WIPS with subword rows (n-grams of 3 to 5 characters in 1000
    buckets)."""
    d = tmp_path_factory.mktemp("subwords")
    return {m: train(binary, corpus, str(d / (m + ".bin")), "-model", m, "-binary", "1", "-maxn", "5", "-bucket", "1000")
            for m in ("sg", "wips")}
