"""The web page in a real headless Chromium against the real server (``solver serve``).

A person's steps, through the page's own controls (``tests.web.pages``): set up a position by
clicking, get the best turn drawn, stop a long search, play against the AI, load a bad position,
replay a solo game. Searches are short (0.2 s) so the module runs in well under two minutes.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.web import pages

try:
    import playwright.sync_api  # noqa: F401
except ImportError:
    pytest.skip(pages.NO_CHROMIUM, allow_module_level=True)
if pages.chromium_path() is None:
    pytest.skip(pages.NO_CHROMIUM, allow_module_level=True)

PLAYERS = {"godo": 2, "gogoa": 2, "koi": 2, "kokoro": 1}
"""The player count each game is set up and analysed with."""


def board_count(page: Any, selector: str) -> int:
    return page.locator(f"#board {selector}").count()


def test_the_page_loads_with_every_game(page: Any) -> None:
    names = page.locator("#game option").evaluate_all("options => options.map(o => o.value)")
    assert names == ["godo", "gogoa", "koi", "kokoro"]
    assert page.locator("#board svg").count() == 1
    assert pages.error_text(page) == ""
    assert page.is_visible("#status") and page.inner_text("#status")
    page.select_option("#game", "kokoro")
    assert page.input_value("#opt-side") == "blue" and page.input_value("#opt-players") == "2"
    page.select_option("#game", "godo")
    assert not page.is_checked("#opt-variant")
    for tab in ("analyse", "play", "replay", "setup"):
        page.click(f"#tab-{tab}")
        assert page.is_visible(f"#panel-{tab}")


def test_the_page_names_every_game_and_has_an_icon(page: Any, server_url: str) -> None:
    assert all(name in page.title() for name in ("GODŌ", "Go Goa", "KOI", "Kokoro"))
    icon = page.locator("link[rel=icon]").get_attribute("href")
    for path in (icon, "/favicon.ico"):
        answer = page.request.get(server_url + path)
        assert answer.status == 200 and answer.headers["content-type"].startswith("image/svg+xml"), path


def test_move_numbers_of_three_digits_fit_in_the_move_list(page: Any) -> None:
    room, needed = page.evaluate("""() => {
        const log = document.getElementById("move-list");
        const style = getComputedStyle(log);
        const pen = document.createElement("canvas").getContext("2d");
        pen.font = `${style.fontSize} ${style.fontFamily}`;
        return [parseFloat(style.paddingLeft), pen.measureText("116. ").width];
    }""")
    assert room >= needed  # the list's numbers sit in its left padding


# ---------- set up by clicking ----------


def test_a_setup_tools_hint_reads_as_english(page: Any) -> None:
    pages.new_game(page, "koi", players=2)
    pages.select_tool(page, "cards")
    hint = page.inner_text("#tool-hint")
    assert hint and "a cards" not in hint and "click on the board" in hint


def test_godo_setup_places_and_lifts_a_tile_by_clicking(page: Any) -> None:
    pages.new_game(page, "godo", players=2)
    tile = pages.position(page)["pile"][0]
    pages.select_tool(page, "place", tile=tile, rotation=90)
    pages.click_target(page, "square", x=0, y=0)
    after = pages.position(page)
    assert after["grounds"] == [{"tile": tile, "x": 0, "y": 0, "rotation": 90}]
    assert tile not in after["pile"]
    assert board_count(page, f'.tile[data-tile="{tile}"]') == 1
    pages.select_tool(page, "lift")
    pages.click_target(page, "tile", tile=tile)
    assert pages.position(page)["grounds"] == [] and board_count(page, ".tile") == 0
    assert pages.error_text(page) == ""


def test_godo_setup_enters_a_turn_monks_and_journal_tokens(page: Any) -> None:
    pages.new_game(page, "godo", players=2)
    tile = pages.position(page)["pile"][0]
    pages.select_tool(page, "place", tile=tile, rotation=0)
    pages.click_target(page, "square", x=0, y=0)
    pages.select_tool(page, "turn", player=1, phase="place")
    pages.apply_tool(page)
    assert pages.position(page)["stage"] == "play" and pages.position(page)["to_move"] == 1
    pages.select_tool(page, "monk", player=0)
    pages.click_target(page, "point", x=1, y=0)
    pages.select_tool(page, "journal")
    pages.click_target(page, "journal", player=1, colour="red", step=2)
    after = pages.position(page)
    assert after["monks"][0] == [1, 0] and after["journals"][1]["red"] == 2
    assert board_count(page, '.monk[data-player="0"][data-x="1"][data-y="0"]') == 1
    assert pages.error_text(page) == ""


def test_gogoa_setup_sets_the_dice_with_a_button(page: Any) -> None:
    pages.new_game(page, "gogoa", players=1)
    pages.select_tool(page, "day")
    pages.click_target(page, "day", day=2)
    pages.select_tool(page, "dice", first=2, second=6, third=6, reserved=0)
    pages.apply_tool(page)
    after = pages.position(page)
    assert sorted(after["dice"]) == [2, 6, 6] and after["phase"] == "reserve"
    assert board_count(page, ".die") == 3 and pages.error_text(page) == ""


def test_gogoa_setup_sets_the_day_then_moves_a_player_by_clicking(page: Any) -> None:
    pages.new_game(page, "gogoa", players=2)
    pages.select_tool(page, "position", player=0)
    page.click('#board [data-target="hex"][data-hex="D4"]')
    page.wait_for_selector("#error:not([hidden])")
    assert "D4" in pages.error_text(page) and page.get_attribute("#error", "data-field")
    pages.select_tool(page, "day")
    pages.click_target(page, "day", day=3)
    pages.select_tool(page, "position", player=0)
    pages.click_target(page, "hex", hex="D4")
    assert board_count(page, '.pawn[data-player="0"][data-hex="D4"]') == 1
    after = pages.position(page)
    assert after["day"] == 3 and after["sheets"][0]["position"] != "Start Here"
    assert pages.error_text(page) == ""


def test_kokoro_setup_draws_and_erases_a_path_by_clicking(page: Any) -> None:
    pages.new_game(page, "kokoro", players=1)
    pages.select_tool(page, "draw", segment=1, golden=False)
    pages.click_target(page, "space", player=0, row=3, col=3)
    assert pages.position(page)["mats"][0]["paths"][3] == "...1.."
    pages.select_tool(page, "erase")
    pages.click_target(page, "space", player=0, row=3, col=3)
    assert pages.position(page)["mats"][0]["paths"][3] == "......"
    assert pages.error_text(page) == ""


def test_koi_setup_places_a_tile_and_a_koi_and_sets_the_coins_by_clicking(page: Any) -> None:
    pages.new_game(page, "koi", players=2)
    pages.select_tool(page, "tile", terrain="water")
    pages.click_target(page, "hex", player=1, hex="E6")
    pages.select_tool(page, "koi", size="medium")
    pages.click_target(page, "hex", player=1, hex="E6")
    pages.select_tool(page, "coins", value=7)
    pages.click_target(page, "coins", player=0)
    after = pages.position(page)
    assert after["sensei"][1]["pond"][4] == "....@2..." and after["sensei"][0]["coins"] == 7
    assert board_count(page, '.koi[data-player="1"][data-hex="E6"][data-size="medium"]') == 1
    pages.select_tool(page, "koi", size="large")
    page.click('#board [data-target="hex"][data-player="0"][data-hex="E6"]')
    page.wait_for_selector("#error:not([hidden])")
    assert page.get_attribute("#error", "data-field") == "target.hex"


def test_a_tool_used_on_the_wrong_piece_shows_a_hint_not_an_edit(page: Any) -> None:
    pages.new_game(page, "kokoro", players=1)
    pages.select_tool(page, "draw")
    before = pages.views(page)
    page.click("#board svg", position={"x": 2, "y": 2})
    assert "click one on the board" in page.inner_text("#tool-hint")
    assert pages.views(page) == before


# ---------- analysis ----------


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_best_turn_is_drawn_and_told_in_words(page: Any, game: str) -> None:
    pages.new_game(page, game, seed=1, players=PLAYERS[game])
    plan = pages.best_turn(page, time=0.2, multipv=3)
    assert plan and all(step.strip() for step in plan)
    assert board_count(page, ".highlight") > 0
    assert int(page.inner_text("#info-iterations")) > 0
    assert 1 <= page.locator("#search-lines li").count() <= 3
    assert page.get_attribute("#search-result", "data-stopped") == "false"
    assert pages.error_text(page) == ""


def test_stop_ends_a_long_search_at_once(page: Any) -> None:
    pages.new_game(page, "godo", players=2)  # the AI searches a GODŌ duel with MCTS, as long as it is let
    page.click("#tab-analyse")
    page.fill("#search-time", "30")
    page.click("#search-start")
    page.wait_for_selector("#search-info:not([hidden])")  # the search streams its progress
    asked = time.monotonic()
    page.click("#search-stop")
    page.wait_for_selector("#search-result:not([hidden])", timeout=2000)
    assert time.monotonic() - asked < 2
    assert page.is_visible("#result-stopped")
    assert page.get_attribute("#search-result", "data-stopped") == "true"
    assert page.locator("#result-plan li").count() > 0


def test_a_search_still_running_when_the_position_changes_is_dropped(page: Any) -> None:
    pages.new_game(page, "godo", players=2)
    page.click("#tab-analyse")
    page.fill("#search-time", "6")
    page.click("#search-start")
    started = time.monotonic()
    page.wait_for_selector("#search-info:not([hidden])")
    tile = pages.position(page)["pile"][0]
    pages.select_tool(page, "place", tile=tile, rotation=90)  # set up a tile while the search runs
    before = pages.views(page)
    page.locator('#board [data-target="square"][data-x="0"][data-y="0"]').first.click()
    page.wait_for_function(f"Number(document.getElementById('board').dataset.views) > {before}")
    assert time.monotonic() - started < 5  # the edit came while the search ran
    drawn, position = pages.views(page), pages.position(page)
    assert position["grounds"] == [{"tile": tile, "x": 0, "y": 0, "rotation": 90}]
    time.sleep(max(0.0, 6.5 - (time.monotonic() - started)))  # past the old search's end
    assert pages.views(page) == drawn and pages.position(page) == position  # its board never drawn
    assert page.is_hidden("#search-result") and pages.error_text(page) == ""
    assert page.inner_text("#search-start") == "Best turn" and page.is_disabled("#search-stop")


def test_the_best_turn_can_be_played(page: Any) -> None:
    pages.new_game(page, "godo", players=2)
    pages.best_turn(page, time=0.2)
    actions = len(page.locator("#result-plan li").all_inner_texts())
    before = pages.views(page)
    page.click("#result-apply")
    pages.wait_redraw(page, before)
    assert len(pages.position(page)["grounds"]) >= 1 and actions >= 1
    assert board_count(page, ".highlight") == 0


# ---------- play ----------


def play_until_the_ai_moved(page: Any, chance: str = "server") -> list[str]:
    """Start, choose the first legal move whenever asked, until player 1 (AI) moved twice."""
    page.click("#play-start")
    for _ in range(30):
        pages.wait_for_human(page)
        assert pages.error_text(page) == ""
        moves = pages.log(page)
        if sum(m.startswith("player 1:") for m in moves) >= 2 or page.is_enabled("#play-start"):
            return moves
        pages.choose(page)
    raise AssertionError(f"the AI did not move twice: {pages.log(page)}")


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_person_plays_against_the_ai(page: Any, game: str) -> None:
    pages.new_game(page, game, seed=2, players=2)
    pages.setup_seats(page, ["human", "ai"], time=0.2, chance="server")
    moves = play_until_the_ai_moved(page)
    assert any(m.startswith("player 0:") for m in moves), moves
    assert sum(m.startswith("player 1:") for m in moves) >= 2, moves
    assert pages.error_text(page) == ""
    page.click("#play-pause")
    assert page.is_enabled("#play-start") and page.is_hidden("#play-choices")


def test_chance_typed_in_by_the_person(page: Any) -> None:
    pages.new_game(page, "kokoro", seed=2, players=1)
    pages.setup_seats(page, ["human"], chance="typed")
    page.click("#play-start")
    pages.wait_for_human(page)
    pages.choose(page)  # the path drawn ends the round's turn: a card is flipped next
    pages.wait_for_human(page)
    outcomes = page.locator('#play-legal [data-testid="choice"]').all_inner_texts()
    assert outcomes and all("%" in text for text in outcomes), outcomes
    pages.choose(page, len(outcomes) - 1)
    pages.wait_for_human(page)
    assert pages.log(page)[2].startswith("chance: ")
    assert pages.error_text(page) == ""


# ---------- errors ----------


def test_a_bad_position_names_its_field_and_the_page_keeps_working(page: Any) -> None:
    pages.new_game(page, "godo", players=2)
    pages.best_turn(page, time=0.2)
    before = pages.views(page)
    page.click("#result-apply")
    pages.wait_redraw(page, before)
    good = pages.position(page)
    position = json.loads(json.dumps(good))
    position["grounds"][0]["rotation"] = 45
    pages.load_position(page, json.dumps(position))
    assert page.get_attribute("#error", "role") == "alert"
    assert "grounds[0].rotation" in pages.error_text(page)
    pages.load_position(page, "{not json")
    assert pages.error_text(page).startswith("position: not valid JSON")
    before = pages.views(page)
    pages.load_position(page, json.dumps(good))
    assert pages.views(page) > before and pages.error_text(page) == ""
    upload = {
        "name": "bad.json",
        "mimeType": "application/json",
        "buffer": json.dumps(position).encode(),
    }
    page.set_input_files("#position-file", files=[upload])
    page.wait_for_selector("#error:not([hidden])")
    assert "grounds[0].rotation" in pages.error_text(page)


def test_a_refused_search_shows_its_error(page: Any) -> None:
    pages.new_game(page, "kokoro", players=1)
    page.click("#tab-analyse")
    page.fill("#search-time", "-1")
    page.click("#search-start")
    page.wait_for_selector("#error:not([hidden])")
    assert pages.error_text(page).startswith("time")
    assert page.get_attribute("#error", "data-field") == "time"
    page.fill("#search-time", "0.2")
    assert pages.best_turn(page, time=0.2)
    assert pages.error_text(page) == ""


# ---------- replay ----------


def test_replay_a_solo_game_step_by_step(page: Any) -> None:
    page.select_option("#game", "kokoro")
    page.click("#tab-replay")
    page.fill("#solo-agent", "mcts:iterations=100000")
    page.click("#solo-play")
    page.wait_for_selector("#error:not([hidden])")
    assert pages.error_text(page).startswith("agent")
    pages.play_solo(page, seed=1, agent="mcts:iterations=50")
    assert pages.error_text(page) == ""
    count = len(pages.log(page)) - 1
    assert count > 20 and page.inner_text("#history-place") == f"0 / {count}"
    assert pages.log(page)[0].startswith("solo game of mcts:iterations=50, seed 1")
    first = page.text_content("#state-text")
    assert pages.go(page, "forward") == f"1 / {count}"
    assert page.text_content("#state-text") != first
    assert pages.go(page, "last") == f"{count} / {count}"
    assert "Game over" in page.inner_text("#status")
    assert pages.go(page, "back") == f"{count - 1} / {count}"
    before = pages.views(page)
    page.locator(f"#move-list li[data-index='{count // 2}']").click()
    pages.wait_redraw(page, before)
    assert page.inner_text("#history-place") == f"{count // 2} / {count}"
    assert pages.go(page, "first") == f"0 / {count}"
    assert page.text_content("#state-text") == first


# ---------- the history ----------


def play_best_turn(page: Any) -> None:
    """Ask for the best turn (0.2 s) and play it."""
    pages.best_turn(page, time=0.2)
    before = pages.views(page)
    page.click("#result-apply")
    pages.wait_redraw(page, before)


def roll_in_analyse(page: Any) -> None:
    page.click("#tab-analyse")
    assert page.is_visible("#chance-box")
    before = pages.views(page)
    page.click("#chance-roll")
    pages.wait_redraw(page, before)


def press(page: Any, key: str) -> str:
    """Press ``key`` on the page (not in a field) and wait for the board; where the history is."""
    before = pages.views(page)
    page.locator("#status").click()  # out of any field: the arrow keys move through the history
    page.keyboard.press(key)
    pages.wait_redraw(page, before)
    return page.inner_text("#history-place")


def test_the_history_keeps_every_position_and_goes_back_and_forth(page: Any) -> None:
    pages.new_game(page, "kokoro", seed=2, players=1)
    texts = [page.text_content("#state-text")]
    pages.select_tool(page, "draw", segment=1, golden=False)
    pages.click_target(page, "space", player=0, row=3, col=3)
    texts.append(page.text_content("#state-text"))
    play_best_turn(page)  # a chance node follows: Analyse offers to roll
    texts.append(page.text_content("#state-text"))
    roll_in_analyse(page)
    texts.append(page.text_content("#state-text"))
    moves = pages.log(page)
    assert len(moves) == 4 and moves[0] == "new game, seed 2", moves
    assert moves[1].startswith("set up: ") and moves[2].startswith("player 0: draw")
    assert moves[3].startswith("chance: path card"), moves
    assert page.inner_text("#history-place") == "3 / 3" and page.is_disabled("#history-forward")
    assert pages.go(page, "back") == "2 / 3" and page.text_content("#state-text") == texts[2]
    assert press(page, "ArrowLeft") == "1 / 3" and page.text_content("#state-text") == texts[1]
    assert press(page, "ArrowRight") == "2 / 3"
    assert press(page, "End") == "3 / 3" and page.text_content("#state-text") == texts[3]
    before = pages.views(page)
    page.locator("#move-list li[data-index='0']").click()
    pages.wait_redraw(page, before)
    assert page.inner_text("#history-place") == "0 / 3" and page.text_content("#state-text") == texts[0]
    assert page.is_disabled("#history-back") and page.is_disabled("#history-first")
    assert pages.go(page, "forward") == "1 / 3"
    play_best_turn(page)  # a new move from an earlier position drops the ones that followed it
    assert page.inner_text("#history-place") == "2 / 2" and len(pages.log(page)) == 3
    assert pages.error_text(page) == ""


def test_chance_in_analyse_can_be_chosen_as_drawn_at_the_table(page: Any) -> None:
    pages.new_game(page, "kokoro", seed=2, players=1)
    play_best_turn(page)
    page.click("#tab-analyse")
    assert page.is_visible("#chance-box") and page.is_hidden("#search-result")
    options = page.locator("#chance-outcome option").all_inner_texts()
    assert len(options) > 1 and all("%" in text for text in options)
    page.select_option("#chance-outcome", index=len(options) - 1)
    before = pages.views(page)
    page.click("#chance-choose")
    pages.wait_redraw(page, before)
    assert pages.log(page)[-1] == "chance: " + options[-1].rsplit(" (", 1)[0]
    assert page.is_hidden("#chance-box") and pages.error_text(page) == ""


def test_a_person_plays_by_moving_back_and_choosing_again(page: Any) -> None:
    pages.new_game(page, "koi", seed=2, players=2)
    pages.setup_seats(page, ["human", "human"], chance="server")
    page.click("#play-start")
    pages.wait_for_human(page)
    first = pages.choose(page, 0)
    pages.wait_for_human(page)
    assert pages.log(page)[1] == f"player 0: {first}"
    assert pages.go(page, "first") == "0 / 2"  # before the move and the card it flipped; pauses the game
    assert page.is_enabled("#play-start") and "Paused" in page.inner_text("#play-status")
    page.click("#play-start")
    pages.wait_for_human(page)
    other = pages.choose(page, 1)
    pages.wait_for_human(page)
    assert pages.log(page)[1] == f"player 0: {other}" and other != first


# ---------- the evaluation ----------


@pytest.mark.parametrize(("game", "players"), [*PLAYERS.items(), ("gogoa", 1)])
def test_the_evaluation_bar_says_what_it_measures(page: Any, game: str, players: int) -> None:
    measures = "win chance" if players > 1 else "final score"
    pages.new_game(page, game, seed=1, players=players)
    assert page.get_attribute("#eval-bar", "data-value") == ""
    assert "Not evaluated" in page.inner_text("#eval-text")
    pages.best_turn(page, time=0.2)
    value = float(page.get_attribute("#eval-bar", "data-value"))
    low = float(page.get_attribute("#eval-bar", "aria-valuemin"))
    high = float(page.get_attribute("#eval-bar", "aria-valuemax"))
    assert page.get_attribute("#eval-bar", "data-measures") == measures and low <= value <= high
    assert page.inner_text("#eval-text").startswith("Player 0: ") and measures in page.inner_text("#eval-text")
    assert page.get_attribute("#eval-graph", "data-points") == "1"
    lines = page.locator("#search-lines .line-numbers").all_inner_texts()
    assert lines and all(measures in line for line in lines), lines  # the same terms everywhere
    assert measures in page.inner_text("#info-value") and measures in page.inner_text("#result-value")
    before = pages.views(page)
    page.click("#result-apply")
    pages.wait_redraw(page, before)
    assert page.get_attribute("#eval-bar", "data-value") == ""  # the new position is not evaluated
    pages.go(page, "back")
    assert float(page.get_attribute("#eval-bar", "data-value")) == value  # kept with its position


def test_the_ai_evaluates_every_position_it_plays_into_the_graph(page: Any) -> None:
    pages.new_game(page, "koi", seed=2, players=2)
    pages.setup_seats(page, ["ai", "ai"], time=0.1, chance="server")
    pages.autoplay_past(page, 6, "")
    points = int(page.get_attribute("#eval-graph", "data-points"))
    assert points >= 4 and page.locator("#eval-graph polyline").count() == 1  # player 0's win chance
    assert "player 0's win chance" in page.inner_text("#eval-graph-caption")


# ---------- links ----------


def play_on(page: Any, steps: int) -> None:
    """``steps`` steps from Analyse: the best turn (0.2 s) played, or chance rolled when due."""
    for _ in range(steps):
        page.click("#tab-analyse")
        if page.is_visible("#chance-box"):
            roll_in_analyse(page)
        else:
            play_best_turn(page)


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_address_is_a_link_to_the_position_and_its_history(page: Any, browser: Any, game: str) -> None:
    pages.new_game(page, game, seed=3, players=PLAYERS[game])
    play_on(page, 3)
    pages.go(page, "back")
    page.click("#share")
    pages.wait_idle(page)
    link = page.input_value("#share-url")
    assert link == page.url and "#v1." in link
    shown = (page.text_content("#state-text"), pages.log(page), page.inner_text("#history-place"))
    other = pages.open_page(browser, link)
    try:
        again = (other.text_content("#state-text"), pages.log(other), other.inner_text("#history-place"))
        assert again == shown and pages.error_text(other) == ""
        assert other.input_value("#game") == game and other.input_value("#opt-players") == str(PLAYERS[game])
    finally:
        other.close()
    broken = pages.open_page(browser, link.split("#")[0] + "#v1.AAAA")
    try:
        assert pages.error_text(broken).startswith("link: ")
        assert broken.locator("#board svg").count() == 1  # a new game instead
    finally:
        broken.close()


# ---------- hidden information ----------


@pytest.mark.parametrize("game", ["godo", "gogoa"])
def test_an_analysis_as_the_other_player_says_the_hand_was_dealt(page: Any, game: str) -> None:
    pages.new_game(page, game, seed=1, players=2)
    page.select_option("#observer", "1")
    pages.wait_idle(page)
    pages.best_turn(page, time=0.2)
    assert page.is_visible("#result-guessed")
    assert "hidden from player 1" in page.inner_text("#result-guessed")
    page.select_option("#observer", "0")
    pages.wait_idle(page)
    pages.best_turn(page, time=0.2)
    assert page.is_hidden("#result-guessed")


def test_a_position_given_as_one_player_sees_it_is_shown_only_that_way(page: Any) -> None:
    pages.new_game(page, "godo", seed=1, players=2)
    full = pages.position(page)
    seen = {k: v for k, v in full.items() if k not in ("pile", "hands")}
    seen["hands"] = [len(full["hands"][0]), full["hands"][1]]
    seen["unseen"] = sorted(full["pile"] + full["hands"][0])
    page.select_option("#observer", "")
    pages.wait_idle(page)
    pages.load_position(page, json.dumps(seen))
    assert pages.error_text(page) == ""
    assert page.input_value("#observer") == "1" and page.is_visible("#seen-note")
    disabled = page.locator("#observer option").evaluate_all("os => os.filter(o => o.disabled).map(o => o.value)")
    assert disabled == ["", "0"]
    pages.new_game(page, "godo", seed=1, players=2)
    assert page.is_hidden("#seen-note") and page.input_value("#observer") == ""


# ---------- the game menu ----------


def test_choosing_a_game_deals_it(page: Any) -> None:
    before = pages.views(page)
    page.select_option("#game", "koi")
    pages.wait_redraw(page, before)
    assert "KOI" in page.text_content("#board") and pages.log(page) == ["new game, seed 0"]
    assert pages.error_text(page) == ""


def test_kokoros_side_and_decree_are_chosen_from_menus(page: Any) -> None:
    before = pages.views(page)
    page.select_option("#game", "kokoro")
    pages.wait_redraw(page, before)
    sides = page.locator("#opt-side option").evaluate_all("os => os.map(o => o.value)")
    decrees = page.locator("#opt-decree option").evaluate_all("os => os.map(o => o.value)")
    assert sides == ["blue", "pink"] and decrees[0] == "" and len(decrees) > 2
    pink_only = page.locator("#opt-decree option", has_text="(pink side)").first.get_attribute("value")
    pages.new_game(page, "kokoro", seed=1, players=2, side="pink", decree=pink_only)
    assert pages.error_text(page) == "" and "pink side" in page.text_content("#board")
    page.select_option("#opt-side", "blue")
    page.click("#new-game")
    pages.wait_idle(page)
    assert pages.error_text(page).startswith("options.decree: ")  # a pink decree on the blue side


# ---------- moves on the board ----------


def click_a_move(page: Any, lit: str = "") -> str:
    """Click the first lit element of the board (of those matching ``lit``), and the first move
    offered there if the page asks which; the history's new last entry."""
    count = len(pages.log(page))
    page.locator(f"#board .movable{lit}").first.click()
    if page.is_visible("#move-chooser"):
        options = page.locator('[data-testid="move-option"]')
        assert options.count() > 1
        options.first.hover()
        page.wait_for_function("document.querySelectorAll('#board .highlight').length > 0")
        options.first.click()
    page.wait_for_function(f"document.querySelectorAll('#move-list li').length > {count}")
    pages.wait_idle(page)
    return pages.log(page)[count]


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_person_moves_by_clicking_the_board(page: Any, game: str) -> None:
    pages.new_game(page, game, seed=2, players=2)
    pages.setup_seats(page, ["human", "ai"], time=0.1, chance="server")
    assert page.locator("#board .movable").count() == 0  # not before the game starts
    page.click("#play-start")
    pages.wait_for_human(page)
    assert "on the board" in page.inner_text("#play-status")
    lit = page.locator("#board .movable")
    assert lit.count() > 0
    lit.first.hover()
    assert page.inner_text("#move-hint").startswith("Click to ")
    played = click_a_move(page)
    assert played.startswith("player 0: ") and pages.error_text(page) == ""


