"""The SVG picture of a KOI position: the market, the supply, and each player's sensei board
and pond.

``draw(state, observer, steps)`` builds the picture of a reference state (``solver.render.svg``
is the public entry point). From the top: where the game stands and the scores so far; the
market's five spaces (space number, fee or reward, the card on it) with the deck and the supply
beside them; the suggested turn in words; then one panel per player: the pond (a hexagon of 61
hexes around the spring, ``E5`` in the middle) on the left, the sensei board on the right (coins,
luck tokens, storage expansion tiles, the storage's hexes and what fills them, the cards taken,
the score by source)::

    >>> from solver.games.koi.pack import load_pack
    >>> state = R.KoiState.new(load_pack(), players=2)
    >>> picture = draw(state, None, []).to_svg()
    >>> picture.count('class="hex"'), picture.count('class="market-slot"')
    (122, 5)

The contract with the web page and the tests: every piece is an element with a ``class`` and
``data-*`` attributes; ``data-target`` marks what a setup tool is used on
(``solver.games.koi.setup``) or a person clicks to make a move (``board_moves``). Players count
from 0, market spaces from 1 (as the rulebook does), hexes are named by their labels (``E5``):

================  =================================================================================
class             data-* (and meaning)
================  =================================================================================
status            phase, to-move (at a decision), deck (cards left), last-round ("1" if so)
market-slot       target="market", space (1-5), card (its name; absent: empty), kind, fee
deck              count: the cards left in the deck
supply            target="supply", tile (water, foliage, shore, lily, lantern, expansion), count
koi-supply        target="koi-supply", size (small, medium, large), count
sensei            target="sensei", player, to-move ("1" if so): a panel's title bar
coins             target="coins", player, value (also ``luck``, ``expansions``: the counters)
storage           target="storage", player, used, capacity (hexes)
stored            player, what (``actions.STORED``), count: the contents of a storage
storage-hex       target="storage-hex", player, index, what (absent: free), over ("1": beyond
                  the capacity)
taken-cards       target="cards", player: the list of the cards a player took
taken             player, card, count: each kind of card a player took
pond              target="pond", player: the group of a pond's hexes
hex               target="hex", player, hex (label), terrain (``scoring.TERRAINS``), frontier
                  ("1": empty and next to the pond, where a tile may go)
koi               player, hex, size (small, medium, large)
score             player, value (the points so far), winner="1" at the end for the winners
highlight         step (index in the suggested sequence), kind (``actions.kind``); a mark also has
                  what it marks: space, player, hex, what, size; drawn over everything, no pointer
                  events; each step is also a line of words (a ``text``)
================  =================================================================================

``observer``: nothing in KOI is hidden (the deck is only counted), so the observer only changes
whose panel says "(you)".
"""

from __future__ import annotations

import math
import textwrap
from typing import Any

from solver.core.svg import HIGHLIGHT, PLAYER_COLOURS, Drawing
from solver.games.koi import actions as act
from solver.games.koi import rules as R
from solver.games.koi.cards import Card
from solver.games.koi.pack import KOI_SIZES, TILES
from solver.games.koi.pond import COORDS, label, rows, triangle
from solver.games.koi.scoring import EMPTY, TERRAINS
from solver.games.koi.words import SPACE_TEXT

Element = Any  # xml.etree.ElementTree.Element
Box = tuple[float, float, float, float]

WIDTH = 1000.0
MARGIN = 14.0
LINE = 16.0
ROOT3 = math.sqrt(3)

SLOT_W, SLOT_H, SLOT_GAP = 132.0, 150.0, 8.0
MARKET_H = SLOT_H + 30
HEX = 15.5  # a pond hex's radius
POND_W = ROOT3 * HEX * 9
POND_H = HEX * (1.5 * 8 + 2)
CELL = 8.5  # a storage hex's radius
STORE_ROW = 10  # storage hexes in a row
PANEL_W = (WIDTH - 2 * MARGIN - 12) / 2
TITLE_H = 24.0
BOARD_H = 258.0
PANEL_H = TITLE_H + 10 + BOARD_H + 14
LEGEND_H = 34.0

