"""The web app under load: many WebSocket clients analysing at once, with Chromium pages among them.

Starts ``solver serve`` as its own process on a free port, then for ``--seconds``:

- ``--clients`` WebSocket clients, each in a loop: a new game of a random game (seeded), a search of
  ``--time`` seconds on ``/ws/search``, the best turn played with ``/api/apply``;
- ``--pages`` pages in the system Chromium, each pressing *Best turn* (the same time) and *Play this
  turn* in a loop, through the page's own controls;

and samples the server's resident memory every second. It prints what it measured: searches done,
errors (any error message or HTTP error, on a socket or a page), each search's wall time against
its limit plus the wait the server reported (``queued``), and the memory at the start, the end and
its peak::

    python bench/web_load.py [--clients 20] [--pages 3] [--seconds 60] [--time 0.5]
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).parent))
from _machine import describe, machine_info

from tests.web import pages

GAMES = (("godo", 2), ("gogoa", 2), ("koi", 2), ("kokoro", 2), ("kokoro", 1), ("gogoa", 1))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` (Linux ``/proc``), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Tally:
    """What the clients saw, shared between their threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.searches: list[tuple[float, float, float]] = []  # (wall, limit, queued)
        self.errors: list[str] = []
        self.page_searches = 0

    def search(self, wall: float, limit: float, queued: float) -> None:
        with self.lock:
            self.searches.append((wall, limit, queued))

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)


def one_search(http: httpx.Client, ws: Any, game: str, players: int, seed: int, limit: float,
               tally: Tally) -> None:  # fmt: skip
    """A new game, a search of ``limit`` seconds on it, its best turn played."""
    body = {"game": game, "options": {"players": players}, "seed": seed}
    answer = http.post("/api/new", json=body)
    if answer.status_code != 200:
        tally.error(f"/api/new {answer.status_code}: {answer.text[:200]}")
        return
    view = answer.json()
    common = {"game": game, "options": {"players": players}, "position": view["position"]}
    asked = time.monotonic()
    ws.send(json.dumps({"type": "search", **common, "time": limit, "multipv": 3}))
    while (message := json.loads(ws.recv(timeout=120)))["type"] == "info":
        pass
    wall = time.monotonic() - asked
    if message["type"] != "result":
        tally.error(f"search: {message}")
        return
    tally.search(wall, limit, message["queued"])
    played = http.post("/api/apply", json={**common, "actions": message["actions"]})
    if played.status_code != 200:
        tally.error(f"/api/apply {played.status_code}: {played.text[:200]}")


def client(url: str, seconds: float, limit: float, seed: int, tally: Tally, games: Any = None) -> None:
    """One WebSocket client: a new game, a search, its turn played, in a loop until the time is up
    (or once for each of ``games``)."""
    rng = random.Random(seed)
    end = time.monotonic() + seconds
    ws_url = "ws" + url.removeprefix("http") + "/ws/search"
    with httpx.Client(base_url=url, timeout=60) as http, connect(ws_url, open_timeout=60) as ws:
        for game, players in games or iter(lambda: rng.choice(GAMES), None):
            if games is None and time.monotonic() >= end:
                break
            one_search(http, ws, game, players, rng.randrange(10**6), limit, tally)


def browser_pages(url: str, count: int, seconds: float, limit: float, tally: Tally) -> None:
    """``count`` Chromium pages pressing Best turn and Play this turn in turns."""
    from playwright.sync_api import sync_playwright

    end = time.monotonic() + seconds
    with sync_playwright() as playwright:
        browser = pages.launch(playwright)
        opened = [pages.open_page(browser, url) for _ in range(count)]
        for i, page in enumerate(opened):
            pages.new_game(page, GAMES[i % 4][0], seed=i, players=2)
            page.click("#tab-analyse")
            page.fill("#search-time", str(limit))
        while time.monotonic() < end:
            for page in opened:
                page.click("#search-start")
            for i, page in enumerate(opened):
                page.wait_for_selector("#search-result:not([hidden]), #error:not([hidden])", timeout=120_000)
                if pages.error_text(page):
                    tally.error(f"page {i}: {pages.error_text(page)}")
                    page.click("#error-close")
                    pages.new_game(page, GAMES[i % 4][0], seed=i, players=2)
                    page.click("#tab-analyse")
                    continue
                tally.page_searches += 1
                page.click("#result-apply")
                pages.wait_idle(page)
                while page.is_visible("#chance-roll"):  # chance is due: roll it in Analyse
                    page.click("#chance-roll")
                    pages.wait_idle(page)
                if "Game over" in page.inner_text("#status"):
                    pages.new_game(page, GAMES[i % 4][0], seed=i + 1, players=2)
                    page.click("#tab-analyse")
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--pages", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--time", type=float, default=0.5, help="each search's limit, seconds")
    args = parser.parse_args()
    print("\n".join(describe(machine_info())))
    port = free_port()
    log = tempfile.TemporaryFile("w+")
    command = [sys.executable, "-m", "solver", "serve", "--port", str(port)]
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                httpx.get(url + "/api/games", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        client(url, 0.0, 0.1, 0, Tally(), GAMES)  # loading each game's searchers is not measured
        tally = Tally()
        memory = [rss_mb(server.pid)]
        threads = [threading.Thread(target=client, args=(url, args.seconds, args.time, 100 + i, tally))
                   for i in range(args.clients)]  # fmt: skip
        if args.pages:
            threads.append(threading.Thread(target=browser_pages, args=(url, args.pages, args.seconds, args.time, tally)))
        started = time.monotonic()
        for thread in threads:
            thread.start()
        while any(thread.is_alive() for thread in threads):
            time.sleep(1.0)
            memory.append(rss_mb(server.pid))
            done = len(tally.searches)
            print(f"\r{time.monotonic() - started:5.0f} s  {done} searches  {len(tally.errors)} errors  "
                  f"server {memory[-1]:.0f} MB", end="", flush=True)  # fmt: skip
        print()
    finally:
        server.terminate()
        server.wait(10)
    log.seek(0)
    failures = [line for line in log if "ERROR" in line or "Traceback" in line]
    report(args, tally, memory, failures)


def report(args: argparse.Namespace, tally: Tally, memory: list[float], failures: list[str]) -> None:
    walls = [wall for wall, _, _ in tally.searches]
    queued = [q for _, _, q in tally.searches]
    over = [wall - limit - q for wall, limit, q in tally.searches]
    half = memory[len(memory) // 2 :]
    print(f"{args.clients} socket clients and {args.pages} Chromium pages for {args.seconds:g} s, "
          f"searches of {args.time:g} s (numba backend, the AI)")  # fmt: skip
    print(f"searches: {len(walls)} by sockets, {tally.page_searches} by pages; errors: {len(tally.errors)}")
    for text in tally.errors[:10]:
        print("  ", text)
    print(f"server log: {len(failures)} errors")
    for line in failures[:10]:
        print("  ", line.rstrip())
    if walls:
        print(f"wall s: median {statistics.median(walls):.2f}, p95 {sorted(walls)[int(0.95 * len(walls))]:.2f}, "
              f"max {max(walls):.2f}; queued s: median {statistics.median(queued):.2f}, max {max(queued):.2f}")
        print(f"wall - limit - queued, s: median {statistics.median(over):.3f}, max {max(over):.3f}")
    print(f"server memory MB: start {memory[0]:.0f}, end {memory[-1]:.0f}, peak {max(memory):.0f}; "
          f"second half from {half[0]:.0f} to {half[-1]:.0f}")  # fmt: skip


if __name__ == "__main__":
    main()
