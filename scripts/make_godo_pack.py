"""Design the reference GODŌ component pack and write ``solver/games/godo/data/reference.json``.

The publisher's tile faces and journal symbols are not public, so the library ships a pack of its
own design, calibrated on the rulebook's numbers (docs/godo-reference-pack.md). This script is the
pack's single source: it uses no randomness except seeded measurements, so the JSON file can be
regenerated at will and checked for staleness::

    python scripts/make_godo_pack.py            # write the pack, print its measured properties
    python scripts/make_godo_pack.py --check    # exit 1 if the file on disk is out of date
    python scripts/make_godo_pack.py --measure  # also print the measured properties

The design is symmetric under rotating the five colours (colour ``c`` -> ``c + 1 mod 5``), which
makes every per-colour count equal by construction. The 15 unordered colour pairs are ``{r, r + d}``
for a rotation ``r`` in 0..4 and a difference ``d`` in 0..2 (``d = 0``: the same-colour pairs). For
each difference and each of the 4 copies, a *base tile* fixes the leg order, the lotuses and the
marker as colour offsets from ``r``; the 60 tiles are the 12 base tiles under the 5 rotations, with
``id = copy * 15 + d * 5 + r`` so that consecutive ids are never copies of one type.

The measured properties (``properties``) are the rulebook's numbers the design keeps: at most 3
steps per virtue per turn, about 2-2.5 virtue symbols at an intersection, a head start of a few
steps at the initiation.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import statistics
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.core.errors import PackError  # noqa: E402
from solver.core.strict_json import load_file, packs  # noqa: E402
from solver.games.godo.grounds import Grounds  # noqa: E402
from solver.games.godo.pack import (  # noqa: E402
    COLOURS,
    CORNER_KEYS,
    GATE,
    ICONS,
    LANTERN,
    MASTERY_SPACE,
    NUM_COLOURS,
    NUM_TILES,
    REFERENCE_PACK,
    SHRINE,
    TRACK_LENGTH,
    Journal,
    Pack,
    parse_pack,
)

COPIES = 4
DIFFERENCES = 3  # the pair {r, r + d} for d = 0, 1, 2 covers all 15 unordered pairs
VIRTUE_TOKENS = 3  # of each colour, in the common supply
INITIATION_TILES = 3  # the first player's draw

# Lotus colour offsets at the (right, a, b) corners, per copy, counted from the tile's lotus start:
# two lotuses on copies 0-2, one on copy 3, at most one a corner: 105 in all, 21 of each colour.
LOTUS_SHAPES: tuple[tuple[tuple[int, ...], ...], ...] = (
    ((0,), (1,), ()),
    ((), (0,), (2,)),
    ((3,), (), (1,)),
    ((), (4,), ()),
)

# (difference, copy) -> (corner, marker kind, gate colour offset from r). One gate per pair.
BASE_MARKERS: dict[tuple[int, int], tuple[str, str, int | None]] = {
    (0, 0): ("right", GATE, 2),
    (0, 2): ("b", LANTERN, None),
    (1, 0): ("a", SHRINE, None),
    (1, 1): ("b", GATE, 1),
    (1, 3): ("right", LANTERN, None),
    (2, 2): ("a", GATE, 3),
}

# Every space of track i shows colour i; the starting space also shows these (offsets from i).
# One extra colour, not two: with the solo AI's stall-aware heuristic, (2, 3) let it win too soon
# (median title Enlightened Guide over seeds 100-159); (2,) puts the median in the middle of the
# title table (docs/godo-reference-pack.md, "Calibration in play").
START_EXTRA = (2,)

ICON_COPIES = 3

# Seeded measurements of the design (the summary and tests/godo/test_pack.py).
LAYOUT_TILES = 25  # tiles on the grounds in a measured layout: about the middle of a solo game
LAYOUTS = 40
HEAD_START_DRAWS = 40
SEED = 16

DESCRIPTION = (
    "A GODŌ tile set and Path Journal designed for this library (not the publisher's), "
    "calibrated on the rulebook's numbers."
)

DESIGN = [
    "Made by scripts/make_godo_pack.py, deterministically; regenerate rather than edit by hand.",
    "Symmetric under rotating the five colours, so every per-colour count is equal.",
    "Tiles: the 15 unordered colour pairs x 4 copies; "
    "copies 1 and 3 of a two-colour pair swap legs a and b.",
    "Lotuses: 2, 2, 2 and 1 per tile by copy, at most one a corner, 105 in all; "
    "the colours are offsets from r + 3d + copy for the pair {r, r + d}.",
    "Markers: one Sacred Gate per pair (3 per colour, 10 not on a leg colour), 5 Fox Shrines, "
    "10 Stone Lanterns; at most one per tile.",
    "Journal: every space of track i shows colour i, so a virtue gains at most 3 steps a turn; "
    "the starting space also shows colour i + 2 (5 foreign symbols).",
    "Variant icons: icon k = 0..8 is ICONS[k % 3] on track k % 5, space 1 + k % 4.",
]


def colour(offset: int) -> str:
    """The name of a colour given as any integer (taken mod 5)."""
    return COLOURS[offset % NUM_COLOURS]


def make_tile(copy: int, d: int, r: int) -> dict[str, Any]:
    """The tile of pair ``{r, r + d}`` in its given copy."""
    legs = [colour(r + d), colour(r)] if copy % 2 else [colour(r), colour(r + d)]
    start = r + 3 * d + copy
    corners = {
        key: {"lotuses": [colour(start + off) for off in offsets], "markers": []}
        for key, offsets in zip(CORNER_KEYS, LOTUS_SHAPES[copy])
    }
    if (d, copy) in BASE_MARKERS:
        corner, kind, gate_offset = BASE_MARKERS[d, copy]
        text = kind if gate_offset is None else f"{GATE}:{colour(r + gate_offset)}"
        corners[corner]["markers"].append(text)
    tile_id = copy * DIFFERENCES * NUM_COLOURS + d * NUM_COLOURS + r
    return {"id": tile_id, "legs": legs, "corners": corners}


def make_tiles() -> list[dict[str, Any]]:
    """All 60 tiles, in id order."""
    return [
        make_tile(copy, d, r)
        for copy in range(COPIES)
        for d in range(DIFFERENCES)
        for r in range(NUM_COLOURS)
    ]


def space_colours(track: int, space: int) -> list[str]:
    """The virtue symbols on one space of a journal track."""
    extra = START_EXTRA if space == 0 else ()
    return [colour(track + off) for off in (0, *extra)]


def make_spaces() -> list[list[list[str]]]:
    """The virtue symbols of the whole journal, the same on both sides."""
    return [[space_colours(t, s) for s in range(TRACK_LENGTH)] for t in range(NUM_COLOURS)]


def make_icons() -> list[list[str | None]]:
    """The variant side's icons: each of the three icons on three spaces of different tracks."""
    icons: list[list[str | None]] = [[None] * TRACK_LENGTH for _ in range(NUM_COLOURS)]
    for k in range(ICON_COPIES * len(ICONS)):
        icons[k % NUM_COLOURS][1 + k % (MASTERY_SPACE - 1)] = ICONS[k % len(ICONS)]
    return icons


