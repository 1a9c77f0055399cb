"""The GUI in a real headless Chromium (Selenium): whole hands by clicks against engine
seats asked over CEP/1, the pass, a hint, an undo, keyboard play, dimmed illegal cards
with the core's reason, a saved record, an engine killed mid-hand, the review page.

Skipped only when chromium and chromium-driver are not installed."""

from __future__ import annotations

import glob
import os
import signal
import time

import pytest

from copas_ai.analysis.record import load_record
from gui_browser import MISSING, PlayPage, screenshot, start_browser
from gui_client import running_server

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


@pytest.fixture(scope="module")
def server():
    with running_server() as server:
        yield server


@pytest.fixture(scope="module")
def downloads(tmp_path_factory):
    return str(tmp_path_factory.mktemp("downloads"))


@pytest.fixture(scope="module")
def driver(downloads):
    pytest.importorskip("selenium", reason="selenium is not installed (pip install .[test])")
    driver = start_browser(downloads)
    yield driver
    driver.quit()


def test_american_whole_hand_by_clicks_with_pass_hint_undo_keyboard_and_saved_record(server, driver, downloads):
    page = PlayPage(driver)
    page.start(server.url(), "american", 4, seed=7)
    s = page.state()
    assert s["phase"] == "passing" and len(page.hand_buttons()) == 13
    assert "pass 3 cards left" in page.find("#handinfo").text
    s = page.pass_by_clicks()
    assert "received" in page.find("#received").text
    seen = {"illegal": False, "hint": False, "undo": False, "keys": False}

    def on_turn(s):
        if s["phase"] != "playing":
            return
        dimmed = [b for b in page.hand_buttons() if "illegal" in b.get_attribute("class")]
        for button in dimmed:  # the reason is the core's, on hover
            assert button.get_attribute("title") == s["legal"][button.get_attribute("data-card")] != ""
        seen["illegal"] |= bool(dimmed)
        legal = [card for card, reason in s["legal"].items() if reason is None]
        if not seen["hint"] and len(legal) > 1:
            page.find("#hint").click()
            page.until(lambda: "engine's choice" in page.find("#hint-text").text, "the hint")
            values = page.all("#hand .card .hint")
            assert len(values) == len(legal)
            assert len(page.all("#hand .card.best")) == 1
            seen["hint"] = True
            screenshot(driver, "gui-play.png")
        elif not seen["undo"] and seen["hint"]:
            before = s["hand"]
            after = page.play_by_click()
            assert len(after["hand"]) == len(before) - 1
            page.find("#undo").click()
            back = page.until(lambda: page.state()["hand"] == before and page.state()["your_turn"] and page.state(),
                              "the undone card back in the hand")
            assert back["can_undo"] == (back["tricks_done"] > 0)
            seen["undo"] = True
        elif not seen["keys"] and seen["undo"]:
            card = legal[-1]
            from selenium.webdriver.common.action_chains import ActionChains
            from selenium.webdriver.common.keys import Keys

            ActionChains(driver).send_keys(card.lower()).send_keys(Keys.ENTER).perform()
            after = page.wait_for_person(after=s["version"])
            assert card not in after["hand"]
            seen["keys"] = True

    end = page.play_hand(on_turn)
    assert all(seen.values()), seen
    assert end["phase"] == "handover" and "Hand over" in page.find("#result").text
    rows = page.all("#sheet tr")
    assert len(rows) == 3  # the header, hand 1, the totals
    page.find("#show-last").click()
    assert "took it" in page.find("#last-title").text and len(page.all("#last-cards .card")) == 4
    page.find("#save").click()
    files = page.until(lambda: [f for f in glob.glob(os.path.join(downloads, "*.json"))], "the downloaded record")
    time.sleep(0.2)  # the download's last write
    record = load_record(files[0])
    assert record.variant.id == "american" and len(record.hands) == 1
    assert record.hands[0].score == end["sheet"][0] and len(record.hands[0].plays) == 52
    assert record.names[0] == "person"


def test_engine_killed_mid_hand_the_page_says_so_and_play_goes_on(server, driver):
    page = PlayPage(driver)
    page.start(server.url(), "american", 4, seed=12)
    page.pass_by_clicks()
    s = page.play_by_click()
    old = s["engine"]["pid"]
    os.kill(old, signal.SIGKILL)
    page.play_by_click()
    notice = page.until(lambda: page.find("#notice").is_displayed() and page.find("#notice").text, "the notice")
    assert f"engine process {old} stopped" in notice and "fresh engine" in notice
    end = page.play_hand()
    assert end["phase"] == "handover" and end["engine"]["restarts"] == 1


@pytest.mark.parametrize("variant, players, cards", [
    ("classic-3to6", 3, 17),  # 3 players: 17 each
    ("classic-3to6", 6, 8),  # 6 players: 8 each
    ("three-five+kitty", 3, 17),  # a kitty beside the hands
])
def test_other_player_counts_and_a_kitty_whole_hand_by_clicks(server, driver, variant, players, cards):
    page = PlayPage(driver)
    page.start(server.url(), variant, players, seed=4)
    s = page.state()
    assert s["players"] == players and len(s["hand"]) == cards and len(page.all(".seat")) == players
    end = page.play_hand()
    assert end["phase"] == "handover" and len(end["sheet"]) == 1
    assert end["tricks_done"] * players + (end["kitty"]["size"] if end["kitty"] else 0) >= cards * players
