"""The pictures of the web app in the docs: ``python -m tests.web.screenshots`` from the repository.

Starts the server, drives the page in the system Chromium with the same steps as the browser tests
(``tests.web.pages``) and writes ``docs/pictures/web-setup.png``, ``web-analysis.png``,
``web-play.png``, ``web-replay.png`` and ``web-review.png`` (1280 x 800).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.web import pages

PICTURES = Path(__file__).resolve().parents[2] / "docs" / "pictures"


def setup(page: Any) -> None:
    """GODŌ for two a few turns in, the "place a tile" tool over an empty square."""
    pages.new_game(page, "godo", seed=3, players=2)
    pages.setup_seats(page, ["ai", "ai"], time=0.2)
    pages.autoplay_past(page, 15, "phase place")
    pages.select_tool(page, "place", rotation=90)
    squares = page.locator('#board [data-target="square"]')
    squares.nth(squares.count() // 2).hover()


def analysis(page: Any) -> None:
    """Go Goa, a few days in: the best move drawn over the map, with the alternatives."""
    pages.new_game(page, "gogoa", seed=2, players=2)
    pages.setup_seats(page, ["ai", "ai"], time=0.2)
    pages.autoplay_past(page, 11, "phase move")
    pages.best_turn(page, time=1.0, multipv=3)


def play(page: Any) -> None:
    """Kokoro for two, a person against the AI, a few turns in."""
    pages.new_game(page, "kokoro", seed=1, players=2)
    pages.setup_seats(page, ["human", "ai"], time=0.3)
    page.click("#play-start")
    for _ in range(3):
        pages.wait_for_human(page)
        pages.choose(page)
    pages.wait_for_human(page)


def replay(page: Any) -> None:
    """A GODŌ solo game played by MCTS, halfway through its history."""
    page.select_option("#game", "godo")
    page.set_checked("#opt-solo", True)
    pages.play_solo(page, seed=1, agent="mcts:iterations=200")
    count = page.locator("#move-list li").count()
    before = pages.views(page)
    page.locator(f"#move-list li[data-index='{count // 2}']").click()
    pages.wait_redraw(page, before)


def reviewed(page: Any) -> None:
    """A GODŌ duel of greedy with a blunder planted at player 0's 20th decision, reviewed: the
    blunder marked in the move list and its better turn drawn."""
    import tempfile

    from tests.review.test_review import planted_game

    saved, step = planted_game(seed=0, at=20)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "planted.json"
        saved.write(path)
        page.click("#tab-review")
        before = pages.views(page)
        page.set_input_files("#record-file", str(path))
        pages.wait_redraw(page, before)
    page.select_option("#review-players", "0")
    page.fill("#review-time", "0.3")
    page.click("#review-start")
    page.wait_for_function("document.getElementById('review-progress').textContent.includes('reviewed')",
                           timeout=300_000)  # fmt: skip
    before = pages.views(page)
    page.locator(f"#move-list li[data-index='{step + 1}']").click()
    pages.wait_redraw(page, before)
    before = pages.views(page)
    page.click('[data-testid="review-show-best"]')
    pages.wait_redraw(page, before)


SCENES = {"web-setup": setup, "web-analysis": analysis, "web-play": play, "web-replay": replay,
          "web-review": reviewed}  # fmt: skip


def main() -> None:
    from playwright.sync_api import sync_playwright

    PICTURES.mkdir(parents=True, exist_ok=True)
    with pages.running_server() as url, sync_playwright() as playwright:
        browser = pages.launch(playwright)
        for name, scene in SCENES.items():
            page = pages.open_page(browser, url)
            scene(page)
            path = PICTURES / f"{name}.png"
            page.screenshot(path=str(path))
            print(f"wrote {path}")
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
