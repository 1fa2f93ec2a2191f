"""The SVG picture of a Kokoro position: where the game stands, the shared cards, every mat.

``draw(state, observer, steps)`` builds the picture of a reference state (``solver.render.svg``
is the public entry point). From the top: the status (the game's own words, ``picture``), the
path card being answered with the round's golden cards, the six sanctuary cards, the path cards
left, the decree, the suggested turn in words, then each player's mat with its drawn paths and its
score sheet (sanctuary boxes, guardian boxes, decree box, score)::

    >>> from solver.games.kokoro.pack import load_pack
    >>> state = R.KokoroState.new(load_pack(), players=2)
    >>> picture = draw(state, None, []).to_svg()
    >>> picture.count('class="space"'), picture.count('class="sanctuary-card"')
    (84, 6)

The contract with the web page and the tests: every piece is an element with a ``class`` and
``data-*`` attributes (rows and columns count from 0 at the top-left of a mat, ``space`` is
``row * columns + column``; players from 0):

================  =================================================================================
class             data-* (and meaning)
================  =================================================================================
status            phase, round (0 before the first), to-move (at a decision), golden (this round)
mat               player, side; one group per player's mat
mat-title         player, target="mat" (click: that player answers the card), to-move="1" if so
space             target="space", player, row, col, space, caterpillars, flowers, sanctuary, die
caterpillars      player, row, col, count: the caterpillars printed on a space
flowers           player, row, col, count
sanctuary         player, row, col, sanctuary (the letter printed on a space)
die-number        player, row, col, die (pink side)
guardian          player, row, col, guardian ("lady" scores caterpillars, "lion" flowers)
path              player, row, col, segment (1-6, ``segments``), joined="1" when joined to this
                  round's sanctuary
box               target="box", player, box (0-4), sanctuary (its letter, once revealed), value
guardian-box      player, guardian, value (filled at the end)
decree-box        player, value (a scoring decree, at the end)
score             player, value; winner="1" at the end for the winners
peeked            player: knows the next sanctuary card
path-card         target="path-card", segment, golden ("1"/"0"): the card being answered (absent
                  attributes: no card)
golden-count      golden: golden path cards revealed this round (of 4)
sanctuary-card    target="sanctuary-card", card (A-F), state ("scored", "current", "next", "deck"),
                  round (1-5, once revealed)
next-sanctuary    target="next-sanctuary" (click: peek at it), seen-by (players, space separated),
                  card (only when the observer may know it); drawn as a card back with "?" otherwise
no-peek           target="next-sanctuary" (click: peek): the empty place of the next sanctuary card
deck              target="deck", segment, golden, count: the path cards left of one kind
decree            decree (its name)
highlight         step (index in the suggested sequence), kind (draw, peek, path, sanctuary, die);
                  a draw also has player, row, col, segment; drawn over everything, no pointer events
================  =================================================================================

``observer``: the only hidden information is the peeked sanctuary card, shown face up only to the
players who saw it (as ``state.to_json(observer)`` does). The mats and decks are public.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any

from solver.core.svg import HIGHLIGHT, PLAYER_COLOURS, Drawing
from solver.games.kokoro import actions as act
from solver.games.kokoro import rules as R
from solver.games.kokoro.network import network
from solver.games.kokoro.pack import GUARDIANS, SANCTUARIES
from solver.games.kokoro.scoring import GOLDEN_PER_ROUND, PENALTY, ROUNDS
from solver.games.kokoro.segments import BOTTOM, EMPTY, LEFT, NUM_SEGMENTS, RIGHT, SEGMENTS, TOP
from solver.games.kokoro.words import status

Element = Any  # xml.etree.ElementTree.Element

CELL = 56
MARGIN = 14
GAP = 18
BOX_W = 96
BOX_H = 26
LABEL = 16  # room for the row and column numbers
MIN_WIDTH = 660
LINE = 16

INK = "#33292b"
JOINED = "#0f7c80"
GOLD = "#d4a017"
MUTED = "#8a8178"
CATERPILLAR = "#4f9a32"
FLOWER = "#d0478f"
SHRINE = "#c8402f"
MAT_COLOURS = {"blue": "#e6eff9", "pink": "#fbe8f0"}
GUARDIAN_LOOK = {"lady": ("C", CATERPILLAR, "the lady: scores the caterpillars joined to her"),
                 "lion": ("F", FLOWER, "the lion: scores the flowers joined to him")}  # fmt: skip
LEGEND = (
    "C the lady (scores caterpillars), F the lion (scores flowers), red squares: sanctuaries, "
    f"#n: die numbers; teal paths are joined to this round's sanctuary; each 0 box costs {PENALTY}."
)


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def segment_path(x: float, y: float, size: float, segment: int) -> str:
    """The SVG path data of a segment drawn in the square at (x, y): a straight line between
    opposite sides, or a quarter circle around the corner two sides share.

    >>> segment_path(0, 0, 10, 5), segment_path(0, 0, 10, 1)
    ('M 0 5 L 10 5', 'M 5 0 A 5 5 0 0 1 0 5')
    """
    ends = {TOP: (x + size / 2, y), RIGHT: (x + size, y + size / 2),
            BOTTOM: (x + size / 2, y + size), LEFT: (x, y + size / 2)}  # fmt: skip
    a, b = SEGMENTS[segment]
    (px, py), (qx, qy) = ends[a], ends[b]
    start = f"M {_num(px)} {_num(py)}"
    if (a - b) % 2 == 0:
        return f"{start} L {_num(qx)} {_num(qy)}"
    cx = x if LEFT in (a, b) else x + size
    cy = y if TOP in (a, b) else y + size
    sweep = int((px - cx) * (qy - cy) - (py - cy) * (qx - cx) > 0)
    r = _num(size / 2)
    return f"{start} A {r} {r} 0 0 {sweep} {_num(qx)} {_num(qy)}"


def _round(state: Any) -> int:
    return len(state.revealed) + (state.phase == R.SANCTUARY)


def _current(state: Any) -> str | None:
    """This round's sanctuary, while its round is under way."""
    under_way = state.phase in (R.PATH, R.CHOOSE, R.PEEK)
    return state.revealed[-1] if under_way and state.revealed else None


