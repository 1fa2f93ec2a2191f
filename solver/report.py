"""Statistics, tables and plots for the ``solver`` command's AI reports (``solo`` and ``arena``).

The command line plays the games; this module turns their results into numbers, text and charts:

    >>> lo, hi = wilson_interval(5, 10)
    >>> round(lo, 4), round(hi, 4)
    (0.2366, 0.7634)
    >>> games = [SoloGame(seed=1, title="Path Guardian", stock=5), SoloGame(seed=2, title=None, stock=0)]
    >>> summary = summarise_solo("greedy", games)
    >>> summary["wins"], summary["titles"]["Path Guardian"], summary["titles"]["lost"]
    (1, 1, 1)

Plotting needs matplotlib (``pip install -e ".[plot]"``), imported only when a chart is drawn.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solver.core.errors import SolverError
from solver.games.godo.rules import TITLES

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""

LOST = "lost"
"""The name of a lost solo game in a title distribution."""

PLOT_HINT = 'pip install -e ".[plot]"'


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default).

    ``wins`` may be fractional (shared wins count 1/k). With no games the interval is ``(0, 1)``.

        >>> wilson_interval(0, 10)[0], round(wilson_interval(0, 10)[1], 4)
        (0.0, 0.2775)
        >>> round(wilson_interval(10, 10)[0], 4), wilson_interval(10, 10)[1]
        (0.7225, 1.0)

    Raises:
        ValueError: ``wins`` is negative or more than ``games``.
    """
    if games <= 0:
        return 0.0, 1.0
    if not 0 <= wins <= games:
        raise ValueError(f"wins: expected 0 to {games}, got {wins}")
    p = wins / games
    z2 = z * z
    denominator = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denominator
    lo = 0.0 if wins == 0 else max(0.0, centre - half)
    hi = 1.0 if wins == games else min(1.0, centre + half)
    return lo, hi


def title_names() -> list[str]:
    """The solo titles from best to worst (``rules.TITLES``), then ``"lost"``."""
    return [title for _, title in TITLES] + [LOST]


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _round(value: float | None, digits: int = 4) -> float | None:
    return None if value is None else round(value, digits)


@dataclass
class SoloGame:
    """One solo game's outcome: the title earned (``None`` for a loss) and the Ensō stock left."""

    seed: int
    title: str | None
    stock: int
    steps: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "title": self.title, "stock": self.stock, "steps": self.steps,
                "seconds": round(self.seconds, 4)}  # fmt: skip


def summarise_solo(agent: str, games: Sequence[SoloGame]) -> dict[str, Any]:
    """One agent's solo results: wins, win rate and its 95% Wilson interval, titles, stock, time.

    ``titles`` counts every title of ``rules.TITLES`` (zeros included) and ``"lost"``;
    ``mean_stock_wins`` is ``None`` without a win.
    """
    n = len(games)
    wins = [g for g in games if g.title is not None]
    titles = dict.fromkeys(title_names(), 0)
    for g in games:
        titles[g.title if g.title is not None else LOST] += 1
    lo, hi = wilson_interval(len(wins), n)
    return {
        "agent": agent,
        "games": n,
        "wins": len(wins),
        "win_rate": _round(len(wins) / n if n else 0.0),
        "ci95": [_round(lo), _round(hi)],
        "titles": titles,
        "mean_stock_wins": _round(_mean([g.stock for g in wins])),
        "mean_stock": _round(_mean([g.stock for g in games])),
        "mean_seconds": _round(_mean([g.seconds for g in games])),
        "results": [g.to_json() for g in games],
    }


@dataclass
class ArenaGame:
    """One game of a seat-rotated match: which agent sat at each seat, who won, the scores."""

    seed: int
    agent_of_seat: list[int]
    winners: list[int]  # seats
    scores: list[int]  # by seat
    steps: int = 0
    seconds: float = 0.0


def summarise_arena(agents: Sequence[str], games: Sequence[ArenaGame]) -> list[dict[str, Any]]:
    """Each agent's results over a match: wins (a win shared by k seats counts 1/k), win rate with
    its 95% Wilson interval, mean score and how often it sat at each seat.

        >>> game = ArenaGame(seed=1, agent_of_seat=[1, 0], winners=[0, 1], scores=[30, 30])
        >>> [a["wins"] for a in summarise_arena(["mcts", "greedy"], [game])]
        [0.5, 0.5]
    """
    seats = len(agents)
    out = []
    for i, name in enumerate(agents):
        wins = 0.0
        scores: list[int] = []
        seat_counts = [0] * seats
        for g in games:
            seat = g.agent_of_seat.index(i)
            seat_counts[seat] += 1
            scores.append(g.scores[seat])
            if seat in g.winners:
                wins += 1 / len(g.winners)
        n = len(games)
        lo, hi = wilson_interval(min(wins, n), n)
        out.append({
            "agent": name,
            "games": n,
            "wins": _round(wins),
            "win_rate": _round(wins / n if n else 0.0),
            "ci95": [_round(lo), _round(hi)],
            "mean_score": _round(_mean(scores)),
            "seats": seat_counts,
        })  # fmt: skip
    return out


