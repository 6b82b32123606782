"""Training with gensim's names: Word2Vec and FastText run the wipsvec
binary (``wipsvec train``) and read what it wrote.

    from wipsvec import Word2Vec
    model = Word2Vec(sentences, vector_size=100, model="wips")   # any iterable of token lists
    model.wv.most_similar("king")                               # scored with WIPS's similarity
    model.save("vec.bin")                                       # vec.bin, vec.bin.json
"""

import os
import shutil
import tempfile

from . import _run
from ._ftmethods import FastTextMethods

__all__ = ["Word2Vec", "FastText", "TRAIN_FLAGS"]

# The train flags beyond gensim's names that Word2Vec and FastText take as
# keywords: the keyword, its flag and its kind.
TRAIN_FLAGS = {
    "batch": ("batch", bool),
    "share_noise": ("share-noise", int),
    "hot_rows": ("hot-rows", int),
    "hot_sync": ("hot-sync", int),
    "neg_dim": ("neg-dim", int),
    "neg_ratio": ("neg-ratio", float),
    "lambda_init": ("lambda-init", str),
    "lambda_alpha": ("lambda-alpha", float),
    "ids": ("ids", str),
    "check_memory": ("check-memory", bool),
    "checkpoint": ("checkpoint", "path"),
    "checkpoint_every": ("checkpoint-every", "duration"),
    "init": ("init", "path"),
    "update_vocab": ("update-vocab", bool),
    "read_vocab": ("read-vocab", "path"),
    "save_vocab": ("save-vocab", "path"),
}


def _flag_value(name, kind, value):
    if kind is bool:
        return "-%s=%s" % (name, "true" if value else "false")
    if kind == "path":
        return ["-" + name, os.fspath(value)]
    if kind == "duration":
        return ["-" + name, value if isinstance(value, str) else "%gs" % value]
    return ["-" + name, str(kind(value))]


def _corpus_arg(corpus_file):
    """corpus_file as -train takes it (a path, a list of paths, a glob, a
    folder); FileNotFoundError for a path that is neither a file nor a
    folder nor a pattern."""
    if isinstance(corpus_file, (list, tuple)):
        paths = [os.fspath(p) for p in corpus_file]
    else:
        paths = [os.fspath(corpus_file)]
    for p in paths:
        if not isinstance(p, str):
            raise TypeError("corpus_file: want a path, got %r" % (p,))
        if not os.path.exists(p) and not any(c in p for c in "*?[") and "," not in p:
            raise FileNotFoundError(2, "corpus_file: no such file", p)
    return ",".join(paths)


def _warm():
    """Imports what reading the vectors needs (NumPy above all) while the
    binary trains, rather than before or after."""
    from . import keyedvectors  # noqa: F401


