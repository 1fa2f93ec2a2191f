"""The SVG picture of a Go Goa position: the map of Goa with the players, and each player's sheet.

``draw(state, observer, steps)`` returns a ``solver.core.svg.Drawing`` (``solver.render.svg`` is the
public entry point). The map is on the left, the day, the dice and the decks on the right above
one sheet per player, the turn's suggestion (``steps``) in words at the bottom::

    >>> from solver.games.gogoa.pack import load_pack
    >>> from solver.games.gogoa.rules import GoGoaState
    >>> picture = draw(GoGoaState.new(load_pack(), players=2), None, []).to_svg()
    >>> picture.count('class="hex"'), picture.count('class="pawn"'), picture.count('class="sheet"')
    (117, 2, 2)

**The contract** (what the web page and the tests read). Each piece is one element with a
``class`` naming it and ``data-*`` attributes saying where it is; ``data-target`` marks what a
setup tool can be used on (``solver.games.gogoa.setup``). Decorations ignore the mouse.

==================  ============================================================================
class               data-* attributes and meaning
==================  ============================================================================
``hex``             a hex inside Goa: ``target="hex"``, ``hex`` (its label, ``"F7"``), ``col``,
                    ``row`` (0-based), ``type`` (a destination's type) or ``start="1"``
``outside``         a hex of the grid outside Goa: ``hex``
``border``          the border of Goa (one path)
``label``           a hex's label: ``hex``
``destination``     a destination: ``hex``, ``name``, ``type`` (beach, waterfall, fort, historical,
                    religious); ``guide-beach`` (``hex``, ``guide`` 0-2), ``bonus`` (``hex``:
                    Dudhsagar's 20 points) and ``start`` (``hex``: Start Here) mark the others
``visited``         a souvenir on the map: ``player``, ``hex``
``pawn``            a player on the map: ``player``, ``hex``
``day``             a box of the trip days row: ``target="day"``, ``day`` (1-12), ``crossed``
``die``             a die showing: ``target="die"``, ``die`` (0-2, ascending), ``value``,
                    ``reserved`` (1 or 0)
``starter``         the starting player of the day: ``player``
``deck``            a deck of tour plans: ``deck`` ("40" or "20/30"), ``count``
``sheet``           a player's sheet: ``target="sheet"``, ``player``, ``to-move`` (1 or 0)
``souvenir``        a filled circle of a sheet's destination rows: ``player``, ``type``, ``slot``
``guide``           a Local Guide of a sheet: ``target="guide"``, ``player``, ``guide`` (0-2, the
                    pack's order), ``name``, ``status`` (locked, unlocked, used)
``plan``            a tour plan card seen: ``player``, ``card`` (its id), ``points``, ``role``
                    (kept, discarded, hand), ``complete`` (kept and its three places visited);
                    ``target="plan"`` in a hand (the plans to keep are chosen there)
``plan-back``       a card the observer cannot see: ``player``, ``role`` (discarded, hand);
                    ``target="plan"`` in a hand
``score``           a sheet's score so far: ``player``, ``score``
``highlight``       the suggested turn, drawn over the rest: ``step`` (the action's index in the
                    sequence) and ``kind``: ``move`` (the route, an arrow through the hexes:
                    ``from``, ``to``, ``guides`` spent), ``route-step`` (the ``n``-th step's
                    ``hex``), ``end`` (its last hex), ``stay`` (the
                    hex kept), ``reserve`` (the die), ``keep`` (each plan kept), ``note`` (a
                    line of the turn in words: ``action`` is the action's kind; chance steps,
                    deal and roll, are only noted) and ``notes`` (the box of the words)
==================  ============================================================================

``observer``: the other players' hands and discarded cards are drawn as backs, as
``state.to_json(observer)`` shows their number only; ``None`` shows every card.
"""

from __future__ import annotations

import math
import textwrap
import xml.etree.ElementTree as ET
from typing import Any

from solver.core.svg import HIGHLIGHT, PLAYER_COLOURS, Drawing
from solver.games.gogoa import actions as act
from solver.games.gogoa import hexgrid as hx
from solver.games.gogoa import rules as R
from solver.games.gogoa import scoring
from solver.games.gogoa.pack import DECKS, START_NAME, TYPE_TITLES, TYPES
from solver.games.gogoa.words import describe, plan_words

HEX = 28.0
ROOT3 = math.sqrt(3)
MAP_X, MAP_Y = 34.0, 76.0
MAP_W = HEX * (1.5 * (hx.WIDTH - 1) + 2)
MAP_H = HEX * ROOT3 * (hx.HEIGHT + 0.5)
PANEL_X = MAP_X + MAP_W + 26
PANEL_W = 440.0
WIDTH = PANEL_X + PANEL_W + 18
STATUS_H = 112.0
SHEET_H = 156.0
LEGEND_H = 50.0
CARD_W = 114.0
NOTE_LINE = 14.0