INK = "#2f2a26"
MUTED = "#8a8178"
PAPER = "#fffdf6"
BOARD = "#f1e6d2"
GOLD = "#c9962b"
OVER = "#c8402f"
TERRAIN_FILL = {
    "empty": "#f6f0e3", "spring": "#2f7fc4", "water": "#8cc8ee", "foliage": "#5fa35a",
    "shore": "#d9c08c", "lily": "#8cc8ee", "lantern": "#b7ada0",
}  # fmt: skip
STORED_FILL = {"water": "#8cc8ee", "foliage": "#5fa35a", "shore": "#d9c08c",
               "small": "#f5a04a", "medium": "#e4572e", "large": "#b8322a"}  # fmt: skip
KOI_LOOK = {"small": (4.5, "S"), "medium": (6.0, "M"), "large": (7.5, "L")}
"""A koi's half-length on the pond and its letter."""
CARD_COLOURS = {"gain": "#4d8fc7", "storage": "#8b5e3c", "market": GOLD, "gardener": "#4f9a32",
                "goal": "#8a4fc0"}  # fmt: skip
PHASE_WORDS = {
    R.FLIP: "a card is flipped onto the market",
    R.TURN: "meditate (take a market card) or work (place tiles)",
    R.ORDER: "take the reward or carry out the card first",
    R.REWARD: "choose the space's reward",
    R.MARKET: "the Market card: buy a koi at 1 coin less, or not",
    R.PLACE: "place the water-lily or lantern gained",
    R.WORK: "place tiles from storage into the pond (first, a koi for a luck token if you like)",
    R.LUCK: "buy a koi for a luck token (1 coin more), or not",
    R.DISCARD: "discard down to the storage's capacity",
    R.OVER: "the game is over",
}
LEGEND = (("water", "water"), ("foliage", "foliage"), ("shore", "shore (3 hexes)"),
          ("lily", "water-lily"), ("lantern", "lantern"), ("spring", "spring (E5)"))  # fmt: skip


def hex_points(x: float, y: float, r: float) -> list[tuple[float, float]]:
    """A pointy-top hexagon's corners around ``(x, y)``, from the upper right corner to the top.

    >>> [(round(px), round(py)) for px, py in hex_points(0, 0, 10)][:2]
    [(9, -5), (0, -10)]
    """
    angles = [math.pi / 6 + k * math.pi / 3 for k in range(6)]
    return [(x + r * math.cos(a), y - r * math.sin(a)) for a in angles]


def effect_words(card: Card) -> str:
    """What a card does, without its name: ``gain 2 water``."""
    return card.describe()[len(card.name) + 2 : -1]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _mark(step: int, kind: str, **where: Any) -> dict[str, Any]:
    """The attributes of every overlay element of a step."""
    return {"class_": "highlight", "data_step": step, "data_kind": kind,
            "pointer_events": "none", **{f"data_{k}": v for k, v in where.items()}}  # fmt: skip


