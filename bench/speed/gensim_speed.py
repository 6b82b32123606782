#!/usr/bin/python3
"""Time gensim's skip-gram beside wipsvec's; run by `wipsvec bench`.

  gensim_speed.py CORPUS SIZE THREADS WINDOW NEGATIVE SAMPLE MIN_COUNT ALPHA EPOCHS SEED [SG HS]

Builds the vocabulary and trains Word2Vec(sg=SG, hs=HS) (skip-gram with
negative sampling, sg=1 hs=0, unless they say otherwise) on CORPUS, a plain
text file with one sentence per line, timing the two phases apart, and
prints one JSON object:

  {"gensim": version, "mode": "corpus_file" or "iterable",
   "vocab_seconds": s, "train_seconds": s,
   "words": in-vocabulary corpus words (one epoch), "vocab": n,
   "trained_words": words left after subsampling, "raw_words": ...}

corpus_file mode (gensim's Cython reader, one thread per worker without
the GIL) is used when gensim was built with it; otherwise sentences are
streamed with LineSentence, the mode most users run.
"""
import json
import sys
import time

import gensim
from gensim.models import Word2Vec
from gensim.models.word2vec import LineSentence


def main(argv):
    if len(argv) not in (11, 13):
        sys.exit(__doc__)
    path = argv[1]
    size, threads, window, negative = (int(a) for a in argv[2:6])
    sample = float(argv[6])
    min_count = int(argv[7])
    alpha = float(argv[8])
    epochs, seed = int(argv[9]), int(argv[10])
    sg, hs = (int(a) for a in argv[11:13]) if len(argv) == 13 else (1, 0)

    try:
        from gensim.models.word2vec_corpusfile import CythonLineSentence  # noqa: F401
        mode = "corpus_file"
    except ImportError:
        mode = "iterable"

    model = Word2Vec(sg=sg, hs=hs, vector_size=size, window=window, negative=negative,
                     sample=sample, min_count=min_count, alpha=alpha, epochs=epochs,
                     workers=threads, seed=seed)
    t0 = time.perf_counter()
    if mode == "corpus_file":
        model.build_vocab(corpus_file=path)
    else:
        model.build_vocab(LineSentence(path))
    t1 = time.perf_counter()
    if mode == "corpus_file":
        trained, raw = model.train(corpus_file=path, total_examples=model.corpus_count,
                                   total_words=model.corpus_total_words, epochs=epochs)
    else:
        trained, raw = model.train(LineSentence(path), total_examples=model.corpus_count,
                                   total_words=model.corpus_total_words, epochs=epochs)
    t2 = time.perf_counter()

    counts = model.wv.expandos["count"]
    json.dump({
        "gensim": gensim.__version__,
        "mode": mode,
        "vocab_seconds": t1 - t0,
        "train_seconds": t2 - t1,
        "words": int(counts.sum()),
        "vocab": len(model.wv.index_to_key),
        "trained_words": int(trained),
        "raw_words": int(raw),
    }, sys.stdout)


if __name__ == "__main__":
    main(sys.argv)
