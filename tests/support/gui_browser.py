"""A headless Chromium (Debian's chromium and chromium-driver) driven by Selenium over
the GUI's pages, for tests/test_gui_browser.py and the screenshots in docs/images/."""

from __future__ import annotations

import os
import shutil
import time
from typing import Any

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
MISSING = None if CHROMIUM and CHROMEDRIVER else (
    "chromium and chromium-driver are not installed (apt-get install -y chromium chromium-driver)")


def start_browser(download_dir: str, width: int = 1000, height: int = 1100):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={width},{height}"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"download.default_directory": download_dir,
                                              "download.prompt_for_download": False})
    # The browser is not ours to instrument: under the sanitizer run (.ci/run preloads the
    # ASan runtime for Python) chromedriver and chromium must start without it.
    env = {k: v for k, v in os.environ.items() if k not in ("LD_PRELOAD", "ASAN_OPTIONS", "UBSAN_OPTIONS")}
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER, env=env), options=options)
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": download_dir})
    return driver


class PlayPage:
    """The play page of one browser, moved by clicks and keys as a person would."""

    def __init__(self, driver, timeout: float = 120.0) -> None:
        self.driver = driver
        self.timeout = timeout

    def find(self, css: str):
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, css)

    def all(self, css: str):
        from selenium.webdriver.common.by import By

        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def state(self) -> dict[str, Any] | None:
        return self.driver.execute_script("return state")

    def until(self, check, what: str):
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            value = check()
            if value:
                return value
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what}; state {self.state()}; "
                             f"error {self.find('#error').text!r}")

    def start(self, url: str, variant: str, players: int, people=(0,), iterations: int = 60, seed: int = 7) -> None:
        self.driver.get(url)
        self.until(lambda: self.driver.execute_script("return variants.length"), "the variant list")
        self._type("#variant", variant)
        self.driver.execute_script("variantChanged()")
        self._type("#players", str(players))
        self.driver.execute_script("document.activeElement.blur()")  # its change event redraws the seat boxes
        for seat in range(players):
            if self.find(f"#person-{seat}").is_selected() != (seat in people):
                self.click(f"#person-{seat}")
        self._type("#iterations", str(iterations))
        self._type("#seed", str(seed))
        self.find("#start").click()
        self.wait_for_person()

    def _type(self, css: str, text: str) -> None:
        field = self.find(css)
        field.clear()
        field.send_keys(text)

    def wait_for_person(self, after: dict[str, Any] | None = None) -> dict[str, Any]:
        """The page's state once it shows a person's decision or the end of the hand; with
        `after` (the state a click acted on), one that shows that click's move made."""
        def ready():
            s = self.state()
            if s is None or (after is not None and _acted_on(s) == _acted_on(after)):
                return None
            return s if s["your_turn"] or s["phase"] in ("handover", "gameover") else None
        return self.until(ready, "a person's turn")

    def hand_buttons(self):
        return self.all("#hand .card")

    def click(self, css: str) -> None:
        """Clicks what `css` finds now: the page redraws the hand at every change."""
        from selenium.common.exceptions import StaleElementReferenceException

        for _ in range(20):
            try:
                self.find(css).click()
                return
            except StaleElementReferenceException:
                time.sleep(0.05)
        raise AssertionError(f"{css} kept going stale")

    def click_card(self, card: str) -> None:
        self.click(f"#hand .card[data-card='{card}']")

    def choose_by_clicks(self, count: int, button: str) -> dict[str, Any]:
        s = self.state()
        for card in s["hand"][:count]:
            self.click_card(card)
        self.until(lambda: self.find(button).is_enabled(), f"{button} enabled")
        self.click(button)
        return self.wait_for_person(after=s)

    def pass_by_clicks(self) -> dict[str, Any]:
        return self.choose_by_clicks(self.state()["pass"]["count"], "#pass")

    def discard_by_clicks(self) -> dict[str, Any]:
        return self.choose_by_clicks(self.state()["kitty"]["discard_count"], "#discard")

    def play_by_click(self) -> dict[str, Any]:
        s = self.state()
        self.click_card(next(card for card in s["hand"] if s["legal"][card] is None))
        return self.wait_for_person(after=s)

    def decide_by_click(self, choice: str) -> dict[str, Any]:
        """Clicks the button of the decision `choice` ('charge=QS')."""
        s = self.state()
        self.click(f"#decision button[data-choice='{choice}']")
        return self.wait_for_person(after=s)

    def play_hand(self, on_turn=None) -> dict[str, Any]:
        """Clicks the hand to its end (the pass, a decision's first choice, a discard, the
        first legal card each turn)."""
        s = self.state()
        while s["phase"] not in ("handover", "gameover"):
            if on_turn is not None:
                on_turn(s)
            if s["phase"] == "deciding":
                s = self.decide_by_click(s["decision"]["choices"][0]["move"])
            elif s["phase"] == "passing":
                s = self.pass_by_clicks()
            elif s["phase"] == "discarding":
                s = self.discard_by_clicks()
            else:
                s = self.play_by_click()
        return s


def _acted_on(s: dict[str, Any]) -> tuple:
    """What a person's move changes. Not the version: the engine seats' passes and their
    thinking bump it while the person's own pass (an asynchronous fetch) is still on its way."""
    return (s["hand_no"], s["seat"], s["phase"], tuple(s["hand"]), tuple(s["decisions"]),
            s["pass"] and s["pass"]["done"], s["kitty"] and s["kitty"]["discard_count"], s["tricks_done"],
            len(s["trick"]))


def screenshot(driver, name: str) -> None:
    """Into $COPAS_GUI_SCREENSHOTS (docs/images when made for the README), when it is set."""
    folder = os.environ.get("COPAS_GUI_SCREENSHOTS")
    if folder:
        os.makedirs(folder, exist_ok=True)
        driver.save_screenshot(os.path.join(folder, name))
