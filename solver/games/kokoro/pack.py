"""Kokoro component packs: the play mat (blue side, and the optional pink side) and the path deck.

The printed Kokoro mat is not public, so the library ships a reference pack (``data/reference.json``,
made by ``scripts/make_kokoro_mat.py`` from the Avenue grid, see ``docs/rules/kokoro.md``) and
accepts any pack of the same schema::

    {
      "name": "reference",
      "mats": {
        "blue": {"spaces": [                                  # rows, top to bottom
          [{"guardian": "lady"}, {}, {"caterpillars": 2, "flowers": 1}, {"sanctuary": "A"}, ...],
          ...]},
        "pink": {"spaces": [[{"die": 1}, {"flowers": 2}, ...], ...]}      # optional side
      },
      "deck": [{"segment": 1, "golden": true}, {"segment": 5, "golden": false}, ...]
    }

A space holds up to 7 caterpillars and 7 flowers, or a sanctuary (a letter A-F, each exactly once
on a mat), and may carry a guardian (blue side: ``"lady"``, who scores caterpillars, and
``"lion"``, who scores flowers, exactly once each) or a die number (pink side: 1 to 10, each exactly
once; the guardians go where the die says). A mat has at most 8 columns and 63 spaces (one 64-bit
word with the sign bit free). The deck lists the path cards: a segment number (1-6, see
``segments``) and whether the card is golden.

    >>> pack = load_pack()
    >>> pack.name, len(pack.deck), pack.mats["blue"].columns, pack.mats["blue"].rows
    ('reference', 42, 6, 7)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from solver.core.errors import PackError
from solver.core.packs import PackSource, read_pack
from solver.core.params import Params, pack_params
from solver.core.strict_json import join, packs
from solver.games.kokoro.segments import NUM_SEGMENTS
from solver.games.kokoro.weights import GAME

SIDES = ("blue", "pink")
SANCTUARIES = "ABCDEF"
GUARDIANS = ("lady", "lion")
"""The lady scores the caterpillars connected to her space, the lion the flowers."""
DIE_FACES = 10
MAX_FEATURES = 7  # of each kind in one space: the kernel keeps a count in 3 bit-planes
MAX_COLUMNS = 8
MAX_SPACES = 63
MAX_CARDS = 200
SPACE_KEYS = ("caterpillars", "flowers", "sanctuary", "guardian", "die")

REFERENCE_PACK = Path(__file__).parent / "data" / "reference.json"



@dataclass(frozen=True)
class Space:
    """One space of a mat and what is printed on it."""

    caterpillars: int = 0
    flowers: int = 0
    sanctuary: str | None = None
    guardian: str | None = None  # blue side
    die: int | None = None  # pink side


@dataclass(frozen=True)
class Mat:
    """One side of the play mat: a grid of spaces, numbered row by row from the top-left."""

    side: str
    columns: int
    rows: int
    spaces: tuple[Space, ...]

    def coords(self, space: int) -> tuple[int, int]:
        """(row, column) of a space, 0-based from the top-left."""
        return divmod(space, self.columns)

    def label(self, space: int) -> str:
        """A space for people: ``row 2, column 5`` (1-based from the top-left)."""
        row, col = self.coords(space)
        return f"row {row + 1}, column {col + 1}"

    def sanctuary_space(self, letter: str) -> int:
        return next(i for i, s in enumerate(self.spaces) if s.sanctuary == letter)

    def guardian_space(self, guardian: str) -> int | None:
        """The space printed with a guardian (blue side), else None."""
        return next((i for i, s in enumerate(self.spaces) if s.guardian == guardian), None)

    def die_space(self, face: int) -> int | None:
        """The space numbered ``face`` (pink side), else None."""
        return next((i for i, s in enumerate(self.spaces) if s.die == face), None)

    @property
    def caterpillars(self) -> int:
        return sum(s.caterpillars for s in self.spaces)

    @property
    def flowers(self) -> int:
        return sum(s.flowers for s in self.spaces)


@dataclass(frozen=True)
class Card:
    """A path card: the segment it shows and whether it is golden."""

    segment: int
    golden: bool


@dataclass(frozen=True)
class Pack:
    """A validated component pack: the mat sides it has and the path deck."""

    name: str
    mats: dict[str, Mat]
    deck: tuple[Card, ...]
    params: tuple[Params, ...] = ()  # the tuned parameters it carries, by player count

    def counts(self) -> dict[tuple[int, bool], int]:
        """The deck as (segment, golden) -> number of cards, for every one of the 12 kinds (a new
        dict each time: a game keeps the cards left in it)."""
        return dict(self._counts)

    @cached_property
    def _counts(self) -> dict[tuple[int, bool], int]:
        found = Counter((c.segment, c.golden) for c in self.deck)
        return {
            (seg, gold): found[seg, gold]
            for seg in range(1, NUM_SEGMENTS + 1)
            for gold in (False, True)
        }


def _parse_space(obj: Any, field: str, side: str) -> Space:
    packs.object(obj, field, SPACE_KEYS)
    sanctuary, guardian, die = obj.get("sanctuary"), obj.get("guardian"), obj.get("die")
    if sanctuary is not None:
        packs.choice(sanctuary, f"{field}.sanctuary", tuple(SANCTUARIES))
    if guardian is not None:
        if side != "blue":
            raise PackError(
                f"{field}.guardian",
                "only the blue side has printed guardians (the pink side has die numbers)",
            )
        packs.choice(guardian, f"{field}.guardian", GUARDIANS)
    if die is not None:
        if side != "pink":
            raise PackError(f"{field}.die", "only the pink side has die numbers")
        packs.integer(die, f"{field}.die", 1, DIE_FACES)
    if sanctuary is not None and (guardian is not None or die is not None):
        raise PackError(field, "a sanctuary space cannot also hold a guardian")
    return Space(
        packs.integer(obj.get("caterpillars", 0), f"{field}.caterpillars", 0, MAX_FEATURES),
        packs.integer(obj.get("flowers", 0), f"{field}.flowers", 0, MAX_FEATURES),
        sanctuary,
        guardian,
        die,
    )


def _once_each(spaces: list[Space], columns: int, key: str, wanted: tuple, field: str) -> None:
    """Each of ``wanted`` is on exactly one space of the mat."""
    where: dict[Any, str] = {}
    for i, space in enumerate(spaces):
        value = getattr(space, key)
        if value is None:
            continue
        here = f"{field}[{i // columns}][{i % columns}]"
        if value in where:
            raise PackError(f"{here}.{key}", f"{value!r} is also on {where[value]}")
        where[value] = here
    missing = [w for w in wanted if w not in where]
    if missing:
        raise PackError(field, f"no space has {key} {missing[0]!r}")


def parse_mat(obj: Any, side: str) -> Mat:
    """Validate one mat side.

    Raises:
        PackError: naming the space (``mats.<side>.spaces[row][column]``) or field that is wrong.
    """
    field = f"mats.{side}"
    packs.object(obj, field, ("spaces",))
    rows = packs.array(obj.get("spaces"), f"{field}.spaces")
    if not rows:
        raise PackError(f"{field}.spaces", "a mat has at least one row")
    columns = len(packs.array(rows[0], f"{field}.spaces[0]"))
    if not 1 <= columns <= MAX_COLUMNS:
        raise PackError(
            f"{field}.spaces[0]", f"a mat has 1 to {MAX_COLUMNS} columns, got {columns}"
        )
    if len(rows) * columns > MAX_SPACES:
        raise PackError(
            f"{field}.spaces", f"a mat has at most {MAX_SPACES} spaces, got {len(rows) * columns}"
        )
    spaces = []
    for r, row in enumerate(rows):
        if len(packs.array(row, f"{field}.spaces[{r}]")) != columns:
            raise PackError(
                f"{field}.spaces[{r}]",
                f"expected {columns} spaces like the first row, got {len(row)}",
            )
        spaces += [
            _parse_space(cell, f"{field}.spaces[{r}][{c}]", side) for c, cell in enumerate(row)
        ]
    _once_each(spaces, columns, "sanctuary", tuple(SANCTUARIES), f"{field}.spaces")
    if side == "blue":
        _once_each(spaces, columns, "guardian", GUARDIANS, f"{field}.spaces")
    else:
        _once_each(spaces, columns, "die", tuple(range(1, DIE_FACES + 1)), f"{field}.spaces")
    return Mat(side, columns, len(rows), tuple(spaces))


def _parse_card(obj: Any, field: str) -> Card:
    packs.object(obj, field, ("segment", "golden"))
    return Card(
        packs.integer(obj.get("segment"), f"{field}.segment", 1, NUM_SEGMENTS),
        packs.boolean(obj.get("golden"), f"{field}.golden"),
    )


def parse_pack(obj: Any) -> Pack:
    """Validate a pack given as a parsed JSON object.

    Raises:
        PackError: naming the space, card or field that is wrong.
    """
    packs.object(obj, "pack", ("name", "description", "design", "mats", "deck", "params"))
    name = packs.string(obj.get("name", "custom"), "name")
    packs.string(obj.get("description", ""), "description")
    for i, line in enumerate(packs.array(obj.get("design", []), "design")):
        packs.string(line, join("design", i))
    mats = packs.object(obj.get("mats"), "mats", SIDES, required=("blue",))
    deck = packs.array(obj.get("deck"), "deck")
    if not 1 <= len(deck) <= MAX_CARDS:
        raise PackError("deck", f"a deck has 1 to {MAX_CARDS} path cards, got {len(deck)}")
    return Pack(
        name,
        {side: parse_mat(mats[side], side) for side in SIDES if side in mats},
        tuple(_parse_card(card, join("deck", i)) for i, card in enumerate(deck)),
        pack_params(obj, GAME, name),
    )


def load_pack(source: PackSource = None) -> Pack:
    """Load a pack: ``None`` for the reference pack, a path to a JSON file, or a parsed dict.

    Raises:
        PackError: the file cannot be read, is not JSON, or does not follow the schema.
    """
    return read_pack(source, REFERENCE_PACK, parse_pack)
