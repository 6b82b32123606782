"""Files: word2vec's vectors (text or binary, binary ones memory-mapped)
and fastText's model (.bin), read and written."""

import mmap
import os
import tempfile

import numpy as np

FASTTEXT_MAGIC = 793712314
FASTTEXT_EOS = "</s>"

# A binary matrix at least this large is copied into a memory-mapped
# scratch file instead of anonymous memory (mmap=None).
MMAP_THRESHOLD = 256 << 20

# Rows copied at a time from a binary file into the matrix.
_CHUNK_ROWS = 1 << 14


def _header(path, data):
    """The number of words, the dimension and the offset of the first row
    of a word2vec file that begins with data."""
    end = data.find(b"\n")
    if end < 0:
        raise ValueError("%s: no header line; not a word2vec file" % path)
    header = data[:end].split()
    try:
        words, dim = int(header[0]), int(header[1])
        if len(header) != 2 or words < 0 or dim < 1:
            raise ValueError
    except (ValueError, IndexError):
        raise ValueError('%s: bad header %r, want "<words> <dim>"; not a word2vec file' % (path, data[:end][:40].decode("utf-8", "replace"))) from None
    return words, dim, end + 1


def _is_text_row(line, dim):
    fields = line.split()
    if len(fields) != dim + 1:
        return False
    try:
        [float(x) for x in fields[1:]]
    except ValueError:
        return False
    return True


def read_word2vec(path, limit=None, encoding="utf8", unicode_errors="replace", mmap_mode=None, scratch_dir=None):
    """The words, the float32 matrix and the rows' norms (float32, or None)
    of the word2vec file at path, text or binary, told apart by content as
    wipsvec does: text if the first row parses as a word and dim numbers.

    A binary file is memory-mapped and scanned once for its words; its rows
    are copied into one float32 matrix, in anonymous memory or, with
    mmap_mode True (or None and a matrix of 256 MB or more), into an
    unlinked scratch file mapped in its place, so that the page cache, not
    the process, holds them. The norms come with a binary file (computed in
    the same pass); a text file is read whole."""
    path = os.fspath(path)
    with open(path, "rb") as f:
        head = f.read(1 << 16)
        n, dim, pos = _header(path, head)
        if limit is not None:
            n = min(n, int(limit))
        nl = head.find(b"\n", pos)
        first = head[pos:nl] if nl >= 0 else head[pos:]
        text = n > 0 and (nl >= 0 or len(head) < (1 << 16)) and _is_text_row(first, dim)
        if n == 0:
            return [], np.zeros((0, dim), dtype=np.float32), np.zeros(0, dtype=np.float32)
        if text:
            words, m = _read_text_rows(path, f, pos, n, dim, encoding, unicode_errors, limit is None)
            return words, m, None
        size = os.fstat(f.fileno()).st_size
        mm = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    try:
        words, offsets = _scan_binary(path, mm, pos, n, dim, size, encoding, unicode_errors, limit is None)
        if mmap_mode is None:
            mmap_mode = n * dim * 4 >= MMAP_THRESHOLD
        m = _scratch_matrix(path, n, dim, scratch_dir) if mmap_mode else np.empty((n, dim), dtype=np.float32)
        norms = _copy_rows(path, mm, offsets, dim, m)
    finally:
        mm.close()
    return words, m, norms


def _scan_binary(path, mm, pos, n, dim, size, encoding, unicode_errors, whole):
    """The words of a binary file and the offset of each one's vector."""
    words, offsets = [], []
    find, stride = mm.find, 4 * dim
    add_word, add_offset = words.append, offsets.append
    for i in range(n):
        sp = find(b" ", pos)
        if sp < 0 or sp + 1 + stride > size:
            raise ValueError("%s: truncated binary file at row %d of %d" % (path, i + 1, n))
        w = mm[pos:sp]
        if w[:1] == b"\n":
            w = w.lstrip(b"\n")
        add_word(w.decode(encoding, unicode_errors))
        add_offset(sp + 1)
        pos = sp + 1 + stride
    if whole and mm[pos:pos + 64].strip():
        raise ValueError("%s: more rows than the %d the header says" % (path, n))
    return words, np.array(offsets, dtype=np.int64)


