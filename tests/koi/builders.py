"""Helpers for the KOI tests: games with a chosen market, and actions by name."""

from __future__ import annotations

from typing import Any

import solver
from solver.core.strict_json import load_file, packs
from solver.games.koi import actions as act
from solver.games.koi.pack import REFERENCE_PACK
from solver.games.koi.pond import parse_label
from solver.games.koi.rules import KoiState

CALM = "Calm"
"""A card of the test pack with no effect (a goal of 0 points), so that a space shows alone."""


def make_pack(**changes: Any) -> dict[str, Any]:
    """The reference pack with 10 Calm cards more, and ``changes`` to its top-level fields."""
    pack = load_file(REFERENCE_PACK, packs, "pack")
    pack["name"] = "test"
    calm = {"kind": "goal", "per": "water", "points": 0}
    pack["deck"].append({"name": CALM, "effect": calm, "copies": [10, 10, 10, 10]})
    return {**pack, **changes}


def load(players: int = 1, **options: Any) -> Any:
    """A game on the test pack unless ``pack`` is given."""
    options.setdefault("pack", make_pack())
    return solver.load_game("koi", players=players, **options)


def flip(state: KoiState, name: str) -> int:
    """The chance action that flips the card called ``name``."""
    return act.FLIP + state.pack.card_index(name)


def run(state: KoiState, *actions: int) -> KoiState:
    for action in actions:
        state.apply_action(action)
    return state


def started(market: list[str], players: int = 1, **options: Any) -> KoiState:
    """A game at its first turn with the market ``market`` (space 1 to 5, left to right)."""
    state = load(players, **options).new_initial_state()
    for name in reversed(market):  # the setup fills the market from the right
        run(state, flip(state, name))
    return state


def meditate(space: int) -> int:
    """Take the card on market space ``space`` (1-5, as the rulebook counts)."""
    return act.MEDITATE + space - 1


def place(what: str, hex_label: str) -> int:
    return act.place(what, parse_label(hex_label))


def buy(size: str) -> int:
    return act.BUY + ("small", "medium", "large").index(size)


def stored(state: KoiState, player: int = 0) -> dict[str, int]:
    return {what: n for what, n in zip(act.STORED, state.storage[player]) if n}
