"""Statistics, tables and plots for the ``solver`` command's AI reports (``solo`` and ``arena``).

The command line plays the games; this module turns their results into numbers, text and charts:

    >>> lo, hi = wilson_interval(5, 10)
    >>> round(lo, 4), round(hi, 4)
    (0.2366, 0.7634)
    >>> from solver.games.godo.game import SOLO
    >>> games = [SoloGame(seed=1, title="Path Guardian", score=5), SoloGame(2, None, 0, won=False)]
    >>> summary = summarise_solo("greedy", games, SOLO)
    >>> summary["wins"], summary["titles"]["Path Guardian"], summary["titles"]["lost"]
    (1, 1, 1)

Plotting needs matplotlib (``pip install -e ".[plot]"``), imported only when a chart is drawn.
"""

from __future__ import annotations

import math
import os
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from solver.core.errors import SolverError
from solver.core.game import SoloInfo

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


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal interval (95% by default): ``(mean, low, high)``; with
    one value the interval is unbounded. A paired comparison's interval, over its differences.

        >>> mean_interval([1.0, 3.0])[0], mean_interval([2.0])[1:]
        (2.0, (-inf, inf))
    """
    mean = statistics.fmean(values)
    half = z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half


def title_names(solo: SoloInfo) -> list[str]:
    """A game's solo titles from best to worst, then ``"lost"`` if a solo game can be lost."""
    return list(solo.titles) + ([LOST] if solo.can_lose else [])


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _round(value: float | None, digits: int = 4) -> float | None:
    return None if value is None else round(value, digits)


@dataclass
class SoloGame:
    """One solo game's outcome: won or lost, the title earned (``None`` for none) and the number
    the game is judged by (``SoloInfo.score_name``: GODŌ's stock left, others' score)."""

    seed: int
    title: str | None
    score: int
    won: bool = True
    steps: int = 0
    seconds: float = 0.0
    hindsight: int | None = None  # the clairvoyant's score in this game's world (``--hindsight``)
    hindsight_exact: bool = False  # whether that score is proven the optimum

    def to_json(self) -> dict[str, Any]:
        data = {"seed": self.seed, "won": self.won, "title": self.title, "score": self.score,
                "steps": self.steps, "seconds": round(self.seconds, 4)}  # fmt: skip
        if self.hindsight is not None:
            data |= {"hindsight": self.hindsight, "regret": self.hindsight - self.score,
                     "hindsight_exact": self.hindsight_exact}  # fmt: skip
        return data


def regret(games: Sequence[SoloGame]) -> dict[str, Any]:
    """How far an agent's scores fall below the hindsight scores of the same games: the mean
    hindsight score, the mean gap with its standard error, and the share of games at the hindsight
    score (``None`` without hindsight scores).

        >>> games = [SoloGame(1, None, 80, hindsight=100), SoloGame(2, None, 90, hindsight=90)]
        >>> gaps = regret(games)
        >>> gaps["mean_hindsight"], gaps["mean_regret"], gaps["se_regret"], gaps["at_hindsight"]
        (95.0, 10.0, 10.0, 0.5)
    """
    scored = [g for g in games if g.hindsight is not None]
    if not scored:
        return {"mean_hindsight": None, "mean_regret": None, "se_regret": None,
                "at_hindsight": None, "exact": 0}  # fmt: skip
    gaps = [g.hindsight - g.score for g in scored]
    se = statistics.stdev(gaps) / math.sqrt(len(gaps)) if len(gaps) > 1 else None
    return {
        "mean_hindsight": _round(_mean([g.hindsight for g in scored])),
        "mean_regret": _round(_mean(gaps)),
        "se_regret": _round(se),
        "at_hindsight": _round(sum(gap <= 0 for gap in gaps) / len(gaps)),
        "exact": sum(g.hindsight_exact for g in scored),
    }


