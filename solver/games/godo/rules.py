"""The GODŌ reference engine: the rulebook in plain Python, slow on purpose and written to be read.

The state holds the components (tiles on the grounds, hands, pile, monks, Ensō tokens, journals, the
virtue supply) and where the game stands: the *stage* (initiation, play, over), the player whose
turn it is (``active``), the *phase* (the kind of decision pending) and the few counters that phase
needs. Every call to ``apply_action`` resolves one decision and then runs the rules forward until
the next decision or chance event, so a state never rests where nothing can be chosen.

The turn, as the rulebook orders it (``_start_turn`` and what follows it)::

    place a tile -> draw a tile -> move the monk (abilities, Fox Shrines) -> improvement
      -> sharing -> mastering (active player first, then clockwise) -> [solo: Ensō stock] -> next

Every decision is an integer (see ``actions``)::

    >>> from solver.games.godo.pack import load_pack
    >>> state = GodoState.new(load_pack(), players=2)
    >>> state.phase, state.is_chance_node()
    ('draw', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.core.players import CHANCE, TERMINAL, best_seats
from solver.core.reference import ReferenceState
from solver.games.godo import actions as act
from solver.games.godo import geometry as geo
from solver.games.godo.geometry import Point
from solver.games.godo.grounds import Grounds
from solver.games.godo.pack import MASTERY_SPACE, NUM_COLOURS, Pack

# Stages and phases, as positions name them.
INITIATION, PLAY, OVER = "initiation", "play", "over"
DRAW, PLACE, MONK, ADVANCE, MOVE, NUDGE, FOX = "draw", "place", "monk", "advance", "move", "nudge", "fox"
PUSH, RELOCATE, ENSO_FROM, ENSO_TO = "move_monk", "relocate_tile", "move_enso_from", "move_enso_to"
MASTER, STOCK = "master", "stock"
PHASES = (DRAW, PLACE, MONK, ADVANCE, MOVE, NUDGE, FOX, PUSH, RELOCATE, ENSO_FROM, ENSO_TO, MASTER, STOCK, OVER)

# What a pool of virtues is being spent on in the ADVANCE phase.
POOL_INITIATION, POOL_IMPROVE, POOL_SHARE = "initiation", "improve", "share"
# What follows a run of draws.
THEN_PLACE, THEN_MOVE, THEN_HAND = "place", "move", "hand"

VIRTUE_TOKENS = 3  # of each colour
ENSO_PER_PLAYER = 5
SOLO_STOCK = 15
HAND_SIZE = 2
FIRST_DRAWS = (3, 2, 1, 1, 1)  # tiles drawn and placed in initiation, by seat
MAX_MOVES_PER_TURN = 50  # not in the rulebook: see docs/rules/godo.md
TITLES = (
    (10, "Godo Legend"),
    (9, "Temple Sage"),
    (8, "Enlightened Guide"),
    (7, "Wisdom Vessel"),
    (6, "Harmony Keeper"),
    (5, "Path Guardian"),
    (4, "Virtuous Wanderer"),
    (3, "Dedicated Seeker"),
    (2, "Temple Disciple"),
    (0, "Novice Pilgrim"),
)


def solo_title(stock_left: int) -> str:
    """The title a solo win earns with this many Ensō tokens left in the stock."""
    return next(title for least, title in TITLES if stock_left >= least)


@dataclass(frozen=True)
class Move:
    """A declared monk move: where it goes, how it is paid, and the path it uses."""

    gate: bool
    origin: Point
    target: Point
    payment: int


class GodoState(ReferenceState):
    """A GODŌ game in progress, following the OpenSpiel ``State`` interface.

    Build one with ``GodoState.new`` (the start of a game) or from a position
    (``solver.games.godo.position.state_from_json``).
    """

    GAME = "godo"

    def __init__(self, pack: Pack, players: int, variant: bool, solo: bool) -> None:
        self.pack = pack
        self.players = players
        self.variant = variant
        self.solo = solo
        self.journal = pack.journal(variant)
        self.grounds = Grounds(pack)
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.pile: list[int] = list(range(len(pack.tiles)))
        self.removed: list[int] = []
        self.monks: list[Point | None] = [None] * players
        self.enso: set[Point] = set()
        self.enso_removed = 0
        self.stock = SOLO_STOCK if solo else 0
        self.tracks: list[list[int | None]] = [[0] * NUM_COLOURS for _ in range(players)]
        self.supply = [VIRTUE_TOKENS] * NUM_COLOURS
        self.collected = [0] * NUM_COLOURS
        # Where the game stands.
        self.stage = INITIATION
        self.active = 0
        self.phase = DRAW
        self.to_move = 0
        self.drawer = 0
        self.draws_left = 0
        self.then = THEN_PLACE
        self.places_left = 0
        self.redrawn = False
        self.pool = [0] * NUM_COLOURS
        self.pool_mode = POOL_INITIATION
        self.moves = 0
        self.last_path: Move | None = None
        self.fox_left = 0
        self.pending: Move | None = None
        self.enso_left = 0
        self.enso_from: Point | None = None
        self.winners: list[int] = []

    @classmethod
    def new(cls, pack: Pack, players: int, variant: bool = False, solo: bool = False) -> GodoState:
        """The start of a game: the first player is about to draw the initiation tiles."""
        state = cls(pack, players, variant, solo)
        state._begin_initiation(0)
        return state

    def clone(self) -> GodoState:
        other = self._copy(
            lists=("pile", "removed", "monks", "supply", "collected", "pool", "winners"),
            tables=("hands", "tracks"),
        )
        other.grounds = self.grounds.copy()
        other.enso = set(self.enso)
        return other

    # -- the OpenSpiel interface ---------------------------------------------------------------

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        return CHANCE if self.phase == DRAW else self.to_move

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The tiles that may be drawn, each as likely as the others."""
        if self.phase != DRAW:
            return []
        return [(act.draw_action(t), 1.0 / len(self.pile)) for t in self.pile]

    def legal_actions(self) -> list[int]:
        """The legal actions, sorted; at a chance node, the outcomes' actions."""
        if self.phase == DRAW:
            return [a for a, _ in self.chance_outcomes()]
        if self.phase == OVER:
            return []
        return sorted(_LEGAL[self.phase](self))

    def apply_legal_action(self, action: int) -> None:
        """``apply_action`` without the legality check, for callers that took the action from
        ``legal_actions`` (playouts, searchers)."""
        _APPLY[self.phase](self, action)

    def scores(self) -> list[int]:
        """Each player's journal score: 10 per mastered track, else the spaces left of its token."""
        return [sum(10 if pos is None else pos for pos in row) for row in self.tracks]

    def returns(self) -> list[float]:
        """The outcome for each player, in [0, 1]; 0 for everyone until the game is over.

        Multiplayer: the winners share 1 (a sole winner gets 1, two tied winners 0.5 each).
        Solo: a loss is 0, a win 0.5 plus 0.05 per stock token left, up to 1 for a Godo Legend.
        """
        if self.phase != OVER or not self.winners:
            return [0.0] * self.players
        if self.solo:
            return [0.5 + 0.05 * min(self.stock, 10)]
        return self.share_among_winners()

    def solo_points(self, value: float) -> float:
        """A solo return (or a search's value) as stock left, a loss counting as -10 (``returns``
        turned back: 0.5 + 0.05 x stock for a win, 0 for a loss)."""
        return 20.0 * value - 10.0

    def title(self) -> str | None:
        """The solo title earned, once a solo game is won."""
        if self.solo and self.phase == OVER and self.winners:
            return solo_title(self.stock)
        return None

    # -- stages of the game --------------------------------------------------------------------

    def _next(self, player: int) -> int:
        return (player + 1) % self.players

    def _begin_initiation(self, player: int) -> None:
        self.stage, self.active = INITIATION, player
        self.places_left, self.redrawn = FIRST_DRAWS[player], False
        self._draw(player, FIRST_DRAWS[player], THEN_PLACE)

    def _draw(self, player: int, count: int, then: str) -> None:
        self.drawer, self.then = player, then
        self.draws_left = min(count, len(self.pile))
        if self.draws_left:
            self.phase = DRAW
        else:
            self._after_draws()

    def _after_draws(self) -> None:
        if self.then == THEN_PLACE:
            self._place()
        elif self.then == THEN_MOVE:
            self._start_movement()
        elif self.drawer + 1 < self.players:
            self._draw_hand(self.drawer + 1)
        else:
            self._start_turn(0)

    def _draw_hand(self, player: int) -> None:
        self._draw(player, max(0, HAND_SIZE - len(self.hands[player])), THEN_HAND)

    def _start_turn(self, player: int) -> None:
        self.stage, self.active = PLAY, player
        self.collected = [0] * NUM_COLOURS
        self.moves, self.last_path, self.fox_left = 0, None, 0
        if not self.hands[player]:
            if self.solo:
                return self._finish([])  # out of tiles before mastering everything: a loss
            if not any(self.hands):
                return self._finish_by_scoring()
            return self._start_turn(self._next(player))
        self.places_left, self.redrawn = 1, False
        self._place()

    def _finish(self, winners: list[int]) -> None:
        self.stage = self.phase = OVER
        self.winners = winners

    def _finish_by_scoring(self) -> None:
        self._finish(best_seats(self.scores()))

    # -- 1. place a tile -----------------------------------------------------------------------

    def _placements(self) -> list[int]:
        hand = self.hands[self.active]
        if not self.grounds.slots:  # the first tile goes in the middle
            return [act.place_action(t, (0, 0, r)) for t in hand for r in range(4)]
        return [act.place_action(t, s) for t in hand for s in self.grounds.placements(t)]

    def _place(self) -> None:
        """Place the next tile due, applying the rule for a hand that fits nowhere."""
        hand = self.hands[self.active]
        if self.places_left == 0:
            return self._after_places()
        if self._placements():
            self.phase, self.to_move = PLACE, self.active
            return None
        if hand and not self.redrawn:  # show them, remove them, draw 2 new ones
            self.removed = sorted(self.removed + hand)
            hand.clear()
            self.redrawn = True
            return self._draw(self.active, 2, THEN_PLACE)
        self.places_left -= 1  # even the new tiles fit nowhere: they stay in hand
        self.redrawn = False
        return self._place()

    def _apply_place(self, action: int) -> None:
        tile, slot = act.decode_place(action)
        self.hands[self.active].remove(tile)
        self.grounds.place(tile, slot)
        self.places_left -= 1
        self.redrawn = False
        self._place()

    def _after_places(self) -> None:
        if self.stage == INITIATION:
            self.phase, self.to_move = MONK, self.active
        else:
            self._draw(self.active, 1, THEN_MOVE)

    # -- initiation: the monk enters the grounds -----------------------------------------------

    def _monk_spots(self) -> list[int]:
        taken = set(self.monks)
        return [act.point_action(p) for p in self.grounds.intersections() if p not in taken]

    def _apply_monk(self, action: int) -> None:
        point = geo.index_point(action - act.POINT)
        self.monks[self.active] = point
        self._advance(self.active, list(self.grounds.points[point].lotuses), POOL_INITIATION)

    # -- moving Ensō tokens right: initiation symbols, improvement, sharing --------------------

    def _advance(self, player: int, pool: list[int], mode: str) -> None:
        self.to_move, self.pool, self.pool_mode = player, pool, mode
        if self._advances():
            self.phase = ADVANCE
        else:
            self._after_advance()

    def _advances(self) -> list[int]:
        row = self.tracks[self.to_move]
        # Initiation symbols never reach the sixth space: mastering is a step of a turn.
        last = MASTERY_SPACE - 1 if self.pool_mode == POOL_INITIATION else MASTERY_SPACE
        found = [
            act.advance_action(colour, track)
            for colour in range(NUM_COLOURS)
            if self.pool[colour]
            for track, pos in enumerate(row)
            if pos is not None and pos < last and self.journal.shows(track, pos + 1, colour)
        ]
        if found and self.pool_mode != POOL_INITIATION:
            found.append(act.PASS)  # improvement and sharing are optional, initiation is not
        return found

    def _apply_advance(self, action: int) -> None:
        if action == act.PASS:
            return self._after_advance()
        colour, track = divmod(action - act.ADVANCE, NUM_COLOURS)
        self.tracks[self.to_move][track] += 1
        self.pool[colour] -= 1
        if self.pool_mode == POOL_IMPROVE:  # the token goes back to the supply
            self.collected[colour] -= 1
            self.supply[colour] += 1
        self._advance(self.to_move, self.pool, self.pool_mode)

    def _after_advance(self) -> None:
        player, mode = self.to_move, self.pool_mode
        self.pool = [0] * NUM_COLOURS
        if mode == POOL_INITIATION:
            if player + 1 < self.players:
                self._begin_initiation(player + 1)
            else:
                self._draw_hand(0)
        elif mode == POOL_IMPROVE:
            self._share_with(self._next(self.active))
        else:
            self._share_with(self._next(player))

    # -- 3. move the monk ----------------------------------------------------------------------

    def _payments(self, colours: set[int]) -> list[int]:
        """How the active player may pay to travel a path or gate showing one of these colours."""
        row = self.tracks[self.active]
        if any(row[c] is None for c in colours):
            return [act.FREE]
        return [
            t
            for t, pos in enumerate(row)
            if pos is not None and pos >= 1 and colours & self.journal.spaces[t][pos - 1]
        ]

    def _icon(self, payment: int) -> str | None:
        """The Sacred Specialty a payment would trigger (variant only), before it is made."""
        if not self.variant or payment == act.FREE:
            return None
        return self.journal.icons[payment][self.tracks[self.active][payment] - 1]

    def _candidate_moves(self) -> list[Move]:
        here = self.monks[self.active]
        moves = []
        for d in range(4):
            there = geo.step(here, d)
            colour = self.grounds.path_colour(here, there)
            if colour is not None:
                moves += [Move(False, here, there, pay) for pay in self._payments({colour})]
        gates = self.grounds.points[here].gates
        if gates:
            payments = self._payments(set(gates))
            for there in self.grounds.gates():
                if there != here:
                    moves += [Move(True, here, there, pay) for pay in payments]
        return moves

    def _same_path(self, move: Move) -> bool:
        last = self.last_path
        return (
            last is not None
            and last.gate == move.gate
            and {last.origin, last.target} == {move.origin, move.target}
        )

    def _move_allowed(self, move: Move) -> bool:
        if self._same_path(move):
            return False
        occupant = self._monk_at(move.target)
        if occupant is None:
            return True
        # Variant: a Move-Monk payment may clear the way first.
        return self._icon(move.payment) == "move_monk" and bool(self._pushes_of(occupant, move.target))

    def _moves(self) -> list[int]:
        if self.moves >= MAX_MOVES_PER_TURN:
            return []
        found = [_move_action(m) for m in self._candidate_moves() if self._move_allowed(m)]
        if found and self.moves:
            found.append(act.PASS)  # only the first move is mandatory
        return found

    def _monk_at(self, point: Point) -> int | None:
        for player, where in enumerate(self.monks):
            if where == point:
                return player
        return None

    def _start_movement(self) -> None:
        self.to_move = self.active
        if self._moves():
            self.phase = MOVE
        elif any(pos is not None and pos < MASTERY_SPACE for pos in self.tracks[self.active]):
            self.phase = NUDGE  # no first move: one token one step right, then mastering
        else:
            self._start_mastering()

    def _nudges(self) -> list[int]:
        return [
            act.nudge_action(t)
            for t, pos in enumerate(self.tracks[self.active])
            if pos is not None and pos < MASTERY_SPACE
        ]

    def _apply_nudge(self, action: int) -> None:
        self.tracks[self.active][action - act.NUDGE] += 1
        self._start_mastering()

    def _decode_move(self, action: int) -> Move:
        here = self.monks[self.active]
        if act.kind(action) == "gate":
            index, pay = divmod(action - act.GATE, act.PAYMENTS)
            return Move(True, here, geo.index_point(index), pay)
        direction, pay = divmod(action - act.MOVE, act.PAYMENTS)
        return Move(False, here, geo.step(here, direction), pay)

    def _apply_move(self, action: int) -> None:
        if action == act.PASS:
            return self._end_movement()
        move = self._decode_move(action)
        icon = self._icon(move.payment)
        if move.payment != act.FREE:
            self.tracks[self.active][move.payment] -= 1
        self.pending = move
        if icon == "move_monk" and self._pushes():
            self.phase = PUSH
        elif icon == "relocate_tile" and self._relocations():
            self.phase = RELOCATE
        elif icon == "move_enso" and self._enso_sources():
            self.phase = ENSO_FROM
        else:
            self._arrive()

    def _arrive(self) -> None:
        move, self.pending = self.pending, None
        self.monks[self.active] = move.target
        self.last_path, self.moves = move, self.moves + 1
        if move.target in self.enso:
            return self._end_movement()
        info = self.grounds.points[move.target]
        for colour, count in enumerate(info.lotuses):
            taken = min(count, self.supply[colour])
            self.supply[colour] -= taken
            self.collected[colour] += taken
        self.fox_left = info.shrines
        self._fox()

    def _fox(self) -> None:
        if self.fox_left and self._exchanges():
            self.phase = FOX
            return
        self.fox_left = 0
        if self.grounds.points[self.monks[self.active]].lanterns:
            self._end_movement()
        elif self._moves():
            self.phase = MOVE
        else:
            self._end_movement()

    def _exchanges(self) -> list[int]:
        found = [
            act.exchange_action(give, take)
            for give in range(NUM_COLOURS)
            if self.collected[give]
            for take in range(NUM_COLOURS)
            if take != give and self.supply[take]
        ]
        return found + [act.PASS] if found else []

    def _apply_exchange(self, action: int) -> None:
        if action == act.PASS:
            self.fox_left = 0
        else:
            give, take = divmod(action - act.EXCHANGE, NUM_COLOURS)
            self.collected[give] -= 1
            self.supply[give] += 1
            self.supply[take] -= 1
            self.collected[take] += 1
            self.fox_left -= 1
        self._fox()

    def _end_movement(self) -> None:
        self._advance(self.active, list(self.collected), POOL_IMPROVE)

    # -- variant: the Sacred Specialties, resolved before the move ends -------------------------

    def _pushes_of(self, player: int, blocked: Point) -> list[int]:
        here = self.monks[player]
        taken = set(self.monks)
        return [
            act.push_action(player, d)
            for d in range(4)
            if self.grounds.path_colour(here, geo.step(here, d)) is not None
            and geo.step(here, d) not in taken
            and geo.step(here, d) != blocked
        ]

    def _pushes(self) -> list[int]:
        target = self.pending.target
        occupant = self._monk_at(target)
        if occupant is not None:  # the move needs this monk out of the way: no passing
            return self._pushes_of(occupant, target)
        found = [
            a
            for p in range(self.players)
            if p != self.active and self.monks[p] is not None
            for a in self._pushes_of(p, target)
        ]
        return found + [act.PASS] if found else []

    def _apply_push(self, action: int) -> None:
        if action != act.PASS:
            player, direction = divmod(action - act.PUSH, 4)
            self.monks[player] = geo.step(self.monks[player], direction)
        self._arrive()

    def _relocations(self) -> list[int]:
        """Tiles that may move, and where: the grounds stay whole and legal, every monk and Ensō
        token keeps its intersection, and the tiles at both ends of the declared move stay put."""
        ends = {self.pending.origin, self.pending.target}
        standing = {p for p in self.monks if p is not None} | self.enso
        trial = self.grounds.copy()
        found = []
        for tile, origin in sorted(self.grounds.where.items()):
            if ends & set(geo.corner_points(*origin)):
                continue
            trial.lift(tile)
            if trial.is_connected():
                for slot in trial.placements(tile):
                    if slot == origin:
                        continue
                    trial.place(tile, slot)
                    if all(p in trial.points for p in standing):
                        found.append(act.place_action(tile, slot))
                    trial.lift(tile)
            trial.place(tile, origin)
        return found + [act.PASS] if found else []

    def _apply_relocation(self, action: int) -> None:
        if action != act.PASS:
            tile, slot = act.decode_place(action)
            self.grounds.lift(tile)
            self.grounds.place(tile, slot)
        self._arrive()

    def _enso_sources(self) -> list[int]:
        if not self.enso or not any(p not in self.enso for p in self.grounds.points):
            return []
        return [act.point_action(p) for p in sorted(self.enso)] + [act.PASS]

    def _apply_enso_from(self, action: int) -> None:
        if action == act.PASS:
            return self._arrive()
        self.enso_from = geo.index_point(action - act.POINT)
        self.phase = ENSO_TO

    def _apply_enso_to(self, action: int) -> None:
        self.enso.remove(self.enso_from)
        self.enso.add(geo.index_point(action - act.POINT))
        self.enso_from = None
        self._arrive()

    # -- 5. sharing ----------------------------------------------------------------------------

    def _share_with(self, player: int) -> None:
        """Offer the unused tokens to the next player clockwise; they return to the supply after."""
        if player == self.active or self.solo or not any(self.collected):
            for colour in range(NUM_COLOURS):
                self.supply[colour] += self.collected[colour]
            self.collected = [0] * NUM_COLOURS
            return self._start_mastering()
        self._advance(player, list(self.collected), POOL_SHARE)

    # -- 6. mastering a virtue -----------------------------------------------------------------

    def _start_mastering(self) -> None:
        self._master(self.active)

    def _master(self, player: int) -> None:
        row = self.tracks[player]
        mastered = [t for t, pos in enumerate(row) if pos == MASTERY_SPACE]
        for t in mastered:
            row[t] = None
        self.to_move, self.enso_left = player, len(mastered)
        if all(pos is None for pos in row):
            return self._finish([player])  # the last token left the journal: an immediate win
        self._place_enso()

    def _free_points(self) -> list[Point]:
        return [p for p in self.grounds.intersections() if p not in self.enso]

    def _place_enso(self) -> None:
        if self.enso_left and not self._free_points():
            self.enso_removed += self.enso_left
            self.enso_left = 0
        if self.enso_left:
            self.phase = MASTER
        elif self._next(self.to_move) != self.active:
            self._master(self._next(self.to_move))
        elif self.solo:
            self._stock()
        else:
            self._start_turn(self._next(self.active))

    def _free_spots(self) -> list[int]:
        """Intersections without an Ensō token, for a mastered token or one being moved."""
        return [act.point_action(p) for p in self._free_points()]

    def _apply_master(self, action: int) -> None:
        self.enso.add(geo.index_point(action - act.POINT))
        self.enso_left -= 1
        self._place_enso()

    # -- solo: the Ensō stock --------------------------------------------------------------------

    def _stock_spots(self) -> list[Point]:
        taken = self.enso | {p for p in self.monks if p is not None}
        return [p for p in self.grounds.intersections() if p not in taken]

    def _stock_actions(self) -> list[int]:
        return [act.point_action(p) for p in self._stock_spots()]

    def _stock(self) -> None:
        if self.stock == 0:
            return self._finish([])  # the stock ran out: GODŌ is not mastered this time
        if self._stock_spots():
            self.phase, self.to_move = STOCK, self.active
            return None
        self.stock -= 1
        self.enso_removed += 1
        return self._start_turn(self.active)

    def _apply_stock(self, action: int) -> None:
        self.enso.add(geo.index_point(action - act.POINT))
        self.stock -= 1
        self._start_turn(self.active)

    def turn_start(self) -> bool:
        """Whether this is the first decision of a player's turn (placing its tile)."""
        return self.stage == PLAY and self.phase == PLACE and not self.redrawn


