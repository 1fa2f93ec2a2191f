"""Tests of the web app: its API (test_api.py) and the page in a real browser (test_browser.py)."""
