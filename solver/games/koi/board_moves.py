"""Where a person clicks the KOI picture (``render``) to make a decision: the ``data-*`` attributes
of the element, keys without ``data-``, as the web page builds a selector from them.

================================  ================================================================
decision                          what a person clicks
================================  ================================================================
meditate on a space               that market space (``market``, space 1-5)
work                              the mover's pond (``pond``, player)
the reward first                  the space taken: its reward is written there (``market``)
the card's effect first           the mover's cards taken, where the card now is (``cards``)
1 coin and 2 water (space 4)      the space taken (``market``)
1 shore or 1 foliage (space 5)    that tile in the supply (``supply``, tile)
buy a koi                         that size in the koi supply (``koi-supply``, size)
discard                           a storage hex that holds it (``storage-hex``, player, what)
place a tile or a koi             the mover's pond hex (``hex``, player, hex)
place a shore                     its first hex, as the setup's shore tool takes it (``hex``)
buy nothing, stop working         None: the page lists them in words
================================  ================================================================

    >>> import solver
    >>> state = solver.load_game("koi", players=1).new_initial_state()
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> target(state, act.MEDITATE + 2)
    {'target': 'market', 'space': '3'}
    >>> state.apply_action(act.MEDITATE + 2)  # the card, 2 coins and 1 water; a card flips
    >>> state.apply_action(state.chance_outcomes()[0][0])
    >>> state.phase, target(state, act.BUY + 1), target(state, act.PASS)
    ('luck', {'target': 'koi-supply', 'size': 'medium'}, None)
"""

from __future__ import annotations

from solver.core.setup import element
from solver.games.koi import actions as act
from solver.games.koi.pack import KOI_SIZES
from solver.games.koi.pond import label
from solver.games.koi.render import space_of
from solver.games.koi.rules import KoiState

REWARD_TILES = {act.SHORE_REWARD: "shore", act.FOLIAGE_REWARD: "foliage"}


def target(state: KoiState, action: int) -> dict[str, str] | None:
    """The data-* attributes (keys without the "data-" prefix, values as strings, always including
    "target") of the element of the board picture (solver.render.svg(state)) a person clicks to
    choose `action`, a legal action of the reference state `state` (the player to move, not
    chance); None when the action has no place on the board (stop, pass, done...): the page keeps
    a text list for those."""
    p, kind = state.to_move, act.kind(action)
    if kind == "meditate" or action in (act.REWARD_FIRST, act.GOODS):
        return element("market", space=space_of(state, action) + 1)
    if action == act.CARD_FIRST:
        return element("cards", player=p)
    if kind == "work":
        return element("pond", player=p)
    if action in REWARD_TILES:
        return element("supply", tile=REWARD_TILES[action])
    if kind == "buy":
        return element("koi-supply", size=KOI_SIZES[action - act.BUY])
    if kind == "discard":
        return element("storage-hex", player=p, what=act.STORED[action - act.DISCARD])
    if kind == "place":
        return element("hex", player=p, hex=label(act.decode_place(action)[1]))
    if kind == "shore":
        return element("hex", player=p, hex=label(act.decode_shore(action)[0]))
    return None  # buy nothing, stop working (and a card flip is chance's)
