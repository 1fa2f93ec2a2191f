"""Special values of ``State.current_player()``, following OpenSpiel's conventions."""

CHANCE = -1
"""The player to move at a chance node (a tile draw, a dice roll)."""

TERMINAL = -4
"""The player to move once the game is over."""
