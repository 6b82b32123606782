"""The package's own shape: import cost, python -m wipsvec, the checkout's
PYTHONPATH=python, and gensim's FastText vectors from ours."""

import os
import subprocess
import sys

import numpy as np
import pytest

import wipsvec

PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_import_leaves_numpy_for_later():
    """import wipsvec does not wait for NumPy: a training starts the
    binary first and imports it beside the run."""
    out = subprocess.run([sys.executable, "-c", "import sys, wipsvec; print('numpy' in sys.modules)"],
                         capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p)))
    assert out.stdout.strip() == "False", out.stderr
    assert wipsvec.KeyedVectors.__name__ == "KeyedVectors" and callable(wipsvec.load) and callable(wipsvec.load_model)


def test_python_m_runs_the_binary(binary):
    out = subprocess.run([sys.executable, "-m", "wipsvec", "version"], capture_output=True, text=True,
                         env=dict(os.environ, WIPSVEC_BINARY=binary, PYTHONPATH=os.pathsep.join(p for p in sys.path if p)))
    assert out.returncode == 0 and out.stdout.startswith("wipsvec " + wipsvec.__version__), out.stderr


def test_checkout_pythonpath(models):
    """From a checkout, PYTHONPATH=python imports the package in src."""
    if not os.path.exists(os.path.join(PYTHON_DIR, "wipsvec.py")):
        pytest.skip("not a checkout")
    code = "import wipsvec; print(wipsvec.__file__); print(wipsvec.load(%r).most_similar('g0w1', topn=1)[0][0])" % models["wips"]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd="/", env=dict(os.environ, PYTHONPATH=PYTHON_DIR))
    assert out.returncode == 0, out.stderr
    path, word = out.stdout.split()
    assert path == os.path.join(PYTHON_DIR, "src", "wipsvec", "__init__.py")
    assert word == wipsvec.load(models["wips"]).most_similar("g0w1", topn=1)[0][0]


def test_to_gensim_with_subwords(subword_models):
    pytest.importorskip("gensim.models")
    kv = wipsvec.load(subword_models["sg"])
    g = kv.to_gensim()
    assert type(g).__name__ == "FastTextKeyedVectors"
    for w in ("g0w1", "walking", "naïveté"):
        assert np.allclose(g[w], kv[w], atol=1e-6), w
