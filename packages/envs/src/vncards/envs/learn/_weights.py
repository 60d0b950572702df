"""A network's weights file: an ``.npz`` of its arrays (``w0, b0, w1, b1 …``, float32)
and ``meta``, a JSON string that says which game, table size and features it plays
and how it was trained. A file that is missing, unreadable or not such a file is
refused with :class:`WeightsError`, in one sentence naming it.
"""

from __future__ import annotations

import json
import os
import zipfile
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
from vncards.core import VncardsError
from vncards.envs.learn._mlp import MLP

__all__ = [
    "FORMAT",
    "WeightsError",
    "features_of",
    "load_weights",
    "replace_with",
    "save_weights",
]

FORMAT = "vncards-net-1"
"""The ``format`` every weights file's meta names."""


_FEATURES = {"maubinh": "arrange-2", "tusac": "meld-1", "phom": "phom-1"}


def features_of(game: str) -> str:
    """The name of the rows a network of ``game`` reads in this version, which its
    weights file's meta names as ``features`` (a new name whenever the rows change, so
    a file trained on other rows is refused rather than misread).

    >>> features_of("maubinh"), features_of("tienlen")
    ('arrange-2', 'climb-2')
    """
    return _FEATURES.get(game, "climb-2")


class WeightsError(VncardsError, ValueError):
    """A weights file that cannot be used: missing, corrupt, or for another game."""


def replace_with(path: str | Path, arrays: dict[str, Any]) -> None:
    """Write ``arrays`` as a compressed ``.npz`` at ``path`` through a file beside it, so
    that ``path`` holds the old file or the new one, never half of one (a run stopped
    while it saves keeps its last checkpoint)."""
    final = Path(path)
    partial = final.with_name(final.name + ".partial")
    with open(partial, "wb") as out:
        np.savez_compressed(out, **arrays)
    os.replace(partial, final)


def save_weights(path: str | Path, net: MLP, meta: dict[str, Any]) -> None:
    """Write ``net`` and ``meta`` (JSON-ready) to ``path``."""
    arrays: dict[str, np.ndarray] = {}
    for i, (w, b) in enumerate(zip(net.weights, net.biases, strict=True)):
        arrays[f"w{i}"] = w.astype(np.float32)
        arrays[f"b{i}"] = b.astype(np.float32)
    text = json.dumps({"format": FORMAT, **meta}, sort_keys=True)
    replace_with(path, {"meta": np.array(text), **arrays})


def load_weights(path: str | Path) -> tuple[MLP, dict[str, Any]]:
    """The network and meta of the weights file ``path``.

    >>> load_weights("no-such-file.npz")
    Traceback (most recent call last):
    ...
    vncards.envs.learn._weights.WeightsError: No network weights at no-such-file.npz: ...
    """
    where = str(path)
    if not Path(path).is_file():
        raise WeightsError(
            f"No network weights at {where}: the file is missing (train one with"
            " `vncards train`, or reinstall vncards-envs for the shipped ones)."
        )
    try:
        with open(path, "rb") as given, np.load(given, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            layers = sum(1 for name in data.files if name.startswith("w"))
            weights = [np.asarray(data[f"w{i}"], dtype=np.float32) for i in range(layers)]
            biases = [np.asarray(data[f"b{i}"], dtype=np.float32) for i in range(layers)]
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as e:
        raise WeightsError(
            f"The network weights at {where} are corrupt or not a weights file ({e})."
        ) from e
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise WeightsError(f"{where} is not a vncards network weights file ({FORMAT}).")
    try:
        net = MLP(weights, biases)
        shapes_ok = all(
            w.ndim == 2 and b.shape == (w.shape[1],) for w, b in zip(weights, biases, strict=True)
        ) and all(a.shape[1] == b.shape[0] for a, b in pairwise(weights))
    except ValueError:
        shapes_ok = False
    if not shapes_ok or weights[-1].shape[1] != 1:
        raise WeightsError(f"The network weights at {where} do not make one network.")
    return net, meta
