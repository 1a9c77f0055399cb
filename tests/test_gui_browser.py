"""The GUI in a real headless Chromium (Selenium): whole hands by clicks against engine
seats asked over CEP/1, the pass, a hint, an undo, keyboard play, dimmed illegal cards
with the core's reason, a saved record, an engine killed mid-hand, the review page.

Skipped only when chromium and chromium-driver are not installed."""

from __future__ import annotations

import glob
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import copas_ai as ca
from copas_ai.analysis.record import load_record
from copas_ai.game import Match
from support.gui_browser import MISSING, PlayPage, screenshot, start_browser
from support.gui_client import running_server

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
            after = page.wait_for_person(after=s)
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
    analysed = subprocess.run([sys.executable, "-m", "copas_ai", "analyse", files[0], "--json", "--iterations", "20",
                               "--dd-trick", "0", "--seat", "0"], capture_output=True, text=True, timeout=300)
    assert analysed.returncode == 0, analysed.stderr
    assert {d["seat"] for d in json.loads(analysed.stdout)["decisions"]} == {0}


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
    ("three-five+kitty", 3, 17),  # a kitty beside the hands, added to a trick
    ("three-five+kitty+kitty-use", 3, 17),  # a kitty taken into hand, then a discard
])
def test_other_player_counts_and_a_kitty_whole_hand_by_clicks(server, driver, variant, players, cards):
    page = PlayPage(driver)
    page.start(server.url(), variant, players, seed=4)
    s = page.state()
    assert s["players"] == players and len(s["hand"]) == cards and len(page.all(".seat")) == players
    end = page.play_hand()
    assert end["phase"] == "handover" and len(end["sheet"]) == 1
    assert end["tricks_done"] * players + (end["kitty"]["size"] if end["kitty"] else 0) >= cards * players


EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "match_american.json"


@pytest.fixture(scope="module")
def example_report(tmp_path_factory):
    """The analyse report of the example match's first hand (seeded, iteration-bound)."""
    out = tmp_path_factory.mktemp("report") / "report.json"
    with open(out, "w") as f:
        subprocess.run([sys.executable, "-m", "copas_ai", "analyse", str(EXAMPLE), "--json", "--iterations", "200",
                        "--hands", "1", "--dd-trick", "0", "--seed", "1"], stdout=f, check=True, timeout=300)
    return out


def _open_review(page: PlayPage, url: str, record: Path, report: Path | None = None) -> None:
    page.driver.get(url)
    page.find("#record-file").send_keys(str(record))
    if report is not None:
        page.find("#report-file").send_keys(str(report))
    page.click("#open")


def test_review_of_the_example_steps_to_a_flagged_mistake(server, driver, example_report):
    report = json.loads(example_report.read_text())
    flagged = [d for d in report["decisions"] if d["verdict"] in ("mistake", "blunder")]
    assert flagged, "the example's first hand has a flagged decision at this seed"
    page = PlayPage(driver)
    _open_review(page, server.url("/review"), EXAMPLE, example_report)
    page.until(lambda: page.find("#review").is_displayed(), "the review")
    assert page.find("#step").text == "hand 1: the deal"
    assert len(page.all("#hands .seat")) == 4 and len(page.all("#hands .card")) == 52
    assert len(page.all("#plot rect")) == len(report["decisions"])
    page.click("#next")
    assert page.find("#step").text.startswith("hand 1: seat 0 passes")
    assert "engine's choice" in page.find("#decision").text
    page.click("#next-mistake")
    first = flagged[0]
    verdict = page.find("#verdict").text
    assert verdict == first["verdict"]
    decision = page.find("#decision").text
    assert f"played {first['played']}" in decision and f"engine's choice {first['best']}" in decision
    assert f"loss {first['loss']:.2f}" in decision
    assert f"seat {first['seat']}" in page.find("#step").text
    screenshot(driver, "gui-review.png")


def test_a_broken_record_is_refused_on_the_page_and_the_server_keeps_serving(server, driver, tmp_path):
    broken = json.loads(EXAMPLE.read_text())
    broken["hands"][0]["plays"][0] = "QS"  # not the 2C lead american requires
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(broken))
    page = PlayPage(driver)
    _open_review(page, server.url("/review"), path)
    message = page.until(lambda: page.find("#error").is_displayed() and page.find("#error").text, "the message")
    assert "hand 1, play 1 (QS)" in message
    assert not page.find("#review").is_displayed()
    _open_review(page, server.url("/review"), EXAMPLE)  # the same server reads a good one
    page.until(lambda: page.find("#review").is_displayed(), "the review")
    assert page.find("#step").text == "hand 1: the deal" and not page.find("#error").is_displayed()