class _Picture:
    """One picture being drawn: the layout, then each part in turn."""

    def __init__(self, state: Any, observer: int | None) -> None:
        self.state = state
        self.observer = observer
        mat = state.mat
        self.panel_w = LABEL + mat.columns * CELL + GAP + BOX_W + MARGIN
        sheet_h = (ROUNDS + 5) * (BOX_H + 4) + 20
        self.panel_h = 30 + LABEL + max(mat.rows * CELL, sheet_h) + MARGIN
        self.cols = 1 if state.players == 1 else 2 if state.players <= 4 else 4
        self.width = max(self.cols * self.panel_w, MIN_WIDTH) + 2 * MARGIN
        self.chars = int((self.width - 2 * MARGIN) / 6.6)
        self.places: dict[str, tuple[float, float, float, float]] = {}  # for the highlights
        self.grids: dict[int, tuple[float, float]] = {}  # player -> top-left of the grid
        self.d = Drawing(self.width, 100, title="Kokoro: Avenue of the Kodama")
        self.y = MARGIN

    # -- header and shared cards -----------------------------------------------------------------

    def header(self) -> None:
        s = self.state
        head, _, rest = status(s).partition(": ")
        g = self.d.group(self.d.root, class_="status", data_phase=s.phase, data_round=_round(s),
                         data_to_move=s.to_move if s.phase in (R.CHOOSE, R.PEEK) else None,
                         data_golden=s.golden)  # fmt: skip
        self.y += 18
        self.d.text(g, MARGIN, self.y, head, 17, text_anchor="start", font_weight="bold", fill=INK)
        lines = rest.split("; ")
        scores = ", ".join(f"player {p} {v}" for p, v in enumerate(s.scores()))
        lines.append(f"scores: {scores}")
        if s.phase == R.OVER:
            lines.append("winner" + "s" * (len(s.winners) > 1) + ": "
                         + ", ".join(f"player {p}" for p in s.winners))  # fmt: skip
        for line in lines:
            self.y += LINE
            self.d.text(g, MARGIN, self.y, line, 12.5, text_anchor="start", fill=INK)
        self.y += 12

    def shared(self) -> None:
        """The path card, the sanctuary cards and the deck, flowed left to right."""
        sections: list[tuple[float, Callable[[float, float], None]]] = [
            (170, self.path_card), (7 * 46 + 12, self.sanctuary_cards), (6 * 40 + 64, self.deck)
        ]  # fmt: skip
        x, row_h = MARGIN, 112
        for w, part in sections:
            if x > MARGIN and x + w > self.width - MARGIN:
                x, self.y = MARGIN, self.y + row_h
            part(x, self.y)
            x += w + GAP
        self.y += row_h
        if self.state.decree is not None:
            decree = self.state.decree
            text = f"Decree {decree.name} ({decree.kind}, our invention): {decree.text}"
            g = self.d.group(self.d.root, class_="decree", data_decree=decree.name)
            for line in textwrap.wrap(text, self.chars):
                self.d.text(g, MARGIN, self.y + 4, line, 12, text_anchor="start", fill=INK)
                self.y += LINE
            self.y += 6

    def path_card(self, x: float, y: float) -> None:
        s, d = self.state, self.d
        d.text(d.root, x, y + 10, "Path card", 12, text_anchor="start", fill=MUTED)
        card = s.card
        golden = card is not None and card[1]
        g = d.group(d.root, class_="path-card", data_target="path-card",
                    data_segment=card and card[0], data_golden=card and int(card[1]))  # fmt: skip
        d.add(g, "rect", x=x, y=y + 16, width=64, height=86, rx=6, fill="#fffdf6" if card else "none",
              stroke=GOLD if golden else MUTED, stroke_width=4 if golden else 1.5,
              stroke_dasharray=None if card else "4 3")  # fmt: skip
        if card is None:
            d.text(g, x + 32, y + 63, "none", 11, fill=MUTED)
        else:
            d.add(g, "path", d=segment_path(x + 8, y + 27, 48, card[0]), fill="none",
                  stroke=GOLD if golden else INK, stroke_width=7, stroke_linecap="round")  # fmt: skip
            d.text(g, x + 32, y + 97, f"{card[0]}{' golden' if golden else ''}", 10.5, fill=INK)
        g = d.group(d.root, class_="golden-count", data_golden=s.golden)
        d.text(g, x + 78, y + 34, "golden this round", 10.5, text_anchor="start", fill=MUTED)
        for i in range(GOLDEN_PER_ROUND):
            d.add(g, "circle", cx=x + 86 + 20 * i, cy=y + 50, r=7, stroke=GOLD, stroke_width=2,
                  fill=GOLD if i < s.golden else "none")  # fmt: skip
        d.text(g, x + 78, y + 78, f"{s.golden} of {GOLDEN_PER_ROUND}", 12, text_anchor="start",
               fill=INK)  # fmt: skip

    def sanctuary_cards(self, x: float, y: float) -> None:
        s, d = self.state, self.d
        d.text(d.root, x, y + 10, "Sanctuary cards", 12, text_anchor="start", fill=MUTED)
        current = _current(s)
        known = s.next_card is not None and (self.observer is None or self.observer in s.seen)
        for i, letter in enumerate(SANCTUARIES):
            cx = x + 46 * i
            if letter in s.revealed:
                k = s.revealed.index(letter)
                state, label = ("current" if letter == current else "scored"), f"round {k + 1}"
            elif known and letter == s.next_card:
                state, label, k = "next", "next", None
            else:
                state, label, k = "deck", "", None
            g = d.group(d.root, class_="sanctuary-card", data_target="sanctuary-card",
                        data_card=letter, data_state=state,
                        data_round=None if k is None else k + 1)  # fmt: skip
            face = {"current": SHRINE, "scored": "#e7b3aa", "next": "#f6e7c9"}.get(state, "#f3efe8")
            d.add(g, "rect", x=cx, y=y + 16, width=40, height=56, rx=5, fill=face,
                  stroke=INK if state == "current" else MUTED,
                  stroke_width=1 + (state == "current"))  # fmt: skip
            d.text(g, cx + 20, y + 52, letter, 22, font_weight="bold",
                   fill="white" if state == "current" else INK if state != "deck" else MUTED)  # fmt: skip
            d.text(g, cx + 20, y + 86, label, 10, fill=INK)
            self.places[f"sanctuary-{letter}"] = (cx, y + 16, 40, 56)
        self._next_card(x + 46 * 6 + 10, y, known)

    def _next_card(self, x: float, y: float, known: bool) -> None:
        s, d = self.state, self.d
        self.places["next"] = (x, y + 16, 40, 56)
        if s.next_card is None:
            g = d.group(d.root, class_="no-peek", data_target="next-sanctuary")
            d.add(g, "rect", x=x, y=y + 16, width=40, height=56, rx=5, fill="none",
                  stroke=MUTED, stroke_dasharray="4 3", pointer_events="all")  # fmt: skip
            d.text(g, x + 20, y + 86, "no peek", 10, fill=MUTED)
            return
        seen = sorted(s.seen)
        g = d.group(d.root, class_="next-sanctuary", data_target="next-sanctuary",
                    data_seen_by=" ".join(map(str, seen)),
                    data_card=s.next_card if known else None)  # fmt: skip
        d.add(g, "rect", x=x, y=y + 16, width=40, height=56, rx=5,
              fill="#f6e7c9" if known else "#5b4a6b", stroke=INK)  # fmt: skip
        d.text(g, x + 20, y + 52, s.next_card if known else "?", 22, font_weight="bold",
               fill=INK if known else "white")  # fmt: skip
        d.text(g, x + 20, y + 86, "next", 10, fill=INK)
        d.text(g, x + 20, y + 98, "seen: " + ",".join(map(str, seen)), 9.5, fill=MUTED)

    def deck(self, x: float, y: float) -> None:
        s, d = self.state, self.d
        left = sum(s.deck.values())
        d.text(d.root, x, y + 10, f"Path cards left: {left}", 12, text_anchor="start", fill=MUTED)
        for r, golden in enumerate((False, True)):
            ry = y + 24 + 40 * r
            d.text(d.root, x, ry + 22, "golden" if golden else "plain", 11, text_anchor="start",
                   fill=GOLD if golden else INK)  # fmt: skip
            for segment in range(1, NUM_SEGMENTS + 1):
                cx = x + 58 + 40 * (segment - 1)
                count = s.deck[segment, golden]
                g = d.group(d.root, class_="deck", data_target="deck", data_segment=segment,
                            data_golden=int(golden), data_count=count)  # fmt: skip
                d.add(g, "rect", x=cx, y=ry, width=36, height=34, rx=4, fill="#fffdf6",
                      stroke=GOLD if golden else MUTED, stroke_width=1.5)  # fmt: skip
                d.add(g, "path", d=segment_path(cx + 2, ry + 2, 16, segment), fill="none",
                      stroke=GOLD if golden else INK, stroke_width=2.5)  # fmt: skip
                d.text(g, cx + 27, ry + 24, str(count), 13, font_weight="bold",
                       fill=INK if count else MUTED)  # fmt: skip

    # -- the mats --------------------------------------------------------------------------------

    def mats(self) -> None:
        top = self.y
        for p in range(self.state.players):
            row, col = divmod(p, self.cols)
            self.mat(p, MARGIN + col * self.panel_w, top + row * self.panel_h)
        self.y = top + -(-self.state.players // self.cols) * self.panel_h

    def mat(self, p: int, x: float, y: float) -> None:
        s, d = self.state, self.d
        mat = s.mat
        turn = s.phase in (R.CHOOSE, R.PEEK) and s.to_move == p
        g = d.group(d.root, class_="mat", data_player=p, data_side=s.side)
        title = d.group(g, class_="mat-title", data_target="mat", data_player=p,
                        data_to_move=1 if turn else None)  # fmt: skip
        width = self.panel_w - MARGIN
        d.add(title, "rect", x=x, y=y, width=width, height=24, rx=4,
              fill=PLAYER_COLOURS[p % len(PLAYER_COLOURS)], fill_opacity=0.9 if turn else 0.35)  # fmt: skip
        name = f"Player {p}" + (" (you)" if p == self.observer else "")
        name += "  \u2014 to move" if turn else ""
        d.text(title, x + 8, y + 17, name, 13, text_anchor="start", font_weight="bold", fill=INK)
        if p in s.seen:
            peek = d.group(g, class_="peeked", data_player=p)
            d.text(peek, x + width - 8, y + 17, "peeked", 11, text_anchor="end", fill=INK)
        gx, gy = x + LABEL, y + 30 + LABEL
        self.grids[p] = (gx, gy)
        for c in range(mat.columns):
            d.text(g, gx + (c + 0.5) * CELL, gy - 4, str(c + 1), 10, fill=MUTED)
        for r in range(mat.rows):
            d.text(g, gx - 8, gy + (r + 0.5) * CELL + 4, str(r + 1), 10, fill=MUTED)
        d.add(g, "rect", x=gx, y=gy, width=mat.columns * CELL, height=mat.rows * CELL,
              fill=MAT_COLOURS[s.side], stroke=INK, stroke_width=1.5)  # fmt: skip
        current = _current(s)
        joined = network(mat, s.paths[p], mat.sanctuary_space(current)) if current else set()
        for space in range(len(mat.spaces)):
            self.space(g, p, space, space in joined)
        self.sheet(g, p, gx + mat.columns * CELL + GAP, gy, joined)

    def space(self, parent: Element, p: int, space: int, joined: bool) -> None:
        s, d = self.state, self.d
        printed = s.mat.spaces[space]
        r, c = s.mat.coords(space)
        gx, gy = self.grids[p]
        x, y = gx + c * CELL, gy + r * CELL
        where = {"data_player": p, "data_row": r, "data_col": c}
        g = d.group(parent, class_="space", data_target="space", data_space=space,
                    data_caterpillars=printed.caterpillars, data_flowers=printed.flowers,
                    data_sanctuary=printed.sanctuary, data_die=printed.die, **where)  # fmt: skip
        d.add(g, "rect", x=x, y=y, width=CELL, height=CELL, fill=MAT_COLOURS[s.side],
              stroke="#b9b0a4", stroke_width=0.8)  # fmt: skip
        if printed.sanctuary:
            f = d.group(g, class_="sanctuary", data_sanctuary=printed.sanctuary, **where)
            d.add(f, "rect", x=x + 12, y=y + 12, width=28, height=28, rx=5, fill=SHRINE)
            d.text(f, x + 26, y + 33, printed.sanctuary, 18, font_weight="bold", fill="white")
        if printed.caterpillars:
            f = d.group(g, class_="caterpillars", data_count=printed.caterpillars, **where)
            for i in range(3):
                d.add(f, "circle", cx=x + 6 + 4.5 * i, cy=y + 9, r=3.4, fill=CATERPILLAR)
            d.text(f, x + 22, y + 13, str(printed.caterpillars), 11, font_weight="bold",
                   text_anchor="start", fill=CATERPILLAR)  # fmt: skip
        if printed.flowers:
            f = d.group(g, class_="flowers", data_count=printed.flowers, **where)
            fx, fy = x + CELL - 19, y + 9
            for dx, dy in ((0, -3.5), (3.3, -1.1), (2, 2.8), (-2, 2.8), (-3.3, -1.1)):
                d.add(f, "circle", cx=fx + dx, cy=fy + dy, r=2.4, fill=FLOWER)
            d.add(f, "circle", cx=fx, cy=fy, r=1.6, fill="#f7d14a")
            d.text(f, x + CELL - 4, y + 13, str(printed.flowers), 11, font_weight="bold",
                   text_anchor="end", fill=FLOWER)  # fmt: skip
        if printed.die:
            f = d.group(g, class_="die-number", data_die=printed.die, **where)
            d.text(f, x + 4, y + CELL - 5, f"#{printed.die}", 10, text_anchor="start", fill=MUTED)
        for guardian in GUARDIANS:
            if s.guardians[guardian] == space:
                letter, colour, text = GUARDIAN_LOOK[guardian]
                f = d.group(g, class_="guardian", data_guardian=guardian, **where)
                d.add(f, "title").text = text
                d.add(f, "circle", cx=x + CELL - 11, cy=y + CELL - 11, r=9, fill=colour,
                      stroke="white", stroke_width=1.5)  # fmt: skip
                d.text(f, x + CELL - 11, y + CELL - 7, letter, 11, font_weight="bold", fill="white")
        segment = s.paths[p][space]
        if segment != EMPTY:
            d.add(g, "path", class_="path", data_segment=segment, data_joined=int(joined) or None,
                  d=segment_path(x, y, CELL, segment), fill="none", stroke=JOINED if joined else INK,
                  stroke_width=5, stroke_linecap="round", **where)  # fmt: skip

    def sheet(self, parent: Element, p: int, x: float, y: float, joined: set[int]) -> None:
        """The score boxes beside a mat."""
        s, d = self.state, self.d
        d.text(parent, x, y - 4, "Sanctuaries", 10.5, text_anchor="start", fill=MUTED)
        for k in range(ROUNDS):
            by = y + k * (BOX_H + 4)
            letter = s.revealed[k] if k < len(s.revealed) else None
            value = s.boxes[p][k] if k < len(s.boxes[p]) else None
            g = d.group(parent, class_="box", data_target="box", data_player=p, data_box=k,
                        data_sanctuary=letter, data_value=value)  # fmt: skip
            d.add(g, "rect", x=x, y=by, width=BOX_W, height=BOX_H, rx=3, fill="white",
                  stroke=SHRINE if value == 0 else INK, stroke_width=1)  # fmt: skip
            d.text(g, x + 12, by + 18, letter or str(k + 1), 13, font_weight="bold",
                   fill=SHRINE if letter else MUTED)  # fmt: skip
            if value is not None:
                d.text(g, x + BOX_W - 10, by + 18, str(value), 14, font_weight="bold",
                       text_anchor="end", fill=SHRINE if value == 0 else INK)  # fmt: skip
            elif letter is not None:  # this round's: what it would score now
                count = sum(s.mat.spaces[i].caterpillars + s.mat.spaces[i].flowers for i in joined)
                d.text(g, x + BOX_W - 8, by + 17, f"now {count}", 10.5, text_anchor="end",
                       fill=JOINED)  # fmt: skip
        by = y + ROUNDS * (BOX_H + 4) + 6
        ends = [(g_, s.lady_boxes[p] if g_ == "lady" else s.lion_boxes[p]) for g_ in GUARDIANS]
        for guardian, value in ends:
            letter, colour, _ = GUARDIAN_LOOK[guardian]
            g = d.group(parent, class_="guardian-box", data_player=p, data_guardian=guardian,
                        data_value=value)  # fmt: skip
            self._box(g, x, by, f"{letter} {guardian}", value, colour)
            by += BOX_H + 4
        if s.decree is not None and s.decree.bonus is not None:
            g = d.group(parent, class_="decree-box", data_player=p, data_value=s.decree_boxes[p])
            self._box(g, x, by, "decree", s.decree_boxes[p], INK)
            by += BOX_H + 4
        winner = s.phase == R.OVER and p in s.winners
        g = d.group(parent, class_="score", data_player=p, data_value=s.scores()[p],
                    data_winner=1 if winner else None)  # fmt: skip
        d.add(g, "rect", x=x, y=by + 4, width=BOX_W, height=BOX_H + 4, rx=4,
              fill=GOLD if winner else "#efe7da", stroke=INK)  # fmt: skip
        d.text(g, x + 8, by + 23, "score", 11, text_anchor="start", fill=INK)
        d.text(g, x + BOX_W - 8, by + 24, str(s.scores()[p]), 15, font_weight="bold",
               text_anchor="end", fill=INK)  # fmt: skip

    def _box(self, g: Element, x: float, y: float, label: str, value: int | None, colour: str) -> None:
        self.d.add(g, "rect", x=x, y=y, width=BOX_W, height=BOX_H, rx=3, fill="white", stroke=INK)
        self.d.text(g, x + 6, y + 17, label, 11, text_anchor="start", fill=colour)
        if value is not None:
            self.d.text(g, x + BOX_W - 10, y + 18, str(value), 14, font_weight="bold",
                        text_anchor="end", fill=INK)  # fmt: skip

    # -- the suggested turn ----------------------------------------------------------------------

    def words(self, steps: list[tuple[Any, int]]) -> None:
        """The suggested sequence in words, one numbered line per step."""
        if not steps:
            return
        d = self.d
        d.text(d.root, MARGIN, self.y + 12, "Suggested:", 12.5, text_anchor="start",
               font_weight="bold", fill=HIGHLIGHT)  # fmt: skip
        for i, (before, action) in enumerate(steps):
            kind = act.kind(action)
            who = f" (player {before.to_move})" if kind in ("draw", "peek") else ""
            words = f"{i + 1}. {before.action_to_string(action)}{who}"
            for line in textwrap.wrap(words, self.chars - 12):
                d.text(d.root, MARGIN + 90, self.y + 12, line, 12, text_anchor="start",
                       fill=HIGHLIGHT, **_mark(i, kind))  # fmt: skip
                self.y += LINE
        self.y += 8

    def marks(self, steps: list[tuple[Any, int]]) -> None:
        """Each step's mark over the picture (drawn last, on top)."""
        for i, (before, action) in enumerate(steps):
            self._mark(before, action, _mark(i, act.kind(action)))

    def _mark(self, before: Any, action: int, mark: dict[str, Any]) -> None:
        d = self.d
        kind = mark["data_kind"]
        if kind == "draw":
            space = action - act.DRAW
            r, c = before.mat.coords(space)
            gx, gy = self.grids[before.to_move]
            x, y = gx + c * CELL, gy + r * CELL
            g = d.group(d.root, data_player=before.to_move, data_row=r, data_col=c,
                        data_segment=before.card[0], **mark)  # fmt: skip
            d.add(g, "rect", x=x + 1.5, y=y + 1.5, width=CELL - 3, height=CELL - 3, fill="none",
                  stroke=HIGHLIGHT, stroke_width=3)  # fmt: skip
            d.add(g, "path", d=segment_path(x, y, CELL, before.card[0]), fill="none",
                  stroke=HIGHLIGHT, stroke_width=7, stroke_linecap="round", stroke_opacity=0.9)  # fmt: skip
        elif kind == "die":
            space = before.mat.die_space(action - act.DIE)
            r, c = before.mat.coords(space)
            for p, (gx, gy) in self.grids.items():
                d.add(d.root, "circle", cx=gx + (c + 0.5) * CELL, cy=gy + (r + 0.5) * CELL,
                      r=CELL / 2 - 3, fill="none", stroke=HIGHLIGHT, stroke_width=3,
                      data_player=p, data_row=r, data_col=c, **mark)  # fmt: skip
        else:
            place = {"peek": "next", "path": None}.get(kind)
            if kind == "sanctuary":
                place = f"sanctuary-{SANCTUARIES[action - act.SANCTUARY]}"
            box = self.places.get(place or "")
            if box is None:  # a path card still to come: the words say it
                return
            x, y, w, h = box
            d.add(d.root, "rect", x=x - 3, y=y - 3, width=w + 6, height=h + 6, rx=6, fill="none",
                  stroke=HIGHLIGHT, stroke_width=3, **mark)  # fmt: skip

    def finish(self) -> Drawing:
        """The drawing, its height set to what was drawn."""
        d = self.d
        d.height = self.y
        d.root.set("viewBox", f"0 0 {_num(d.width)} {_num(self.y)}")
        d.root.find("rect").set("height", _num(self.y))  # the background
        return d

    def legend(self) -> None:
        for line in textwrap.wrap(LEGEND, self.chars):
            self.d.text(self.d.root, MARGIN, self.y + 10, line, 11, text_anchor="start", fill=MUTED)
            self.y += LINE - 2
        self.y += MARGIN


def _mark(step: int, kind: str) -> dict[str, Any]:
    """The attributes of every overlay element of a step."""
    return {"class_": "highlight", "data_step": step, "data_kind": kind, "pointer_events": "none"}


def draw(state: Any, observer: int | None, steps: list[tuple[Any, int]]) -> Drawing:
    """The picture of a reference state (``rules.KokoroState``) as ``observer`` sees it, with the
    ``(state before, action)`` steps of a suggested sequence drawn over it."""
    picture = _Picture(state, observer)
    picture.header()
    picture.shared()
    picture.words(steps)
    picture.mats()
    picture.legend()
    picture.marks(steps)
    return picture.finish()
