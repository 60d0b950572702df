"""How the command line writes statistics: rates with their interval, means with theirs.

The statistics themselves are core's (:mod:`vncards.core.simulate`).
"""

from __future__ import annotations

from vncards.core.simulate import Mean, Share, wilson

__all__ = ["mean_text", "share_text", "wilson"]


def share_text(share: Share, *, interval: bool = True, digits: int = 1) -> str:
    """A rate as a percentage, with the half-width of its 95% interval.

    >>> share_text(Share.of(25, 100))
    '25.0% ±8.4'
    >>> share_text(Share.of(0, 0))
    '—'
    """
    if share.games == 0:
        return "—"
    text = f"{share.rate * 100:.{digits}f}%"
    if interval:
        half = (share.ci95[1] - share.ci95[0]) * 50
        text += f" ±{half:.{digits}f}"
    return text


def mean_text(mean: Mean, *, interval: bool = True, digits: int = 1) -> str:
    """A mean with the half-width of its 95% interval.

    >>> mean_text(Mean.of([2, 4, 4, 4, 5, 5, 7, 9]))
    '5.0 ±1.5'
    """
    if mean.n == 0:
        return "—"
    text = f"{mean.mean:.{digits}f}"
    if interval:
        text += f" ±{(mean.ci95[1] - mean.ci95[0]) / 2:.{digits}f}"
    return text
