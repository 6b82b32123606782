"""Every KeyedVectors method against gensim's on the same SG vectors: the
same words in the same order (a swap of two words whose scores tie
within 1e-5 allowed), scores within 1e-4, evaluate_word_pairs' Spearman
within 1e-3."""

import numpy as np
import pytest

import wipsvec

gensim_models = pytest.importorskip("gensim.models", reason="Debian's python3-gensim")

TOL = 1e-4


@pytest.fixture(scope="module")
def pair(models):
    ours = wipsvec.KeyedVectors.load_word2vec_format(models["sg"], binary=True)
    theirs = gensim_models.KeyedVectors.load_word2vec_format(models["sg"], binary=True)
    assert ours.sim.name == "cos"
    return ours, theirs


def same_ranking(ours, theirs):
    """ours and theirs, lists of (word, score), agree."""
    assert len(ours) == len(theirs), (ours, theirs)
    for j, ((w, s), (gw, gs)) in enumerate(zip(ours, theirs)):
        assert abs(s - gs) <= TOL, (j, ours, theirs)
        if w != gw:
            near = [x for x, y in theirs if abs(y - s) <= 1e-5]
            assert w in near, (j, ours, theirs)


QUERIES = [
    dict(positive=["g0w1"]),
    dict(positive="g3w7", topn=5),
    dict(positive=["g1w2", "g1w3"]),
    dict(positive=["g2w1", "g4w4"], negative=["g0w0"]),
    dict(positive=["g4w9"], negative="g3w3", topn=20),
    dict(positive=[("g2w2", 2.0), "g2w5"], negative=[("g1w1", -0.5)]),
    dict(positive=["g0w3"], restrict_vocab=20),
    dict(positive=["g0w3"], topn=100),
]


@pytest.mark.parametrize("q", QUERIES)
def test_most_similar(pair, q):
    ours, theirs = pair
    same_ranking(ours.most_similar(**q), theirs.most_similar(**q))


@pytest.mark.parametrize("q", QUERIES[:5])
def test_most_similar_cosmul(pair, q):
    ours, theirs = pair
    q = dict(q)
    same_ranking(ours.most_similar_cosmul(**q), theirs.most_similar_cosmul(**q))


def test_vocabulary_and_vectors(pair):
    ours, theirs = pair
    assert ours.index_to_key == theirs.index_to_key
    assert ours.key_to_index == theirs.key_to_index
    assert np.array_equal(ours.vectors, theirs.vectors)
    assert ours.vector_size == theirs.vector_size and len(ours) == len(theirs)
    for w in ("g0w1", "g4w9"):
        assert np.array_equal(ours[w], theirs[w])
        assert np.array_equal(ours.get_vector(w), theirs.get_vector(w))
        assert np.allclose(ours.get_vector(w, norm=True), theirs.get_vector(w, norm=True), atol=1e-7)
        assert (w in ours) == (w in theirs)
    assert np.array_equal(ours[["g0w1", "g2w2"]], theirs[["g0w1", "g2w2"]])
    assert ("nosuchword" in ours) == ("nosuchword" in theirs) == False  # noqa: E712
    assert ours.get_index("g1w1") == theirs.get_index("g1w1")
    assert ours[3].tolist() == theirs[3].tolist()


def test_similarity_and_distance(pair):
    ours, theirs = pair
    for a, b in [("g0w1", "g0w2"), ("g0w1", "g4w5"), ("g3w0", "g1w9"), ("g2w2", "g2w2")]:
        assert abs(ours.similarity(a, b) - theirs.similarity(a, b)) <= TOL
        assert abs(ours.distance(a, b) - theirs.distance(a, b)) <= TOL


def test_similar_by(pair):
    ours, theirs = pair
    same_ranking(ours.similar_by_word("g1w4", topn=7), theirs.similar_by_word("g1w4", topn=7))
    v = theirs["g1w4"] + theirs["g2w0"]
    same_ranking(ours.similar_by_vector(v, topn=7), theirs.similar_by_vector(v, topn=7))
    same_ranking(ours.similar_by_vector(v, topn=5, restrict_vocab=25), theirs.similar_by_vector(v, topn=5, restrict_vocab=25))


def test_all_scores(pair):
    ours, theirs = pair
    assert np.allclose(ours.most_similar("g0w0", topn=None), theirs.most_similar("g0w0", topn=None), atol=TOL)
    assert np.allclose(ours.most_similar_cosmul("g0w0", topn=None), theirs.most_similar_cosmul("g0w0", topn=None), atol=TOL)
    assert np.allclose(ours.distances("g0w0"), theirs.distances("g0w0"), atol=TOL)
    assert np.allclose(ours.distances("g0w0", ["g1w1", "g0w2"]), theirs.distances("g0w0", ["g1w1", "g0w2"]), atol=TOL)
    assert ours.most_similar("g0w0", topn=0) == theirs.most_similar("g0w0", topn=0) == []


