"""fastText's Python names: load_model of fastText's own .bin answers as
the fasttext command does (print-word-vectors, nn, analogies), and of
ours as nearest does with the model's own similarity."""

import os
import re
import shutil
import subprocess

import numpy as np
import pytest

import wipsvec

FASTTEXT = shutil.which("fasttext")
needs_fasttext = pytest.mark.skipif(FASTTEXT is None, reason="fastText's command (Debian's fasttext)")

WORDS = ["g0w1", "g4w9", "walking", "g9w9", "naïveté", "日本", "G0W1"]


@pytest.fixture(scope="module")
def ft_bin(corpus, tmp_path_factory):
    if FASTTEXT is None:
        pytest.skip("fastText's command (Debian's fasttext)")
    out = str(tmp_path_factory.mktemp("ft") / "m")
    subprocess.run([FASTTEXT, "skipgram", "-input", corpus, "-output", out, "-dim", "10", "-epoch", "5", "-minCount", "1",
                    "-bucket", "1000", "-thread", "1", "-minn", "3", "-maxn", "5", "-verbose", "0"], check=True, capture_output=True)
    return out + ".bin"


def print_word_vectors(model, words):
    out = subprocess.run([FASTTEXT, "print-word-vectors", model], input="\n".join(words) + "\n", capture_output=True,
                         text=True, check=True).stdout
    return {line.split(" ")[0]: np.array(line.split()[1:], dtype=np.float64) for line in out.splitlines() if line.strip()}


def fasttext_nn(model, words, k):
    out = subprocess.run([FASTTEXT, "nn", model, str(k)], input="\n".join(words) + "\n", capture_output=True, text=True).stdout
    pairs = re.findall(r"(\S+) (-?[\d.e-]+)\n", out.replace("Query word? ", "\n"))
    return [pairs[i * k:(i + 1) * k] for i in range(len(words))]


def fasttext_analogy(model, a, b, c, k):
    """fastText's analogies reads one triplet (it does not stop at the end
    of its input): the first k answers, then it is stopped."""
    proc = subprocess.Popen([FASTTEXT, "analogies", model, str(k)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    proc.stdin.write("%s %s %s\n" % (a, b, c))
    proc.stdin.flush()
    got = []
    while len(got) < k:
        line = proc.stdout.readline().replace("Query triplet (A - B + C)? ", "")
        m = re.match(r"(\S+) (-?[\d.e-]+)$", line.strip())
        if m:
            got.append((m.group(1), float(m.group(2))))
    proc.kill()
    proc.wait()
    return got


def same(ours, theirs, tol=1e-4):
    assert len(ours) == len(theirs), (ours, theirs)
    for (s, w), (tw, ts) in zip(ours, theirs):
        ts = float(ts)
        assert abs(s - ts) <= tol, (ours, theirs)
        if w != tw:
            assert any(x == w and abs(float(y) - s) <= 2e-6 for x, y in theirs), (ours, theirs)


def test_fasttexts_own_model(ft_bin):
    m = wipsvec.load_model(ft_bin)
    assert m.get_dimension() == 10 and m.wv.sim.name == "cos"
    want = print_word_vectors(ft_bin, WORDS)
    for w in WORDS:
        assert np.allclose(m.get_word_vector(w), want[w], atol=1e-4), w
        assert np.allclose(m[w], want[w], atol=1e-4)
    words, freq = m.get_words(include_freq=True)
    assert words[0] == "</s>" and len(words) == len(freq) == 51 and freq.sum() == 1500 * 13
    queries = ["g0w1", "g3w3", "walking"]
    for q, theirs in zip(queries, fasttext_nn(ft_bin, queries, 5)):
        same(m.get_nearest_neighbors(q, k=5), theirs)
    same(m.get_analogies("g0w1", "g1w1", "g2w2", k=5), fasttext_analogy(ft_bin, "g0w1", "g1w1", "g2w2", 5))
    same(m.get_analogies("walking", "g1w1", "g2w2", k=3), fasttext_analogy(ft_bin, "walking", "g1w1", "g2w2", 3))


def test_subwords(ft_bin):
    m = wipsvec.load_model(ft_bin)
    strings, ids = m.get_subwords("g0w1")
    assert strings[0] == "g0w1" and ids[0] == m.get_word_id("g0w1") >= 0
    assert strings[1:] == ["<g0", "<g0w", "<g0w1", "g0w", "g0w1", "g0w1>", "0w1", "0w1>", "w1>"]
    assert list(ids[1:]) == [m.get_subword_id(s) for s in strings[1:]]
    assert np.allclose(m.get_word_vector("g0w1"), m.get_input_matrix()[ids].mean(axis=0), atol=1e-6)
    strings, ids = m.get_subwords("zz")
    assert strings == ["<zz", "<zz>", "zz>"] and m.get_word_id("zz") == -1
    assert "g0w1" in m and "zz" not in m
    v = m.get_sentence_vector("g0w1 g1w1")
    a, b = m.get_word_vector("g0w1"), m.get_word_vector("g1w1")
    assert np.allclose(v, (a / np.linalg.norm(a) + b / np.linalg.norm(b)) / 2, atol=1e-6)


@needs_fasttext
def test_our_model_through_fasttext(subword_models):
    """fastText reads the .bin we write and composes the vectors we
    compose; load_model scores it with the model's own similarity."""
    for model, path in subword_models.items():
        ft = path + ".fasttext.bin"
        m = wipsvec.load_model(ft)
        assert m.wv.model == model and m.wv.sim.name == ("cos" if model == "sg" else "wip")
        want = print_word_vectors(ft, WORDS)
        for w in WORDS:
            assert np.allclose(m.get_word_vector(w), want[w], atol=1e-4), (model, w)
        kv = wipsvec.load(path)
        assert np.array_equal(kv.vectors, m.wv.vectors)
        for got, want in ((m.get_nearest_neighbors("walking", k=5), kv.most_similar("walking", topn=5)),
                          (m.get_analogies("g0w1", "g1w1", "g2w2", k=5), kv.most_similar(positive=["g0w1", "g2w2"], negative=["g1w1"], topn=5))):
            assert [w for _, w in got] == [w for w, _ in want]
            assert np.allclose([s for s, _ in got], [s for _, s in want], rtol=0, atol=1e-12)
    cos = wipsvec.load_model(subword_models["wips"] + ".fasttext.bin", similarity="wip")
    assert cos.wv.sim.name == "wip"


def test_fasttext_model_errors(tmp_path, models):
    with pytest.raises(FileNotFoundError):
        wipsvec.load_model(str(tmp_path / "nosuch.bin"))
    with pytest.raises(ValueError, match="not a fastText model"):
        wipsvec.load_model(models["sg"])
    bad = tmp_path / "short.bin"
    bad.write_bytes(open(models["sg"], "rb").read()[:0] + (793712314).to_bytes(4, "little") + (12).to_bytes(4, "little"))
    with pytest.raises(ValueError, match="truncated"):
        wipsvec.load_model(str(bad))
    assert os.path.exists(models["sg"])