def make_pack() -> dict[str, Any]:
    """The reference pack as a JSON object."""
    return {
        "name": "reference",
        "description": DESCRIPTION,
        "design": DESIGN,
        "tiles": make_tiles(),
        "journal": {
            "standard": {"spaces": make_spaces()},
            "variant": {"spaces": make_spaces(), "icons": make_icons()},
        },
    }


# -- measured properties ------------------------------------------------------------------------


def steps_per_turn(journal: Journal, track: int) -> int:
    """The most steps one track can gain in one Improvement, with 3 virtue tokens of each colour.

    Each step moves the token right onto a space showing the colour of the token spent, so a run of
    spaces ``p + 1 .. p + k`` can be climbed when each space gets a colour it shows and no colour is
    used more than 3 times. A track whose spaces all show only its own colour gains at most 3.

        >>> from solver.games.godo.pack import load_pack
        >>> steps_per_turn(load_pack("reference-v1").standard, 0)
        5
    """
    spaces = journal.spaces[track]
    best = 0
    for start in range(MASTERY_SPACE):
        for end in range(start + 1, MASTERY_SPACE + 1):
            run = [sorted(spaces[s]) for s in range(start + 1, end + 1)]
            if any(
                max(Counter(pick).values()) <= VIRTUE_TOKENS for pick in itertools.product(*run)
            ):
                best = max(best, end - start)
    return best


