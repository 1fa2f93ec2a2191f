"""Setting up a Go Goa position by clicking the picture (``solver.games.gogoa.render``).

``tools(state)`` lists the tools; ``edit(state, tool, params, target)`` applies one to a copy of the
position and returns the new position JSON (``solver.games.gogoa.position``), which the caller reads
back with ``game.state_from_json``. ``target`` is the clicked element's ``data-*`` attributes:

=========  ===========  =====================================================================
tool       click        what it does
=========  ===========  =====================================================================
day        a trip day   the trip day (the starting player follows: seat ``(day - 1) % players``);
                        from the setup, every player still choosing keeps their first two
                        cards and the dice are to be rolled
dice       (button)     the three dice and the reserved die: ``reserved`` 0 means the starting
                        player is to reserve one, a value means the players are moving
turn       a sheet      whose decision it is: the player moving today, or choosing tour plans
plans      a sheet      the two tour plans the player kept (the cards put back follow)
hand       a sheet      the four cards dealt to a player still choosing plans
position   a hex        where a player stands (a destination there is a souvenir too)
visit      a hex        a destination's souvenir, on or off, for a player
guide      a guide      a Local Guide unlocked or used (visiting its beach unlocks it)
=========  ===========  =====================================================================

**Reaching a position.** The web app starts from a new game at its first decision (player 0
keeping plans). A tour plan choice: ``hand`` for the player to choose (``turn`` first for another
seat). A trip day: ``day``, then ``dice`` (with the reserved die for the move phase), ``turn`` for
the player to move (the starting player is first), ``plans`` for each sheet, then each sheet's
souvenirs (``visit``), ``position`` and ``guide`` s. Set the day first: a position must be
reachable in the routes drawn so far, or reading it back names the field that is not.

    >>> from solver.games.gogoa.pack import load_pack
    >>> from solver.games.gogoa.rules import GoGoaState
    >>> state = GoGoaState.new(load_pack(), players=1)
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> after = edit(state, "day", {}, {"target": "day", "day": "3"})
    >>> after["phase"], after["day"], after["sheets"][0]["plans"]
    ('roll', 3, [0, 1])
    >>> edit(state, "visit", {"player": 0}, {"target": "hex", "hex": "E6"})
    Traceback (most recent call last):
    ...
    solver.core.errors.PositionError: target.hex: E6 (Old Goa) is visited only on a trip day: ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from solver.core.errors import PositionError
from solver.core.setup import Param, Tool, check_params, find_tool, target_int, target_text
from solver.games.gogoa import actions as act
from solver.games.gogoa import hexgrid as hx
from solver.games.gogoa import rules as R
from solver.games.gogoa.dice import VALUES
from solver.games.gogoa.pack import DECKS
from solver.games.gogoa.words import plan_words

_LABELS = tuple(hx.label(h) for h in range(hx.CELLS))


def _reference(state: Any) -> R.GoGoaState:
    return state.to_reference() if hasattr(state, "to_reference") else state


def tools(state: Any) -> list[Tool]:
    """The setup tools for this position (the card choices name the pack's cards)."""
    ref = _reference(state)
    pack = ref.pack
    player = Param("player", "Player", tuple((p, f"player {p}") for p in range(ref.players)))

    def cards(name: str, label: str, ids: list[int]) -> Param:
        return Param(name, label, tuple((c, plan_words(pack, c)) for c in ids))

    everything = list(range(len(pack.plans)))
    faces = tuple((v, str(v)) for v in VALUES)
    reserved = ((0, "none yet: the starting player reserves"), *faces)
    return [
        Tool("day", "Trip day", "day", (), "Click a day of the trip days row: the day in play."),
        Tool("dice", "Dice", "", (Param("first", "Die", faces), Param("second", "Die", faces),
             Param("third", "Die", faces), Param("reserved", "Reserved die", reserved)),
             "The dice showing and the die the starting player reserved (none: still to "
             "reserve)."),
        Tool("turn", "Player to decide", "sheet", (),
             "Click the sheet of the player moving now (or choosing tour plans)."),
        Tool("plans", "Tour plans kept", "sheet",
             (cards("first", "First plan", everything), cards("second", "Second plan", everything)),
             "Click a sheet: the two tour plans that player kept."),
        Tool("hand", "Tour plans dealt", "sheet",
             (cards("first", "40-point card", pack.deck(0)),
              cards("second", "40-point card", pack.deck(0)),
              cards("third", "20/30-point card", pack.deck(1)),
              cards("fourth", "20/30-point card", pack.deck(1))),
             "Click the sheet of a player still choosing: the four cards dealt."),
        Tool("position", "Player's position", "hex", (player,),
             "Click the hex where the player stands (a destination is visited too)."),
        Tool("visit", "Souvenir", "hex", (player,),
             "Click a destination: the player visited it (click again to undo)."),
        Tool("guide", "Local Guide", "guide",
             (Param("status", "Status", ((R.UNLOCKED, "unlocked"), (R.USED, "used"))),),
             "Click a Local Guide on a sheet: unlocked (its beach visited) or used."),
    ]  # fmt: skip


def edit(state: Any, tool: str, params: dict, target: dict) -> dict:
    """The position JSON after applying ``tool`` to ``state`` (which is not changed).

    Raises:
        PositionError: naming ``tool``, ``params.<name>`` or ``target.<key>``.
    """
    ref = _reference(state)
    chosen = find_tool(tools(ref), tool)
    values = check_params(chosen, params)
    new = ref.clone()
    _EDITS[chosen.name](new, values, target)
    return new.to_json()


# -- the trip --------------------------------------------------------------------------------------


def _day(state: R.GoGoaState, values: dict, target: dict) -> None:
    day = target_int(target, "day", 1, R.DAYS)
    if state.phase in (R.DEAL, R.KEEP, R.OVER):
        _finish_setup(state)
        state.phase, state.dice, state.reserved = R.ROLL, None, None
    state.day = day
    if state.phase in (R.ROLL, R.RESERVE):
        state.to_move = state.starter


def _dice(state: R.GoGoaState, values: dict, target: dict) -> None:
    if state.phase in (R.DEAL, R.KEEP):
        raise PositionError("tool", "the dice are rolled on trip days: click a trip day first")
    dice = tuple(sorted((values["first"], values["second"], values["third"])))
    reserved = values["reserved"] or None
    if reserved is not None and reserved not in dice:
        raise PositionError("params.reserved", f"{reserved} is not one of the dice {list(dice)}")
    moving = state.phase == R.MOVE
    state.dice, state.reserved = dice, reserved  # type: ignore[assignment]
    state.phase = R.RESERVE if reserved is None else R.MOVE
    if not (moving and state.phase == R.MOVE):
        state.to_move = state.starter


def _turn(state: R.GoGoaState, values: dict, target: dict) -> None:
    player = target_int(target, "player", 0, state.players - 1)
    if state.phase == R.DEAL:
        _deal_rest(state)
    if state.phase == R.KEEP:
        for p, sheet in enumerate(state.sheets):
            sheet.kept = [] if p >= player else sheet.kept or sheet.dealt[: R.KEPT]
    elif state.phase == R.RESERVE and player != state.starter:
        raise PositionError(
            "target.player",
            f"player {state.starter} starts day {state.day} and reserves a die: set the dice with "
            "the reserved die for the move phase",
        )
    elif state.phase not in (R.RESERVE, R.MOVE):
        raise PositionError("tool", f"nobody decides in phase {state.phase!r}: set the dice first")
    state.to_move = player


# -- the map ---------------------------------------------------------------------------------------


def _hex(state: R.GoGoaState, target: dict) -> int:
    hex_ = hx.index(target_text(target, "hex", _LABELS))
    if hex_ not in state.pack.land:
        raise PositionError("target.hex", f"{target['hex']} is outside Goa")
    return hex_


def _position(state: R.GoGoaState, values: dict, target: dict) -> None:
    hex_ = _hex(state, target)
    sheet = state.sheets[values["player"]]
    sheet.position = hex_
    if state.pack.destination(hex_) is not None:
        _check_trip(state, hex_)
        sheet.visited.add(hex_)


def _visit(state: R.GoGoaState, values: dict, target: dict) -> None:
    pack = state.pack
    hex_ = _hex(state, target)
    player = values["player"]
    sheet = state.sheets[player]
    if pack.destination(hex_) is None:
        raise PositionError("target.hex", f"{pack.name_of(hex_)} is not a destination")
    if hex_ not in sheet.visited:
        _check_trip(state, hex_)
        sheet.visited.add(hex_)
        return
    if sheet.position == hex_:
        raise PositionError(
            "target.hex", f"player {player} stands on {pack.name_of(hex_)}: move them first"
        )
    sheet.visited.discard(hex_)
    if hex_ in pack.guides:
        sheet.used.discard(pack.guides.index(hex_))


def _check_trip(state: R.GoGoaState, hex_: int) -> None:
    if state.phase in (R.DEAL, R.KEEP):
        name = f"{hx.label(hex_)} ({state.pack.name_of(hex_)})"
        raise PositionError(
            "target.hex", f"{name} is visited only on a trip day: click a trip day first"
        )


def _guide(state: R.GoGoaState, values: dict, target: dict) -> None:
    player = target_int(target, "player", 0, state.players - 1)
    guide = target_int(target, "guide", 0, len(state.pack.guides) - 1)
    beach = state.pack.guides[guide]
    sheet = state.sheets[player]
    if beach not in sheet.visited:
        name = state.pack.name_of(beach)
        raise PositionError("target.guide", f"the guide of {name} is locked: visit {name} first")
    if values["status"] == R.USED:
        sheet.used.add(guide)
    else:
        sheet.used.discard(guide)


# -- the tour plans --------------------------------------------------------------------------------


def _plans(state: R.GoGoaState, values: dict, target: dict) -> None:
    player = target_int(target, "player", 0, state.players - 1)
    if not state.sheets[player].kept:
        raise PositionError(
            "target.player",
            f"player {player} has not chosen tour plans yet: use 'hand' for the cards dealt",
        )
    chosen = {"params.first": values["first"], "params.second": values["second"]}
    _distinct(chosen)
    _deal_to(state, player, chosen)
    state.sheets[player].kept = sorted(chosen.values())


def _hand(state: R.GoGoaState, values: dict, target: dict) -> None:
    player = target_int(target, "player", 0, state.players - 1)
    if state.phase == R.DEAL:
        _deal_rest(state)
    if state.sheets[player].kept:
        raise PositionError(
            "target.player", f"player {player} has chosen tour plans: use 'plans' for them"
        )
    chosen = {f"params.{name}": values[name] for name in ("first", "second", "third", "fourth")}
    _distinct(chosen)
    _deal_to(state, player, chosen)


def _distinct(chosen: dict[str, int]) -> None:
    seen: dict[int, str] = {}
    for field, card in chosen.items():
        if card in seen:
            raise PositionError(field, f"card {card} is also {seen[card]}")
        seen[card] = field


def _deal_to(state: R.GoGoaState, player: int, chosen: dict[str, int]) -> None:
    """Give ``player`` the ``chosen`` cards among the four dealt to them (two from each deck),
    keeping their other cards where the decks allow and topping up from the decks. A chosen card
    another player holds in hand or put back is swapped there for a card from its deck."""
    pack = state.pack
    wanted = set(chosen.values())
    for field, card in chosen.items():
        deck = state.decks[pack.plans[card].deck]
        for q, other in enumerate(state.sheets):
            if q == player or card not in other.dealt:
                continue
            if card in other.kept:
                raise PositionError(field, f"card {card} is a tour plan player {q} kept")
            spare = next((c for c in deck if c not in wanted), None)
            if spare is None:
                title = DECKS[pack.plans[card].deck]
                raise PositionError(field, f"no card left in the {title} deck to give player {q}")
            deck.remove(spare)
            deck.append(card)
            other.dealt = sorted([c for c in other.dealt if c != card] + [spare])
    sheet = state.sheets[player]
    dealt = []
    for d, deck in enumerate(state.decks):
        mine = [c for c in wanted if pack.plans[c].deck == d]
        if len(mine) > R.DEALT_PER_DECK:
            raise PositionError(
                "params", f"{len(mine)} cards of the {DECKS[d]} deck: a player is dealt "
                f"{R.DEALT_PER_DECK}",
            )  # fmt: skip
        others = [c for c in sheet.dealt if pack.plans[c].deck == d and c not in wanted]
        others += [c for c in deck if c not in wanted]
        dealt += mine + others[: R.DEALT_PER_DECK - len(mine)]
    returned = [c for c in sheet.dealt if c not in dealt]
    for d, deck in enumerate(state.decks):
        deck[:] = [c for c in deck if c not in dealt]
        deck += [c for c in returned if pack.plans[c].deck == d]
        deck.sort()
    sheet.dealt = sorted(dealt)


def _deal_rest(state: R.GoGoaState) -> None:
    """Deal the cards still to deal, each deck's first card (the setup then knows every hand)."""
    while state.phase == R.DEAL:
        state.apply_action(state.chance_outcomes()[0][0])


def _finish_setup(state: R.GoGoaState) -> None:
    """Deal and choose what is left of the setup: every player still choosing keeps their first
    two cards (the keep action ``KEEP + 0``)."""
    _deal_rest(state)
    while state.phase == R.KEEP:
        state.apply_action(act.KEEP)


_EDITS: dict[str, Callable[[R.GoGoaState, dict, dict], None]] = {
    "day": _day,
    "dice": _dice,
    "turn": _turn,
    "plans": _plans,
    "hand": _hand,
    "position": _position,
    "visit": _visit,
    "guide": _guide,
}
