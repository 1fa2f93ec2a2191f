"""Exact conversion between the reference engine's state and the kernel's flat array.

Positions typed by users are read by the reference reader (``position.py``) and converted here,
so both backends accept the same positions with the same errors::

    >>> from solver.games.koi.pack import load_pack
    >>> from solver.games.koi.rules import KoiState
    >>> ref = KoiState.new(load_pack(), players=2)
    >>> to_reference(from_reference(ref), ref.pack).to_json() == ref.to_json()
    True
"""

from __future__ import annotations

import numpy as np

from solver.games.koi import actions as act
from solver.games.koi import layout as L
from solver.games.koi import rules as R
from solver.games.koi.cards import GOAL_FEATURES, GOODS
from solver.games.koi.pack import KOI_SIZES, SCORING, TILES, Pack
from solver.games.koi.pond import CELLS, SPRING
from solver.games.koi.rules import KoiState
from solver.games.koi.scoring import EMPTY, FOLIAGE, LANTERN, LILY, SHORE, SPRING_HEX, WATER

LAYER_TERRAINS = (WATER, FOLIAGE, SHORE, LILY, LANTERN)
"""The terrain of each terrain layer (``layout.L_WATER`` ... ``L_LANTERN``)."""
_PACKS: dict[tuple[int, int], tuple[Pack, np.ndarray]] = {}


def encode_pack(pack: Pack, players: int) -> np.ndarray:
    """The pack section of a state of ``players`` (read-only: shared, cached per pack)."""
    key = (id(pack), players)
    if key in _PACKS and _PACKS[key][0] is pack:
        return _PACKS[key][1]
    words = np.zeros(L.PACK_END, np.int64)
    words[L.KINDS] = len(pack.cards)
    words[L.PER : L.POINTS] = L.NONE
    for k, card in enumerate(pack.cards):
        words[L.EFFECT + k] = L.EFFECT_NAMES.index(card.kind)
        for g, good in enumerate(GOODS):
            words[L.GAIN + len(GOODS) * k + g] = card.gain(good)
        if card.kind == "gardener":
            words[L.TILES_MORE + k] = card.amounts["tiles"]
        if card.kind == "goal":
            words[L.PER + k] = GOAL_FEATURES.index(card.per)
            words[L.POINTS + k] = card.amounts["points"]
    words[L.PRICE : L.PRICE + 3] = pack.koi_prices
    words[L.KOI_POINTS : L.KOI_POINTS + 3] = pack.koi_points
    words[L.CAPACITY], words[L.EXPANSION_HEXES] = pack.capacity, pack.expansion_hexes
    words[L.WORK_TILES] = pack.work_tiles
    words[L.SCORE : L.SCORE + len(SCORING)] = [pack.scoring[key] for key in SCORING]
    words[L.SCORE_LOW], words[L.SCORE_HIGH] = KoiState(pack, players).score_range()
    words.flags.writeable = False
    if len(_PACKS) >= 8:  # a long-running process loads games again and again: keep the last few
        del _PACKS[next(iter(_PACKS))]
    _PACKS[key] = (pack, words)
    return words


def _mask(cells: list[int]) -> int:
    return sum(1 << c for c in cells)


def _none(value: int | None) -> int:
    return L.NONE if value is None else value


