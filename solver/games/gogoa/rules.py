"""The Go Goa reference engine: the rulebook in plain Python, slow on purpose and written to be read.

A game goes through these phases (``phase``), one decision or chance event at a time::

    deal     chance: tour plan cards are dealt one by one, 2 from each deck to each player in seat
             order (the 40-point deck first)
    keep     each player in seat order keeps 2 of their 4 cards
    then 12 trip days, the starting player passing to the left each day (seat 0 on day 1):
    roll     chance: the three dice (one of 56 rolls)
    reserve  the starting player reserves one die for their direction (one they can move with)
    move     each player in turn, the starting player first, ends the day's route somewhere
    over     the trip is over: scores, winners, the solo achievement

Every decision is an integer (see ``actions``)::

    >>> from solver.games.gogoa.pack import load_pack
    >>> state = GoGoaState.new(load_pack(), players=2)
    >>> state.phase, state.is_chance_node(), len(state.chance_outcomes())
    ('deal', True, 12)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.core.players import CHANCE, TERMINAL
from solver.core.reference import ReferenceState
from solver.games.gogoa import actions as act
from solver.games.gogoa import moves as mv
from solver.games.gogoa import scoring
from solver.games.gogoa.dice import ROLL_ODDS, ROLLS
from solver.games.gogoa.pack import Pack

DEAL, KEEP, ROLL, RESERVE, MOVE, OVER = "deal", "keep", "roll", "reserve", "move", "over"
PHASES = (DEAL, KEEP, ROLL, RESERVE, MOVE, OVER)
DAYS = 12
DEALT_PER_DECK = 2
HAND = 2 * DEALT_PER_DECK
KEPT = 2
LOCKED, UNLOCKED, USED = "locked", "unlocked", "used"


@dataclass
class Sheet:
    """A player's sheet: where they are, the souvenirs, the Local Guides used, the tour plans."""

    position: int
    visited: set[int] = field(default_factory=set)  # destination hexes with a souvenir
    used: set[int] = field(default_factory=set)  # guides crossed out (0-2, the pack's order)
    dealt: list[int] = field(default_factory=list)  # the cards dealt, by id
    kept: list[int] = field(default_factory=list)  # the two cards kept

    def copy(self) -> Sheet:
        return Sheet(
            self.position, set(self.visited), set(self.used), list(self.dealt), list(self.kept)
        )


