"""fastText's Python names for a model with subwords, and load_model of a
fastText model file (.bin): wipsvec's (``train -maxn 6`` writes it beside
the vectors as OUT.fasttext.bin) or fastText's own.

    from wipsvec import fasttext
    m = fasttext.load_model("vec.bin.fasttext.bin")
    m.get_word_vector("walkinger")              # composed from its n-grams
    m.get_nearest_neighbors("king", k=10)       # [(score, word), ...]
    m.get_analogies("berlin", "germany", "france")

Words are matched exactly, as fastText matches them. A model that wipsvec
trained is scored with its own similarity, read from the sidecar OUT.json
of the vectors beside it; fastText's own model, by cosine, with fastText's
answers.
"""

import json
import os

import numpy as np

from . import _formats
from ._similarity import Similarity, legacy_forms, plain_forms
from ._ftmethods import FastTextMethods
from .keyedvectors import KeyedVectors

__all__ = ["load_model", "FastTextModel"]

_SUFFIX = ".fasttext.bin"


class FastTextModel(FastTextMethods):
    """A fastText model file with fastText's Python methods; ``wv`` is the
    vocabulary's vectors (composed as fastText composes them) as a
    :class:`~wipsvec.KeyedVectors`, scored with the model's similarity."""

    def __init__(self, path, similarity=None):
        self.path = os.fspath(path)
        ft = _formats.FastTextFile(self.path)
        if ft.labels:
            raise ValueError("%s: a supervised fastText model (%d labels); wipsvec reads word-vector models" % (self.path, len(ft.labels)))
        self._file = ft
        self._forms, self._meta = _beside(self.path, ft)
        self._similarity = similarity
        self._wv = None
        KeyedVectors(ft.dim, similarities=self._forms, similarity=similarity)  # refuses an unknown similarity now

    @property
    def _ft(self):
        return self._file

    @property
    def wv(self):
        """The vocabulary's vectors, composed on first use (as fastText
        composes them before its first nearest-neighbour query)."""
        if self._wv is None:
            ft = self._file
            self._wv = KeyedVectors._of(ft.words, ft.word_vectors(), None, self._forms, self._similarity, self._meta, ft)
            self._wv.casefold = False
        return self._wv

    def __repr__(self):
        return "FastTextModel(%r, %d words, dim %d, similarity %s)" % (self.path, self._ft.nwords, self._ft.dim,
                                                                     self._similarity or self._forms[0].name)


def _beside(path, ft):
    """The similarities and sidecar of the vectors that path, a model that
    wipsvec wrote as OUT.fasttext.bin, sits beside; cosine otherwise."""
    if path.endswith(_SUFFIX):
        side = path[:-len(_SUFFIX)] + ".json"
        if os.path.exists(side):
            with open(side, encoding="utf-8") as f:
                meta = json.load(f)
            sw = meta.get("subwords") or {}
            if os.path.basename(sw.get("file", "")) == os.path.basename(path) and meta.get("dim") == ft.dim:
                forms = [Similarity.from_json(x) for x in meta.get("similarities") or []] or legacy_forms(meta)
                return forms, meta
    return plain_forms(), None


def load_model(path, similarity=None):
    """Reads a fastText model file (.bin; not a quantized .ftz), fastText's
    or wipsvec's; its input matrix is memory-mapped."""
    return FastTextModel(path, similarity)
