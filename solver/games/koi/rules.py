"""The KOI reference engine: the rulebook fragment and our completion in plain Python, slow on
purpose, written to be read.

A game runs (``docs/rules/koi.md`` marks what the fragment says and what is OURS)::

    setup: 5 cards flipped onto the market (chance, from the deck of this player count)
    turns in seat order, each player either
        Meditates: take the card on a market space, paying space 1's fee first; take the space's
            reward and carry out the card's effect, in the order the player chooses; slide the
            cards right and flip the top card of the deck onto the empty space on the left
            then may buy koi with luck tokens
        or Works: may first buy koi with luck tokens, then places 1 to 3 tiles from storage into
            the pond, next to the pond
      then discards down to the storage capacity
    when the deck cannot refill the market, the round is finished, then the ponds are scored

The deck is the cards left of each kind: its order is never part of the state, each flip is a
chance outcome over the cards left.

    >>> from solver.games.koi.pack import load_pack
    >>> state = KoiState.new(load_pack(), players=2)
    >>> state.phase, state.is_chance_node(), len(state.chance_outcomes())
    ('flip', True, 14)
"""

from __future__ import annotations

from solver.core.players import CHANCE, TERMINAL
from solver.core.reference import ReferenceState
from solver.games.koi import actions as act
from solver.games.koi import scoring
from solver.games.koi.pack import KOI_HEXES, KOI_SIZES, Pack
from solver.games.koi.pond import CELLS, SPRING, neighbours, triangle
from solver.games.koi.scoring import EMPTY, FOLIAGE, LANTERN, LILY, SHORE, SPRING_HEX, WATER

# Phases, as positions name them.
FLIP, TURN, ORDER, REWARD, MARKET, PLACE, WORK, LUCK, DISCARD, OVER = (
    "flip",
    "turn",
    "order",
    "reward",
    "market",
    "place",
    "work",
    "luck",
    "discard",
    "over",
)
PHASES = (FLIP, TURN, ORDER, REWARD, MARKET, PLACE, WORK, LUCK, DISCARD, OVER)
AUTO = (REWARD, PLACE, DISCARD)
"""Decisions taken by the engine when only one answer is legal."""
STEPS = ("reward", "card")

START_COINS, START_LUCK = 2, 1
FEES = (1, 0, 0, 0, 0)
"""The coins each market space costs (the fragment: space 1 costs 1 coin)."""
SPACE_GOODS = ({}, {}, {"coins": 2, "water": 1}, {"coins": 1, "water": 2}, {})
"""The fixed rewards (space 3; space 4 when its goods are chosen)."""
STORAGE_HEXES = (1, 1, 3, *KOI_HEXES)
"""Hexes of storage each of ``actions.STORED`` takes (the fragment)."""
TERRAIN_OF = {"water": WATER, "foliage": FOLIAGE, "lily": LILY, "lantern": LANTERN}
LUCK_SURCHARGE, MARKET_DISCOUNT = 1, 1


