"""The SVG picture of a GODŌ position: the temple grounds, the Path Journals, hands and supply.

``draw(state, observer, steps)`` returns a ``Drawing`` of a reference state (``solver.render.svg``
calls it for any backend). The grounds are on the left as on the table (north up, ``UNIT`` pixels
a lattice unit, the lattice coordinates along the edges), the journals and common components on
the right, a status header on top and the highlighted turn in words at the bottom. Each piece is an
element whose ``class`` names it and whose ``data-*`` say where it is (the contract the web page
and the tests use):

=================  ===============================================================================
class              data-* and meaning
=================  ===============================================================================
``tile``           ``tile x y rotation`` (degrees), ``target="tile"``: a group per placed tile; its
                   face (``tile-face``) repeats them, the rest of it ignores the pointer
``leg``            ``tile colour``: the coloured path along a leg of a tile
``lotus``          ``tile colour x y``: a virtue symbol at the tile's corner on intersection x y
``gate``           ``tile colour x y``: a Sacred Gate; ``shrine``, ``lantern`` (``tile x y``): a
                   Fox Shrine, a Stone Lantern
``monk``           ``player x y``: a monk on an intersection
``enso``           ``x y``: an Ensō token on an intersection
``square``         ``x y``, ``target="square"``: a square with room for a tile (transparent, under
                   the tiles)
``point``          ``x y``, ``target="point"``: an intersection (transparent, over the pieces)
``last-path``      ``x1 y1 x2 y2 gate``: the path travelled last this turn (not again at once);
``pending``        the same for the move being made while a Sacred Specialty resolves
``enso-from``      ``x y``: the Ensō token a Move-Ensō is moving
``journal``        ``player``: a player's Path Journal, title, tracks and hand (group)
``space``          ``player colour step``, ``target="journal"``: a journal space, step 0 to 5, or
                   ``mastered`` for the cell right of the track; in it ``symbol`` (``colour``) and
                   in the variant ``icon`` (``icon``)
``track-token``    ``player colour step``: the Ensō token of a track
``mastered``       ``player colour``: a track whose token has left the journal
``score``          ``player``: the journal's score
``hand``           ``player``, ``target="hand"``: a player's hand (the row behind its tiles)
``hand-tile``      ``player tile``: a tile face in a hand (its face has ``target="hand"``)
``tile-back``      ``player``, ``target="hand"``: a tile the observer may not see
``virtue``         ``colour place`` (``supply`` or ``collected``), ``target="virtue"``: a virtue
                   token
``pool``           ``colour``: a virtue still to spend (initiation symbols, tokens being shared)
``pile``           ``count``: the tiles left to draw; ``removed-tile`` (``tile``): out of the game
``stock``          ``count``: the solo Ensō stock, one ``stock-token`` per token
``status``         the header lines
``highlight``      ``step``: every element of the highlighted turn (``steps[step]``), drawn over the
                   position in ``HIGHLIGHT``, ignoring the pointer
=================  ===============================================================================

``observer`` shows what ``state.to_json(observer)`` reveals: the other players' tiles as backs.

    >>> from solver.games.godo.pack import load_pack
    >>> from solver.games.godo.rules import GodoState
    >>> picture = draw(GodoState.new(load_pack(), players=2), None, []).to_svg()
    >>> picture.count('class="journal"'), picture.count('class="space"')
    (2, 70)
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any

from solver.core.svg import HIGHLIGHT, PLAYER_COLOURS, VIRTUE_COLOURS, Drawing
from solver.games.godo import actions as act
from solver.games.godo import geometry as geo
from solver.games.godo import rules as R
from solver.games.godo.game import INFO
from solver.games.godo.pack import (
    COLOURS,
    GATE,
    LANTERN,
    MASTERY_SPACE,
    NUM_COLOURS,
    SHRINE,
    TRACK_LENGTH,
    Marker,
)
from solver.games.godo.rules import GodoState

XY = tuple[float, float]

UNIT = 72
"""Pixels per lattice unit on the grounds."""

_INK, _SOFT_INK, _LINE = "#3b3224", "#6b6152", "#1d1a16"
_FACE, _FACE_EDGE, _BACK = "#ece5d2", "#9c8f70", "#6b4f2a"
_FOX, _STONE, _LIGHT, _GOLD = "#e07b24", "#5d5d66", "#ffd54a", "#c9a227"
_MARGIN, _HEADER, _PANEL = 24, 76, 400
_CELL_W, _CELL_H, _LABEL_W = 34, 26, 62
_HAND_U = 54
_BLOCK = 24 + NUM_COLOURS * _CELL_H + 8 + _HAND_U + 22  # one player's journal and hand
_OFF = {"pointer_events": "none"}
_LEGEND = ((GATE, 4, "Sacred Gate (its colour)"), (SHRINE, None, "Fox Shrine"), (LANTERN, None, "Stone Lantern"))
_LEGEND_STEP = 180  # the width of one legend entry

# Small shapes, in pixels around their centre (scaled with the tile).
_GATE_LINES = (
    ((-4.5, 5), (-4.5, -3), 2),
    ((4.5, 5), (4.5, -3), 2),
    ((-7, -4.5), (7, -4.5), 2.4),
    ((-5, -1), (5, -1), 1.4),
)
_FOX_HEAD = ((-6, -5), (-3, -2), (3, -2), (6, -5), (5, 1), (0, 6), (-5, 1))
_LANTERN_ROOF = ((-5.5, -4), (0, -7.5), (5.5, -4))
_LANTERN_BODY = ((-3.5, -4), (3.5, -4), (3.5, 3), (2, 3), (2, 6), (-2, 6), (-2, 3), (-3.5, 3))
_MONK_BODY = ((-8, 9), (8, 9), (3.5, -4), (-3.5, -4))

# What the player to move decides, by phase (``_status`` adds the details).
_PHASE_WORDS = {
    R.PLACE: "place a tile",
    R.MONK: "put the monk on an intersection",
    R.MOVE: "move the monk",
    R.NUDGE: "no move is possible: move one Ensō token one step right",
    R.FOX: "Fox Shrine: exchange a collected virtue token",
    R.PUSH: "Move-Monk: move another monk",
    R.RELOCATE: "Relocate-Tile: move a tile",
    R.ENSO_FROM: "Move-Ensō: choose an Ensō token",
    R.ENSO_TO: "Move-Ensō: choose where it goes",
    R.STOCK: "place a stock Ensō token",
}
_POOL_WORDS = {
    R.POOL_INITIATION: "move Ensō tokens right for the symbols where the monk entered",
    R.POOL_IMPROVE: "improvement: spend collected virtue tokens",
    R.POOL_SHARE: "sharing: use the active player's leftover virtue tokens",
}
_ICON_LETTERS = {"move_monk": "M", "relocate_tile": "T", "move_enso": "E"}
_ICON_WORDS = {"move_monk": "Move-Monk", "relocate_tile": "Relocate-Tile", "move_enso": "Move-Ensō"}
_ICON_INK = "#7a2f8f"
_MOVING = (R.MOVE, R.FOX, R.PUSH, R.RELOCATE, R.ENSO_FROM, R.ENSO_TO)


def _mid(p: XY, q: XY, t: float = 0.5) -> XY:
    return p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t


def _centre(points: list[XY]) -> XY:
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def _shape(at: XY, k: float, shape: tuple) -> list[XY]:
    """A small shape's points around ``at``, scaled by ``k``."""
    return [(at[0] + dx * k, at[1] + dy * k) for dx, dy in shape]


