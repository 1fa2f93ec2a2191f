"""Game records and their review: a game as a file that replays on every backend (``record``:
``SavedGame``, ``read_game``), and where a recorded game went wrong and by how much (``review``,
its value graph in ``graph``); ``docs/records.md`` has both.

    >>> import solver
    >>> game = solver.load_game("kokoro", players=1)
    >>> saved = solver.SavedGame.of_play(game, solver.play(game, "greedy", seed=4))
    >>> solver.read_game(saved.to_json()).result == saved.result
    True
"""
