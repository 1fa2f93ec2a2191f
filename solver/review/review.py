"""Reviewing a recorded game: where it went wrong, and by how much.

For every decision of the chosen seats, one MCTS search of the position (the game's own MCTS
settings) is made to value the action played as surely as its best: the played action is searched
as often as the most visited one (``MCTSSearcher.force``), so both values rest on as many
iterations, and the best is whichever of the two the search values higher. The loss is the
difference, never below 0, in the game's own units: the win chance (a share of the win, 0 to 1)
with 2 or more players, the expected final score of the solo (points; GODŌ: stock left, a loss
counting as -10). Each decision is marked by its loss against ``MARKS``, when the search is
sure of it: the loss must also exceed twice the standard error of the difference of the two
values (each value's variance bounded by ``v (1 - v)``, as for values in 0 to 1; a short search
marks only the losses it has seen clearly). Where a decision lost a mistake's worth or more, the
search's best turn is given in words.

    >>> import solver
    >>> from solver.review.record import SavedGame
    >>> game = solver.load_game("koi", players=2)
    >>> saved = SavedGame.of_play(game, solver.play(game, "random", seed=3))
    >>> found = review(saved, seats=[0], iterations=50, last=2)
    >>> [d.player for d in found.decisions], all(d.loss >= 0 for d in found.decisions)
    ([0, 0], True)
"""

from __future__ import annotations

import concurrent.futures
import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from solver.core.agents import COUNT, OPTIONS, check_seed, derive_seed
from solver.core.errors import SearchError
from solver.review.record import SavedGame
from solver.search.decision import load_searchers
from solver.search.searcher import MCTSSearcher, capacity_for
from solver.search.settings import settings

MARKS = (("blunder", 0.20, 0.10), ("mistake", 0.10, 0.05), ("inaccuracy", 0.05, 0.02))
"""Each mark with the loss it takes, as a share of the game's value range: ``(name, with 2 or more
players, solo)``. With players the range is the win (0 to 1: a mistake throws away a tenth of a
win); solo it is the score's range (``solo_points(1) - solo_points(0)``: Go Goa's 300 points make a
mistake 15 points, GODŌ's 20 a stock token). The marks weigh the first three as lichess weighs a
win chance; the solo ones are tighter, since a solo score moves by small steps."""

BEST_TURN = ("mistake", "blunder")
"""The marks whose decisions get the search's best turn in words."""


@dataclass
class Decision:
    """One reviewed decision: the step it is in the record, who decided, the action played and the
    best one (integers and words), their values and the loss in the game's units, the mark
    (``None``: no mark), the best turn in words and as actions (for a mistake or worse), and the search behind
    it: the played action's visits, the iterations, and the ``margin`` a loss must exceed to be
    marked (twice the standard error of the difference of the two values, in the game's units)."""

    step: int
    player: int
    played: int
    played_words: str
    best: int
    best_words: str
    value: float
    best_value: float
    loss: float
    mark: str | None
    best_turn: list[str] = field(default_factory=list)
    best_actions: list[int] = field(default_factory=list)
    visits: int = 0
    iterations: int = 0
    margin: float = 0.0

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        for key in ("value", "best_value", "loss", "margin"):
            out[key] = round(out[key], 4)
        return out


@dataclass
class Review:
    """A reviewed game: its ``decisions``, the ``units`` the values are in and their ``scale`` (the
    lowest and highest value: 0 and 1 for a win chance, the solo score's range), and per seat a
    summary (``summary()``)."""

    game: str
    players: int
    units: str
    scale: tuple[float, float]
    seats: list[int]
    decisions: list[Decision] = field(default_factory=list)
    hindsight: dict[str, Any] | None = None

    def summary(self) -> dict[str, Any]:
        """Per reviewed seat: decisions, total and mean loss, the count of each mark."""
        out: dict[str, Any] = {}
        for seat in self.seats:
            mine = [d for d in self.decisions if d.player == seat]
            total = sum(d.loss for d in mine)
            out[str(seat)] = {"decisions": len(mine), "total_loss": round(total, 4),
                              "mean_loss": round(total / len(mine), 4) if mine else 0.0,
                              **{name: sum(d.mark == name for d in mine) for name, _, _ in MARKS}}  # fmt: skip
        return out

    def to_json(self) -> dict[str, Any]:
        out = {"game": self.game, "players": self.players, "units": self.units, "scale": list(self.scale),
               "seats": self.seats, "decisions": [d.to_json() for d in self.decisions],
               "summary": self.summary()}  # fmt: skip
        if self.hindsight is not None:
            out["hindsight"] = self.hindsight
        return out


