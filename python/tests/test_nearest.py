"""The models' own similarities: KeyedVectors answers as `wipsvec nearest`
does (its scores printed to four decimals) for every model, and scores
WIPS with its learned weights, not cosine."""

import re
import subprocess

import numpy as np
import pytest

import wipsvec

QUERIES = ["g0w1", "g3w7", "g1w2 + g1w3", "g2w1 + g4w4 - g0w0", "g4w9 - g3w3"]


def nearest(binary, path, queries, n=10):
    """nearest's answers: {query: [(word, score)]}."""
    out = subprocess.run([binary, "nearest", "-vectors", path, "-n", str(n)] + queries, capture_output=True, text=True)
    answers, cur = {}, None
    for line in out.stdout.splitlines():
        if line and not line.startswith(" ") and line.endswith(":"):
            cur = answers.setdefault(line[:-1], [])
        m = re.match(r"\s+\d+\s+(\S+)\s+(-?[\d.]+)$", line)
        if m and cur is not None:
            cur.append((m.group(1), float(m.group(2))))
    return answers


def terms(query):
    pos, neg, sign = [], [], 1
    for t in query.split():
        if t in "+-":
            sign = 1 if t == "+" else -1
        else:
            (pos if sign > 0 else neg).append(t)
    return pos, neg


@pytest.mark.parametrize("model", ["wips", "ipds", "sips", "ips", "hsg", "sg", "plain"])
def test_most_similar_as_nearest(binary, models, model, tmp_path):
    path = models[model]
    if model == "plain":
        path = str(tmp_path / "plain.bin")
        with open(models["plain"], "rb") as f, open(path, "wb") as g:
            g.write(f.read())
    kv = wipsvec.load(path)
    want = nearest(binary, path, QUERIES)
    for q in QUERIES:
        pos, neg = terms(q)
        got = kv.most_similar(positive=pos, negative=neg, topn=10)
        assert len(got) == len(want[q]), (q, got, want[q])
        for j, ((w, s), (nw, ns)) in enumerate(zip(got, want[q])):
            assert abs(s - ns) <= 5.1e-5 * max(1, abs(ns)), (model, q, j, got, want[q])
            if w != nw:  # a tie at four decimals
                assert any(x == w and abs(y - ns) <= 1e-4 for x, y in want[q]), (model, q, j, got, want[q])


def test_wips_scores_with_lambda(models):
    kv = wipsvec.load(models["wips"])
    assert kv.model == "wips" and kv.sim.name == "wip" and kv.sim.weights is not None
    lam = np.array(kv.meta["similarities"][0]["weights"])
    a, b = kv["g0w1"].astype(np.float64), kv["g0w2"].astype(np.float64)
    assert abs(kv.similarity("g0w1", "g0w2") - float(np.sum(lam * a * b))) < 1e-9
    cos = float(a @ b / np.linalg.norm(a) / np.linalg.norm(b))
    assert abs(kv.similarity("g0w1", "g0w2") - cos) > 1e-6
    # every method answers under WIPS's similarity
    s = kv.most_similar("g0w1", topn=None)
    assert abs(s[kv.key_to_index["g0w2"]] - kv.similarity("g0w1", "g0w2")) < 1e-9
    assert abs(kv.distance("g0w1", "g0w2") - (1 - kv.similarity("g0w1", "g0w2"))) < 1e-12
    scores = np.array([kv.similarity("g0w1", w) for w in kv.index_to_key])
    closer = [w for w, x in zip(kv.index_to_key, scores) if x > kv.similarity("g0w1", "g1w1") and w != "g0w1"]
    assert kv.closer_than("g0w1", "g1w1") == closer
    assert kv.rank("g0w1", "g1w1") == len(closer) + 1
    assert kv.similar_by_vector(kv["g0w1"], topn=3)[0][1] == pytest.approx(float(np.max(scores)), abs=1e-9)


def test_ipds_signs(models):
    kv = wipsvec.load(models["ipds"])
    q = kv.meta["neg_dim"]
    a, b = kv["g3w1"].astype(np.float64), kv["g3w2"].astype(np.float64)
    want = float(a[:-q] @ b[:-q] - a[-q:] @ b[-q:])
    assert abs(kv.similarity("g3w1", "g3w2") - want) < 1e-9


def test_other_similarity(models):
    kv = wipsvec.load(models["sg"], similarity="ip")
    a, b = kv["g3w1"].astype(np.float64), kv["g3w2"].astype(np.float64)
    assert abs(kv.similarity("g3w1", "g3w2") - float(a @ b)) < 1e-9
    with pytest.raises(ValueError, match="no similarity"):
        wipsvec.load(models["sg"], similarity="nosuch")


def test_non_cosine_methods_defined(models):
    kv = wipsvec.load(models["sips"])
    words = ["g0w1", "g0w2", "g0w3", "g4w4"]
    s = np.array([[kv.similarity(a, b) for b in words] for a in words])
    assert kv.doesnt_match(words) == words[int(np.argmin(s.sum(axis=1) - np.diag(s)))]
    # n_similarity: the mean of the pairs' scores (the forms are bilinear)
    want = np.mean([kv.similarity(a, b) for a in words[:2] for b in words[2:]])
    assert abs(kv.n_similarity(words[:2], words[2:]) - want) < 1e-9
    sig = lambda x: 1 / (1 + np.exp(-x))  # noqa: E731
    top = kv.most_similar_cosmul(positive=["g0w1"], negative=["g4w4"], topn=1)[0]
    assert abs(top[1] - sig(kv.similarity("g0w1", top[0])) / (sig(kv.similarity("g4w4", top[0])) + 1e-6)) < 1e-9


def test_subwords_as_nearest(binary, subword_models):
    for model, path in subword_models.items():
        kv = wipsvec.load(path)
        assert kv.subwords is not None and kv.model == model
        queries = ["g0w1", "walking", "g9w9"]
        want = nearest(binary, path, queries, n=5)
        for q in queries:
            got = kv.most_similar(q, topn=5)
            assert [w for w, _ in got] == [w for w, _ in want[q]], (model, q)
            assert np.allclose([s for _, s in got], [s for _, s in want[q]], atol=5.1e-5)
        assert "walking" in kv and not kv.has_index_for("walking")
        assert "walking" not in kv.key_to_index


def test_limit_keeps_the_similarity(models):
    full = wipsvec.load(models["wips"])
    part = wipsvec.KeyedVectors.load_word2vec_format(models["wips"], limit=20)
    assert len(part) == 20 and part.sim.name == "wip"
    w = full.index_to_key[5]
    assert part.most_similar(w, topn=5) == full.most_similar(w, topn=5, restrict_vocab=20)
