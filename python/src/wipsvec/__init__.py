"""wipsvec from Python: train word vectors under general similarity models
(SG, IPS, SIPS, IPDS, WIPS, HSG) with gensim's names, and query them with
gensim's and fastText's methods under each model's own similarity.

    from wipsvec import Word2Vec
    model = Word2Vec(sentences, vector_size=100, model="wips")
    model.wv.most_similar("king", topn=10)

Training runs the wipsvec binary (the wheel carries it); reading and
querying need NumPy only. docs/python.md is the reference. The modules
that need NumPy are imported on first use, so that a training starts at
once and imports them while the binary works.
"""

from .models import TRAIN_FLAGS, FastText, Word2Vec

__version__ = "0.1.0"

__all__ = ["Word2Vec", "FastText", "KeyedVectors", "FastTextModel", "Similarity", "load", "load_model", "TRAIN_FLAGS", "__version__"]

_LAZY = {
    "KeyedVectors": "keyedvectors",
    "load": "keyedvectors",
    "FastTextModel": "fasttext",
    "load_model": "fasttext",
    "Similarity": "_similarity",
}


def __getattr__(name):
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module("." + _LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError("module %r has no attribute %r" % (__name__, name))


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
