"""The sequential probability ratio test on pairs of games, as engine-testing frameworks run it.

Two agents play pairs of games on the same seed, each agent once at each seat (seat order is a big
advantage in some games; a pair cancels it). A pair ends in one of five outcomes, the first agent's
points over both games: 0, 1/2, 1, 3/2 or 2 (a shared win counts 1/2): the *pentanomial* model,
which counts the correlation of the two games of a pair that the win/draw/loss (trinomial) model
ignores. The test weighs two hypotheses on the first agent's Elo advantage, H0: ``elo0`` and H1:
``elo1`` (logistic Elo: expected score ``1 / (1 + 10 ** (-elo / 400))``), and stops as soon as the
log-likelihood ratio (LLR) leaves ``(lower, upper) = (log(beta / (1 - alpha)), log((1 - beta) /
alpha))``: above, H1 is accepted (a false H1 at most ``alpha`` of the time), below, H0 (a false H0
at most ``beta`` of the time).

The LLR is the generalized SPRT's (GSPRT), as fishtest computes it: each hypothesis's outcome
distribution is the one closest to the observed frequencies (maximum likelihood) whose mean score
is that hypothesis's; the LLR is the games' log-likelihood under H1's minus under H0's::

    >>> test = SPRT.parse("elo0=0,elo1=5,alpha=0.05,beta=0.05")
    >>> [round(b, 3) for b in test.bounds()]
    [-2.944, 2.944]
    >>> test.llr([0, 0, 10, 0, 0]) < 0 < test.llr([0, 10, 60, 30, 0])
    True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from solver.core.errors import SolverError

PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""The first agent's score over a pair of games (points / 2) for each pentanomial outcome."""

EPSILON = 1e-3
"""An outcome not seen yet counts this much (fishtest's regularisation): the MLE needs every one."""

H0, H1 = "H0", "H1"


def elo_score(elo: float) -> float:
    """The expected score of an agent ``elo`` points stronger (logistic Elo).

    >>> elo_score(0), round(elo_score(400), 4)
    (0.5, 0.9091)
    """
    return 1 / (1 + 10 ** (-elo / 400))


def _closest(frequencies: Sequence[float], values: Sequence[float], mean: float) -> list[float]:
    """The distribution over ``values`` with the given ``mean`` closest to ``frequencies`` (maximum
    likelihood): ``p_i / (1 + t (x_i - mean))``, with ``t`` found by bisection."""
    deviations = [x - mean for x in values]
    low = -1 / max(deviations) + 1e-12  # 1 + t d stays positive for every outcome
    high = -1 / min(deviations) - 1e-12

    def slope(t: float) -> float:  # decreasing in t; zero at the maximum
        return sum(p * d / (1 + t * d) for p, d in zip(frequencies, deviations))

    for _ in range(100):
        middle = (low + high) / 2
        if slope(middle) > 0:
            low = middle
        else:
            high = middle
    t = (low + high) / 2
    return [p / (1 + t * d) for p, d in zip(frequencies, deviations)]


def llr(counts: Sequence[int], values: Sequence[float], score0: float, score1: float) -> float:
    """The GSPRT log-likelihood ratio of H1 (mean score ``score1``) over H0 (``score0``) for
    ``counts[i]`` observations of the outcome worth ``values[i]`` (any categorical model:
    pentanomial ``PAIR_SCORES`` or trinomial ``(0, 0.5, 1)``); 0 with no observation."""
    total = sum(counts)
    if not total:
        return 0.0
    regular = [max(c, EPSILON) for c in counts]
    frequencies = [c / sum(regular) for c in regular]
    p0 = _closest(frequencies, values, score0)
    p1 = _closest(frequencies, values, score1)
    return total * sum(p * math.log(a / b) for p, a, b in zip(frequencies, p1, p0))


