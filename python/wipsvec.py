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

A model trained with fastText's subwords has a sidecar that names the
fastText model (.bin) holding its n-gram rows (``subwords``). Then a word
not in the vocabulary still has a vector, composed from its character
n-grams as fastText's print-word-vectors composes it, and ``kv[word]``,
``similarity`` and ``most_similar`` use it (``word in kv`` still means in
the vocabulary):

    kv["walkinger"]                              # composed from its n-grams
"""

import json
import os

import numpy as np

__all__ = ["load", "Vectors", "Similarity", "Subwords", "ft_hash"]

SIDECAR_FORMAT = "wipsvec-sidecar"

FASTTEXT_MAGIC = 793712314
FASTTEXT_EOS = "</s>"


def ft_hash(data):
    """fastText's FNV-1a of the bytes data, each byte sign-extended as
    fastText's int8_t cast does (bytes from 0x80 up hash otherwise than in
    the textbook FNV-1a)."""
    h = 2166136261
    for c in data:
        if c >= 0x80:
            c |= 0xFFFFFF00
        h = ((h ^ c) * 16777619) & 0xFFFFFFFF
    return h


class Subwords:
    """The input rows of a fastText model (.bin): a row per word, then
    bucket rows of character n-grams, and fastText's vector of any word."""

    def __init__(self, words, matrix, minn, maxn, bucket):
        self.words = words
        self.matrix = matrix
        self.minn, self.maxn, self.bucket = minn, maxn, bucket
        self._index = {}
        for i, w in enumerate(words):
            self._index.setdefault(w, i)

    def ngram_rows(self, word):
        """The rows of word's n-grams, in fastText's order: the n-grams of
        minn to maxn characters of "<word>" (a character being a UTF-8
        lead byte and its continuation bytes; "<" and ">" alone left out),
        each in row nwords + ft_hash(n-gram) % bucket."""
        if self.maxn <= 0 or word == FASTTEXT_EOS:
            return []
        w = b"<" + word.encode("utf-8") + b">"
        nwords, rows = len(self.words), []
        for i in range(len(w)):
            if w[i] & 0xC0 == 0x80:
                continue
            j, n = i, 1
            while j < len(w) and n <= self.maxn:
                j += 1
                while j < len(w) and w[j] & 0xC0 == 0x80:
                    j += 1
                if n >= self.minn and not (n == 1 and (i == 0 or j == len(w))):
                    rows.append(nwords + ft_hash(w[i:j]) % self.bucket)
                n += 1
        return rows

    def vector(self, word):
        """fastText's vector of word (getWordVector): the mean of its own
        row, if it is in the vocabulary, and its n-grams' rows, summed in
        float32; None if it has no row at all."""
        rows = self.ngram_rows(word)
        if word in self._index:
            rows = [self._index[word]] + rows
        if not rows:
            return None
        v = np.zeros(self.matrix.shape[1], dtype=np.float32)
        for r in rows:
            v += self.matrix[r]
        v *= np.float32(1.0 / len(rows))
        return v


