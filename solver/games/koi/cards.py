"""The cards of the market and what they do (OURS: the real card list is not public).

The fragment names two kinds of card, *Storage* cards (storage expansion tiles) and *Market* cards
(buy a koi at 1 coin less), and says that some cards act at once while others give something for
the rest of the game. A pack's card has one effect of one of these kinds:

=========  ====================================================  ========================
kind       effect                                                fields
=========  ====================================================  ========================
gain       take goods from the supply (lilies and lanterns are   coins, luck, water,
           placed in the pond at once)                           foliage, shore, lily,
                                                                 lantern
storage    take 1 storage expansion tile                         (none)
market     you may buy 1 koi at 1 coin less (the fragment)       (none)
gardener   each Work places ``tiles`` more, for the whole game   tiles
goal       at the end, ``points`` for each ``per`` in your pond  per, points
=========  ====================================================  ========================

This table is the extension point for the real cards: a new kind is a row in ``EFFECTS`` and its
handler in ``rules.KoiState._card_effect`` (and, later, the kernel).

    >>> card = parse_card({"name": "Reeds", "effect": {"kind": "gain", "water": 1, "foliage": 1},
    ...                    "copies": [2, 2, 2, 3]}, "deck[0]", 4, 20)
    >>> card.describe()
    'Reeds (gain 1 water, 1 foliage)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solver.core.errors import PackError
from solver.core.strict_json import join, packs

GOODS = ("coins", "luck", "water", "foliage", "shore", "lily", "lantern")
GOAL_FEATURES = ("water", "foliage", "shore", "lily", "lantern", "koi", "small", "medium", "large")
"""What a goal card counts in the pond: hexes of a terrain, koi of any size, or koi of one size."""
EFFECTS: dict[str, tuple[str, ...]] = {
    "gain": GOODS,
    "storage": (),
    "market": (),
    "gardener": ("tiles",),
    "goal": ("per", "points"),
}
"""Each effect kind and the fields it takes."""
MAX_AMOUNT = 9


@dataclass(frozen=True)
class Card:
    """A kind of card: its name, its effect and its copies in a game of 1, 2, 3, 4 players."""

    name: str
    kind: str
    amounts: dict[str, int]  # gain: goods; gardener: tiles; goal: points
    per: str | None  # goal: the feature counted
    copies: tuple[int, ...]

    def gain(self, good: str) -> int:
        return self.amounts.get(good, 0) if self.kind == "gain" else 0

    def describe(self) -> str:
        """The card in words: ``Storage (take a storage expansion tile)``."""
        if self.kind == "gain":
            what = "gain " + ", ".join(f"{n} {good}" for good, n in self.amounts.items())
        elif self.kind == "storage":
            what = "take a storage expansion tile"
        elif self.kind == "market":
            what = "you may buy a koi at 1 coin less"
        elif self.kind == "gardener":
            what = f"each Work places {self.amounts['tiles']} more tile(s)"
        else:
            per = f"{self.per} koi" if self.per in ("small", "medium", "large") else self.per
            what = f"{self.amounts['points']} point(s) per {per} in your pond at the end"
        return f"{self.name} ({what})"


def parse_card(obj: Any, field: str, max_players: int, max_copies: int) -> Card:
    """Validate one card kind of a pack's deck.

    Raises:
        PackError: naming the field that is wrong (``deck[3].effect.water``).
    """
    packs.object(obj, field, ("name", "effect", "copies"), required=("name", "effect", "copies"))
    name = packs.string(obj["name"], join(field, "name"), 40)
    if not name.strip():
        raise PackError(join(field, "name"), "a card needs a name")
    efield = join(field, "effect")
    effect = packs.object(obj["effect"], efield, required=("kind",))
    kind = packs.choice(effect["kind"], join(efield, "kind"), tuple(EFFECTS))
    packs.object(effect, efield, ("kind", *EFFECTS[kind]))
    amounts: dict[str, int] = {}
    per = None
    for key in EFFECTS[kind]:
        if key == "per":
            per = packs.choice(effect.get("per"), join(efield, "per"), GOAL_FEATURES)
        elif key in effect or kind != "gain":
            amounts[key] = packs.integer(effect.get(key), join(efield, key), 0, MAX_AMOUNT)
    if kind == "gain" and not any(amounts.values()):
        raise PackError(efield, "a gain card gives something")
    copies = packs.array(obj["copies"], join(field, "copies"), max_players)
    counts = tuple(
        packs.integer(n, join(join(field, "copies"), i), 0, max_copies)
        for i, n in enumerate(copies)
    )
    return Card(name, kind, {k: v for k, v in amounts.items() if v or kind != "gain"}, per, counts)
