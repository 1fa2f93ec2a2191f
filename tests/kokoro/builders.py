"""Small Kokoro packs and scripted games for the rule tests.

A mat is drawn as rows of space tokens separated by spaces: ``.`` nothing, ``c2f1`` two
caterpillars and a flower, ``A``-``F`` a sanctuary, ``L`` the lady, ``N`` the lion (blue side),
``#3`` a die number (pink side). Chance outcomes are actions like any other, so a test scripts a
whole game: ``sanctuary("A")``, ``card(3, golden=True)``, ``draw(game, 1, 2)``, ``PEEK``...
"""

from __future__ import annotations

import re
from typing import Any

import solver
from solver.games.kokoro import actions as act

PEEK = act.PEEK
OPTIONS = [
    ("blue", None),
    ("pink", None),
    ("blue", "closed_forest"),
    ("blue", "harmony"),
    ("pink", "twin_guardians"),
]
"""(side, decree): the option sets the tests play every game over."""

# 4 columns x 3 rows.
SMALL = [
    "L   c1   A   f2",
    "B   c2f1 C   D",
    "E   f1   F   N",
]
SMALL_PINK = [
    "#1  c1   A   #2",
    "B   c2f1 C   D",
    "E   #3   F   #4",
    "#5  #6   #7  #8",
    "#9  #10  .   c1f1",
]


def space_of(token: str) -> dict[str, Any]:
    if token == ".":
        return {}
    if token == "L":
        return {"guardian": "lady"}
    if token == "N":
        return {"guardian": "lion"}
    if token.startswith("#"):
        return {"die": int(token[1:])}
    if token in "ABCDEF":
        return {"sanctuary": token}
    match = re.fullmatch(r"(?:c(\d))?(?:f(\d))?", token)
    assert match and token, token
    out = {}
    if match.group(1):
        out["caterpillars"] = int(match.group(1))
    if match.group(2):
        out["flowers"] = int(match.group(2))
    return out


def mat(picture: list[str]) -> dict[str, Any]:
    return {"spaces": [[space_of(t) for t in row.split()] for row in picture]}


def deck(counts: dict[tuple[int, bool], int]) -> list[dict[str, Any]]:
    """A deck with ``counts[(segment, golden)]`` cards of each kind."""
    return [{"segment": s, "golden": g} for (s, g), n in sorted(counts.items()) for _ in range(n)]


FULL_DECK = {(s, g): 8 for s in range(1, 7) for g in (False, True)}


def make_pack(
    blue: list[str] = SMALL, pink: list[str] | None = SMALL_PINK, counts: dict | None = None
) -> dict[str, Any]:
    mats = {"blue": mat(blue)}
    if pink is not None:
        mats["pink"] = mat(pink)
    return {"name": "test", "mats": mats, "deck": deck(FULL_DECK if counts is None else counts)}


def load(players: int = 1, pack: Any = "small", **options: Any) -> Any:
    """A game on the small test pack (``pack=None``: the reference pack)."""
    return solver.load_game(
        "kokoro", players=players, pack=make_pack() if pack == "small" else pack, **options
    )


def sanctuary(letter: str) -> int:
    return act.sanctuary_action(letter)


def card(segment: int, golden: bool = False) -> int:
    return act.path_action(segment, golden)


def die(face: int) -> int:
    return act.die_action(face)


def draw(game: Any, row: int, col: int) -> int:
    """Drawing in a space given as (row, column) counted from 1 at the top-left."""
    columns = len(game.pack.mats[game.side].spaces) // game.pack.mats[game.side].rows
    return act.DRAW + (row - 1) * columns + col - 1


def run(state: Any, *actions: int) -> Any:
    """Apply the actions one by one (each must be legal); return the state."""
    for a in actions:
        state.apply_action(a)
    return state


def turn(
    game: Any, state: Any, segment: int, golden: bool, *answers: Any, top: str | None = None
) -> Any:
    """Reveal a path card, then each player's answer: ``(row, col)`` to draw, or ``PEEK``. A peek
    that fixes the top sanctuary card fixes it as ``top`` (default: the first card left)."""
    run(state, card(segment, golden))
    for answer in answers:
        run(state, PEEK if answer == PEEK else draw(game, *answer))
        if state.phase == "peek":
            run(state, sanctuary(top) if top else state.legal_actions()[0])
    return state


def finish_round(game: Any, state: Any, top: str | None = None) -> Any:
    """Reveal golden cards (any segment left) until the round ends, everyone peeking; the top
    sanctuary card, fixed by the first peek, is ``top`` (default: the first card left)."""
    rounds = len(state.revealed)
    while len(state.revealed) == rounds and not state.is_terminal() and state.phase == "path":
        segment = next(s for s in range(1, 7) if state.deck[s, True])
        turn(game, state, segment, True, *[PEEK] * state.players, top=top)
    return state


def finish(game: Any, state: Any) -> Any:
    """Play to the end: sanctuary cards in letter order, golden cards, everyone peeking."""
    while not state.is_terminal():
        if state.phase == "sanctuary":
            run(state, state.legal_actions()[0])
        else:
            finish_round(game, state)
    return state
