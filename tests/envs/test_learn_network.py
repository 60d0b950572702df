"""The learner's numpy network: backpropagation agrees with finite differences, the
split first layer scores as the whole network does, and Adam fits what it is given."""

from __future__ import annotations

import numpy as np
import pytest
from vncards.envs.learn import MLP, Adam


def test_backpropagation_matches_finite_differences() -> None:
    rng = np.random.default_rng(4)
    net = MLP.init([6, 5, 4, 1], rng, np.float64)
    for b in net.biases:
        b[...] = rng.standard_normal(b.shape) * 0.1  # no ReLU sits at its kink
    x = rng.standard_normal((7, 6))
    y = rng.standard_normal(7)
    _, grads = net.gradients(x, y)
    eps = 1e-6
    for p, g in zip(net.params, grads, strict=True):
        assert g.shape == p.shape
        for i in range(p.size):
            keep = p.flat[i]
            p.flat[i] = keep + eps
            up = net.gradients(x, y)[0]
            p.flat[i] = keep - eps
            down = net.gradients(x, y)[0]
            p.flat[i] = keep
            assert abs((up - down) / (2 * eps) - g.flat[i]) < 1e-6


def test_loss_is_the_mean_squared_error_of_forward() -> None:
    rng = np.random.default_rng(5)
    net = MLP.init([3, 4, 1], rng, np.float64)
    x, y = rng.standard_normal((9, 3)), rng.standard_normal(9)
    loss, _ = net.gradients(x, y)
    assert np.isclose(loss, np.mean((net.forward(x) - y) ** 2))


def test_score_of_a_state_and_its_actions_is_forward_on_joined_rows() -> None:
    rng = np.random.default_rng(6)
    net = MLP.init([10, 8, 8, 1], rng)
    state = rng.random(7).astype(np.float32)
    actions = rng.random((5, 3)).astype(np.float32)
    joined = np.hstack([np.tile(state, (5, 1)), actions])
    assert np.allclose(net.score(state, actions), net.forward(joined), atol=1e-5)


def test_adam_fits_a_small_regression() -> None:
    rng = np.random.default_rng(7)
    x = rng.standard_normal((256, 4))
    y = np.sin(x[:, 0]) + x[:, 1] * x[:, 2]
    net = MLP.init([4, 32, 1], rng, np.float64)
    opt = Adam(net.params, lr=1e-2)
    first = net.gradients(x, y)[0]
    for _ in range(400):
        loss, grads = net.gradients(x, y)
        opt.step(grads)
    assert loss < first / 5


def test_a_network_needs_one_output() -> None:
    with pytest.raises(ValueError, match="one output"):
        MLP.init([3, 2], np.random.default_rng(0))
