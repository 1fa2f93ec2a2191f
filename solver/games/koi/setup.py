"""Setting up a KOI position by clicking its picture (``solver.games.koi.render``): the tools and
``edit``.

``edit(state, tool, params, target)`` applies one tool to a copy of the position and returns the
new position JSON (``solver.games.koi.position``), read back strictly before it is returned, so an
edit never leaves a position the rules cannot reach. The bookkeeping follows every edit: a tile,
koi or expansion tile put anywhere leaves the supply (and one taken away goes back), and the deck
is always the cards no market space and no player holds. A position is set up at the start of a
turn (phase ``turn``), where every player's storage is within its capacity.

=============  ===============  ===============================================================
tool           click            what it does
=============  ===============  ===============================================================
market         a market space   the card on it (the card there goes back to the deck)
cards          cards taken      how many cards of a kind the player took; once the deck has
                                none left, a card more comes off the market (its leftmost space
                                with one): an empty space, the last round; a card given back
                                fills an empty space first
tile           a pond hex       water, foliage, a water-lily or a lantern there (a tile or koi
                                there goes back to the supply)
shore          a pond hex       a shore tile on the hex, the one to its right and the one
                                below-right (shape 0) or above-right (shape 1) of that
koi            a pond hex       a koi of a size in the water there
clear          a pond hex       the koi there back to the supply, else its tile (a whole shore)
storage        a storage        how many of a kind (water, foliage, shore, koi) it holds
coins, luck,   the counter      the player's coins, luck tokens, storage expansion tiles
expansions
to_move        a panel's title  that player is to move
=============  ===============  ===============================================================

**Entering a real position.** The web app starts from a new game advanced to its first decision:
the market dealt, player 0 to move, blank ponds. Then: ``market`` for each space as the table
shows it; for each player ``cards`` for the cards they took (a Gardener's extra tiles and the
goal cards count from them), ``coins``, ``luck``, ``expansions``, ``storage`` for each kind, and
the pond hex by hex (``tile``, ``shore``, then ``koi`` on water; every tile joins the spring);
last, ``to_move``. The deck and the supply follow by themselves. In the last round (a market
space empty), set the market's other spaces, then the cards taken: the cards no longer on the
market are taken last, and come off their spaces.

    >>> import solver
    >>> state = solver.load_game("koi", players=2).new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> click = {"target": "hex", "player": "1", "hex": "E6"}
    >>> new = edit(state, "tile", {"terrain": "water"}, click)
    >>> new["sensei"][1]["pond"][4], new["supply"]["water"]
    ('....@~...', 39)
    >>> edit(state, "koi", {"size": "small"}, {"target": "hex", "player": "0", "hex": "E6"})
    Traceback (most recent call last):
    ...
    solver.core.errors.PositionError: target.hex: a koi swims in water: E6 of player 0 is empty
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solver.core.errors import PositionError
from solver.core.setup import Param, Tool, check_params, find_tool, target_int, target_text
from solver.games.koi import actions as act
from solver.games.koi import position
from solver.games.koi import rules as R
from solver.games.koi.pack import KOI_SIZES
from solver.games.koi.pond import CELLS, LABELS, SPRING, parse_label, triangle
from solver.games.koi.position import _shores_tile
from solver.games.koi.rules import KoiState
from solver.games.koi.scoring import EMPTY, SHORE, TERRAINS, WATER

MAX_COINS = 40
MAX_LUCK = 12
MAX_STORED = 12
"""The most of one kind the palette offers for a storage (the capacity check limits it anyway)."""


def _reference(state: Any) -> KoiState:
    return state.to_reference() if hasattr(state, "to_reference") else state


def _numbers(name: str, label: str, high: int) -> Param:
    return Param(name, label, tuple((n, str(n)) for n in range(high + 1)))


def tools(state: Any) -> list[Tool]:
    """The setup tools for this position (the card choices name the pack's cards)."""
    ref = _reference(state)
    pack = ref.pack
    names = tuple((card.name, card.name) for card in pack.cards)
    most = max(max(card.copies) for card in pack.cards)
    return [
        Tool("market", "Market card", "market",
             (Param("card", "Card", names),),
             "Click a market space: this card lies there (the one there goes back to the deck)."),
        Tool("cards", "Cards taken", "cards",
             (Param("card", "Card", names), _numbers("count", "How many", most)),
             "Click a player's cards taken: they took this many cards of this kind."),
        Tool("tile", "Pond tile", "hex",
             (Param("terrain", "Tile", tuple((t, t) for t in R.TERRAIN_OF)),),
             "Click a pond hex: this tile lies there (the one there goes back to the supply)."),
        Tool("shore", "Shore tile", "hex",
             (Param("shape", "Shape", ((0, "with the hex right and the one below-right"),
                                       (1, "with the hex right and the one above-right"))),),
             "Click an empty pond hex: a shore tile covers it and two more hexes."),
        Tool("koi", "Koi in the pond", "hex",
             (Param("size", "Size", tuple((k, k) for k in KOI_SIZES)),),
             "Click a water hex: a koi of this size swims there."),
        Tool("clear", "Clear a hex", "hex", (),
             "Click a pond hex: its koi goes back to the supply, else its tile (a whole shore)."),
        Tool("storage", "Storage", "storage",
             (Param("what", "What", tuple((w, w) for w in act.STORED)),
              _numbers("count", "How many", MAX_STORED)),
             "Click a storage: it holds this many of this kind."),
        Tool("coins", "Coins", "coins", (_numbers("value", "Coins", MAX_COINS),),
             "Click a player's coins: they have this many."),
        Tool("luck", "Luck tokens", "luck", (_numbers("value", "Luck tokens", MAX_LUCK),),
             "Click a player's luck tokens: they have this many."),
        Tool("expansions", "Storage expansions", "expansions",
             (_numbers("value", "Expansion tiles", pack.supply["expansion"]),),
             "Click a player's expansion tiles: they have this many."),
        Tool("to_move", "Player to move", "sensei", (),
             "Click a player's title bar: that player is to move."),
    ]  # fmt: skip


def edit(state: Any, tool: str, params: dict, target: dict) -> dict[str, Any]:
    """The position after using ``tool`` with ``params`` on the clicked ``target`` (the element's
    ``data-*`` attributes, as text); ``state`` is not changed.

    Raises:
        PositionError: naming ``tool``, ``params.<name>``, ``target.<key>``, ``phase`` or, for a
            position the rules cannot reach, the position's field.
    """
    ref = _reference(state)
    chosen = find_tool(tools(ref), tool)
    values = check_params(chosen, params)
    target_text(target, "target", (chosen.target,))
    if ref.phase != R.TURN:
        raise PositionError("phase", f"set up a position at the start of a turn, not in phase "
                                     f"{ref.phase!r}")  # fmt: skip
    new = ref.clone()
    _EDITS[chosen.name](new, values, target)
    out = new.to_json()
    position.state_from_json(out, ref.pack, ref.players)
    return out


# -- the bookkeeping ---------------------------------------------------------------------------


def _deal_deck(s: KoiState, field: str) -> None:
    """The deck is every card no market space and no player holds; an empty market space means
    the last round."""
    full = s.pack.deck(s.players)
    for k, card in enumerate(s.pack.cards):
        s.deck[k] = full[k] - s.market.count(k) - sum(cards[k] for cards in s.cards)
        if s.deck[k] < 0:
            raise PositionError(field, f"{full[k]} {card.name} cards in this game: the "
                                "market and the players would hold more")  # fmt: skip
    s.last_round = None in s.market


def _take(s: KoiState, what: str, n: int, field: str) -> None:
    """``n`` of a tile, koi size or expansion out of the supply (``n`` < 0: back into it)."""
    if what in KOI_SIZES:
        supply, key = s.koi_supply, KOI_SIZES.index(what)
    else:
        supply, key = s.supply, what
    if supply[key] < n:
        raise PositionError(field, f"the supply has {supply[key]} {what} left, not {n}")
    supply[key] -= n


def _player(s: KoiState, target: dict) -> int:
    return target_int(target, "player", 0, s.players - 1)


# -- the market and the cards ------------------------------------------------------------------


def _market(s: KoiState, values: dict, target: dict) -> None:
    space = target_int(target, "space", 1, act.SPACES) - 1
    s.market[space] = s.pack.card_index(values["card"])
    _deal_deck(s, "params.card")


def _cards(s: KoiState, values: dict, target: dict) -> None:
    p = _player(s, target)
    k = s.pack.card_index(values["card"])
    returned = s.cards[p][k] - values["count"]
    s.cards[p][k] = values["count"]
    full = s.pack.deck(s.players)[k]
    while k in s.market and s.market.count(k) + sum(cards[k] for cards in s.cards) > full:
        s.market[s.market.index(k)] = None  # taken from the market: the deck has none left
    for _ in range(returned):
        if None in s.market:  # a card given back refills the market before the deck
            s.market[max(i for i, card in enumerate(s.market) if card is None)] = k
    _deal_deck(s, "params.count")


# -- the pond ----------------------------------------------------------------------------------


def _hex(s: KoiState, target: dict) -> tuple[int, int]:
    """(player, hex) of a clicked pond hex; the spring is never edited."""
    p = _player(s, target)
    cell = parse_label(target_text(target, "hex", LABELS))
    if cell == SPRING:
        raise PositionError("target.hex", "the spring tile stays at E5")
    return p, cell


def _lift(s: KoiState, p: int, cell: int) -> None:
    """Whatever lies on a hex back to the supply: its koi, its tile (a whole shore tile)."""
    _lift_koi(s, p, cell)
    terrain = s.ponds[p][cell]
    if terrain == SHORE:
        cells = {c for c in range(CELLS) if s.ponds[p][c] == SHORE}
        whole = next(
            tri
            for c in range(CELLS)
            for shape in (0, 1)
            if (tri := triangle(c, shape)) and cell in tri and cells.issuperset(tri)
            and _shores_tile(cells - set(tri))
        )  # fmt: skip
        for c in whole:
            s.ponds[p][c] = EMPTY
        _take(s, "shore", -1, "target.hex")
    elif terrain != EMPTY:
        s.ponds[p][cell] = EMPTY
        _take(s, TERRAINS[terrain], -1, "target.hex")


def _lift_koi(s: KoiState, p: int, cell: int) -> None:
    if s.koi[p][cell]:
        _take(s, KOI_SIZES[s.koi[p][cell] - 1], -1, "target.hex")
        s.koi[p][cell] = 0


def _tile(s: KoiState, values: dict, target: dict) -> None:
    p, cell = _hex(s, target)
    terrain = R.TERRAIN_OF[values["terrain"]]
    if s.ponds[p][cell] == terrain:
        return  # already there (a koi in the water stays)
    _lift(s, p, cell)
    _take(s, values["terrain"], 1, "params.terrain")
    s.ponds[p][cell] = terrain


def _shore(s: KoiState, values: dict, target: dict) -> None:
    p, cell = _hex(s, target)
    cells = triangle(cell, values["shape"])
    if cells is None:
        raise PositionError("params.shape", f"this shore tile at {LABELS[cell]} leaves the pond")
    taken = [LABELS[c] for c in cells if s.ponds[p][c] != EMPTY]
    if taken:
        raise PositionError("target.hex", f"{', '.join(taken)} of player {p} not empty: clear "
                                          "them first")  # fmt: skip
    _take(s, "shore", 1, "params.shape")
    for c in cells:
        s.ponds[p][c] = SHORE


def _koi(s: KoiState, values: dict, target: dict) -> None:
    p, cell = _hex(s, target)
    if s.ponds[p][cell] != WATER:
        raise PositionError("target.hex", f"a koi swims in water: {LABELS[cell]} of player {p} "
                                          f"is {TERRAINS[s.ponds[p][cell]]}")  # fmt: skip
    _lift_koi(s, p, cell)
    _take(s, values["size"], 1, "params.size")
    s.koi[p][cell] = KOI_SIZES.index(values["size"]) + 1


def _clear(s: KoiState, values: dict, target: dict) -> None:
    p, cell = _hex(s, target)
    if s.koi[p][cell]:
        _lift_koi(s, p, cell)
    elif s.ponds[p][cell] == EMPTY:
        raise PositionError("target.hex", f"{LABELS[cell]} of player {p} is empty")
    else:
        _lift(s, p, cell)


# -- the sensei board --------------------------------------------------------------------------


def _storage(s: KoiState, values: dict, target: dict) -> None:
    p = _player(s, target)
    k = act.STORED.index(values["what"])
    _take(s, values["what"], values["count"] - s.storage[p][k], "params.count")
    s.storage[p][k] = values["count"]


def _coins(s: KoiState, values: dict, target: dict) -> None:
    s.coins[_player(s, target)] = values["value"]


def _luck(s: KoiState, values: dict, target: dict) -> None:
    s.luck[_player(s, target)] = values["value"]


def _expansions(s: KoiState, values: dict, target: dict) -> None:
    p = _player(s, target)
    _take(s, "expansion", values["value"] - s.expansions[p], "params.value")
    s.expansions[p] = values["value"]


def _to_move(s: KoiState, values: dict, target: dict) -> None:
    s.to_move = _player(s, target)


_EDITS: dict[str, Callable[[KoiState, dict, dict], None]] = {
    "market": _market, "cards": _cards, "tile": _tile, "shore": _shore, "koi": _koi,
    "clear": _clear, "storage": _storage, "coins": _coins, "luck": _luck,
    "expansions": _expansions, "to_move": _to_move,
}  # fmt: skip
