"""Word vectors with gensim's KeyedVectors API, scored with the model's
own similarity.

gensim loads wipsvec's vectors (they are word2vec files) but scores them
with cosine, which is not what an indefinite model (IPDS, WIPS) or SIPS
was trained to fit. :class:`KeyedVectors` reads the vectors with their
sidecar FILE.json and answers gensim's calls, with gensim's names,
arguments and return shapes, under the similarity the sidecar names first
(the one ``wipsvec nearest`` uses): for SG that is cosine, and the answers
are gensim's own.

A query of several words means what it means to ``wipsvec nearest``:
under cosine, the sum of the words' unit vectors (negative ones
subtracted) scaled to unit length, each word scoring its cosine with it, as
gensim's most_similar and word2vec's word-analogy compute it (3CosAdd);
under any other similarity s, a word w scores the sum of s(q, w) over the
positive words q minus the same sum over the negative ones (each times its
weight, when a word is given as a (word, weight) pair). The query's words
are left out of the answer; ties go to the earlier (more frequent) word; a
word is matched exactly, or else case-insensitively.
"""

import itertools
import json
import logging
import math
import os
import shutil
from numbers import Integral

import numpy as np

from . import _formats
from ._similarity import SIDECAR_FORMAT, Similarity, legacy_forms, plain_forms

logger = logging.getLogger(__name__)

_KEY_TYPES = (str, int, np.integer)
_EXTENDED_KEY_TYPES = (str, int, np.integer, np.ndarray)

# Rows scored at a time in float64.
_CHUNK = 1 << 13


def _ensure_list(value):
    """gensim's: a single key or vector as a list of one."""
    if value is None:
        return []
    if isinstance(value, _KEY_TYPES) or (isinstance(value, np.ndarray) and value.ndim == 1):
        return [value]
    if isinstance(value, np.ndarray) and value.ndim == 2:
        return list(value)
    return list(value)


def _unitvec(v):
    v = np.asarray(v, dtype=np.float64)
    n = math.sqrt(float(np.dot(v, v)))
    return v / n if n > 0 else v


def sidecar_path(path):
    return os.fspath(path) + ".json"


def read_sidecar(path, words, dim):
    """The sidecar of the vectors at path, or None; ValueError if it is not
    a wipsvec sidecar or describes other vectors (words None: the first
    rows only were read, and their number is not checked)."""
    side = sidecar_path(path)
    if not os.path.exists(side):
        return None
    with open(side, encoding="utf-8") as f:
        try:
            meta = json.load(f)
        except ValueError as e:
            raise ValueError("%s: not JSON (%s); not a wipsvec sidecar" % (side, e)) from None
    if not isinstance(meta, dict) or meta.get("format") != SIDECAR_FORMAT:
        raise ValueError("%s: format %r, not a wipsvec sidecar" % (side, meta.get("format") if isinstance(meta, dict) else None))
    if meta.get("dim") != dim or (words is not None and meta.get("words") != words):
        raise ValueError("%s: dim %s and %s words, but %s has %d and %d; sidecar of another file?"
                         % (side, meta.get("dim"), meta.get("words"), path, dim, words))
    return meta


