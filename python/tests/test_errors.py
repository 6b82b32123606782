"""Bad input gets gensim's exception types, with a message that names the
problem."""

import json
import os
import shutil

import numpy as np
import pytest

import wipsvec

SMALL = dict(vector_size=10, epochs=1, workers=1, min_count=1, progress=False)


def test_unknown_keyword_is_typeerror(corpus):
    with pytest.raises(TypeError, match="unexpected keyword argument 'size'"):
        wipsvec.Word2Vec(corpus_file=corpus, size=10)
    with pytest.raises(TypeError, match="neg_dim"):  # the message lists the flags it takes
        wipsvec.FastText(corpus_file=corpus, bogus=1)


def test_corpus_errors(corpus):
    with pytest.raises(FileNotFoundError, match="nosuchfile"):
        wipsvec.Word2Vec(corpus_file="/nonexistent/nosuchfile.txt", **SMALL)
    with pytest.raises(TypeError, match="corpus_file"):
        wipsvec.Word2Vec(corpus, **SMALL)  # a path given as sentences
    with pytest.raises(TypeError, match="got a str"):
        wipsvec.Word2Vec(["a b c", "d e f"], **SMALL)
    with pytest.raises(TypeError, match="str tokens"):
        wipsvec.Word2Vec([[1, 2, 3]], **SMALL)
    with pytest.raises(TypeError, match="iterable"):
        wipsvec.Word2Vec(42, **SMALL)
    with pytest.raises(TypeError, match="Both"):
        wipsvec.Word2Vec([["a"]], corpus_file=corpus, **SMALL)


def test_settings_errors(corpus):
    with pytest.raises(ValueError, match="min_alpha"):
        wipsvec.Word2Vec(corpus_file=corpus, min_alpha=0.001, **SMALL)
    with pytest.raises(ValueError, match="-window"):
        wipsvec.Word2Vec(corpus_file=corpus, window=-1, **SMALL)
    with pytest.raises(ValueError, match="min_n"):
        wipsvec.FastText(corpus_file=corpus, min_n=5, max_n=3, **SMALL)
    with pytest.raises(ValueError, match="word_ngrams"):
        wipsvec.FastText(corpus_file=corpus, word_ngrams=2, **SMALL)


def test_unknown_word_is_keyerror(models, subword_models):
    kv = wipsvec.load(models["wips"])
    for call in (lambda: kv["nosuchword"], lambda: kv.similarity("g0w1", "nosuchword"),
                 lambda: kv.most_similar(positive=["g0w1"], negative=["nosuchword"]), lambda: kv.rank("g0w1", "nosuchword"),
                 lambda: kv.get_vector("nosuchword"), lambda: kv.distance("nosuchword", "g0w1")):
        with pytest.raises(KeyError, match="nosuchword"):
            call()
    assert "nosuchword" not in kv
    # a word found case-insensitively, as nearest finds it
    assert np.array_equal(kv["G0W1"], kv["g0w1"])
    # with subwords an unseen word has a vector; a word without n-grams has none
    sw = wipsvec.load(subword_models["sg"])
    assert sw["nosuchword"].shape == (10,)
    with pytest.raises(ValueError, match="no input"):
        kv.most_similar(positive=[])
    with pytest.raises(ValueError, match="empty"):
        kv.doesnt_match(["nosuchword"])


def test_file_errors(models, tmp_path):
    with pytest.raises(FileNotFoundError):
        wipsvec.KeyedVectors.load_word2vec_format(str(tmp_path / "nosuch.bin"))
    with pytest.raises(FileNotFoundError):
        wipsvec.Word2Vec.load(str(tmp_path / "nosuch.bin"))
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"hello world\n")
    with pytest.raises(ValueError, match="not a word2vec file"):
        wipsvec.load(str(junk))
    pickle = tmp_path / "gensim.model"
    pickle.write_bytes(b"\x80\x04\x95 not really a pickle")
    with pytest.raises(ValueError, match="gensim model"):
        wipsvec.Word2Vec.load(str(pickle))
    # a sidecar of another file
    p = str(tmp_path / "v.bin")
    shutil.copy(models["wips"], p)
    meta = json.load(open(models["wips"] + ".json"))
    meta["dim"] = 11
    json.dump(meta, open(p + ".json", "w"))
    with pytest.raises(ValueError, match="sidecar of another file"):
        wipsvec.load(p)
    os.remove(p + ".json")
    with pytest.raises(ValueError, match="no sidecar"):
        wipsvec.Word2Vec.load(p)
    # a truncated binary file
    data = open(models["sg"], "rb").read()
    short = tmp_path / "short.bin"
    short.write_bytes(data[:len(data) // 2])
    with pytest.raises(ValueError, match="truncated"):
        wipsvec.load(str(short))
