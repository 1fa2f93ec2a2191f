"""What the web app's endpoints answer: a *view* of a position, after a new game, an edit, a roll or
some actions.

The server keeps nothing between requests: the page sends the whole position with each request,
and a view carries it back with everything the page draws (the picture, whose turn, the legal
actions or chance outcomes, the setup tools)::

    >>> answer = new_game({"game": "kokoro", "options": {"players": 1}, "seed": 3})
    >>> answer["chance"], answer["to_move"], len(answer["legal"]) > 0
    (False, 0, True)
    >>> answer["svg"].startswith("<svg")
    True
"""

from __future__ import annotations

import random
from importlib import import_module
from typing import Any

from solver import render
from solver.core.actions import legal_action
from solver.core.agents import check_seed
from solver.core.errors import IllegalActionError, UnknownGameError
from solver.core.play import sample_chance
from solver.core.strict_json import join
from solver.engine.queries import MAX_ACTIONS, QueryError, queries
from solver.engine.service import error_json, load_game
from solver.web.bodies import HIDDEN_OPTIONS, read_game, read_observer, read_position

MAX_STEPS = 5000
"""The most steps ``/api/replay`` replays (a long GODŌ game has a few hundred)."""


def game_of(body: dict[str, Any]) -> tuple[str, Any]:
    """The game named in ``body`` with its ``options`` (players default to the position's).

    Raises:
        QueryError, UnknownGameError: naming ``game`` or ``options.<name>``.
    """
    name, options = read_game(body)
    try:
        return name, load_game(name, options, body.get("position"))
    except UnknownGameError as exc:
        error = error_json(exc)
        if error["field"] in options:
            raise QueryError(join("options", error["field"]), error["message"]) from None
        raise


def public_options(game: Any) -> dict[str, Any]:
    """The options of a loaded game as the page sends them back (no pack, no backend)."""
    return {key: value for key, value in game.options().items() if key not in HIDDEN_OPTIONS}


def position_of(body: dict[str, Any]) -> tuple[str, Any, Any]:
    """The game and the state of the body's ``position``.

    Raises:
        PositionError: naming the bad field of the position (``grounds[0].rotation``).
    """
    name, game = game_of(body)
    return name, game, game.state_from_json(read_position(body))


def view(
    name: str, game: Any, state: Any, observer: int | None = None, highlight: Any = None
) -> dict[str, Any]:
    """Everything the page shows of ``state``: the full position, its picture as ``observer``
    sees it with ``highlight`` (actions from it) drawn over it, whose turn, the choices (each
    legal action with the ``target`` a person clicks on the picture to make it, the data-*
    attributes of that element, or ``None``: ``solver/games/<game>/board_moves.py``), the setup
    tools."""
    ref = state.to_reference()
    target = import_module(f"solver.games.{name}.board_moves").target
    chance, terminal = state.is_chance_node(), state.is_terminal()
    words = state.action_to_string
    legal = [] if chance or terminal else state.legal_actions()
    outcomes = state.chance_outcomes() if chance else []
    return {
        "game": name,
        "options": public_options(game),
        "position": state.to_json(),
        "svg": str(render.svg(ref, observer=observer, highlight=highlight)),
        "text": str(state),
        "to_move": state.current_player(),
        "chance": chance,
        "terminal": terminal,
        "scores": state.scores(),
        "title": state.title(),
        "phase": state.phase,
        "legal": [{"action": a, "text": words(a), "target": target(ref, a)} for a in legal],
        "outcomes": [{"action": a, "text": words(a), "probability": p} for a, p in outcomes],
        "tools": [tool.to_json() for tool in setup_of(name).tools(ref)],
    }


def as_seen_by(game: Any, state: Any, observer: int | None, seed: int = 0) -> tuple[Any, bool]:
    """``state`` as ``observer`` knows it: what they cannot see dealt again at random with ``seed``
    from what they can (``None``: everyone sees everything), and whether the player to move's own
    knowledge had to be dealt (their hand hidden from ``observer``), so an analysis from it guesses.

    >>> game = load_game("godo", {"players": 2}, None)
    >>> state = new_game({"game": "godo", "options": {"players": 2}})["position"]
    >>> state = game.state_from_json(state)  # player 0 to move, a hand of three tiles
    >>> as_seen_by(game, state, 0)[1], as_seen_by(game, state, 1)[1]
    (False, True)
    """
    if observer is None:
        return state, False
    seen = game.state_from_json(state.to_json(observer=observer), seed=seed)
    mover = state.current_player()
    guessed = mover >= 0 and seen.to_json(observer=mover) != state.to_json(observer=mover)
    return seen, guessed