INK = "#2b2622"
MUTED = "#8a8270"
LAND = "#eef1dc"
OUTSIDE = "#dde8ee"
TYPE_COLOURS = ("#d49a00", "#2f7fc4", "#7d6147", "#c0502a", "#8a4fc0")
"""Beach, waterfall, fort, historical site, religious site: strong colours (icons, circles)."""
TYPE_TINTS = ("#fbeab4", "#d5e7f6", "#e9dccd", "#f5d8cb", "#e8dcf4")
"""The same types as the fill of their hexes."""
PLAN_COLOURS = {20: "#5d9c55", 30: "#4a7fcf", 40: "#c99a16"}
BACK = "#6b4f9e"
DONE = "#2e8b3a"
PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
VISIT_SLOTS = (-10.0, 10.0, -15.5, 15.5, -21.0, 21.0)
"""Where each seat's souvenir dot sits beside a destination's icon (x offsets)."""

Box = tuple[float, float, float, float]


def draw(state: R.GoGoaState, observer: int | None, steps: list[tuple[Any, int]]) -> Drawing:
    """The picture of ``state`` as ``observer`` sees it (``None``: everything), with the actions
    of ``steps`` (``(state before, action)``, played in order) drawn over it."""
    panel_bottom = MAP_Y + STATUS_H + SHEET_H * state.players + LEGEND_H
    body = max(MAP_Y + MAP_H + 14, panel_bottom)
    notes = _notes(steps)
    height = body + (len(notes) * NOTE_LINE + 22 if notes else 0)
    title = f"Go Goa, {state.players} player{'s' if state.players > 1 else ''}"
    d = Drawing(WIDTH, height, title=title)
    boxes: dict[tuple, Box] = {}
    _header(d, state, title)
    _map(d, state)
    _pieces(d, state)
    _status(d, state, boxes)
    for p in range(state.players):
        _sheet(d, state, p, observer, MAP_Y + STATUS_H + SHEET_H * p, boxes)
    _legend(d, state, panel_bottom - LEGEND_H + 8)
    _highlight(d, state, steps, boxes, notes, body)
    return d


def centre(hex_: int) -> tuple[float, float]:
    """The centre of a hex on the picture."""
    x, y = hx.centre(hex_)
    return MAP_X + HEX * (1 + x), MAP_Y + HEX * (ROOT3 / 2 + y)


def _corners(x: float, y: float, r: float) -> list[tuple[float, float]]:
    """A flat-top hexagon's corners, clockwise from the right."""
    angles = [k * math.pi / 3 for k in range(6)]
    return [(x + r * math.cos(a), y + r * math.sin(a)) for a in angles]