class KeyedVectors:
    """Words (keys) and their vectors, with gensim's KeyedVectors methods,
    each answering under the model's own similarity (:attr:`sim`).

    :attr:`vectors` is the float32 matrix, one row per word in
    :attr:`index_to_key` order (most frequent first); a large binary file's
    rows are memory-mapped. :attr:`similarities` lists the sidecar's forms,
    :attr:`sim` is the one every method scores with, :attr:`meta` the
    sidecar (None for plain vectors) and :attr:`subwords` the fastText model
    that composes unseen words, or None."""

    def __init__(self, vector_size, count=0, dtype=np.float32, similarities=None, similarity=None, meta=None):
        self.vector_size = int(vector_size)
        self.index_to_key = []
        self.key_to_index = {}
        self.vectors = np.zeros((count, self.vector_size), dtype=dtype)
        self.norms = None
        self.meta = meta
        self.subwords = None
        self.casefold = True
        self._folded = None
        self._maxnorm = None
        self.similarities = list(similarities) if similarities else plain_forms()
        self.use_similarity(similarity)

    @classmethod
    def _of(cls, words, vectors, norms=None, similarities=None, similarity=None, meta=None, subwords=None):
        kv = cls(vectors.shape[1], 0, similarities=similarities, similarity=similarity, meta=meta)
        kv.index_to_key = list(words)
        kv.key_to_index = {}
        for i, w in enumerate(kv.index_to_key):
            kv.key_to_index.setdefault(w, i)
        kv.vectors = vectors
        kv.norms = norms
        kv.subwords = subwords
        return kv

    def use_similarity(self, name=None):
        """Scores with the similarity named name (one of
        :attr:`similarities`; None: the first, as ``wipsvec nearest``)."""
        for f in self.similarities:
            f.check(self.vector_size)
        if name is None:
            self.sim = self.similarities[0]
            return
        named = [f for f in self.similarities if f.name == name]
        if not named:
            raise ValueError("no similarity %r; the vectors have %s" % (name, ", ".join(f.name for f in self.similarities)))
        self.sim = named[0]

    @property
    def model(self):
        """The sidecar's model (sg, ips, sips, ipds, wips, hsg), or None."""
        return self.meta.get("model") if self.meta else None

    def __str__(self):
        return "%s<vector_size=%d, %d keys, similarity=%s>" % (type(self).__name__, self.vector_size, len(self), self.sim.name)

    __repr__ = __str__

    def __len__(self):
        return len(self.index_to_key)

    # ---- loading and saving

    @classmethod
    def load_word2vec_format(cls, fname, fvocab=None, binary=False, encoding="utf8", unicode_errors="replace",
                             limit=None, datatype=np.float32, no_header=False, similarity=None, mmap=None):
        """Reads a word2vec file, text or binary (told apart by content, so
        binary is only a hint), with its sidecar FILE.json when there is
        one, and the fastText model it names for unseen words. A binary
        file is memory-mapped: its rows are copied once into a float32
        matrix that lives in anonymous memory, or for a matrix of 256 MB or
        more (mmap=True forces it, False never) in an unlinked scratch file
        beside it, mapped. similarity names the form to score with
        (default: the sidecar's first; "cos" for a plain file)."""
        if fvocab is not None:
            raise ValueError("fvocab: word counts are not read (the vectors come most frequent first)")
        if no_header:
            raise ValueError("no_header: wipsvec reads word2vec files with their header line only")
        fname = os.fspath(fname)
        words, m, norms = _formats.read_word2vec(fname, limit=limit, encoding=encoding, unicode_errors=unicode_errors, mmap_mode=mmap)
        if datatype is not None and np.dtype(datatype) != m.dtype:
            m = m.astype(datatype)
            norms = None
        meta = read_sidecar(fname, None if limit is not None else len(words), m.shape[1])
        forms = plain_forms()
        if meta is not None:
            forms = [Similarity.from_json(f) for f in meta.get("similarities") or []] or legacy_forms(meta)
        subwords = None
        if meta is not None and meta.get("subwords") and limit is None:
            subwords = _subwords_of(fname, meta, words, m.shape[1])
        return cls._of(words, m, norms, forms, similarity, meta, subwords)

    @classmethod
    def load(cls, fname, similarity=None, mmap=None):
        """Reads what :meth:`save` wrote (or ``wipsvec train -output``):
        the vectors, the sidecar and the fastText model beside them."""
        _refuse_pickle(fname)
        return cls.load_word2vec_format(fname, similarity=similarity, mmap=mmap)

    def save(self, fname):
        """Writes the vectors in word2vec's binary format at fname, the
        sidecar at fname.json and, for a model with subwords, its fastText
        model at fname.fasttext.bin: the files ``wipsvec train`` writes,
        which :meth:`load`, ``wipsvec nearest`` and gensim read."""
        fname = os.fspath(fname)
        sub = None
        if self.subwords is not None:
            sub = fname + ".fasttext.bin"
            _copy_fasttext(self.subwords, sub)
        self.save_word2vec_format(fname, binary=True, _subwords_file=sub)

    def save_word2vec_format(self, fname, fvocab=None, binary=False, total_vec=None, write_header=True,
                             prefix="", append=False, sort_attr="count", _subwords_file=None):
        """Writes the vectors in word2vec's format (binary as word2vec.c
        writes it) and, for vectors with a sidecar, the sidecar beside them
        (fname.json), so that ``wipsvec nearest`` and this class score them
        with the model's similarity. The rows keep their order."""
        if fvocab is not None:
            raise ValueError("Cannot store vocabulary with '%s' because that attribute does not exist" % sort_attr)
        fname = os.fspath(fname)
        _formats.write_word2vec(fname, self.index_to_key, self.vectors, binary, prefix=prefix, append=append,
                                write_header=write_header, total_vec=total_vec)
        if self.meta is not None and not append and not prefix:
            meta = dict(self.meta)
            meta["words"], meta["dim"] = len(self), self.vector_size
            meta["similarities"] = [f.to_json() for f in self.similarities]
            meta.pop("subwords", None)
            if _subwords_file is not None:
                sw = dict(self.meta.get("subwords") or {})
                sw.update(file=os.path.basename(_subwords_file), minn=self.subwords.minn, maxn=self.subwords.maxn, bucket=self.subwords.bucket)
                meta["subwords"] = sw
            with open(sidecar_path(fname), "w", encoding="utf-8") as f:
                json.dump(meta, f, indent=2)

    def to_gensim(self):
        """The vectors as gensim's KeyedVectors (a copy; gensim scores by
        cosine), or, for a model with subwords, gensim's
        FastTextKeyedVectors read from its fastText model."""
        try:
            import gensim.models
        except ImportError:
            raise ImportError("to_gensim needs gensim (Debian: python3-gensim)") from None
        if self.subwords is not None:
            from gensim.models.fasttext import load_facebook_vectors
            import tempfile
            with tempfile.TemporaryDirectory(prefix="wipsvec-") as d:
                p = os.path.join(d, "model.bin")
                _copy_fasttext(self.subwords, p)
                return load_facebook_vectors(p)
        kv = gensim.models.KeyedVectors(self.vector_size, count=len(self), dtype=np.float32)
        kv.vectors[:] = self.vectors
        kv.index_to_key = list(self.index_to_key)
        kv.key_to_index = dict(self.key_to_index)
        return kv

    # ---- keys and vectors

    def _fold(self, key):
        if self._folded is None:
            self._folded = {}
            for i, w in enumerate(self.index_to_key):
                self._folded.setdefault(w.lower(), i)
        return self._folded.get(key.lower(), -1)

    def get_index(self, key, default=None):
        """The row of key: exactly, or else (for a str) the first
        case-insensitive match, or an int key itself; default, or KeyError,
        if there is none."""
        val = self.key_to_index.get(key, -1)
        if val >= 0:
            return val
        if isinstance(key, str):
            if self.casefold:
                val = self._fold(key)
                if val >= 0:
                    return val
        elif isinstance(key, (int, np.integer)) and 0 <= key < len(self.index_to_key):
            return int(key)
        if default is not None:
            return default
        raise KeyError("Key '%s' not present in the vocabulary of %d words" % (key, len(self)))

    def has_index_for(self, key):
        """Whether key has a row (a word of the vocabulary)."""
        return self.get_index(key, -1) >= 0

    def __contains__(self, key):
        """Whether key has a vector: a word of the vocabulary or, in a model
        with subwords, any word with a character n-gram (as gensim's
        FastTextKeyedVectors)."""
        if self.has_index_for(key):
            return True
        return self.subwords is not None and isinstance(key, str) and bool(self.subwords.ngram_rows(key))

    def _composed(self, key):
        """The vector of a word without a row, from its n-grams; KeyError
        without subwords or n-grams."""
        if self.subwords is not None and isinstance(key, str):
            v = self.subwords.mean_of_rows(self.subwords.ngram_rows(key))
            if v is not None:
                return v
            raise KeyError("Key '%s' not present in the vocabulary of %d words, and it has no character n-grams of %d to %d" % (key, len(self), self.subwords.minn, self.subwords.maxn))
        raise KeyError("Key '%s' not present in the vocabulary of %d words" % (key, len(self)))

    def get_vector(self, key, norm=False):
        """key's vector (read-only), scaled to unit length if norm: its row
        or, for a word without one in a model with subwords, the mean of
        its n-grams' rows."""
        i = self.get_index(key, -1)
        if i >= 0:
            v = np.array(self.vectors[i]) if norm else np.asarray(self.vectors[i]).view()
            if norm:
                n = np.linalg.norm(v)
                v = v / n if n > 0 else v
        else:
            v = self._composed(key)
            if norm:
                n = np.linalg.norm(v)
                v = v / n if n > 0 else v
        v.setflags(write=False)
        return v

    word_vec = get_vector

    def __getitem__(self, key_or_keys):
        if isinstance(key_or_keys, _KEY_TYPES):
            return self.get_vector(key_or_keys)
        return np.vstack([self.get_vector(k) for k in key_or_keys])

    def get_mean_vector(self, keys, weights=None, pre_normalize=True, post_normalize=False, ignore_missing=True):
        """gensim's: the weighted mean of the keys' vectors (each at unit
        length if pre_normalize), scaled to unit length if post_normalize."""
        if len(keys) == 0:
            raise ValueError("cannot compute mean with no input")
        weights = np.ones(len(keys)) if weights is None else np.asarray(weights, dtype=np.float64)
        if len(keys) != weights.shape[0]:
            raise ValueError("keys and weights array must have same number of elements")
        mean = np.zeros(self.vector_size, dtype=np.float32)
        total = 0.0
        for w, key in zip(weights, keys):
            if isinstance(key, np.ndarray):
                mean += w * key
                total += abs(w)
            elif key in self:
                mean += w * self.get_vector(key, norm=pre_normalize)
                total += abs(w)
            elif not ignore_missing:
                raise KeyError("Key '%s' not present in vocabulary" % (key,))
        if total > 0:
            mean = mean / total
        if post_normalize:
            mean = _unitvec(mean).astype(np.float32)
        return mean

    def fill_norms(self, force=False):
        """The rows' lengths, computed once (:attr:`norms`)."""
        if self.norms is None or force:
            norms = np.empty(len(self), dtype=np.float32)
            for a in range(0, len(self), _CHUNK * 8):
                b = np.asarray(self.vectors[a:a + _CHUNK * 8], dtype=np.float32)
                norms[a:a + len(b)] = np.sqrt(np.einsum("ij,ij->i", b, b))
            self.norms = norms
            self._maxnorm = None

    def get_normed_vectors(self):
        """Every row at unit length (a copy)."""
        self.fill_norms()
        with np.errstate(invalid="ignore", divide="ignore"):
            return self.vectors / self.norms[:, None]

    def add_vectors(self, keys, weights, extras=None, replace=False):
        """gensim's: appends keys and their vectors (or, with replace,
        overwrites the rows of keys already present)."""
        if isinstance(keys, _KEY_TYPES):
            keys, weights = [keys], np.asarray(weights).reshape(1, -1)
        weights = np.asarray(weights, dtype=self.vectors.dtype)
        present = np.array([k in self.key_to_index for k in keys], dtype=bool)
        if replace and present.any():
            rows = [self.key_to_index[k] for k, p in zip(keys, present) if p]
            vecs = np.array(self.vectors)
            vecs[rows] = weights[present]
            self.vectors = vecs
        new = [k for k, p in zip(keys, present) if not p]
        if new:
            for k in new:
                self.key_to_index[k] = len(self.index_to_key)
                self.index_to_key.append(k)
            self.vectors = np.vstack([self.vectors, weights[~present]])
        self.norms, self._folded, self._maxnorm = None, None, None

    def add_vector(self, key, vector):
        self.add_vectors([key], np.asarray(vector).reshape(1, -1))
        return self.key_to_index[key]

    def __setitem__(self, keys, weights):
        if isinstance(keys, _KEY_TYPES):
            keys, weights = [keys], np.asarray(weights).reshape(1, -1)
        self.add_vectors(keys, weights, replace=True)

    # ---- scoring

    def similarity(self, w1, w2):
        """The model's similarity of keys w1 and w2 (cosine for SG)."""
        return self.sim.score(self[w1], self[w2])

    def distance(self, w1, w2):
        """1 - similarity(w1, w2), as gensim defines it."""
        return 1 - self.similarity(w1, w2)

    @staticmethod
    def cosine_similarities(vector_1, vectors_all):
        """gensim's: the cosine of vector_1 with each row of vectors_all."""
        norm = np.linalg.norm(vector_1)
        all_norms = np.linalg.norm(vectors_all, axis=1)
        return np.dot(vectors_all, vector_1) / (norm * all_norms)

    def _scores_all(self, vec, lo=0, hi=None):
        """s(vec, row) for rows lo to hi, in float64."""
        hi = len(self) if hi is None else hi
        return self._score_rows(self._plan([(vec, 1.0, False)]), lo, hi)

    def distances(self, word_or_vector, other_words=()):
        """1 - the model's similarity of a key or vector with other_words,
        or with every word (itself included)."""
        v = self.get_vector(word_or_vector) if isinstance(word_or_vector, _KEY_TYPES) else word_or_vector
        if not other_words:
            return 1 - self._scores_all(v)
        rows = [self.get_index(w) for w in other_words]
        return 1 - self._score_rows(self._plan([(v, 1.0, False)]), rows=np.array(rows, dtype=np.int64))

    def closer_than(self, key1, key2):
        """Every key closer to key1 than key2 is (scoring higher with it
        under the model's similarity), key1 left out."""
        d = self.distances(key1)
        e1, e2 = self.get_index(key1), self.get_index(key2)
        return [self.index_to_key[i] for i in np.nonzero(d < d[e2])[0] if i != e1]

    def rank(self, key1, key2):
        """1 + the number of keys closer to key1 than key2 is."""
        return len(self.closer_than(key1, key2)) + 1

    def most_similar_to_given(self, key1, keys_list):
        """The key of keys_list most similar to key1."""
        return keys_list[int(np.argmax([self.similarity(key1, k) for k in keys_list]))]

    def n_similarity(self, ws1, ws2):
        """The similarity of the means of two sets of keys (their raw
        vectors; keys without a vector left out, as gensim does): for
        cosine gensim's, for an inner-product form the mean of the pairs'
        scores (the form is bilinear)."""
        if not (len(ws1) and len(ws2)):
            raise ZeroDivisionError("At least one of the passed list is empty.")
        if self.sim.cosine:
            m1 = self.get_mean_vector(ws1, pre_normalize=False)
            m2 = self.get_mean_vector(ws2, pre_normalize=False)
            return float(np.dot(_unitvec(m1), _unitvec(m2)))
        means = []
        for ws in (ws1, ws2):
            vs = [np.asarray(self[w], dtype=np.float64) for w in ws if w in self]
            means.append(np.mean(vs, axis=0) if vs else np.zeros(self.vector_size))
        return self.sim.score(means[0], means[1])

    def doesnt_match(self, words):
        """The word of words that goes least with the others: under cosine
        gensim's (the furthest from the mean of their unit vectors), else
        the one whose summed similarity with the others is least. Words
        without a vector are left out, with a warning."""
        used = [w for w in words if w in self]
        if len(used) != len(words):
            logger.warning("vectors for words %s are not present in the model, ignoring these words", set(words) - set(used))
        if not used:
            raise ValueError("cannot select a word from an empty list")
        vecs = np.vstack([self.get_vector(w, norm=self.sim.cosine) for w in used]).astype(np.float64)
        if self.sim.cosine:
            dists = vecs @ _unitvec(vecs.mean(axis=0))
        else:
            s = np.array([[self.sim.score(a, b) for b in vecs] for a in vecs])
            dists = s.sum(axis=1) - np.diag(s)
        return sorted(zip(dists.tolist(), used))[0][1]

    def rank_by_centrality(self, words, use_norm=True):
        """gensim's, under cosine: (similarity to the words' centroid, word),
        most central first."""
        used = [w for w in words if w in self]
        if not used:
            raise ValueError("cannot select a word from an empty list")
        vecs = np.vstack([self.get_vector(w, norm=use_norm) for w in used]).astype(np.float64)
        dists = vecs @ _unitvec(vecs.mean(axis=0))
        return sorted(zip(dists.tolist(), used), reverse=True)

    # A query is planned once: the vector its rows are multiplied by, and
    # the terms added to each row's product.

    def _plan(self, terms):
        """terms: (vector, weight, is_raw) for each word or vector of a
        query; raw vectors stay as given under cosine, words' vectors are
        taken at unit length. Returns the plan _score_rows follows."""
        dim = self.vector_size
        if self.sim.cosine:
            q = np.zeros(dim)
            for v, w, raw in terms:
                v = np.asarray(v, dtype=np.float64)
                q += w * (v if raw else _unitvec(v))
            return ("cos", _unitvec(q), 0.0, 0.0)
        c, p = self.sim.coefficients(dim)
        a = np.zeros(p)
        const = bsum = 0.0
        for v, w, _ in terms:
            v = np.asarray(v, dtype=np.float64)
            a += w * c * v[:p]
            if self.sim.bias:
                const += w * float(v[p])
                bsum += w
        return ("ip", a, const, bsum)

    def _rows_scores(self, plan, m):
        """The plan's scores of the float64 rows m."""
        kind, a, const, bsum = plan
        if kind == "cos":
            with np.errstate(invalid="ignore", divide="ignore"):
                return (m @ a) / np.sqrt(np.einsum("ij,ij->i", m, m))
        p = len(a)
        s = m[:, :p] @ a
        if self.sim.bias:
            s = s + const + bsum * m[:, p]
        return s

    def _score_rows(self, plan, lo=0, hi=None, rows=None):
        """The plan's float64 scores of rows lo to hi, or of the rows given
        (a zero row scores NaN under cosine)."""
        if rows is None:
            hi = len(self) if hi is None else hi
            out = np.empty(max(hi - lo, 0))
            for a in range(lo, hi, _CHUNK):
                b = min(a + _CHUNK, hi)
                out[a - lo:b - lo] = self._rows_scores(plan, np.asarray(self.vectors[a:b], dtype=np.float64))
            return out
        out = np.empty(len(rows))
        for a in range(0, len(rows), _CHUNK):
            r = rows[a:a + _CHUNK]
            out[a:a + len(r)] = self._rows_scores(plan, np.asarray(self.vectors[r], dtype=np.float64))
        return out

    def _fast_scores(self, plan, lo, hi):
        """The plan's scores of rows lo to hi in float32 (one matrix-vector
        product over the mapped rows), and a bound on their error."""
        kind, a, const, bsum = plan
        m = self.vectors[lo:hi]
        dim = self.vector_size
        eps = dim * 2.0 ** -22
        if kind == "cos":
            self.fill_norms()
            with np.errstate(invalid="ignore", divide="ignore"):
                s = (m @ a.astype(np.float32)) / self.norms[lo:hi]
            return s, 4 * eps + 1e-6
        if self._maxnorm is None:
            self.fill_norms()
            self._maxnorm = float(self.norms.max()) if len(self.norms) else 0.0
        p = len(a)
        s = m[:, :p] @ a.astype(np.float32)
        if self.sim.bias:
            s = s + np.float32(const) + np.float32(bsum) * m[:, p]
        err = eps * self._maxnorm * float(np.linalg.norm(a)) + 2.0 ** -21 * (abs(const) + abs(bsum) * self._maxnorm)
        return s, 4 * err + 1e-9

    def _top(self, plan, topn, lo, hi, skip):
        """The topn rows of lo to hi by the plan's score, rows in skip left
        out, as (index, float64 score), best first, ties to the earlier
        row: candidates by the float32 scores (every row within their error
        of the cut), then ranked by float64 ones."""
        n = hi - lo
        if n <= 0:
            return []
        fast, margin = self._fast_scores(plan, lo, hi)
        fast = np.where(np.isnan(fast), -np.inf, fast)
        k = topn + sum(1 for r in skip if lo <= r < hi)
        if k >= n:
            cand = np.arange(n)
        else:
            cut = np.partition(fast, n - k)[n - k]
            cand = np.nonzero(fast >= cut - margin)[0]
        exact = self._score_rows(plan, rows=cand + lo)
        exact = np.where(np.isnan(exact), -np.inf, exact)
        out = []
        for j in np.lexsort((cand, -exact)):
            i = int(cand[j]) + lo
            if i in skip:
                continue
            if exact[j] == -np.inf or len(out) == topn:
                break
            out.append((i, float(exact[j])))
        return out

    def _terms(self, positive, negative, vocab=None):
        """A query's terms, (vector, weight, is_raw), and the rows of its
        words. vocab maps keys to rows instead of the vocabulary (gensim's
        evaluate methods)."""
        positive, negative = _ensure_list(positive), _ensure_list(negative)
        items = [(x, 1.0) for x in positive] + [(x, -1.0) for x in negative]
        terms, rows = [], []
        for item, weight in items:
            if not isinstance(item, _EXTENDED_KEY_TYPES):
                item, weight = item[0], float(item[1])
            if isinstance(item, np.ndarray):
                terms.append((item, weight, True))
                continue
            i = vocab.get(item, -1) if vocab is not None else self.get_index(item, -1)
            if i >= 0:
                terms.append((self.vectors[i], weight, False))
                rows.append(i)
            else:
                terms.append((self._composed(item), weight, False))
        if not terms:
            raise ValueError("cannot compute similarity with no input")
        return terms, rows

    def most_similar(self, positive=None, negative=None, topn=10, clip_start=0, clip_end=None, restrict_vocab=None,
                     indexer=None, _vocab=None):
        """The topn words most similar to the positive keys (words,
        vectors, or (key, weight) pairs) less the negative ones, under the
        model's similarity, as (word, score) pairs, best first; topn None:
        the scores of every word of the range, an array. restrict_vocab
        searches the first restrict_vocab words only (clip_start and
        clip_end: a range of them)."""
        if isinstance(topn, Integral) and topn < 1:
            return []
        if indexer is not None:
            raise ValueError("indexer: an approximate index is not supported; most_similar searches every word")
        terms, rows = self._terms(positive, negative, _vocab)
        plan = self._plan(terms)
        lo, hi = clip_start, clip_end or len(self)
        if restrict_vocab:
            lo, hi = 0, min(restrict_vocab, len(self))
        hi = min(hi, len(self))
        if not topn:
            return self._score_rows(plan, lo, hi)
        return [(self.index_to_key[i], s) for i, s in self._top(plan, int(topn), lo, hi, set(rows))]

    def similar_by_word(self, word, topn=10, restrict_vocab=None):
        return self.most_similar(positive=[word], topn=topn, restrict_vocab=restrict_vocab)

    similar_by_key = similar_by_word

    def similar_by_vector(self, vector, topn=10, restrict_vocab=None):
        """The words most similar to a vector (no word left out)."""
        return self.most_similar(positive=[np.asarray(vector)], topn=topn, restrict_vocab=restrict_vocab)

    def most_similar_cosmul(self, positive=None, negative=None, topn=10, restrict_vocab=None):
        """Levy and Goldberg's 3CosMul: the product of the positive keys'
        similarities over the negative ones' (+1e-6), each mapped into
        (0, 1): under cosine (1 + cos)/2, as gensim does; under any other
        similarity s the logistic sigma(s), the model's probability that the
        two words co-occur. restrict_vocab searches the first words only."""
        if isinstance(topn, Integral) and topn < 1:
            return []
        positive, negative = _ensure_list(positive), _ensure_list(negative)
        skip = {self.key_to_index[w] for w in positive + negative if not isinstance(w, np.ndarray) and w in self.key_to_index}
        if not positive:
            raise ValueError("cannot compute similarity with no input")
        hi = len(self) if not restrict_vocab else min(restrict_vocab, len(self))

        def mapped(item):
            if isinstance(item, np.ndarray):
                v, raw = item, True
            else:
                v, raw = self.get_vector(item), False
            s = self._score_rows(self._plan([(v, 1.0, raw)]), 0, hi)
            if self.sim.cosine:
                if raw:  # gensim's product with a vector as given
                    self.fill_norms()
                    s = (np.asarray(self.vectors[:hi], dtype=np.float64) @ np.asarray(v, dtype=np.float64)) / self.norms[:hi]
                return (1 + s) / 2
            return 1 / (1 + np.exp(-s))

        num = np.prod([mapped(p) for p in positive], axis=0)
        den = np.prod([mapped(n) for n in negative], axis=0) if negative else 1.0
        dists = num / (den + 0.000001)
        if not topn:
            return dists
        dists = np.where(np.isnan(dists), -np.inf, dists)
        out = []
        for i in np.lexsort((np.arange(hi), -dists)):
            if int(i) in skip:
                continue
            if len(out) == topn:
                break
            out.append((self.index_to_key[i], float(dists[i])))
        return out

    # ---- evaluation

    def _ok_vocab(self, restrict_vocab, case_insensitive):
        keys = self.index_to_key[:restrict_vocab]
        if case_insensitive:
            return {k.upper(): i for i, k in reversed(list(enumerate(keys)))}
        return {k: i for i, k in reversed(list(enumerate(keys)))}

    def evaluate_word_pairs(self, pairs, delimiter="\t", encoding="utf8", restrict_vocab=300000, case_insensitive=True,
                            dummy4unknown=False):
        """gensim's: Pearson's and Spearman's correlation of the model's
        similarities with a file of "word1 word2 score" lines, and the
        percentage of pairs with a word outside the first restrict_vocab
        words. The correlations are SciPy's when it is installed (as
        gensim's), else (statistic, pvalue) pairs computed here."""
        ok = self._ok_vocab(restrict_vocab, case_insensitive)
        gold, model = [], []
        oov = 0
        with open(os.fspath(pairs), encoding=encoding) as fin:
            for line_no, line in enumerate(fin):
                if not line or line.startswith("#"):
                    continue
                try:
                    a, b, sim = [w.upper() if case_insensitive else w for w in line.split(delimiter)]
                    sim = float(sim)
                except (ValueError, TypeError):
                    logger.info("Skipping invalid line #%d in %s", line_no, pairs)
                    continue
                if a not in ok or b not in ok:
                    oov += 1
                    if dummy4unknown:
                        model.append(0.0)
                        gold.append(sim)
                    continue
                gold.append(sim)
                model.append(self.sim.score(self.vectors[ok[a]], self.vectors[ok[b]]))
        if not gold:
            raise ValueError("No valid similarity judgements found in %s: either invalid format or all are out-of-vocabulary in %s" % (pairs, self))
        spearman, pearson = _correlations(gold, model)
        oov_ratio = float(oov) / (len(gold) if dummy4unknown else len(gold) + oov) * 100
        return pearson, spearman, oov_ratio

    def evaluate_word_analogies(self, analogies, restrict_vocab=300000, case_insensitive=True, dummy4unknown=False,
                                similarity_function="most_similar"):
        """gensim's: the accuracy on a file of analogies ("a b c d" lines
        in ": section" sections), each answered by most_similar(positive=[b,
        c], negative=[a]) (or most_similar_cosmul) among the first
        restrict_vocab words; returns (score, sections), the last section
        the total."""
        ok = self._ok_vocab(restrict_vocab, case_insensitive)
        oov = 0
        sections, section = [], None
        quadruplets = 0
        with open(os.fspath(analogies), "rb") as fin:
            for line_no, raw in enumerate(fin):
                line = raw.decode("utf8")
                if line.startswith(": "):
                    if section:
                        sections.append(section)
                    section = {"section": line.lstrip(": ").strip(), "correct": [], "incorrect": []}
                    continue
                if not section:
                    raise ValueError("Missing section header before line #%i in %s" % (line_no, analogies))
                try:
                    a, b, c, expected = [w.upper() if case_insensitive else w for w in line.split()]
                except ValueError:
                    continue
                quadruplets += 1
                if a not in ok or b not in ok or c not in ok or expected not in ok:
                    oov += 1
                    if dummy4unknown:
                        section["incorrect"].append((a, b, c, expected))
                    continue
                if similarity_function == "most_similar_cosmul":
                    rows = [ok[b], ok[c], ok[a]]
                    sims = self.most_similar_cosmul(positive=[self.index_to_key[rows[0]], self.index_to_key[rows[1]]],
                                                    negative=[self.index_to_key[rows[2]]], topn=5, restrict_vocab=restrict_vocab)
                else:
                    sims = self.most_similar(positive=[b, c], negative=[a], topn=5, restrict_vocab=restrict_vocab, _vocab=ok)
                ignore = {a, b, c}
                predicted = None
                for word, _ in sims:
                    predicted = word.upper() if case_insensitive else word
                    if predicted in ok and predicted not in ignore:
                        break
                (section["correct"] if predicted == expected else section["incorrect"]).append((a, b, c, expected))
        if section:
            sections.append(section)
        total = {
            "section": "Total accuracy",
            "correct": list(itertools.chain.from_iterable(s["correct"] for s in sections)),
            "incorrect": list(itertools.chain.from_iterable(s["incorrect"] for s in sections)),
        }
        if quadruplets:
            logger.info("Quadruplets with out-of-vocabulary words: %.1f%%", 100.0 * oov / quadruplets)
        n = len(total["correct"]) + len(total["incorrect"])
        score = len(total["correct"]) / n if n else 0.0
        sections.append(total)
        return score, sections