def review(
    saved: SavedGame,
    seats: Sequence[int] | None = None,
    time_limit: float | None = None,
    iterations: int | None = None,
    seed: int | None = 0,
    backend: str | None = None,
    jobs: int = 1,
    last: int | None = None,
    on_decision: Callable[[Decision], None] | None = None,
    stop: threading.Event | None = None,
) -> Review:
    """Review the decisions of ``seats`` (all by default) in a recorded game.

    Each decision with more than one legal action gets one search of ``time_limit`` seconds (1 by
    default) or ``iterations`` (the same review every run). ``backend``: the compiled backend to
    search on (the game's fastest by default); ``jobs``: worker processes sharing the decisions;
    ``last``: only the first ``last`` of those decisions (a quick look). ``on_decision`` is called
    with each as it is reviewed (in order of the steps with one job, as they finish with more).
    ``stop``: once set (from another thread), no more decisions are reviewed, and the review ends
    with those done.

    Raises:
        SearchError: ``seats``, a budget, ``jobs``, ``last`` or the seed is out of range.
    """
    game = saved.load()
    players = game.players
    seats = list(range(players)) if seats is None else check_seats(seats, players)
    if time_limit is not None and iterations is not None:
        raise SearchError("time_limit: give a time or iterations, not both")
    if iterations is not None:
        OPTIONS["iterations"].check(iterations, "iterations")
    else:
        time_limit = OPTIONS["time"].check(1.0 if time_limit is None else time_limit, "time_limit")
    jobs = COUNT.check(jobs, "jobs")
    check_seed(seed)
    backend = backend or ("numba" if "numba" in game.backends else game.backend)
    steps = reviewed_steps(saved, seats)
    if last is not None:
        steps = steps[: COUNT.check(last, "last")]
    budget = (time_limit, iterations, seed)
    units = "win chance" if players > 1 else f"expected {game.solo_info.score_name}"
    points = (lambda value: value) if players > 1 else game.new_initial_state().solo_points
    found = Review(saved.game, players, units, (points(0.0), points(1.0)), seats)

    def take(decision: Decision) -> None:
        found.decisions.append(_in_units(decision, points))
        if on_decision is not None:
            on_decision(found.decisions[-1])

    stopped = (lambda: False) if stop is None else stop.is_set
    if jobs == 1 or len(steps) < 2:
        wanted, end = set(steps), steps[-1] if steps else -1
        for i, (state, step) in enumerate(saved.replay(backend)):  # one replay for every decision
            if stopped() or i > end:
                break
            if i in wanted:
                take(_search(state, i, step.action, budget))
    else:
        with concurrent.futures.ProcessPoolExecutor(min(jobs, len(steps))) as pool:
            futures = [pool.submit(_search_at, saved, i, backend, budget) for i in steps]
            for future in concurrent.futures.as_completed(futures):
                if stopped():
                    for pending in futures:
                        pending.cancel()
                    break
                take(future.result())
        found.decisions.sort(key=lambda d: d.step)
    if players == 1 and saved.result is not None and not stopped():
        found.hindsight = _hindsight(saved, game)
    return found


def check_seats(seats: Sequence[Any], players: int, field: str = "seats") -> list[int]:
    """The seats a review is asked for, each a seat of a game of ``players``.

        >>> check_seats([1, 3], 2, "players")
        Traceback (most recent call last):
        ...
        solver.core.errors.SearchError: players[1]: expected a seat from 0 to 1, got 3

    Raises:
        SearchError: ``<field>[i]: ...`` naming the first seat that is not one.
    """
    for i, seat in enumerate(seats):
        if type(seat) is not int or not 0 <= seat < players:
            raise SearchError(f"{field}[{i}]: expected a seat from 0 to {players - 1}, got {seat!r}")
    return list(seats)