def test_a_line_is_entered_by_clicking_in_analyse(page: Any) -> None:
    pages.new_game(page, "kokoro", seed=2, players=1)
    page.click("#tab-analyse")
    assert page.locator("#board .movable").count() > 0
    played = click_a_move(page, '[data-target="space"]')
    assert played.startswith("player 0: draw") and page.inner_text("#history-place") == "1 / 1"
    page.click("#tab-setup")
    assert page.locator("#board .movable").count() == 0  # setup clicks edit, they do not move


# ---------- screens ----------


def test_the_board_zooms_and_pans(page: Any) -> None:
    pages.new_game(page, "kokoro", seed=1, players=8)
    width = page.evaluate("document.getElementById('board').clientWidth")
    page.click("#zoom-in")
    page.click("#zoom-in")
    assert page.get_attribute("#board", "data-zoom") == "2"
    assert page.evaluate("document.querySelector('#board svg').getBoundingClientRect().width") > 1.9 * width
    box = page.locator("#board").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 100)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 - 200, box["y"] + 100, steps=5)
    page.mouse.up()
    assert page.evaluate("document.getElementById('board').scrollLeft") > 100
    page.click("#zoom-fit")
    assert page.get_attribute("#board", "data-zoom") == "1" and page.is_disabled("#zoom-out")