def _scratch_matrix(path, n, dim, scratch_dir):
    """An n by dim float32 matrix mapped from an unlinked scratch file,
    beside path if its folder is writable, else in the temporary folder."""
    f = None
    for d in ([scratch_dir] if scratch_dir else []) + [os.path.dirname(os.path.abspath(path)), None]:
        try:
            f = tempfile.TemporaryFile(dir=d, prefix=".wipsvec-rows-")
            break
        except OSError:
            continue
    if f is None:
        raise OSError("no folder to write the scratch copy of %s's rows" % path)
    f.truncate(n * dim * 4)
    m = np.memmap(f, dtype=np.float32, mode="r+", shape=(n, dim))
    f.close()  # the mapping keeps the file
    return m


def _copy_rows(path, mm, offsets, dim, out):
    """Copies the rows at offsets into out and returns their norms. Each
    row's floats are read through a view of the mapped file at the row's
    alignment (its offset mod 4): a sliding window of dim floats, indexed by
    the row's start."""
    views = {}
    size = len(mm)
    norms = np.empty(len(offsets), dtype=np.float32)
    try:
        for r in range(4):
            count = (size - r) // 4
            if count >= dim:
                flat = np.frombuffer(mm, dtype="<f4", count=count, offset=r)
                views[r] = np.lib.stride_tricks.as_strided(flat, shape=(count - dim + 1, dim), strides=(4, 4), writeable=False)
        for a in range(0, len(offsets), _CHUNK_ROWS):
            o = offsets[a:a + _CHUNK_ROWS]
            block = np.empty((len(o), dim), dtype=np.float32)
            align = o & 3
            for r in np.unique(align):
                sel = align == r
                block[sel] = views[int(r)][(o[sel] - r) >> 2]
            if not np.all(np.isfinite(block)):
                bad = a + int(np.nonzero(~np.all(np.isfinite(block), axis=1))[0][0])
                raise ValueError("%s: a value of row %d is NaN or infinite" % (path, bad + 1))
            out[a:a + len(o)] = block
            norms[a:a + len(o)] = np.sqrt(np.einsum("ij,ij->i", block, block))
    finally:
        views.clear()
    return norms


def _read_text_rows(path, f, pos, n, dim, encoding, unicode_errors, whole):
    f.seek(pos)
    words = []
    m = np.empty((n, dim), dtype=np.float32)
    i = 0
    for line in f:
        if not line.strip():
            continue
        if i == n:
            if whole:
                raise ValueError("%s: more rows than the %d the header says" % (path, n))
            break
        fields = line.rstrip().split(b" ")
        if len(fields) != dim + 1:
            fields = line.split()
        if len(fields) != dim + 1:
            raise ValueError("%s: row %d has %d values, want %d" % (path, i + 1, len(fields) - 1, dim))
        words.append(fields[0].decode(encoding, unicode_errors))
        try:
            m[i] = np.array(fields[1:], dtype=np.float64)
        except ValueError:
            raise ValueError("%s: row %d (%s) has a value that is not a number" % (path, i + 1, words[-1])) from None
        i += 1
    if i < n:
        raise ValueError("%s: %d rows, but the header says %d" % (path, i, n))
    if not np.all(np.isfinite(m)):
        raise ValueError("%s: a value is NaN or infinite" % path)
    return words, m


