"""Issue 11, classes 4 and 5: agent specs, budgets, seeds, counts and game options are checked,
every refusal a ``SolverError`` whose message starts with the argument or option it names, on the
API and through the command line (``error: <field>: ...``, exit 2, one JSON object under ``--json``).

The searches here are tiny (tens of iterations, one worker); a refusal happens before any search,
so a check that went missing shows as a wrong answer or, for the inputs that used to hang
(``expectimax:depth=0``, ``perft(depth=-1)``, a FIFO), as a ``TimeoutError`` from ``deadline``.
"""

from __future__ import annotations

import inspect
import json
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solver
from solver.cli import main
from solver.core.agents import AGENTS, OPTIONS, SEED_LIMIT, check_seed, make_agent
from solver.core.perft import divide, walk

GAMES = sorted(solver.GAMES)


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Fail with ``TimeoutError`` instead of hanging (tests run in the main thread)."""

    def expire(*_: object) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def refused(error: type[Exception], field: str, call, *args, **kwargs) -> str:
    """``call`` raises ``error`` (a ``SolverError``, a ``ValueError``) naming ``field`` first."""
    with deadline(10), pytest.raises(error) as info:
        call(*args, **kwargs)
    message = str(info.value)
    assert message.startswith(f"{field}:"), message
    assert isinstance(info.value, solver.SolverError) and isinstance(info.value, ValueError)
    return message


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    with deadline(20):
        status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# -- agent specs ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "spec, field",
    [
        ("mcts:iterations=0", "agents: mcts: iterations"),
        ("mcts:iterations=-3", "agents: mcts: iterations"),
        ("mcts:iterations=2.5", "agents: mcts: iterations"),
        ("mcts:iterations=1e9999", "agents: mcts: iterations"),
        ("mcts:iterations=" + "9" * 5000, "agents: mcts: iterations"),
        ("mcts:workers=-1", "agents: mcts: workers"),
        ("mcts:workers=0", "agents: mcts: workers"),
        ("mcts:workers=1000", "agents: mcts: workers"),
        ("mcts:time=0", "agents: mcts: time"),
        ("mcts:time=-1", "agents: mcts: time"),
        ("mcts:time=nan", "agents: mcts: time"),
        ("mcts:time=inf", "agents: mcts: time"),
        ("mcts:time=1e308", "agents: mcts: time"),
        ("mcts:time=86401", "agents: mcts: time"),
        ("mcts:explore=-0.5", "agents: mcts: explore"),
        ("mcts:explore=nan", "agents: mcts: explore"),
        ("mcts:rollout=-1", "agents: mcts: rollout"),
        ("mcts:rollout=10000000", "agents: mcts: rollout"),
        ("mcts:guided=-1", "agents: mcts: guided"),
        ("mcts:guided=1000", "agents: mcts: guided"),
        ("expectimax:depth=0", "agents: expectimax: depth"),
        ("expectimax:depth=-2", "agents: expectimax: depth"),
        ("expectimax:depth=40", "agents: expectimax: depth"),
        ("expectimax:time=inf", "agents: expectimax: time"),
        ("expectimax:cutoff=1", "agents: expectimax: cutoff"),
        ("expectimax:cutoff=-0.01", "agents: expectimax: cutoff"),
        ("expectimax:cutoff=inf", "agents: expectimax: cutoff"),
        ("expectimax:playouts=0", "agents: expectimax: playouts"),
        ("greedy:playouts=-1", "agents: greedy: playouts"),
        ("greedy:lookahead=-1", "agents: greedy: lookahead"),
        ("greedy:lookahead=3", "agents: greedy: lookahead"),
    ],
)
def test_agent_options_out_of_range_are_refused_by_name(spec, field):
    refused(solver.SearchError, field, make_agent, spec)


@pytest.mark.parametrize(
    "spec, field",
    [
        ("", "agents"),  # an empty spec
        ("mcts:iterations=5:iterations=6", "agents: mcts: iterations"),  # an option given twice
        ("mcts:", "agents: mcts"),  # an empty option
        ("mcts:depth=2", "agents: mcts"),  # an option of another agent
        ("random:time=1", "agents: random"),
    ],
)
def test_malformed_specs_are_refused(spec, field):
    message = refused(solver.SolverError, field, make_agent, spec)
    assert "given twice" in message or "unknown option" in message or "empty" in message


def test_a_spec_names_the_field_it_came_from():
    refused(
        solver.SearchError,
        "agent: mcts: workers",
        lambda: make_agent("mcts:workers=0", field="agent"),
    )
    refused(solver.SolverError, "agents", make_agent, 5)


def _inside(value: float, bound) -> bool:
    """The oracle: ``value`` within ``bound``, written out."""
    if not np.isfinite(value) or (bound.kind is int and not isinstance(value, int)):
        return False
    low = value > bound.low if bound.above else value >= bound.low
    high = bound.high is None or (value < bound.high if bound.below else value <= bound.high)
    return low and high


@settings(max_examples=80, deadline=None)
@given(key=st.sampled_from(sorted(OPTIONS)), value=st.integers(-(10**12), 10**12) | st.floats())
def test_an_option_is_taken_exactly_when_in_its_range(key, value):
    """Every option of every agent: accepted iff within ``OPTIONS[key]``, refused by name otherwise."""
    name = next(name for name, cls in AGENTS.items() if key in inspect.signature(cls).parameters)
    spec = f"{name}:{key}={value!r}"
    if _inside(value, OPTIONS[key]):
        assert make_agent(spec).name == name
    else:
        refused(solver.SearchError, f"agents: {name}: {key}", make_agent, spec)


# -- seeds: None is 0, [0, 2**63) is taken everywhere, the rest refused -------------------------


BAD_SEEDS = [-1, SEED_LIMIT, 2**70, 1.5, True, "1", np.float64(3)]


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_bad_seeds_are_refused_everywhere(seed):
    game = solver.load_game("godo", players=2)
    state = game.new_initial_state()
    refused(solver.SearchError, "seed", check_seed, seed)
    refused(solver.SearchError, "seed", make_agent, "random", seed=seed)
    refused(solver.SearchError, "seed", solver.play, game, "random", seed=seed)
    refused(solver.SearchError, "seed", solver.random_playouts, game, 1, seed)
    refused(solver.SearchError, "seed", walk, state, 3, seed)


def test_seed_none_means_zero_and_numpy_seeds_are_plain():
    game = solver.load_game("kokoro", players=1)
    assert (
        solver.play(game, "random", seed=None).actions
        == solver.play(game, "random", seed=0).actions
    )
    assert (
        solver.play(game, "random", seed=np.int64(4)).actions
        == solver.play(game, "random", seed=4).actions
    )
    assert check_seed(np.uint64(2**63 - 1)) == 2**63 - 1 and type(check_seed(np.int32(3))) is int


@pytest.mark.parametrize("backend", ["reference", "numba"])
def test_the_largest_seed_plays_on_every_backend(backend):
    """A seed near 2**63 plays a whole game with a searching agent (it overflowed the kernels'
    64-bit generators from 2.3e9 on) and gives the same random playouts on both backends."""
    game = solver.load_game("kokoro", players=1, backend=backend)
    record = solver.play(game, "mcts:iterations=10:workers=1", seed=SEED_LIMIT - 1)
    assert record.steps > 0 and record.seed == SEED_LIMIT - 1
    again = solver.play(game, "mcts:iterations=10:workers=1", seed=SEED_LIMIT - 1)
    assert again.actions == record.actions
    gogoa = solver.load_game("gogoa", players=1, backend=backend)
    steps, returns = solver.random_playouts(gogoa, 1, SEED_LIMIT - 1)
    reference = solver.random_playouts(solver.load_game("gogoa", players=1), 1, SEED_LIMIT - 1)
    assert steps.tolist() == reference[0].tolist() and returns.tolist() == reference[1].tolist()


def test_play_refuses_what_is_not_an_agent():
    game = solver.load_game("godo", players=2)
    refused(solver.SolverError, "agents[1]", solver.play, game, ["random", 5])
    refused(
        solver.SearchError,
        "agents: mcts: iterations",
        solver.play,
        game,
        ["random", "mcts:iterations=0"],
    )


# -- random_playouts, perft, walk ------------------------------------------------------------------


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("backend", ["reference", "numba"])
@pytest.mark.parametrize("n", [-1, 2.5, None, True, "3", 10**7 + 1, np.float64(2)], ids=repr)
def test_random_playouts_refuse_a_bad_count(game_name, backend, n):
    game = solver.load_game(game_name, players=2, backend=backend)
    refused(solver.SearchError, "n", solver.random_playouts, game, n, 1)


def test_random_playouts_take_numpy_counts_and_no_games():
    game = solver.load_game("godo", players=2, backend="numba")
    steps, returns = solver.random_playouts(game, np.int64(2), np.uint64(7))
    assert steps.shape == (2,) and returns.shape == (2, 2)
    assert steps.tolist() == solver.random_playouts(game, 2, 7)[0].tolist()
    assert solver.random_playouts(game, 0, None)[0].shape == (0,)


@pytest.mark.parametrize("depth", [-1, -100, 2.5, True, None, 65], ids=repr)
def test_perft_refuses_a_bad_depth(depth):
    state = solver.load_game("godo", players=2).new_initial_state()
    refused(solver.SearchError, "depth", solver.perft, state, depth)
    refused(solver.SearchError, "depth", divide, state, depth)


def test_divide_needs_a_depth_and_walk_a_count():
    state = solver.load_game("godo", players=2).new_initial_state()
    refused(solver.SearchError, "depth", divide, state, 0)
    assert solver.perft(state, 0) == 1
    refused(solver.SearchError, "steps", walk, state, -5, 1)
    refused(solver.SearchError, "steps", walk, state, 2.0, 1)


# -- game options ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, options, field",
    [
        ("godo", {"variant": "no"}, "variant"),
        ("godo", {"variant": "false"}, "variant"),
        ("godo", {"variant": 1}, "variant"),
        ("godo", {"variant": None}, "variant"),
        ("godo", {"solo": "yes", "players": 1}, "solo"),
        ("godo", {"players": 2.0}, "players"),
        ("godo", {"players": 10**5000}, "players"),
        ("godo", {"backend": ["numba"]}, "backend"),
        ("godo", {"colour": "blue"}, "colour"),
        ("gogoa", {"variant": True}, "variant"),
        ("kokoro", {"side": ["blue"]}, "side"),
        ("kokoro", {"side": "BLUE"}, "side"),
        ("kokoro", {"decree": ["harmony"]}, "decree"),
        ("kokoro", {"decree": 3}, "decree"),
    ],
)
def test_game_options_are_checked_by_type(name, options, field):
    refused(solver.UnknownGameError, field, solver.load_game, name, **options)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("pack", [[1, 2], 5, b"pack.json", ("a",)], ids=repr)
def test_a_pack_that_is_not_a_path_or_an_object_is_a_pack_error(name, pack):
    refused(solver.PackError, "pack", solver.load_game, name, pack=pack)


# -- the command line ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, field",
    [
        (["play", "godo", "--agents", "mcts:iterations=0"], "agents"),
        (["play", "godo", "--agents", "expectimax:depth=0"], "agents"),
        (["play", "godo", "--agents", "random,,random"], "agents"),
        (["play", "godo", "--agents", "mcts:workers=1000"], "agents"),
        (["play", "godo", "--seed", "-1"], "seed"),
        (["play", "godo", "--seed", str(SEED_LIMIT)], "seed"),
        (["play", "godo", "--option", "variant=maybe"], "variant"),
        (["play", "godo", "--option", "players=two"], "players"),
        (["play", "kokoro", "--option", "side=pink", "--option", "side=blue"], "side"),
        (["play", "godo", "--option", "=1"], "option"),
        (["play", "godo", "--pack", "/dev/zero"], "pack"),
        (["perft", "godo", "--depth", "-1"], "depth"),
        (["perft", "godo", "--depth", "65"], "depth"),
        (["perft", "godo", "--walk", "-5"], "walk"),
        (["perft", "godo", "--divide", "--depth", "0"], "depth"),
        (["solo", "godo", "--games", "0"], "games"),
        (["solo", "godo", "--time", "inf"], "time"),
        (["solo", "godo", "--time", "nan"], "time"),
        (["solo", "godo", "--iterations", "0"], "iterations"),
        (["solo", "godo", "--seed", str(SEED_LIMIT - 1), "--games", "2"], "games"),
        (["solo", "godo", "--agent", ""], "agent"),
        (["solo", "godo", "--baselines", "greedy,"], "baselines"),
        (["arena", "godo", "--agents", "mcts:time=-1"], "agents"),
        (["arena", "godo", "--agents", "random", "--games", "-3"], "games"),
        # argparse's own errors
        (["play", "godo", "--players", "x"], "players"),
        (["play", "godo", "--players"], "players"),
        (["play", "godo", "--no-such-flag"], "no_such_flag"),
        (["perft", "godo", "--depth", "1.5"], "depth"),
        (["bestmove", "godo"], "position"),
        (["bestmove", "godo", "--position", "p.json", "--time", "soon"], "time"),
        (["no-such-command"], "command"),
        ([], "command"),
    ],
)
def test_cli_refusals_name_the_field(capsys, argv, field):
    status, out, err = cli(capsys, *argv)
    assert status == 2 and out == "" and err.startswith(f"error: {field}:"), err
    assert err.count("\n") == 1  # one line, no usage text, no traceback
    status, out, err = cli(capsys, *argv, "--json")
    assert status == 2 and err == ""
    data = json.loads(out)
    assert data["error"].startswith(f"{field}:") and data["field"] == field


@pytest.mark.parametrize("text, variant", [("no", False), ("NO", False), ("0", False), ("False", False),
                                           ("yes", True), ("1", True), ("TRUE", True)])  # fmt: skip
def test_cli_boolean_options_take_the_usual_words(capsys, text, variant):
    status, out, _ = cli(
        capsys, "play", "godo", "--players", "1", "--option", f"variant={text}", "--quiet", "--json"
    )
    assert status == 0 and json.loads(out)["variant"] is variant


@pytest.mark.parametrize("flag", ["--time", "--iterations", "--workers", "--depth", "--top"])
@pytest.mark.parametrize("value", ["0", "-1", "inf", "nan", "1e308", "1.5e5"])
def test_cli_bestmove_budgets_are_checked_before_reading_the_position(capsys, flag, value):
    status, _, err = cli(capsys, "bestmove", "godo", "--position", "/nonexistent.json", flag, value)
    assert status == 2 and err.startswith(f"error: {flag[2:]}:"), err


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return str(path)


def test_cli_refuses_a_fifo_position_at_once(capsys, fifo):
    status, _, err = cli(capsys, "show", "godo", "--position", fifo)
    assert status == 2 and err.startswith("error: position:") and "not a regular file" in err


@pytest.mark.parametrize("text, field", [('{"game": "godo", "turn": NaN}', "turn"), ("[" * 100 + "]" * 100, "position"),
                                         ('{"game": "godo", "turn": 1' + "0" * 5000 + "}", "turn")])  # fmt: skip
def test_cli_reads_positions_strictly(capsys, tmp_path, text, field):
    path = tmp_path / "position.json"
    path.write_text(text)
    status, out, _ = cli(capsys, "show", "godo", "--position", str(path), "--json")
    assert status == 2 and json.loads(out)["field"] == field


@pytest.mark.parametrize("kind", ["fifo", "folder", "/dev/full"])
def test_cli_refuses_a_record_path_before_playing(capsys, tmp_path, fifo, kind):
    """A thousand games would take minutes: the refusal must come before the first one."""
    path = {"fifo": fifo, "folder": str(tmp_path), "/dev/full": "/dev/full"}[kind]
    before = sorted(os.listdir(tmp_path))
    status, _, err = cli(capsys, "solo", "kokoro", "--games", "1000", "--agent", "greedy", "--baselines", "",
                         "--record", path)  # fmt: skip
    assert status == 2 and err.startswith("error: record:"), err
    assert sorted(os.listdir(tmp_path)) == before


def test_cli_refuses_a_broken_record_file_before_playing(capsys, tmp_path):
    path = tmp_path / "records.json"
    path.write_text('{"kokoro players=1": {"score": NaN}}')
    status, _, err = cli(capsys, "solo", "kokoro", "--games", "1000", "--agent", "greedy", "--baselines", "",
                         "--record", str(path))  # fmt: skip
    assert status == 2 and err.startswith("error: kokoro players=1.score:"), err
    assert path.read_text() == '{"kokoro players=1": {"score": NaN}}'


@pytest.mark.parametrize("spec", ["mcts:time=0.000001:workers=1", "expectimax:time=0.000001"])
def test_a_time_below_one_iteration_still_plays_legal_moves(spec):
    game = solver.load_game("godo", players=1, backend="numba")
    record = solver.play(game, spec, seed=3)
    assert record.steps > 0 and record.final["phase"] == "over"
