"""The action encoding shared by every backend: small integers, one range per kind.

0 .. 62    draw the revealed segment in space i (spaces numbered row by row from the top-left)
63         peek at the next sanctuary card instead of drawing
64 .. 75   chance: path card revealed, 64 + 2 * (segment - 1) + golden
76 .. 81   chance: sanctuary card revealed (or peeked at), 76 + index of the letter A-F
82 .. 91   chance: the d10 roll that places a guardian (pink side), 81 + face (1-10)

>>> path_action(3, True), decode_path(path_action(3, True))
(69, (3, True))
"""

from __future__ import annotations

from solver.games.kokoro.pack import DIE_FACES, MAX_SPACES, SANCTUARIES
from solver.games.kokoro.segments import NUM_SEGMENTS

DRAW = 0
PEEK = MAX_SPACES
PATH = PEEK + 1
SANCTUARY = PATH + 2 * NUM_SEGMENTS
DIE = SANCTUARY + len(SANCTUARIES) - 1  # so that face f (1-10) is DIE + f
NUM_ACTIONS = DIE + DIE_FACES + 1
MAX_CHANCE_OUTCOMES = 2 * NUM_SEGMENTS  # the path cards, grouped by segment and colour


def path_action(segment: int, golden: bool) -> int:
    return PATH + 2 * (segment - 1) + int(golden)


def decode_path(action: int) -> tuple[int, bool]:
    """(segment, golden) of a path card outcome."""
    code = action - PATH
    return code // 2 + 1, bool(code % 2)


def sanctuary_action(letter: str) -> int:
    return SANCTUARY + SANCTUARIES.index(letter)


def die_action(face: int) -> int:
    return DIE + face


def kind(action: int) -> str:
    """``draw``, ``peek``, ``path``, ``sanctuary`` or ``die``."""
    if action < PEEK:
        return "draw"
    if action == PEEK:
        return "peek"
    if action < SANCTUARY:
        return "path"
    if action <= DIE:
        return "sanctuary"
    return "die"
