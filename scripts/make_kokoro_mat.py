"""Make the reference Kokoro pack (mat and path deck): ``solver/games/kokoro/data/reference.json``.

The printed Kokoro mat is not public. Kokoro re-themes Avenue (Aporta Games, 2016), whose sheet a
fan transcribed (``AVENUE`` below, from github.com/hervan/avenue, ``src/Avenue/Grid.res``, map A,
also in ``shared/research/data/avenue_map_A_hervan.json``). This script is the pack's single source
and uses no randomness, so the file can be regenerated at will and checked for staleness::

    python scripts/make_kokoro_mat.py            # write the pack, print a summary and both mats
    python scripts/make_kokoro_mat.py --check    # exit 1 if the file on disk is out of date

The blue side is Avenue's grid re-themed and mirrored left-right, so that the guardians sit
top-left (the lady, caterpillars) and bottom-right (the lion, flowers) as Kokoro's do: green grapes
become caterpillars, purple grapes flowers, farms A-F sanctuaries A-F, the green castle the lady and
the purple castle the lion. The pink side is our own design (the real one is not public): the blue
grid turned half a turn, without its guardians, and the ten spaces that show nothing (no feature,
no sanctuary) numbered 1 to 10 in reading order, for the die that places the guardians. The deck is
Avenue's: 7 cards of each of the six segments, 22 golden (4 of each curve, 3 of each straight).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solver.core.errors import PackError  # noqa: E402
from solver.core.strict_json import load_file, loads, packs  # noqa: E402
from solver.games.kokoro.pack import REFERENCE_PACK, Mat, Pack, parse_pack  # noqa: E402
from solver.games.kokoro.segments import NUM_SEGMENTS  # noqa: E402

# Avenue map A as transcribed, row 0 at the top, column 0 at the left: "g/p" green and purple
# grapes, a letter a farm, "G" / "P" the green / purple castle, "." nothing.
AVENUE = (
    ("3/1", "0/1", "A", "2/0", ".", "G"),
    ("0/1", "2/0", "1/0", "0/1", "2/1", "."),
    ("1/0", ".", "1/2", "B", "1/0", "2/0"),
    ("C", "0/2", "2/0", ".", "0/2", "D"),
    ("0/2", ".", "E", "0/1", "2/1", "0/1"),
    (".", "1/2", "1/0", "0/2", "1/0", "."),
    ("P", "1/0", "0/1", "F", ".", "1/3"),
)
GUARDIAN_OF = {"G": "lady", "P": "lion"}  # green castle -> lady (caterpillars), purple -> lion

# Avenue's road deck: per segment 1..6, (golden, plain) cards.
DECK = {1: (4, 3), 2: (4, 3), 3: (4, 3), 4: (4, 3), 5: (3, 4), 6: (3, 4)}

DESCRIPTION = (
    "Kokoro reference pack: Avenue's map A re-themed and mirrored (blue side), a pink side of this "
    "library's design, and Avenue's 42-card path deck. Not checked against a printed Kokoro mat."
)

DESIGN = [
    "Made by scripts/make_kokoro_mat.py, deterministically; regenerate rather than edit by hand.",
    "Blue: Avenue map A (hervan/avenue Grid.res) mirrored left-right; green grapes -> caterpillars, "
    "purple grapes -> flowers, farms -> sanctuaries, green castle -> lady (top-left), "
    "purple castle -> lion (bottom-right).",
    "Pink (our design): the blue grid turned 180 degrees, guardians removed, the ten featureless "
    "spaces numbered 1-10 in reading order for the die.",
    "Deck: 7 cards of each segment; golden: 4 of each curve (1-4), 3 of each straight (5-6).",
]


def cell(token: str) -> dict[str, Any]:
    """One Avenue cell as a Kokoro blue-side space."""
    if token == ".":
        return {}
    if token in GUARDIAN_OF:
        return {"guardian": GUARDIAN_OF[token]}
    if "/" in token:
        green, purple = (int(n) for n in token.split("/"))
        space = {}
        if green:
            space["caterpillars"] = green
        if purple:
            space["flowers"] = purple
        return space
    return {"sanctuary": token}


def blue_side() -> list[list[dict[str, Any]]]:
    return [[cell(token) for token in reversed(row)] for row in AVENUE]


def pink_side(blue: list[list[dict[str, Any]]]) -> list[list[dict[str, Any]]]:
    turned = [[dict(space) for space in reversed(row)] for row in reversed(blue)]
    face = 0
    for row in turned:
        for space in row:
            space.pop("guardian", None)
            if not space:
                face += 1
                space["die"] = face
    assert face == 10, face
    return turned


def make_pack() -> dict[str, Any]:
    blue = blue_side()
    deck = [
        {"segment": segment, "golden": golden}
        for segment in range(1, NUM_SEGMENTS + 1)
        for golden, copies in zip((True, False), DECK[segment])
        for _ in range(copies)
    ]
    return {
        "name": "reference",
        "description": DESCRIPTION,
        "design": DESIGN,
        "mats": {"blue": {"spaces": blue}, "pink": {"spaces": pink_side(blue)}},
        "deck": deck,
    }


def render(pack: dict[str, Any]) -> str:
    """The pack as JSON text with one mat row, or one card, per line."""
    dump = lambda value: json.dumps(value, ensure_ascii=False)  # noqa: E731
    lines = ["{"]
    for key in ("name", "description"):
        lines.append(f'  "{key}": {dump(pack[key])},')
    lines.append('  "design": [')
    lines += [f"    {dump(d)}," for d in pack["design"][:-1]] + [f"    {dump(pack['design'][-1])}"]
    lines.append("  ],")
    lines.append('  "mats": {')
    sides = list(pack["mats"])
    for i, side in enumerate(sides):
        rows = pack["mats"][side]["spaces"]
        lines.append(f'    "{side}": {{"spaces": [')
        lines += [
            f"      {dump(row)}" + ("," if r < len(rows) - 1 else "") for r, row in enumerate(rows)
        ]
        lines.append("    ]}" + ("," if i < len(sides) - 1 else ""))
    lines.append("  },")
    lines.append('  "deck": [')
    cards = pack["deck"]
    lines += [f"    {dump(c)}" + ("," if k < len(cards) - 1 else "") for k, c in enumerate(cards)]
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines)


def picture(mat: Mat) -> list[str]:
    """A mat, one line per row: ``c2f1`` features, ``[A]`` sanctuaries, guardians, ``#7`` dice."""
    lines = []
    for r in range(mat.rows):
        cells = []
        for space in mat.spaces[r * mat.columns : (r + 1) * mat.columns]:
            if space.sanctuary:
                text = f"[{space.sanctuary}]"
            elif space.guardian:
                text = space.guardian
            elif space.die:
                text = f"#{space.die}"
            else:
                text = (f"c{space.caterpillars}" if space.caterpillars else "") + (
                    f"f{space.flowers}" if space.flowers else ""
                )
            cells.append(f"{text or '.':<5}")
        lines.append(" ".join(cells).rstrip())
    return lines


