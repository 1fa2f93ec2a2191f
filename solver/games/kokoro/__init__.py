"""Kokoro: Avenue of the Kodama (flip-and-write path drawing, 1-8 players, solo).

The rules as implemented and every decision where the book is silent: ``docs/rules/kokoro.md``.
"""
