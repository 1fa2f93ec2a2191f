"""Hindsight bounds for solo scores: the best score a player who knew every future die and card
could reach, found by a beam search over the known chance sequence and (Kokoro) by annealing the
whole line it finds.

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
merged. Played lines given as ``guides`` are always kept, so the bound is never below a score
actually reached in that world.

The ``estimate`` is made for a player who does not know what comes, so it misjudges a
clairvoyant's positions: in Kokoro it keeps positions that leave room for any card rather than
those that fit the cards coming. So the beam's line is then improved as a whole by simulated
annealing (``anneal_line``, compiled over the kernel), judged by the final score itself: a step
changes one decision (or swaps two: a Kokoro path card drawn in another space, two cards
exchanging spaces, a card spent on a peek), the line is replayed in the world from that decision
(a line the world does not hold is refused), and a worse line is kept with odds falling to none.
``RUNS`` runs from the beam's line with seeds 1, 2, ... keep the best, so the result is
deterministic and never below the beam's. In Kokoro (one decision a turn, the path cards fixed
by the world) this lifts the bound by about 60%: on the worlds of ``expectimax:depth=2``'s games,
seeds 1-20, from a mean of 89.9 with the beam alone to 146.0, at least 20 more on every seed (about
7 s a world at the default 1,000,000 steps; ``docs/ai.md`` has the commands and the regret table).
Go Goa takes no annealing by default (``GAMES``): a day is a reserved die and a move from where
the token stands, so changing one day leaves the later moves illegal and the steps find nothing.

What it finds is a lower bound of the clairvoyant optimum, every score replayed on the reference
engine (``replay_score``); it is exact (``exact``) when no turn had more distinct positions than
the beam holds.

    >>> import solver
    >>> game = solver.load_game("gogoa", players=1, backend="numba")
    >>> played = solver.play(game, ["random"], seed=1)
    >>> world = World.of_game(game, played.actions)
    >>> found = hindsight(game, world, beam=4, guides=[played.actions])
    >>> found.score >= played.scores[0], replay_score(game, found.actions) == found.score
    (True, True)
    >>> game = solver.load_game("kokoro", players=1, backend="numba")
    >>> world = World.of_seed(game, 1)
    >>> beam = hindsight(game, world, beam=4, anneal=0)
    >>> hindsight(game, world, beam=4, anneal=20_000).score > beam.score
    True
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from solver.core.agents import Bound
from solver.core.errors import SearchError
from solver.core.play import sample_chance
from solver.core.players import CHANCE
from solver.search import compiled
from solver.search.compiled import (
    BUFFER,
    apply_action,
    chance_outcomes,
    current_player,
    is_terminal,
    legal_actions,
    random_below,
    returns,
)
from solver.search.streams import kind_of
from solver.search.turns import turns

GAMES = {"gogoa": 0, "kokoro": 1_000_000}
"""The games with a hindsight search, and the annealing steps ``hindsight`` takes by default for
each (Go Goa none: see the module docstring; GODŌ has no hindsight search, see ``docs/ai.md``)."""

BEAM = Bound(int, 1, 100_000)
"""The beam widths ``hindsight`` takes."""

DEFAULT_BEAM = 64

ANNEAL = Bound(int, 0, 10**9)
"""The annealing steps ``hindsight`` takes."""

RUNS = 4
"""The annealing runs, each from the beam's line with its own seed (1, 2, ...). Runs from the same
line end far apart (Kokoro, runs of 250,000 steps: 115 to 161 on seed 6), so several shorter runs
are kept rather than one long one (seeds 1-6, greedy's worlds: 4 x 250,000 steps gave a mean of
153.0, 1 x 1,000,000 140.3)."""

HEAT = 0.01
"""The annealing's first temperature, in return units (the solo score range is 1)."""


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
        kind = kind_of(game.info.name)
        streams: dict[str, list[int]] = {}
        for action in chance:
            streams.setdefault(kind(action), []).append(action)
        return cls(tuple((k, tuple(v)) for k, v in sorted(streams.items())))


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
    """One hindsight search (the beam, then the annealing): the kernel's functions over state
    arrays and the world's outcomes."""

    def __init__(self, game: Any, world: World) -> None:
        self.start = game.new_initial_state().kernel_state()
        self.kernel = self.start.kernel
        self.params = self.kernel.HEURISTIC_PARAMS  # the code's weights: a yardstick that tuning does not move
        self.kind = kind_of(game.info.name)
        self.streams = [k for k, _ in world.draws]
        self.outcomes = [v for _, v in world.draws]
        self.acts = np.empty(self.kernel.BUFFER, np.int64)
        self.chance_acts = np.empty(64, np.int64)
        self.chance_odds = np.empty(64, np.float64)
        # the world for ``anneal_line``: the streams end to end, where each starts, how long
        self.lengths = np.array([len(v) for v in self.outcomes], np.int64)
        self.offsets = np.cumsum(self.lengths) - self.lengths
        self.flat = np.array([a for v in self.outcomes for a in v], np.int64)
        self.stream_of = np.array([self.streams.index(k) if (k := self.kind(a)) in self.streams
                                   else -1 for a in range(game.info.num_distinct_actions)])  # fmt: skip

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

    def value(self, s: np.ndarray) -> float:
        return float(self.kernel.estimate(s, 0, self.params))

    def expand(self, node: _Node, guides: Sequence[Sequence[int]]) -> list[_Node]:
        children = []
        for decisions, s in turns(self.kernel, node.array):
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

    def anneal(
        self,
        root: tuple[np.ndarray, tuple[int, ...], tuple[int, ...]],
        line: Sequence[int],
        steps: int,
        seed: int,
    ) -> list[int]:
        """The best whole line ``anneal_line`` finds from ``line`` (a game from ``root``, chance
        outcomes included): the same if it finds none better."""
        s, taken, done = root
        decisions, pool = [], set()
        walker = s.copy()
        for action in line[len(done) :]:
            if self.kernel.current_player(walker) >= 0:
                decisions.append(action)
                pool.update(self.acts[: self.kernel.legal_actions(walker, self.acts)].tolist())
            self.kernel.apply_action(walker, action)
        found = np.array(decisions, np.int64)
        built = compiled.build(sys.modules[__name__], self.start.search_kernel())
        built.anneal_line(s, np.array(taken, np.int64), found, self.flat, self.offsets, self.lengths,
                          self.stream_of, np.array(sorted(pool), np.int64), steps, HEAT, seed)  # fmt: skip
        actions, s, used = list(done), s.copy(), taken
        for action in found.tolist():
            self.kernel.apply_action(s, action)
            chance, used = self.resolve(s, used)
            actions += [action, *chance]
        return actions


