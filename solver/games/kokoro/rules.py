"""The Kokoro reference engine: the rulebook in plain Python, slow on purpose, written to be read.

Everyone draws at once in the real game; here the players resolve each revealed path card one
after another in seat order (each choice is one decision), and the round goes on once all have.
A game runs::

    [pink side: roll the die for the lady, then for the lion (doubles rolled again)]
    5 rounds of:
        reveal the round's sanctuary card (chance, unless someone peeked at it: then it is known)
        until the round's 4th golden card is resolved (or the path deck runs out):
            reveal a path card (chance, over the cards left)
            each player in turn: draw its segment in an empty space, or peek at the next
            sanctuary card (chance the first time someone peeks at a card)
        score the sanctuary on every mat
    score the guardians (and the decree), find the winners

The next sanctuary card is fixed only when it is first needed, so the deck order nobody has seen
is not part of the state; ``seen`` lists the players who know the fixed card.

    >>> from solver.games.kokoro.pack import load_pack
    >>> state = KokoroState.new(load_pack(), players=2)
    >>> state.phase, state.is_chance_node(), len(state.chance_outcomes())
    ('sanctuary', True, 6)
"""

from __future__ import annotations

from solver.core.players import CHANCE, TERMINAL
from solver.core.reference import ReferenceState
from solver.games.kokoro import actions as act
from solver.games.kokoro import scoring
from solver.games.kokoro.decrees import Decree
from solver.games.kokoro.network import connected_features
from solver.games.kokoro.pack import DIE_FACES, GUARDIANS, SANCTUARIES, Pack
from solver.games.kokoro.segments import EMPTY

# Phases, as positions name them.
ROLL, SANCTUARY, PATH, CHOOSE, PEEK, OVER = "roll", "sanctuary", "path", "choose", "peek", "over"
PHASES = (ROLL, SANCTUARY, PATH, CHOOSE, PEEK, OVER)
CHANCE_PHASES = (ROLL, SANCTUARY, PATH, PEEK)

Card = tuple[int, bool]  # (segment, golden)


