"""Tuning the AI's named parameters to a game, a player count and a pack: Optuna over seeded games.

A trial is one set of values for the parameters tuned (``solver.core.params``), judged by a batch
of seeded games played as sweep jobs (``solver.sweep.jobs``: the values travel inside each job, so
the process pool and a Dask cluster play them alike):

- **solo**: the mean score over the same ``games`` seeds for every trial (common random numbers:
  trials differ by their values, not by their luck);
- **2 to 4 players**: the share of wins of the agent with the trial's values against the same
  agent with the starting values, each seed played with the tuned agent at every seat in turn.

The sampler is Optuna's CMA-ES, started from the starting values (the first trial plays them),
asked a generation of trials at a time whose games are played side by side. The study lives in a
database (``sqlite:///tune.db``): every finished trial is kept there at once, so Ctrl-C or a crash
loses only the games in play, and ``resume`` goes on with the same study.

At the end the best trial is **confirmed on fresh seeds** (seeds no trial played, so the luck that
made it best does not count): solo, both values play the same ``confirm`` seeds and the paired
difference of their scores comes with a 95% interval; with 2 players, an SPRT (pairs of games,
each values once at each seat) decides whether the tuned values are stronger; with 3 or 4, the
tuned agent's share of wins with its 95% interval against the even share. The confirmation goes
into the parameters file written, with its seeds (``Params.tune``).

Optuna (and its CMA-ES) come with the ``[tune]`` extra: ``pip install -e ".[tune]"``.
"""

from __future__ import annotations

import math
import statistics
import warnings
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, replace
from typing import Any

from solver import report
from solver.core.agents import Bound, make_agent
from solver.core.errors import SolverError
from solver.core.params import GROUPS, Parameter, Params, check_names, parameters
from solver.search.ai import plan_for
from solver.search.settings import settings
from solver.sweep.cluster import play_cluster
from solver.sweep.jobs import Job, params_text, pin_workers, result_key, share_of_wins
from solver.sweep.local import LocalPool, play_job
from solver.sweep.sprt import SPRT, PairedTest

INSTALL_HINT = 'pip install -e ".[tune]"'

CONFIRM_SPRT = SPRT(0.0, 20.0)
"""The test of a multiplayer confirmation with 2 players: H0 no stronger, H1 20 Elo stronger."""

STUDY_NAME = "tune"
"""The study's name in its database when none is given."""

Play = Callable[[Sequence[Job]], Generator[dict[str, Any], None, None]]
"""Plays a plan's games and yields their results as they finish (a process pool or a cluster);
closing the generator early ends the games still in play."""


def optuna_module() -> Any:
    """Optuna, quiet (its own log says every trial; the progress bar does it here).

    Raises:
        SolverError: ``tune: ...`` when it is not installed.
    """
    try:
        import optuna
    except ImportError:
        raise SolverError(f"tune: Optuna is not installed: {INSTALL_HINT}") from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    # CMA-ES's starting point and step (``x0``, ``sigma0``) work until Optuna 6 (the extra keeps
    # below it): a tune starts from the values the user has, not from the middle of every range
    warnings.filterwarnings("ignore", message=".*`(x0|sigma0)` has been deprecated", category=FutureWarning)
    return optuna