class GoGoaState(ReferenceState):
    """A Go Goa game in progress, following the OpenSpiel ``State`` interface.

    Build one with ``GoGoaState.new`` (the start of a game) or from a position
    (``solver.games.gogoa.position.state_from_json``).
    """

    GAME = "gogoa"

    def __init__(self, pack: Pack, players: int) -> None:
        self.pack = pack
        self.players = players
        self.phase = DEAL
        self.day = 0
        self.to_move = 0
        self.dice: tuple[int, int, int] | None = None
        self.reserved: int | None = None
        self.decks = [pack.deck(0), pack.deck(1)]  # undealt cards, by id
        self.sheets = [Sheet(pack.start) for _ in range(players)]
        self.winners: list[int] = []

    @classmethod
    def new(cls, pack: Pack, players: int) -> GoGoaState:
        """The start of a game: the first card is about to be dealt."""
        return cls(pack, players)

    def clone(self) -> GoGoaState:
        other = self._copy(lists=("winners",), tables=("decks",))
        other.sheets = [s.copy() for s in self.sheets]
        return other

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def starter(self) -> int:
        """The starting player of the day (seat 0 on day 1, then passing to the left)."""
        return (max(self.day, 1) - 1) % self.players

    # -- the OpenSpiel interface ---------------------------------------------------------------

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        return CHANCE if self.phase in (DEAL, ROLL) else self.to_move

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Deal: each card left in the deck dealt from, alike. Roll: the 56 rolls by their odds."""
        if self.phase == DEAL:
            deck = self.decks[self.dealing()[1]]
            return [(act.DEAL + card, 1.0 / len(deck)) for card in deck]
        if self.phase == ROLL:
            return [(act.ROLL + i, p) for i, p in enumerate(ROLL_ODDS)]
        return []

    def legal_actions(self) -> list[int]:
        """The legal actions, sorted; at a chance node, the outcomes' actions."""
        if self.phase in (DEAL, ROLL):
            return [a for a, _ in self.chance_outcomes()]
        if self.phase == KEEP:
            return [act.KEEP + i for i in range(len(act.PAIRS))]
        if self.phase == RESERVE:
            return [act.RESERVE + value - 1 for value in self.reserves()]
        if self.phase == MOVE:
            _, best, stuck = self.day_moves()
            found = sorted(act.move_action(end, way.cost) for end, way in best.items())
            return found + [act.STAY] if stuck else found
        return []

    def apply_legal_action(self, action: int) -> None:
        """``apply_action`` without the legality check."""
        {
            DEAL: self._deal,
            KEEP: self._keep,
            ROLL: self._roll,
            RESERVE: self._reserve,
            MOVE: self._move,
        }[self.phase](action)

    def scores(self) -> list[int]:
        """Each player's score so far (the final score once the trip is over)."""
        return [scoring.score(self.pack, s.visited, s.kept) for s in self.sheets]

    def solo_return(self) -> float:
        """The final score over ``scoring.MAX_SCORE`` (at most 1)."""
        return min(1.0, super().solo_return())

    def score_range(self) -> tuple[int, int]:
        """0 to ``scoring.MAX_SCORE``: the solo scale (a higher score returns 1 too)."""
        return 0, scoring.MAX_SCORE

    def title(self) -> str | None:
        """The solo achievement, once a solo trip is over."""
        return scoring.solo_title(self.scores()[0]) if self.solo and self.phase == OVER else None

    def turn_start(self) -> bool:
        """Whether this decision is the first of a player's turn (keeping plans, reserving a die,
        or moving for anyone but the starting player, whose turn began with the reservation)."""
        return self.phase in (KEEP, RESERVE) or (
            self.phase == MOVE and self.to_move != self.starter
        )

    # -- setup -----------------------------------------------------------------------------------

    def dealing(self) -> tuple[int, int]:
        """The player the next card goes to, and the deck it comes from."""
        dealt = sum(len(s.dealt) for s in self.sheets)
        player, k = divmod(dealt, HAND)
        return player, 0 if k < DEALT_PER_DECK else 1

    def _deal(self, action: int) -> None:
        card = action - act.DEAL
        player, deck = self.dealing()
        self.decks[deck].remove(card)
        self.sheets[player].dealt = sorted(self.sheets[player].dealt + [card])
        if self.dealing()[0] == self.players:
            self.phase, self.to_move = KEEP, 0

    def _keep(self, action: int) -> None:
        sheet = self.sheets[self.to_move]
        sheet.kept = [sheet.dealt[i] for i in act.PAIRS[action - act.KEEP]]
        if self.to_move + 1 < self.players:
            self.to_move += 1
        else:
            self._start_day(1)

    # -- a trip day ------------------------------------------------------------------------------

    def _start_day(self, day: int) -> None:
        self.day, self.phase = day, ROLL
        self.to_move = self.starter
        self.dice = self.reserved = None

    def _roll(self, action: int) -> None:
        self.dice = ROLLS[action - act.ROLL]
        self.phase, self.to_move = RESERVE, self.starter

    def _reserve(self, action: int) -> None:
        self.reserved = action - act.RESERVE + 1
        self.phase = MOVE

    def guides_left(self, player: int) -> list[int]:
        """The guides a player may still use: unlocked (their beach visited) and not crossed out."""
        sheet = self.sheets[player]
        return [
            g
            for g, beach in enumerate(self.pack.guides)
            if beach in sheet.visited and g not in sheet.used
        ]

    def guide_status(self, player: int, guide: int) -> str:
        sheet = self.sheets[player]
        if guide in sheet.used:
            return USED
        return UNLOCKED if self.pack.guides[guide] in sheet.visited else LOCKED

    def reserves(self) -> tuple[int, ...]:
        """The dice the starting player may reserve today (see ``moves.reserves``)."""
        player = self.starter
        return mv.reserves(
            self.pack.land, self.dice, self.sheets[player].position, len(self.guides_left(player))
        )

    def day_moves(self) -> tuple[int, dict[int, mv.Way], bool]:
        """The moves of the player to move today (see ``moves.day_moves``)."""
        player = self.to_move
        return mv.day_moves(
            self.pack.land, self.dice, self.reserved, player == self.starter,
            self.sheets[player].position, len(self.guides_left(player)),
        )  # fmt: skip

    def _move(self, action: int) -> None:
        sheet = self.sheets[self.to_move]
        if action != act.STAY:
            end, cost = act.decode_move(action)
            sheet.used |= set(self.guides_left(self.to_move)[:cost])  # the first ones listed
            sheet.position = end
            if self.pack.destination(end) is not None:
                sheet.visited.add(end)  # a souvenir, the first time only
        self.to_move = (self.to_move + 1) % self.players
        if self.to_move != self.starter:
            return
        if self.day < DAYS:
            self._start_day(self.day + 1)
        else:
            self._finish()

    def _finish(self) -> None:
        self.phase = OVER
        self.dice = self.reserved = None
        if self.solo:
            self.winners = [0]
        else:
            beaches = [scoring.beaches(self.pack, s.visited) for s in self.sheets]
            self.winners = scoring.winners(self.scores(), beaches)
