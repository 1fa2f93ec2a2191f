"""KOI (dV Giochi, 1-4 players, solo): the Meditate market, storage and koi as the rulebook
fragment gives them, and a documented completion (the cards, the pond, scoring, the end, solo).

The rules as implemented, the fragment sentence by sentence and every invented rule marked OURS:
``docs/rules/koi.md``.
"""