@dataclass(frozen=True)
class Tuning:
    """What a tune is: the game (its name and ``load_game`` options), the agent whose parameters
    are tuned, the parameters tuned and their starting values, and the seeded games of a trial.

    ``start`` holds the starting parameters file (the tuned names at their starting values besides
    what it set, for the agent's searcher); the tuned values of the best trial are written over it.
    """

    game: str
    load: tuple[tuple[str, Any], ...]
    options: tuple[tuple[str, Any], ...]  # the game's options (its pack by name), backend aside
    players: int
    pack: str
    agent: str
    start: Params
    tuned: tuple[tuple[str, Parameter], ...]  # (group, parameter)
    games: int
    seed: int

    @classmethod
    def make(cls, game: Any, name: str, load: dict[str, Any], agent: str, names: Sequence[str] | None,
             start: Params | None, games: int, seed: int) -> Tuning:  # fmt: skip
        """A tune of ``agent`` in ``game`` (a loaded game named ``name``, ``load`` its ``load_game``
        options): the parameters ``names`` (default: every one the agent uses), from ``start``
        (default: the game's own values).

        Raises:
            SolverError: naming the field: the agent takes no parameters, a name is not one of
                the game's or not one the agent uses, ``games`` does not seat every player alike.
        """
        agent = pin_workers(agent)
        kind = agent.split(":")[0]
        made = make_agent(agent, field="agent")
        if kind not in ("greedy", "expectimax", "mcts", "ai"):
            raise SolverError(f"agent: {kind} plays without parameters; tune greedy, expectimax, mcts or ai")
        if any(option.partition("=")[0] == "params" for option in agent.split(":")[1:]):
            raise SolverError("agent: the trials' values would lose to the spec's params file: start from it with --params")
        kstate = game.new_initial_state().kernel_state()
        if kind == "ai":  # the values are for the searcher the AI plays this game with
            kind = plan_for(kstate, made.budget["iterations"], made.budget["depth"], made.budget["rounds"]).searcher
        used = GROUPS if kind == "mcts" else ("heuristic",)
        players = game.players
        if names is None:
            tuned = [(g, p) for g in used for p in parameters(name, players, g)]
        else:
            tuned = check_names(names, name, players, "tune")
            for group, parameter in tuned:
                if group not in used:
                    raise SolverError(f"tune: {kind} does not search: {parameter.name} ({group}) changes nothing")
        if not tuned:
            raise SolverError("tune: no parameter to tune")
        if players > 1 and games % players:
            raise SolverError(f"games: with {players} players the tuned agent sits at every seat in turn: give a "
                              f"multiple of {players}, got {games}")  # fmt: skip
        pack = game.pack.name
        if start is not None:
            start.fit(name, players, pack)
        arrays = dict(zip(GROUPS, settings(kstate, start, kind), strict=True))
        start = replace(start or Params(name, players, pack), pack=pack, agent=kind)
        for group in GROUPS:
            values = {p.name: _number(arrays[group][p.index], p) for g, p in tuned if g == group}
            start = start.with_values(group, values)
        options = tuple((k, v) for k, v in game.options().items() if k != "backend")
        return cls(name, tuple(load.items()), options, players, pack, agent, start, tuple(tuned), games, seed)

    @property
    def names(self) -> list[str]:
        return [p.name for _, p in self.tuned]

    def start_values(self) -> dict[str, float]:
        """The tuned parameters' starting values, by name."""
        return {p.name: self.start.values(g)[p.name] for g, p in self.tuned}

    def params(self, values: dict[str, float], tune: dict[str, Any] | None = None) -> Params:
        """The starting parameters with ``values`` (by name) written over them."""
        out = self.start
        for group in GROUPS:
            out = out.with_values(group, {p.name: values[p.name] for g, p in self.tuned if g == group})
        return out if tune is None else out.with_record(tune)

    def identity(self) -> dict[str, Any]:
        """What a study of this tune is, as kept with it: a study resumed must be the same."""
        return {"game": self.game, "options": dict(self.options), "agent": self.agent, "games": self.games,
                "seed": self.seed, "tuned": self.names, "start": self.start_values()}  # fmt: skip

    def plan(self, params: Params, seeds: Sequence[int]) -> list[Job]:
        """The games judging ``params`` on ``seeds``: solo, one a seed; else against the starting
        values, the tuned agent at each seat in turn on each seed."""
        if self.players == 1:
            return [Job(self.game, self.load, (self.agent,), (0,), seed, (params_text(params),)) for seed in seeds]
        texts = (params_text(params), params_text(self.start))
        return [Job(self.game, self.load, (self.agent, self.agent), seats, seed, texts)
                for seed in seeds for seats in self._seatings()]  # fmt: skip

    def _seatings(self) -> list[tuple[int, ...]]:
        """Agent 0 (the tuned values) at each seat in turn; agent 1 (the start) at the others."""
        n = self.players
        return [tuple(0 if s == tuned else 1 for s in range(n)) for tuned in range(n)]

    def trial_seeds(self) -> range:
        """The seeds every trial plays (``games`` games)."""
        return range(self.seed, self.seed + self.games // self.players)

    def score(self, result: dict[str, Any]) -> float:
        """A game's worth to the tuned values: solo, its score; else agent 0's share of the win."""
        return float(result["score"]) if self.players == 1 else share_of_wins(result)


def _number(value: float, parameter: Parameter) -> float:
    """A value as a parameters file keeps it: an integer, or a number to 4 decimals (within range)."""
    if parameter.integer:
        return int(round(value))
    return min(max(round(float(value), 4), parameter.low), parameter.high)


@contextmanager
def players(workers: int, scheduler: str | None) -> Iterator[Play]:
    """Where a tune's games are played, for all its batches: this process (1 worker), a pool of
    ``workers`` processes kept from batch to batch, or the cluster at ``scheduler``."""
    if scheduler is not None:
        yield lambda plan: play_cluster(plan, scheduler)
    elif workers == 1:
        yield lambda plan: (play_job(job) for job in plan)
    else:
        pool = LocalPool(workers)
        try:
            yield pool.play
        finally:
            pool.close()


STEP = Bound(float, 0, 1, above=True)
DEFAULT_STEP = 0.25
"""CMA-ES's first step, as a share of each parameter's range (``--step``). A quarter, the default,
takes a start at the ends of the ranges back to good values in 30 trials of Kokoro's greedy (four
fifths of the gap to the shipped weights, from either end; Optuna's own sixth won back a quarter
from the high ends); values that are good already are refined with smaller steps (a tenth: the
shipped tunes), which spend fewer trials far from them."""


def open_study(tuning: Tuning, storage: str, name: str, resume: bool, step: float = DEFAULT_STEP) -> Any:
    """The study ``name`` in the database ``storage``: a new one (its first trial the starting
    values), or with ``resume`` the one there, which must be a study of the same tune (its
    sampler goes on where it was: ``step``, CMA-ES's first step, counts for a new study only).

    Raises:
        SolverError: ``study: ...`` (the database cannot be opened, holds this study already
            without ``resume``, or a study of another tune) or ``resume: ...`` (no study to go on).
    """
    optuna = optuna_module()
    try:
        known = optuna.study.get_all_study_names(storage)
    except Exception as exc:  # SQLAlchemy's errors name no field
        raise SolverError(f"study: cannot open {storage}: {exc}") from None
    sampler = _sampler(optuna, tuning, STEP.check(step, "step"))
    if name in known:
        study = optuna.load_study(study_name=name, storage=storage, sampler=sampler)
        if not resume:
            raise SolverError(f"study: {storage} holds the study {name!r} already ({len(study.trials)} trials): "
                              "give --resume to go on with it, or another --study")  # fmt: skip
        theirs = study.user_attrs.get("tuning", {})
        for key, ours in tuning.identity().items():
            if theirs.get(key) != ours:
                raise SolverError(f"study: the study {name!r} in {storage} tunes with {key} {theirs.get(key)!r}, "
                                  f"not {ours!r}")  # fmt: skip
        for trial in study.trials:  # left running by a crash: its games are lost
            if trial.state == optuna.trial.TrialState.RUNNING:
                study.tell(trial.number, state=optuna.trial.TrialState.FAIL)
        return study
    if resume:
        raise SolverError(f"resume: {storage} holds no study {name!r} to go on with")
    study = optuna.create_study(study_name=name, storage=storage, sampler=sampler, direction="maximize")
    study.set_user_attr("tuning", tuning.identity())
    study.enqueue_trial(tuning.start_values())
    return study


def _sampler(optuna: Any, tuning: Tuning, step: float) -> Any:
    integer = any(p.integer for _, p in tuning.tuned)
    return optuna.samplers.CmaEsSampler(x0=tuning.start_values(), sigma0=step, popsize=generation(tuning),
                                        seed=tuning.seed % 2**32, with_margin=integer,
                                        warn_independent_sampling=False)  # fmt: skip


def _distributions(optuna: Any, tuning: Tuning) -> dict[str, Any]:
    out = {}
    for _, p in tuning.tuned:
        if p.integer:
            out[p.name] = optuna.distributions.IntDistribution(int(p.low), int(p.high))
        else:
            out[p.name] = optuna.distributions.FloatDistribution(p.low, p.high)
    return out


def generation(tuning: Tuning) -> int:
    """Trials asked at a time: a CMA-ES generation (the population the sampler is given, the usual
    ``4 + 3 ln n`` for ``n`` parameters), whose games are played side by side."""
    return 4 + int(3 * math.log(len(tuning.tuned)))


def finished(study: Any) -> list[Any]:
    """The study's finished trials."""
    return [t for t in study.trials if t.state.name == "COMPLETE"]


def run_trials(tuning: Tuning, study: Any, trials: int, play: Play,
               on_trial: Callable[[Any], None] | None = None) -> None:  # fmt: skip
    """Run trials until the study has ``trials`` finished ones, a generation at a time.

    On Ctrl-C (or any error) the trials in play are marked failed and the error goes on: the
    finished ones are in the study already.
    """
    optuna = optuna_module()
    distributions = _distributions(optuna, tuning)
    seeds = tuning.trial_seeds()
    while (left := trials - len(finished(study))) > 0:
        # the start plays alone: CMA-ES samples once a trial has finished (before, Optuna's random sampler would)
        size = generation(tuning) if finished(study) else 1
        batch = [study.ask(distributions) for _ in range(min(left, size))]
        plans = {t.number: tuning.plan(tuning.params(t.params), seeds) for t in batch}
        try:
            results = _played(play, [job for plan in plans.values() for job in plan])
        except BaseException:
            for t in batch:
                study.tell(t, state=optuna.trial.TrialState.FAIL, skip_if_finished=True)
            raise
        for t in batch:
            study.tell(t, statistics.fmean(tuning.score(results[job.key]) for job in plans[t.number]))
            if on_trial is not None:
                on_trial(study)


def _played(play: Play, plan: Sequence[Job]) -> dict[tuple[Any, ...], dict[str, Any]]:
    """Every result of ``plan`` by its job's key (a job given twice, as trials with the same
    values give it, is played once)."""
    return {result_key(r): r for r in play(list(dict.fromkeys(plan)))}


def confirm(tuning: Tuning, best: Params, confirm_games: int, play: Play) -> dict[str, Any]:
    """The best values against the starting ones on fresh seeds (after every trial's): solo, the
    paired difference of the scores with its 95% interval; 2 players, the SPRT ``CONFIRM_SPRT``
    on pairs of games (at most ``confirm_games`` games); 3-4, the tuned share of wins with its
    95% interval against the even share."""
    first = tuning.seed + tuning.games // tuning.players
    n = tuning.players
    seeds = range(first, first + max(1, confirm_games // n))
    out: dict[str, Any] = {"seeds": [seeds[0], seeds[-1]]}
    if n == 1:
        plans = {"tuned": tuning.plan(best, seeds), "start": tuning.plan(tuning.start, seeds)}
        results = _played(play, [j for p in plans.values() for j in p])
        tuned, start = ([tuning.score(results[job.key]) for job in plans[k]] for k in ("tuned", "start"))
        diffs = [a - b for a, b in zip(tuned, start)]
        mean, low, high = report.mean_interval(diffs)
        out.update({"games": len(diffs), "start_mean": round(statistics.fmean(start), 4),
                    "tuned_mean": round(statistics.fmean(tuned), 4), "difference": round(mean, 4),
                    "interval": [round(low, 4), round(high, 4)]})  # fmt: skip
        out["verdict"] = "better" if low > 0 else "worse" if high < 0 else "not told apart"
        return out
    plan = tuning.plan(best, seeds)
    shares: list[float] = []
    paired = PairedTest(CONFIRM_SPRT, list(seeds)) if n == 2 else None
    with closing(play(plan)) as results:  # an SPRT decision ends the games still in play
        for result in results:
            shares.append(tuning.score(result))
            if paired is not None and paired.add(result) is not None:
                break
    low, high = report.wilson_interval(sum(shares), len(shares))
    out.update({"games": len(shares), "win_rate": round(statistics.fmean(shares), 4),
                "interval": [round(low, 4), round(high, 4)], "even": round(1 / n, 4)})  # fmt: skip
    if paired is not None:
        lower, upper = CONFIRM_SPRT.bounds()
        out["sprt"] = {"elo0": CONFIRM_SPRT.elo0, "elo1": CONFIRM_SPRT.elo1, "llr": round(CONFIRM_SPRT.llr(paired.pairs), 3),
                       "bounds": [round(lower, 3), round(upper, 3)], "pairs": paired.counted, "result": paired.result}  # fmt: skip
        out["verdict"] = {"H1": "better", "H0": "not better"}.get(paired.result or "", "undecided")
    else:
        out["verdict"] = "better" if low > 1 / n else "worse" if high < 1 / n else "not told apart"
    return out


def record(tuning: Tuning, study: Any, storage: str, name: str, seconds: float,
           confirmation: dict[str, Any] | None) -> dict[str, Any]:  # fmt: skip
    """The tune's record kept in the parameters file written (``Params.tune``)."""
    done = finished(study)
    best = study.best_trial
    start = next((t for t in done if t.number == 0), None)
    return {
        "agent": tuning.agent, "study": storage, "study_name": name, "trials": len(done),
        "games": tuning.games, "seeds": [tuning.trial_seeds()[0], tuning.trial_seeds()[-1]],
        "objective": "mean score" if tuning.players == 1 else "share of wins against the start values",
        "start": tuning.start_values(), "start_value": None if start is None else round(start.value, 4),
        "best_trial": best.number, "best_value": round(best.value, 4), "seconds": round(seconds, 1),
        "confirmation": confirmation,
    }  # fmt: skip


def best_values(tuning: Tuning, study: Any) -> dict[str, float]:
    """The best trial's values, by name (integers for integer parameters; 4 decimals for the others)."""
    params = study.best_trial.params
    return {p.name: _number(params[p.name], p) for _, p in tuning.tuned}


def plot_history(study: Any, path: str, heading: str) -> str:
    """A chart of every finished trial's value, the best so far and the start's; returns the
    absolute path written."""
    done = sorted(finished(study), key=lambda t: t.number)
    numbers = [t.number for t in done]
    values = [t.value for t in done]
    best = [max(values[: i + 1]) for i in range(len(values))]
    figure = report.png_figure(8.0, 4.5)
    axes = figure.add_subplot()
    axes.scatter(numbers, values, s=14, alpha=0.6, label="trial")
    axes.step(numbers, best, where="post", color="C1", label="best so far")
    if done and done[0].number == 0:
        axes.axhline(values[0], color="C2", linestyle="--", linewidth=1, label="start")
    axes.set_xlabel("trial")
    axes.set_ylabel("objective")
    axes.set_title(heading, fontsize=10)
    axes.legend()
    return report.save_png(figure, path)
