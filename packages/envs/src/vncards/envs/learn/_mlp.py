"""A small multilayer perceptron in numpy: ReLU hidden layers, one linear output, the
squared-error gradient by backpropagation, and Adam.

The learner's network scores (state, action) pairs; its first layer is split in two at
decision time (:meth:`MLP.score`): the state's part is computed once, each legal
action adds its own, so scoring forty plays costs little more than scoring one.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import numpy as np

__all__ = ["MLP", "Adam"]


class MLP:
    """Layers ``sizes[0] → sizes[1] → … → 1``: ReLU between, the last one linear.

    ``weights[i]`` has shape ``(sizes[i], sizes[i + 1])``; ``biases[i]`` one row.
    Initialised as He et al. advise for ReLU, from ``rng``.

    >>> net = MLP.init([3, 4, 1], np.random.default_rng(0))
    >>> net.forward(np.ones((2, 3), dtype=np.float32)).shape
    (2,)
    """

    def __init__(self, weights: Sequence[np.ndarray], biases: Sequence[np.ndarray]) -> None:
        if len(weights) != len(biases) or not weights:
            raise ValueError("a network needs one bias row for each of its weight matrices")
        self.weights = [np.ascontiguousarray(w) for w in weights]
        self.biases = [np.ascontiguousarray(b) for b in biases]

    @classmethod
    def init(cls, sizes: Sequence[int], rng: np.random.Generator, dtype: type = np.float32) -> MLP:
        """A fresh network of layer widths ``sizes`` (the last must be 1)."""
        if len(sizes) < 2 or sizes[-1] != 1:
            raise ValueError(f"layer widths end in one output, not {list(sizes)}")
        weights = [
            (rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(dtype)
            for a, b in pairwise(sizes)
        ]
        biases: list[np.ndarray] = [np.zeros(b, dtype=dtype) for b in sizes[1:]]
        return cls(weights, biases)

    @property
    def sizes(self) -> list[int]:
        """The layer widths, input first."""
        return [self.weights[0].shape[0], *(w.shape[1] for w in self.weights)]

    @property
    def params(self) -> list[np.ndarray]:
        """Every parameter array, in the order :meth:`gradients` returns them."""
        return [p for pair in zip(self.weights, self.biases, strict=True) for p in pair]

    def forward(self, x: np.ndarray) -> np.ndarray:
        """The outputs for the rows of ``x`` (shape ``(rows,)``)."""
        h = x
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            h = h @ w + b
            if i < last:
                np.maximum(h, 0, out=h)
        return h[:, 0]

    def score(self, state: np.ndarray, actions: np.ndarray) -> np.ndarray:
        """The outputs for one state row joined to each row of ``actions`` — what
        ``forward`` gives on ``[state, action]`` rows, with the state's share of the
        first layer worked out once.

        >>> net = MLP.init([5, 8, 1], np.random.default_rng(1), np.float64)
        >>> s, a = np.ones(3), np.eye(2)
        >>> rows = np.hstack([np.tile(s, (2, 1)), a])
        >>> bool(np.allclose(net.score(s, a), net.forward(rows)))
        True
        """
        w0 = self.weights[0]
        cut = state.shape[0]
        h = actions @ w0[cut:] + (state @ w0[:cut] + self.biases[0])
        np.maximum(h, 0, out=h)
        last = len(self.weights) - 1
        for i in range(1, last + 1):
            h = h @ self.weights[i] + self.biases[i]
            if i < last:
                np.maximum(h, 0, out=h)
        out: np.ndarray = h[:, 0]
        return out

    def gradients(self, x: np.ndarray, y: np.ndarray) -> tuple[float, list[np.ndarray]]:
        """The mean squared error of the outputs for ``x`` against ``y``, and its gradient
        with respect to each array of :attr:`params`, by backpropagation."""
        acts = [x]
        h = x
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            h = h @ w + b
            if i < last:
                h = np.maximum(h, 0)
            acts.append(h)
        err = acts[-1][:, 0] - y
        loss = float(np.mean(err * err))
        delta = (2.0 / len(y)) * err[:, None].astype(x.dtype)
        grads: list[np.ndarray] = []
        for i in range(last, -1, -1):
            grads.append(delta.sum(axis=0))
            grads.append(acts[i].T @ delta)
            if i:
                delta = (delta @ self.weights[i].T) * (acts[i] > 0)
        grads.reverse()  # now weight, bias, weight, bias … from the input side
        return loss, grads


class Adam:
    """Adam (Kingma and Ba) over a fixed list of parameter arrays, updated in place.

    Its moments and step count are plain arrays, saved with a checkpoint so that a run
    resumed from it goes on exactly as if it had not stopped.

    >>> p = [np.array([1.0, -2.0])]
    >>> opt = Adam(p, lr=0.1)
    >>> opt.step([np.array([1.0, -1.0])])
    >>> [round(float(v), 3) for v in p[0]]
    [0.9, -1.9]
    """

    def __init__(
        self,
        params: Sequence[np.ndarray],
        lr: float = 1e-3,
        betas: tuple[float, float] = (0.9, 0.999),
        eps: float = 1e-8,
    ) -> None:
        self.params = list(params)
        self.lr = lr
        self.betas = betas
        self.eps = eps
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.t = 0

    def step(self, grads: Sequence[np.ndarray]) -> None:
        """One update of every parameter from its gradient."""
        self.t += 1
        b1, b2 = self.betas
        fix1 = 1 - b1**self.t
        fix2 = 1 - b2**self.t
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * (g * g)
            p -= (self.lr / fix1) * m / (np.sqrt(v / fix2) + self.eps)
