"""``vncards compare --html`` and ``--plot``: one self-contained page (the settings of the
run, each game's figures with their intervals and paired differences, the clear ones
highlighted, bar charts with intervals as inline SVG, each column's settings), and a
PNG of the main figures.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from vncards.cli._common import InputError
from vncards.cli._compare_run import Column, Settings
from vncards.cli._compare_view import by_game, number, run_lines
from vncards.core.facts import facts_of

__all__ = ["bars", "plot_measures", "write_html"]

_CHARTED = ("moved", "first_seat", "seat_gap", "loss_p95", "length", "forced", "luck")

_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:2em;max-width:72em;color:#222}"
    "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;"
    "padding:.25em .5em;vertical-align:top;text-align:left}th{background:#eee}"
    "td.n{text-align:right;white-space:nowrap}td.clear{background:#fff3b0;font-weight:bold}"
    "small{color:#666}figure{margin:1.5em 0}"
)


def bars(title: str, rows: Sequence[tuple[str, float, tuple[float, float] | None]],
         unit: str) -> str:  # fmt: skip
    """A horizontal bar chart as inline SVG: a label, a bar from zero, its interval.

    >>> svg = bars("lá per game", [("a", 2.0, (1.0, 3.0)), ("b", -1.0, None)], "lá")
    >>> svg.startswith("<svg") and svg.count("<rect") == 2
    True
    """
    width, label_w, row_h = 680, 240, 22
    lo = min([0.0] + [min(v, ci[0] if ci else v) for _, v, ci in rows])
    hi = max([1e-9] + [max(v, ci[1] if ci else v) for _, v, ci in rows])
    scale = (width - label_w - 80) / (hi - lo or 1.0)

    def x(v: float) -> float:
        return label_w + (v - lo) * scale

    height = row_h * len(rows) + 30
    esc = html.escape
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
        f' role="img" aria-label="{esc(title)}">',
        f'<text x="0" y="14" font-weight="bold">{esc(title)}</text>',
    ]
    for i, (label, value, ci) in enumerate(rows):
        y = 24 + i * row_h
        left, right = sorted((x(0.0), x(value)))
        out.append(f'<text x="0" y="{y + 14}" font-size="12">{esc(label)}</text>')
        out.append(
            f'<rect x="{left:.1f}" y="{y + 3}" width="{max(right - left, 0.5):.1f}"'
            f' height="{row_h - 8}" fill="hsl({(i * 47) % 360},55%,60%)"/>'
        )
        end = right
        if ci is not None:
            mid = y + row_h / 2
            out.append(
                f'<line x1="{x(ci[0]):.1f}" y1="{mid}" x2="{x(ci[1]):.1f}" y2="{mid}"'
                ' stroke="black"/>'
            )
            end = max(end, x(ci[1]))
        out.append(
            f'<text x="{end + 6:.1f}" y="{y + 14}" font-size="12">{esc(number(value, unit))}</text>'
        )
    out.append("</svg>")
    return "".join(out)


def _game_section(cols: Sequence[Column]) -> list[str]:
    esc = html.escape
    first = cols[0]
    facts = facts_of(first.plugin)
    parts = [
        f"<h2>{esc(first.plugin.title)} ({esc(first.plugin.name)}) — in {esc(facts.unit)}</h2>"
    ]
    parts.append("<table><tr><th>figure</th>")
    for c in cols:
        role = "baseline" if c.baseline else "vs baseline"
        parts.append(
            f"<th>{esc(c.name)}<br><small>{c.players} players: {esc(', '.join(c.bots))}"
            f" · {role}</small></th>"
        )
    parts.append("</tr>")
    figures = {f.key: f for c in cols for f in c.figures}
    for key, f in figures.items():
        parts.append(f"<tr><th>{esc(f.title)}{' per 100 games' if f.unit == '/100' else ''}</th>")
        for c in cols:
            est = c.estimates.get(key)
            if est is None or est.value is None:
                parts.append("<td class=n>—</td>")
                continue
            text = number(est.value, f.unit)
            if est.ci95 is not None:
                text += f" [{number(est.ci95[0], f.unit)}, {number(est.ci95[1], f.unit)}]"
            d = c.deltas.get(key) if c.deltas is not None else None
            cls = "n"
            if d is not None:
                text += (
                    f"<br><small>Δ {number(d.mean, f.unit, signed=True)}"
                    f" [{number(d.ci95[0], f.unit, signed=True)},"
                    f" {number(d.ci95[1], f.unit, signed=True)}]</small>"
                )
                cls += " clear" if d.clear else ""
            parts.append(f"<td class='{cls}'>{text}</td>")
        parts.append("</tr>")
    parts.append("</table>")
    for key in _CHARTED:
        if key not in figures:
            continue
        f = figures[key]
        rows = [
            (c.name, e.value, e.ci95)
            for c in cols
            if (e := c.estimates.get(key)) is not None and e.value is not None
        ]
        if rows:
            parts.append(f"<figure>{bars(f'{f.title} ({f.unit})', rows, f.unit)}</figure>")
    parts.extend(_own_charts(cols))
    return parts


def _own_charts(cols: Sequence[Column]) -> list[str]:
    """The share of games in which each of the game's own counters was above zero."""
    labels: dict[str, list[tuple[str, float, tuple[float, float] | None]]] = {}
    for c in cols:
        assert c.stats is not None
        for f in c.stats.figures:
            row = (c.name, f.share.rate, f.share.ci95)
            labels.setdefault(f.statistic.label, []).append(row)
    return [f"<figure>{bars(f'games with {label}', rows, '%')}</figure>"
            for label, rows in labels.items()]  # fmt: skip