@dataclass(frozen=True)
class SPRT:
    """A test of H0: the first agent is ``elo0`` stronger, against H1: ``elo1`` stronger, with error
    rates ``alpha`` (a false H1) and ``beta`` (a false H0)."""

    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05

    @classmethod
    def parse(cls, text: str) -> SPRT:
        """The test of ``--sprt elo0=0,elo1=5,alpha=0.05,beta=0.05`` (a field left out keeps its
        default).

        Raises:
            SolverError: ``sprt: ...`` for an unknown or repeated field, a value that is not a
                number, ``elo1`` not above ``elo0``, or an error rate not between 0 and 1/2.
        """
        values: dict[str, float] = {}
        for item in text.split(","):
            key, sep, value = (part.strip() for part in item.partition("="))
            if key not in cls.__dataclass_fields__ or not sep:
                raise SolverError(f"sprt: expected elo0=E,elo1=E,alpha=A,beta=B, got {text!r}")
            if key in values:
                raise SolverError(f"sprt: {key} given twice")
            try:
                values[key] = float(value)
            except ValueError:
                raise SolverError(f"sprt: {key}: expected a number, got {value!r}") from None
            if not math.isfinite(values[key]) or abs(values[key]) > 2000:
                raise SolverError(
                    f"sprt: {key}: expected a number from -2000 to 2000, got {value!r}"
                )
        test = cls(**values)
        if not test.elo0 < test.elo1:
            raise SolverError(
                f"sprt: elo1 must be above elo0, got elo0={test.elo0:g}, elo1={test.elo1:g}"
            )
        for name, rate in (("alpha", test.alpha), ("beta", test.beta)):
            if not 0 < rate < 0.5:
                raise SolverError(
                    f"sprt: {name}: expected a number above 0 and below 0.5, got {rate:g}"
                )
        return test

    def bounds(self) -> tuple[float, float]:
        """The LLR bounds ``(lower, upper)``: below ``lower`` H0 is accepted, above ``upper`` H1."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, pairs: Sequence[int]) -> float:
        """The LLR of the pentanomial counts ``pairs`` (pairs in which the first agent scored 0,
        1/2, 1, 3/2, 2 points)."""
        return llr(pairs, PAIR_SCORES, elo_score(self.elo0), elo_score(self.elo1))

    def decide(self, pairs: Sequence[int]) -> str | None:
        """``"H1"`` (the first agent is ``elo1`` stronger), ``"H0"`` (``elo0``), or ``None``."""
        value = self.llr(pairs)
        lower, upper = self.bounds()
        return H1 if value >= upper else H0 if value <= lower else None

    def describe(self) -> str:
        """``'elo0=0, elo1=5, alpha=0.05, beta=0.05'``."""
        return f"elo0={self.elo0:g}, elo1={self.elo1:g}, alpha={self.alpha:g}, beta={self.beta:g}"


class PairedTest:
    """An SPRT fed with arena results as they come, in any order, counting the pairs in seed order
    (so the test stops at the same pair however many workers play): ``seeds`` are the pairs' seeds,
    and the first agent is agent 0 of the results' ``seats``.

        >>> paired = PairedTest(SPRT(0, 200), [7])
        >>> game = {"seed": 7, "seats": [0, 1], "winners": [0]}
        >>> paired.add(game), paired.add({**game, "seats": [1, 0], "winners": [1]}), paired.pairs
        (None, None, [0, 0, 0, 0, 1])
    """

    def __init__(self, test: SPRT, seeds: Sequence[int]) -> None:
        self.test = test
        self.seeds = list(seeds)
        self.pairs = [0] * len(PAIR_SCORES)
        self.counted = 0  # pairs counted: seeds[:counted]
        self.result: str | None = None
        self._points: dict[int, list[float]] = {}

    def add(self, result: dict) -> str | None:
        """Take one game's result; the test's decision once it is made (then nothing changes)."""
        seat = result["seats"].index(0)
        winners = result["winners"]
        self._points.setdefault(result["seed"], []).append(
            1 / len(winners) if seat in winners else 0.0
        )
        while self.result is None and self.counted < len(self.seeds):
            points = self._points.get(self.seeds[self.counted], [])
            if len(points) < 2:
                break
            self.pairs[round(2 * sum(points))] += 1
            self.counted += 1
            self.result = self.test.decide(self.pairs)
        return self.result

    def status(self) -> str:
        """``'LLR 1.23 [-2.94, 2.94]'``: the progress bar's view of the test."""
        lower, upper = self.test.bounds()
        return f"LLR {self.test.llr(self.pairs):.2f} [{lower:.2f}, {upper:.2f}]"