def foreign_symbols(journal: Journal) -> int:
    """The virtue symbols on the journal that are not their track's own colour."""
    return sum(len(space - {t}) for t, row in enumerate(journal.spaces) for space in row)


def random_layout(pack: Pack, rng: random.Random, tiles: int) -> Grounds:
    """Grounds of ``tiles`` tiles, each drawn at random and laid at a random legal slot."""
    grounds = Grounds(pack)
    order = rng.sample(range(NUM_TILES), NUM_TILES)
    grounds.place(order[0], (0, 0, rng.randrange(4)))
    for tile in order[1:]:
        if len(grounds.where) == tiles:
            break
        slots = grounds.placements(tile)
        if slots:
            grounds.place(tile, rng.choice(slots))
    return grounds


def gathered_symbols(pack: Pack, layouts: int = LAYOUTS, seed: int = SEED) -> list[int]:
    """The virtue symbols an intersection gathers from the tile corners that meet there, seen from
    every tile corner of seeded random layouts of ``LAYOUT_TILES`` tiles (an intersection where
    ``k`` corners meet counts ``k`` times, as ``k`` tiles lead to it)."""
    rng = random.Random(seed)
    return [
        sum(info.lotuses)
        for _ in range(layouts)
        for info in random_layout(pack, rng, LAYOUT_TILES).points.values()
        for _ in range(info.corners)
    ]


def best_intersection(pack: Pack, tiles: tuple[int, int, int]) -> int:
    """The most virtue symbols the first player can gather at one intersection with these three
    initiation tiles: every choice of the middle tile (rotation 0; the others are the same up to a
    turn of the table) and every legal slot of the other two."""
    best = 0
    for first, second, third in itertools.permutations(tiles):
        grounds = Grounds(pack)
        grounds.place(first, (0, 0, 0))
        for slot in grounds.placements(second):
            two = grounds.copy()
            two.place(second, slot)
            for last in two.placements(third) or [None]:
                three = two.copy()
                if last is not None:
                    three.place(third, last)
                best = max(best, max(sum(info.lotuses) for info in three.points.values()))
    return best


def head_starts(pack: Pack, draws: int = HEAD_START_DRAWS, seed: int = SEED) -> list[int]:
    """``best_intersection`` for seeded random initiation draws: the symbols, hence the steps
    (each symbol moves one token one space), of the initiation head start."""
    rng = random.Random(seed)
    return [
        best_intersection(pack, tuple(rng.sample(range(NUM_TILES), INITIATION_TILES)))
        for _ in range(draws)
    ]


def properties(pack: Pack) -> list[str]:
    """The rulebook's numbers, measured on a pack."""
    steps = [steps_per_turn(pack.standard, t) for t in range(NUM_COLOURS)]
    gathered = gathered_symbols(pack)
    heads = head_starts(pack)
    return [
        f"most steps per virtue per turn, by track: {' '.join(map(str, steps))}",
        f"foreign journal symbols: {foreign_symbols(pack.standard)}",
        f"symbols per intersection, by corner ({LAYOUTS} random layouts of {LAYOUT_TILES} tiles): "
        f"mean {statistics.mean(gathered):.2f}, max {max(gathered)}",
        f"initiation head start ({HEAD_START_DRAWS} draws, best intersection): "
        f"mean {statistics.mean(heads):.2f}, range {min(heads)}-{max(heads)}",
    ]


# -- writing ------------------------------------------------------------------------------------


def one_line(value: Any) -> str:
    """A JSON value on one line."""
    return json.dumps(value, ensure_ascii=False)