class _Picture:
    """One picture being drawn: its layout (where the grounds and journals are) and its pieces."""

    def __init__(self, state: GodoState, observer: int | None, steps: list) -> None:
        self.state, self.observer, self.steps = state, observer, steps
        squares = {(x, y) for x, y, _ in state.grounds.slots} or {(0, 0)}
        squares |= {act.decode_place(a)[1][:2] for _, a in steps if act.kind(a) == "place"}
        self.x0, self.x1 = min(x for x, _ in squares) - 1, max(x for x, _ in squares) + 1
        self.y0, self.y1 = min(y for _, y in squares) - 1, max(y for _, y in squares) + 1
        self.left, self.top = _MARGIN + 18, _HEADER + 16
        self.panel_x = self.left + (self.x1 - self.x0 + 1) * UNIT + _MARGIN + 8
        common = 122 + (30 if state.solo else 0)
        width = self.panel_x - self.left - _MARGIN
        entries = len(_LEGEND) + (len(_ICON_LETTERS) if state.variant else 0)
        self.legend_columns = max(1, min(entries, int(width // _LEGEND_STEP)))
        legend_rows = -(-entries // self.legend_columns)
        body = max((self.y1 - self.y0 + 1) * UNIT + 42 + 18 * legend_rows, common + state.players * _BLOCK)
        self.notes_y = self.top + body + 8
        height = self.notes_y + (22 + 18 * len(steps) if steps else 0) + 8
        title = f"{INFO.title}: {state.stage}, {state.phase}"
        self.d = Drawing(self.panel_x + _PANEL + _MARGIN, height, title=title)
        self.journal_at: dict[int, XY] = {}
        self.collected_at: XY = (0.0, 0.0)
        self.labels: dict[Any, int] = {}  # how many highlight labels a place has so far

    def xy(self, p: geo.Point) -> XY:
        """The picture coordinates of lattice point ``p`` (north is up)."""
        return self.left + (p[0] - self.x0) * UNIT, self.top + (self.y1 + 1 - p[1]) * UNIT

    def cell(self, player: int, track: int, step: int) -> XY:
        """The middle of a journal space (step ``TRACK_LENGTH``: the mastered cell)."""
        x, y = self.journal_at[player]
        return x + _LABEL_W + (step + 0.5) * _CELL_W, y + 24 + (track + 0.5) * _CELL_H

    def text(self, parent: ET.Element, at: XY, content: str, size: float, **attrs: Any) -> None:
        attrs.setdefault("fill", _INK)
        attrs.setdefault("text_anchor", "start")
        self.d.text(parent, at[0], at[1], content, size, **attrs)

    def draw(self) -> Drawing:
        self.header()
        self.grounds()
        self.panel()
        for i, (before, action) in enumerate(self.steps):
            self.highlight(i, before, action)
        return self.d

    def header(self) -> None:
        s, root = self.state, self.d.root
        mode = "solo" if s.solo else f"{s.players} players"
        variant = " · Sacred Specialties" if s.variant else ""
        self.text(
            root,
            (_MARGIN, 30),
            f"{INFO.title} — {mode}{variant}",
            20,
            font_weight="bold",
            class_="status",
        )
        self.text(root, (_MARGIN, 54), _status(s), 14, class_="status")
        scores = " · ".join(f"player {p}: {score}" for p, score in enumerate(s.scores()))
        stock = f" · Ensō stock {s.stock}" if s.solo else ""
        line = f"scores {scores}{stock} · tiles on the grounds {len(s.grounds.slots)}"
        self.text(root, (_MARGIN, 72), line, 12, fill=_SOFT_INK, class_="status")

    # -- the temple grounds --------------------------------------------------------------------

    def grounds(self) -> None:
        d, s = self.d, self.state
        (bx, by), (ex, ey) = self.xy((self.x0, self.y1 + 1)), self.xy((self.x1 + 1, self.y0))
        d.add(d.root, "rect", x=bx, y=by, width=ex - bx, height=ey - by, rx=6, fill="#f2ecdd")
        squares = d.group(d.root, class_="squares")
        grid = d.group(d.root, stroke="#d9cfb8", stroke_dasharray="2 4", **_OFF)
        for px in range(self.x0, self.x1 + 2):
            x = self.xy((px, 0))[0]
            d.add(grid, "line", x1=x, y1=by, x2=x, y2=ey)
            d.text(grid, x, ey + 16, str(px), 10, fill="#9c9280", stroke="none")
        for py in range(self.y0, self.y1 + 2):
            y = self.xy((0, py))[1]
            d.add(grid, "line", x1=bx, y1=y, x2=ex, y2=y)
            self.text(
                grid, (bx - 8, y + 4), str(py), 10, text_anchor="end", fill="#9c9280", stroke="none"
            )
        for x in range(self.x0, self.x1 + 1):
            for y in range(self.y0, self.y1 + 1):
                if sum((x, y, r) in s.grounds.slots for r in range(4)) < 2:
                    sx, sy = self.xy((x, y + 1))
                    d.add(
                        squares,
                        "rect",
                        x=sx,
                        y=sy,
                        width=UNIT,
                        height=UNIT,
                        fill="#000",
                        fill_opacity=0,
                        class_="square",
                        data_target="square",
                        data_x=x,
                        data_y=y,
                    )
        tiles = d.group(d.root, class_="grounds")
        for tile, (x, y, r) in sorted(s.grounds.where.items()):
            points = geo.corner_points(x, y, r)
            data = {
                "data_target": "tile",
                "data_tile": tile,
                "data_x": x,
                "data_y": y,
                "data_rotation": geo.rotation_degrees(r),
            }
            group = d.group(tiles, class_="tile", **data)
            self.tile_face(group, tile, [self.xy(p) for p in points], UNIT, points, data)
        self.legend(ey + 40)
        self.movement()
        for p in sorted(s.enso):
            self.enso(d.root, self.xy(p), 13, class_="enso", data_x=p[0], data_y=p[1])
        for player, p in enumerate(s.monks):
            if p is not None:
                where = {"data_player": player, "data_x": p[0], "data_y": p[1]}
                self.monk(d.root, self.xy(p), player, 1.0, class_="monk", **where)
        for px, py in s.grounds.intersections():
            cx, cy = self.xy((px, py))
            d.add(
                d.root,
                "circle",
                cx=cx,
                cy=cy,
                r=11,
                fill="#000",
                fill_opacity=0,
                class_="point",
                data_target="point",
                data_x=px,
                data_y=py,
            )

    def tile_face(
        self,
        parent: ET.Element,
        tile: int,
        corners: list[XY],
        u: float,
        points: tuple | None = None,
        data: dict | None = None,
    ) -> None:
        """A tile face with its corners (right, a, b) at ``corners``, ``u`` pixels a unit;
        ``points`` are the intersections under the corners (on the grounds), ``data`` the face's
        click target."""
        d, info = self.d, self.state.pack.tiles[tile]
        centre = _centre(corners)
        inset = [_mid(centre, c, 0.93) for c in corners]
        target = {"class_": "tile-face", **(data or {})}
        d.polygon(
            parent, inset, fill=_FACE, stroke=_FACE_EDGE, stroke_width=max(0.6, u / 60), **target
        )
        deco = d.group(parent, **_OFF)
        for k, colour in zip((1, 2), info.legs):
            name = COLOURS[colour]
            d.polyline(
                deco,
                [_mid(inset[0], inset[k], -0.02), inset[k]],
                stroke=VIRTUE_COLOURS[name],
                stroke_width=u / 10,
                stroke_linecap="round",
                class_="leg",
                data_tile=tile,
                data_colour=name,
            )
        for k, corner in enumerate(info.corners):
            where = {"data_tile": tile}
            if points is not None:
                where.update(data_x=points[k][0], data_y=points[k][1])
            self.corner(deco, corners[k], centre, k == geo.RIGHT, corner, u / UNIT, where)
        label = _mid(centre, _mid(corners[1], corners[2]), 0.3)
        d.text(
            deco, label[0], label[1] + u / 30, str(tile), u / 7, fill="#8a7e63", class_="tile-id"
        )

    def corner(
        self,
        parent: ET.Element,
        at: XY,
        centre: XY,
        right: bool,
        corner: Any,
        k: float,
        where: dict,
    ) -> None:
        """A corner's marker and virtue symbols, in a line from the corner to the tile's middle."""
        d = self.d
        length = math.dist(at, centre)
        ux, uy = (centre[0] - at[0]) / length, (centre[1] - at[1]) / length
        start = UNIT * k * (0.16 if right else 0.23)
        items = ([corner.marker] if corner.marker is not None else []) + list(corner.lotuses)
        gap = min(9 * k, (length * 0.85 - start) / max(1, len(items) - 1))
        for i, item in enumerate(items):
            spot = at[0] + ux * (start + i * gap), at[1] + uy * (start + i * gap)
            if isinstance(item, int):
                d.add(
                    parent,
                    "circle",
                    cx=spot[0],
                    cy=spot[1],
                    r=3.6 * k,
                    fill=VIRTUE_COLOURS[COLOURS[item]],
                    stroke="#fff",
                    stroke_width=0.8 * k,
                    class_="lotus",
                    data_colour=COLOURS[item],
                    **where,
                )
            else:
                colour = {} if item.colour is None else {"data_colour": COLOURS[item.colour]}
                self.marker(parent, item, spot, k, {"class_": item.kind, **colour, **where})

    def marker(self, parent: ET.Element, marker: Any, at: XY, k: float, attrs: dict) -> None:
        """A Sacred Gate (a torii in its colour), a Fox Shrine (a fox head) or a Stone Lantern;
        ``attrs`` name the element (class and data)."""
        d = self.d
        if marker.kind == GATE:
            name = COLOURS[marker.colour]
            g = d.group(parent, **attrs)
            for p, q, width in _GATE_LINES:
                d.polyline(
                    g, _shape(at, k, (p, q)), stroke=VIRTUE_COLOURS[name], stroke_width=width * k
                )
        elif marker.kind == SHRINE:
            d.polygon(
                parent,
                _shape(at, k, _FOX_HEAD),
                fill=_FOX,
                stroke="#7a3b0c",
                stroke_width=0.8 * k,
                **attrs,
            )
        else:
            g = d.group(parent, **attrs)
            d.polygon(g, _shape(at, k, _LANTERN_BODY), fill=_STONE)
            d.polygon(g, _shape(at, k, _LANTERN_ROOF), fill=_STONE)
            d.add(g, "circle", cx=at[0], cy=at[1] - 0.5 * k, r=2 * k, fill=_LIGHT)

    def legend(self, y: float) -> None:
        """What the markers (and, in the variant, the journal's icon letters) mean, in as many
        columns of ``_LEGEND_STEP`` as fit under the grounds."""
        d, x = self.d, self.left
        g = d.group(d.root, class_="legend", **_OFF)
        icons = [(_ICON_LETTERS[name], words) for name, words in _ICON_WORDS.items()] if self.state.variant else []
        for i, entry in enumerate([*_LEGEND, *icons]):
            column, row = i % self.legend_columns, i // self.legend_columns
            at = (x + column * _LEGEND_STEP, y + row * 18)
            if len(entry) == 3:
                kind, colour, words = entry
                self.marker(g, Marker(kind, colour), (at[0] + 8, at[1] - 4), 1.2, {})
                self.text(g, (at[0] + 20, at[1]), words, 11)
            else:
                letter, words = entry
                self.text(g, (at[0] + 4, at[1]), letter, 11, fill=_ICON_INK, font_weight="bold")
                self.text(g, (at[0] + 20, at[1]), f"journal icon: {words}", 11, fill=_ICON_INK)

    def movement(self) -> None:
        """This turn's last path (not to be travelled again at once), the move being made and the
        Ensō token a Move-Ensō is moving."""
        s, d = self.state, self.d
        if s.phase not in _MOVING:
            return
        for name, move in (("last-path", s.last_path), ("pending", s.pending)):
            if move is not None:
                ends = {
                    "data_x1": move.origin[0],
                    "data_y1": move.origin[1],
                    "data_x2": move.target[0],
                    "data_y2": move.target[1],
                    "data_gate": str(move.gate).lower(),
                }
                dashes = "6 4" if name == "pending" else None
                points = self.route(move.origin, move.target, move.gate)
                d.arrow(
                    d.root,
                    points,
                    colour="#7d7263",
                    width=2.5,
                    stroke_dasharray=dashes,
                    class_=name,
                    **ends,
                    **_OFF,
                )
        if s.enso_from is not None:
            cx, cy = self.xy(s.enso_from)
            d.add(
                d.root,
                "circle",
                cx=cx,
                cy=cy,
                r=17,
                fill="none",
                stroke="#7d7263",
                stroke_width=2,
                stroke_dasharray="3 3",
                class_="enso-from",
                data_x=s.enso_from[0],
                data_y=s.enso_from[1],
            )

    def route(self, origin: geo.Point, target: geo.Point, gate: bool) -> list[XY]:
        """An arrow from one intersection to another, stopping short of both; a gate jump bends."""
        p, q = self.xy(origin), self.xy(target)
        length = math.dist(p, q)
        ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
        start, end = (p[0] + ux * 12, p[1] + uy * 12), (q[0] - ux * 14, q[1] - uy * 14)
        if not gate:
            return [start, end]
        bend, middle = min(40.0, length / 4), _mid(start, end)
        return [start, (middle[0] - uy * bend, middle[1] + ux * bend), end]

    def enso(self, parent: ET.Element, at: XY, r: float, **attrs: Any) -> None:
        """An Ensō token: a brush circle left open at the top right."""
        around = 2 * math.pi * r
        self.d.add(
            parent,
            "circle",
            cx=at[0],
            cy=at[1],
            r=r,
            fill="none",
            stroke=_LINE,
            stroke_width=r / 3.5,
            stroke_dasharray=f"{around * 0.88:.1f} {around:.1f}",
            transform=f"rotate(-50 {at[0]:.1f} {at[1]:.1f})",
            **_OFF,
            **attrs,
        )

    def monk(self, parent: ET.Element, at: XY, player: int, k: float, **attrs: Any) -> None:
        """A monk figure in the player's colour standing on ``at``, with the player's number."""
        d, colour = self.d, PLAYER_COLOURS[player]
        g = d.group(parent, **{**_OFF, **attrs})
        d.polygon(g, _shape(at, k, _MONK_BODY), fill=colour, stroke=_LINE, stroke_width=1.3 * k)
        d.add(
            g,
            "circle",
            cx=at[0],
            cy=at[1] - 8 * k,
            r=5.5 * k,
            fill=colour,
            stroke=_LINE,
            stroke_width=1.3 * k,
        )
        d.text(g, at[0], at[1] + 7 * k, str(player), 8 * k, fill=_LINE, font_weight="bold")

    # -- the common components and the journals --------------------------------------------------

    def panel(self) -> None:
        d, s = self.d, self.state
        x, y = self.panel_x, self.top
        self.text(d.root, (x, y + 4), "Virtue supply", 12, font_weight="bold")
        self.text(d.root, (x + 200, y + 4), "Collected this turn", 12, font_weight="bold")
        for c, colour in enumerate(COLOURS):
            for place, left, count in (
                ("supply", x, s.supply[c]),
                ("collected", x + 200, s.collected[c]),
            ):
                for k in range(R.VIRTUE_TOKENS):
                    cx, cy = left + 9 + c * 38 + (k % 2) * 14, y + 18 + (k // 2) * 14
                    if k < count:
                        d.add(
                            d.root,
                            "circle",
                            cx=cx,
                            cy=cy,
                            r=6,
                            fill=VIRTUE_COLOURS[colour],
                            stroke=_LINE,
                            stroke_width=0.8,
                            class_="virtue",
                            data_target="virtue",
                            data_colour=colour,
                            data_place=place,
                        )
                    else:
                        d.add(
                            d.root,
                            "circle",
                            cx=cx,
                            cy=cy,
                            r=6,
                            fill="none",
                            stroke="#cfc6b3",
                            stroke_dasharray="2 2",
                        )
        self.collected_at = (x + 200, y + 56)
        if s.phase == R.ADVANCE and s.pool_mode != R.POOL_IMPROVE:
            self.text(d.root, (x, y + 60), f"to spend ({s.pool_mode}):", 11)
            pool = [colour for c, colour in enumerate(COLOURS) for _ in range(s.pool[c])]
            for i, colour in enumerate(pool):
                d.add(
                    d.root,
                    "circle",
                    cx=x + 110 + i * 14,
                    cy=y + 56,
                    r=5,
                    fill=VIRTUE_COLOURS[colour],
                    stroke=_INK,
                    stroke_width=0.8,
                    class_="pool",
                    data_colour=colour,
                )
        y += 72
        pile = d.group(d.root, class_="pile", data_count=len(s.pile))
        for k in range(3):
            back = ((0, 30), (26, 30), (0, 4))
            d.polygon(
                pile,
                _shape((x + 2 * k, y - 2 * k), 1, back),
                fill=_BACK,
                stroke="#3a2a14",
                stroke_width=0.8,
            )
        self.text(pile, (x + 38, y + 24), f"pile: {len(s.pile)} tiles", 12)
        self.text(d.root, (x + 150, y + 24), "removed:" if s.removed else "removed: none", 11)
        for i, tile in enumerate(s.removed[:7]):
            self.small_tile(
                d.group(d.root, class_="removed-tile", data_tile=tile),
                tile,
                x + 206 + i * 27,
                y + 8,
                24,
            )
        if len(s.removed) > 7:
            self.text(d.root, (x + 206 + 7 * 27, y + 24), f"+{len(s.removed) - 7}", 11)
        y += 46
        if s.enso_removed:
            self.text(
                d.root,
                (x + 150, y - 4),
                f"Ensō tokens out of the game: {s.enso_removed}",
                10,
                fill=_SOFT_INK,
            )
        if s.solo:
            stock = d.group(d.root, class_="stock", data_count=s.stock)
            self.text(stock, (x, y + 12), f"Ensō stock: {s.stock}", 12)
            for k in range(s.stock):
                self.enso(stock, (x + 104 + k * 19, y + 8), 7, class_="stock-token")
            y += 30
        for player in range(s.players):
            self.journal_at[player] = (x, y)
            self.journal(player, x, y)
            y += _BLOCK

    def journal(self, player: int, x: float, y: float) -> None:
        d, s = self.d, self.state
        g = d.group(d.root, class_="journal", data_player=player)
        deciding = s.phase != R.OVER and not s.is_chance_node() and s.to_move == player
        if deciding:
            d.add(
                g,
                "rect",
                x=x - 6,
                y=y - 4,
                width=_PANEL - 4,
                height=_BLOCK - 6,
                rx=8,
                fill="#fff3c4",
                stroke=_GOLD,
            )
        self.monk(g, (x + 9, y + 10), player, 0.8)
        role = [
            word
            for word, yes in (
                ("active", s.stage != R.OVER and s.active == player),
                ("to move", deciding),
                ("winner", player in s.winners),
            )
            if yes
        ]
        name = f"player {player}" + (f" ({', '.join(role)})" if role else "")
        self.text(g, (x + 24, y + 15), name, 13, font_weight="bold")
        self.text(
            g,
            (x + _PANEL - 16, y + 15),
            f"score {s.scores()[player]}",
            12,
            text_anchor="end",
            class_="score",
            data_player=player,
        )
        for t, colour in enumerate(COLOURS):
            top = y + 24 + t * _CELL_H
            d.add(
                g,
                "rect",
                x=x,
                y=top + 3,
                width=8,
                height=_CELL_H - 6,
                rx=2,
                fill=VIRTUE_COLOURS[colour],
            )
            self.text(g, (x + 12, top + _CELL_H / 2 + 4), colour, 11)
            for step in range(TRACK_LENGTH + 1):
                self.space(g, player, t, step)
            pos = s.tracks[player][t]
            where = {"data_player": player, "data_colour": colour}
            if pos is None:
                cx, cy = self.cell(player, t, TRACK_LENGTH)
                _star(
                    d,
                    g,
                    (cx, cy),
                    9,
                    fill=_GOLD,
                    stroke="#7a5e0b",
                    stroke_width=0.8,
                    class_="mastered",
                    **where,
                )
            else:
                self.enso(
                    g, self.cell(player, t, pos), 10.5, class_="track-token", data_step=pos, **where
                )
        self.hand(g, player, x, y + 24 + NUM_COLOURS * _CELL_H + 8)

    def space(self, parent: ET.Element, player: int, track: int, step: int) -> None:
        """A journal space with its virtue symbols and variant icon (step ``TRACK_LENGTH``: the cell
        a mastered token leaves for)."""
        d, s = self.d, self.state
        cx, cy = self.cell(player, track, step)
        mastered = step == TRACK_LENGTH
        fill = "#f6efd9" if mastered else "#ece2c6" if step == MASTERY_SPACE else "#faf6ea"
        d.add(
            parent,
            "rect",
            x=cx - _CELL_W / 2 + 1,
            y=cy - _CELL_H / 2 + 1,
            width=_CELL_W - 2,
            height=_CELL_H - 2,
            rx=3,
            fill=fill,
            stroke="#cbbd9a",
            stroke_width=0.8,
            class_="space",
            data_target="journal",
            data_player=player,
            data_colour=COLOURS[track],
            data_step="mastered" if mastered else step,
        )
        if mastered:
            _star(d, parent, (cx, cy), 8, fill="none", stroke="#e0d3ad", **_OFF)
            return
        shown = sorted(s.journal.spaces[track][step])
        for i, c in enumerate(shown):
            d.add(
                parent,
                "circle",
                cx=cx + (i - (len(shown) - 1) / 2) * 6.5,
                cy=cy,
                r=2.8,
                fill=VIRTUE_COLOURS[COLOURS[c]],
                class_="symbol",
                data_colour=COLOURS[c],
                **_OFF,
            )
        icon = s.journal.icons[track][step]
        if s.variant and icon is not None:
            self.text(
                parent,
                (cx + _CELL_W / 2 - 6, cy - _CELL_H / 2 + 9),
                _ICON_LETTERS[icon],
                8,
                fill=_ICON_INK,
                text_anchor="middle",
                font_weight="bold",
                class_="icon",
                data_icon=icon,
                **_OFF,
            )

    def hand(self, parent: ET.Element, player: int, x: float, y: float) -> None:
        d, tiles = self.d, self.state.hands[player]
        hidden = self.observer is not None and self.observer != player
        d.add(
            parent,
            "rect",
            x=x,
            y=y,
            width=_PANEL - 20,
            height=_HAND_U + 8,
            rx=4,
            fill="#f4eedf",
            stroke="#e0d6bf",
            class_="hand",
            data_target="hand",
            data_player=player,
        )
        self.text(parent, (x + 6, y + _HAND_U / 2 + 8), f"hand ({len(tiles)})", 11, **_OFF)
        for i, tile in enumerate(tiles):
            left, top = x + 70 + i * (_HAND_U + 14), y + 4
            if hidden:
                back = _shape((left, top), _HAND_U, ((0, 1), (1, 1), (0, 0)))
                d.polygon(
                    parent,
                    back,
                    fill=_BACK,
                    stroke="#3a2a14",
                    class_="tile-back",
                    data_target="hand",
                    data_player=player,
                )
                continue
            data = {"data_player": player, "data_tile": tile}
            face = d.group(parent, class_="hand-tile", **data)
            self.small_tile(face, tile, left, top, _HAND_U, {"data_target": "hand", **data})

    def small_tile(
        self,
        parent: ET.Element,
        tile: int,
        left: float,
        top: float,
        u: float,
        data: dict | None = None,
    ) -> None:
        """A tile face at rotation 0 in the square whose top-left corner is ``(left, top)``."""
        self.tile_face(
            parent, tile, [(left, top + u), (left + u, top + u), (left, top)], u, None, data
        )

    # -- the highlighted turn --------------------------------------------------------------------

    def highlight(self, i: int, before: GodoState, action: int) -> None:
        """One step of the highlighted turn over the position, and in words under it."""
        d, kind = self.d, act.kind(action)
        mark = {"class_": "highlight", "data_step": i, **_OFF}
        if kind == "place":
            tile, slot = act.decode_place(action)
            corners = [self.xy(p) for p in geo.corner_points(*slot)]
            d.polygon(
                d.root,
                corners,
                fill=HIGHLIGHT,
                fill_opacity=0.12,
                stroke=HIGHLIGHT,
                stroke_width=3,
                stroke_dasharray="7 5",
                **mark,
            )
            if before.phase == R.RELOCATE:
                old = _centre([self.xy(p) for p in geo.corner_points(*before.grounds.where[tile])])
                d.arrow(d.root, [old, _centre(corners)], width=2.5, **mark)
            self.badge(i, _centre(corners), mark, f"tile {tile}")
        elif kind in ("move", "gate"):
            move = before._decode_move(action)
            points = self.route(move.origin, move.target, move.gate)
            d.arrow(d.root, points, width=4, stroke_dasharray="9 6" if move.gate else None, **mark)
            self.badge(i, points[1] if move.gate else _mid(points[0], points[-1]), mark)
            if move.payment != act.FREE:
                self.journal_step(i, before, before.active, move.payment, -1, mark)
        elif kind == "push":
            player, direction = divmod(action - act.PUSH, 4)
            points = self.route(
                before.monks[player], geo.step(before.monks[player], direction), False
            )
            d.arrow(d.root, points, width=3, **mark)
            self.badge(i, _mid(points[0], points[-1]), mark)
        elif kind == "point":
            self.point_step(i, before, geo.index_point(action - act.POINT), mark)
        elif kind == "advance":
            self.journal_step(
                i, before, before.to_move, (action - act.ADVANCE) % NUM_COLOURS, 1, mark
            )
        elif kind == "nudge":
            self.journal_step(i, before, before.active, action - act.NUDGE, 1, mark)
        elif kind == "exchange":
            give, take = divmod(action - act.EXCHANGE, NUM_COLOURS)
            n = self.labels["exchange"] = self.labels.get("exchange", 0) + 1
            at = (self.collected_at[0] + (n - 1) * 70, self.collected_at[1])
            self.text(
                d.root,
                at,
                f"{i + 1}: {COLOURS[give]}→{COLOURS[take]}",
                10,
                fill=HIGHLIGHT,
                font_weight="bold",
                **mark,
            )
        if i == 0:
            self.text(
                d.root,
                (_MARGIN, self.notes_y + 6),
                "Highlighted turn:",
                13,
                fill=HIGHLIGHT,
                font_weight="bold",
                **mark,
            )
        who = "chance" if before.is_chance_node() else f"player {before.to_move}"
        line = f"{i + 1}. {who}: {before.action_to_string(action)}"
        self.text(
            d.root, (_MARGIN + 8, self.notes_y + 24 + 18 * i), line, 12, fill=HIGHLIGHT, **mark
        )

    def point_step(self, i: int, before: GodoState, point: geo.Point, mark: dict) -> None:
        """An intersection chosen: the monk entering the grounds, an Ensō token placed or moved."""
        d, at = self.d, self.xy(point)
        if before.phase == R.MONK:
            self.monk(d.root, at, before.active, 1.0, opacity=0.75, **mark)
        else:
            if before.phase == R.ENSO_TO:
                d.arrow(d.root, self.route(before.enso_from, point, True), width=3, **mark)
            d.add(
                d.root,
                "circle",
                cx=at[0],
                cy=at[1],
                r=15,
                fill="none",
                stroke=HIGHLIGHT,
                stroke_width=3,
                stroke_dasharray="5 3",
                **mark,
            )
        self.badge(i, (at[0] + 16, at[1] - 16), mark)

    def badge(self, i: int, at: XY, mark: dict, words: str = "") -> None:
        """The step's number in a small disc (and a few words under it)."""
        d = self.d
        d.add(d.root, "circle", cx=at[0], cy=at[1], r=8, fill=HIGHLIGHT, **mark)
        d.text(d.root, at[0], at[1] + 3.5, str(i + 1), 10, fill="#fff", font_weight="bold", **mark)
        if words:
            d.text(d.root, at[0], at[1] + 20, words, 10, fill=HIGHLIGHT, font_weight="bold", **mark)

    def journal_step(
        self, i: int, before: GodoState, player: int, track: int, by: int, mark: dict
    ) -> None:
        """A track token moving ``by`` spaces (a payment left, an advance right): a ring where it
        lands and the step's number beside the others landing there."""
        d, step = self.d, before.tracks[player][track] + by
        n = self.labels[player, track, step] = self.labels.get((player, track, step), 0) + 1
        cx, cy = self.cell(player, track, step)
        d.add(
            d.root,
            "circle",
            cx=cx,
            cy=cy,
            r=12,
            fill="none",
            stroke=HIGHLIGHT,
            stroke_width=2.5,
            stroke_dasharray="4 2",
            **mark,
        )
        bx = cx + 11 - (n - 1) * 11
        d.add(d.root, "circle", cx=bx, cy=cy - 9, r=6, fill=HIGHLIGHT, **mark)
        d.text(d.root, bx, cy - 6, str(i + 1), 8, fill="#fff", font_weight="bold", **mark)


def _star(d: Drawing, parent: ET.Element, at: XY, r: float, **attrs: Any) -> None:
    """An eight-pointed star: a mastered virtue."""
    radii = [r if k % 2 == 0 else r * 0.45 for k in range(16)]
    angles = [math.pi * k / 8 - math.pi / 2 for k in range(16)]
    points = [(at[0] + q * math.cos(a), at[1] + q * math.sin(a)) for q, a in zip(radii, angles)]
    d.polygon(parent, points, **attrs)


def _status(s: GodoState) -> str:
    """Where the game stands, in words: the stage, who decides and what."""
    if s.phase == R.OVER:
        if s.solo:
            return (
                f"Game over: won, title {s.title()}"
                if s.winners
                else "Game over: GODŌ was not mastered this time"
            )
        names = " and ".join(f"player {p}" for p in s.winners)
        return f"Game over: {names} {'wins' if len(s.winners) == 1 else 'share the victory'}"
    stage = "Initiation" if s.stage == R.INITIATION else "Play"
    if s.phase == R.DRAW:
        drawing = f"player {s.drawer} draws {s.draws_left} tile(s) (chance)"
        return f"{stage}, player {s.active}'s turn: {drawing}"
    if s.phase == R.ADVANCE:
        words = _POOL_WORDS[s.pool_mode]
    elif s.phase == R.MASTER:
        words = f"mastering: place {s.enso_left} Ensō token(s) on intersections"
    else:
        words = _PHASE_WORDS[s.phase]
        if s.phase == R.PLACE and s.places_left > 1:
            words += f" ({s.places_left} to place)"
        if s.phase == R.MOVE and s.moves:
            words += f" ({s.moves} move(s) made; may stop)"
    return f"{stage}, player {s.active}'s turn — player {s.to_move}: {words}"


def draw(state: GodoState, observer: int | None, steps: list[tuple[GodoState, int]]) -> Drawing:
    """The picture of a reference state as ``observer`` sees it (``None``: everything), with the
    ``(state before, action)`` steps of a highlighted turn drawn over it."""
    return _Picture(state, observer, steps).draw()