def test_doesnt_match_n_similarity_rank(pair):
    ours, theirs = pair
    for words in (["g0w1", "g0w2", "g0w3", "g4w4"], ["g1w1", "g1w5", "g2w2", "g1w7", "g1w0"], ["g3w3", "g3w4", "nosuchword", "g0w0"]):
        assert ours.doesnt_match(words) == theirs.doesnt_match(words)
    for a, b in ((["g0w1", "g0w2"], ["g0w3"]), (["g1w1", "g2w2", "g3w3"], ["g4w4", "g0w0"])):
        assert abs(ours.n_similarity(a, b) - theirs.n_similarity(a, b)) <= TOL
    for a, b in (("g0w1", "g0w2"), ("g0w1", "g4w5"), ("g2w2", "g3w9")):
        assert ours.rank(a, b) == theirs.rank(a, b)
        assert ours.closer_than(a, b) == theirs.closer_than(a, b)
    assert ours.most_similar_to_given("g0w1", ["g4w4", "g0w2", "g1w1"]) == theirs.most_similar_to_given("g0w1", ["g4w4", "g0w2", "g1w1"])
    assert np.allclose(ours.get_mean_vector(["g0w1", "g1w1"]), theirs.get_mean_vector(["g0w1", "g1w1"]), atol=1e-7)


def test_evaluate_word_pairs(pair, tmp_path):
    ours, theirs = pair
    p = tmp_path / "pairs.tsv"
    lines = ["# word1\tword2\tscore"]
    words = ours.index_to_key
    rng = np.random.default_rng(3)
    for _ in range(60):
        a, b = rng.choice(words, 2)
        gold = 9.0 if a[:2] == b[:2] else float(rng.integers(0, 5))
        lines.append("%s\t%s\t%g" % (a.upper() if rng.random() < 0.3 else a, b, gold))
    lines.append("unknownword\tg0w1\t3")
    lines.append("not a valid line")
    p.write_text("\n".join(lines) + "\n")
    for kw in ({}, {"case_insensitive": False}, {"dummy4unknown": True}, {"restrict_vocab": 30}):
        op, osp, oo = ours.evaluate_word_pairs(str(p), **kw)
        tp, tsp, to = theirs.evaluate_word_pairs(str(p), **kw)
        assert abs(osp[0] - tsp[0]) <= 1e-3 and abs(op[0] - tp[0]) <= 1e-3
        assert abs(osp[1] - tsp[1]) <= 1e-3
        assert oo == to


def test_evaluate_word_analogies(pair, tmp_path):
    ours, theirs = pair
    p = tmp_path / "questions.txt"
    rng = np.random.default_rng(5)
    lines = []
    for s in range(3):
        lines.append(": section-%d" % s)
        for _ in range(25):
            g1, g2 = rng.integers(0, 5, 2)
            i, j = rng.integers(0, 10, 2)
            lines.append("g%dw%d g%dw%d g%dw%d g%dw%d" % (g1, i, g2, i, g1, j, g2, j))
        lines.append("g0w0 g0w1 unknownword g0w3")
    p.write_text("\n".join(lines) + "\n")
    for kw in ({}, {"dummy4unknown": True}, {"restrict_vocab": 40}, {"case_insensitive": False}):
        oscore, osec = ours.evaluate_word_analogies(str(p), **kw)
        tscore, tsec = theirs.evaluate_word_analogies(str(p), **kw)
        assert oscore == tscore
        assert [(s["section"], s["correct"], s["incorrect"]) for s in osec] == [(s["section"], s["correct"], s["incorrect"]) for s in tsec]


def test_word2vec_format_both_ways(pair, tmp_path):
    ours, theirs = pair
    for binary in (True, False):
        p = str(tmp_path / ("ours.%s" % ("bin" if binary else "txt")))
        ours.save_word2vec_format(p, binary=binary)
        back = gensim_models.KeyedVectors.load_word2vec_format(p, binary=binary)
        assert back.index_to_key == ours.index_to_key
        assert np.array_equal(back.vectors, ours.vectors)
        q = str(tmp_path / ("theirs.%s" % ("bin" if binary else "txt")))
        theirs.save_word2vec_format(q, binary=binary)
        mine = wipsvec.KeyedVectors.load_word2vec_format(q, binary=binary)
        assert mine.index_to_key == theirs.index_to_key
        assert np.array_equal(mine.vectors, theirs.vectors)


def test_to_gensim(pair):
    ours, theirs = pair
    g = ours.to_gensim()
    assert isinstance(g, gensim_models.KeyedVectors)
    assert g.index_to_key == theirs.index_to_key and np.array_equal(g.vectors, theirs.vectors)
    same_ranking(ours.most_similar("g2w3"), g.most_similar("g2w3"))


def test_unknown_word_is_keyerror(pair):
    ours, theirs = pair
    for call in (lambda kv: kv["nosuchword"], lambda kv: kv.most_similar("nosuchword"), lambda kv: kv.similarity("g0w1", "nosuchword")):
        with pytest.raises(KeyError):
            call(theirs)
        with pytest.raises(KeyError, match="nosuchword"):
            call(ours)