def render(obj: dict[str, Any], depth: int = 0) -> str:
    """JSON text with nested objects indented and every list written one item per line."""
    pad = "  " * (depth + 1)
    fields = []
    for key, value in obj.items():
        if isinstance(value, dict):
            text = render(value, depth + 1)
        elif isinstance(value, list):
            items = ",\n".join(f"{pad}  {one_line(item)}" for item in value)
            text = f"[\n{items}\n{pad}]"
        else:
            text = one_line(value)
        fields.append(f"{pad}{one_line(key)}: {text}")
    return "{\n" + ",\n".join(fields) + "\n" + "  " * depth + "}"


def per_colour(counts: Counter) -> str:
    """Counts keyed by colour index, in colour order."""
    return " ".join(f"{name}={counts[c]}" for c, name in enumerate(COLOURS))


def by_key(counts: Counter) -> str:
    """Counts in the order of their keys."""
    return " ".join(f"{key}={n}" for key, n in sorted(counts.items()))


def summary(pack: Pack) -> list[str]:
    """Balance figures of a pack: legs, lotuses, markers and journal symbols."""
    corners = [
        (key, tile, corner) for tile in pack.tiles for key, corner in zip(CORNER_KEYS, tile.corners)
    ]
    lotuses = Counter(c for _, _, corner in corners for c in corner.lotuses)
    on_leg = sum(c in tile.legs for _, tile, corner in corners for c in corner.lotuses)
    markers = [(key, tile, corner.marker) for key, tile, corner in corners if corner.marker]
    gates = Counter(m.colour for _, _, m in markers if m.kind == GATE)
    off_leg = sum(m.kind == GATE and m.colour not in tile.legs for _, tile, m in markers)
    symbols = Counter(c for track in pack.standard.spaces for space in track for c in space)
    sizes = Counter(len(space) for track in pack.standard.spaces for space in track)
    icons = Counter(icon for track in pack.variant.icons for icon in track if icon)
    return [
        f"tiles: {len(pack.tiles)}",
        f"leg a: {per_colour(Counter(t.legs[0] for t in pack.tiles))}",
        f"leg b: {per_colour(Counter(t.legs[1] for t in pack.tiles))}",
        f"lotuses: {per_colour(lotuses)}"
        f" ({on_leg} of {sum(lotuses.values())} on a leg colour of their tile)",
        f"lotuses per corner: {by_key(Counter(len(corner.lotuses) for *_, corner in corners))}",
        f"gates: {per_colour(gates)} ({off_leg} not on a leg colour)",
        f"markers by kind: {by_key(Counter(m.kind for *_, m in markers))}",
        f"markers by corner: {by_key(Counter(key for key, *_ in markers))}",
        f"tiles with a marker: {len(markers)} of {len(pack.tiles)}",
        f"journal symbols: {per_colour(symbols)}",
        f"journal spaces by virtues shown: {by_key(sizes)}",
        "variant icons: " + " ".join(f"{icon}={icons[icon]}" for icon in ICONS),
    ]


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check``, compare) the reference pack; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="exit 1 if the file differs from what would be written"
    )
    parser.add_argument(
        "--output", type=Path, default=REFERENCE_PACK, help="the pack file (default: %(default)s)"
    )
    parser.add_argument(
        "--measure", action="store_true", help="also print the measured properties (slower)"
    )
    args = parser.parse_args(argv)
    pack = make_pack()
    text = render(pack) + "\n"
    parsed = parse_pack(pack)
    for line in summary(parsed) + (properties(parsed) if args.measure else []):
        print(line)
    if args.check:
        try:  # the strict reader: a FIFO, a device or a huge file is refused, not read
            load_file(args.output, packs, "output")
        except PackError as exc:
            print(
                f"{args.output} is out of date ({exc}): run scripts/make_godo_pack.py",
                file=sys.stderr,
            )
            return 1
        if args.output.read_text(encoding="utf-8") != text:
            print(f"{args.output} is out of date: run scripts/make_godo_pack.py", file=sys.stderr)
            return 1
        print(f"{args.output} is up to date")
        return 0
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