def test_a_search_result_and_its_button_fit_a_1280_by_720_screen(page: Any) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    pages.new_game(page, "godo", seed=3, players=2)
    pages.setup_seats(page, ["ai", "ai"], time=0.05)
    pages.autoplay_past(page, 12)
    pages.best_turn(page, time=0.2, multipv=3)
    button = page.locator("#result-apply").bounding_box()
    assert button["y"] + button["height"] <= 720, button
    assert page.evaluate("document.documentElement.scrollHeight") <= 720


def test_a_phone_screen_shows_the_board_and_the_tools_without_sideways_scrolling(page: Any) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    pages.new_game(page, "godo", seed=1, players=2)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    board = page.locator("#board svg").bounding_box()
    assert board["width"] <= 390 and board["height"] > 150
    pages.best_turn(page, time=0.2)
    assert page.locator("#result-apply").is_visible() and pages.error_text(page) == ""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_godo_variants_legend_does_not_run_under_the_journals(page: Any) -> None:
    pages.new_game(page, "godo", seed=1, players=2, variant=True)
    overlaps = page.evaluate("""() => {
        const texts = [...document.querySelectorAll('#board text')];
        const panel = texts.find(t => t.textContent === 'Virtue supply').getBoundingClientRect().left;
        return [...document.querySelectorAll('#board g.legend text')]
            .filter(t => t.getBoundingClientRect().right > panel).map(t => t.textContent);
    }""")
    assert overlaps == []