def _ink(colour: str) -> str:
    """Black or white, whichever reads on ``colour``."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def _quiet(d: Drawing, parent: ET.Element, **attrs: Any) -> ET.Element:
    """A group of decorations the mouse goes through (clicks reach the targets beneath)."""
    return d.group(parent, pointer_events="none", **attrs)


# -- the header ------------------------------------------------------------------------------------


def turn_words(state: R.GoGoaState) -> str:
    """Where the game stands, e.g. ``day 3 of 12: player 1 draws a route``."""
    if state.phase == R.DEAL:
        player, deck = state.dealing()
        return f"setup: a tour plan is dealt from the {DECKS[deck]} deck to player {player}"
    if state.phase == R.KEEP:
        return f"setup: player {state.to_move} keeps 2 of 4 tour plans"
    if state.phase == R.OVER:
        if state.solo:
            return f"the trip is over: {state.scores()[0]} points, \u201c{state.title()}\u201d"
        if len(state.winners) == 1:
            return f"the trip is over: player {state.winners[0]} wins"
        return f"the trip is over: players {', '.join(map(str, state.winners))} share the victory"
    day = f"day {state.day} of {R.DAYS}"
    if state.phase == R.ROLL:
        return f"{day}: player {state.starter} rolls the dice"
    if state.phase == R.RESERVE:
        return f"{day}: player {state.starter} reserves a die for their direction"
    return f"{day}: player {state.to_move} draws a route"


def _header(d: Drawing, state: R.GoGoaState, title: str) -> None:
    g = d.group(d.root, class_="header")
    d.text(g, 18, 28, f"{title} \u2014 {turn_words(state)}", 17, text_anchor="start",
           font_weight="bold", fill=INK)  # fmt: skip
    scores = "   ".join(f"player {p}: {s}" for p, s in enumerate(state.scores()))
    so_far = "" if state.phase == R.OVER else " so far"
    d.text(g, 18, 48, f"map {state.pack.name!r}  \u00b7  scores{so_far} \u2014 {scores}", 11,
           text_anchor="start", fill=MUTED)  # fmt: skip


# -- the map ---------------------------------------------------------------------------------------


def _map(d: Drawing, state: R.GoGoaState) -> None:
    pack = state.pack
    hexes = d.group(d.root, class_="map")
    for h in range(hx.CELLS):
        x, y = centre(h)
        col, row = hx.col_row(h)
        if h not in pack.land:
            d.polygon(hexes, _corners(x, y, HEX), class_="outside", data_hex=hx.label(h),
                      fill=OUTSIDE, stroke="#cddbe4", stroke_width=0.8)  # fmt: skip
            continue
        place = pack.destination(h)
        fill = TYPE_TINTS[place.kind] if place else "#fde7d6" if h == pack.start else LAND
        d.polygon(hexes, _corners(x, y, HEX), class_="hex", data_target="hex",
                  data_hex=hx.label(h), data_col=col, data_row=row,
                  data_type=TYPES[place.kind] if place else None,
                  data_start=1 if h == pack.start else None,
                  fill=fill, stroke="#b8b196", stroke_width=0.8)  # fmt: skip
    _border(d, state)
    marks = _quiet(d, d.root, class_="map-marks")
    for c in range(hx.WIDTH):
        d.text(marks, centre(c)[0], MAP_Y - 6, hx.LETTERS[c], 10, fill=MUTED)
    for r in range(hx.HEIGHT):
        d.text(marks, MAP_X - 12, centre(hx.at(0, r))[1] + 4, str(r + 1), 10, fill=MUTED)
    for h in sorted(pack.land):
        _hex_marks(d, marks, state, h)


def _border(d: Drawing, state: R.GoGoaState) -> None:
    """The border of Goa: every side of a land hex that faces a hex outside it."""
    land = state.pack.land
    segments = []
    for h in sorted(land):
        corners = _corners(*centre(h), HEX)
        for direction in hx.DIRECTIONS:
            if hx.neighbour(h, direction) not in land:
                (x1, y1), (x2, y2) = corners[(direction + 3) % 6], corners[(direction + 4) % 6]
                segments.append(f"M{x1:.1f} {y1:.1f}L{x2:.1f} {y2:.1f}")
    d.add(d.root, "path", d="".join(segments), class_="border", fill="none", stroke="#5b4a3a",
          stroke_width=2.4, stroke_linecap="round", pointer_events="none")  # fmt: skip


def _hex_marks(d: Drawing, parent: ET.Element, state: R.GoGoaState, h: int) -> None:
    """A land hex's label and what stands on it: a destination, Start Here."""
    pack = state.pack
    x, y = centre(h)
    place = pack.destination(h)
    if place is None and h != pack.start:
        d.text(parent, x, y + 3, hx.label(h), 8, class_="label", data_hex=hx.label(h), fill=MUTED)
        return
    d.text(parent, x, y - 14, hx.label(h), 6.5, class_="label", data_hex=hx.label(h), fill=MUTED)
    if place is None:
        d.polygon(parent, _star(x, y - 4, 8, 3.4), class_="start", data_hex=hx.label(h),
                  fill="#e4572e", stroke="#8c2b12", stroke_width=0.8)  # fmt: skip
        _name(d, parent, x, y + 9, START_NAME, INK)
        return
    g = d.group(parent, class_="destination", data_hex=hx.label(h), data_name=place.name,
                data_type=TYPES[place.kind])  # fmt: skip
    d.add(g, "title").text = f"{place.name} ({TYPES[place.kind]}, {hx.label(h)})"
    d.add(g, "circle", cx=x, cy=y - 4, r=7.2, fill="#ffffff", stroke=TYPE_COLOURS[place.kind],
          stroke_width=1)  # fmt: skip
    icon(d, g, place.kind, x, y - 4, 4.6)
    _name(d, g, x, y + 9, place.name, INK)
    if h in pack.guides:
        b = d.group(g, class_="guide-beach", data_hex=hx.label(h), data_guide=pack.guides.index(h))
        d.add(b, "circle", cx=x + 13, cy=y - 14, r=5.5, fill="#ffffff", stroke="#2e8b3a",
              stroke_width=1, stroke_dasharray="1.6 1.2")  # fmt: skip
        d.text(b, x + 13, y - 11.6, "G", 6.5, font_weight="bold", fill="#2e8b3a")
    if h == pack.bonus:
        b = d.group(g, class_="bonus", data_hex=hx.label(h))
        d.add(b, "rect", x=x + 6, y=y - 19, width=16, height=9, rx=2, fill="#2e8b3a")
        d.text(b, x + 14, y - 12.5, "+20", 6.5, font_weight="bold", fill="#ffffff")


def _name(d: Drawing, parent: ET.Element, x: float, y: float, name: str, colour: str) -> None:
    """A place's name on its hex, on up to two lines."""
    lines = textwrap.wrap(name, 13, break_long_words=False) or [name]
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    for i, line in enumerate(lines):
        d.text(parent, x, y + 7 * i, line, 6.2 if len(line) <= 13 else 5.4, fill=colour)


def _star(x: float, y: float, outer: float, inner: float) -> list[tuple[float, float]]:
    points = []
    for k in range(10):
        r = outer if k % 2 == 0 else inner
        a = -math.pi / 2 + k * math.pi / 5
        points.append((x + r * math.cos(a), y + r * math.sin(a)))
    return points


