"""Pond scoring, the winners and the range of a solo score (OURS: KOI's scoring is not public).

A pond is a list of 61 terrains (``pond`` hexes) and a list of the koi on them (0: none, 1 small,
2 medium, 3 large). At the end each player scores, with the pack's values:

- each koi by its size (``koi.points``);
- each foliage hex and each shore hex next to water (the spring, water or a water-lily);
- each water-lily, and each koi next to a water-lily (the koi rest in its shade);
- each foliage or shore hex next to a lantern (its light falls on the garden);
- each luck token left; and each goal card, for every feature it counts in the pond.

    >>> from solver.games.koi.pack import load_pack
    >>> from solver.games.koi.pond import CELLS, SPRING, neighbours
    >>> pond, koi = [EMPTY] * CELLS, [0] * CELLS
    >>> pond[SPRING] = SPRING_HEX
    >>> east, north = neighbours(SPRING)[:2]
    >>> pond[east], koi[east], pond[north] = WATER, 3, FOLIAGE
    >>> breakdown(load_pack(), pond, koi, luck=1, goals=[])
    {'koi': 9, 'foliage': 1, 'shore': 0, 'lily': 0, 'lantern': 0, 'luck': 1, 'goals': 0}
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.core.players import best_seats
from solver.games.koi.cards import Card
from solver.games.koi.pack import KOI_SIZES, Pack
from solver.games.koi.pond import CELLS, neighbours

EMPTY, SPRING_HEX, WATER, FOLIAGE, SHORE, LILY, LANTERN = range(7)
TERRAINS = ("empty", "spring", "water", "foliage", "shore", "lily", "lantern")
WET = (SPRING_HEX, WATER, LILY)
GARDEN = (FOLIAGE, SHORE)


def _touches(pond: Sequence[int], cell: int, kinds: tuple[int, ...]) -> int:
    return sum(pond[n] in kinds for n in neighbours(cell))


def count(pond: Sequence[int], koi: Sequence[int], feature: str) -> int:
    """How many of a goal card's ``feature`` a pond has (``cards.GOAL_FEATURES``)."""
    if feature == "koi":
        return sum(k > 0 for k in koi)
    if feature in KOI_SIZES:
        return sum(k == KOI_SIZES.index(feature) + 1 for k in koi)
    return sum(t == TERRAINS.index(feature) for t in pond)


def breakdown(
    pack: Pack, pond: Sequence[int], koi: Sequence[int], luck: int, goals: Sequence[Card]
) -> dict[str, int]:
    """A player's points, by source."""
    values = pack.scoring
    out = dict.fromkeys(("koi", "foliage", "shore", "lily", "lantern", "luck", "goals"), 0)
    for cell in range(CELLS):
        terrain = pond[cell]
        if koi[cell]:
            out["koi"] += pack.koi_points[koi[cell] - 1]
        if terrain == FOLIAGE and _touches(pond, cell, WET):
            out["foliage"] += values["foliage_by_water"]
        elif terrain == SHORE and _touches(pond, cell, WET):
            out["shore"] += values["shore_by_water"]
        elif terrain == LILY:
            shaded = sum(koi[n] > 0 for n in neighbours(cell))
            out["lily"] += values["lily"] + values["lily_per_koi"] * shaded
        elif terrain == LANTERN:
            out["lantern"] += values["lantern_per_garden"] * _touches(pond, cell, GARDEN)
    out["luck"] = values["luck"] * luck
    out["goals"] = sum(card.amounts["points"] * count(pond, koi, card.per) for card in goals)
    return out


def winners(scores: Sequence[int], coins: Sequence[int], luck: Sequence[int]) -> list[int]:
    """The seats with the best score; a tie goes to the most coins, then the most luck tokens, and
    a tie there is shared."""
    return best_seats(list(zip(scores, coins, luck)))


def score_range(pack: Pack, players: int) -> tuple[int, int]:
    """(lowest, highest) final score a game can give, for the solo ``returns``: no pond scores
    below 0, and none above every tile and koi of the supply scoring its most."""
    supply, values = pack.supply, pack.scoring
    koi = pack.koi_supply[players - 1]
    luck = 1 + sum(c.gain("luck") * c.copies[players - 1] for c in pack.cards)
    most = {"water": supply["water"], "foliage": supply["foliage"], "shore": 3 * supply["shore"],
            "lily": supply["lily"], "lantern": supply["lantern"], "koi": sum(koi),
            **dict(zip(KOI_SIZES, koi))}  # fmt: skip
    high = (
        sum(n * p for n, p in zip(koi, pack.koi_points))
        + most["foliage"] * values["foliage_by_water"]
        + most["shore"] * values["shore_by_water"]
        + most["lily"] * (values["lily"] + 6 * values["lily_per_koi"])
        + most["lantern"] * 6 * values["lantern_per_garden"]
        + luck * values["luck"]
        + sum(
            c.amounts["points"] * most[c.per] * c.copies[players - 1]
            for c in pack.cards
            if c.kind == "goal"
        )  # fmt: skip
    )
    return 0, high