def summarise_solo(agent: str, games: Sequence[SoloGame], solo: SoloInfo) -> dict[str, Any]:
    """One agent's solo results: wins with the win rate's 95% Wilson interval (for games that can
    be lost), titles, the score's mean, median, spread and distribution, and the regret against
    the hindsight scores if the games have them (``regret``).

    ``titles`` counts every title of the game (zeros included) and ``"lost"``; ``mean_score_wins``
    is ``None`` without a win; ``distribution`` maps each score reached to how many games.
    """
    n = len(games)
    wins = [g for g in games if g.won]
    titles = dict.fromkeys(title_names(solo), 0)
    for g in games:
        key = g.title if g.won else LOST
        if key is not None:
            titles[key] += 1
    lo, hi = wilson_interval(len(wins), n)
    scores = [g.score for g in games]
    return {
        "agent": agent,
        "games": n,
        "wins": len(wins),
        "win_rate": _round(len(wins) / n if n else 0.0),
        "ci95": [_round(lo), _round(hi)],
        "titles": titles,
        "mean_score": _round(_mean(scores)),
        "mean_score_wins": _round(_mean([g.score for g in wins])),
        "median_score": _round(statistics.median(scores)) if scores else None,
        "stdev_score": _round(statistics.pstdev(scores)) if scores else None,
        "min_score": min(scores, default=None),
        "max_score": max(scores, default=None),
        "distribution": {str(k): v for k, v in sorted(Counter(scores).items())},
        "mean_seconds": _round(_mean([g.seconds for g in games])),
        "regret": regret(games),
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


def solo_table(summaries: Sequence[dict[str, Any]], solo: SoloInfo) -> str:
    """The solo summaries of several agents side by side (see ``summarise_solo``)."""
    name = solo.score_name
    rows: list[tuple[str, list[str]]] = [("games", [str(s["games"]) for s in summaries])]
    if solo.can_lose:
        rows += [
            ("wins", [str(s["wins"]) for s in summaries]),
            ("win rate [95% CI]", [rate_with_interval(s) for s in summaries]),
        ]
    rows += [(f"  {title}", [str(s["titles"][title]) for s in summaries]) for title in title_names(solo)]
    if solo.can_lose:
        rows.append((f"mean {name} (wins)", [number(s["mean_score_wins"]) for s in summaries]))
    rows += [
        (f"mean {name}" + (" (all)" if solo.can_lose else ""), [number(s["mean_score"]) for s in summaries]),
        (f"median {name}", [number(s["median_score"]) for s in summaries]),
        (f"{name}: standard deviation", [number(s["stdev_score"]) for s in summaries]),
        (f"{name}: lowest-highest", [f"{number(s['min_score'])}-{number(s['max_score'])}" for s in summaries]),
        ("seconds per game", [number(s["mean_seconds"], 3) for s in summaries]),
    ]
    if any(s["regret"]["mean_regret"] is not None for s in summaries):
        rows += [
            (f"mean hindsight {name}", [number(s["regret"]["mean_hindsight"]) for s in summaries]),
            ("regret: mean gap (s.e.)", [_gap(s["regret"]) for s in summaries]),
            ("games at the hindsight score", [_share(s["regret"]) for s in summaries]),
        ]
    return side_by_side([s["agent"] for s in summaries], rows)


def _gap(regret: dict[str, Any]) -> str:
    se = regret["se_regret"]
    return number(regret["mean_regret"]) + ("" if se is None else f" ({number(se)})")


def _share(regret: dict[str, Any]) -> str:
    share = regret["at_hindsight"]
    return "-" if share is None else percent(share)


def hindsight_table(summaries: Sequence[dict[str, Any]]) -> str:
    """Per seed, each agent's score and the hindsight score of its game (``score/hindsight``;
    ``*`` marks a hindsight score proven the optimum).

        >>> games = [SoloGame(7, None, 80, hindsight=100, hindsight_exact=True)]
        >>> print(hindsight_table([{"agent": "greedy", "results": [g.to_json() for g in games]}]))
              greedy
        seed  score/hindsight
        7     80/100*
    """
    seeds = [r["seed"] for r in summaries[0]["results"]]
    rows = [("seed", ["score/hindsight"] * len(summaries))]
    for i, seed in enumerate(seeds):
        cells = [f"{r['score']}/{r.get('hindsight', '-')}{'*' if r.get('hindsight_exact') else ''}"
                 for r in (s["results"][i] for s in summaries)]  # fmt: skip
        rows.append((str(seed), cells))
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


def check_writable(path: str, field: str = "plot") -> None:
    """Check that a file can be written at ``path`` (its folder exists), before any game is played.

    Raises:
        SolverError: ``<field>: ...`` when the folder does not exist or is a file.
    """
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise SolverError(f"{field}: cannot write {path}: the folder {folder} does not exist")
    if os.path.isdir(path):
        raise SolverError(f"{field}: cannot write {path}: it is a folder")


def png_figure(width: float, height: float) -> Any:
    """A matplotlib figure of ``width`` x ``height`` inches on the Agg canvas, laid out by
    matplotlib's constrained layout: no display needed and no global pyplot state, so charts drawn
    in a worker or a test do not leak figures. Call ``require_matplotlib`` first.

        >>> png_figure(4.0, 3.0).get_size_inches().tolist()
        [4.0, 3.0]
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def save_png(figure: Any, path: str) -> str:
    """Write ``figure`` to ``path`` as a PNG and return the absolute path.

    Raises:
        SolverError: ``plot: cannot write ...`` when the file cannot be written.
    """
    try:
        figure.savefig(path, format="png", dpi=100)
    except OSError as exc:
        raise SolverError(f"plot: cannot write {path}: {exc.strerror or exc}") from None
    return os.path.abspath(path)


def plot_solo(summaries: Sequence[dict[str, Any]], path: str, solo: SoloInfo, heading: str = "") -> str:
    """Draw the agents' solo results side by side as a PNG: the titles earned (a bar chart), for a
    scored game the distribution of scores (a histogram), and with hindsight scores the
    distribution of the regret (the gap to the hindsight score of each game).

    Uses matplotlib's Agg canvas (no display needed, no global pyplot state). Returns the absolute
    path written.

    Raises:
        SolverError: ``plot: ...`` when matplotlib is missing or the file cannot be written.
    """
    require_matplotlib()
    from matplotlib.ticker import MaxNLocator

    titles = title_names(solo)
    panels = (["titles"] if titles else []) + ([] if solo.can_lose else ["scores"])
    if any(s["regret"]["mean_regret"] is not None for s in summaries):
        panels.append("regret")
    figure = png_figure(max(8.0, 1.1 * len(titles)) * len(panels), 5.0)
    for k, panel in enumerate(panels, 1):
        axes = figure.add_subplot(1, len(panels), k)
        if panel == "titles":
            width = 0.8 / max(1, len(summaries))
            for i, s in enumerate(summaries):
                xs = [t + (i - (len(summaries) - 1) / 2) * width for t in range(len(titles))]
                label = f"{s['agent']} ({percent(s['win_rate'])} won)" if solo.can_lose else s["agent"]
                axes.bar(xs, [s["titles"][title] for title in titles], width=width, label=label)
            axes.set_xticks(range(len(titles)))
            axes.set_xticklabels(titles, rotation=30, ha="right")
            axes.set_title("titles earned")
        elif panel == "regret":
            for s in summaries:
                gaps = [r["regret"] for r in s["results"] if "regret" in r]
                label = f"{s['agent']} (mean {number(s['regret']['mean_regret'])}, " \
                        f"{_share(s['regret'])} at it)"  # fmt: skip
                bins = min(30, max(1, len(set(gaps))))
                axes.hist(gaps, bins=bins, histtype="step", linewidth=2, label=label)
            axes.set_xlabel(f"regret: hindsight {solo.score_name} - {solo.score_name}")
            axes.set_title("regret against the hindsight score")
        else:
            for s in summaries:
                scores = [int(v) for v, c in s["distribution"].items() for _ in range(c)]
                label = f"{s['agent']} (mean {number(s['mean_score'])})"
                axes.hist(scores, bins=min(30, max(1, len(s["distribution"]))), histtype="step", linewidth=2, label=label)
            axes.set_xlabel(solo.score_name)
            axes.set_title(f"{solo.score_name} distribution")
        axes.set_ylabel("games")
        axes.yaxis.set_major_locator(MaxNLocator(integer=True))
        axes.legend()
    figure.suptitle(heading or "solo results")
    return save_png(figure, path)