def reviewed_steps(saved: SavedGame, seats: Sequence[int]) -> list[int]:
    """The steps of the record a review of ``seats`` searches: their decisions with a choice."""
    return [i for i, (state, step) in enumerate(saved.replay()) if step.player in seats
            and len(state.legal_actions()) > 1]  # fmt: skip


def _search_at(saved: SavedGame, index: int, backend: str, budget: tuple) -> Decision:
    """``_search`` of the decision at step ``index``, as a job of its own: it replays the record."""
    state = saved.load(backend).new_initial_state()
    for step in saved.steps[:index]:
        state.apply_action(step.action)
    return _search(state, index, saved.steps[index].action, budget)


def _search(state: Any, index: int, played: int, budget: tuple) -> Decision:
    """The search of one decision (``state``, step ``index``) made to value ``played`` as surely as
    its best; the values are returns (``_in_units`` turns them into the game's units)."""
    time_limit, iterations, seed = budget
    kstate = state.kernel_state().clone()
    heuristic, params = settings(kstate, None, "mcts")
    load_searchers(kstate, "mcts")
    searcher = MCTSSearcher(kstate, seed=derive_seed(check_seed(seed), 1, index), workers=1, params=params,
                            heuristic=heuristic, capacity=capacity_for(time_limit))  # fmt: skip
    try:
        searcher.force(played)
        stats = searcher.run(iterations=iterations, seconds=time_limit)
        best = stats.best if stats.value_of(stats.best) > stats.value_of(played) else played
        turn, words = _turn(searcher, kstate, best)
    finally:
        searcher.close()
    value, best_value = stats.value_of(played), stats.value_of(best)
    visits = stats.visits[stats.actions.index(played)]
    counts = ((value, visits), (best_value, stats.visits[stats.actions.index(best)]))
    margin = 2.0 * math.sqrt(sum(v * (1.0 - v) / n for v, n in counts))
    mark = _mark(best_value - value, margin, kstate.players)
    return Decision(index, kstate.current_player(), played, state.action_to_string(played), best,
                    state.action_to_string(best), value, best_value, best_value - value, mark,
                    words if mark in BEST_TURN else [], turn if mark in BEST_TURN else [], visits,
                    stats.iterations, margin)  # fmt: skip


def _in_units(decision: Decision, points: Callable[[float], float]) -> Decision:
    """``decision`` with its values, loss and margin in the game's units (``points`` of a return)."""
    zero = points(0.0)
    return replace(decision, value=points(decision.value), best_value=points(decision.best_value),
                   loss=points(decision.loss) - zero, margin=points(decision.margin) - zero)  # fmt: skip


def _mark(loss: float, margin: float, players: int) -> str | None:
    """The mark of a loss (as a share of the value's range) the search is sure of: at least the
    mark's threshold, and above ``margin``, twice the standard error of the difference.

        >>> _mark(0.25, 0.1, 2), _mark(0.25, 0.3, 2), _mark(0.06, 0.01, 1)
        ('blunder', None, 'mistake')
    """
    if loss <= margin:
        return None
    return next((name for name, multi, solo in MARKS if loss >= (solo if players == 1 else multi)), None)


def _turn(searcher: MCTSSearcher, kstate: Any, best: int) -> tuple[list[int], list[str]]:
    """The rest of the player's turn from ``best`` on, as the search's most visited line has it: its
    actions and their words."""
    walker, actions, words = kstate.clone(), [], []
    player = kstate.current_player()
    for action, chance in searcher.principal_variation(best, 64):
        if chance or walker.is_terminal() or walker.current_player() != player or action not in walker.legal_actions():
            break
        actions.append(action)
        words.append(walker.action_to_string(action))
        walker.apply_legal_action(action)
    return actions, words


def _hindsight(saved: SavedGame, game: Any) -> dict[str, Any] | None:
    """Solo: the score played and what a player who knew the dice and cards to come could have
    scored (``solver.search.hindsight``, for the games that have it)."""
    from solver.search import hindsight

    if saved.game not in hindsight.GAMES:
        return None
    actions = [step.action for step in saved.steps]
    world = hindsight.World.of_game(game, actions)
    found = hindsight.hindsight(game, world, hindsight.DEFAULT_BEAM, guides=[actions])
    played = game.solo_info.score_of(saved.final_state().to_json(), saved.result["scores"])
    return {"played": played, "hindsight": found.score, "exact": found.exact, "regret": found.score - played}
