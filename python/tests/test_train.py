"""Training from Python: the binary's command line, sentences streamed
from a generator, save and load, progress, Ctrl-C and failures that leave
no file."""

import glob
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import weakref

import numpy as np
import pytest

import wipsvec
from wipsvec import _run

from conftest import sentences

SMALL = dict(vector_size=10, epochs=2, workers=1, min_count=1, progress=False)


def leftovers():
    return glob.glob(os.path.join(tempfile.gettempdir(), "wipsvec-train-*"))


def test_generator_streams_as_corpus_file(binary, corpus):
    """A generator's sentences train what the same text as corpus_file
    trains (one thread, one seed: bit for bit), and are consumed as the
    binary reads them, never gathered in a list."""
    before = leftovers()
    consumed = []

    def gen():
        for s in sentences():
            consumed.append(1)
            yield s

    g = gen()
    m = wipsvec.Word2Vec(g, **SMALL)
    f = wipsvec.Word2Vec(corpus_file=corpus, **SMALL)
    assert m.wv.index_to_key == f.wv.index_to_key
    assert np.array_equal(m.wv.vectors, f.wv.vectors)
    assert m.corpus_count == len(consumed) == 1500
    assert m.corpus_total_words == 1500 * 12
    assert leftovers() == before
    with pytest.raises(StopIteration):
        next(g)


def test_streaming_is_incremental(binary, monkeypatch):
    """Sentences are turned into bytes as they come and dropped (none is
    kept), and the binary reads them while the generator still yields."""
    children = []
    popen = subprocess.Popen

    def spy(*a, **k):
        children.append(popen(*a, **k))
        return children[-1]

    monkeypatch.setattr(subprocess, "Popen", spy)
    alive, read_by_binary = [], []

    class Sentence(list):
        pass

    def gen():
        refs = []
        for i in range(200000):
            if i == 150000:
                alive.append(sum(r() is not None for r in refs))
                io = "/proc/%d/io" % children[0].pid
                if os.path.exists(io):
                    read_by_binary.append(int(re.search(r"rchar: (\d+)", open(io).read()).group(1)))
            s = Sentence(["g%dw%d" % (i % 5, i % 7), "g%dw%d" % (i % 5, (i + 1) % 7), "x"])
            refs.append(weakref.ref(s))
            yield s

    blocks = list(_run._lines(iter([["a", "b"]] * 10), [0, 0]))
    assert blocks == [b"a b\n" * 10]
    m = wipsvec.Word2Vec(gen(), vector_size=4, epochs=1, workers=1, min_count=1, progress=False)
    assert m.corpus_count == 200000
    assert alive[0] <= 1  # of the 150,000 sentences before, the last one at most
    if read_by_binary:  # the first 1 MB block was written (so read, but for the pipe's 64 kB) by then
        assert read_by_binary[0] >= 1 << 19


def test_flags_reach_the_binary(binary, corpus):
    m = wipsvec.Word2Vec(corpus_file=corpus, model="ipds", neg_dim=2, window=3, negative=4, sample=0, seed=7,
                         alpha=0.02, batch=False, **SMALL)
    h = m.meta["hyper"]
    assert (m.model, m.meta["neg_dim"], h["window"], h["negative"], h["sample"], h["seed"], h["alpha"], h["batch"] if "batch" in h else False) == \
        ("ipds", 2, 3, 4, 0, 7, 0.02, False)
    assert m.wv.sim.neg == 2
    c = wipsvec.Word2Vec(corpus_file=corpus, sg=0, **SMALL)
    assert c.meta["hyper"].get("cbow") and c.sg == 0 and c.alpha == 0.05
    h = wipsvec.Word2Vec(corpus_file=corpus, hs=1, negative=0, **SMALL)
    assert h.meta["hyper"].get("hs") and h.hs == 1
    help = subprocess.run([binary, "train", "-h"], capture_output=True, text=True)
    flags = set(re.findall(r"^  -([a-z-]+)", help.stdout + help.stderr, re.M))
    for name, _ in wipsvec.TRAIN_FLAGS.values():
        assert name in flags


def test_save_load_round_trip(binary, corpus, tmp_path):
    m = wipsvec.Word2Vec(corpus_file=corpus, model="wips", **SMALL)
    p = str(tmp_path / "wips.bin")
    m.save(p)
    assert sorted(os.listdir(tmp_path)) == ["wips.bin", "wips.bin.json"]
    back = wipsvec.Word2Vec.load(p)
    assert back.model == "wips" and back.vector_size == 10 and back.epochs == 2 and back.window == 5
    assert back.wv.index_to_key == m.wv.index_to_key and np.array_equal(back.wv.vectors, m.wv.vectors)
    assert back.wv.most_similar("g0w1") == m.wv.most_similar("g0w1")
    # wipsvec's own reader takes what Python saved
    out = subprocess.run([binary, "nearest", "-vectors", p, "-n", "3", "g0w1"], capture_output=True, text=True)
    assert out.returncode == 0 and "model wips" in out.stdout and m.wv.most_similar("g0w1", topn=1)[0][0] in out.stdout
    kv = wipsvec.KeyedVectors.load(p)
    assert kv.sim.name == "wip"
    kv.save(str(tmp_path / "kv.bin"))
    assert np.array_equal(wipsvec.KeyedVectors.load(str(tmp_path / "kv.bin")).vectors, m.wv.vectors)