def icon(d: Drawing, parent: ET.Element, kind: int, x: float, y: float, s: float) -> ET.Element:
    """The icon of a destination type (an index into ``TYPES``), ``s`` its half size."""
    colour = TYPE_COLOURS[kind]
    g = d.group(parent, class_="icon", data_type=TYPES[kind])

    def at(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x + s * px, y + s * py) for px, py in points]

    line = {"stroke": colour, "stroke_width": max(0.8, s / 4), "stroke_linecap": "round"}
    if TYPES[kind] == "beach":  # a parasol over the waves
        d.polygon(g, at([(-1, -0.2), (-0.5, -0.8), (0.2, -1), (0.9, -0.6), (1, -0.2)]), fill=colour)
        d.polyline(g, at([(0, -0.9), (0.1, 0.5)]), **line)
        d.polyline(g, at([(-1, 0.85), (-0.5, 0.55), (0, 0.85), (0.5, 0.55), (1, 0.85)]), **line)
    elif TYPES[kind] == "waterfall":  # a ledge and falling water
        d.polyline(g, at([(-1, -0.85), (1, -0.85)]), **line)
        for px, low in ((-0.55, 0.5), (0, 0.95), (0.55, 0.6)):
            d.polyline(g, at([(px, -0.6), (px, low)]), **line)
    elif TYPES[kind] == "fort":  # battlements
        d.polygon(g, at([(-0.9, 1), (-0.9, -0.95), (-0.5, -0.95), (-0.5, -0.55), (-0.2, -0.55),
                         (-0.2, -0.95), (0.2, -0.95), (0.2, -0.55), (0.5, -0.55), (0.5, -0.95),
                         (0.9, -0.95), (0.9, 1)]), fill=colour)  # fmt: skip
    elif TYPES[kind] == "historical":  # a portico
        d.polygon(g, at([(-1, -0.45), (0, -1), (1, -0.45)]), fill=colour)
        d.polygon(g, at([(-1, 0.8), (1, 0.8), (1, 1), (-1, 1)]), fill=colour)
        for px in (-0.65, 0, 0.65):
            d.polygon(g, at([(px - 0.14, -0.35), (px + 0.14, -0.35), (px + 0.14, 0.75),
                             (px - 0.14, 0.75)]), fill=colour)  # fmt: skip
    else:  # a dome with a spire
        left, right, top, foot = x - 0.8 * s, x + 0.8 * s, y + 0.1 * s, y + s
        arc = f"A{0.8 * s:.2f} {0.75 * s:.2f} 0 0 1 {right:.2f} {top:.2f}"
        d.add(g, "path", fill=colour,
              d=f"M{left:.2f} {foot:.2f}L{left:.2f} {top:.2f}{arc}L{right:.2f} {foot:.2f}Z")
        d.polyline(g, at([(0, -0.6), (0, -1.05)]), **line)
    return g