class Word2Vec:
    """Trains word vectors with ``wipsvec train`` under a similarity model
    (``model``: sg, ips, sips, ipds, wips or hsg), with gensim's
    Word2Vec's arguments. sentences (any iterable of token lists,
    generators included) is streamed to the binary, one line a sentence,
    and never held; corpus_file (a text file of whitespace-separated
    tokens, a line a sentence; .gz or .zst; a folder, a glob or a list of
    them) the binary reads itself. The defaults that differ from gensim's:
    sg=1 (skip-gram), sample=1e-4, workers = the CPUs, and alpha 0.05 for
    CBOW; docs/python.md says why. Other ``wipsvec train`` flags go as
    keywords (:data:`TRAIN_FLAGS`: neg_dim=1, lambda_init="spectral", ...).
    progress shows a bar (tqdm) or lines; Ctrl-C stops the binary and
    leaves no file. ``wv`` is the trained :class:`~wipsvec.KeyedVectors`."""

    _max_n = 0

    def __init__(self, sentences=None, corpus_file=None, vector_size=100, alpha=None, window=5, min_count=5,
                 max_vocab_size=None, sample=1e-4, seed=1, workers=None, min_alpha=None, sg=1, hs=0, negative=5,
                 ns_exponent=0.75, cbow_mean=1, hashfxn=hash, epochs=5, null_word=0, trim_rule=None, sorted_vocab=1,
                 batch_words=10000, compute_loss=False, callbacks=(), comment=None, max_final_vocab=None,
                 shrink_windows=True, model="sg", progress=True, **flags):
        for k in flags:
            if k not in TRAIN_FLAGS and k not in self._extra_keywords():
                raise TypeError("%s() got an unexpected keyword argument %r (wipsvec train's other flags: %s)"
                                % (type(self).__name__, k, ", ".join(sorted(TRAIN_FLAGS))))
        unsupported = [
            ("min_alpha", min_alpha is not None, "the rate decays linearly to 1e-4 of alpha"),
            ("ns_exponent", ns_exponent != 0.75, "noise words are drawn by count^0.75"),
            ("cbow_mean", cbow_mean != 1, "CBOW takes the mean of the context"),
            ("null_word", null_word != 0, "there is no null word"),
            ("trim_rule", trim_rule is not None, "the vocabulary is the words of min_count or more"),
            ("sorted_vocab", sorted_vocab != 1, "the vocabulary is sorted by count"),
            ("callbacks", bool(callbacks), "training runs in another process"),
            ("max_final_vocab", max_final_vocab is not None, "use min_count"),
            ("shrink_windows", not shrink_windows, "windows are shrunk at random, as word2vec's"),
        ]
        for name, given, why in unsupported:
            if given:
                raise ValueError("%s is not supported: %s" % (name, why))
        if sentences is not None and corpus_file is not None:
            raise TypeError("Both corpus_file and sentences must not be provided at the same time")
        self.vector_size, self.window, self.min_count = vector_size, window, min_count
        self.max_vocab_size, self.sample, self.seed, self.workers = max_vocab_size, sample, seed, workers
        self.sg, self.hs, self.negative, self.epochs = sg, hs, negative, epochs
        self.alpha, self.compute_loss, self.comment = alpha, compute_loss, comment
        self.model, self.progress = model, progress
        self.flags = dict(flags)
        self.wv = None
        self.meta = None
        self.corpus_count = 0
        self.corpus_total_words = 0
        self.running_training_loss = 0.0
        self._pending = None
        if sentences is not None or corpus_file is not None:
            self.train(sentences, corpus_file)

    def _extra_keywords(self):
        return ()

    def __str__(self):
        return "%s<model=%s, vocab=%d, vector_size=%s, alpha=%s>" % (
            type(self).__name__, self.model, len(self.wv) if self.wv is not None else 0, self.vector_size, self.alpha)

    __repr__ = __str__

    def _args(self, source, out):
        a = ["-train", source, "-output", out, "-binary", "1", "-size", str(int(self.vector_size)),
             "-window", str(int(self.window)), "-min-count", str(int(self.min_count)), "-sample", repr(float(self.sample)),
             "-seed", str(int(self.seed)), "-negative", str(int(self.negative)), "-iter", str(int(self.epochs)),
             "-model", str(self.model)]
        if not self.sg:
            a += ["-cbow", "1"]
        if self.hs:
            a += ["-hs", "1"]
        if self.alpha is not None:
            a += ["-alpha", repr(float(self.alpha))]
        if self.workers is not None:
            a += ["-threads", str(int(self.workers))]
        if self.max_vocab_size is not None:
            a += ["-max-vocab", str(int(self.max_vocab_size))]
        for k, v in self.flags.items():
            if k in TRAIN_FLAGS:
                name, kind = TRAIN_FLAGS[k]
                f = _flag_value(name, kind, v)
                a += f if isinstance(f, list) else [f]
        if not self.progress:
            a.append("-quiet")
        return a + self._subword_args()

    def _subword_args(self):
        return []

    def build_vocab(self, corpus_iterable=None, corpus_file=None, update=False, **kwargs):
        """gensim's first step: here it only remembers the corpus, which
        train() reads once (the binary counts and trains in one run)."""
        if update or self.wv is not None:
            raise NotImplementedError("a trained model does not train further from Python; train a new one, "
                                      "or continue from it with wipsvec train -init (init= here)")
        self._pending = (corpus_iterable, corpus_file)

    def train(self, corpus_iterable=None, corpus_file=None, total_examples=None, total_words=None, epochs=None,
              start_alpha=None, end_alpha=None, word_count=0, queue_factor=2, report_delay=1.0, compute_loss=False,
              callbacks=(), **kwargs):
        """Trains the model: the binary counts the corpus (corpus_iterable
        or corpus_file, else build_vocab's), trains and writes the vectors
        to a temporary folder, read into :attr:`wv`, then removed. A failed
        or interrupted run leaves no file."""
        if self.wv is not None:
            raise NotImplementedError("a trained model does not train further from Python; train a new one, "
                                      "or continue from it with wipsvec train -init (init= here)")
        if corpus_iterable is None and corpus_file is None and self._pending:
            corpus_iterable, corpus_file = self._pending
        if corpus_iterable is not None and corpus_file is not None:
            raise TypeError("Both corpus_file and corpus_iterable must not be provided at the same time")
        if corpus_iterable is None and corpus_file is None:
            raise TypeError("Either one of corpus_file or corpus_iterable value must be provided")
        if epochs is not None:
            self.epochs = epochs
        if start_alpha is not None:
            self.alpha = start_alpha
        if corpus_iterable is not None:
            if isinstance(corpus_iterable, (str, bytes, os.PathLike)):
                raise TypeError("sentences: want an iterable of token lists, got %r (a file goes as corpus_file=)" % (corpus_iterable,))
            try:
                iter(corpus_iterable)
            except TypeError:
                raise TypeError("sentences: want an iterable of token lists, got %s" % type(corpus_iterable).__name__) from None
            source = "-"
        else:
            source = _corpus_arg(corpus_file)
        work = tempfile.mkdtemp(prefix="wipsvec-train-")
        try:
            out = os.path.join(work, "vectors.bin")
            cmd = [_run.binary_path(), "train"] + self._args(source, out)
            counts = _run.run(cmd, corpus_iterable, self.progress, desc="wipsvec %s" % self.model, warm=_warm)
            self._read(out)
            if corpus_iterable is not None:
                self.corpus_count = counts[0]
        finally:
            shutil.rmtree(work, ignore_errors=True)
        self._pending = None
        return self.trained_word_count, self.corpus_total_words * self.epochs

    def _read(self, out):
        """Loads what the binary wrote to out: the vectors into memory, the
        fastText model (if any) mapped, its file kept open so that it
        outlives the folder."""
        from .keyedvectors import KeyedVectors

        kv = KeyedVectors.load_word2vec_format(out, mmap=False)
        if kv.subwords is not None:
            kv.subwords.source = open(kv.subwords.path, "rb")
            if os.name == "nt":  # a mapped file cannot be removed there: read it into memory
                import numpy as np
                kv.subwords.matrix = np.array(kv.subwords.matrix)
        self._adopt(kv)

    def _adopt(self, kv):
        self.wv = kv
        self.meta = meta = kv.meta or {}
        hyper = meta.get("hyper", {})
        self.vector_size = kv.vector_size
        self.model = meta.get("model", self.model)
        for attr, key in (("window", "window"), ("negative", "negative"), ("sample", "sample"), ("alpha", "alpha"),
                          ("epochs", "iter"), ("min_count", "min_count"), ("workers", "threads"), ("seed", "seed")):
            if key in hyper:
                setattr(self, attr, hyper[key])
        self.sg = 0 if hyper.get("cbow") else 1
        self.hs = 1 if hyper.get("hs") else 0
        self.corpus_total_words = int(meta.get("corpus", {}).get("tokens", 0))
        self.running_training_loss = float(meta.get("stats", {}).get("final_loss", 0.0))
        self.trained_word_count = int(meta.get("stats", {}).get("words_processed", 0))

    def get_latest_training_loss(self):
        """The training loss at the end (the mean per pair, as ``wipsvec
        train`` reports it; gensim sums it instead)."""
        return self.running_training_loss

    def save(self, fname):
        """Writes fname (the vectors, word2vec binary), fname.json (the
        sidecar: the model, its similarity, the settings) and, with
        subwords, fname.fasttext.bin: what ``wipsvec train`` writes, so
        ``wipsvec nearest``, gensim and :meth:`load` read it."""
        if self.wv is None:
            raise ValueError("the model has not been trained")
        self.wv.save(fname)

    @classmethod
    def load(cls, fname, similarity=None, mmap=None):
        """Reads what :meth:`save` or ``wipsvec train -output fname``
        wrote."""
        from .keyedvectors import KeyedVectors, _refuse_pickle

        _refuse_pickle(fname)
        kv = KeyedVectors.load_word2vec_format(fname, similarity=similarity, mmap=mmap)
        if kv.meta is None:
            raise ValueError("%s has no sidecar %s.json, so it is vectors, not a model: read it with KeyedVectors.load_word2vec_format"
                             % (fname, os.fspath(fname)))
        if cls._max_n and kv.subwords is None:
            raise ValueError("%s has no subword rows (its sidecar names no fastText model): read it with Word2Vec.load" % fname)
        self = cls.__new__(cls)
        self.progress, self.flags, self.compute_loss, self.comment = True, {}, False, None
        self.max_vocab_size, self.corpus_count, self._pending = None, 0, None
        self.min_n = self.max_n = self.bucket = None
        self.model = None
        self._adopt(kv)
        if kv.subwords is not None:
            self.min_n, self.max_n, self.bucket = kv.subwords.minn, kv.subwords.maxn, kv.subwords.bucket
        return self


