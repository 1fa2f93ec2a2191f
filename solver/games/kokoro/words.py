"""Kokoro in words: actions as sentences (``describe``) and the text picture of a position
(``picture``): where the game stands, then each player's mat.

Each space is 9 characters by 3 lines. The drawn segment runs through the middle in box-drawing
characters (``·`` marks an empty space), so paths in neighbouring spaces join up on the page. The
corners say what the space shows: ``c3`` caterpillars (top left), ``f1`` flowers (top right),
``[A]`` a sanctuary, ``Ldy`` / ``Lio`` the lady (caterpillar guardian) and the lion (flower
guardian), ``#7`` a pink-side die number (bottom left)::

    >>> from solver.games.kokoro.pack import load_pack
    >>> from solver.games.kokoro.rules import KokoroState
    >>> state = KokoroState.new(load_pack(), players=1)
    >>> print(picture(state).splitlines()[0])
    Kokoro, blue side, 1 player: round 1, sanctuary card to reveal; 42 path cards left
"""

from __future__ import annotations

from typing import Any

from solver.games.kokoro import actions as act
from solver.games.kokoro import rules as R
from solver.games.kokoro.pack import SANCTUARIES, Mat
from solver.games.kokoro.segments import BOTTOM, GLYPHS, LEFT, RIGHT, TOP, opens
from solver.games.kokoro.segments import describe as describe_segment

CELL = 9
LEGEND = (
    "c caterpillars, f flowers, [A] sanctuary, Ldy lady (scores caterpillars), "
    "Lio lion (scores flowers), #n die number"
)


def _corner(mat: Mat, space: int, guardians: dict[str, int | None]) -> str:
    """The bottom-left label of a space: sanctuary, guardian or die number (3 characters)."""
    printed = mat.spaces[space]
    if printed.sanctuary:
        return f"[{printed.sanctuary}]"
    if guardians.get("lady") == space:
        return "Ldy"
    if guardians.get("lion") == space:
        return "Lio"
    if printed.die:
        return f"#{printed.die:<2}"
    return "   "


def _cell(
    mat: Mat, space: int, segment: int, guardians: dict[str, int | None]
) -> tuple[str, str, str]:
    printed = mat.spaces[space]
    cats = f"c{printed.caterpillars}" if printed.caterpillars else "  "
    flowers = f"f{printed.flowers}" if printed.flowers else "  "
    top = f" {cats} {'│' if opens(segment, TOP) else ' '} {flowers} "
    arm = lambda side: "────" if opens(segment, side) else "    "  # noqa: E731
    middle = f"{arm(LEFT)}{GLYPHS[segment]}{arm(RIGHT)}"
    bottom = f" {_corner(mat, space, guardians)}{'│' if opens(segment, BOTTOM) else ' '}    "
    return top, middle, bottom


def mat_lines(mat: Mat, paths: list[int], guardians: dict[str, int | None]) -> list[str]:
    """One mat with its drawn paths, rows and columns numbered from 1."""
    lines = ["    " + "".join(f"{c + 1:^{CELL}}" for c in range(mat.columns)).rstrip()]
    for r in range(mat.rows):
        cells = [
            _cell(mat, r * mat.columns + c, paths[r * mat.columns + c], guardians)
            for c in range(mat.columns)
        ]
        for k in range(3):
            prefix = f"{r + 1:>3} " if k == 1 else "    "
            lines.append((prefix + "".join(cell[k] for cell in cells)).rstrip())
    return lines


def status(state: Any) -> str:
    """Where the game stands, in one line: side, players, round, sanctuary, golden cards, deck."""
    players = f"{state.players} player{'s' if state.players > 1 else ''}"
    left = sum(state.deck.values())
    head = f"Kokoro, {state.side} side, {players}: "
    if state.phase == R.OVER:
        return head + "game over"
    if state.phase == R.ROLL:
        who = "lady" if state.guardians["lady"] is None else "lion"
        return head + f"rolling the die for the {who}"
    rnd = len(state.revealed) + (state.phase == R.SANCTUARY)
    where = f"round {rnd}, "
    if state.phase == R.SANCTUARY:
        return head + where + f"sanctuary card to reveal; {left} path cards left"
    where += (
        f"sanctuary {state.revealed[-1]}, golden cards {state.golden} of 4, {left} path cards left"
    )
    if state.phase == R.PATH:
        return head + where + "; path card to reveal"
    card = f"; path card {describe_segment(state.card[0])}{' (golden)' if state.card[1] else ''}"
    doing = "peeking" if state.phase == R.PEEK else "to choose"
    return head + where + card + f"; player {state.to_move} {doing}"


def _sheet(state: Any, p: int) -> str:
    boxes = " ".join(str(b) for b in state.boxes[p]) or "-"
    text = f"player {p}: sanctuary boxes {boxes}"
    if state.phase == R.OVER:
        text += f", lady {state.lady_boxes[p]}, lion {state.lion_boxes[p]}"
        if state.decree_boxes[p] is not None:
            text += f", decree {state.decree_boxes[p]}"
    text += f"; score {state.scores()[p]}"
    if p in state.seen:
        text += f"; knows the next sanctuary card ({state.next_card})"
    if state.phase == R.OVER and p in state.winners:
        text += " (winner)"
    return text


def picture(state: Any) -> str:
    """The whole position as text."""
    lines = [status(state)]
    if state.revealed:
        lines.append(f"sanctuaries revealed: {' '.join(state.revealed)}")
    if state.decree is not None:
        lines.append(f"decree {state.decree.name} (our invention): {state.decree.text}")
    for p in range(state.players):
        lines.append("")
        lines.append(_sheet(state, p))
        lines += mat_lines(state.mat, state.paths[p], state.guardians)
    lines += ["", LEGEND]
    return "\n".join(lines)


def describe(state: Any, action: int) -> str:
    """Words for an action, e.g. ``draw 3 ┌ (right-bottom curve) at row 2, column 5``."""
    name = act.kind(action)
    mat = state.mat
    if name == "draw":
        segment = state.card[0] if state.card else None
        what = describe_segment(segment) if segment else "the segment"
        return f"draw {what} at {mat.label(action - act.DRAW)}"
    if name == "peek":
        return "peek at the next sanctuary card instead of drawing"
    if name == "path":
        segment, golden = act.decode_path(action)
        return f"path card {describe_segment(segment)}{', golden' if golden else ''}"
    if name == "sanctuary":
        letter = SANCTUARIES[action - act.SANCTUARY]
        if state.phase == R.PEEK:
            return f"the next sanctuary card is {letter} (seen by player {state.to_move})"
        return f"sanctuary card {letter} for round {len(state.revealed) + 1}"
    face = action - act.DIE
    guardian = "lady (caterpillars)" if state.guardians["lady"] is None else "lion (flowers)"
    space = mat.die_space(face)
    where = mat.label(space) if space is not None else "no space"
    return f"die {face}: the {guardian} guards {where}"