def _settings_section(payload: list[dict[str, Any]]) -> list[str]:
    esc = html.escape
    parts = ["<h2>Settings of every column</h2>"]
    groups: dict[str, list[dict[str, Any]]] = {}
    for entry in payload:
        groups.setdefault(entry["game"], []).append(entry)
    for name, cols in groups.items():
        parts.append(f"<h3>{esc(cols[0]['title'])} ({esc(name)})</h3><table><tr><th>setting</th>")
        parts.extend(f"<th>{esc(e['variant'])} {esc(_rules_text(e))}</th>" for e in cols)
        parts.append("</tr>")
        keys: list[str] = []
        for e in cols:
            keys.extend(k for k in e["summary"] if k not in keys)
        for key in keys:
            cells = "".join(f"<td>{esc(_cell(e['summary'].get(key)))}</td>" for e in cols)
            parts.append(f"<tr><th>{esc(key.replace('_', ' '))}</th>{cells}</tr>")
        parts.append("</table>")
    return parts


def _rules_text(entry: dict[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in entry["rules"].items())


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(_cell(v) for v in value) or "—"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_cell(v)}" for k, v in value.items()) or "—"
    return "—" if value is None else str(value)


def write_html(
    path: Path, columns: Sequence[Column], payload: list[dict[str, Any]], s: Settings | None
) -> None:
    """One self-contained page: the run's settings, each game's figures, differences and
    charts, then every column's settings (no script, nothing fetched)."""
    esc = html.escape
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>vncards compare</title><style>{_STYLE}</style></head><body>",
        "<h1>vncards compare</h1>",
    ]
    measured = [c for c in columns if c.stats is not None]
    if measured and s is not None:
        parts.extend(f"<p>{esc(line)}</p>" for line in run_lines(s))
        parts.append(
            "<p>A game's columns share deals. Each cell is the figure with its 95% interval"
            " in brackets; a column after the game's baseline also gives its paired"
            " difference from it (Δ), highlighted when that interval does not hold zero."
            "</p>"
        )
        for cols in by_game(measured).values():
            parts.extend(_game_section(cols))
    parts.extend(_settings_section(payload))
    parts.append("</body></html>\n")
    path.write_text("".join(parts), encoding="utf-8")


def plot_measures(columns: list[dict[str, Any]], path: Path) -> None:
    """Bar charts of the main figures, one bar per column, with their 95% intervals
    (PNG, needs matplotlib)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    measured = [c for c in columns if c["measured"] is not None]
    if not measured:
        raise InputError("there is nothing to draw: no installed game was measured")
    labels = [f"{c['game']}\n{c['variant']}" for c in measured]
    keys = (("moved", "paid per game"), ("first_seat", "first seat wins"),
            ("length", "game length (actions)"), ("forced", "forced decisions"))  # fmt: skip
    fig, axes = plt.subplots(2, 2, figsize=(max(8.0, 1.6 * len(labels) + 4), 7.5))
    colours = [f"C{i % 10}" for i in range(len(labels))]
    for ax, (key, title) in zip(axes.flat, keys, strict=True):
        values, lows, highs = [], [], []
        for c in measured:
            m = c["measured"]["metrics"].get(key) or {"value": None}
            v = m["value"] if m["value"] is not None else 0.0
            ci = m.get("ci95") or [v, v]
            values.append(v)
            lows.append(v - ci[0])
            highs.append(ci[1] - v)
        ax.bar(labels, values, color=colours, yerr=[lows, highs], capsize=4)
        ax.set_title(title)
        ax.tick_params(axis="x", labelsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110, format="png")
    plt.close(fig)