def _pieces(d: Drawing, state: R.GoGoaState) -> None:
    """The souvenirs (a dot per player beside the destination's icon) and the pawns."""
    layer = _quiet(d, d.root, class_="pieces")
    for p, sheet in enumerate(state.sheets):
        colour = PLAYER_COLOURS[p]
        for h in sorted(sheet.visited):
            x, y = centre(h)
            d.add(layer, "circle", cx=x + VISIT_SLOTS[p], cy=y - 4, r=2.7, fill=colour,
                  stroke="#ffffff", stroke_width=0.7, class_="visited", data_player=p,
                  data_hex=hx.label(h))  # fmt: skip
    by_hex: dict[int, list[int]] = {}
    for p, sheet in enumerate(state.sheets):
        by_hex.setdefault(sheet.position, []).append(p)
    for h, seats in by_hex.items():
        x, y = centre(h)
        radius = 7.5 if len(seats) == 1 else 6.2
        for i, p in enumerate(seats):
            per_row = min(len(seats), 3)
            dx = (i % 3 - (per_row - 1) / 2) * 12.5
            dy = (i // 3) * 12.5 - (6.5 if len(seats) > 3 else 0)
            _pawn(d, layer, p, h, x + dx, y + dy, radius)


def _pawn(d: Drawing, parent: ET.Element, p: int, h: int, x: float, y: float, r: float) -> None:
    colour = PLAYER_COLOURS[p]
    g = d.group(parent, class_="pawn", data_player=p, data_hex=hx.label(h))
    d.add(g, "circle", cx=x, cy=y, r=r, fill=colour, stroke=INK, stroke_width=1.2)
    d.text(g, x, y + r * 0.45, str(p), r * 1.3, font_weight="bold", fill=_ink(colour))


# -- the day, the dice, the decks ------------------------------------------------------------------


def _status(d: Drawing, state: R.GoGoaState, boxes: dict[tuple, Box]) -> None:
    x0, y0 = PANEL_X, MAP_Y - 6
    g = d.group(d.root, class_="status")
    d.add(g, "rect", x=x0, y=y0, width=PANEL_W, height=STATUS_H - 10, rx=6, fill="#ffffff",
          stroke="#d8d0bc", pointer_events="none")  # fmt: skip
    d.text(g, x0 + 10, y0 + 22, "Trip days", 11, text_anchor="start", font_weight="bold", fill=INK)
    for day in range(1, R.DAYS + 1):
        x, y = x0 + 78 + (day - 1) * 29, y0 + 8
        crossed = day <= state.day
        d.add(g, "rect", x=x, y=y, width=25, height=20, rx=3, class_="day", data_target="day",
              data_day=day, data_crossed=int(crossed),
              fill="#f4efe2" if crossed else "#ffffff",
              stroke=INK if day == state.day else "#b8b196",
              stroke_width=2 if day == state.day else 1)  # fmt: skip
        marks = _quiet(d, g)
        d.text(marks, x + 12.5, y + 14, str(day), 10, fill=MUTED if crossed else INK)
        if crossed:
            d.polyline(marks, [(x + 4, y + 3), (x + 21, y + 17)], stroke=INK, stroke_width=1.2)
            d.polyline(marks, [(x + 21, y + 3), (x + 4, y + 17)], stroke=INK, stroke_width=1.2)
    d.text(g, x0 + 10, y0 + 58, "Dice", 11, text_anchor="start", font_weight="bold", fill=INK)
    if state.dice is None:
        d.text(g, x0 + 78, y0 + 58, "not rolled", 10, text_anchor="start", fill=MUTED)
    else:
        reserved = state.dice.index(state.reserved) if state.reserved is not None else None
        for i, value in enumerate(state.dice):
            x, y = x0 + 78 + i * 40, y0 + 38
            boxes[("die", i)] = (x, y, 30, 30)
            _die(d, g, i, value, i == reserved, x, y)
    starter = state.starter
    s = d.group(g, class_="starter", data_player=starter)
    d.text(s, x0 + 210, y0 + 50, "Starting player", 10, text_anchor="start", fill=MUTED)
    d.add(s, "circle", cx=x0 + 222, cy=y0 + 62, r=7, fill=PLAYER_COLOURS[starter], stroke=INK)
    d.text(s, x0 + 222, y0 + 65.5, str(starter), 9, font_weight="bold",
           fill=_ink(PLAYER_COLOURS[starter]))  # fmt: skip
    d.text(s, x0 + 234, y0 + 66, f"player {starter}", 10, text_anchor="start", fill=INK)
    for k, title in enumerate(DECKS):
        count = len(state.decks[k])
        x, y = x0 + 318 + k * 58, y0 + 38
        deck = d.group(g, class_="deck", data_deck=title, data_count=count)
        for j in (2, 1, 0):
            d.add(deck, "rect", x=x + 2 * j, y=y - 2 * j, width=26, height=34, rx=3, fill=BACK,
                  stroke="#ffffff", stroke_width=0.8)  # fmt: skip
        d.text(deck, x + 13, y + 15, title, 8 if len(title) < 3 else 6.5, fill="#ffffff",
               font_weight="bold")  # fmt: skip
        d.text(deck, x + 13, y + 27, str(count), 9, fill="#ffffff")
    d.text(g, x0 + 376, y0 + 96, "tour plan decks (cards left)", 8, fill=MUTED)


def _die(d: Drawing, parent: ET.Element, i: int, value: int, reserved: bool, x: float,
         y: float) -> None:  # fmt: skip
    g = d.group(parent, class_="die", data_target="die", data_die=i, data_value=value,
                data_reserved=int(reserved))  # fmt: skip
    d.add(g, "rect", x=x, y=y, width=30, height=30, rx=5, fill="#ffffff",
          stroke="#c0392b" if reserved else INK, stroke_width=2.5 if reserved else 1.2)  # fmt: skip
    for px, py in PIPS[value]:
        d.add(g, "circle", cx=x + 15 + 8 * px, cy=y + 15 + 8 * py, r=2.6, fill=INK)
    if reserved:
        d.text(g, x + 15, y + 41, "reserved", 8, fill="#c0392b", font_weight="bold")


# -- the sheets ------------------------------------------------------------------------------------


def _sheet(d: Drawing, state: R.GoGoaState, p: int, observer: int | None, y0: float,
           boxes: dict[tuple, Box]) -> None:  # fmt: skip
    pack, sheet = state.pack, state.sheets[p]
    colour = PLAYER_COLOURS[p]
    deciding = state.phase in (R.KEEP, R.RESERVE, R.MOVE) and state.to_move == p
    x0, h = PANEL_X, SHEET_H - 10
    g = d.group(d.root, class_="sheet", data_player=p, data_to_move=int(deciding))
    d.add(g, "rect", x=x0, y=y0, width=PANEL_W, height=h, rx=6, fill="#ffffff", stroke=colour,
          stroke_width=3 if deciding else 1.2, data_target="sheet", data_player=p)  # fmt: skip
    deco = _quiet(d, g)
    d.add(deco, "rect", x=x0, y=y0, width=PANEL_W, height=20, rx=6, fill=colour)
    ink = _ink(colour)
    where = "Start Here" if sheet.position == pack.start else pack.name_of(sheet.position)
    notes = [f"Player {p}", f"at {where}"]
    if state.phase != R.DEAL and state.phase != R.KEEP and p == state.starter:
        notes.append("starting player")
    if deciding:
        notes.append("to decide")
    d.text(deco, x0 + 10, y0 + 14.5, " \u00b7 ".join(notes), 11, text_anchor="start",
           font_weight="bold", fill=ink)  # fmt: skip
    total = state.scores()[p]
    d.text(deco, x0 + PANEL_W - 10, y0 + 14.5, f"score {total}", 11, text_anchor="end",
           font_weight="bold", fill=ink, class_="score", data_player=p,
           data_score=total)  # fmt: skip
    _souvenirs(d, deco, state, p, x0 + 10, y0 + 30)
    _guides(d, g, state, p, x0 + 196, y0 + 26)
    hidden = observer is not None and observer != p
    _cards(d, deco, state, p, hidden, x0 + 196, y0 + 50, boxes)
    parts = scoring.score_parts(pack, sheet.visited, sheet.kept)
    words = (f"souvenirs {parts['souvenirs']} \u00b7 {pack.name_of(pack.bonus)} {parts['bonus']}"
             f" \u00b7 plans {parts['plans']} \u00b7 sets {parts['sets']} \u00b7 same type "
             f"{parts['same_type']}")  # fmt: skip
    d.text(deco, x0 + 10, y0 + h - 7, words, 8.5, text_anchor="start", fill=MUTED)


def _souvenirs(d: Drawing, parent: ET.Element, state: R.GoGoaState, p: int, x: float,
               y: float) -> None:  # fmt: skip
    """The sheet's five rows of circles, one per destination type (3 and 6 score extra)."""
    pack, sheet = state.pack, state.sheets[p]
    counts = scoring.type_counts(pack, sheet.visited)
    for kind, title in enumerate(TYPE_TITLES):
        row = d.group(parent)
        names = [pack.name_of(h) for h in sorted(sheet.visited) if pack.destination(h).kind == kind]
        d.add(row, "title").text = f"{title}: {', '.join(names) or 'none yet'}"
        ry = y + 17 * kind
        icon(d, row, kind, x + 6, ry + 5, 5)
        d.text(row, x + 16, ry + 8.5, title, 8.5, text_anchor="start", fill=INK)
        for slot in range(6):
            cx = x + 102 + slot * 12 + (4 if slot >= 3 else 0)
            filled = slot < counts[kind]
            d.add(row, "circle", cx=cx, cy=ry + 5, r=4.6,
                  fill=TYPE_COLOURS[kind] if filled else "#ffffff",
                  stroke=TYPE_COLOURS[kind], stroke_width=1,
                  class_="souvenir" if filled else None,
                  data_player=p if filled else None, data_type=TYPES[kind] if filled else None,
                  data_slot=slot if filled else None)  # fmt: skip
        if counts[kind] > 6:
            d.text(row, x + 180, ry + 8.5, f"+{counts[kind] - 6}", 8, fill=TYPE_COLOURS[kind])


def _guides(d: Drawing, parent: ET.Element, state: R.GoGoaState, p: int, x: float,
            y: float) -> None:  # fmt: skip
    """The three Local Guides: a dotted circle (locked), joined (unlocked), crossed out (used)."""
    pack = state.pack
    d.text(parent, x, y + 8, "Guides", 8.5, text_anchor="start", fill=MUTED, pointer_events="none")
    for g, beach in enumerate(pack.guides):
        status = state.guide_status(p, g)
        gx = x + 40 + g * 68
        name = pack.name_of(beach)
        d.add(parent, "rect", x=gx - 8, y=y - 3, width=66, height=16, rx=3, fill="transparent",
              class_="guide", data_target="guide", data_player=p, data_guide=g, data_name=name,
              data_status=status)  # fmt: skip
        deco = _quiet(d, parent)
        d.add(deco, "title").text = f"Local Guide of {name}: {status}"
        d.add(deco, "circle", cx=gx, cy=y + 5, r=5.5,
              fill="#d7f0d2" if status == R.UNLOCKED else "#e4e0d8" if status == R.USED else "none",
              stroke="#2e8b3a" if status == R.UNLOCKED else MUTED, stroke_width=1.2,
              stroke_dasharray="1.5 1.5" if status == R.LOCKED else None)  # fmt: skip
        if status == R.USED:
            d.polyline(deco, [(gx - 6, y - 1), (gx + 6, y + 11)], stroke="#c0392b",
                       stroke_width=1.5)  # fmt: skip
        d.text(deco, gx + 8, y + 8.5, name[:9], 7.5, text_anchor="start",
               fill=INK if status != R.LOCKED else MUTED)  # fmt: skip


def _cards(d: Drawing, parent: ET.Element, state: R.GoGoaState, p: int, hidden: bool, x: float,
           y: float, boxes: dict[tuple, Box]) -> None:  # fmt: skip
    """The tour plans: the two kept and the two put back, or the hand being chosen from."""
    sheet = state.sheets[p]
    if sheet.kept:
        for i, card in enumerate(sheet.kept):
            _card(d, parent, state, p, card, "kept", x + i * (CARD_W + 6), y, CARD_W, 50, boxes)
        discarded = [c for c in sheet.dealt if c not in sheet.kept]
        d.text(parent, x, y + 62, "put back", 7.5, text_anchor="start", fill=MUTED)
        for i, card in enumerate(discarded):
            cx = x + 34 + i * 100
            if hidden:
                _back(d, parent, p, "discarded", cx, y + 54, 94, 11)
            else:
                _chip(d, parent, state, p, card, cx, y + 54, boxes)
        return
    if not sheet.dealt:
        d.text(parent, x, y + 20, "no tour plans dealt yet", 8.5, text_anchor="start", fill=MUTED)
        return
    for i, card in enumerate(sheet.dealt):
        cx, cy = x + (i % 2) * (CARD_W + 6), y + (i // 2) * 38
        if hidden:
            _back(d, parent, p, "hand", cx, cy, CARD_W, 34)
        else:
            _card(d, parent, state, p, card, "hand", cx, cy, CARD_W, 34, boxes)


def _card(d: Drawing, parent: ET.Element, state: R.GoGoaState, p: int, card: int, role: str,
          x: float, y: float, w: float, h: float, boxes: dict[tuple, Box]) -> None:  # fmt: skip
    """A tour plan face up: points, id and the three places, ticked once visited."""
    pack, sheet = state.pack, state.sheets[p]
    plan = pack.plans[card]
    complete = role == "kept" and all(place in sheet.visited for place in plan.places)
    colour = PLAN_COLOURS[plan.points]
    boxes[("card", p, card)] = (x, y, w, h)
    g = d.group(parent, class_="plan", data_target="plan" if role == "hand" else None,
                data_player=p, data_card=card, data_points=plan.points, data_role=role,
                data_complete=int(complete))  # fmt: skip
    d.add(g, "title").text = plan_words(pack, card)
    d.add(g, "rect", x=x, y=y, width=w, height=h, rx=4, fill="#fffaf0",
          stroke=DONE if complete else colour, stroke_width=2.2 if complete else 1.2)  # fmt: skip
    d.add(g, "rect", x=x, y=y, width=22, height=h, rx=4, fill=colour)
    d.text(g, x + 11, y + h / 2 + 1, str(plan.points), 10, font_weight="bold", fill="#ffffff")
    d.text(g, x + 11, y + h / 2 + 10, f"#{card}", 6.5, fill="#ffffff")
    line = (h - 6) / 3
    for k, place in enumerate(plan.places):
        ty = y + 3 + line * k + line / 2
        visited = place in sheet.visited
        d.add(g, "rect", x=x + 26, y=ty - 3, width=6, height=6, fill=DONE if visited else "#ffffff",
              stroke=DONE if visited else MUTED, stroke_width=0.8)  # fmt: skip
        name = pack.name_of(place)
        d.text(g, x + 35, ty + 2.5, name if len(name) <= 22 else name[:21] + "\u2026",
               7 if h > 40 else 6.6, text_anchor="start", fill=INK)  # fmt: skip


def _chip(d: Drawing, parent: ET.Element, state: R.GoGoaState, p: int, card: int, x: float,
          y: float, boxes: dict[tuple, Box]) -> None:  # fmt: skip
    """A card put back in the box, small and faded."""
    plan = state.pack.plans[card]
    boxes[("card", p, card)] = (x, y, 94, 11)
    g = d.group(parent, class_="plan", data_player=p, data_card=card, data_points=plan.points,
                data_role="discarded", data_complete=0, opacity=0.7)  # fmt: skip
    d.add(g, "title").text = plan_words(state.pack, card)
    d.add(g, "rect", x=x, y=y, width=94, height=11, rx=2, fill="#f4f1ea",
          stroke=PLAN_COLOURS[plan.points], stroke_width=0.8)  # fmt: skip
    d.text(g, x + 47, y + 8.2, f"#{card} \u00b7 {plan.points} points", 7, fill=INK)


def _back(d: Drawing, parent: ET.Element, p: int, role: str, x: float, y: float, w: float,
          h: float) -> None:  # fmt: skip
    g = d.group(parent, class_="plan-back", data_target="plan" if role == "hand" else None,
                data_player=p, data_role=role)  # fmt: skip
    d.add(g, "rect", x=x, y=y, width=w, height=h, rx=3, fill=BACK, stroke="#ffffff")
    d.text(g, x + w / 2, y + h / 2 + 3, "Go Goa tour plan", min(8.0, h - 3), fill="#ffffff")


def _legend(d: Drawing, state: R.GoGoaState, y: float) -> None:
    g = _quiet(d, d.root, class_="legend")
    x = PANEL_X
    for kind, title in enumerate(TYPE_TITLES):
        lx = x + kind * 88
        d.add(g, "circle", cx=lx + 7, cy=y + 6, r=7, fill=TYPE_TINTS[kind],
              stroke=TYPE_COLOURS[kind])  # fmt: skip
        icon(d, g, kind, lx + 7, y + 6, 4.2)
        d.text(g, lx + 18, y + 9.5, title, 8.5, text_anchor="start", fill=INK)
    d.text(g, x, y + 28, "G: a Local Guide's beach \u00b7 +20: the bonus destination \u00b7 "
           "\u2605 Start Here \u00b7 dots: souvenirs, by player", 8.5, text_anchor="start",
           fill=MUTED)  # fmt: skip
    d.text(g, x, y + 40, "thick line: the border of Goa \u00b7 blue: outside Goa", 8.5,
           text_anchor="start", fill=MUTED)


# -- the suggested turn ----------------------------------------------------------------------------


def _notes(steps: list[tuple[Any, int]]) -> list[tuple[int, str]]:
    """The suggested turn in words, wrapped: (step, line) pairs."""
    lines = []
    for i, (before, action) in enumerate(steps):
        words = f"{i + 1}. {describe(before, action)}"
        lines += [(i, line) for line in textwrap.wrap(words, 150, subsequent_indent="    ")]
    return lines


def _highlight(d: Drawing, state: R.GoGoaState, steps: list[tuple[Any, int]],
               boxes: dict[tuple, Box], notes: list[tuple[int, str]],
               y: float) -> None:  # fmt: skip
    if not steps:
        return
    layer = _quiet(d, d.root, class_="highlights")
    for i, (before, action) in enumerate(steps):
        kind = act.kind(action)
        if kind == "move":
            _route(d, layer, i, before, action)
        elif kind == "stay":
            here = before.sheets[before.to_move].position
            x, y0 = centre(here)
            d.add(layer, "circle", cx=x, cy=y0, r=HEX * 0.8, fill="none", stroke=HIGHLIGHT,
                  stroke_width=3, class_="highlight", data_step=i, data_kind="stay")  # fmt: skip
        elif kind == "reserve" and before.dice == state.dice and before.day == state.day:
            die = state.dice.index(action - act.RESERVE + 1)
            _ring(d, layer, boxes[("die", die)], i, "reserve")
        elif kind == "keep":
            hand = before.sheets[before.to_move].dealt
            for k in act.PAIRS[action - act.KEEP]:
                box = boxes.get(("card", before.to_move, hand[k]))
                if box is not None:
                    _ring(d, layer, box, i, "keep")
    d.add(layer, "rect", x=14, y=y, width=WIDTH - 28, height=len(notes) * NOTE_LINE + 12, rx=6,
          fill="#fff0f7", stroke=HIGHLIGHT, class_="highlight", data_step=0,
          data_kind="notes")  # fmt: skip
    for n, (i, line) in enumerate(notes):
        d.text(layer, 24, y + 17 + n * NOTE_LINE, line, 10.5, text_anchor="start", fill=INK,
               class_="highlight", data_step=i, data_kind="note",
               data_action=act.kind(steps[i][1]))  # fmt: skip


def _route(d: Drawing, layer: ET.Element, i: int, before: R.GoGoaState, action: int) -> None:
    """A move's route: an arrow from the mover's hex through each step to where it ends."""
    end, cost = act.decode_move(action)
    way = before.day_moves()[1][end]
    here = before.sheets[before.to_move].position
    hexes = [here]
    for heading in way.path:
        hexes.append(hx.neighbour(hexes[-1], heading))
    points = [centre(h) for h in hexes]
    x, y = points[-1]
    d.add(layer, "circle", cx=x, cy=y, r=HEX * 0.8, fill=HIGHLIGHT, fill_opacity=0.18,
          stroke=HIGHLIGHT, stroke_width=2.5, class_="highlight", data_step=i,
          data_kind="end", data_hex=hx.label(end))  # fmt: skip
    d.arrow(layer, points, width=4, class_="highlight", data_step=i, data_kind="move",
            data_from=hx.label(here), data_to=hx.label(end), data_guides=cost,
            stroke_opacity=0.85)  # fmt: skip
    seen: dict[int, int] = {}
    for n, (h, (px, py)) in enumerate(zip(hexes[1:], points[1:]), start=1):
        px += 10 * seen.get(h, 0) - 9  # a hex the route passes again gets its number beside
        seen[h] = seen.get(h, 0) + 1
        g = d.group(layer, class_="highlight", data_step=i, data_kind="route-step",
                    data_hex=hx.label(h), data_n=n)  # fmt: skip
        d.add(g, "circle", cx=px, cy=py + 9, r=5, fill=HIGHLIGHT, stroke="#ffffff", stroke_width=1)
        d.text(g, px, py + 11.6, str(n), 7, font_weight="bold", fill="#ffffff")


def _ring(d: Drawing, layer: ET.Element, box: Box, i: int, kind: str) -> None:
    x, y, w, h = box
    d.add(layer, "rect", x=x - 3, y=y - 3, width=w + 6, height=h + 6, rx=5, fill="none",
          stroke=HIGHLIGHT, stroke_width=3, class_="highlight", data_step=i,
          data_kind=kind)  # fmt: skip
