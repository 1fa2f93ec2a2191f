"""Driving the web page in a real Chromium: the steps the browser tests and the screenshots share.

``running_server()`` serves ``solver.web.create_app()`` with uvicorn on a free local port in a
background thread; ``launch(playwright)`` starts the system Chromium; the other helpers act on the
page as a person would (choose, type, click) and wait until the page has shown the answer::

    with running_server() as url, sync_playwright() as p:
        browser = launch(p)
        page = open_page(browser, url)
        new_game(page, "kokoro", players=1)
        plan = best_turn(page, time=0.2)
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

NO_CHROMIUM = (
    "no Chromium: install Debian's chromium (.ci/run does), and playwright (pip install playwright)"
)
"""Why the browser tests are skipped when they cannot run."""

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

VIEWPORT = {"width": 1280, "height": 800}

TIMEOUT_MS = 20_000
"""How long a step may wait for the page (the first search of a game compiles its searcher)."""


def chromium_path() -> str | None:
    """The system Chromium (Debian's ``/usr/bin/chromium``), or None."""
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    return "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None


def launch(playwright: Any) -> Any:
    """The system Chromium, headless, started through Playwright."""
    return playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def running_server() -> Iterator[str]:
    """The URL of ``solver.web.create_app()`` served by uvicorn in a background thread."""
    import uvicorn

    from solver.web import create_app

    port = _free_port()
    config = uvicorn.Config(
        create_app(), host="127.0.0.1", port=port, log_level="warning", ws="auto"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name="solver-web-test-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError(f"the web server did not start on port {port}")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


# ---------- the page ----------


def views(page: Any) -> int:
    """How many times the board was drawn (the page counts its redraws in ``data-views``)."""
    return int(page.get_attribute("#board", "data-views"))


def wait_idle(page: Any) -> None:
    """Wait until no request of the page is running."""
    page.wait_for_function("document.body.dataset.busy === '0'", timeout=TIMEOUT_MS)


def wait_redraw(page: Any, before: int) -> None:
    """Wait until the board is drawn again after ``before`` redraws and the page is idle."""
    page.wait_for_function(
        f"Number(document.getElementById('board').dataset.views) > {before}", timeout=TIMEOUT_MS
    )
    wait_idle(page)


def error_text(page: Any) -> str:
    """The error shown (empty when none)."""
    return "" if page.is_hidden("#error") else page.inner_text("#error-text")


def open_page(browser: Any, url: str) -> Any:
    """A new page at ``url`` (1280 x 800) once it has drawn its first board."""
    page = browser.new_page(viewport=VIEWPORT)
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(url)
    page.wait_for_selector("#board svg")
    wait_idle(page)
    return page


def new_game(page: Any, game: str, seed: int = 0, **options: Any) -> None:
    """Choose ``game`` and its options in the form, then "New game"."""
    page.select_option("#game", game)
    for name, value in options.items():
        field = f"#opt-{name}"
        if isinstance(value, bool):
            page.set_checked(field, value)
        elif page.locator(field).evaluate("e => e.tagName") == "SELECT":
            page.select_option(field, "" if value is None else str(value))
        else:
            page.fill(field, str(value))
    page.fill("#seed", str(seed))
    before = views(page)
    page.click("#new-game")
    wait_redraw(page, before)


def position(page: Any) -> dict[str, Any]:
    """The position on the board, as "Copy position" shows it."""
    page.click("#tab-setup")
    page.click("#position-copy")
    return json.loads(page.input_value("#position-json"))


def select_tool(page: Any, name: str, **params: Any) -> None:
    """Select setup tool ``name`` and choose its parameters by their values (``tile=8``)."""
    page.click("#tab-setup")
    button = page.locator(f'[data-testid="tool-{name}"]')
    if button.get_attribute("aria-pressed") != "true":
        button.click()
    for param, value in params.items():
        option = page.locator(f"#param-{param} option[data-value='{json.dumps(value)}']")
        # by index: Playwright matches a value string against the options' labels too
        page.select_option(f"#param-{param}", index=option.evaluate("o => o.index"))


def click_target(page: Any, target: str, **data: Any) -> None:
    """Click the board's ``data-target`` element whose ``data-*`` are ``data`` (the selected tool's
    target), and wait for the edited position."""
    selector = f'#board [data-target="{target}"]' + "".join(
        f'[data-{k}="{v}"]' for k, v in data.items()
    )
    before = views(page)
    page.locator(selector).first.click()
    wait_redraw(page, before)


def apply_tool(page: Any) -> None:
    """Apply the selected tool that needs no click on the board."""
    before = views(page)
    page.click("#tool-apply")
    wait_redraw(page, before)


def best_turn(page: Any, time: float = 0.2, multipv: int = 3) -> list[str]:
    """Ask for the best turn and wait for it; the plan's steps in words."""
    page.click("#tab-analyse")
    page.fill("#search-time", str(time))
    page.fill("#search-multipv", str(multipv))
    page.click("#search-start")
    page.wait_for_selector("#search-result:not([hidden]), #error:not([hidden])")
    if error_text(page):
        raise AssertionError(f"the search failed: {error_text(page)}")
    return page.locator("#result-plan li").all_inner_texts()


def load_position(page: Any, text: str) -> None:
    """Paste ``text`` as the position and press "Load" (the answer: a board or an error)."""
    page.click("#tab-setup")
    page.fill("#position-json", text)
    page.click("#position-load")
    wait_idle(page)


def setup_seats(page: Any, seats: list[str], time: float = 0.2, chance: str = "server") -> None:
    """Open the Play tab and set each seat (``"human"`` or ``"ai"``), the AI's time and chance."""
    page.click("#tab-play")
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat-{seat}", kind)
    page.fill("#play-time", str(time))
    page.select_option("#play-chance", chance)


def wait_for_human(page: Any) -> None:
    """Wait until a person must choose (human move or typed-in chance) or the game stops."""
    page.wait_for_function(
        "!document.getElementById('play-choices').hidden"
        " || !document.getElementById('play-start').disabled",
        timeout=TIMEOUT_MS,
    )
    wait_idle(page)


def autoplay_until(page: Any, condition: str) -> None:
    """Start the game in the Play tab and pause it as soon as the JavaScript ``condition`` holds
    (checked and paused in one step of the page, so no further move is played)."""
    page.click("#play-start")
    page.wait_for_function(
        f"(() => {{ if (!({condition})) return false; "
        "document.getElementById('play-pause').click(); return true; })()",
        timeout=4 * TIMEOUT_MS,
    )
    wait_idle(page)


def autoplay_past(page: Any, steps: int, status: str = "to move") -> None:
    """Start the game in the Play tab and pause it once the history holds more than ``steps``
    entries and the status reads ``status`` (``to move``: a decision, ``phase move``...)."""
    autoplay_until(
        page,
        f"document.querySelectorAll('#move-list li').length > {steps}"
        f" && document.getElementById('status').textContent.includes({json.dumps(status)})",
    )


def choose(page: Any, index: int = 0) -> str:
    """Click the ``index``-th choice offered (a legal move or a chance outcome); its text."""
    button = page.locator('#play-legal [data-testid="choice"]:not([hidden])').nth(index)
    text = button.inner_text()
    button.click()
    return text


def log(page: Any) -> list[str]:
    """The history's move list, from the start (``new game, seed 0``) on."""
    return page.locator("#move-list li").all_inner_texts()


def play_solo(page: Any, seed: int = 0, agent: str = "mcts:iterations=200") -> None:
    """Play a solo game of the chosen game in the Replay tab and wait for its first position."""
    page.click("#tab-replay")
    page.fill("#solo-seed", str(seed))
    page.fill("#solo-agent", agent)
    before = views(page)
    page.click("#solo-play")
    wait_redraw(page, before)


def go(page: Any, button: str) -> str:
    """Press a history button (``first``, ``back``, ``forward``, ``last``) and wait for the board;
    where the history is now (``3 / 40``)."""
    before = views(page)
    page.click(f"#history-{button}")
    wait_redraw(page, before)
    return page.inner_text("#history-place")
