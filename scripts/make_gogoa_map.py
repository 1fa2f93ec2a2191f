"""Design the reference Go Goa map and tour plans and write ``solver/games/gogoa/data/reference.json``.

The real player sheet (the hex map) and the 36 tour plan cards are not public, so the library ships
a map of its own design. This script is its single source and uses no randomness, so the JSON file
can be regenerated at will and checked for staleness::

    python scripts/make_gogoa_map.py            # write the pack, print the map and a summary
    python scripts/make_gogoa_map.py --check    # exit 1 if the file on disk is out of date

How it is made (see ``docs/gogoa-reference-map.md``):

1. **Land.** An outline of Goa (about 50 points of longitude and latitude, coast on the west) is
   projected onto the 12 x 16 grid of flat-top hexes, stretched to fill it. A hex is land when at
   least 3 of 7 sample points (its centre and six points around it) fall inside the outline.
2. **Destinations.** Twenty-two real places (6 beaches on the coast, 4 waterfalls on the eastern
   Ghats, 4 forts, 4 historical sites in the middle and the north, 4 religious sites) are projected
   from their coordinates and put on the nearest land hex still free (by distance between centres,
   then by hex index), in the order listed: the three Local Guide beaches, Dudhsagar and the places
   the rulebook names come first. 'Start Here' is Ponda, in the middle of Goa, placed before them
   all. Most hexes stay blank, as on the real sheet.
3. **Tour plans.** Distances are counted in steps over land. A card's *spread* is the shortest walk
   that visits its three places (in the best order). Every triple of destinations of at least two
   types whose places lie near the edges of Goa is a candidate; the 40-point deck takes 12 triples
   of spread 20 or more, the 30-point cards 12 of spread 16 to 19, the 20-point cards 12 of spread
   12 to 15, and the walks from 'Start Here' through a card's places keep the bands apart too.
   Within each band, cards are picked greedily so that every destination is used about as often
   as the others, ties broken by the order of names.

The map was calibrated, for the AI's shipped heuristic weights, so that strong solo play lands
around the rulebook's top title (240) and rarely reaches the cap of 300:
``bench/gogoa_calibration.py``. The first map (50 places, easier cards, starting at Panaji) ships
as ``data/reference-v1.json`` (``load_pack("reference-v1")``).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.core.errors import PackError  # noqa: E402
from solver.core.strict_json import load_file, packs  # noqa: E402
from solver.games.gogoa import hexgrid as hx  # noqa: E402
from solver.games.gogoa import moves as mv  # noqa: E402
from solver.games.gogoa.dice import ROLL_ODDS, ROLLS  # noqa: E402
from solver.games.gogoa.pack import (  # noqa: E402
    REFERENCE_PACK,
    TYPES,
    Pack,
    parse_pack,
    steps_over_land,
)

# The outline of Goa, (longitude, latitude), clockwise from Terekhol in the north-west.
OUTLINE = (
    (73.672, 15.728), (73.72, 15.748), (73.78, 15.772), (73.84, 15.80), (73.90, 15.805),
    (73.96, 15.785), (74.01, 15.755), (74.06, 15.73), (74.11, 15.72), (74.16, 15.725),
    (74.21, 15.70), (74.255, 15.665), (74.29, 15.61), (74.31, 15.55), (74.325, 15.48),
    (74.34, 15.42), (74.345, 15.36), (74.335, 15.30), (74.31, 15.24), (74.28, 15.18),
    (74.255, 15.12), (74.225, 15.06), (74.19, 15.00), (74.15, 14.945), (74.11, 14.895),
    (74.07, 14.89), (74.04, 14.935), (74.015, 14.99), (73.985, 15.03), (73.955, 15.055),
    (73.915, 15.085), (73.94, 15.13), (73.93, 15.18), (73.915, 15.23), (73.905, 15.28),
    (73.885, 15.33), (73.845, 15.36), (73.80, 15.375), (73.775, 15.40), (73.795, 15.43),
    (73.795, 15.46), (73.805, 15.49), (73.77, 15.49), (73.755, 15.52), (73.745, 15.55),
    (73.73, 15.58), (73.72, 15.61), (73.705, 15.64), (73.69, 15.67), (73.675, 15.70),
)  # fmt: skip
# Longitude and latitude of the drawing origin, and drawing units per degree.
LON0, LAT0, PER_LON, PER_LAT = 73.695, 15.786, 26.3, 30.9
LAND_SAMPLES = 3  # of 7 sample points inside the outline make a land hex

# 'Start Here' in the middle of Goa (its place on the real sheet is not public): a trip to both ends
# of the state is then a trip out and back, which keeps tour plans across Goa hard (the earlier
# maps started at Panaji, on the north-west coast, with four or five destinations a step away)
START = ("Ponda", 74.005, 15.403)
# (name, type, longitude, latitude), placed in this order. 22 places, most hexes stay blank (the
# first map, data/reference-v1.json, had 50): beaches along the coast, waterfalls only on the
# Ghats in the east, so a set of all five types means crossing Goa; the historical sites within
# three steps of Ponda, in the old Portuguese heart and the north, none in the south where the
# 40-point cards lead. With a historical site in the south (Usgalimal Rock Art, then the Menezes
# Braganza House at Chandor) and Cabo de Rama on the southern coast, greedy reached 300 in 3-7% of
# games (docs/gogoa-reference-map.md, "Calibration").
PLACES = (
    ("Calangute", "beach", 73.755, 15.544),
    ("Colva", "beach", 73.915, 15.279),
    ("Palolem", "beach", 74.023, 15.010),
    ("Dudhsagar", "waterfall", 74.314, 15.318),
    ("Mahadev", "religious", 74.255, 15.440),
    ("Neturlem Falls", "waterfall", 74.205, 15.115),
    ("Teracol", "fort", 73.690, 15.720),
    ("Arambol", "beach", 73.704, 15.687),
    ("Morjim", "beach", 73.727, 15.630),
    ("Cavelossim", "beach", 73.940, 15.172),
    ("Hivre Falls", "waterfall", 74.135, 15.605),
    ("Kuskem Falls", "waterfall", 74.100, 14.985),
    ("Aguada Fort", "fort", 73.773, 15.492),
    ("Mormugao Fort", "fort", 73.790, 15.405),
    ("Nanuz Fort", "fort", 74.145, 15.525),
    ("Fontainhas", "historical", 73.832, 15.497),
    ("Old Goa", "historical", 73.915, 15.502),
    ("Lamgao Caves", "historical", 73.995, 15.575),
    ("Arvalem Caves", "historical", 74.028, 15.557),
    ("Basilica of Bom Jesus", "religious", 73.912, 15.501),
    ("Shanta Durga Temple", "religious", 73.985, 15.396),
    ("Mallikarjun Temple", "religious", 74.060, 15.015),
)  # fmt: skip
GUIDES = ("Calangute", "Colva", "Palolem")
BONUS = "Dudhsagar"

PLANS_PER_BAND = 12
# (points, (least, most) spread, (least, most) walk from 'Start Here'): the 40-point cards across the
# whole state; the walks keep the bands apart too, so a card that pays more is always a longer trip
# (the first map: spreads 13+, 8-11 and 0-5, walks not kept apart). Every card's places lie near the
# edges of Goa.
BANDS = ((40, (20, 99), (26, 99)), (30, (16, 19), (19, 25)), (20, (12, 15), (0, 18)))
EDGE_BAND = 2  # hexes within this many steps of the sea or the border count as the edge


def project(lon: float, lat: float) -> tuple[float, float]:
    return (lon - LON0) * PER_LON, (LAT0 - lat) * PER_LAT


def inside(x: float, y: float, polygon: list[tuple[float, float]]) -> bool:
    """Whether a point lies inside a polygon (even-odd rule)."""
    result = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


def make_land() -> set[int]:
    polygon = [project(lon, lat) for lon, lat in OUTLINE]
    land = set()
    for h in range(hx.CELLS):
        cx, cy = hx.centre(h)
        samples = [(cx, cy)] + [
            (cx + 0.6 * math.cos(k * math.pi / 3), cy + 0.6 * math.sin(k * math.pi / 3))
            for k in range(6)
        ]
        if sum(inside(x, y, polygon) for x, y in samples) >= LAND_SAMPLES:
            land.add(h)
    return land


def nearest_free(lon: float, lat: float, land: set[int], taken: set[int]) -> int:
    x, y = project(lon, lat)
    return min(
        (h for h in land if h not in taken), key=lambda h: (math.dist(hx.centre(h), (x, y)), h)
    )


def spread(
    a: int, b: int, c: int, dist: dict[int, dict[int, int]], start: int | None = None
) -> int:
    """The shortest walk over land visiting three hexes, starting at the best of them, or at
    ``start`` if given (the trip a card asks for from 'Start Here'; ``dist`` holds its steps too)."""
    return min(
        (0 if start is None else dist[start][x]) + dist[x][y] + dist[y][z]
        for x, y, z in itertools.permutations((a, b, c))
    )


def make_plans(places: list[dict[str, Any]], land: set[int], start: int) -> list[dict[str, Any]]:
    hexes = {p["name"]: hx.index(p["hex"]) for p in places}
    kinds = {p["name"]: p["type"] for p in places}
    dist = {h: steps_over_land(land, h) for h in (start, *hexes.values())}
    edge = {
        h for h in land for d in hx.DIRECTIONS if (n := hx.neighbour(h, d)) is None or n not in land
    }
    near_edge = {
        name for name, h in hexes.items() if min(dist[h].get(e, 99) for e in edge) <= EDGE_BAND
    }
    # each candidate triple (two types or more, near the edges): its spread and its walk from start
    lengths = {
        t: (spread(*(spots := [hexes[n] for n in t]), dist), spread(*spots, dist, start))
        for t in itertools.combinations(sorted(near_edge), 3)
        if len({kinds[n] for n in t}) >= 2
    }
    used: Counter[str] = Counter()
    plans: list[dict[str, Any]] = []
    for points, (low, high), (shortest, longest) in BANDS:
        pool = [
            t
            for t, (spread_of, walk) in lengths.items()
            if low <= spread_of <= high and shortest <= walk <= longest
        ]
        if len(pool) < PLANS_PER_BAND:
            raise ValueError(f"only {len(pool)} triples fit the {points}-point band")
        for _ in range(PLANS_PER_BAND):
            best = min(pool, key=lambda t: (sum(used[n] ** 2 for n in t), t))
            pool.remove(best)
            used.update(best)
            plans.append({"points": points, "places": list(best)})
    order = sorted(plans, key=lambda p: (-p["points"], p["places"]))
    return [{"id": i, **p} for i, p in enumerate(order)]


def build() -> dict[str, Any]:
    land = make_land()
    taken: set[int] = set()
    start = nearest_free(START[1], START[2], land, taken)
    taken.add(start)
    places = []
    for name, kind, lon, lat in PLACES:
        h = nearest_free(lon, lat, land, taken)
        taken.add(h)
        places.append({"name": name, "type": kind, "hex": hx.label(h)})
    rows = [
        "".join("#" if hx.at(c, r) in land else "." for c in range(hx.WIDTH))
        for r in range(hx.HEIGHT)
    ]
    return {
        "name": "reference",
        "description": "A reference map of Goa and 36 tour plans designed for this library "
        "(the real sheet and cards are not public): see docs/gogoa-reference-map.md.",
        "width": hx.WIDTH,
        "height": hx.HEIGHT,
        "land": rows,
        "start": hx.label(start),
        "destinations": sorted(places, key=lambda p: hx.index(p["hex"])),
        "guides": list(GUIDES),
        "bonus": BONUS,
        "plans": make_plans(places, land, start),
        "design": {"generator": "scripts/make_gogoa_map.py", "start": START[0]},
    }


def reach(pack: Pack) -> tuple[float, float, float]:
    """How generous a map is to a solo player, averaged over its land hexes and the 56 rolls (by
    their odds), no Local Guides: the hexes one day's route can end on (over every die the player
    may reserve), the destinations among them (the hex itself not counted), and the share of
    (hex, roll) pairs with at least one such destination. The first map (``reference-v1``) gives
    about 35.1 hexes, 14.8 destinations and 98%.
    """
    hexes = places = some = 0.0
    destinations = {d.hex for d in pack.destinations}
    for h in pack.land:
        for roll, odds in zip(ROLLS, ROLL_ODDS):
            ends: set[int] = set()
            for die in mv.reserves(pack.land, roll, h, 0):
                ends.update(mv.day_moves(pack.land, roll, die, True, h, 0)[1])
            found = len(ends & destinations - {h})
            hexes += odds * len(ends)
            places += odds * found
            some += odds * (found > 0)
    n = len(pack.land)
    return hexes / n, places / n, some / n


def plan_lengths(pack: Pack) -> dict[int, tuple[list[int], list[int]]]:
    """Per card value (40, 30, 20): each card's spread and the walk through its places from
    'Start Here' (the first map: spreads 13-16, 8-11 and 3-5, walks 14-19, 9-13 and 6-14)."""
    dist = {
        h: steps_over_land(set(pack.land), h)
        for h in (pack.start, *(d.hex for d in pack.destinations))
    }
    return {
        points: (
            [spread(*p.places, dist) for p in pack.plans if p.points == points],
            [spread(*p.places, dist, pack.start) for p in pack.plans if p.points == points],
        )
        for points in (40, 30, 20)
    }


def picture(obj: dict[str, Any]) -> str:
    """The map as text: two characters per hex, odd columns half a hex (one line) lower; the row
    number is written at the left of the even columns' line. ``B W F H R``: beach, waterfall,
    fort, historical, religious (``+``: a Local Guide beach or Dudhsagar); ``**`` Start Here;
    ``::`` other land."""
    pack = parse_pack(obj)
    lines = [[" "] * (2 * hx.WIDTH + 3) for _ in range(2 * hx.HEIGHT + 1)]
    for h in range(hx.CELLS):
        col, row = hx.col_row(h)
        d = pack.destination(h)
        if h not in pack.land:
            token = "  "
        elif h == pack.start:
            token = "**"
        elif d is None:
            token = "::"
        else:
            token = "BWFHR"[d.kind] + ("+" if h in pack.guides or h == pack.bonus else " ")
        lines[2 * row + (col & 1)][3 + 2 * col : 5 + 2 * col] = token
    for row in range(hx.HEIGHT):
        lines[2 * row][0:2] = f"{row + 1:>2}"
    header = "   " + "".join(f"{c} " for c in hx.LETTERS)
    return "\n".join([header.rstrip()] + ["".join(line).rstrip() for line in lines]).rstrip()


def text(obj: dict[str, Any]) -> str:
    return json.dumps(obj, indent=1, ensure_ascii=False) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="exit 1 if the shipped file is out of date"
    )
    args = parser.parse_args()
    obj = build()
    wanted = text(obj)
    if args.check:
        try:  # read as every pack is read: strictly, refusing a FIFO or a device at once
            current = text(load_file(REFERENCE_PACK, packs, "pack"))
        except PackError as exc:
            print(f"error: {exc}")
            return 1
        if current != wanted:
            print(f"{REFERENCE_PACK} is out of date: run python scripts/make_gogoa_map.py")
            return 1
        print(f"{REFERENCE_PACK} is up to date")
        return 0
    pack = parse_pack(obj)  # a broken design is refused before it replaces the file
    REFERENCE_PACK.write_text(wanted, encoding="utf-8")
    print(picture(obj))
    kinds = Counter(TYPES[d.kind] for d in pack.destinations)
    print(f"{len(pack.land)} land hexes, {len(pack.destinations)} destinations: {dict(kinds)}")
    print(f"{len(pack.plans)} tour plans: {dict(Counter(p.points for p in pack.plans))}")
    hexes, places, some = reach(pack)
    print(f"one solo roll reaches {hexes:.1f} hexes and {places:.1f} destinations; "
          f"{some:.1%} of (hex, roll) pairs reach a destination")  # fmt: skip
    for points, (spreads, trips) in plan_lengths(pack).items():
        print(f"{points}-point cards: spread {min(spreads)}-{max(spreads)}, "
              f"{min(trips)}-{max(trips)} steps from Start Here")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