class KoiState(ReferenceState):
    """A KOI game in progress, following the OpenSpiel ``State`` interface.

    Build one with ``KoiState.new`` (the start of a game) or from a position
    (``solver.games.koi.position.state_from_json``).
    """

    GAME = "koi"

    def __init__(self, pack: Pack, players: int) -> None:
        self.pack = pack
        self.players = players
        self.deck: list[int] = pack.deck(players)  # cards left, by kind
        self.market: list[int | None] = [None] * act.SPACES  # a card kind per space, left to right
        self.supply: dict[str, int] = dict(pack.supply)
        self.koi_supply: list[int] = list(pack.koi_supply[players - 1])
        self.coins = [START_COINS] * players
        self.luck = [START_LUCK] * players
        self.expansions = [0] * players
        self.storage = [[0] * len(act.STORED) for _ in range(players)]
        self.ponds = [[EMPTY] * CELLS for _ in range(players)]
        for pond in self.ponds:
            pond[SPRING] = SPRING_HEX
        self.koi = [[0] * CELLS for _ in range(players)]
        self.cards = [[0] * len(pack.cards) for _ in range(players)]  # cards taken, by kind
        self.phase = FLIP
        self.to_move = 0
        self.space: int | None = None  # the market space taken this turn (0-4)
        self.card: int | None = None  # the kind of the card taken this turn
        self.steps: list[str] = []  # "reward" / "card" still to carry out this turn
        self.to_place: list[str] = []  # "lily" / "lantern" gained, to place now
        self.placed = 0  # tiles placed in this Work
        self.last_round = False  # the deck could not refill the market
        self.winners: list[int] = []

    @classmethod
    def new(cls, pack: Pack, players: int) -> KoiState:
        """The start of a game: the market's first card to flip."""
        return cls(pack, players)

    def clone(self) -> KoiState:
        lists = ("deck", "market", "coins", "luck", "expansions", "steps", "to_place", "koi_supply")
        other = self._copy(lists=lists + ("winners",), tables=("storage", "ponds", "koi", "cards"))
        other.supply = dict(self.supply)
        return other

    # -- the OpenSpiel interface ---------------------------------------------------------------

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        return CHANCE if self.phase == FLIP else self.to_move

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The card flipped: each kind left in the deck, as likely as its count."""
        if self.phase != FLIP:
            return []
        left = sum(self.deck)
        return [(act.FLIP + k, n / left) for k, n in enumerate(self.deck) if n]

    def legal_actions(self) -> list[int]:
        """The legal actions, sorted; at a chance node, the outcomes' actions."""
        p = self.to_move
        if self.phase == FLIP:
            return [a for a, _ in self.chance_outcomes()]
        if self.phase == TURN:
            meditate = [
                act.MEDITATE + s
                for s, card in enumerate(self.market)
                if card is not None and self.coins[p] >= FEES[s]
            ]
            return meditate + ([act.WORK] if self._can_work(p) else [])
        if self.phase == ORDER:
            return [act.REWARD_FIRST, act.CARD_FIRST]
        if self.phase == REWARD:
            if self.space == 3:
                return [act.GOODS, *self._buys(0)]
            return [
                a
                for a, tile in ((act.SHORE_REWARD, "shore"), (act.FOLIAGE_REWARD, "foliage"))
                if self.supply[tile]
            ]
        if self.phase == MARKET:
            return [*self._buys(-MARKET_DISCOUNT), act.PASS]
        if self.phase == LUCK:
            return [*self._luck_buys(p), act.PASS]
        if self.phase == PLACE:
            return [act.place(self.to_place[0], c) for c in self.frontier(p)]
        if self.phase == WORK:  # koi for luck tokens before the first tile; stop once one is placed
            before = [act.PASS] if self.placed else self._luck_buys(p)
            return before + self._placements(p)
        if self.phase == DISCARD:
            return [act.DISCARD + k for k, n in enumerate(self.storage[p]) if n]
        return []

    def apply_legal_action(self, action: int) -> None:
        """``apply_action`` without the legality check, for callers that took the action from
        ``legal_actions`` (playouts, searchers)."""
        p = self.to_move
        if self.phase == FLIP:
            self._flip(action - act.FLIP)
        elif self.phase == TURN:
            if action == act.WORK:
                self.phase, self.placed = WORK, 0
            else:
                self._meditate(action - act.MEDITATE)
        elif self.phase == ORDER:
            self.steps = list(STEPS if action == act.REWARD_FIRST else reversed(STEPS))
            self._resolve()
        elif self.phase in (REWARD, MARKET):
            self._take_reward(action)
            self._resolve()
        elif self.phase == PLACE:
            what, cell = act.decode_place(action)
            self.ponds[p][cell] = TERRAIN_OF[what]
            self.supply[what] -= 1
            self.to_place.pop(0)
            self._resolve()
        elif self.phase == WORK:
            self._work(action)
        elif self.phase == LUCK:
            if action == act.PASS:
                self._check_capacity()
            else:
                self._luck_buy(action - act.BUY)
                self._after_meditation()
        else:  # DISCARD
            kind = action - act.DISCARD
            self.storage[p][kind] -= 1
            self._return_to_supply(kind)
            self._check_capacity()

    # -- meditating ----------------------------------------------------------------------------

    def _meditate(self, space: int) -> None:
        """Pay the fee, take the card; then the reward and the effect, in the order chosen."""
        p = self.to_move
        self.coins[p] -= FEES[space]
        self.space, self.card = space, self.market[space]
        self.market[space] = None
        self.cards[p][self.card] += 1
        if self.order_matters():
            self.phase = ORDER
            return
        self.steps = list(STEPS)
        self._resolve()

    def order_matters(self) -> bool:
        """Whether taking the reward before or after the card's effect can change anything: one
        of them buys a koi and the other brings coins."""
        card = self.pack.cards[self.card]
        reward_coins = self.space in (2, 3)
        return (card.kind == "market" and reward_coins) or (
            self.space == 3 and card.gain("coins") > 0
        )

    def _resolve(self) -> None:
        """Carry out what is left of the meditation until a decision is needed, then slide the
        market and flip a card."""
        while True:
            if self.to_place:
                if self._ask(PLACE):
                    return
                self.to_place.pop(0)  # no free hex next to the pond: the tile stays in the supply
                continue
            if not self.steps:
                break
            step = self.steps.pop(0)
            if self._reward() if step == "reward" else self._card_effect():
                return
        self._slide()

    def _reward(self) -> bool:
        """The space's reward; True if the player now decides (space 4 and 5)."""
        if self.space >= 3:
            return self._ask(REWARD)
        self._gain(SPACE_GOODS[self.space])
        return False

    def _take_reward(self, action: int) -> None:
        if action == act.GOODS:
            self._gain(SPACE_GOODS[3])
        elif action in (act.SHORE_REWARD, act.FOLIAGE_REWARD):
            self._gain({"shore" if action == act.SHORE_REWARD else "foliage": 1})
        elif action != act.PASS:
            self._buy(action - act.BUY, -MARKET_DISCOUNT if self.phase == MARKET else 0)

    def _card_effect(self) -> bool:
        """The effect of the card taken (``cards.EFFECTS``, the extension point); True if the
        player now decides."""
        card, p = self.pack.cards[self.card], self.to_move
        if card.kind == "gain":
            self._gain(card.amounts)
        elif card.kind == "storage" and self.supply["expansion"]:
            self.supply["expansion"] -= 1
            self.expansions[p] += 1
        elif card.kind == "market":
            return bool(self._buys(-MARKET_DISCOUNT)) and self._ask(MARKET)
        return False  # gardener and goal cards act later (Work, the final scoring)

    def _gain(self, goods: dict[str, int]) -> None:
        """Goods into the player's hands; tiles while the supply has them (lilies and lanterns go
        to the pond at once, so they are taken when placed)."""
        p = self.to_move
        for good, n in goods.items():
            if good == "coins":
                self.coins[p] += n
            elif good == "luck":
                self.luck[p] += n
            elif good in ("lily", "lantern"):
                self.to_place += [good] * min(n, self.supply[good])
            else:
                n = min(n, self.supply[good])
                self.supply[good] -= n
                self.storage[p][act.STORED.index(good)] += n

    def _slide(self) -> None:
        """Slide the cards right into the vacated space, then refill the space on the left."""
        for s in range(self.space, 0, -1):
            self.market[s] = self.market[s - 1]
        self.market[0] = None
        if sum(self.deck):
            self.phase = FLIP
        else:
            self.last_round = True
            self._after_meditation()

    def _flip(self, kind: int) -> None:
        """The top card onto the rightmost empty space (the left one, once the game is on)."""
        empty = max(s for s, card in enumerate(self.market) if card is None)
        self.market[empty] = kind
        self.deck[kind] -= 1
        if self.space is not None:
            self._after_meditation()
        elif None not in self.market:
            self.phase = TURN  # setup is over
        # else: setup goes on flipping

    # -- koi -----------------------------------------------------------------------------------

    def price(self, size: int, change: int = 0) -> int:
        """The price of a koi of ``size`` (0-2), less a discount or plus a surcharge."""
        return max(0, self.pack.koi_prices[size] + change)

    def _buys(self, change: int) -> list[int]:
        p = self.to_move
        return [
            act.BUY + k
            for k in range(len(KOI_SIZES))
            if self.koi_supply[k] and self.coins[p] >= self.price(k, change)
        ]

    def _buy(self, size: int, change: int) -> None:
        p = self.to_move
        self.coins[p] -= self.price(size, change)
        self.koi_supply[size] -= 1
        self.storage[p][3 + size] += 1

    def _luck_buys(self, p: int) -> list[int]:
        """The koi the player to move (``p``) can buy for a luck token."""
        return self._buys(LUCK_SURCHARGE) if self.luck[p] else []

    def _luck_buy(self, size: int) -> None:
        """Discard a luck token to buy a koi at the surcharge."""
        self.luck[self.to_move] -= 1
        self._buy(size, LUCK_SURCHARGE)

    # -- working -------------------------------------------------------------------------------

    def frontier(self, player: int) -> list[int]:
        """The empty hexes next to the player's pond, where a tile may go."""
        pond = self.ponds[player]
        return [
            c
            for c in range(CELLS)
            if pond[c] == EMPTY and any(pond[n] != EMPTY for n in neighbours(c))
        ]

    def work_limit(self, player: int) -> int:
        """Tiles one Work places: the pack's number, more with Gardener cards."""
        extra = sum(
            n * card.amounts["tiles"]
            for n, card in zip(self.cards[player], self.pack.cards)
            if card.kind == "gardener"
        )
        return self.pack.work_tiles + extra

    def free_water(self, player: int) -> list[int]:
        """The player's water hexes without a koi (not the spring, not a lily), where a koi may
        go."""
        pond, koi = self.ponds[player], self.koi[player]
        return [c for c in range(CELLS) if pond[c] == WATER and not koi[c]]

    def _can_work(self, p: int) -> bool:
        """Whether a Work can place a tile: one in storage fits, or a koi bought for a luck token
        before the first tile would (a free water hex, and a koi the player can buy so)."""
        return bool(self._placements(p) or self._luck_buys(p) and self.free_water(p))

    def _placements(self, p: int) -> list[int]:
        """Every placement of a stored tile into the pond, sorted."""
        stored, pond = self.storage[p], self.ponds[p]
        frontier = self.frontier(p)
        found = []
        for what in ("water", "foliage"):
            if stored[act.STORED.index(what)]:
                found += [act.place(what, c) for c in frontier]
        for k, size in enumerate(KOI_SIZES):
            if stored[3 + k]:
                found += [act.place(size, c) for c in self.free_water(p)]
        if stored[act.STORED.index("shore")]:
            edge = set(frontier)
            for c in range(CELLS):
                for shape in (0, 1):
                    cells = triangle(c, shape)
                    if cells and all(pond[h] == EMPTY for h in cells) and edge.intersection(cells):
                        found.append(act.shore(c, shape))
        return sorted(found)

    def _work(self, action: int) -> None:
        """A koi bought for a luck token before the first tile, a tile placed, or the end of the
        Work."""
        p = self.to_move
        if action == act.PASS:
            self._check_capacity()
            return
        if action < act.PASS:
            self._luck_buy(action - act.BUY)
            return
        if action >= act.SHORE:
            for cell in triangle(*act.decode_shore(action)):
                self.ponds[p][cell] = SHORE
            self.storage[p][act.STORED.index("shore")] -= 1
        else:
            what, cell = act.decode_place(action)
            if what in KOI_SIZES:
                self.koi[p][cell] = KOI_SIZES.index(what) + 1
            else:
                self.ponds[p][cell] = TERRAIN_OF[what]
            self.storage[p][act.STORED.index(what)] -= 1
        self.placed += 1
        if self.placed == self.work_limit(p) or not self._placements(p):
            self._check_capacity()

    # -- the end of a turn ---------------------------------------------------------------------

    def _ask(self, phase: str) -> bool:
        """Move to a decision: False if it has no answer; an only answer in ``AUTO`` is taken at
        once. True when the game went on from here (a decision is pending or was taken)."""
        self.phase = phase
        legal = self.legal_actions()
        if not legal:
            return False
        if len(legal) == 1 and phase in AUTO:
            self.apply_legal_action(legal[0])
        return True

    def _after_meditation(self) -> None:
        """After a Meditate: koi for luck tokens, then the capacity check. (A Work offers the luck
        purchase before its first tile instead, where the koi may still go into the pond: coins
        come in only when meditating, so after a Work the purchase could buy nothing new.)"""
        if self._luck_buys(self.to_move) and self._ask(LUCK):
            return
        self._check_capacity()

    def used(self, player: int) -> int:
        """Storage hexes the player's tiles and koi occupy (counted by total hexes)."""
        return sum(n * h for n, h in zip(self.storage[player], STORAGE_HEXES))

    def capacity(self, player: int) -> int:
        return self.pack.capacity + self.pack.expansion_hexes * self.expansions[player]

    def _check_capacity(self) -> None:
        """The limit is checked only now, at the end of the turn: discard until it holds."""
        if self.used(self.to_move) > self.capacity(self.to_move) and self._ask(DISCARD):
            return
        self._end_turn()

    def _return_to_supply(self, kind: int) -> None:
        what = act.STORED[kind]
        if what in KOI_SIZES:
            self.koi_supply[KOI_SIZES.index(what)] += 1
        else:
            self.supply[what] += 1

    def _end_turn(self) -> None:
        self.space, self.card, self.steps, self.placed = None, None, [], 0
        if self.last_round and self.to_move == self.players - 1:
            self._finish()
            return
        self.phase, self.to_move = TURN, (self.to_move + 1) % self.players

    def _finish(self) -> None:
        self.phase, self.to_move = OVER, 0
        self.winners = scoring.winners(self.scores(), self.coins, self.luck)

    # -- scores and returns ----------------------------------------------------------------------

    def goals(self, player: int) -> list:
        """The goal cards a player holds (one entry per copy)."""
        return [
            card
            for n, card in zip(self.cards[player], self.pack.cards)
            if card.kind == "goal"
            for _ in range(n)
        ]

    def breakdown(self, player: int) -> dict[str, int]:
        """A player's points so far, by source (``scoring.breakdown``)."""
        return scoring.breakdown(
            self.pack, self.ponds[player], self.koi[player], self.luck[player], self.goals(player)
        )

    def scores(self) -> list[int]:
        """Each player's points so far (the final score once the game is over)."""
        return [sum(self.breakdown(p).values()) for p in range(self.players)]

    def score_range(self) -> tuple[int, int]:
        """(lowest, highest) possible final score: the solo ``returns`` scale."""
        return scoring.score_range(self.pack, self.players)

    def title(self) -> str | None:
        """The solo title earned (the pack's score table), once a solo game is over."""
        if self.players != 1 or self.phase != OVER:
            return None
        return self.pack.title(self.scores()[0])

    def turn_start(self) -> bool:
        """A turn starts with the choice to Meditate or Work."""
        return self.phase == TURN