def seen_by(game: Any, position: dict[str, Any], state: Any) -> int | None:
    """The player a position was written for, when it hides what only the others can see (their
    hands as counts, a peeked card as unknown): reading it with another seed deals differently,
    and that player's view is the same in both deals; ``None`` for a full position."""
    other = game.state_from_json(position, seed=1)
    if other.to_json() == state.to_json():
        return None
    same = [p for p in range(game.players) if other.to_json(observer=p) == state.to_json(observer=p)]
    return same[0] if len(same) == 1 else None


def setup_of(name: str) -> Any:
    """The game's ``setup`` module (``tools(state)``, ``edit(state, tool, params, target)``)."""
    return import_module(f"solver.games.{name}.setup")


def roll(state: Any, seed: int) -> int:
    """Draw one chance outcome of ``state`` by its probability with ``seed`` (not applied)."""
    if not state.is_chance_node():
        raise QueryError("position", "not a chance node: nothing is drawn or rolled here")
    return sample_chance(state, random.Random(seed))


# -- the endpoints ---------------------------------------------------------------------------------


def new_game(body: dict[str, Any]) -> dict[str, Any]:
    """``/api/new``: a new game; with ``advance`` (default), chance is drawn with ``seed`` until a
    decision or the end, and ``dealt`` lists what was drawn (the actions from the game's start)."""
    name, game = game_of(body)
    seed = check_seed(body.get("seed", 0))
    observer = read_observer(body, game.players)
    state, dealt = game.new_initial_state(), []
    if queries.boolean(body.get("advance", True), "advance"):
        rng = random.Random(seed)
        while state.is_chance_node():
            dealt.append(sample_chance(state, rng))
            state.apply_action(dealt[-1])
    return {**view(name, game, state, observer), "dealt": dealt}


def show(body: dict[str, Any]) -> dict[str, Any]:
    """``/api/view``: the view of a position, with ``highlight`` (actions from it) drawn over it,
    and ``seen_by``: the player a position hiding the others' hands was written for (what it hides
    was dealt at random, so only that player's view of it is true), else ``null``."""
    name, game, state = position_of(body)
    shown = view(name, game, state, read_observer(body, game.players), body.get("highlight"))
    return {**shown, "seen_by": seen_by(game, read_position(body), state)}


def apply(body: dict[str, Any]) -> dict[str, Any]:
    """``/api/apply``: the view after ``actions`` (decisions and chance outcomes) in order.

    Raises:
        IllegalActionError: naming ``actions[i]``, the first one not legal where it is played.
    """
    name, game, state = position_of(body)
    observer = read_observer(body, game.players)
    play(state, body.get("actions"), "actions")
    return view(name, game, state, observer)


def replay(body: dict[str, Any]) -> dict[str, Any]:
    """``/api/replay``: each step of ``steps`` (each a list of actions) from ``position``, played
    in turn: the ``player`` who took it (-1 for chance), its ``words`` and the ``position`` after
    it, without pictures: what the page rebuilds a shared history from.

    Raises:
        IllegalActionError: naming ``steps[i][j]``, the first action not legal where it is played.
    """
    _, _, state = position_of(body)
    played = []
    for i, actions in enumerate(queries.array(body.get("steps"), "steps", max_length=MAX_STEPS)):
        player = state.current_player()
        words = play(state, actions, join("steps", i))
        played.append({"player": player, "words": words, "position": state.to_json()})
    return {"steps": played}


def play(state: Any, actions: Any, field: str) -> list[str]:
    """Apply ``actions`` (the body's field ``field``: a list of decisions and chance outcomes) in
    order to ``state``; each in words.

    Raises:
        IllegalActionError: naming ``<field>[i]``, the first one not legal where it is played.
    """
    words = []
    for i, action in enumerate(queries.array(actions, field, max_length=MAX_ACTIONS)):
        try:
            legal = legal_action(state, action)
        except IllegalActionError as exc:
            raise IllegalActionError(
                f"{join(field, i)}: {str(exc).removeprefix('action: ')}"
            ) from None
        words.append(state.action_to_string(legal))
        state.apply_action(legal)
    return words


def roll_once(body: dict[str, Any]) -> dict[str, Any]:
    """``/api/roll``: the view after one chance outcome drawn with ``seed``, and what was
    ``rolled``."""
    name, game, state = position_of(body)
    observer = read_observer(body, game.players)
    action = roll(state, check_seed(body.get("seed", 0)))
    rolled = {"action": action, "text": state.action_to_string(action)}
    state.apply_action(action)
    return {**view(name, game, state, observer), "rolled": rolled}


def edit(body: dict[str, Any]) -> dict[str, Any]:
    """``/api/edit``: the view of the position changed by a setup tool (``tool``, ``params``,
    and the clicked element's data attributes as ``target``), read back strictly."""
    name, game, state = position_of(body)
    observer = read_observer(body, game.players)
    changed = setup_of(name).edit(
        state.to_reference(), body.get("tool"), body.get("params", {}), body.get("target", {})
    )
    return view(name, game, game.state_from_json(changed), observer)