# -- annealing: whole lines, compiled over the game's kernel ---------------------------------------

NO_LINE = -1.0
"""What ``replay_line`` gives a line the world does not hold (returns lie in [0, 1])."""


def listed(action, acts, n):
    """Whether ``action`` is among ``acts[:n]``."""
    for i in range(n):
        if acts[i] == action:
            return True
    return False


def replay_line(s, used, line, first, outcomes, offsets, lengths, stream_of, snaps, snaps_used):
    """Play the decisions ``line[first:]`` from ``s`` (in place), the position before decision
    ``first`` with ``used[k]`` outcomes of stream ``k`` taken, each chance node the world's next
    outcome of its stream (``outcomes[offsets[k]:][:lengths[k]]``, the stream of an action
    ``stream_of[action]``). The position before each decision ``k`` is kept in ``snaps[k]``, its
    ``used`` in ``snaps_used[k]``. Returns the solo return of the end, or ``NO_LINE`` if a
    decision is not legal, the world lacks an outcome or the line has too few or too many."""
    acts = np.empty(BUFFER, np.int64)
    odds = np.empty(BUFFER, np.float64)
    k = first
    while not is_terminal(s):
        if current_player(s) >= 0:
            if k >= line.shape[0] or not listed(line[k], acts, legal_actions(s, acts)):
                return NO_LINE
            snaps[k, :] = s
            snaps_used[k, :] = used
            apply_action(s, line[k])
            k += 1
            continue
        n = chance_outcomes(s, acts, odds)
        stream = stream_of[acts[0]]
        if stream < 0 or used[stream] >= lengths[stream]:
            return NO_LINE
        action = outcomes[offsets[stream] + used[stream]]
        if not listed(action, acts, n):
            return NO_LINE
        used[stream] += 1
        apply_action(s, action)
    if k != line.shape[0]:
        return NO_LINE
    values = np.zeros(8)
    returns(s, values)
    return values[0]