def _move_action(move: Move) -> int:
    if move.gate:
        return act.gate_action(move.target, move.payment)
    dx, dy = move.target[0] - move.origin[0], move.target[1] - move.origin[1]
    return act.move_action(geo.DIRECTIONS.index((dx, dy)), move.payment)


_LEGAL = {
    PLACE: GodoState._placements,
    MONK: GodoState._monk_spots,
    ADVANCE: GodoState._advances,
    MOVE: GodoState._moves,
    NUDGE: GodoState._nudges,
    FOX: GodoState._exchanges,
    PUSH: GodoState._pushes,
    RELOCATE: GodoState._relocations,
    ENSO_FROM: GodoState._enso_sources,
    ENSO_TO: GodoState._free_spots,
    MASTER: GodoState._free_spots,
    STOCK: GodoState._stock_actions,
}


def _apply_draw(state: GodoState, action: int) -> None:
    tile = action - act.DRAW
    state.pile.remove(tile)
    state.hands[state.drawer] = sorted(state.hands[state.drawer] + [tile])
    state.draws_left -= 1
    if not state.draws_left:
        state._after_draws()


_APPLY = {
    DRAW: _apply_draw,
    PLACE: GodoState._apply_place,
    MONK: GodoState._apply_monk,
    ADVANCE: GodoState._apply_advance,
    MOVE: GodoState._apply_move,
    NUDGE: GodoState._apply_nudge,
    FOX: GodoState._apply_exchange,
    PUSH: GodoState._apply_push,
    RELOCATE: GodoState._apply_relocation,
    ENSO_FROM: GodoState._apply_enso_from,
    ENSO_TO: GodoState._apply_enso_to,
    MASTER: GodoState._apply_master,
    STOCK: GodoState._apply_stock,
}
