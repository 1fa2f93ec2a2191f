"""Make tuned parameters files the shipped defaults: ``solver/games/<game>/data/params.json``.

Each file given (written by ``solver tune``) replaces the shipped entry of its game and player
count; its ``pack`` is dropped (the shipped tunes are used with any pack that has none of its
own), its tune record kept (where the values came from). ``docs/ai.md`` lists the runs.

    python scripts/ship_params.py tunes/kokoro-1.json tunes/kokoro-2.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from solver.core.params import Params, for_players, pack_params, read_params

DATA = Path(__file__).resolve().parents[1] / "solver" / "games"


def ship(params: Params) -> Path:
    """Write ``params`` (without its pack) into its game's shipped tunes; returns the file."""
    path = DATA / params.game / "data" / "params.json"
    shipped = list(pack_params(json.loads(path.read_text()), params.game, "")) if path.exists() else []
    old = for_players(shipped, params.players)
    if old is not None:
        shipped.remove(old)
    shipped.append(Params(params.game, params.players, None, params.heuristic, params.search, params.tune))
    entries = [p.to_json() for p in sorted(shipped, key=lambda p: p.players)]
    path.write_text(json.dumps({"params": entries}, indent=2) + "\n", encoding="utf-8")
    return path


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(f"{name} -> {ship(read_params(name))}")