class KokoroState(ReferenceState):
    """A Kokoro game in progress, following the OpenSpiel ``State`` interface.

    Build one with ``KokoroState.new`` (the start of a game) or from a position
    (``solver.games.kokoro.position.state_from_json``).
    """

    GAME = "kokoro"

    def __init__(
        self, pack: Pack, players: int, side: str = "blue", decree: Decree | None = None
    ) -> None:
        self.pack = pack
        self.players = players
        self.side = side
        self.decree = decree
        self.mat = pack.mats[side]
        spaces = len(self.mat.spaces)
        self.paths: list[list[int]] = [[EMPTY] * spaces for _ in range(players)]
        self.boxes: list[list[int]] = [
            [] for _ in range(players)
        ]  # sanctuary boxes, round by round
        self.lady_boxes: list[int | None] = [None] * players  # filled at the end
        self.lion_boxes: list[int | None] = [None] * players
        self.decree_boxes: list[int | None] = [None] * players  # a scoring decree's points
        self.revealed: list[
            str
        ] = []  # sanctuary cards in the order revealed; the last is this round's
        self.next_card: str | None = None  # the top of the sanctuary deck, once someone needs it
        self.seen: set[int] = set()  # the players who know next_card
        self.deck: dict[Card, int] = pack.counts()  # path cards left, by (segment, golden)
        self.card: Card | None = None  # the path card being resolved
        self.golden = 0  # golden cards revealed this round
        self.guardians: dict[str, int | None] = {g: self.mat.guardian_space(g) for g in GUARDIANS}
        self.phase = SANCTUARY
        self.to_move = 0
        self.winners: list[int] = []

    @classmethod
    def new(
        cls, pack: Pack, players: int, side: str = "blue", decree: Decree | None = None
    ) -> KokoroState:
        """The start of a game: the guardians' die (pink side) or the first sanctuary card."""
        state = cls(pack, players, side, decree)
        if side == "pink":
            state.phase = ROLL
        else:
            state._start_round()
        return state

    def clone(self) -> KokoroState:
        other = self._copy(
            lists=("lady_boxes", "lion_boxes", "decree_boxes", "revealed", "winners"),
            tables=("paths", "boxes"),
        )
        other.seen, other.deck, other.guardians = (
            set(self.seen),
            dict(self.deck),
            dict(self.guardians),
        )
        return other

    # -- the OpenSpiel interface ---------------------------------------------------------------

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        return CHANCE if self.phase in CHANCE_PHASES else self.to_move

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Path cards by (segment, golden), as likely as their count; sanctuary cards and die faces
        alike."""
        if self.phase == PATH:
            left = sum(self.deck.values())
            return [
                (act.path_action(seg, gold), n / left) for (seg, gold), n in self.deck.items() if n
            ]
        if self.phase in (SANCTUARY, PEEK):
            cards = self.unrevealed()
            return [(act.sanctuary_action(c), 1.0 / len(cards)) for c in cards]
        if self.phase == ROLL:
            faces = [
                f
                for f in range(1, DIE_FACES + 1)
                if self.mat.die_space(f) != self.guardians["lady"]
            ]
            return [(act.die_action(f), 1.0 / len(faces)) for f in faces]
        return []

    def legal_actions(self) -> list[int]:
        """The legal actions, sorted; at a chance node, the outcomes' actions."""
        if self.phase == OVER:
            return []
        if self.is_chance_node():
            return [a for a, _ in self.chance_outcomes()]
        segment = self.card[0]
        paths = self.paths[self.to_move]
        allows = self.decree.allows if self.decree is not None else None
        draws = [
            act.DRAW + i
            for i, drawn in enumerate(paths)
            if drawn == EMPTY and (allows is None or allows(self.mat, segment, i))
        ]
        return draws + [act.PEEK]  # peeking is always allowed

    def apply_legal_action(self, action: int) -> None:
        """``apply_action`` without the legality check, for callers that took the action from
        ``legal_actions`` (playouts, searchers)."""
        if self.phase == ROLL:
            self._apply_roll(action - act.DIE)
        elif self.phase == SANCTUARY:
            self._apply_sanctuary(SANCTUARIES[action - act.SANCTUARY])
        elif self.phase == PATH:
            self._apply_path(act.decode_path(action))
        elif self.phase == PEEK:
            self._apply_peeked(SANCTUARIES[action - act.SANCTUARY])
        elif action == act.PEEK:
            self._peek()
        else:
            self.paths[self.to_move][action - act.DRAW] = self.card[0]
            self._next_player()

    def unrevealed(self) -> list[str]:
        """The sanctuary cards still in the deck."""
        return [c for c in SANCTUARIES if c not in self.revealed]

    # -- setup: the pink side's guardians --------------------------------------------------------

    def _apply_roll(self, face: int) -> None:
        """The die places the lady first, then the lion (a double is rolled again, so the lion's
        roll never shows the lady's number)."""
        space = self.mat.die_space(face)
        if self.guardians["lady"] is None:
            self.guardians["lady"] = space
            return
        self.guardians["lion"] = space
        self._start_round()

    # -- rounds --------------------------------------------------------------------------------

    def _start_round(self) -> None:
        if self.next_card is not None:  # someone peeked at it: it is the card revealed now
            card, self.next_card, self.seen = self.next_card, None, set()
            self._apply_sanctuary(card)
        else:
            self.phase = SANCTUARY

    def _apply_sanctuary(self, card: str) -> None:
        self.revealed.append(card)
        self._reveal_path()

    def _reveal_path(self) -> None:
        if any(self.deck.values()):
            self.phase = PATH
        else:
            self._end_round()  # a custom deck ran out: the round ends (docs/rules/kokoro.md)

    def _apply_path(self, card: Card) -> None:
        self.deck[card] -= 1
        self.card = card
        self.golden += card[1]
        self.phase, self.to_move = CHOOSE, 0

    def _peek(self) -> None:
        if self.next_card is None:
            self.phase = PEEK  # the top card is fixed now, by chance; to_move is the peeker
        else:
            self.seen.add(self.to_move)
            self._next_player()

    def _apply_peeked(self, card: str) -> None:
        self.next_card = card
        self.seen.add(self.to_move)
        self._next_player()

    def _next_player(self) -> None:
        if self.to_move + 1 < self.players:
            self.phase, self.to_move = CHOOSE, self.to_move + 1
            return
        self.card, self.to_move = None, 0
        if self.golden >= scoring.GOLDEN_PER_ROUND:
            self._end_round()
        else:
            self._reveal_path()

    def _end_round(self) -> None:
        """Score the round's sanctuary on every mat, then start the next round or end the game."""
        space = self.mat.sanctuary_space(self.revealed[-1])
        for p in range(self.players):
            count = sum(connected_features(self.mat, self.paths[p], space))
            self.boxes[p].append(scoring.sanctuary_box(count, self.boxes[p]))
        self.card, self.to_move, self.golden = None, 0, 0
        if len(self.revealed) == scoring.ROUNDS:
            self._finish()
        else:
            self._start_round()

    def _finish(self) -> None:
        lady, lion = self.guardians["lady"], self.guardians["lion"]
        bonus = self.decree.bonus if self.decree is not None else None
        for p in range(self.players):
            self.lady_boxes[p] = connected_features(self.mat, self.paths[p], lady)[0]
            self.lion_boxes[p] = connected_features(self.mat, self.paths[p], lion)[1]
            self.decree_boxes[p] = bonus(self.mat, self.paths[p], self.guardians) if bonus else None
        self.phase = OVER
        self.winners = scoring.winners(
            self.scores(), [self.score_boxes(p) for p in range(self.players)]
        )

    # -- scores and returns ----------------------------------------------------------------------

    def score_boxes(self, player: int) -> list[int]:
        """Every box filled on a player's sheet (for the tie-break)."""
        ends = (self.lady_boxes[player], self.lion_boxes[player], self.decree_boxes[player])
        return self.boxes[player] + [b for b in ends if b is not None]

    def scores(self) -> list[int]:
        """Each player's score so far: the sanctuary boxes less the penalties (and, at the end, the
        guardians and the decree)."""
        return [
            scoring.final_score(
                self.boxes[p],
                self.lady_boxes[p] or 0,
                self.lion_boxes[p] or 0,
                self.decree_boxes[p],
            )
            for p in range(self.players)
        ]

    def score_range(self) -> tuple[int, int]:
        """(lowest, highest) possible final score: the solo ``returns`` scale."""
        return scoring.score_range(self.mat, self.decree.max_bonus if self.decree else 0)

    def title(self) -> str | None:
        """Kokoro has no solo titles: the solo player plays for the best score."""
        return None

    def turn_start(self) -> bool:
        """Every decision is a whole turn: one player's answer to one path card."""
        return self.phase == CHOOSE
