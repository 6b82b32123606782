"""The similarities a sidecar describes, and how to score with them.

Every similarity is a form of the weighted inner product with an optional
bias, s(a, b) = sum_k w_k a_k b_k (+ a_P + b_P), the last ``neg``
coordinates counted negatively, or cosine; the sidecar FILE.json lists them
(``similarities``), the first being the one ``wipsvec nearest`` uses. A
plain word2vec file (no sidecar) is scored by cosine and inner product.
"""

import numpy as np

SIDECAR_FORMAT = "wipsvec-sidecar"


class Similarity:
    """One similarity form of the sidecar: cosine, or the weighted inner
    product with an optional bias and negative coordinates."""

    def __init__(self, name, cosine=False, bias=False, neg=0, weights=None):
        self.name = name
        self.cosine = bool(cosine)
        self.bias = bool(bias)
        self.neg = int(neg)
        self.weights = None if weights is None else np.asarray(weights, dtype=np.float64)

    def __repr__(self):
        return "Similarity(%r)" % self.name

    @classmethod
    def from_json(cls, f):
        return cls(f["name"], f.get("cosine", False), f.get("bias", False), f.get("neg", 0), f.get("weights"))

    def to_json(self):
        out = {"name": self.name}
        if self.cosine:
            out["cosine"] = True
        if self.bias:
            out["bias"] = True
        if self.neg:
            out["neg"] = self.neg
        if self.weights is not None:
            out["weights"] = [float(x) for x in self.weights]
        return out

    def check(self, dim):
        """Raise ValueError if the form cannot score vectors of dim
        coordinates (as the trainer's reader refuses such a sidecar)."""
        p = dim - 1 if self.bias else dim
        if self.cosine and (self.bias or self.neg or self.weights is not None):
            raise ValueError("similarity %s: cosine takes no bias, negative coordinates or weights" % self.name)
        if self.bias and p < 1:
            raise ValueError("similarity %s: a bias needs dim of at least 2, have %d" % (self.name, dim))
        if self.neg < 0 or (self.neg > 0 and self.neg >= p):
            raise ValueError("similarity %s: %d negative coordinates outside (0, %d)" % (self.name, self.neg, p))
        if self.weights is not None and (self.neg or len(self.weights) != p):
            raise ValueError("similarity %s: %d weights for %d coordinates" % (self.name, len(self.weights), p))

    def coefficients(self, dim):
        """The weight of each of the first P coordinates, and P."""
        p = dim - 1 if self.bias else dim
        w = np.ones(p) if self.weights is None else self.weights.copy()
        if self.neg:
            w[p - self.neg:] = -1.0
        return w, p

    def score(self, a, b):
        """s(a, b) in float64."""
        a = np.asarray(a, dtype=np.float64)
        b = np.asarray(b, dtype=np.float64)
        if self.cosine:
            na, nb = np.dot(a, a), np.dot(b, b)
            if na == 0 or nb == 0:
                return 0.0
            return float(np.dot(a, b) / np.sqrt(na * nb))
        w, p = self.coefficients(len(a))
        s = float(np.dot(w * a[:p], b[:p]))
        if self.bias:
            s += float(a[p]) + float(b[p])
        return s


def legacy_forms(meta):
    """The similarities of a sidecar of trainer version 0.1, which named
    its model instead of listing them."""
    model = meta.get("model")
    if model == "sg":
        return [Similarity("cos", cosine=True), Similarity("ip")]
    if model == "ips":
        return [Similarity("ip")]
    if model == "sips":
        return [Similarity("sips", bias=True)]
    if model == "ipds":
        return [Similarity("ipds(q=%d)" % meta.get("neg_dim", 0), neg=meta.get("neg_dim", 0))]
    if model == "wips":
        return [Similarity("wip", weights=meta.get("lambda"))]
    if model == "hsg":
        return [Similarity("minkowski", neg=1)]
    raise ValueError("unknown model %r" % (model,))


def plain_forms():
    """The similarities of vectors without a sidecar: cosine, then the
    inner product."""
    return [Similarity("cos", cosine=True), Similarity("ip")]
