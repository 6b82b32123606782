"""Read wipsvec's vectors in Python, scored with the model's own similarity.

gensim loads wipsvec's vectors (they are word2vec files) but scores them
with cosine, which is not what an indefinite model (IPDS, WIPS) or SIPS
was trained to fit. This one file, which needs NumPy only, reads the
vectors with their sidecar FILE.json and answers with the similarities the
sidecar describes, the scores ``wipsvec nearest`` prints:

    import wipsvec
    kv = wipsvec.load("vec.bin")                 # and vec.bin.json beside it
    kv.similarity("king", "queen")
    kv.most_similar("king", topn=10)
    kv.most_similar(positive=["king", "woman"], negative=["man"], topn=10)

Every similarity is a form of the weighted inner product with an optional
bias, s(a, b) = sum_k w_k a_k b_k (+ a_P + b_P), the last ``neg``
coordinates counted negatively, or cosine; the sidecar lists them
(``similarities``), the first being the one ``nearest`` uses. A plain
word2vec file (no sidecar) is scored by cosine and inner product.

A query of several words means what it means to ``wipsvec nearest``:
under cosine, the sum of the words' unit vectors (negative ones
subtracted) scaled to unit length, each word scoring its cosine with it,
as word2vec's distance and word-analogy compute it (3CosAdd); under any
other similarity s, a word w scores the sum of s(q, w) over the positive
words q minus the same sum over the negative ones. The query's words are
left out of the answer; ties go to the earlier (more frequent) word; a
word is matched exactly, or else case-insensitively.
"""

import json
import os

import numpy as np

__all__ = ["load", "Vectors", "Similarity"]

SIDECAR_FORMAT = "wipsvec-sidecar"


class Similarity:
    """One similarity form of the sidecar: cosine, or the weighted inner
    product with an optional bias and negative coordinates."""

    def __init__(self, name, cosine=False, bias=False, neg=0, weights=None):
        self.name = name
        self.cosine = bool(cosine)
        self.bias = bool(bias)
        self.neg = int(neg)
        self.weights = None if weights is None else np.asarray(weights, dtype=np.float64)

    @classmethod
    def from_json(cls, f):
        return cls(f["name"], f.get("cosine", False), f.get("bias", False), f.get("neg", 0), f.get("weights"))

    def check(self, dim):
        """Raise ValueError if the form cannot score vectors of dim
        coordinates (as the trainer's reader refuses such a sidecar)."""
        p = dim - 1 if self.bias else dim
        if self.cosine and (self.bias or self.neg or self.weights is not None):
            raise ValueError("similarity %s: cosine takes no bias, negative coordinates or weights" % self.name)
        if self.bias and p < 1:
            raise ValueError("similarity %s: a bias needs dim of at least 2, have %d" % (self.name, dim))
        if self.neg < 0 or (self.neg > 0 and self.neg >= p):
            raise ValueError("similarity %s: %d negative coordinates outside (0, %d)" % (self.name, self.neg, p))
        if self.weights is not None and (self.neg or len(self.weights) != p):
            raise ValueError("similarity %s: %d weights for %d coordinates" % (self.name, len(self.weights), p))

    def _coefficients(self, dim):
        """The weight of each of the first P coordinates, and P."""
        p = dim - 1 if self.bias else dim
        w = np.ones(p) if self.weights is None else self.weights.copy()
        if self.neg:
            w[p - self.neg:] = -1.0
        return w, p

    def score(self, a, b):
        """s(a, b) in float64."""
        a = np.asarray(a, dtype=np.float64)
        b = np.asarray(b, dtype=np.float64)
        if self.cosine:
            na, nb = np.dot(a, a), np.dot(b, b)
            if na == 0 or nb == 0:
                return 0.0
            return float(np.dot(a, b) / np.sqrt(na * nb))
        w, p = self._coefficients(len(a))
        s = float(np.dot(w * a[:p], b[:p]))
        if self.bias:
            s += float(a[p]) + float(b[p])
        return s

    def scores(self, a, m):
        """s(a, row) for every row of the float64 matrix m."""
        w, p = self._coefficients(m.shape[1])
        s = m[:, :p] @ (w * np.asarray(a, dtype=np.float64)[:p])
        if self.bias:
            s = s + float(a[p]) + m[:, p]
        return s