def test_into_hand_kitty_discard_by_clicks_with_people_at_every_seat(server, driver):
    """three-five+kitty+kitty-use with three people (hot seat): the page shows each seat to
    act in turn, and the kitty's taker discards by clicks."""
    page = PlayPage(driver)
    page.start(server.url(), "three-five+kitty+kitty-use", 3, people=(0, 1, 2), seed=4)
    phases = []
    end = page.play_hand(lambda s: phases.append((s["phase"], s["seat"], s["turn"])))
    discards = [(seat, turn) for phase, seat, turn in phases if phase == "discarding"]
    assert len(discards) == 1 and discards[0][0] == discards[0][1] == end["kitty"]["taker"]
    assert all(seat == turn for phase, seat, turn in phases if phase == "playing")
    assert end["phase"] == "handover"


def test_turbo_the_person_charges_q_spades_with_a_button(server, driver):
    """turbo (docs/RULES.md §8, A33), seed 8: the person is the dealer, the last to charge;
    after its pass the page shows one button a charge ("charge Q♠", "no charge") and the
    engine seats' charges as `charge=?`; a click charges Q♠ and the hand plays out."""
    dealer = Match.new(ca.find_variant("turbo"), seed=8).deal_next_hand().dealer
    page = PlayPage(driver)
    page.start(server.url(), "turbo", 4, people=(dealer,), seed=8)
    s = page.pass_by_clicks()
    assert s["phase"] == "deciding"
    buttons = {b.get_attribute("data-choice"): b.text for b in page.all("#decision button")}
    assert buttons["charge=QS"] == "charge Q\u2660" and buttons["charge=none"] == "no charge"
    assert page.find("#decisions").text.count("charge=?") == 3
    s = page.decide_by_click("charge=QS")
    assert s["phase"] == "playing" and not page.find("#decision").is_displayed()
    end = page.play_hand()
    assert end["phase"] in ("handover", "gameover") and f"{dealer}:charge=QS" in end["decisions"]


def test_play_page_fits_a_phone_sized_window(server, downloads):
    phone = start_browser(downloads)
    # A phone's viewport (a headless window is at least 500 px wide).
    phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1,
                                                                "mobile": True})
    try:
        page = PlayPage(phone)
        page.start(server.url(), "american", 4, seed=21)
        page.pass_by_clicks()
        width = phone.execute_script("return window.innerWidth")
        assert width == 390
        assert phone.execute_script("return document.documentElement.scrollWidth") <= width
        for card in page.hand_buttons():  # every card of the hand on screen, none cut off
            box = phone.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right]", card)
            assert 0 <= box[0] and box[1] <= width
        screenshot(phone, "gui-play-phone.png")
    finally:
        phone.quit()


def test_the_page_shows_the_end_of_the_match_and_its_winner(server, driver):
    """american (to 100) with totals set near the target, so the first hand ends the match."""
    page = PlayPage(driver)
    page.start(server.url(), "american", 4, seed=13)
    table_id = driver.execute_script("return tableId")
    server.tables[table_id].match.totals = [0, 99, 99, 99]  # as if earlier hands had been played
    end = page.play_hand()
    assert end["phase"] == "gameover"
    result = page.find("#result").text
    winners = ", ".join("you" if seat == 0 else f"engine {seat}" for seat in end["winners"])
    assert result.startswith(f"Match over: {winners} won")
    assert not page.find("#next").is_displayed()


def test_review_of_a_report_alone_lists_its_decisions_without_hands(server, driver, example_report):
    report = json.loads(example_report.read_text())
    page = PlayPage(driver)
    _open_review(page, server.url("/review"), example_report)
    page.until(lambda: page.find("#review").is_displayed(), "the review")
    assert page.find("#counter").text == f"step 1 of {len(report['decisions'])}"
    assert "open its record beside it" in page.find("#hands").text
    first = report["decisions"][0]
    assert f"played {first['played']} · engine's choice {first['best']}" in page.find("#decision").text
    assert len(page.all("#plot rect")) == len(report["decisions"])
