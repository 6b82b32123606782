"""wipsvec from Python: train word vectors under general similarity models
(SG, IPS, SIPS, IPDS, WIPS, HSG) with gensim's names, and query them with
gensim's and fastText's methods under each model's own similarity.

    from wipsvec import Word2Vec
    model = Word2Vec(sentences, vector_size=100, model="wips")
    model.wv.most_similar("king", topn=10)

Training runs the wipsvec binary (the wheel carries it); reading and
querying need NumPy only. docs/python.md is the reference.
"""

from ._similarity import Similarity
from .fasttext import FastTextModel, load_model
from .keyedvectors import KeyedVectors, load
from .models import FastText, TRAIN_FLAGS, Word2Vec

__version__ = "0.1.0"

__all__ = ["Word2Vec", "FastText", "KeyedVectors", "FastTextModel", "Similarity", "load", "load_model", "TRAIN_FLAGS", "__version__"]