class FastText(FastTextMethods, Word2Vec):
    """Word2Vec with fastText's subword rows (``wipsvec train -maxn``):
    a word's vector is the mean of its own row and its character n-grams'
    (min_n to max_n characters, hashed into bucket rows), and a word not in
    the vocabulary gets one from its n-grams. gensim's FastText's
    arguments; every model but hsg. fastText's Python methods too:
    get_word_vector, get_subwords, get_nearest_neighbors, get_analogies."""

    _max_n = 1

    def __init__(self, sentences=None, corpus_file=None, vector_size=100, min_n=3, max_n=6, bucket=2000000,
                 word_ngrams=1, **kwargs):
        if word_ngrams != 1:
            raise ValueError("word_ngrams is not supported: word n-grams are fastText's supervised models'")
        if max_n < 1 or min_n < 1 or min_n > max_n:
            raise ValueError("min_n %r and max_n %r: want 1 <= min_n <= max_n (Word2Vec trains without subwords)" % (min_n, max_n))
        self.min_n, self.max_n, self.bucket = min_n, max_n, bucket
        super().__init__(sentences, corpus_file, vector_size, **kwargs)

    def _subword_args(self):
        return ["-minn", str(int(self.min_n)), "-maxn", str(int(self.max_n)), "-bucket", str(int(self.bucket))]
