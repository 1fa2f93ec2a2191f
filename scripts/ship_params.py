"""Make tuned parameters files the shipped defaults: ``solver/games/<game>/data/params.json``.

Each file given (written by ``solver tune``) replaces the shipped entry of its game, player count
and searcher (``agent``); its ``pack`` is dropped (the shipped tunes are used with any pack that has none of its
own), its tune record kept (where the values came from). ``docs/ai.md`` lists the runs.

    python scripts/ship_params.py tunes/kokoro-1.json tunes/kokoro-2.json
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

from solver.core.params import AGENTS, Params, pack_params, read_params

DATA = Path(__file__).resolve().parents[1] / "solver" / "games"


def ship(params: Params) -> Path:
    """Write ``params`` (without its pack) into its game's shipped tunes, for the searcher it was
    tuned with (``agent``, else the one its tune record names); returns the file."""
    agent = params.agent or json.loads(params.tune)["agent"].split(":")[0]
    params = replace(params, pack=None, agent=agent)
    path = DATA / params.game / "data" / "params.json"
    shipped = list(pack_params(json.loads(path.read_text()), params.game, "")) if path.exists() else []
    shipped = [p for p in shipped if (p.players, p.agent) != (params.players, params.agent)]
    shipped.append(params)
    entries = [p.to_json() for p in sorted(shipped, key=lambda p: (p.players, AGENTS.index(p.agent or "mcts")))]
    path.write_text(json.dumps({"params": entries}, indent=2) + "\n", encoding="utf-8")
    return path


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(f"{name} -> {ship(read_params(name))}")
