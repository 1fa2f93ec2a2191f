"""Go Goa in words: actions as sentences (``describe``, ``plan_words``, ``way_words``) and the text
picture of a position (``picture``): the hex map with the players, then each player's sheet.

Each hex takes two characters; odd columns sit half a hex (one line) lower, as on the map::

    ::  plain land          **  Start Here
    b   a destination (b beach, w waterfall, f fort, h historical, r religious); upper case
        once the player shown visited it
    0   a player (seat number) standing there; several players: the lowest seat, then '+'
"""

from __future__ import annotations

from typing import Any

from solver.games.gogoa import actions as act
from solver.games.gogoa import hexgrid as hx
from solver.games.gogoa import moves as mv
from solver.games.gogoa import scoring
from solver.games.gogoa.dice import ROLLS
from solver.games.gogoa.pack import DECKS, TYPES, Pack
from solver.games.gogoa.rules import MOVE

LETTERS = "bwfhr"


def _token(state: Any, hex_: int, viewer: int) -> str:
    pack = state.pack
    if hex_ not in pack.land:
        return "  "
    here = [p for p, s in enumerate(state.sheets) if s.position == hex_]
    place = pack.destination(hex_)
    if place is None:
        first = "*" if hex_ == pack.start else ":"
    else:
        first = LETTERS[place.kind]
        if hex_ in state.sheets[viewer].visited:
            first = first.upper()
    if not here:
        return first + (first if place is None else " ")
    return first + (str(here[0]) if len(here) == 1 else "+")


def map_lines(state: Any, viewer: int) -> list[str]:
    """The map, with letter columns on top; destinations upper case once ``viewer`` visited them."""
    lines = [[" "] * (2 * hx.WIDTH + 3) for _ in range(2 * hx.HEIGHT + 1)]
    for hex_ in range(hx.CELLS):
        col, row = hx.col_row(hex_)
        lines[2 * row + (col & 1)][3 + 2 * col : 5 + 2 * col] = _token(state, hex_, viewer)
    for row in range(hx.HEIGHT):
        lines[2 * row][0:2] = f"{row + 1:>2}"
    header = "   " + "".join(f"{c} " for c in hx.LETTERS)
    return [header.rstrip()] + ["".join(line).rstrip() for line in lines]


def sheet_line(state: Any, player: int) -> str:
    pack = state.pack
    sheet = state.sheets[player]
    counts = scoring.type_counts(pack, sheet.visited)
    kinds = " ".join(f"{t[0]}{n}" for t, n in zip(TYPES, counts))
    guides = " ".join(
        f"{pack.name_of(h)}:{state.guide_status(player, g)}" for g, h in enumerate(pack.guides)
    )
    plans = ", ".join(str(c) for c in sheet.kept) or f"dealt {sheet.dealt}"
    return (
        f"player {player}: at {pack.name_of(sheet.position)}, {len(sheet.visited)} souvenirs ({kinds}), "
        f"score {state.scores()[player]}; plans {plans}; guides {guides}"
    )


def picture(state: Any, viewer: int | None = None) -> str:
    """The position as text; ``viewer`` (default: the player to move) decides the upper case."""
    if viewer is None:
        viewer = state.to_move if 0 <= state.current_player() < state.players else 0
    where = f"day {state.day}" if state.day else "setup"
    head = f"Go Goa, {where}, phase {state.phase}"
    if state.dice is not None:
        head += f", dice {' '.join(map(str, state.dice))}"
    if state.reserved is not None:
        head += f" (reserved {state.reserved})"
    if 0 <= state.current_player() < state.players:
        head += f", player {state.to_move} to move"
    return "\n".join(
        [head, *map_lines(state, viewer), *(sheet_line(state, p) for p in range(state.players))]
    )


def plan_words(pack: Pack, card: int) -> str:
    plan = pack.plans[card]
    return f"{card} ({plan.points}: {', '.join(pack.name_of(h) for h in plan.places)})"


def _die(rolled: int, now: int) -> str:
    return f"die {rolled}" if rolled == now else f"die {rolled} made {now} by guides"


def way_words(state: Any, way: mv.Way) -> str:
    """A move in words: the dice assignment, the guides, where it ends and the route."""
    pack = state.pack
    if way.level == mv.DIE:
        direction = _die(way.direction_die, way.direction_value)
    elif way.level == mv.OPPOSITE:
        direction = (
            f"opposite of {_die(way.direction_die, way.direction_value)}: the dice lead out of Goa"
        )
    elif way.level == mv.STARTER:
        die = _die(way.direction_die, way.direction_value)
        direction = f"the starting player's {die}: the dice lead out of Goa"
    else:
        direction = f"any direction, with die {way.direction_die}: no die leads inside Goa"
    turns = f"up to {way.turns} turn{'s' if way.turns > 1 else ''}"
    deviation = f"die {way.deviation_die}" if way.deviation_value == way.deviation_die else (
        f"die {way.deviation_die} made {way.deviation_value} by guides")  # fmt: skip
    words = (
        f"direction {way.heading} ({direction}), distance {way.distance} "
        f"({_die(way.distance_die, way.distance)}), {turns} ({deviation}): to {pack.name_of(way.end)}"
    )
    place = pack.destination(way.end)
    if place is not None and way.end not in state.sheets[state.to_move].visited:
        words += f", a new souvenir ({TYPES[place.kind]})"
    words += f"; route {' '.join(str(h) for h in way.path)}"
    if way.cost:
        names = [pack.name_of(pack.guides[g]) for g in state.guides_left(state.to_move)[: way.cost]]
        words += f"; Local Guide{'s' if way.cost > 1 else ''} used: {', '.join(names)}"
    return words


def describe(state: Any, action: int) -> str:
    """Words for an action, e.g. ``direction 3 (die 3), distance 5 (die 5), up to 2 turns (die 6):
    to Colva, a new souvenir (beach); route 3 3 4 4 4``."""
    pack = state.pack
    name = act.kind(action)
    if name == "deal":
        player, deck = state.dealing()
        card = plan_words(pack, action - act.DEAL)
        return f"deal tour plan {card} from the {DECKS[deck]} deck to player {player}"
    if name == "roll":
        return "roll " + " ".join(str(v) for v in ROLLS[action - act.ROLL])
    if name == "keep":
        hand = state.sheets[state.to_move].dealt
        a, b = (hand[i] for i in act.PAIRS[action - act.KEEP])
        return f"keep tour plans {plan_words(pack, a)} and {plan_words(pack, b)}"
    if name == "reserve":
        return f"reserve the {action - act.RESERVE + 1} for the starting player's direction"
    here = pack.name_of(state.sheets[state.to_move].position)
    if name == "stay" or state.phase != MOVE:
        return f"stay at {here}: no route of these dice stays inside Goa"
    end, cost = act.decode_move(action)
    way = state.day_moves()[1].get(end)
    if way is None or way.cost != cost:
        return f"move to {pack.name_of(end)} with {cost} Local Guide(s) (not possible here)"
    return way_words(state, way)
