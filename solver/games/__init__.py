"""One package per game: component packs, the reference rules, kernels and positions."""