def _refuse_pickle(fname):
    """ValueError for a file gensim pickled (what gensim's save writes)."""
    try:
        with open(os.fspath(fname), "rb") as f:
            head = f.read(2)
    except IsADirectoryError:
        raise ValueError("%s: a folder, not a vectors file" % fname) from None
    if head[:1] == b"\x80":
        raise ValueError("%s: a gensim model (a pickle); load it with gensim, or save its vectors with "
                         "model.wv.save_word2vec_format(path, binary=True) and load those" % fname)


def _subwords_of(fname, meta, words, dim):
    side = sidecar_path(fname)
    sw = meta["subwords"]
    ft = sw["file"] if os.path.isabs(sw["file"]) else os.path.join(os.path.dirname(os.path.abspath(fname)), sw["file"])
    sub = _formats.FastTextFile(ft)
    if (sub.minn, sub.maxn, sub.bucket) != (sw["minn"], sw["maxn"], sw["bucket"]) or sub.nwords != len(words) or sub.dim != dim:
        raise ValueError("%s: n-grams %d-%d in %d buckets, %d words of dimension %d, but the sidecar %s says %s-%s in %s, %d of %d; model of another run?"
                         % (ft, sub.minn, sub.maxn, sub.bucket, sub.nwords, sub.dim, side, sw["minn"], sw["maxn"], sw["bucket"], len(words), dim))
    return sub


