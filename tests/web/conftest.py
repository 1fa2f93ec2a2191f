"""Fixtures of the web tests: the real server on a free local port, the system Chromium, a page.

``server_url`` (session): ``solver.web.create_app()`` served by uvicorn in a background thread.
``browser`` (module): the system Chromium through Playwright (skipped, saying why, when Playwright
or Chromium is missing). ``page`` (test): a fresh 1280 x 800 page showing the app.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web import pages


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    with pages.running_server() as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    playwright_api = pytest.importorskip("playwright.sync_api", reason=pages.NO_CHROMIUM)
    if pages.chromium_path() is None:
        pytest.skip(pages.NO_CHROMIUM)
    with playwright_api.sync_playwright() as playwright:
        chromium = pages.launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Any, server_url: str) -> Iterator[Any]:
    opened = pages.open_page(browser, server_url)
    yield opened
    opened.close()