def test_the_best_turn_so_far_is_drawn_while_the_search_runs(page: Any) -> None:
    pages.new_game(page, "godo", seed=1, players=2)
    page.click("#tab-analyse")
    page.fill("#search-time", "8")
    page.click("#search-start")
    started = time.monotonic()
    page.wait_for_function("document.querySelectorAll('#board .highlight').length > 0")
    assert time.monotonic() - started < 6 and page.is_hidden("#search-result")
    page.click("#search-stop")
    page.wait_for_selector("#search-result:not([hidden])")
    assert pages.error_text(page) == ""


# ---------- game records and review ----------


def test_a_played_game_is_saved_and_opened_as_a_record(page: Any, tmp_path: Any) -> None:
    pages.new_game(page, "koi", seed=4, players=2)
    pages.setup_seats(page, ["ai", "ai"], time=0.05)
    pages.autoplay_past(page, 6)
    moves = pages.log(page)
    page.click("#tab-review")
    with page.expect_download() as download:
        page.click("#record-save")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert path.name == "koi-4-AI-AI.json" and record["header"]["seats"] == ["AI", "AI"]
    assert len(record["steps"]) > len(moves) - 1  # the deal's draws, then every action of each move
    pages.new_game(page, "godo", seed=1, players=2)
    before = pages.views(page)
    page.set_input_files("#record-file", str(path))
    pages.wait_redraw(page, before)
    opened = pages.log(page)
    assert opened[0] == "game record of AI v AI, " + record["header"]["date"] and len(opened) == len(record["steps"]) + 1
    assert page.input_value("#game") == "koi" and pages.error_text(page) == ""
    assert pages.go(page, "last") == f"{len(record['steps'])} / {len(record['steps'])}"
    broken = tmp_path / "broken.json"
    record["steps"][1]["action"] = 10_000
    broken.write_text(json.dumps(record))
    page.set_input_files("#record-file", str(broken))
    page.wait_for_selector("#error:not([hidden])")
    assert pages.error_text(page).startswith("record.steps[1].action: ")


