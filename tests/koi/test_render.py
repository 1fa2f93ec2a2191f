"""The SVG picture of KOI positions: pieces counted by class and data-*, not pixels."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

import solver
from solver.games.koi import actions as act
from solver.games.koi.pack import KOI_SIZES, TILES
from solver.games.koi.pond import CELLS, label
from solver.games.koi.scoring import TERRAINS
from solver.render import svg
from tests.game_helpers import check_size_and_notebook, parse, pieces, random_states

KINDS = ("meditate", "work", "order", "reward", "buy", "pass", "discard", "place", "shore", "flip")


def by_player(root: ET.Element, cls: str, key: str) -> dict[int, str]:
    return {int(e.get("data-player")): e.get(key) for e in pieces(root, cls)}


def mid_game(players: int, seed: int, steps: int):
    """The state of a random game after ``steps`` actions (or its end)."""
    game = solver.load_game("koi", players=players)
    for n, state in enumerate(random_states(game, seed)):
        if n == steps or state.is_terminal():
            return state
    raise AssertionError("unreachable")


def test_every_piece_is_counted_against_the_state() -> None:
    state = mid_game(3, seed=4, steps=90)
    root = parse(svg(state))
    assert len(pieces(root, "hex")) == 3 * CELLS
    assert {e.get("data-target") for e in pieces(root, "hex")} == {"hex"}
    terrains = Counter((int(e.get("data-player")), e.get("data-terrain"))
                       for e in pieces(root, "hex"))  # fmt: skip
    for p in range(3):
        for code, terrain in enumerate(TERRAINS):
            assert terrains[p, terrain] == state.ponds[p].count(code)
    koi = {(int(e.get("data-player")), e.get("data-hex"), e.get("data-size"))
           for e in pieces(root, "koi")}  # fmt: skip
    assert koi == {(p, label(c), KOI_SIZES[k - 1]) for p in range(3)
                   for c, k in enumerate(state.koi[p]) if k}  # fmt: skip
    frontier = {(int(e.get("data-player")), e.get("data-hex"))
                for e in pieces(root, "hex") if e.get("data-frontier")}  # fmt: skip
    assert frontier == {(p, label(c)) for p in range(3) for c in state.frontier(p)}
    slots = pieces(root, "market-slot")
    assert [e.get("data-space") for e in slots] == ["1", "2", "3", "4", "5"]
    names = [None if k is None else state.pack.cards[k].name for k in state.market]
    assert [e.get("data-card") for e in slots] == names
    assert [e.get("data-fee") for e in slots] == ["1", "0", "0", "0", "0"]
    (deck,) = pieces(root, "deck")
    assert int(deck.get("data-count")) == sum(state.deck)
    supply = {e.get("data-tile"): int(e.get("data-count")) for e in pieces(root, "supply")}
    assert supply == {tile: state.supply[tile] for tile in TILES}
    koi_supply = [int(e.get("data-count")) for e in pieces(root, "koi-supply")]
    assert koi_supply == state.koi_supply


def test_the_sensei_boards_show_counters_storage_cards_and_scores() -> None:
    state = mid_game(2, seed=1, steps=60)
    root = parse(svg(state))
    for counter, values in (("coins", state.coins), ("luck", state.luck),
                            ("expansions", state.expansions)):  # fmt: skip
        assert by_player(root, counter, "data-value") == {p: str(v) for p, v in enumerate(values)}
        assert {e.get("data-target") for e in pieces(root, counter)} == {counter}
    for p, storage in enumerate(pieces(root, "storage")):
        assert storage.get("data-target") == "storage"
        assert (int(storage.get("data-used")), int(storage.get("data-capacity"))) == (
            state.used(p), state.capacity(p))  # fmt: skip
    stored = {(int(e.get("data-player")), e.get("data-what")): int(e.get("data-count"))
              for e in pieces(root, "stored")}  # fmt: skip
    assert stored == {(p, what): n for p in range(2)
                      for what, n in zip(act.STORED, state.storage[p]) if n}  # fmt: skip
    hexes = Counter(int(e.get("data-player")) for e in pieces(root, "storage-hex"))
    assert hexes == {p: max(state.used(p), state.capacity(p)) for p in range(2)}
    taken = {(int(e.get("data-player")), e.get("data-card")): int(e.get("data-count"))
             for e in pieces(root, "taken")}  # fmt: skip
    assert taken == {(p, card.name): n for p in range(2)
                     for n, card in zip(state.cards[p], state.pack.cards) if n}  # fmt: skip
    assert by_player(root, "score", "data-value") == {p: str(v) for p, v in
                                                      enumerate(state.scores())}  # fmt: skip
    assert [e.get("data-player") for e in pieces(root, "taken-cards")] == ["0", "1"]
    (status,) = pieces(root, "status")
    assert status.get("data-phase") == state.phase
    assert status.get("data-to-move") == str(state.to_move)
    titles = pieces(root, "sensei")
    assert [e.get("data-to-move") for e in titles] == [
        "1" if p == state.to_move else None for p in range(2)]  # fmt: skip


def test_the_observer_only_changes_whose_panel_says_you() -> None:
    state = mid_game(2, seed=2, steps=30)
    plain = svg(state)
    for observer in (0, 1):
        seen = svg(state, observer=observer)
        assert seen.replace(" (you)", "") == plain
        title = pieces(parse(seen), "sensei")[observer]
        assert "(you)" in "".join(title.itertext())


def first_of_each_kind(players: int, seed: int) -> dict[str, tuple]:
    """For each action kind, a state of a random game where an action of that kind is played
    (a decision or a chance outcome), with that action."""
    game = solver.load_game("koi", players=players)
    found: dict[str, tuple] = {}
    for state in random_states(game, seed):
        if state.is_terminal():
            break
        legal = ([a for a, _ in state.chance_outcomes()] if state.is_chance_node()
                 else state.legal_actions())  # fmt: skip
        for action in legal:
            found.setdefault(act.kind(action), (state.clone(), action))
    return found


def marks_drawn(state, action: int) -> list[ET.Element]:
    """The marks over the board (not the words) of ``action`` suggested in ``state``."""
    marks = pieces(parse(svg(state, highlight=[action])), "highlight")
    return [e for e in marks if e.tag.endswith("g")]


def test_every_kind_of_action_is_marked_over_the_picture() -> None:
    found = first_of_each_kind(2, seed=3)
    for seed in range(4, 12):
        if set(found) == set(KINDS):
            break
        found = {**first_of_each_kind(1, seed), **found}
    assert set(found) == set(KINDS)
    for kind, (state, action) in found.items():
        marks = pieces(parse(svg(state, highlight=[action])), "highlight")
        assert [e.get("data-kind") for e in marks_drawn(state, action)] == [kind], kind
        words = [e for e in marks if e.tag.endswith("text")]
        assert [e.get("data-kind") for e in words] == [kind]
        assert "".join(words[0].itertext()).endswith(state.action_to_string(action))
        assert {e.get("pointer-events") for e in marks} == {"none"}
    state, action = found["place"]
    (mark,) = marks_drawn(state, action)
    what, cell = act.decode_place(action)
    assert (mark.get("data-player"), mark.get("data-hex"), mark.get("data-what")) == (
        str(state.to_move), label(cell), what)  # fmt: skip
    state, action = found["meditate"]
    (mark,) = marks_drawn(state, action)
    assert mark.get("data-space") == str(action - act.MEDITATE + 1)


def test_a_whole_turn_is_drawn_step_by_step() -> None:
    state = mid_game(2, seed=1, steps=40)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    rng, turn, after = random.Random(0), [], state.clone()
    while True:
        legal = ([a for a, _ in after.chance_outcomes()] if after.is_chance_node()
                 else after.legal_actions())  # fmt: skip
        turn.append(rng.choice(legal))
        after.apply_action(turn[-1])
        if after.is_terminal() or after.turn_start() and after.to_move != state.to_move:
            break
    plain, marked = parse(svg(state)), parse(svg(state, highlight=turn))
    steps = {e.get("data-step") for e in pieces(marked, "highlight")}
    assert steps == {str(i) for i in range(len(turn))}
    classes = Counter(e.get("class") for e in plain.iter())
    assert not classes - Counter(e.get("class") for e in marked.iter())  # the position stays


def test_the_end_of_a_game_shows_the_winners_and_the_solo_title() -> None:
    game = solver.load_game("koi", players=3)
    *_, state = random_states(game, seed=5, every=1000)
    root = parse(svg(state))
    winners = [int(e.get("data-player")) for e in pieces(root, "score") if e.get("data-winner")]
    assert winners == state.winners
    assert "the game is over" in "".join(root.itertext())
    *_, solo = random_states(solver.load_game("koi", players=1), seed=5, every=1000)
    assert f"solo title: {solo.title()}" in "".join(parse(svg(solo)).itertext())


@pytest.mark.parametrize(
    ("players", "backend", "every"),
    [(1, "reference", 3), (2, "numba", 5), (3, "reference", 7), (4, "numba", 9)],
)
def test_every_state_of_random_games_renders(players: int, backend: str, every: int) -> None:
    game = solver.load_game("koi", players=players, backend=backend)
    count = 0
    for state in random_states(game, seed=players, every=every):
        root = parse(svg(state, observer=players - 1))
        ref = state.to_reference() if backend == "numba" else state
        assert len(pieces(root, "hex")) == players * CELLS
        assert len(pieces(root, "koi")) == sum(k > 0 for koi in ref.koi for k in koi)
        assert len(pieces(root, "sensei")) == players
        count += 1
    assert count > 8


def test_size_parsing_and_notebooks() -> None:
    state = mid_game(1, seed=1, steps=20)
    check_size_and_notebook(state)