class _Picture:
    """One picture being drawn: the layout first (the height is known before drawing), then each
    part in turn; ``places`` keeps where things are for the suggested turn's marks."""

    def __init__(self, state: R.KoiState, observer: int | None, steps: list[tuple[Any, int]]):
        self.state = state
        self.observer = observer
        self.steps = steps
        self.notes = [
            (i, line)
            for i, (before, action) in enumerate(steps)
            for line in textwrap.wrap(f"{i + 1}. {before.action_to_string(action)}", 130,
                                      subsequent_indent="    ")
        ]  # fmt: skip
        self.cols = 1 if state.players == 1 else 2
        panels = -(-state.players // self.cols)
        words_h = len(self.notes) * LINE + 14 if steps else 0
        self.top = MARGIN + 3 * LINE + 18  # the market's top
        self.panels_y = self.top + MARKET_H + words_h
        height = self.panels_y + panels * PANEL_H + LEGEND_H
        players = _plural(state.players, "player")
        self.d = Drawing(WIDTH, height, title=f"KOI, {players}")
        self.places: dict[tuple, Box] = {}
        self.ponds: dict[int, tuple[float, float]] = {}  # player -> the spring's centre

    # -- where the game stands -------------------------------------------------------------------

    def header(self) -> None:
        s, d = self.state, self.d
        deciding = s.phase not in (R.FLIP, R.OVER)
        g = d.group(d.root, class_="status", data_phase=s.phase,
                    data_to_move=s.to_move if deciding else None, data_deck=sum(s.deck),
                    data_last_round=1 if s.last_round else None)  # fmt: skip
        who = f"player {s.to_move} to move" if deciding else PHASE_WORDS[s.phase]
        head = f"KOI, {_plural(s.players, 'player')}: {who}"
        d.text(g, MARGIN, MARGIN + 16, head, 17, text_anchor="start", font_weight="bold", fill=INK)
        state_words = PHASE_WORDS[s.phase] if deciding else ""
        deck = f"{_plural(sum(s.deck), 'card')} in the deck"
        last = "; the last round" if s.last_round else ""
        line = "; ".join(part for part in (state_words, deck) if part) + last
        d.text(g, MARGIN, MARGIN + 16 + LINE, line, 12.5, text_anchor="start", fill=INK)
        scores = ", ".join(f"player {p} {v}" for p, v in enumerate(s.scores()))
        line = f"scores{'' if s.phase == R.OVER else ' so far'}: {scores}"
        if s.phase == R.OVER:
            if s.players == 1:
                line += f"; solo title: {s.title()}"
            else:
                line += "; winner" + "s" * (len(s.winners) > 1) + ": " + ", ".join(
                    f"player {p}" for p in s.winners)  # fmt: skip
        d.text(g, MARGIN, MARGIN + 16 + 2 * LINE, line, 12.5, text_anchor="start", fill=INK)

    # -- the market, the deck and the supply -----------------------------------------------------

    def market(self) -> None:
        d, y = self.d, self.top
        d.text(d.root, MARGIN, y + 10, "Market: take a card (fee first, then its space's "
               "reward); the cards slide right, the deck refills space 1", 11.5,
               text_anchor="start", fill=MUTED)  # fmt: skip
        for s in range(act.SPACES):
            self.slot(s, MARGIN + s * (SLOT_W + SLOT_GAP), y + 20)
        x = MARGIN + act.SPACES * (SLOT_W + SLOT_GAP) + 6
        self.deck(x, y + 20)
        self.supply(x + 74, y + 20)

    def slot(self, s: int, x: float, y: float) -> None:
        state, d = self.state, self.d
        kind = state.market[s]
        card = None if kind is None else state.pack.cards[kind]
        g = d.group(d.root, class_="market-slot", data_target="market", data_space=s + 1,
                    data_card=card and card.name, data_kind=card and card.kind,
                    data_fee=R.FEES[s])  # fmt: skip
        self.places["slot", s] = (x, y, SLOT_W, SLOT_H)
        d.add(g, "rect", x=x, y=y, width=SLOT_W, height=SLOT_H, rx=6, fill=BOARD, stroke=MUTED)
        d.text(g, x + 8, y + 17, f"Space {s + 1}", 13, text_anchor="start", font_weight="bold",
               fill=INK)  # fmt: skip
        words = SPACE_TEXT[s].removeprefix("reward: ")
        colour = OVER if R.FEES[s] else INK
        for n, line in enumerate(textwrap.wrap(words, 24)[:2]):
            d.text(g, x + 8, y + 32 + 12 * n, line, 10, text_anchor="start", fill=colour)
        cy = y + 58
        if card is None:
            d.add(g, "rect", x=x + 6, y=cy, width=SLOT_W - 12, height=SLOT_H - 64, rx=5,
                  fill="none", stroke=MUTED, stroke_dasharray="4 3")  # fmt: skip
            d.text(g, x + SLOT_W / 2, cy + 46, "empty", 12, fill=MUTED)
            return
        d.add(g, "rect", x=x + 6, y=cy, width=SLOT_W - 12, height=SLOT_H - 64, rx=5, fill=PAPER,
              stroke=CARD_COLOURS[card.kind], stroke_width=1.5)  # fmt: skip
        d.add(g, "rect", x=x + 6, y=cy, width=SLOT_W - 12, height=18, rx=5,
              fill=CARD_COLOURS[card.kind])  # fmt: skip
        d.text(g, x + SLOT_W / 2, cy + 13, card.name, 11.5, font_weight="bold", fill="white")
        for n, line in enumerate(textwrap.wrap(effect_words(card), 22)[:4]):
            d.text(g, x + 12, cy + 33 + 13 * n, line, 10.5, text_anchor="start", fill=INK)

    def deck(self, x: float, y: float) -> None:
        d, left = self.d, sum(self.state.deck)
        g = d.group(d.root, class_="deck", data_count=left)
        d.add(g, "rect", x=x, y=y + 16, width=60, height=84, rx=6,
              fill="#5b7d6b" if left else "none", stroke=INK if left else MUTED,
              stroke_dasharray=None if left else "4 3")  # fmt: skip
        d.text(g, x + 30, y + 66, str(left), 22, font_weight="bold",
               fill="white" if left else MUTED)  # fmt: skip
        d.text(g, x + 30, y + 10, "Deck", 11.5, fill=MUTED)
        d.text(g, x + 30, y + 116, "cards left", 10, fill=MUTED)

    def supply(self, x: float, y: float) -> None:
        s, d = self.state, self.d
        d.text(d.root, x, y + 10, "Supply", 11.5, text_anchor="start", fill=MUTED)
        for n, tile in enumerate(TILES):
            ty = y + 26 + 19 * n
            g = d.group(d.root, class_="supply", data_target="supply", data_tile=tile,
                        data_count=s.supply[tile])  # fmt: skip
            fill = TERRAIN_FILL.get(tile, BOARD)
            d.polygon(g, hex_points(x + 8, ty - 4, 7.5), fill=fill, stroke=MUTED, stroke_width=0.8)
            if tile in ("lily", "lantern"):
                self.ornament(g, tile, x + 8, ty - 4, 7.5)
            d.text(g, x + 20, ty, f"{s.supply[tile]} {tile}", 11, text_anchor="start", fill=INK)
        kx = x + 104
        d.text(d.root, kx, y + 10, "Koi", 11.5, text_anchor="start", fill=MUTED)
        for k, size in enumerate(KOI_SIZES):
            ky = y + 26 + 30 * k
            g = d.group(d.root, class_="koi-supply", data_target="koi-supply", data_size=size,
                        data_count=s.koi_supply[k])  # fmt: skip
            self.fish(g, kx + 9, ky - 4, size)
            price = s.pack.koi_prices[k]
            d.text(g, kx + 22, ky, f"{s.koi_supply[k]} {size}", 11, text_anchor="start", fill=INK)
            d.text(g, kx + 22, ky + 11, f"{price} coins, {s.pack.koi_points[k]} pts", 8.5,
                   text_anchor="start", fill=MUTED)  # fmt: skip
            self.places["koi", k] = (kx, ky - 14, 92, 28)

    # -- the suggested turn in words -------------------------------------------------------------

    def words(self) -> None:
        if not self.steps:
            return
        d, y = self.d, self.top + MARKET_H
        d.add(d.root, "rect", x=MARGIN, y=y - 4, width=WIDTH - 2 * MARGIN,
              height=len(self.notes) * LINE + 8, rx=5, fill="#fff0f7", stroke=HIGHLIGHT,
              **_mark(0, "notes"))  # fmt: skip
        d.text(d.root, MARGIN + 8, y + 10, "Suggested:", 12, text_anchor="start",
               font_weight="bold", fill=HIGHLIGHT)  # fmt: skip
        for n, (i, line) in enumerate(self.notes):
            kind = act.kind(self.steps[i][1])
            d.text(d.root, MARGIN + 92, y + 10 + n * LINE, line, 11.5, text_anchor="start",
                   fill=INK, **_mark(i, kind))  # fmt: skip

    # -- the players -----------------------------------------------------------------------------

    def panels(self) -> None:
        for p in range(self.state.players):
            row, col = divmod(p, self.cols)
            self.panel(p, MARGIN + col * (PANEL_W + 12), self.panels_y + row * PANEL_H)

    def panel(self, p: int, x: float, y: float) -> None:
        s, d = self.state, self.d
        turn = s.phase not in (R.FLIP, R.OVER) and s.to_move == p
        title = d.group(d.root, class_="sensei", data_target="sensei", data_player=p,
                        data_to_move=1 if turn else None)  # fmt: skip
        d.add(title, "rect", x=x, y=y, width=PANEL_W, height=TITLE_H, rx=4,
              fill=PLAYER_COLOURS[p], fill_opacity=0.9 if turn else 0.35)  # fmt: skip
        name = f"Player {p}" + (" (you)" if p == self.observer else "")
        name += "  \u2014 to move" if turn else ""
        d.text(title, x + 8, y + 17, name, 13, text_anchor="start", font_weight="bold", fill=INK)
        self.places["title", p] = (x, y, PANEL_W, TITLE_H)
        winner = s.phase == R.OVER and p in s.winners
        g = d.group(d.root, class_="score", data_player=p, data_value=s.scores()[p],
                    data_winner=1 if winner else None)  # fmt: skip
        final = "final " if s.phase == R.OVER else ""
        words = f"{'winner, ' if winner and s.players > 1 else ''}{final}score {s.scores()[p]}"
        d.text(g, x + PANEL_W - 8, y + 17, words, 13, text_anchor="end", font_weight="bold",
               fill=INK)  # fmt: skip
        self.pond(p, x, y + TITLE_H + 8)
        self.board(p, x + POND_W + 16, y + TITLE_H + 8, PANEL_W - POND_W - 16)

    def pond(self, p: int, x: float, y: float) -> None:
        s, d = self.state, self.d
        cx, cy = x + POND_W / 2, y + POND_H / 2
        self.ponds[p] = (cx, cy)
        self.places["pond", p] = (x, y, POND_W, POND_H)
        frontier = set(s.frontier(p))
        pond, koi = s.ponds[p], s.koi[p]
        whole = d.group(d.root, class_="pond", data_target="pond", data_player=p)
        for cell in range(len(pond)):
            hx, hy = self.centre(p, cell)
            terrain = TERRAINS[pond[cell]]
            g = d.group(whole, class_="hex", data_target="hex", data_player=p,
                        data_hex=label(cell), data_terrain=terrain,
                        data_frontier=1 if cell in frontier else None)  # fmt: skip
            edge = cell in frontier
            d.polygon(g, hex_points(hx, hy, HEX - 0.6), fill=TERRAIN_FILL[terrain],
                      stroke="#7d9a78" if edge else "#d6ccb8",
                      stroke_width=1.3 if edge else 0.8,
                      stroke_dasharray="3 2" if edge else None)  # fmt: skip
            if pond[cell] == EMPTY:
                d.text(g, hx, hy + 3, label(cell), 7.5, fill="#b3a892")
            else:
                self.ornament(g, terrain, hx, hy, HEX)
            if koi[cell]:
                size = KOI_SIZES[koi[cell] - 1]
                f = d.group(g, class_="koi", data_player=p, data_hex=label(cell), data_size=size)
                self.fish(f, hx, hy, size)
        for r, cells in enumerate(rows()):
            lx, ly = self.centre(p, cells[0])
            d.text(d.root, lx - HEX - 2, ly + 4, "ABCDEFGHI"[r], 9, fill=MUTED,
                   pointer_events="none")  # fmt: skip

    def centre(self, p: int, cell: int) -> tuple[float, float]:
        """The centre of a pond hex on the picture (pointy-top hexes, rows across)."""
        q, r = COORDS[cell]
        cx, cy = self.ponds[p]
        return cx + ROOT3 * HEX * (q + r / 2), cy + 1.5 * HEX * r

    def ornament(self, g: Element, terrain: str, x: float, y: float, r: float) -> None:
        """What marks a terrain besides its colour: the spring's ripples, the lily's pad and
        flower, the lantern, the shore's stones, the foliage's leaves."""
        d = self.d
        if terrain == "spring":
            for k in (0.35, 0.65):
                d.add(g, "circle", cx=x, cy=y, r=r * k, fill="none", stroke="white",
                      stroke_width=1.2)  # fmt: skip
        elif terrain == "lily":
            d.add(g, "circle", cx=x - r * 0.15, cy=y + r * 0.1, r=r * 0.5, fill="#3f8f3a")
            d.add(g, "circle", cx=x + r * 0.2, cy=y - r * 0.15, r=r * 0.2, fill="#f29cc0")
        elif terrain == "lantern":
            d.add(g, "rect", x=x - r * 0.25, y=y - r * 0.45, width=r * 0.5, height=r * 0.8,
                  fill="#6d655c")  # fmt: skip
            d.add(g, "rect", x=x - r * 0.15, y=y - r * 0.3, width=r * 0.3, height=r * 0.3,
                  fill="#ffd34d")  # fmt: skip
        elif terrain == "shore":
            for dx, dy in ((-0.3, 0.2), (0.25, 0.25), (0, -0.25)):
                d.add(g, "circle", cx=x + r * dx, cy=y + r * dy, r=r * 0.14, fill="#9c8a66")
        elif terrain == "foliage":
            for dx in (-0.25, 0.25):
                d.add(g, "ellipse", cx=x + r * dx, cy=y, rx=r * 0.16, ry=r * 0.34,
                      fill="#3e7d3a")  # fmt: skip

    def fish(self, g: Element, x: float, y: float, size: str) -> None:
        """A koi: a body, a tail and its size's letter."""
        half, letter = KOI_LOOK[size]
        d, fill = self.d, STORED_FILL[size]
        d.polygon(g, [(x + half * 0.7, y), (x + half * 1.35, y - half * 0.55),
                      (x + half * 1.35, y + half * 0.55)], fill=fill)  # fmt: skip
        d.add(g, "ellipse", cx=x - half * 0.2, cy=y, rx=half, ry=half * 0.62, fill=fill,
              stroke="white", stroke_width=0.8)  # fmt: skip
        d.text(g, x - half * 0.2, y + 3, letter, 7.5, font_weight="bold", fill="white")

    def board(self, p: int, x: float, y: float, w: float) -> None:
        """The sensei board: the counters, the storage, the cards taken, the score by source."""
        s, d = self.state, self.d
        d.add(d.root, "rect", x=x - 6, y=y - 2, width=w + 6, height=BOARD_H, rx=6, fill=BOARD,
              stroke="#d6ccb8")  # fmt: skip
        counters = (("coins", "coins", s.coins[p]), ("luck", "luck", s.luck[p]),
                    ("expansions", "expansions", s.expansions[p]))  # fmt: skip
        bw = (w - 12) / 3
        for n, (name, words, value) in enumerate(counters):
            bx = x + n * (bw + 4)
            g = d.group(d.root, class_=name, data_target=name, data_player=p, data_value=value)
            d.add(g, "rect", x=bx, y=y + 2, width=bw, height=38, rx=4, fill=PAPER, stroke=MUTED)
            d.text(g, bx + bw / 2, y + 22, str(value), 15, font_weight="bold",
                   fill=GOLD if name == "coins" else INK)  # fmt: skip
            d.text(g, bx + bw / 2, y + 35, words, 9, fill=MUTED)
        self.storage(p, x, y + 48, w - 4)
        held = [f"{n}\u00d7 {card.name}" for n, card in zip(s.cards[p], s.pack.cards) if n]
        ty = y + 136
        text = ", ".join(held) or "none"
        g = d.group(d.root, class_="taken-cards", data_target="cards", data_player=p)
        d.add(g, "rect", x=x - 2, y=ty - 10, width=w, height=86, fill=BOARD)
        d.text(g, x, ty, "Cards taken", 10, text_anchor="start", fill=MUTED)
        for n, line in enumerate(textwrap.wrap(text, 40)[:6]):
            d.text(g, x, ty + 13 + 12 * n, line, 9.5, text_anchor="start", fill=INK)
        for n, card in zip(s.cards[p], s.pack.cards):
            if n:
                d.add(g, "g", class_="taken", data_player=p, data_card=card.name, data_count=n)
        parts = [f"{source} {v}" for source, v in s.breakdown(p).items() if v]
        work = f"a Work places {s.work_limit(p)} tiles"
        lines = textwrap.wrap(f"score: {', '.join(parts) or 'nothing yet'}; {work}", 40)
        for n, line in enumerate(lines[:3]):
            d.text(d.root, x, y + 224 + 12 * n, line, 9.5, text_anchor="start", fill=INK)

    def storage(self, p: int, x: float, y: float, w: float) -> None:
        s, d = self.state, self.d
        used, capacity = s.used(p), s.capacity(p)
        g = d.group(d.root, class_="storage", data_target="storage", data_player=p,
                    data_used=used, data_capacity=capacity)  # fmt: skip
        d.add(g, "rect", x=x - 2, y=y - 2, width=w + 4, height=80, rx=4, fill="#e6d6ba",
              stroke="#b59a72")  # fmt: skip
        self.places["storage", p] = (x - 2, y - 2, w + 4, 80)
        full = used > capacity
        d.text(g, x + 2, y + 10, f"Storage {used}/{capacity} hexes", 10.5, text_anchor="start",
               font_weight="bold", fill=OVER if full else INK)  # fmt: skip
        filling = [what for what, n, h in zip(act.STORED, s.storage[p], R.STORAGE_HEXES)
                   for _ in range(n * h)]  # fmt: skip
        for i in range(max(capacity, used)):
            row, col = divmod(i, STORE_ROW)
            hx = x + CELL + 1 + ROOT3 * CELL * (col + (row % 2) / 2)
            hy = y + 24 + 1.5 * CELL * row
            what = filling[i] if i < used else None
            over = i >= capacity
            d.polygon(g, hex_points(hx, hy, CELL - 0.5), class_="storage-hex",
                      data_target="storage-hex", data_player=p, data_index=i, data_what=what,
                      data_over=1 if over else None,
                      fill=STORED_FILL[what] if what else "#8b6b47",
                      stroke=OVER if over else "#5d4630",
                      stroke_width=1.4 if over else 0.6)  # fmt: skip
        contents = []
        for what, n in zip(act.STORED, s.storage[p]):
            if n:
                d.add(g, "g", class_="stored", data_player=p, data_what=what, data_count=n)
                contents.append(f"{n} {what}{' koi' if what in KOI_SIZES else ''}")
        d.text(g, x + 2, y + 72, ", ".join(contents) or "empty", 10, text_anchor="start",
               fill=INK)  # fmt: skip

    # -- the suggested turn over the picture -----------------------------------------------------

    def marks(self) -> None:
        """Each step's mark over the picture (drawn last, on top), numbered as in the words."""
        for i, (before, action) in enumerate(self.steps):
            kind = act.kind(action)
            p = before.to_move
            if kind in ("place", "shore"):
                self.placement(i, before, action)
            elif kind == "buy":
                size = action - act.BUY
                self.ring(self.places["koi", size], i, kind, size=KOI_SIZES[size], player=p)
            elif kind == "discard":
                self.ring(self.places["storage", p], i, kind, player=p,
                          what=act.STORED[action - act.DISCARD])  # fmt: skip
            elif kind == "work":
                self.ring(self.places["pond", p], i, kind, player=p)
            elif kind == "pass":
                self.ring(self.places["title", p], i, kind, player=p)
            else:  # meditate, flip, order, reward: a market space
                self.ring(self.places["slot", space_of(before, action)], i, kind, player=p,
                          space=space_of(before, action) + 1)  # fmt: skip

    def ring(self, box: Box, i: int, kind: str, **where: Any) -> None:
        x, y, w, h = box
        g = self.d.group(self.d.root, **_mark(i, kind, **where))
        self.d.add(g, "rect", x=x - 3, y=y - 3, width=w + 6, height=h + 6, rx=6, fill="none",
                   stroke=HIGHLIGHT, stroke_width=3)  # fmt: skip
        self.badge(g, x + w - 2 - 14 * (i % 4), y - 2, i)

    def badge(self, g: Element, x: float, y: float, i: int) -> None:
        """The step's number in a small disc."""
        self.d.add(g, "circle", cx=x, cy=y, r=7, fill=HIGHLIGHT, stroke="white", stroke_width=1)
        self.d.text(g, x, y + 3.5, str(i + 1), 9, font_weight="bold", fill="white")

    def placement(self, i: int, before: Any, action: int) -> None:
        """A tile (or koi) put in the pond: its hexes outlined and tinted, with its letter."""
        p = before.to_move
        if act.kind(action) == "shore":
            what, cells = "shore", list(triangle(*act.decode_shore(action)))
        else:
            what, cell = act.decode_place(action)
            cells = [cell]
        g = self.d.group(self.d.root, **_mark(i, act.kind(action), player=p, what=what,
                                              hex=" ".join(label(c) for c in cells)))  # fmt: skip
        for cell in cells:
            x, y = self.centre(p, cell)
            self.d.polygon(g, hex_points(x, y, HEX - 1.5), fill=HIGHLIGHT, fill_opacity=0.3,
                           stroke=HIGHLIGHT, stroke_width=2.5)  # fmt: skip
        x, y = self.centre(p, cells[0])
        self.d.text(g, x, y + 4, what[0].upper() if what != "lily" else "*", 11,
                    font_weight="bold", fill=HIGHLIGHT)  # fmt: skip
        self.badge(g, x + HEX * 0.7, y - HEX * 0.7, i)

    def legend(self) -> None:
        d = self.d
        y = self.d.height - LEGEND_H + 14
        g = d.group(d.root, class_="legend", pointer_events="none")
        x = MARGIN
        for terrain, words in LEGEND:
            d.polygon(g, hex_points(x + 7, y, 7.5), fill=TERRAIN_FILL[terrain], stroke=MUTED,
                      stroke_width=0.6)  # fmt: skip
            self.ornament(g, terrain, x + 7, y, 7.5)
            d.text(g, x + 18, y + 4, words, 10.5, text_anchor="start", fill=INK)
            x += 30 + 6.2 * len(words)
        for size in KOI_SIZES:
            self.fish(g, x + 8, y, size)
            d.text(g, x + 24, y + 4, f"{size} koi", 10.5, text_anchor="start", fill=INK)
            x += 34 + 6.2 * (len(size) + 4)
        d.text(g, x + 4, y + 4, "dashed: where a tile may go", 10.5, text_anchor="start",
               fill=MUTED)  # fmt: skip


def space_of(before: Any, action: int) -> int:
    """The market space (0-4) an action is about: the one taken, the one a flipped card lands on
    (the rightmost empty one), or the one taken this turn (its reward, the order)."""
    kind = act.kind(action)
    if kind == "meditate":
        return action - act.MEDITATE
    if kind == "flip":
        return max(s for s, card in enumerate(before.market) if card is None)
    return before.space


def draw(state: R.KoiState, observer: int | None, steps: list[tuple[Any, int]]) -> Drawing:
    """The picture of a reference state (``rules.KoiState``) as ``observer`` sees it, with the
    ``(state before, action)`` steps of a suggested sequence drawn over it."""
    picture = _Picture(state, observer, steps)
    picture.header()
    picture.market()
    picture.words()
    picture.panels()
    picture.legend()
    picture.marks()
    return picture.d