def write_word2vec(path, words, vectors, binary, prefix="", append=False, write_header=True, total_vec=None):
    """Writes words and their rows in word2vec's format: binary as
    word2vec.c writes it (a line break after each row), or text."""
    n = len(words)
    dim = vectors.shape[1] if vectors.ndim == 2 else 0
    with open(os.fspath(path), "ab" if append else "wb") as f:
        if write_header:
            f.write(b"%d %d\n" % (n if total_vec is None else total_vec, dim))
        for a in range(0, n, _CHUNK_ROWS):
            block = np.asarray(vectors[a:a + _CHUNK_ROWS], dtype="<f4")
            out = []
            for w, row in zip(words[a:a + _CHUNK_ROWS], block):
                key = (prefix + w).encode("utf-8")
                if binary:
                    out.append(key + b" " + row.tobytes() + b"\n")
                else:
                    out.append(key + b" " + " ".join(map(str, row)).encode() + b"\n")
            f.write(b"".join(out))


def ft_hash(data):
    """fastText's FNV-1a of the bytes data, each byte sign-extended as
    fastText's int8_t cast does (bytes from 0x80 up hash otherwise than in
    the textbook FNV-1a)."""
    h = 2166136261
    for c in data:
        if c >= 0x80:
            c |= 0xFFFFFF00
        h = ((h ^ c) * 16777619) & 0xFFFFFFFF
    return h


def char_ngrams(word, minn, maxn):
    """The character n-grams of minn to maxn characters of "<word>", in
    fastText's order, as bytes (a character being a UTF-8 lead byte and its
    continuation bytes; "<" and ">" alone left out)."""
    if maxn <= 0 or word == FASTTEXT_EOS:
        return []
    w = b"<" + word.encode("utf-8") + b">"
    out = []
    for i in range(len(w)):
        if w[i] & 0xC0 == 0x80:
            continue
        j, n = i, 1
        while j < len(w) and n <= maxn:
            j += 1
            while j < len(w) and w[j] & 0xC0 == 0x80:
                j += 1
            if n >= minn and not (n == 1 and (i == 0 or j == len(w))):
                out.append(w[i:j])
            n += 1
    return out