def test_a_set_up_position_cannot_be_saved_as_a_game(page: Any) -> None:
    pages.new_game(page, "kokoro", players=1)
    pages.select_tool(page, "draw", segment=1, golden=False)
    pages.click_target(page, "space", player=0, row=3, col=3)
    page.click("#tab-review")
    page.click("#record-save")
    page.wait_for_selector("#error:not([hidden])")
    assert pages.error_text(page).startswith("record: move 1 is a setup edit")


def test_a_review_marks_the_blunder_and_draws_the_better_turn(page: Any, tmp_path: Any) -> None:
    from tests.review.test_review import planted_game

    saved, step = planted_game(seed=0, at=20)
    saved.steps = saved.steps[: step + 1]
    saved.result = None
    path = tmp_path / "planted.json"
    saved.write(path)
    before = pages.views(page)
    page.click("#tab-review")
    page.set_input_files("#record-file", str(path))
    pages.wait_redraw(page, before)
    page.select_option("#review-players", "0")
    page.fill("#review-time", "0.2")
    page.click("#review-start")
    page.wait_for_function("document.getElementById('review-progress').textContent.includes('reviewed')", timeout=60_000)
    assert pages.error_text(page) == "" and page.is_visible("#review-summary")
    blunders = page.locator("#move-list li[data-mark='blunder']")
    assert blunders.count() == 1 and blunders.get_attribute("data-index") == str(step + 1)
    assert int(page.get_attribute("#eval-graph", "data-points")) > 5
    before = pages.views(page)
    blunders.click()
    pages.wait_redraw(page, before)
    assert "use no more tokens" in page.inner_text("#review-here") and "blunder" in page.inner_text("#review-here")
    before = pages.views(page)
    page.click('[data-testid="review-show-best"]')
    pages.wait_redraw(page, before)
    assert board_count(page, ".highlight") > 0
