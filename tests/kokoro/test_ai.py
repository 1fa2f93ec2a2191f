"""The solo AI's heuristic and searches on constructed Kokoro positions.

1. The heuristic (``kernel.estimate``) values a network joined to a sanctuary still to come above
   the same drawings joined to nothing, and a guardian's network by its features.
2. A peeked sanctuary card is known to the player who saw it, and only to that player: the estimate
   uses that card for the next round, a player who did not see it gets the average over the cards.
3. Expectimax draws the segment that joins this round's sanctuary to its features.
4. The searches peek (not drawing at all) when every drawing would close the only open end of this
   round's path; with a card that fits, they draw.

Positions are scripted action by action on the numba backend (see ``tests/kokoro/builders.py`` for
the small mat).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import solver
from solver.games.kokoro import actions as act
from solver.games.kokoro import kernel as K
from solver.games.kokoro import layout as L
from solver.search.agents import GreedyAgent
from solver.search.searcher import ExpectimaxSearcher
from tests.kokoro.builders import PEEK, card, load, run, sanctuary

# Spaces of the reference blue mat (row by row from the top-left, 6 columns):
# 0 lady, 2 c2, 3 [A], 4 f1, 5 c3f1, 6 nothing, 12 c2, 13 c1, 14 [B], 15 c1f2, 30 nothing, 31 c1,
# 32 f2.
CURVE_TOP_LEFT = 1  # ┘
STRAIGHT = 5  # ─, joins left and right
CURVE_RIGHT_BOTTOM = 3  # ┌
VERTICAL = 6  # │


def reference(players: int = 1) -> Any:
    """A new solo (or ``players``) game on the reference pack, on the kernel."""
    return solver.load_game("kokoro", players=players, backend="numba").new_initial_state()


def drawn(state: Any, *draws: tuple[int, int]) -> Any:
    """Reveal a plain card of each ``(segment, space)`` and draw it there (one player)."""
    for segment, space in draws:
        run(state, card(segment, False), act.DRAW + space)
    return state


def estimate(state: Any, player: int = 0) -> float:
    return K.estimate(state.array, player, K.HEURISTIC_PARAMS)


# -- 1. the heuristic ------------------------------------------------------------------------------


def test_a_network_joined_to_a_sanctuary_still_to_come_is_worth_more() -> None:
    """Round 1 is A's; ─ ─ ─ through B and its c1 and c1f2 beats ─ ─ ─ on c1 and f2 far from any
    sanctuary, and more features on B's network are worth more."""
    to_come = drawn(
        run(reference(), sanctuary("A")), (STRAIGHT, 13), (STRAIGHT, 14), (STRAIGHT, 15)
    )
    nowhere = drawn(
        run(reference(), sanctuary("A")), (STRAIGHT, 30), (STRAIGHT, 31), (STRAIGHT, 32)
    )
    shorter = drawn(
        run(reference(), sanctuary("A")), (STRAIGHT, 30), (STRAIGHT, 14), (STRAIGHT, 15)
    )
    assert estimate(to_come) > estimate(shorter) > estimate(nowhere)


def test_a_guardian_network_is_worth_its_features() -> None:
    """│ │ │ down from the lady (top-left corner) joins her the c2 two spaces below; with ┘ on her
    space (both ends off the mat) the same │ │ are not hers."""
    blocked = drawn(
        run(reference(), sanctuary("A")), (CURVE_TOP_LEFT, 0), (VERTICAL, 6), (VERTICAL, 12)
    )
    joined = drawn(run(reference(), sanctuary("A")), (VERTICAL, 0), (VERTICAL, 6), (VERTICAL, 12))
    lady = K.network(joined.array, 0, joined.array[L.LADY])
    assert K.count(joined.array, lady, L.CATERPILLARS) == 2
    assert estimate(joined) > estimate(blocked)


# -- 2. peeking: known to who saw it ---------------------------------------------------------------


def _with_next_card(state: Any, letter: str | None, seen: int) -> np.ndarray:
    s = state.array.copy()
    s[L.NEXT_CARD] = L.NONE if letter is None else "ABCDEF".index(letter)
    s[L.SEEN] = seen
    return s


def test_the_peeked_card_is_known_only_to_the_player_who_saw_it() -> None:
    """Round 1 is A's, B's network holds 4 features: peeking B is worth more than not knowing,
    peeking D (nothing drawn there) less; player 1, who did not peek, sees the average."""
    state = reference(players=2)
    run(state, sanctuary("A"))
    for mine, theirs in ((13, 30), (14, 31), (15, 32)):
        run(state, card(STRAIGHT, False), act.DRAW + mine, act.DRAW + theirs)
    params = K.HEURISTIC_PARAMS

    def value(letter: str | None, player: int) -> float:
        return K.estimate(_with_next_card(state, letter, seen=1), player, params)

    assert value("B", 0) > value(None, 0) > value("D", 0)
    assert value("B", 1) == value("D", 1) == value(None, 1)


# -- 3. and 4. the searches ------------------------------------------------------------------------


def test_expectimax_joins_this_round_s_sanctuary_to_its_features() -> None:
    """Round 1 is A's, ─ ─ on the f1 and c3f1 to its right: the ─ in hand goes on A."""
    state = drawn(run(reference(), sanctuary("A")), (STRAIGHT, 4), (STRAIGHT, 5))
    run(state, card(STRAIGHT, False))
    for depth in (1, 2):
        assert ExpectimaxSearcher(state.kernel_state()).run(depth=depth).best == act.DRAW + 3


def _last_space_open() -> Any:
    """The small mat (``L c1 A f2 / B c2f1 C D / E f1 F N``), round 1 A's: ┐ ─ ─ on the c1, A
    and f2 lead down into the c2f1 space, the only one empty; the other paths do not reach it."""
    state = run(load(backend="numba").new_initial_state(), sanctuary("A"))
    draws = [(STRAIGHT, 2), (CURVE_RIGHT_BOTTOM, 1), (STRAIGHT, 3), (STRAIGHT, 9)]
    draws += [(VERTICAL, space) for space in (0, 4, 6, 7, 8, 10, 11)]
    return drawn(state, *draws)


@pytest.mark.parametrize("segment", [STRAIGHT, VERTICAL])
def test_the_search_peeks_rather_than_close_the_only_open_end(segment: int) -> None:
    """With ─ in hand, drawing it in the c2f1 space would close A's path: peek. With │ it joins
    the c2f1 to A's path: draw it."""
    state = run(_last_space_open(), card(segment, False))
    assert state.legal_actions() == [act.DRAW + 5, PEEK]
    want = PEEK if segment == STRAIGHT else act.DRAW + 5
    for depth in (1, 2):
        assert ExpectimaxSearcher(state.kernel_state()).run(depth=depth).best == want
    assert GreedyAgent().step(state) == want