def _legacy_forms(meta):
    """The similarities of a sidecar of trainer version 0.1, which named
    its model instead of listing them."""
    model, dim = meta.get("model"), meta["dim"]
    if model == "sg":
        return [Similarity("cos", cosine=True), Similarity("ip")]
    if model == "ips":
        return [Similarity("ip")]
    if model == "sips":
        return [Similarity("sips", bias=True)]
    if model == "ipds":
        return [Similarity("ipds(q=%d)" % meta.get("neg_dim", 0), neg=meta.get("neg_dim", 0))]
    if model == "wips":
        return [Similarity("wip", weights=meta.get("lambda"))]
    if model == "hsg":
        return [Similarity("minkowski", neg=1)]
    raise ValueError("unknown model %r" % (model,))


def _read_word2vec(path):
    """The words and the float32 matrix of a word2vec file, text or binary,
    told apart by content as wipsvec does: text if the first row parses as
    a word and dim numbers."""
    with open(path, "rb") as f:
        data = f.read()
    end = data.find(b"\n")
    if end < 0:
        raise ValueError("%s: no header line; not a word2vec file" % path)
    header = data[:end].split()
    try:
        words, dim = int(header[0]), int(header[1])
        if len(header) != 2 or words < 0 or dim < 1:
            raise ValueError
    except (ValueError, IndexError):
        raise ValueError('%s: bad header %r, want "<words> <dim>"' % (path, data[:end][:40]))
    pos = end + 1
    if words == 0:
        return [], np.zeros((0, dim), dtype=np.float32)
    first = data[pos:data.find(b"\n", pos) if data.find(b"\n", pos) >= 0 else len(data)]
    fields = first.split()
    is_text = len(fields) == dim + 1
    if is_text:
        try:
            [float(x) for x in fields[1:]]
        except ValueError:
            is_text = False
    vocab = []
    m = np.empty((words, dim), dtype=np.float32)
    if is_text:
        lines = data[pos:].split(b"\n")
        rows = [ln for ln in lines if ln.strip()]
        if len(rows) != words:
            raise ValueError("%s: %d rows, but the header says %d" % (path, len(rows), words))
        for i, ln in enumerate(rows):
            f = ln.split()
            if len(f) != dim + 1:
                raise ValueError("%s: row %d has %d values, want %d" % (path, i + 1, len(f) - 1, dim))
            vocab.append(f[0].decode("utf-8", "replace"))
            m[i] = np.array(f[1:], dtype=np.float32)
    else:
        for i in range(words):
            while pos < len(data) and data[pos:pos + 1] == b"\n":
                pos += 1
            sp = data.find(b" ", pos)
            if sp < 0 or sp + 1 + 4 * dim > len(data):
                raise ValueError("%s: truncated binary file at row %d" % (path, i + 1))
            vocab.append(data[pos:sp].decode("utf-8", "replace"))
            m[i] = np.frombuffer(data, dtype="<f4", count=dim, offset=sp + 1)
            pos = sp + 1 + 4 * dim
        if data[pos:].strip():
            raise ValueError("%s: more rows than the %d the header says" % (path, words))
    if not np.all(np.isfinite(m)):
        raise ValueError("%s: a value is NaN or infinite" % path)
    return vocab, m


