"""fastText's Python method names over a model's KeyedVectors (its
``subwords`` the fastText model); NumPy is imported when a method runs, so
that importing the package (and starting a training) does not wait for
it."""


class FastTextMethods:
    """fastText's Python methods over ``self.wv`` (a KeyedVectors whose
    ``subwords`` is the fastText model)."""

    @property
    def _ft(self):
        sub = self.wv.subwords
        if sub is None:
            raise ValueError("the model has no subword rows (train it with max_n > 0)")
        return sub

    def get_dimension(self):
        return self._ft.dim

    def get_word_vector(self, word):
        """fastText's getWordVector: the mean of the word's row (if it is in
        the vocabulary, matched exactly) and its n-grams' rows; zeros for a
        word with neither."""
        import numpy as np

        v = self._ft.vector(word)
        return np.zeros(self._ft.dim, dtype=np.float32) if v is None else v

    def get_sentence_vector(self, text):
        """fastText's for a model without labels: the mean of the words'
        vectors, each at unit length (a zero vector left out)."""
        import numpy as np

        out = np.zeros(self._ft.dim, dtype=np.float32)
        n = 0
        for w in text.split():
            v = self.get_word_vector(w)
            norm = np.linalg.norm(v)
            if norm > 0:
                out += v / norm
                n += 1
        return out / n if n else out

    def get_subwords(self, word, on_unicode_error="strict"):
        """The word itself (if in the vocabulary) and its character
        n-grams, and their rows in the input matrix."""
        import numpy as np

        strings, rows = self._ft.subwords(word)
        return strings, np.array(rows, dtype=np.int64)

    def get_subword_id(self, subword):
        from ._formats import ft_hash

        return self._ft.nwords + ft_hash(subword.encode("utf-8")) % self._ft.bucket

    def get_word_id(self, word):
        return self._ft.word_id(word)

    def get_words(self, include_freq=False, on_unicode_error="strict"):
        if include_freq:
            return list(self._ft.words), self._ft.counts.copy()
        return list(self._ft.words)

    @property
    def words(self):
        return self.get_words()

    def get_labels(self, include_freq=False, on_unicode_error="strict"):
        import numpy as np

        return ([], np.zeros(0, dtype=np.int64)) if include_freq else []

    @property
    def labels(self):
        return []

    def get_input_matrix(self):
        import numpy as np

        return np.array(self._ft.matrix)

    def get_input_vector(self, ind):
        import numpy as np

        return np.array(self._ft.matrix[ind])

    def is_quantized(self):
        return False

    def _neighbours(self, terms, k, ban):
        kv = self.wv
        rows = {kv.key_to_index[w] for w in ban if w in kv.key_to_index}
        plan = kv._plan([(v, w, False) for v, w in terms])
        return [(s, kv.index_to_key[i]) for i, s in kv._top(plan, int(k), 0, len(kv), rows)]

    def get_nearest_neighbors(self, word, k=10, on_unicode_error="strict"):
        """The k words nearest to word under the model's similarity (cosine
        for fastText's models), word left out, as (score, word) pairs."""
        return self._neighbours([(self.get_word_vector(word), 1.0)], k, {word})

    def get_analogies(self, wordA, wordB, wordC, k=10, on_unicode_error="strict"):
        """The k words nearest to wordA - wordB + wordC (under cosine the
        sum of their unit vectors; else s(A, w) - s(B, w) + s(C, w)), the
        three left out, as (score, word) pairs."""
        terms = [(self.get_word_vector(wordA), 1.0), (self.get_word_vector(wordB), -1.0), (self.get_word_vector(wordC), 1.0)]
        return self._neighbours(terms, k, {wordA, wordB, wordC})

    def __getitem__(self, word):
        return self.get_word_vector(word)

    def __contains__(self, word):
        return self._ft.word_id(word) >= 0
