"""Game-agnostic pieces shared by every game: errors, player constants, the game registry."""
