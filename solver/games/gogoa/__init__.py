"""Go Goa: a roll-and-write trip across a hex map of Goa (1-6 players, solo)."""