def _copy_fasttext(sub, dest):
    """Copies the fastText model sub was read from to dest."""
    src = getattr(sub, "source", None)
    if src is not None:  # an open file whose name may be gone
        src.seek(0)
        with open(dest, "wb") as out:
            shutil.copyfileobj(src, out, 1 << 20)
        return
    if os.path.abspath(sub.path) != os.path.abspath(dest):
        shutil.copyfile(sub.path, dest)


def _ranks(x):
    """Ranks from 1, ties given their mean rank (as SciPy's rankdata)."""
    x = np.asarray(x, dtype=np.float64)
    order = np.argsort(x, kind="mergesort")
    xs = x[order]
    ranks = np.empty(len(x))
    i = 0
    while i < len(x):
        j = i
        while j + 1 < len(x) and xs[j + 1] == xs[i]:
            j += 1
        ranks[order[i:j + 1]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def _betainc(a, b, x):
    """The regularized incomplete beta function I_x(a, b) (a continued
    fraction, as Numerical Recipes's betacf)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    lbeta = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    if x > (a + 1) / (a + b + 2):
        return 1.0 - _betainc(b, a, 1 - x)
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        for num in (m * (b - m) * x / ((a + m2 - 1) * (a + m2)), -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))):
            d = 1 + num * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(lbeta) * h / a


class Correlation(tuple):
    """A correlation and its two-sided p-value, as SciPy returns them."""

    def __new__(cls, statistic, pvalue):
        return super().__new__(cls, (statistic, pvalue))

    statistic = property(lambda self: self[0])
    correlation = statistic
    pvalue = property(lambda self: self[1])

    def __repr__(self):
        return "Correlation(statistic=%r, pvalue=%r)" % (self[0], self[1])


def _pearson(x, y):
    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    n = len(x)
    xm, ym = x - x.mean(), y - y.mean()
    den = math.sqrt(float(np.dot(xm, xm)) * float(np.dot(ym, ym)))
    r = float(np.dot(xm, ym) / den) if den > 0 else float("nan")
    r = max(-1.0, min(1.0, r))
    if n <= 2 or math.isnan(r):
        return Correlation(r, 1.0 if n <= 2 else float("nan"))
    if abs(r) == 1:
        return Correlation(r, 0.0)
    df = n - 2
    t2 = r * r * df / (1 - r * r)
    return Correlation(r, _betainc(df / 2, 0.5, df / (df + t2)))


def _correlations(gold, model):
    """Spearman's and Pearson's correlation of gold and model: SciPy's
    when installed, else computed here (the p-values from Student's t, as
    SciPy's spearmanr)."""
    try:
        from scipy import stats
    except ImportError:
        return _pearson(_ranks(gold), _ranks(model)), _pearson(gold, model)
    return stats.spearmanr(gold, model), stats.pearsonr(gold, model)


def load(path, similarity=None, mmap=None):
    """The vectors at path (word2vec text or binary) with their sidecar
    path + ".json" and the fastText model it names, when there are; a
    :class:`KeyedVectors`."""
    return KeyedVectors.load_word2vec_format(path, similarity=similarity, mmap=mmap)