def _read_fasttext(path):
    """The dictionary's words, the arguments and the input matrix of the
    fastText model (.bin, format version 11 or 12, not quantized) at path."""
    with open(path, "rb") as f:
        head = f.read(8 + 12 * 4 + 8 + 3 * 4 + 16)
        if len(head) < 8 + 12 * 4 + 8 + 3 * 4 + 16:
            raise ValueError("%s: truncated fastText model" % path)
        magic, version = np.frombuffer(head, dtype="<i4", count=2)
        if magic != FASTTEXT_MAGIC:
            raise ValueError("%s: not a fastText model" % path)
        if version not in (11, 12):
            raise ValueError("%s: fastText format version %d, want 11 or 12" % (path, version))
        args = np.frombuffer(head, dtype="<i4", count=12, offset=8)
        dim, bucket, minn, maxn = int(args[0]), int(args[8]), int(args[9]), int(args[10])
        size, nwords, nlabels = (int(x) for x in np.frombuffer(head, dtype="<i4", count=3, offset=64))
        pruned = int(np.frombuffer(head, dtype="<i8", count=1, offset=64 + 12 + 8)[0])
        if pruned != -1:
            raise ValueError("%s: a quantized fastText model (.ftz) is not supported" % path)
        if size < 0 or nwords < 0 or nwords + nlabels != size:
            raise ValueError("%s: corrupt fastText model: dictionary of %d entries" % (path, size))
        words, buf = [], b""
        for _ in range(size):
            while True:
                end = buf.find(b"\0")
                if end >= 0 and len(buf) >= end + 10:
                    break
                more = f.read(1 << 20)
                if not more:
                    raise ValueError("%s: truncated fastText model (in the dictionary)" % path)
                buf += more
            words.append(buf[:end].decode("utf-8", "replace"))
            buf = buf[end + 10:]
        f.seek(f.tell() - len(buf))
        quant = f.read(1)
        if quant != b"\0":
            raise ValueError("%s: a quantized fastText model (.ftz) is not supported" % path)
        m, n = (int(x) for x in np.frombuffer(f.read(16), dtype="<i8", count=2))
        if m != nwords + bucket or n != dim:
            raise ValueError("%s: corrupt fastText model: input matrix %d by %d, want %d by %d" % (path, m, n, nwords + bucket, dim))
        matrix = np.fromfile(f, dtype="<f4", count=m * n)
        if matrix.size != m * n:
            raise ValueError("%s: truncated fastText model (in the input matrix)" % path)
    return words[:nwords], matrix.reshape(m, n), minn, maxn, bucket


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
    subwords = None
    if meta is not None and meta.get("subwords"):
        sw = meta["subwords"]
        ft = sw["file"] if os.path.isabs(sw["file"]) else os.path.join(os.path.dirname(path), sw["file"])
        ft_words, ft_m, minn, maxn, bucket = _read_fasttext(ft)
        if (minn, maxn, bucket) != (sw["minn"], sw["maxn"], sw["bucket"]) or len(ft_words) != len(words) or ft_m.shape[1] != m.shape[1]:
            raise ValueError("%s: n-grams %d-%d in %d buckets, %d words of dimension %d, but the sidecar %s says %s-%s in %s, %d of %d; model of another run?"
                             % (ft, minn, maxn, bucket, len(ft_words), ft_m.shape[1], side, sw["minn"], sw["maxn"], sw["bucket"], len(words), m.shape[1]))
        subwords = Subwords(ft_words, ft_m, minn, maxn, bucket)
    return Vectors(words, m, forms, meta, similarity, subwords)


class Vectors:
    """Word vectors with the similarities of their model."""

    def __init__(self, words, matrix, forms, meta=None, similarity=None, subwords=None):
        self.subwords = subwords
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
        """word's vector: its row, or, for a word not in the vocabulary of
        a model with subwords, the vector its n-grams compose."""
        try:
            return self.vectors[self.index(word)]
        except KeyError:
            v = self.subwords.vector(word) if self.subwords is not None else None
            if v is None:
                raise
            return v

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
        rows, vecs, unknown = [], [], []
        for w, _ in terms:
            if w in self:
                rows.append(self.index(w))
                vecs.append(None)
                continue
            v = self.subwords.vector(w) if self.subwords is not None else None
            if v is None:
                unknown.append(w)
            rows.append(None)
            vecs.append(v)
        if unknown:
            raise KeyError("not in the vocabulary: %s" % ", ".join(unknown))
        if self.sim.cosine:
            unit = self._unit_rows()
            q = np.zeros(unit.shape[1])
            for r, v, (_, sign) in zip(rows, vecs, terms):
                if r is None:  # a composed vector, at unit length
                    v = v.astype(np.float64)
                    q += sign * v / np.sqrt(np.dot(v, v))
                else:
                    q += sign * unit[r]
            q /= np.sqrt(np.dot(q, q))
            scores = unit @ q
        else:
            m = self._matrix64()
            scores = np.zeros(len(self.words))
            for r, v, (_, sign) in zip(rows, vecs, terms):
                scores += sign * self.sim.scores(m[r] if r is not None else v.astype(np.float64), m)
        skip = {self.words[r] for r in rows if r is not None}
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