def test_fasttext_train_save_load(binary, corpus, tmp_path):
    f = wipsvec.FastText(corpus_file=corpus, min_n=3, max_n=5, bucket=1000, **SMALL)
    assert f.wv.subwords is not None and (f.min_n, f.max_n, f.bucket) == (3, 5, 1000)
    v = f.wv.get_vector("walking")
    assert v.shape == (10,) and np.any(v)
    assert np.array_equal(v, f.get_word_vector("walking"))
    assert "walking" in f.wv and not f.wv.has_index_for("walking")
    p = str(tmp_path / "ft.bin")
    f.save(p)
    assert sorted(os.listdir(tmp_path)) == ["ft.bin", "ft.bin.fasttext.bin", "ft.bin.json"]
    back = wipsvec.FastText.load(p)
    assert np.array_equal(back.wv.get_vector("walking"), v)
    assert back.get_nearest_neighbors("walking", k=3) == f.get_nearest_neighbors("walking", k=3)
    with pytest.raises(ValueError, match="no subword rows"):
        wipsvec.FastText.load(str(_plain(binary, corpus, tmp_path)))
    m = wipsvec.load_model(p + ".fasttext.bin")
    assert m.wv.sim.name == "cos" and np.array_equal(m.get_word_vector("walking"), v)


def _plain(binary, corpus, tmp_path):
    m = wipsvec.Word2Vec(corpus_file=corpus, **SMALL)
    p = tmp_path / "plain" / "v.bin"
    p.parent.mkdir()
    m.save(str(p))
    return p


def test_build_vocab_then_train(binary, corpus):
    m = wipsvec.Word2Vec(**SMALL)
    assert m.wv is None
    m.build_vocab(corpus_file=corpus)
    m.train(corpus_file=corpus, total_examples=1500, epochs=2)
    assert len(m.wv) == 50
    with pytest.raises(NotImplementedError):
        m.train(corpus_file=corpus)


def test_progress_lines(capsys):
    """The binary's live line, as a terminal gets it, drives the bar (lines
    without tqdm); other lines go to the log."""
    p = _run.Progress(True, "test")
    p.bar = None  # the lines, as without tqdm
    r = _run._Reader(-1, p)
    chunk = ("vocabulary: 50 words\r\n\rprogress  12.5%  alpha 0.021  1613.2k words/sec/thread  loss 2.4100  ETA 3s\x1b[K"
             "\rprogress  57.0%  alpha 0.011  1600.0k words/sec/thread  loss 2.3000  ETA 1s\x1b[K\r\x1b[K"
             "wipsvec: train: something failed\r\n")
    for line in chunk.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        r._line(line)
    err = capsys.readouterr().err
    assert "test:  12%" in err and "test:  57%" in err and "loss 2.3000" in err
    assert r.lines == ["vocabulary: 50 words", "wipsvec: train: something failed"]
    assert r.error() == "train: something failed"
    assert p.pct == 57.0


def test_progress_bar_through_a_terminal(binary, corpus, capsys):
    pytest.importorskip("tqdm")
    m = wipsvec.Word2Vec(corpus_file=corpus, vector_size=10, epochs=2, workers=1, min_count=1, progress=True)
    err = capsys.readouterr().err
    assert "wipsvec sg" in err and "100%" in err
    assert len(m.wv) == 50


@pytest.mark.parametrize("source", ["generator", "corpus_file"])
def test_ctrl_c_stops_cleanly(binary, corpus, tmp_path, source):
    """Ctrl-C while a generator streams, or while the binary trains on a
    file: KeyboardInterrupt, the binary stopped, no file left."""
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    script = textwrap.dedent("""
        import signal, sys, time
        signal.signal(signal.SIGINT, signal.default_int_handler)
        sys.path[:0] = %r
        import wipsvec
        def forever():
            i = 0
            while True:
                i += 1
                if i == 20000:
                    print("started", flush=True)
                yield ["g%%dw%%d" %% (i %% 5, i %% 7)] * 8
        try:
            if sys.argv[1] == "generator":
                wipsvec.Word2Vec(forever(), vector_size=10, min_count=1, workers=1, progress=True)
            else:
                print("started", flush=True)
                wipsvec.Word2Vec(corpus_file=sys.argv[2], vector_size=10, min_count=1, workers=1, epochs=100000, progress=True)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
    """) % ([p for p in sys.path if p],)
    env = dict(os.environ, TMPDIR=str(scratch), WIPSVEC_BINARY=binary)
    proc = subprocess.Popen([sys.executable, "-c", script, source, corpus], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env, text=True)
    assert proc.stdout.readline().strip() == "started"
    time.sleep(1)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert "interrupted" in out, err
    assert os.listdir(scratch) == []
    if shutil.which("pgrep"):
        ps = subprocess.run(["pgrep", "-f", "train -train .* -output %s" % scratch], capture_output=True, text=True)
        assert ps.stdout == ""


def test_failures_leave_no_file(binary, corpus):
    before = leftovers()
    with pytest.raises(ValueError, match="model"):
        wipsvec.Word2Vec(corpus_file=corpus, model="nosuchmodel", **SMALL)
    with pytest.raises(ValueError, match="size"):
        wipsvec.Word2Vec(corpus_file=corpus, **dict(SMALL, vector_size=0))
    with pytest.raises(ValueError):
        wipsvec.FastText(corpus_file=corpus, model="hsg", bucket=100, **SMALL)

    def bad():
        yield ["a", "b"]
        raise RuntimeError("the generator broke")

    with pytest.raises(RuntimeError, match="generator broke"):
        wipsvec.Word2Vec(bad(), **SMALL)
    assert leftovers() == before