def summary(pack: Pack) -> list[str]:
    out = []
    for side, mat in pack.mats.items():
        out.append(
            f"{side} side: {mat.columns} x {mat.rows}, {mat.caterpillars} caterpillars, "
            f"{mat.flowers} flowers"
        )
        out += ["  " + line for line in picture(mat)]
    counts = pack.counts()
    golden = sum(n for (_, g), n in counts.items() if g)
    per = " ".join(f"{s}={counts[s, True]}+{counts[s, False]}" for s in range(1, NUM_SEGMENTS + 1))
    out.append(f"deck: {len(pack.deck)} cards, {golden} golden; per segment golden+plain: {per}")
    return out


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check``, compare) the reference pack; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="exit 1 if the file differs from what would be written"
    )
    parser.add_argument(
        "--output", type=Path, default=REFERENCE_PACK, help="the pack file (default: %(default)s)"
    )
    args = parser.parse_args(argv)
    pack = make_pack()
    text = render(pack) + "\n"
    assert loads(text, packs, "pack") == pack
    for line in summary(parse_pack(pack)):
        print(line)
    if args.check:
        try:
            current = load_file(args.output, packs, "pack")
        except PackError as exc:
            print(f"error: {exc}", file=sys.stderr)
            current = None
        if current != pack or args.output.read_text(encoding="utf-8") != text:
            print(f"{args.output} is out of date: run scripts/make_kokoro_mat.py", file=sys.stderr)
            return 1
        print(f"{args.output} is up to date")
        return 0
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(text, encoding="utf-8")
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
