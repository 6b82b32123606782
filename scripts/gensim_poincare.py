#!/usr/bin/python3
"""Train gensim's PoincareModel on an edge list, for a side-by-side with
`wipsvec train -graph`.

  gensim_poincare.py EDGES OUTPUT DIM NEGATIVE EPOCHS [SEED] [BURN_IN]

EDGES is a "u<TAB>v" file (scripts/get-wordnet.sh writes the WordNet
closures). PoincareModel is single-threaded. OUTPUT gets the trained
points lifted from the Poincare ball onto the hyperboloid,
x = (2p, 1 + |p|^2) / (1 - |p|^2), time-like coordinate last: there the
Minkowski product <x, y> = sum_{k<d} x_k y_k - x_d y_d equals
-cosh(Poincare distance), so ranking by it is ranking by distance. It is
written in word2vec text format with a wipsvec sidecar (OUTPUT.json) of
model hsg, so that

  wipsvec eval -graph EDGES -vectors OUTPUT

scores gensim's embedding exactly as it scores ours (mean rank, MAP,
ROC-AUC). One JSON line on stdout gives the training time and
relations/sec ((burn-in + epochs) x relations / seconds; each relation is
scored against NEGATIVE negatives, as a trained edge of wipsvec's is).
"""
import json
import sys
import time

import numpy as np
from gensim.models.poincare import PoincareModel, PoincareRelations


def main(argv):
    if not 6 <= len(argv) <= 8:
        sys.exit(__doc__)
    edges, output = argv[1], argv[2]
    dim, negative, epochs = int(argv[3]), int(argv[4]), int(argv[5])
    seed = int(argv[6]) if len(argv) > 6 else 0
    burn_in = int(argv[7]) if len(argv) > 7 else 10

    relations = list(PoincareRelations(edges, delimiter="\t"))
    model = PoincareModel(relations, size=dim, negative=negative, seed=seed, burn_in=burn_in)
    start = time.perf_counter()
    model.train(epochs=epochs, print_every=10**9)
    seconds = time.perf_counter() - start

    kv = model.kv
    words = list(kv.index_to_key)
    p = np.asarray(kv.vectors, dtype=np.float64)
    sq = np.sum(p * p, axis=1, keepdims=True)
    x = np.hstack([2 * p, 1 + sq]) / (1 - sq)
    with open(output, "w", encoding="utf-8") as f:
        f.write(f"{len(words)} {dim + 1}\n")
        for w, row in zip(words, x):
            f.write(w + " " + " ".join(repr(float(np.float32(v))) for v in row) + "\n")
    trained = (epochs + burn_in) * len(relations)  # train() runs the burn-in first
    meta = {
        "format": "wipsvec-sidecar",
        "version": "gensim-poincare",
        "model": "hsg",
        "dim": dim + 1,
        "words": len(words),
        "hyper": {"window": 0, "negative": negative, "sample": 0, "alpha": model.alpha,
                  "iter": epochs, "min_count": 1, "threads": 1, "seed": seed},
        "corpus": {"path": edges, "tokens": len(relations), "vocab": len(words)},
        "stats": {"words_processed": trained, "pairs": trained, "seconds": seconds,
                  "words_per_sec": trained / seconds, "final_loss": 0},
        "graph": {"edges": len(relations), "directed": True, "weighted": False,
                  "neg_dist": "gensim", "self_loops": 0},
    }
    with open(output + ".json", "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=2)
        f.write("\n")
    print(json.dumps({"gensim_poincare": True, "dim": dim, "negative": negative, "epochs": epochs,
                      "burn_in": burn_in, "relations": len(relations), "nodes": len(words),
                      "train_seconds": seconds, "relations_per_sec": trained / seconds}))


if __name__ == "__main__":
    main(sys.argv)
