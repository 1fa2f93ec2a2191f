"""Hindsight bounds for solo scores: the best score a player who knew every future die and card
could reach, found by a beam search over the known chance sequence.

A solo game's chance comes from its seed (``solver.play`` draws each outcome with one
``random.Random(seed)`` draw). Where the outcomes do not depend on what the player decides, the
seed fixes one sequence of dice and cards, and a clairvoyant player who knows it faces a
deterministic puzzle. That holds for Go Goa (the tour plans are dealt before any decision, then
twelve rolls of three dice) and for Kokoro's path cards and sanctuary cards taken as decks in
order. In Kokoro a peek draws the next sanctuary card early, which shifts every later draw of the
seeded generator: a game in which someone peeked reveals other cards than one without. So the
future is not "the seed" but a ``World``: the outcomes in the order each deck (each kind of chance
outcome: ``deal``/``roll``, ``path``/``sanctuary``/``die``) gave them, read from a played game
(``World.of_game``) or drawn from the seed by a player who never peeks (``World.of_seed``; for
Go Goa the two are the same for every game of the seed). In a world, a peek only costs the card.

The search (``hindsight``) keeps the ``beam`` best positions after each turn (every decision up to
the next chance node, then the known outcomes), ranked by the game's ``estimate`` of the final
score (the kernel's heuristic, which sees the dice or card just revealed). Identical positions are
merged. What it finds is a lower bound of the clairvoyant optimum; it is exact (``exact``) when no
turn had more distinct positions than the beam holds. Played lines given as ``guides`` are always
kept, so the bound is never below a score actually reached in that world.

    >>> import solver
    >>> game = solver.load_game("gogoa", players=1, backend="numba")
    >>> played = solver.play(game, ["random"], seed=1)
    >>> world = World.of_game(game, played.actions)
    >>> found = hindsight(game, world, beam=4, guides=[played.actions])
    >>> found.score >= played.scores[0], replay_score(game, found.actions) == found.score
    (True, True)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from solver.core.agents import Bound
from solver.core.errors import SearchError
from solver.core.play import sample_chance
from solver.core.players import CHANCE

GAMES = ("gogoa", "kokoro")
"""The games with a hindsight search (GODŌ's turns are long chains of moves: not yet)."""

BEAM = Bound(int, 1, 100_000)
"""The beam widths ``hindsight`` takes."""

DEFAULT_BEAM = 64


class Hindsight(NamedTuple):
    """A clairvoyant game: its score, every action (chance outcomes included, replayable with
    ``apply_action`` from the initial state) and whether the score is proven the optimum."""

    score: int
    actions: list[int]
    exact: bool


@dataclass(frozen=True)
class World:
    """The future a clairvoyant knows: each kind of chance outcome, in the order drawn."""

    draws: tuple[tuple[str, tuple[int, ...]], ...]

    @classmethod
    def of_game(cls, game: Any, actions: Sequence[int]) -> World:
        """The world one played game revealed (``GameRecord.actions``)."""
        state = game.new_initial_state()
        chance = []
        for action in actions:
            if state.is_chance_node():
                chance.append(action)
            state.apply_action(action)
        return cls._of(game, chance)

    @classmethod
    def of_seed(cls, game: Any, seed: int) -> World:
        """The world ``solver.play`` deals for ``seed`` to a player who always takes the first
        legal decision (never a peek: Kokoro lists its draws first)."""
        rng = random.Random(seed)
        state = game.new_initial_state()
        chance = []
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample_chance(state, rng)
                chance.append(action)
            else:
                action = state.legal_actions()[0]
            state.apply_legal_action(action)
        return cls._of(game, chance)

    @classmethod
    def _of(cls, game: Any, chance: list[int]) -> World:
        kind = _kind(game)
        streams: dict[str, list[int]] = {}
        for action in chance:
            streams.setdefault(kind(action), []).append(action)
        return cls(tuple((k, tuple(v)) for k, v in sorted(streams.items())))


def _kind(game: Any) -> Callable[[int], str]:
    """The game's ``actions.kind``: the name of the range an action falls in."""
    return importlib.import_module(f"solver.games.{game.info.name}.actions").kind


@dataclass
class _Node:
    array: np.ndarray
    taken: tuple[int, ...]  # how many outcomes of each stream (in ``World.draws`` order) are used
    value: float
    path: tuple | None  # (parent's path, this turn's actions), unrolled at the end
    guides: dict[int, int]  # guide index -> how many of its actions this node has followed


def _unroll(path: tuple | None) -> list[int]:
    parts = []
    while path is not None:
        path, turn = path
        parts.append(turn)
    return [a for turn in reversed(parts) for a in turn]


class _Search:
    """One beam search: the kernel's functions over state arrays and the world's outcomes."""

    def __init__(self, game: Any, world: World) -> None:
        self.start = game.new_initial_state().kernel_state()
        self.kernel = self.start.kernel
        self.params = self.kernel.HEURISTIC_PARAMS
        self.kind = _kind(game)
        self.streams = [k for k, _ in world.draws]
        self.outcomes = [v for _, v in world.draws]
        self.acts = np.empty(self.kernel.BUFFER, np.int64)
        self.chance_acts = np.empty(64, np.int64)
        self.chance_odds = np.empty(64, np.float64)

    def resolve(
        self, s: np.ndarray, taken: tuple[int, ...]
    ) -> tuple[list[int], tuple[int, ...]] | None:
        """Apply the world's next outcomes at the chance nodes ahead of ``s``, in place: the
        actions and the new counts, or ``None`` if the world has no such outcome (a line it does
        not hold, such as a peek at a card no played game drew)."""
        k = self.kernel
        applied: list[int] = []
        used = list(taken)
        while k.current_player(s) == CHANCE:
            n = k.chance_outcomes(s, self.chance_acts, self.chance_odds)
            kind = self.kind(int(self.chance_acts[0]))
            if kind not in self.streams:
                return None
            i = self.streams.index(kind)
            if used[i] >= len(self.outcomes[i]):
                return None
            action = self.outcomes[i][used[i]]
            if action not in self.chance_acts[:n]:
                return None
            used[i] += 1
            k.apply_action(s, action)
            applied.append(action)
        return applied, tuple(used)

    def turns(self, s: np.ndarray) -> list[tuple[list[int], np.ndarray]]:
        """Every sequence of decisions from ``s`` to the next chance node or the end."""
        k = self.kernel
        if k.is_terminal(s) or k.current_player(s) == CHANCE:
            return [([], s)]
        n = k.legal_actions(s, self.acts)
        found = []
        for action in self.acts[:n].tolist():
            child = s.copy()
            k.apply_action(child, action)
            found += [([action, *rest], end) for rest, end in self.turns(child)]
        return found

    def value(self, s: np.ndarray) -> float:
        return float(self.kernel.estimate(s, 0, self.params))

    def expand(self, node: _Node, guides: Sequence[Sequence[int]]) -> list[_Node]:
        children = []
        for decisions, s in self.turns(node.array):
            resolved = self.resolve(s, node.taken)
            if resolved is None:
                continue
            chance, taken = resolved
            turn = decisions + chance
            n = len(turn)
            on = {g: i + n for g, i in node.guides.items() if list(guides[g][i : i + n]) == turn}
            children.append(_Node(s, taken, self.value(s), (node.path, tuple(turn)), on))
        return children

    def begin(self, start: Sequence[int]) -> tuple[np.ndarray, tuple[int, ...], tuple[int, ...]]:
        """The position after ``start`` and the chance nodes that follow: its array, the outcomes
        used of each stream, and every action up to it."""
        s = self.start.array.copy()
        used = [0] * len(self.streams)
        for action in start:
            if self.kernel.current_player(s) == CHANCE:
                kind = self.kind(action)
                i = self.streams.index(kind) if kind in self.streams else -1
                if i < 0 or used[i] >= len(self.outcomes[i]) or self.outcomes[i][used[i]] != action:
                    raise SearchError(f"start: the chance outcome {action} is not the world's")
                used[i] += 1
            self.kernel.apply_action(s, action)
        resolved = self.resolve(s, tuple(used))
        if resolved is None:
            raise SearchError("start: the world has no outcome for the chance node after it")
        chance, taken = resolved
        return s, taken, (*start, *chance)

    def run(
        self,
        root: tuple[np.ndarray, tuple[int, ...], tuple[int, ...]],
        beam: int,
        guides: Sequence[Sequence[int]],
    ) -> tuple[_Node, bool]:
        """One beam search from ``root`` (see ``begin``): the best final node, and whether no turn
        had more distinct positions than ``beam``."""
        s, taken, done = root
        on = {g: len(done) for g, line in enumerate(guides) if tuple(line[: len(done)]) == done}
        layer = [_Node(s, taken, self.value(s), (None, done), on)]
        exact = True
        while not all(self.kernel.is_terminal(n.array) for n in layer):
            merged: dict[tuple[bytes, tuple[int, ...]], _Node] = {}
            for node in layer:
                for child in self.expand(node, guides):
                    key = (child.array.tobytes(), child.taken)
                    kept = merged.setdefault(key, child)
                    if kept is not child:
                        kept.guides.update(child.guides)
                        if child.value > kept.value:
                            child.guides.update(kept.guides)
                            merged[key] = child
            ranked = sorted(merged.values(), key=lambda n: n.value, reverse=True)
            exact = exact and len(ranked) <= beam
            layer = ranked[:beam] + [n for n in ranked[beam:] if n.guides]
        return max(layer, key=lambda n: n.value), exact


def hindsight(
    game: Any,
    world: World,
    beam: int = DEFAULT_BEAM,
    guides: Sequence[Sequence[int]] = (),
    start: Sequence[int] = (),
) -> Hindsight:
    """The best solo score the beam search finds in ``world``, a lower bound of what a player who
    knew it could reach (``exact`` when proven the optimum), at least every ``guides`` line's
    score (whole games played in this world, ``GameRecord.actions``). ``start``: actions played
    first (chance outcomes included, the world's), to search from a later position.

    The search runs with ``beam`` and with a quarter, a sixteenth... of it (down to 1) and keeps
    the best: a beam search can lose a line a narrower one keeps, so this way four times the beam
    never finds less.

    Raises:
        SearchError: ``beam`` is out of range, the game has no hindsight search (``GAMES``) or
            is not solo, a guide was played in
            another world, or ``start`` is not a beginning of a game in it.
    """
    BEAM.check(beam, "beam")
    if game.info.name not in GAMES:
        raise SearchError(f"hindsight: no hindsight search for {game.info.title}; "
                          f"it has one for {', '.join(GAMES)}")  # fmt: skip
    if game.players != 1:
        raise SearchError(f"players: hindsight is for solo games, got {game.players} players")
    for g, line in enumerate(guides):
        if World.of_game(game, line) != world:
            raise SearchError(f"guides[{g}]: that game was played in another world (other draws)")
    search = _Search(game, world)
    root = search.begin(start)
    widths = [beam >> (2 * k) for k in range(beam.bit_length()) if beam >> (2 * k)]
    found = [search.run(root, width, guides) for width in widths]
    best, exact = max(found, key=lambda f: f[0].value)[0], any(e for _, e in found)
    actions = _unroll(best.path)
    return Hindsight(replay_score(game, actions), actions, exact)


def replay_score(game: Any, actions: Sequence[int]) -> int:
    """The solo score of a whole game, replayed with checked actions on the reference engine."""
    state = game.new_initial_state()
    state = state.to_reference() if hasattr(state, "to_reference") else state
    for action in actions:
        state.apply_action(action)
    if not state.is_terminal():
        raise SearchError("actions: the game is not over after them")
    return game.solo_info.score_of(state.to_json(), state.scores())