def anneal_line(
    root, root_used, line, outcomes, offsets, lengths, stream_of, pool, steps, heat, seed
):
    """Simulated annealing over the decisions of a whole line from ``root`` (see
    ``replay_line``), in place: ``line`` ends as the best line found; returns its return. A step
    gives a random decision a random action of ``pool``, swapping the two decisions if the line
    already takes that action elsewhere, and replays the line from the first decision changed.
    A worse line is kept with odds ``exp(-loss / t)``, the temperature ``t`` falling linearly from
    ``heat`` (in return units) to 0 over ``steps``; the generator is splitmix64 from ``seed``."""
    m = line.shape[0]
    rng = np.zeros(1, np.uint64)
    rng[0] = seed
    snaps = np.empty((m, root.shape[0]), root.dtype)
    snaps_used = np.empty((m, root_used.shape[0]), np.int64)
    trial_snaps = np.empty_like(snaps)
    trial_used = np.empty_like(snaps_used)
    s = root.copy()
    used = root_used.copy()
    value = replay_line(s, used, line, 0, outcomes, offsets, lengths, stream_of, snaps, snaps_used)
    if value == NO_LINE or m == 0:
        return value
    current, trial = line.copy(), line.copy()
    best = value
    for step in range(steps):
        i = random_below(rng, m)
        action = pool[random_below(rng, pool.shape[0])]
        if action == current[i]:
            continue
        first, j = i, -1
        for k in range(m):
            if current[k] == action and k != i:
                j = k
                break
        trial[:] = current
        trial[i] = action
        if j >= 0:
            trial[j] = current[i]
            first = min(i, j)
        s[:] = snaps[first]
        used[:] = snaps_used[first]
        found = replay_line(s, used, trial, first, outcomes, offsets, lengths, stream_of,
                            trial_snaps, trial_used)  # fmt: skip
        if found == NO_LINE:
            continue
        t = heat * (1.0 - step / steps)
        if found < value:
            if t <= 0.0 or random_below(rng, 1 << 30) / (1 << 30) >= np.exp((found - value) / t):
                continue
        value = found
        current[:] = trial
        snaps[first:m] = trial_snaps[first:m]
        snaps_used[first:m] = trial_used[first:m]
        if value > best:
            best = value
            line[:] = current
    return best


COMPILED = (listed, replay_line, anneal_line)
"""The functions compiled per kernel (``solver.search.compiled``)."""


def hindsight(
    game: Any,
    world: World,
    beam: int = DEFAULT_BEAM,
    guides: Sequence[Sequence[int]] = (),
    start: Sequence[int] = (),
    anneal: int | None = None,
) -> Hindsight:
    """The best solo score the beam search finds in ``world``, a lower bound of what a player who
    knew it could reach (``exact`` when proven the optimum), at least every ``guides`` line's
    score (whole games played in this world, ``GameRecord.actions``). ``start``: actions played
    first (chance outcomes included, the world's), to search from a later position.

    The search runs with ``beam`` and with a quarter, a sixteenth... of it (down to 1) and keeps
    the best: a beam search can lose a line a narrower one keeps, so this way four times the beam
    never finds less. Unless that is proven the optimum, ``anneal`` steps of annealing (``None``:
    the game's default, ``GAMES``) in ``RUNS`` runs improve its line.

    Raises:
        SearchError: ``beam`` or ``anneal`` is out of range, the game has no hindsight search
            (``GAMES``) or is not solo, a guide was played in another world, or ``start`` is not
            a beginning of a game in it.
    """
    BEAM.check(beam, "beam")
    if anneal is not None:
        ANNEAL.check(anneal, "anneal")
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
    beam_line = actions = _unroll(best.path)
    score = replay_score(game, actions)
    steps = GAMES[game.info.name] if anneal is None else anneal
    for seed in range(1, RUNS + 1) if steps and not exact else ():
        line = search.anneal(root, beam_line, steps // RUNS, seed)
        if (line_score := replay_score(game, line)) > score:
            actions, score = line, line_score
    return Hindsight(score, actions, exact)


def replay_score(game: Any, actions: Sequence[int]) -> int:
    """The solo score of a whole game, replayed with checked actions on the reference engine."""
    state = game.new_initial_state()
    state = state.to_reference() if hasattr(state, "to_reference") else state
    for action in actions:
        state.apply_action(action)
    if not state.is_terminal():
        raise SearchError("actions: the game is not over after them")
    return game.solo_info.score_of(state.to_json(), state.scores())
