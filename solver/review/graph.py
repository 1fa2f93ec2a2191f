"""The value graph of a reviewed game: each seat's value at its decisions over the game, the marked
decisions drawn on it (a PNG, with matplotlib's Agg canvas: no display needed)."""

from __future__ import annotations

from solver.report import png_figure, require_matplotlib, save_png
from solver.review.review import MARKS, Review

COLOURS = {"blunder": "#c0392b", "mistake": "#e67e22", "inaccuracy": "#f1c40f"}


def plot_review(found: Review, path: str, heading: str = "") -> str:
    """Draw the value of the position (the best action's, for the player deciding) at each reviewed
    decision, one line per seat, with the marked decisions as coloured dots; solo, the final score
    and the hindsight score as lines. Returns the absolute path written.

    Raises:
        SolverError: ``plot: ...`` when matplotlib is missing or the file cannot be written.
    """
    require_matplotlib()
    figure = png_figure(10.0, 4.5)
    axes = figure.add_subplot(1, 1, 1)
    for seat in found.seats:
        mine = [d for d in found.decisions if d.player == seat]
        axes.plot([d.step for d in mine], [d.best_value for d in mine], marker=".", linewidth=1.2,
                  label=f"player {seat}")  # fmt: skip
    for name, _, _ in MARKS:
        marked = [d for d in found.decisions if d.mark == name]
        if marked:
            axes.scatter([d.step for d in marked], [d.value for d in marked], s=40, zorder=3,
                         color=COLOURS[name], label=f"{name} ({len(marked)})")  # fmt: skip
    if found.hindsight is not None:
        axes.axhline(found.hindsight["played"], color="grey", linestyle="--", linewidth=1,
                     label=f"final score {found.hindsight['played']}")  # fmt: skip
        axes.axhline(found.hindsight["hindsight"], color="black", linestyle=":", linewidth=1,
                     label=f"hindsight {found.hindsight['hindsight']}")  # fmt: skip
    if found.players > 1:
        axes.set_ylim(-0.02, 1.02)
    axes.set_xlabel("step of the record")
    axes.set_ylabel(found.units)
    axes.set_title(heading or f"{found.game}: the value at each decision")
    axes.grid(alpha=0.3)
    axes.legend(loc="best", fontsize="small")
    return save_png(figure, path)