def from_reference(ref: KoiState) -> np.ndarray:
    """The kernel array of a reference state."""
    s = np.zeros(L.SIZE, np.int64)
    s[: L.PACK_END] = encode_pack(ref.pack, ref.players)
    steps = [R.STEPS.index(step) for step in ref.steps]
    fields = {
        L.PLAYERS: ref.players, L.PHASE: L.PHASES.index(ref.phase), L.TO_MOVE: ref.to_move,
        L.SPACE: _none(ref.space), L.CARD: _none(ref.card), L.STEPS_N: len(steps),
        L.TO_PLACE_N: len(ref.to_place),
        L.TO_PLACE_BITS: _mask([i for i, t in enumerate(ref.to_place) if t == "lantern"]),
        L.PLACED: ref.placed, L.LAST_ROUND: int(ref.last_round), L.WINNERS: _mask(ref.winners),
    }  # fmt: skip
    for index, value in fields.items():
        s[index] = value
    s[L.STEP0 : L.STEP0 + len(steps)] = steps
    s[L.MARKET : L.MARKET + act.SPACES] = [_none(k) for k in ref.market]
    s[L.DECK : L.DECK + len(ref.deck)] = ref.deck
    s[L.SUPPLY : L.SUPPLY + len(TILES)] = [ref.supply[t] for t in TILES]
    s[L.KOI_SUPPLY : L.KOI_SUPPLY + len(KOI_SIZES)] = ref.koi_supply
    for p in range(ref.players):
        b = L.PLAYER_BASE + L.PLAYER_WORDS * p
        s[b + L.COINS], s[b + L.LUCK], s[b + L.EXPANSIONS] = (
            ref.coins[p], ref.luck[p], ref.expansions[p],
        )  # fmt: skip
        s[b + L.STORAGE : b + L.STORAGE + len(act.STORED)] = ref.storage[p]
        s[b + L.CARDS : b + L.CARDS + len(ref.cards[p])] = ref.cards[p]
        pond, koi = ref.ponds[p], ref.koi[p]
        for layer, terrain in enumerate(LAYER_TERRAINS):
            s[b + L.POND + layer] = _mask([c for c in range(CELLS) if pond[c] == terrain])
        for size in range(len(KOI_SIZES)):
            s[b + L.POND + L.L_SMALL + size] = _mask(
                [c for c in range(CELLS) if koi[c] == size + 1]
            )
    return s


def to_reference(s: np.ndarray, pack: Pack) -> KoiState:
    """The reference state of a kernel array (``pack`` is the pack it was made with)."""
    players = int(s[L.PLAYERS])
    ref = KoiState(pack, players)
    kinds = len(pack.cards)
    ref.phase, ref.to_move = L.PHASES[s[L.PHASE]], int(s[L.TO_MOVE])
    ref.space = None if s[L.SPACE] == L.NONE else int(s[L.SPACE])
    ref.card = None if s[L.CARD] == L.NONE else int(s[L.CARD])
    ref.steps = [R.STEPS[int(s[L.STEP0 + i])] for i in range(s[L.STEPS_N])]
    bits = int(s[L.TO_PLACE_BITS])
    ref.to_place = ["lantern" if bits >> i & 1 else "lily" for i in range(s[L.TO_PLACE_N])]
    ref.placed, ref.last_round = int(s[L.PLACED]), bool(s[L.LAST_ROUND])
    ref.winners = [p for p in range(players) if int(s[L.WINNERS]) >> p & 1]
    ref.market = [None if k == L.NONE else int(k) for k in s[L.MARKET : L.MARKET + act.SPACES]]
    ref.deck = s[L.DECK : L.DECK + kinds].tolist()
    ref.supply = {t: int(s[L.SUPPLY + i]) for i, t in enumerate(TILES)}
    ref.koi_supply = s[L.KOI_SUPPLY : L.KOI_SUPPLY + len(KOI_SIZES)].tolist()
    for p in range(players):
        b = L.PLAYER_BASE + L.PLAYER_WORDS * p
        ref.coins[p], ref.luck[p] = int(s[b + L.COINS]), int(s[b + L.LUCK])
        ref.expansions[p] = int(s[b + L.EXPANSIONS])
        ref.storage[p] = s[b + L.STORAGE : b + L.STORAGE + len(act.STORED)].tolist()
        ref.cards[p] = s[b + L.CARDS : b + L.CARDS + kinds].tolist()
        pond = [EMPTY] * CELLS
        pond[SPRING] = SPRING_HEX
        koi = [0] * CELLS
        for c in range(CELLS):
            for layer, terrain in enumerate(LAYER_TERRAINS):
                if int(s[b + L.POND + layer]) >> c & 1:
                    pond[c] = terrain
            for size in range(len(KOI_SIZES)):
                if int(s[b + L.POND + L.L_SMALL + size]) >> c & 1:
                    koi[c] = size + 1
        ref.ponds[p], ref.koi[p] = pond, koi
    return ref
