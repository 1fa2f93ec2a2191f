"""The temple grounds: which tiles lie where, the paths they draw and what each intersection holds.

This is the reference implementation of the tile placement rules, written to be read::

    >>> from solver.games.godo.pack import load_pack
    >>> grounds = Grounds(load_pack())
    >>> grounds.place(0, (0, 0, 0))
    >>> grounds.can_place(1, (0, 0, 2))    # long edge to long edge
    True
    >>> grounds.can_place(1, (5, 5, 0))    # touches nothing
    False
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.games.godo import geometry as geo
from solver.games.godo.geometry import Edge, Point, Slot
from solver.games.godo.pack import GATE, LANTERN, NUM_COLOURS, SHRINE, Pack


@dataclass
class Intersection:
    """Everything at the corners of tiles that meet at one lattice point."""

    corners: int = 0
    lotuses: list[int] = field(default_factory=lambda: [0] * NUM_COLOURS)
    gates: list[int] = field(default_factory=list)  # one colour per gate
    shrines: int = 0
    lanterns: int = 0


class Grounds:
    """Tiles on the table, with the paths and intersections derived from them."""

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self.slots: dict[Slot, int] = {}  # slot -> tile id
        self.where: dict[int, Slot] = {}  # tile id -> slot
        self.paths: dict[Edge, int] = {}  # unit edge -> colour, while a leg lies on it
        self._legs_on: dict[Edge, int] = {}  # unit edge -> number of legs on it (1 or 2)
        self.points: dict[Point, Intersection] = {}

    def copy(self) -> Grounds:
        other = Grounds(self.pack)
        other.slots = dict(self.slots)
        other.where = dict(self.where)
        other.paths = dict(self.paths)
        other._legs_on = dict(self._legs_on)
        other.points = {
            p: Intersection(i.corners, list(i.lotuses), list(i.gates), i.shrines, i.lanterns)
            for p, i in self.points.items()
        }
        return other

    # -- placing and lifting tiles -------------------------------------------------------------

    def place(self, tile: int, slot: Slot) -> None:
        """Put a tile down (no legality check: see ``can_place``)."""
        self.slots[slot] = tile
        self.where[tile] = slot
        self._mark(tile, slot, +1)

    def lift(self, tile: int) -> Slot:
        """Take a tile off the table and return where it was."""
        slot = self.where.pop(tile)
        del self.slots[slot]
        self._mark(tile, slot, -1)
        return slot

    def _mark(self, tile: int, slot: Slot, sign: int) -> None:
        t = self.pack.tiles[tile]
        for e, colour in zip(geo.leg_edges(*slot), t.legs):
            count = self._legs_on.get(e, 0) + sign
            if count:
                self._legs_on[e] = count
                self.paths[e] = colour
            else:
                del self._legs_on[e]
                del self.paths[e]
        for p, corner in zip(geo.corner_points(*slot), t.corners):
            info = self.points.get(p)
            if info is None:
                info = self.points[p] = Intersection()
            info.corners += sign
            for colour in corner.lotuses:
                info.lotuses[colour] += sign
            marker = corner.marker
            if marker is not None and marker.kind == GATE:
                if sign > 0:
                    info.gates.append(marker.colour)
                else:
                    info.gates.remove(marker.colour)
            elif marker is not None and marker.kind == SHRINE:
                info.shrines += sign
            elif marker is not None and marker.kind == LANTERN:
                info.lanterns += sign
            if not info.corners:
                del self.points[p]

    # -- the placement rules -------------------------------------------------------------------

    def can_place(self, tile: int, slot: Slot) -> bool:
        """Whether a tile may be laid at a slot under the tile placement rules.

        It must lie on the table, not overlap a tile, share at least one full side with the grounds
        (a leg on a leg, or its long edge on a long edge: corner contact alone does not count) and
        every leg it lays on another leg must be of that leg's colour. The very first tile goes in
        the middle square; ``first_placements`` handles it.
        """
        x, y, r = slot
        if not geo.in_window(x, y) or slot in self.slots:
            return False
        if any((x, y, o) in self.slots for o in geo.overlapping(r)):
            return False
        touching = (x, y, geo.complement(r)) in self.slots
        for e, colour in zip(geo.leg_edges(x, y, r), self.pack.tiles[tile].legs):
            if e in self.paths:
                if self.paths[e] != colour:
                    return False
                touching = True
        return touching

    def candidate_slots(self) -> list[Slot]:
        """Every slot next to the grounds (in or beside an occupied square), sorted."""
        squares = {(x, y) for x, y, _ in self.slots}
        around = set(squares)
        for x, y in squares:
            around.update(geo.neighbour_squares(x, y))
        return sorted((x, y, r) for x, y in around for r in range(4))

    def placements(self, tile: int) -> list[Slot]:
        """Every slot where a tile may be laid, sorted."""
        return [s for s in self.candidate_slots() if self.can_place(tile, s)]

    def is_connected(self) -> bool:
        """Whether every tile is joined to every other by shared sides (legs or long edges)."""
        if not self.slots:
            return True
        start = next(iter(self.slots))
        seen = {start}
        frontier = [start]
        while frontier:
            for other in self._touching(frontier.pop()):
                if other not in seen:
                    seen.add(other)
                    frontier.append(other)
        return len(seen) == len(self.slots)

    def _touching(self, slot: Slot) -> list[Slot]:
        x, y, r = slot
        found = []
        if (x, y, geo.complement(r)) in self.slots:
            found.append((x, y, geo.complement(r)))
        for e in geo.leg_edges(x, y, r):
            for sx, sy in geo.squares_of_edge(e):
                if (sx, sy) == (x, y):
                    continue
                for o in range(4):
                    if (sx, sy, o) in self.slots and e in geo.leg_edges(sx, sy, o):
                        found.append((sx, sy, o))
        return found

    # -- reading the grounds -------------------------------------------------------------------

    def path_colour(self, p: Point, q: Point) -> int | None:
        """The colour of the path between two neighbouring points, or None without a path."""
        return self.paths.get(geo.edge(p, q))

    def gates(self) -> list[Point]:
        """The intersections with at least one Sacred Gate, sorted."""
        return sorted(p for p, info in self.points.items() if info.gates)

    def intersections(self) -> list[Point]:
        """Every intersection (a lattice point where a tile has a corner), sorted."""
        return sorted(self.points)