def percent(rate: float) -> str:
    """A rate as a percentage with one decimal: ``0.4567 -> '45.7%'``."""
    return f"{100 * rate:.1f}%"


def rate_with_interval(summary: dict[str, Any]) -> str:
    """``'45.0% [38.3%, 51.9%]'`` from a summary's ``win_rate`` and ``ci95``."""
    lo, hi = summary["ci95"]
    return f"{percent(summary['win_rate'])} [{percent(lo)}, {percent(hi)}]"


def number(value: float | None, digits: int = 2) -> str:
    """A number for a table: integers as they are, others rounded, ``None`` as ``-``."""
    if value is None:
        return "-"
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.{digits}f}"


def side_by_side(headers: Sequence[str], rows: Sequence[tuple[str, Sequence[str]]]) -> str:
    """A plain-text table: one column per agent, one row per statistic.

        >>> print(side_by_side(["a", "b"], [("wins", ["1", "22"])]))
              a  b
        wins  1  22
    """
    label_width = max([len(label) for label, _ in rows] + [0])
    widths = [max([len(h)] + [len(cells[c]) for _, cells in rows]) for c, h in enumerate(headers)]

    def line(label: str, cells: Sequence[str]) -> str:
        return "  ".join([label.ljust(label_width)] + [cell.ljust(w) for cell, w in zip(cells, widths)]).rstrip()

    return "\n".join([line("", headers)] + [line(label, cells) for label, cells in rows])


def solo_table(summaries: Sequence[dict[str, Any]]) -> str:
    """The solo summaries of several agents side by side (see ``summarise_solo``)."""
    rows: list[tuple[str, list[str]]] = [
        ("games", [str(s["games"]) for s in summaries]),
        ("wins", [str(s["wins"]) for s in summaries]),
        ("win rate [95% CI]", [rate_with_interval(s) for s in summaries]),
    ]
    rows += [(f"  {title}", [str(s["titles"][title]) for s in summaries]) for title in title_names()]
    rows += [
        ("mean stock left (wins)", [number(s["mean_stock_wins"]) for s in summaries]),
        ("mean stock left (all)", [number(s["mean_stock"]) for s in summaries]),
        ("seconds per game", [number(s["mean_seconds"], 3) for s in summaries]),
    ]
    return side_by_side([s["agent"] for s in summaries], rows)


def arena_table(summaries: Sequence[dict[str, Any]]) -> str:
    """The arena summaries of the agents side by side (see ``summarise_arena``)."""
    rows: list[tuple[str, list[str]]] = [
        ("games", [str(s["games"]) for s in summaries]),
        ("wins", [number(s["wins"]) for s in summaries]),
        ("win rate [95% CI]", [rate_with_interval(s) for s in summaries]),
        ("mean score", [number(s["mean_score"]) for s in summaries]),
        ("games per seat", ["/".join(map(str, s["seats"])) for s in summaries]),
    ]
    return side_by_side([s["agent"] for s in summaries], rows)


def require_matplotlib() -> None:
    """Check that matplotlib can be imported, before any game is played.

    Raises:
        SolverError: ``plot: ...`` naming the install command when it is missing.
    """
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise SolverError(f"plot: matplotlib is not installed; install it with {PLOT_HINT}") from None


def check_writable(path: str) -> None:
    """Check that a file can be written at ``path`` (its folder exists), before any game is played.

    Raises:
        SolverError: ``plot: ...`` when the folder does not exist or is a file.
    """
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise SolverError(f"plot: cannot write {path}: the folder {folder} does not exist")
    if os.path.isdir(path):
        raise SolverError(f"plot: cannot write {path}: it is a folder")


def plot_titles(summaries: Sequence[dict[str, Any]], path: str, heading: str = "") -> str:
    """Draw the solo title distributions of the agents side by side as a PNG bar chart.

    Uses matplotlib's Agg canvas (no display needed, no global pyplot state). Returns the absolute
    path written.

    Raises:
        SolverError: ``plot: ...`` when matplotlib is missing or the file cannot be written.
    """
    require_matplotlib()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import MaxNLocator

    titles = title_names()
    figure = Figure(figsize=(max(8.0, 1.1 * len(titles)), 5.0), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    width = 0.8 / max(1, len(summaries))
    for i, s in enumerate(summaries):
        xs = [t + (i - (len(summaries) - 1) / 2) * width for t in range(len(titles))]
        label = f"{s['agent']} ({percent(s['win_rate'])} won)"
        axes.bar(xs, [s["titles"][title] for title in titles], width=width, label=label)
    axes.set_xticks(range(len(titles)))
    axes.set_xticklabels(titles, rotation=30, ha="right")
    axes.set_ylabel("games")
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_title(heading or "GODŌ solo: titles earned")
    axes.legend()
    try:
        figure.savefig(path, format="png", dpi=100)
    except OSError as exc:
        raise SolverError(f"plot: cannot write {path}: {exc.strerror or exc}") from None
    return os.path.abspath(path)
