#!/usr/bin/python3
"""Cross-check wipsvec against gensim; driven by bench/gensim_test.go.

  gensim_check.py eval VECTORS BINARY WORDS TSV...
      Load VECTORS (BINARY is 0 or 1) with KeyedVectors.load_word2vec_format,
      run evaluate_word_pairs with its defaults on each TSV, and print JSON:
      {"words": n, "dim": d, "datasets": {name: {"spearman": rho,
      "oov_ratio": pct}}, "vectors": {word: [float32 bits]}} for the words in
      the comma-separated WORDS.

  gensim_check.py load VECTORS BINARY
      Load VECTORS (BINARY is 0 or 1) with KeyedVectors.load_word2vec_format
      in its default mode (strict UTF-8) and print {"words": [...], "dim": d,
      "vectors": [[float32 bits]]}, rows in file order. A file that does not
      load fails with gensim's error (UnicodeDecodeError for a word that is
      not valid UTF-8).

  gensim_check.py save DIR
      Save a small KeyedVectors with save_word2vec_format as DIR/gensim.bin
      and DIR/gensim.txt, and print {"words": [...], "vectors": [[bits]]}.
"""
import json
import os
import sys

import numpy as np
from gensim.models import KeyedVectors


def bits(vec):
    return np.asarray(vec, dtype=np.float32).view(np.uint32).tolist()


def cmd_eval(path, binary, words, tsvs):
    kv = KeyedVectors.load_word2vec_format(path, binary=binary == "1")
    out = {"words": len(kv.index_to_key), "dim": kv.vector_size, "datasets": {}, "vectors": {}}
    for tsv in tsvs:
        _, spearman, oov_ratio = kv.evaluate_word_pairs(tsv)
        name = os.path.splitext(os.path.basename(tsv))[0]
        out["datasets"][name] = {"spearman": float(spearman[0]), "oov_ratio": float(oov_ratio)}
    for w in filter(None, words.split(",")):
        out["vectors"][w] = bits(kv[w])
    json.dump(out, sys.stdout)


def cmd_load(path, binary):
    kv = KeyedVectors.load_word2vec_format(path, binary=binary == "1")
    words = list(kv.index_to_key)
    json.dump({"words": words, "dim": kv.vector_size, "vectors": [bits(kv[w]) for w in words]}, sys.stdout)


def cmd_save(directory):
    rng = np.random.default_rng(7)
    words = ["</s>", "the", "café", "naïve", "日本", "x"] + ["w%d" % i for i in range(20)]
    vecs = rng.standard_normal((len(words), 13)).astype(np.float32)
    vecs[1, :4] = [-0.0, 1e-40, 3.4e38, 1.0 / 3]  # signed zero, subnormal, huge, inexact
    kv = KeyedVectors(13)
    kv.add_vectors(words, vecs)
    kv.save_word2vec_format(os.path.join(directory, "gensim.bin"), binary=True)
    kv.save_word2vec_format(os.path.join(directory, "gensim.txt"), binary=False)
    json.dump({"words": words, "vectors": [bits(v) for v in vecs]}, sys.stdout)


if __name__ == "__main__":
    if len(sys.argv) >= 5 and sys.argv[1] == "eval":
        cmd_eval(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    elif len(sys.argv) == 4 and sys.argv[1] == "load":
        cmd_load(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 3 and sys.argv[1] == "save":
        cmd_save(sys.argv[2])
    else:
        sys.exit(__doc__)