def load(path, similarity=None):
    """Read the vectors file at path (word2vec text or binary) and its
    sidecar path + ".json" when there is one. similarity names the form to
    score with (default: the sidecar's first, as nearest; "cos" for a plain
    file)."""
    words, m = _read_word2vec(path)
    meta = None
    side = path + ".json"
    if os.path.exists(side):
        with open(side) as f:
            meta = json.load(f)
        if meta.get("format") != SIDECAR_FORMAT:
            raise ValueError("%s: format %r, not a wipsvec sidecar" % (side, meta.get("format")))
        if meta.get("dim") != m.shape[1] or meta.get("words") != len(words):
            raise ValueError("%s: dim %s and %s words, but %s has %d and %d; sidecar of another file?"
                             % (side, meta.get("dim"), meta.get("words"), path, m.shape[1], len(words)))
        forms = [Similarity.from_json(f) for f in meta.get("similarities") or []] or _legacy_forms(meta)
    else:
        forms = [Similarity("cos", cosine=True), Similarity("ip")]
    for f in forms:
        f.check(m.shape[1])
    return Vectors(words, m, forms, meta, similarity)


class Vectors:
    """Word vectors with the similarities of their model."""

    def __init__(self, words, matrix, forms, meta=None, similarity=None):
        self.words = list(words)
        self.vectors = matrix
        self.similarities = forms
        self.meta = meta
        self.model = meta.get("model") if meta else None
        if similarity is None:
            self.sim = forms[0]
        else:
            named = [f for f in forms if f.name == similarity]
            if not named:
                raise ValueError("no similarity %r; the vectors have %s" % (similarity, ", ".join(f.name for f in forms)))
            self.sim = named[0]
        self._exact = {}
        self._folded = {}
        for i, w in enumerate(self.words):
            self._exact.setdefault(w, i)
            self._folded.setdefault(w.lower(), i)
        self._m64 = None
        self._unit = None

    def __len__(self):
        return len(self.words)

    def __contains__(self, word):
        return word in self._exact or word.lower() in self._folded

    def __getitem__(self, word):
        return self.vectors[self.index(word)]

    def index(self, word):
        """The row of word: exactly, or else the first case-insensitive
        match; KeyError if there is none."""
        if word in self._exact:
            return self._exact[word]
        if word.lower() in self._folded:
            return self._folded[word.lower()]
        raise KeyError("not in the vocabulary: %s" % word)

    def similarity(self, a, b):
        """The model's similarity of words a and b."""
        return self.sim.score(self[a], self[b])

    def most_similar(self, positive=None, negative=None, topn=10):
        """The topn words nearest to a word, or to positive words less
        negative ones, as (word, score) pairs, best first."""
        if isinstance(positive, str):
            positive = [positive]
        terms = [(w, 1.0) for w in positive or []] + [(w, -1.0) for w in negative or []]
        if not terms:
            raise ValueError("most_similar: no word given")
        unknown = [w for w, _ in terms if w not in self]
        if unknown:
            raise KeyError("not in the vocabulary: %s" % ", ".join(unknown))
        rows = [self.index(w) for w, _ in terms]
        if self.sim.cosine:
            unit = self._unit_rows()
            q = np.zeros(unit.shape[1])
            for r, (_, sign) in zip(rows, terms):
                q += sign * unit[r]
            q /= np.sqrt(np.dot(q, q))
            scores = unit @ q
        else:
            m = self._matrix64()
            scores = np.zeros(len(self.words))
            for r, (_, sign) in zip(rows, terms):
                scores += sign * self.sim.scores(m[r], m)
        skip = {self.words[r] for r in rows}
        scores = np.where(np.isnan(scores), -np.inf, scores)
        order = np.argsort(-scores, kind="stable")
        out = []
        for i in order:
            if len(out) == topn or scores[i] == -np.inf:
                break
            if self.words[i] not in skip:
                out.append((self.words[i], float(scores[i])))
        return out

    def _matrix64(self):
        if self._m64 is None:
            self._m64 = self.vectors.astype(np.float64)
        return self._m64

    def _unit_rows(self):
        """The rows at unit length (a zero row NaN: it ranks nowhere)."""
        if self._unit is None:
            m = self._matrix64()
            with np.errstate(invalid="ignore", divide="ignore"):
                self._unit = m / np.sqrt(np.sum(m * m, axis=1))[:, None]
        return self._unit
