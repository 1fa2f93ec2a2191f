"""A player's trip for one day, as the rulebook describes it: routes, dice and Local Guides.

**Routes.** A route takes exactly ``distance`` steps from hex to neighbouring hex, every step onto
land (inside Goa). The first step goes in the chosen direction; after that, each step either keeps
the heading or turns to any other one (a turn, at any angle, a U-turn included), with at most
``turns`` turns in all. A route may cross itself and revisit hexes. Only where it ends matters.

**Dice.** Each player uses all three dice: one for the direction, one for the distance, one for the
deviation. The starting player's direction die is the one they reserved; every other player takes
the direction from one of the two other dice, and may use the reserved die for distance or
deviation.

**When a direction leads out of Goa** (the rulebook's fallbacks), in four levels. At each level
the player assigns the dice as usual; the heading is::

    1. the value of the direction die;
    2. the opposite of that value;
    3. (not the starting player) the starting player's reserved die, which becomes the direction
       die; the two other dice give distance and deviation;
    4. any direction at all; the starting player's direction die is still the reserved one, while
       the others may give distance and deviation with any two dice (the reserved die is banned
       for direction only, and the direction now needs no die).

The level in force is the first at which some assignment of the dice *as rolled* has a route; the
player may then use any assignment of that level or an earlier one, changing dice with Local
Guides as they like. The starting player chooses their direction die among all three when they
reserve it, so their level is decided over every die they could reserve: they may reserve only a
die that gives them a move at that level (``reserves``). If even level 4 has no route, the player
may stay where they are.

**Local Guides.** Each unlocked, unused guide adds or subtracts 1 from any one die (6 and 1 wrap
round); a player may spend several on one day, even on the same die. A change to the direction die
turns the heading (at level 4 the heading is free anyway).

    >>> from solver.games.gogoa.pack import load_pack
    >>> pack = load_pack()
    >>> teracol = pack.hex_named("Teracol")
    >>> routes(pack.land, teracol, 1, 1, 1)     # up from Teracol: the sea
    {}
    >>> level, best, stuck = day_moves(pack.land, (1, 4, 6), 4, False, teracol, 0)
    >>> level, stuck, sorted({way.heading for way in best.values()})   # Teracol: 1 and 6 lead to sea
    (2, False, [3, 4])
    >>> reserves(pack.land, (2, 6, 6), teracol, 0)   # starting: the 2 leads inside, so no fallback
    (2,)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from solver.games.gogoa import hexgrid as hx
from solver.games.gogoa.dice import VALUES, guides_needed, turns_allowed

DIE, OPPOSITE, STARTER, ANY = 1, 2, 3, 4
LEVELS = (DIE, OPPOSITE, STARTER, ANY)


@lru_cache(maxsize=1 << 16)
def routes(
    land: frozenset[int], start: int, heading: int, distance: int, turns: int
) -> dict[int, tuple[int, ...]]:
    """Every hex a route can end on, with the headings of one route there, step by step.

    The result is shared between calls: read it, do not change it.
    """
    found: dict[int, tuple[int, ...]] = {}

    def walk(here: int, path: tuple[int, ...], used: int) -> None:
        if len(path) == distance:
            found.setdefault(here, path)
            return
        if not path:
            choices: tuple[int, ...] = (heading,)
        else:  # keep going straight first, then the turns
            choices = (path[-1],) + tuple(h for h in hx.DIRECTIONS if h != path[-1])
        for h in choices:
            cost = used + (1 if path and h != path[-1] else 0)
            step = hx.neighbour(here, h)
            if cost <= turns and step is not None and step in land:
                walk(step, path + (h,), cost)

    walk(start, (), 0)
    return found


@dataclass(frozen=True)
class Way:
    """How a move is made: the level, the dice as rolled, what the guides made of them, the route."""

    level: int
    direction_die: int
    distance_die: int
    deviation_die: int
    direction_value: int  # the dice after guides
    distance: int
    deviation_value: int
    heading: int
    turns: int
    cost: int  # Local Guides spent
    end: int
    path: tuple[int, ...]


def assignments(
    dice: tuple[int, int, int], reserved: int, starter: bool, level: int
) -> list[tuple[int, int, int]]:
    """The (direction, distance, deviation) die values a player may assign at a level."""
    r = dice.index(reserved)
    if level == STARTER:
        direction_dice = [] if starter else [r]
    elif starter:
        direction_dice = [r]
    elif level == ANY:  # the direction is free: any two dice for distance and deviation
        direction_dice = [0, 1, 2]
    else:
        direction_dice = [i for i in range(3) if i != r]
    found = []
    for x in direction_dice:
        y, z = (i for i in range(3) if i != x)
        for a in ((dice[x], dice[y], dice[z]), (dice[x], dice[z], dice[y])):
            if a not in found:
                found.append(a)
    return found


def headings(level: int, direction_value: int) -> tuple[int, ...]:
    """The headings a direction die of this value gives at a level."""
    if level == ANY:
        return hx.DIRECTIONS
    return (hx.opposite(direction_value),) if level == OPPOSITE else (direction_value,)


def changes(value: int, guides: int) -> list[tuple[int, int]]:
    """The values a die showing ``value`` can be made to show with up to ``guides`` guides, each
    with the guides it takes (the die as rolled first)."""
    found = [(v, guides_needed(value, v)) for v in VALUES]
    return sorted(((v, cost) for v, cost in found if cost <= guides), key=lambda vc: (vc[1], vc[0]))


def ways(
    land: frozenset[int], start: int, level: int, assignment: tuple[int, int, int], guides: int
) -> list[Way]:
    """Every way to move with this assignment, changing the dice with up to ``guides`` guides."""
    direction, distance, deviation = assignment
    found = []
    for new_direction, cost in [(direction, 0)] if level == ANY else changes(direction, guides):
        for new_distance, more in changes(distance, guides - cost):
            for new_deviation, most in changes(deviation, guides - cost - more):
                turns = turns_allowed(new_deviation)
                for heading in headings(level, new_direction):
                    for end, path in routes(land, start, heading, new_distance, turns).items():
                        spent = cost + more + most
                        found.append(Way(level, direction, distance, deviation, new_direction,
                                         new_distance, new_deviation, heading, turns, spent, end,
                                         path))  # fmt: skip
    return found


def has_route(
    land: frozenset[int], start: int, level: int, assignment: tuple[int, int, int]
) -> bool:
    """Whether the dice as rolled give a route with this assignment at this level."""
    direction, distance, deviation = assignment
    return any(
        routes(land, start, h, distance, turns_allowed(deviation))
        for h in headings(level, direction)
    )


def first_level(
    land: frozenset[int], dice: tuple[int, int, int], reserved: int, starter: bool, start: int
) -> int | None:
    """The first level at which some assignment of the dice as rolled has a route, with this die
    reserved (None: not even level 4)."""
    return next(
        (
            lv
            for lv in LEVELS
            if any(has_route(land, start, lv, a) for a in assignments(dice, reserved, starter, lv))
        ),
        None,
    )


def level_in_force(
    land: frozenset[int], dice: tuple[int, int, int], reserved: int, starter: bool, start: int
) -> int | None:
    """The fallback level of the player (None: no route even at level 4).

    "If a player has to choose from dice that moves them outside Goa": the other players choose
    from the two dice the starting player left them, but the starting player chooses from all
    three, so their level is the first over every die they could reserve.
    """
    if not starter:
        return first_level(land, dice, reserved, starter, start)
    levels = [first_level(land, dice, v, True, start) for v in sorted(set(dice))]
    return min((lv for lv in levels if lv is not None), default=None)


@lru_cache(maxsize=1 << 12)
def day_moves(
    land: frozenset[int],
    dice: tuple[int, int, int],
    reserved: int,
    starter: bool,
    start: int,
    guides: int,
) -> tuple[int, dict[int, Way], bool]:
    """The level in force, the cheapest way to each hex a route can end on, and whether the player
    may stay put: no route even at level 4 with the dice as rolled, or no way at all (a starting
    player typed into a position with a die they could not have reserved, see ``reserves``).

    Among ways of equal cost the first found is kept: by level, then assignment, then the changes
    to the dice (the fewest guides first, then the lower value; direction, distance, deviation).
    The result is shared between calls: read it, do not change it.
    """
    level = level_in_force(land, dice, reserved, starter, start)
    stuck = level is None
    if level is None:
        level = ANY
    best: dict[int, Way] = {}
    for lv in LEVELS[: LEVELS.index(level) + 1]:
        for assignment in assignments(dice, reserved, starter, lv):
            for way in ways(land, start, lv, assignment, guides):
                if way.end not in best or way.cost < best[way.end].cost:
                    best[way.end] = way
    return level, best, stuck or not best


def reserves(
    land: frozenset[int], dice: tuple[int, int, int], start: int, guides: int
) -> tuple[int, ...]:
    """The values the starting player may reserve: each die that gives them a move at their level
    in force (Local Guides may make it work), or every die when even level 4 has no route."""
    values = tuple(sorted(set(dice)))
    if level_in_force(land, dice, dice[0], True, start) is None:
        return values
    return tuple(v for v in values if day_moves(land, dice, v, True, start, guides)[1])