class FastTextFile:
    """A fastText model (.bin, format version 11 or 12, not quantized): its
    arguments, its dictionary's words and counts, and its input matrix
    (words' rows, then bucket rows of character n-grams), memory-mapped."""

    ARGS = ("dim", "ws", "epoch", "minCount", "neg", "wordNgrams", "loss", "model", "bucket", "minn", "maxn", "lrUpdateRate")

    def __init__(self, path, in_memory=False):
        path = os.fspath(path)
        self.path = path
        with open(path, "rb") as f:
            n = 8 + 12 * 4 + 8 + 3 * 4 + 16
            head = f.read(n)
            if len(head) < 8 or np.frombuffer(head, dtype="<i4", count=1)[0] != FASTTEXT_MAGIC:
                raise ValueError("%s: not a fastText model (.bin)" % path)
            if len(head) < n:
                raise ValueError("%s: truncated fastText model" % path)
            version = int(np.frombuffer(head, dtype="<i4", count=1, offset=4)[0])
            if version not in (11, 12):
                raise ValueError("%s: fastText format version %d, want 11 or 12" % (path, version))
            args = np.frombuffer(head, dtype="<i4", count=12, offset=8)
            self.args = {k: int(v) for k, v in zip(self.ARGS, args)}
            self.args["t"] = float(np.frombuffer(head, dtype="<f8", count=1, offset=56)[0])
            self.dim, self.bucket = self.args["dim"], self.args["bucket"]
            self.minn, self.maxn = self.args["minn"], self.args["maxn"]
            size, nwords, nlabels = (int(x) for x in np.frombuffer(head, dtype="<i4", count=3, offset=64))
            self.ntokens = int(np.frombuffer(head, dtype="<i8", count=1, offset=76)[0])
            pruned = int(np.frombuffer(head, dtype="<i8", count=1, offset=84)[0])
            if pruned != -1:
                raise ValueError("%s: a quantized fastText model (.ftz) is not supported" % path)
            if size < 0 or nwords < 0 or nwords + nlabels != size:
                raise ValueError("%s: corrupt fastText model: dictionary of %d entries" % (path, size))
            words, counts, buf = [], [], b""
            for _ in range(size):
                while True:
                    end = buf.find(b"\0")
                    if end >= 0 and len(buf) >= end + 10:
                        break
                    more = f.read(1 << 20)
                    if not more:
                        raise ValueError("%s: truncated fastText model (in the dictionary)" % path)
                    buf += more
                words.append(buf[:end].decode("utf-8", "replace"))
                counts.append(int.from_bytes(buf[end + 1:end + 9], "little", signed=True))
                buf = buf[end + 10:]
            f.seek(f.tell() - len(buf))
            if f.read(1) != b"\0":
                raise ValueError("%s: a quantized fastText model (.ftz) is not supported" % path)
            m, d = (int(x) for x in np.frombuffer(f.read(16), dtype="<i8", count=2))
            if m != nwords + self.bucket or d != self.dim:
                raise ValueError("%s: corrupt fastText model: input matrix %d by %d, want %d by %d" % (path, m, d, nwords + self.bucket, self.dim))
            offset = f.tell()
            if os.fstat(f.fileno()).st_size < offset + 4 * m * d:
                raise ValueError("%s: truncated fastText model (in the input matrix)" % path)
            if in_memory:
                self.matrix = np.fromfile(f, dtype="<f4", count=m * d).reshape(m, d)
        if not in_memory:
            self.matrix = np.memmap(path, dtype="<f4", mode="r", offset=offset, shape=(m, d))
        self.words = words[:nwords]
        self.counts = np.array(counts[:nwords], dtype=np.int64)
        self.labels = words[nwords:]
        self.nwords = nwords
        self._index = {}
        for i, w in enumerate(self.words):
            self._index.setdefault(w, i)

    def word_id(self, word):
        """word's row, or -1."""
        return self._index.get(word, -1)

    def subwords(self, word):
        """fastText's getSubwords: the word itself (if in the dictionary)
        and its n-grams, with their rows."""
        strings, rows = [], []
        i = self.word_id(word)
        if i >= 0:
            strings.append(word)
            rows.append(i)
        if self.bucket > 0:
            for g in char_ngrams(word, self.minn, self.maxn):
                strings.append(g.decode("utf-8", "replace"))
                rows.append(self.nwords + ft_hash(g) % self.bucket)
        return strings, rows

    def ngram_rows(self, word):
        """The rows of word's n-grams, in fastText's order."""
        if self.bucket <= 0:
            return []
        return [self.nwords + ft_hash(g) % self.bucket for g in char_ngrams(word, self.minn, self.maxn)]

    def vector(self, word):
        """fastText's vector of word (getWordVector): the mean of its own
        row, if it is in the dictionary, and its n-grams' rows, summed in
        float32; None if it has no row at all."""
        return self.mean_of_rows(self.subwords(word)[1])

    def mean_of_rows(self, rows):
        if not rows:
            return None
        v = np.zeros(self.dim, dtype=np.float32)
        for r in rows:
            v += self.matrix[r]
        v *= np.float32(1.0 / len(rows))
        return v

    def word_vectors(self):
        """Every word's vector, composed as vector() composes it (the same
        float32 sums, in the same order, for a block of words at a time)."""
        out = np.empty((self.nwords, self.dim), dtype=np.float32)
        step = 4096
        for a in range(0, self.nwords, step):
            rows = [[i] + self.ngram_rows(self.words[i]) for i in range(a, min(a + step, self.nwords))]
            width = max(len(r) for r in rows)
            idx = np.full((len(rows), width), -1, dtype=np.int64)
            for k, r in enumerate(rows):
                idx[k, :len(r)] = r
            acc = np.zeros((len(rows), self.dim), dtype=np.float32)
            for j in range(width):
                has = idx[:, j] >= 0
                acc[has] += self.matrix[idx[has, j]]
            counts = (idx >= 0).sum(axis=1)
            acc *= (1.0 / counts).astype(np.float32)[:, None]
            out[a:a + len(rows)] = acc
        return out
