"""The web game in a real browser: Debian's Chromium, through Playwright, on the real server.

The server is started as a user starts it, ``raise-the-sum serve``, on a free
port of 127.0.0.1 with a temporary database and ``--pace 0``. The browser is
the system's ``/usr/bin/chromium`` (never ``playwright install``). When it is
missing, these tests fail: they never skip.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Literal

import httpx
import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Playwright,
    Response,
    Route,
    WebSocket,
    WebSocketRoute,
    sync_playwright,
)
from playwright.sync_api import Error as PlaywrightError

from raise_the_sum import Attack, Rules, parse_cards, wire
from raise_the_sum.scoring import explain

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 812}
SCREENSHOTS = Path(__file__).parent / "screenshots"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait_up(url: str, process: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"raise-the-sum serve exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=1) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            time.sleep(0.1)
    raise RuntimeError(f"raise-the-sum serve did not answer on {url} within {timeout} s")


class Served:
    """``raise-the-sum serve`` on a port and a database, as a user starts it; it can be
    killed and started again on the same port and database."""

    def __init__(self, port: int, db: Path, log: Path, pace: float = 0) -> None:
        self.port, self.db, self.log, self.pace = port, db, log, pace
        self.url = f"http://127.0.0.1:{port}/"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [
            sys.executable,
            "-m",
            "raise_the_sum.cli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--db",
            str(self.db),
            "--pace",
            str(self.pace),
        ]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env={**os.environ}
            )
        _wait_up(self.url, self.process)

    def kill(self) -> None:
        """SIGKILL: the server is gone at once, as when its machine fails."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def seeds(self) -> dict[str, object]:
        """Each table's seed, read from the server's own database (the store is trusted), so
        that a failing test's tables can be replayed."""
        found: dict[str, object] = {}
        try:
            with contextlib.closing(sqlite3.connect(self.db)) as db:
                for table, state in db.execute("SELECT id, state FROM tables"):
                    found[table] = json.loads(state).get("seed")
        except (sqlite3.Error, ValueError, AttributeError) as error:
            found["(unavailable)"] = str(error)
        return found


#: The servers of this module by URL, for the failure artefacts (their logs and seeds).
SERVED: dict[str, Served] = {}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The real game server on a free port, a temporary database, pace 0; yields its URL."""
    served = Served(
        _free_port(),
        tmp_path_factory.mktemp("web") / "tables.sqlite3",
        tmp_path_factory.mktemp("web-log") / "server.log",
    )
    served.start()
    SERVED[served.url] = served
    try:
        yield served.url
    finally:
        served.stop()
        del SERVED[served.url]


@pytest.fixture(scope="module")
def playwright_() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="module")
def browser(playwright_: Playwright) -> Iterator[Browser]:
    """Debian's Chromium. Missing, it fails the tests (CI installs it)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"{CHROMIUM} is missing: install the Debian package chromium"
            " (never `playwright install`)"
        )
    browser = playwright_.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


class Watched:
    """A browser context with one page, and the JavaScript errors it raised."""

    def __init__(self, context: BrowserContext) -> None:
        self.context = context
        self.errors: list[str] = []
        self.page = context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.set_default_timeout(15_000)


class Pages:
    """Fresh browser contexts (each with its own storage); a test fails on any page error."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.made: list[Watched] = []

    def open(
        self,
        viewport: dict[str, int] = DESKTOP,
        *,
        javascript: bool = True,
        motion: Literal["no-preference", "reduce"] = "no-preference",
    ) -> Page:
        context = self.browser.new_context(
            viewport={"width": viewport["width"], "height": viewport["height"]},
            java_script_enabled=javascript,
            reduced_motion=motion,
        )
        watched = Watched(context)
        self.made.append(watched)
        return watched.page

    def close(self) -> list[str]:
        errors = [error for watched in self.made for error in watched.errors]
        for watched in self.made:
            watched.context.close()
        return errors


ARTEFACTS = Path(__file__).parent / "artefacts"


def save_artefacts(name: str, made: Pages) -> Path:
    """What a failed browser test leaves for the person who replays it: each page's
    screenshot and HTML, each server's log, and the seed of every table on it."""
    folder = ARTEFACTS / name
    folder.mkdir(parents=True, exist_ok=True)
    for number, watched in enumerate(made.made):
        with contextlib.suppress(PlaywrightError):
            watched.page.screenshot(path=str(folder / f"page{number}.png"), full_page=True)
            (folder / f"page{number}.html").write_text(watched.page.content(), encoding="utf-8")
    for number, served in enumerate(SERVED.values()):
        with contextlib.suppress(OSError):
            shutil.copyfile(served.log, folder / f"server{number}.log")
        seeds = served.seeds()
        (folder / f"server{number}-seeds.json").write_text(json.dumps(seeds, indent=1))
    return folder


@pytest.fixture(autouse=True)
def seeds_printed() -> Iterator[None]:
    """Every test of this module prints the seed of every table on its servers (pytest shows
    it with a failure), so that a failing test's tables can be replayed."""
    yield
    for served in SERVED.values():
        print(f"{served.url}: the seeds of its tables: {served.seeds()}")


@pytest.fixture
def pages(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Pages]:
    made = Pages(browser)
    failed_before = request.session.testsfailed
    yield made
    if request.session.testsfailed > failed_before:  # the test's call failed
        folder = save_artefacts(request.node.name, made)
        print(f"artefacts of the failure: {folder}")
    errors = made.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def screenshot(page: Page, name: str) -> Path:
    """Save a screenshot under tests/web/screenshots/ (gitignored) and return its path."""
    SCREENSHOTS.mkdir(exist_ok=True)
    size = page.viewport_size
    width = size["width"] if size else 0
    path = SCREENSHOTS / f"{name}-{width}.png"
    # Let the banner's short entrance (and any other finite animation) finish.
    page.wait_for_function(
        "document.getAnimations().every(a => a.playState !== 'running'"
        " || a.effect.getComputedTiming().iterations === Infinity)"
    )
    page.screenshot(path=str(path))
    return path


# ------------------------------------------------------------------ driving the page


def open_start(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("#start-play", state="visible")


def wait_table(page: Page, other_than: str = "") -> str:
    """Wait for a table's first document on the page; return the table's id."""
    try:
        page.wait_for_function(
            "t => document.body.dataset.table && document.body.dataset.table !== t"
            " && document.querySelectorAll('#hand .card').length > 0",
            arg=other_than,
        )
    except PlaywrightError as error:
        shown = page.evaluate("document.body.innerText")[:600]
        raise AssertionError(f"no table appeared; the page says: {shown!r}") from error
    return table_id(page)


def table_id(page: Page) -> str:
    value: str = page.evaluate("document.body.dataset.table")
    return value


def version(page: Page) -> int:
    value: str = page.evaluate("document.body.dataset.version")
    return int(value)


def start_standard(page: Page, url: str) -> str:
    open_start(page, url)
    page.click("#start-play")
    return wait_table(page)


def guide(card: str) -> str:
    """A card's notation as the page writes it, with the guide's signs."""
    return card.replace("x", "×").replace("-", "−").replace("/", "÷")


def hand(page: Page) -> list[str]:
    cards: list[str] = page.eval_on_selector_all(
        "#hand .card", "els => els.map(e => e.dataset.card)"
    )
    return cards


def seat_texts(page: Page) -> list[str]:
    texts: list[str] = page.eval_on_selector_all(
        "#seats .seat",
        "els => els.map(e => Array.from(e.children, c => c.textContent).join('\\n'))",
    )
    return texts


def log_texts(page: Page) -> list[str]:
    texts: list[str] = page.eval_on_selector_all("#log li", "els => els.map(e => e.innerText)")
    return texts


def match_over(page: Page) -> bool:
    over: bool = page.evaluate("document.getElementById('result').open")
    return over


def wait_turn(page: Page, timeout: float = 30_000) -> None:
    """Wait until this seat must act, or the match is over."""
    page.wait_for_function(
        "document.body.classList.contains('my-turn') || document.getElementById('result').open",
        timeout=timeout,
    )


def wait_moved(page: Page, before: int) -> None:
    """Wait until the table has moved past version ``before``."""
    page.wait_for_function(
        "v => Number(document.body.dataset.version) > v || document.getElementById('result').open",
        arg=before,
    )


def selected(page: Page) -> list[str]:
    """The chosen cards, as the hand shows them."""
    cards: list[str] = page.eval_on_selector_all(
        "#hand .card.selected", "els => els.map(e => e.dataset.card)"
    )
    return cards


def click_cards(page: Page, indices: list[int]) -> None:
    for index in indices:
        page.click(f"#hand .card >> nth={index}")


def wait_verdict(page: Page) -> bool:
    """Wait for the server's verdict on the current selection; True when it is legal."""
    page.wait_for_function(
        "() => { const v = document.getElementById('verdict');"
        " const chosen = Array.from(document.querySelectorAll('#hand .card.selected'),"
        " e => e.dataset.card).join(' ');"
        " return v.dataset.for === chosen && v.dataset.legal !== undefined; }"
    )
    legal: bool = page.evaluate("document.getElementById('verdict').dataset.legal === 'true'")
    return legal


def take_turn_by_clicking(page: Page) -> None:
    """One turn with the mouse: discard when asked, try a strong reply, else pass; open with a
    card."""
    before = version(page)
    # A new turn starts with nothing chosen: a choice never outlives the turn it was made in.
    assert selected(page) == [], f"chosen at the start of a turn: {selected(page)}"
    if page.evaluate("document.body.classList.contains('discarding')"):
        count = int(page.evaluate("document.body.dataset.discard"))
        click_cards(page, list(range(count)))
        assert page.inner_text("#play") == "Discard"
        page.click("#play")
    elif page.is_enabled("#pass"):
        kinds: list[str] = page.eval_on_selector_all(
            "#hand .card",
            "els => els.map(e => e.classList.contains('add') || e.classList.contains('multiply'))",
        )
        strong = [i for i, good in enumerate(kinds) if good][-5:]
        if strong:
            click_cards(page, strong)
            if wait_verdict(page):
                page.click("#play")
                wait_moved(page, before)
                return
            page.click("#clear")
        page.click("#pass")
    else:
        click_cards(page, [0])
        page.click("#play")
    wait_moved(page, before)


# ------------------------------------------------------------------ the tests


def test_a_whole_match_to_the_end_by_clicking(server: str, pages: Pages) -> None:
    page = pages.open()
    first = start_standard(page, server)
    assert [text.splitlines()[0] for text in seat_texts(page)] == ["You", "Riley", "Sam", "Alex"]
    assert page.inner_text("#hint") == "Play 1–5 cards. Blue cards are optional."
    screenshot(page, "opening")
    banner_saved = False
    for _ in range(600):
        wait_turn(page)
        if match_over(page):
            break
        assert page.title() in ("Your turn · Raise the Sum", "Discard · Raise the Sum")
        take_turn_by_clicking(page)
        if not banner_saved and page.is_visible("#banner"):
            said = page.inner_text("#banner strong")
            won = r"(\w+ wins the round and has|You win the round and have) \d points?\."
            assert re.fullmatch(won, said), said
            screenshot(page, "round-result")
            banner_saved = True
    else:
        pytest.fail("the match did not end in 600 turns")
    title = page.inner_text("#result-title")
    assert "win" in title
    points = page.eval_on_selector_all("#result-points li", "els => els.map(e => e.innerText)")
    assert any(text.endswith(": 5") for text in points), points
    assert any("the match" in line for line in log_texts(page))
    assert page.title() == "Match over · Raise the Sum"
    screenshot(page, "match-result")
    page.click("#result-close")  # see the table; the bar's button now plays again, unasked
    assert page.inner_text("#open-fresh") == "Play again"
    page.click("#open-fresh")
    assert not page.is_visible("#fresh")
    second = wait_table(page, other_than=first)
    assert second != first
    assert all("0 / 5" in text for text in seat_texts(page))
    assert page.inner_text("#open-fresh") == "Fresh start"


def test_the_guided_first_hand_start_to_finish(server: str, pages: Pages) -> None:
    for viewport in (DESKTOP, PHONE):
        page = pages.open(viewport)
        open_start(page, server)
        page.click("#start-tutorial")
        wait_table(page)
        lesson = page.locator("#lesson")
        assert lesson.is_visible()
        assert "Play your first hand, see Riley’s reply, then beat it." in lesson.inner_text()
        screenshot(page, "tutorial")
        # The rules the lesson cites are listed with their titles, from the rulebook.
        cited = page.locator("#lesson-rules")
        cited.locator("li").first.wait_for()
        page.wait_for_function(
            "document.getElementById('lesson-rules').innerText.includes('R4.3 The opening')"
        )
        assert "R4.8 Keep at most 7 cards" in cited.inner_text()
        assert not page.is_visible("#lesson-dismiss")
        saw_attack = saw_discard = False
        for _ in range(8):
            page.wait_for_function(
                "document.getElementById('lesson').classList.contains('done')"
                " || (document.body.classList.contains('my-turn')"
                "     && document.querySelectorAll('#hand .card.pointed').length > 0)"
            )
            if "done" in (lesson.get_attribute("class") or ""):
                break
            if page.evaluate("document.body.classList.contains('discarding')"):
                saw_discard = True
                assert page.inner_text("#hint").startswith("Discard ")
                assert page.inner_text("#enter-word") == "discard"
                assert page.inner_text("#play") == "Discard"
            pointed: list[int] = page.eval_on_selector_all(
                "#hand .card",
                "els => els.flatMap((e, i) => e.classList.contains('pointed') ? [i] : [])",
            )
            attack = page.inner_text("#attack")
            click_cards(page, pointed)
            assert wait_verdict(page), page.inner_text("#verdict")
            if "from Riley" in attack:
                saw_attack = True
                assert "0" in [
                    hand(page)[i] for i in pointed
                ]  # the zero card cancels Riley's attack
                assert "beats" in page.inner_text("#verdict")
                screenshot(page, "reply-with-attack")
            before = version(page)
            page.click("#play")
            wait_moved(page, before)
        else:
            pytest.fail("the guided hand did not finish")
        assert saw_attack, "Riley's reply with an attack never came"
        assert saw_discard, "the guided hand's discard never came"
        assert any("You win" in line or "You play" in line for line in log_texts(page))
        assert any("now attacks you" in line for line in log_texts(page))
        # The last lesson stays (not 3 s: until the player dismisses it).
        assert "That’s the guided first hand." in lesson.inner_text()
        page.wait_for_timeout(3500)
        assert lesson.is_visible() and page.is_visible("#lesson-dismiss")
        page.click("#lesson-dismiss")
        assert not lesson.is_visible()


def test_a_fresh_start_asks_first_and_resets_the_scores(server: str, pages: Pages) -> None:
    page = pages.open()
    first = start_standard(page, server)
    wait_turn(page)
    take_turn_by_clicking(page)
    page.click("#open-fresh")
    dialog = page.locator("#fresh")
    assert dialog.is_visible()
    assert "Your current match will end and the scores will reset." in dialog.inner_text()
    page.click("#fresh-cancel")
    assert not dialog.is_visible()
    assert table_id(page) == first
    page.click("#open-fresh")
    page.click("#fresh-confirm")
    second = wait_table(page, other_than=first)
    assert second != first
    assert all("0 / 5" in text for text in seat_texts(page))
    assert len(hand(page)) == 8
    page.reload()
    assert wait_table(page) == second


def wait_until(page: Page, condition: Callable[[], bool], what: str) -> None:
    """Let the page run (its events reach the route handlers) until ``condition()`` holds."""
    for _ in range(200):
        if condition():
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_fresh_start_drops_the_old_tables_late_answers(server: str, pages: Pages) -> None:
    """Documents of the old table that land while the new table is being created are dropped:
    none becomes the page's document, and the old action's lost answer shows no error.

    The race, held open on purpose: the answer to the player's action on the old table's
    socket (and any push after it) is held until the fresh start has cleared the page, and
    the new table's creation is held until those documents have been released.
    """
    page = pages.open()
    holding = {"on": False}
    held: list[tuple[WebSocketRoute, str | bytes]] = []

    def route(ws: WebSocketRoute) -> None:
        upstream = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            if holding["on"]:
                held.append((ws, message))
            else:
                ws.send(message)

        upstream.on_message(from_server)
        ws.on_message(lambda message: upstream.send(message))

    page.route_web_socket(re.compile(r"/api/tables/[^/]+/ws"), route)
    first = start_standard(page, server)
    wait_turn(page)
    creating: list[Route] = []
    page.route(lambda url: url.endswith("/api/tables"), lambda route: creating.append(route))
    holding["on"] = True
    click_cards(page, [0])
    wait_verdict(page)
    page.click("#play")
    wait_until(page, lambda: bool(held), "the old table's answer on its socket")
    page.click("#open-fresh")
    page.click("#fresh-confirm")
    wait_until(page, lambda: bool(creating), "the new table's creation")
    holding["on"] = False
    for ws, message in held:
        with contextlib.suppress(PlaywrightError):
            ws.send(message)  # the old socket is closed: the page must not take these
    page.wait_for_timeout(300)
    creating[0].continue_()
    second = wait_table(page, other_than=first)
    assert second != first
    assert len(hand(page)) == 8
    assert all("0 / 5" in text for text in seat_texts(page))
    page.wait_for_timeout(300)
    assert table_id(page) == second
    assert not page.is_visible("#error"), page.inner_text("#error")


def test_a_reload_mid_match_resumes_the_seat(server: str, pages: Pages) -> None:
    page = pages.open()
    table = start_standard(page, server)
    for _ in range(3):
        wait_turn(page)
        take_turn_by_clicking(page)
    wait_turn(page)
    cards, seats, at = hand(page), seat_texts(page), version(page)
    link = page.url
    page.reload()
    assert wait_table(page) == table
    assert hand(page) == cards
    # Names, points and card counts (the last line, a seat's latest move, may differ)
    assert [text.splitlines()[:3] for text in seat_texts(page)] == [
        text.splitlines()[:3] for text in seats
    ]
    assert version(page) == at
    # The link alone (the URL fragment) resumes the seat in another browser too.
    other = pages.open()
    other.goto(link)
    assert wait_table(other) == table
    assert hand(other) == cards


def test_two_humans_at_one_table_each_see_only_their_own_cards(server: str, pages: Pages) -> None:
    host = pages.open()
    open_start(host, server)
    host.click("#settings summary")
    host.select_option("#set-players", "3")
    host.select_option("select[data-seat='1']", "human")
    host.select_option("select[data-seat='2']", "sam")
    host.click("#settings-form button[type=submit]")
    table = wait_table(host)
    assert host.locator("#invite").is_visible()
    link = host.input_value(".invite-url[data-seat='1']")
    host.click("#invite button[value=close]")
    # The host keeps the invite after closing it: the bar's Invite opens the same link again.
    assert host.is_visible("#open-invite")
    host.click("#open-invite")
    assert host.input_value(".invite-url[data-seat='1']") == link
    host.click("#invite button[value=close]")
    guest = pages.open()
    documents: list[dict[str, object]] = []
    guest.on(
        "response",
        lambda response: (
            documents.append(response.json())
            if "/api/tables/" in response.url and response.request.method == "GET" and response.ok
            else None
        ),
    )
    guest.goto(link)
    assert wait_table(guest) == table
    assert [text.splitlines()[0] for text in seat_texts(host)] == ["You", "Player 2", "Sam"]
    assert [text.splitlines()[0] for text in seat_texts(guest)] == ["You", "Sam", "Player 1"]
    # Each page shows its own hand, which is its own seat's view and nothing more.
    assert documents
    for document in documents:
        view = document["view"]
        assert isinstance(view, dict)
        assert view["seat"] == 1
        assert "hands" not in view and "deck" not in view and "seed" not in view
    assert hand(guest) == documents[-1]["view"]["hand"]  # type: ignore[index]
    assert len(hand(host)) == 8 and len(hand(guest)) == 7
    # The host opens; the guest sees it and is to act.
    wait_turn(host)
    opened = hand(host)[0]
    take_turn_by_clicking(host)
    wait_turn(guest)
    assert any(line.startswith("Player 1 plays") for line in log_texts(guest))
    before = version(host)
    take_turn_by_clicking(guest)
    wait_moved(host, before)
    assert any(line.startswith(("Player 2 plays", "Player 2 passes")) for line in log_texts(host))
    assert any(line.startswith(f"Player 1 plays {guide(opened)}") for line in log_texts(guest))
    assert not host.is_visible("#error") and not guest.is_visible("#error")
    screenshot(host, "two-humans-host")
    screenshot(guest, "two-humans-guest")


def test_a_bad_play_shows_the_rules_words(server: str, pages: Pages) -> None:
    page = pages.open()
    start_standard(page, server)
    wait_turn(page)
    click_cards(page, [0, 1, 2, 3, 4, 5])  # six cards: one more than a play may hold
    assert not wait_verdict(page)
    assert "✗" in page.inner_text("#verdict")
    assert page.is_disabled("#play")  # a selection already marked ✗ cannot be played
    page.keyboard.press("Enter")  # the key says why instead
    error = page.locator("#error")
    error.wait_for(state="visible")
    text = error.inner_text()
    assert text.startswith("Not allowed (rule R")
    assert "5" in text and "Traceback" not in text and "Error" not in text
    assert len(hand(page)) == 8  # nothing was played


def test_the_keyboard_alone_plays_a_turn(server: str, pages: Pages) -> None:
    page = pages.open()
    open_start(page, server)
    page.keyboard.press("Enter")  # one key starts the standard match
    wait_table(page)
    wait_turn(page)
    page.keyboard.press("1")
    page.keyboard.press("2")
    assert len(page.query_selector_all("#hand .card.selected")) == 2
    page.keyboard.press("Escape")
    assert len(page.query_selector_all("#hand .card.selected")) == 0
    first = hand(page)[0]
    page.keyboard.press("1")
    assert wait_verdict(page)
    before = version(page)
    page.keyboard.press("Enter")
    wait_moved(page, before)
    assert any(line.startswith(f"You play {guide(first)}") for line in log_texts(page))
    wait_turn(page)
    if page.is_enabled("#pass"):
        before = version(page)
        page.keyboard.press("p")
        wait_moved(page, before)
        assert any(line.startswith("You pass") for line in log_texts(page))


def test_the_zero_key_chooses_the_tenth_card(server: str, pages: Pages) -> None:
    """With ten cards in hand (a variant with hands of nine, after the turn's draw), 0 chooses
    the tenth card, as the key under it says, and 0 again puts it back."""
    rules = wire.encode(Rules(hand_size=9, hand_limit=9))
    with httpx.Client(base_url=server, timeout=10) as client:
        answer = client.post(
            "/api/tables", json={"rules": rules, "seats": ["human", "random", "random", "random"]}
        )
    assert answer.status_code == 201, answer.text
    created = answer.json()
    page = pages.open()
    page.goto(f"{server}#table={created['table']}&token={created['tokens']['0']}")
    wait_table(page)
    wait_turn(page)
    assert len(hand(page)) == 10
    keys = page.eval_on_selector_all(
        "#hand .card", "els => els.map(e => e.querySelector('.key')?.textContent ?? null)"
    )
    assert keys == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]
    page.keyboard.press("0")
    screenshot(page, "ten-cards")
    chosen = page.eval_on_selector_all(
        "#hand .card", "els => els.map(e => e.classList.contains('selected'))"
    )
    assert chosen == [False] * 9 + [True]
    page.keyboard.press("0")
    assert not page.query_selector_all("#hand .card.selected")


def test_the_page_works_at_phone_width(server: str, pages: Pages) -> None:
    page = pages.open(PHONE)
    start_standard(page, server)
    screenshot(page, "opening")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for selector in ("#hand .card >> nth=-1", "#play", "#pass", "#open-guide", "#open-fresh"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (
            selector
        )
    page.click("#open-guide")
    assert "THE QUICK GUIDE" in page.inner_text("#guide")
    assert "(8 + 4 − 2) × 2 ÷ 3 = 6" in page.inner_text("#guide")
    page.click("#guide button[value=close]")
    for _ in range(40):  # play on by tapping until a round ends
        wait_turn(page)
        if match_over(page):
            break
        take_turn_by_clicking(page)
        if page.is_visible("#banner"):
            screenshot(page, "round-result")
            break
    else:
        pytest.fail("no round ended")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_check_answers_carry_the_plays_line_for_the_page(server: str) -> None:
    """The server's additive ``explanation_text`` on ``check``: the library's one line, as the
    page shows it."""
    with httpx.Client(base_url=server, timeout=10) as client:
        created = client.post("/api/tables", json={"seats": ["human", "riley"]}).json()
        auth = {"Authorization": f"Bearer {created['tokens']['0']}"}
        document = client.get(f"/api/tables/{created['table']}", headers=auth).json()
        cards = document["view"]["hand"][:3]
        verdict = client.post(
            f"/api/tables/{created['table']}/check",
            json={"action": {"type": "play", "cards": cards}},
            headers=auth,
        ).json()
        assert verdict["explanation_text"] == str(explain(parse_cards(" ".join(cards)), Attack()))
        passing = client.post(
            f"/api/tables/{created['table']}/check", json={"action": {"type": "pass"}}, headers=auth
        ).json()
        assert passing["explanation_text"] is None and passing["legal"] is False


def test_loading_and_no_javascript_say_the_pages_words(server: str, pages: Pages) -> None:
    html = httpx.get(server, timeout=10).text
    assert "Shuffling the deck…" in html  # shown until the modules have run
    page = pages.open(javascript=False)
    page.goto(server)
    body = page.inner_text("body")
    assert "Please enable JavaScript to play Raise the Sum:" in body
    assert not page.is_visible("#loading") and not page.is_visible("#open-guide")
    # Below the header, not above it, and no link back to the very same page.
    header = page.locator("header.bar").bounding_box()
    message = page.locator(".noscript").bounding_box()
    assert header is not None and message is not None
    assert message["y"] >= header["y"] + header["height"]
    assert page.locator(".noscript a").count() == 0
    script = pages.open()
    script.goto(server)
    script.wait_for_selector("#start-play", state="visible")
    assert not script.is_visible("#loading")
    paint: float = script.evaluate(
        "performance.getEntriesByName('first-contentful-paint')[0].startTime"
    )
    print(
        f"first contentful paint: {paint:.0f} ms"
        " (measured, not asserted: see benchmarks/bench_web.py)"
    )


# ------------------------------------------------------------------ the shared table's rough edges

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def axe_findings(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now, as lines.

    axe-core comes from npm (``npm ci`` at the repository's root), injected by Playwright: the
    page itself loads nothing from outside. The rule that a control's spoken name contains its
    visible text is experimental in axe, so it is asked for by name.
    """
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` at the repository's root")
    page.add_script_tag(path=str(AXE))
    found: list[str] = page.evaluate(
        """async () => {
            const result = await axe.run(document, {
                rules: { 'label-content-name-mismatch': { enabled: true } },
            });
            return result.violations
                .filter(v => v.impact === 'serious' || v.impact === 'critical')
                .map(v => `${v.impact} ${v.id}: `
                    + v.nodes.map(n => n.target.join(' ')).join(', '));
        }"""
    )
    return found


class Documents:
    """Every seat document a page receives: on its WebSocket, and in answers over HTTP."""

    def __init__(self, page: Page) -> None:
        self.pushed: list[dict[str, object]] = []
        self.fetched: list[dict[str, object]] = []
        self.gets = 0
        page.on("websocket", self._socket)
        page.on("response", self._response)

    def _socket(self, ws: WebSocket) -> None:
        def received(payload: str | bytes) -> None:
            body = json.loads(payload)
            if isinstance(body, dict) and "view" in body:
                self.pushed.append(body)

        ws.on("framereceived", received)

    def _response(self, response: Response) -> None:
        if "/api/tables/" not in response.url or not response.ok:
            return
        if response.request.method == "GET" and "/record" not in response.url:
            self.gets += 1
            self.fetched.append(response.json())
        elif response.url.endswith("/actions"):
            self.fetched.append(response.json())

    def all(self) -> list[dict[str, object]]:
        return self.pushed + self.fetched

    def events(self, kind: str) -> list[dict[str, object]]:
        found: list[dict[str, object]] = []
        for document in self.all():
            events = document.get("events")
            assert isinstance(events, list)
            found.extend(event for event in events if event["type"] == kind)
        return found


def create(server: str, body: dict[str, object]) -> dict[str, object]:
    with httpx.Client(base_url=server, timeout=10) as client:
        answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    created: dict[str, object] = answer.json()
    return created


def seat_link(server: str, created: dict[str, object], seat: int) -> str:
    tokens = created["tokens"]
    assert isinstance(tokens, dict)
    return f"{server}#table={created['table']}&token={tokens[str(seat)]}"


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Served]:
    """A server of the test's own, which it may kill and start again."""
    served = Served(_free_port(), tmp_path / "tables.sqlite3", tmp_path / "server.log")
    served.start()
    SERVED[served.url] = served
    try:
        yield served
    finally:
        served.stop()
        del SERVED[served.url]


def test_the_page_says_when_the_server_is_gone_and_catches_up_when_it_is_back(
    own_server: Served, pages: Pages
) -> None:
    """The server is killed (SIGKILL) mid-match: the page says "Reconnecting…", then that the
    server cannot be reached, and offers no action. The server starts again on the same
    database; the other seat acts meanwhile; the page reconnects by itself (with backoff) and
    shows what it missed."""
    served = own_server
    created = create(served.url, {"seats": ["human", "human"]})
    page = pages.open()
    page.goto(seat_link(served.url, created, 0))
    table = wait_table(page)
    wait_turn(page)
    take_turn_by_clicking(page)  # now it is seat 1's turn
    cards = hand(page)
    served.kill()
    page.wait_for_selector("#connection", state="visible")
    assert page.inner_text("#connection .connection-text") == "Reconnecting…"
    page.wait_for_function("document.body.dataset.connection === 'lost'", timeout=20_000)
    assert page.inner_text("#connection").startswith("The server cannot be reached.")
    assert page.is_visible("#connection-retry")
    assert page.is_disabled("#pass") and page.is_disabled("#play")
    screenshot(page, "lost-server")
    served.start()
    with httpx.Client(base_url=served.url, timeout=10) as client:
        tokens = created["tokens"]
        assert isinstance(tokens, dict)
        auth = {"Authorization": f"Bearer {tokens['1']}"}
        now = client.get(f"/api/tables/{table}", headers=auth).json()
        answer = client.post(
            f"/api/tables/{table}/actions",
            json={"action": {"type": "pass"}, "version": now["version"], "id": "away"},
            headers=auth,
        )
        assert answer.status_code == 200, answer.text
        legal = answer.json()["legal"]  # 8 cards after a pass: seat 1 discards one
        answer = client.post(
            f"/api/tables/{table}/actions",
            json={"action": legal[0], "version": answer.json()["version"], "id": "away-2"},
            headers=auth,
        )
        assert answer.status_code == 200, answer.text
    # No click: the page's own retries find the server again.
    page.wait_for_function("document.body.dataset.connection === 'live'", timeout=30_000)
    assert not page.is_visible("#connection")
    page.wait_for_function(
        "Array.from(document.querySelectorAll('#log li'), e => e.innerText)"
        ".some(t => t.startsWith('Player 2 passes'))"
    )
    assert table_id(page) == table
    wait_turn(page)  # the round went to seat 0, who opens the next one
    assert len(hand(page)) == len(cards) + 1
    take_turn_by_clicking(page)  # and the page acts again


def test_a_push_arriving_while_choosing_keeps_the_choice(server: str, pages: Pages) -> None:
    """The race: a document that arrives between choosing cards and pressing Play
    (here the socket's own document of the same turn, sent again) keeps the choice and its
    verdict, so Play plays what the player chose."""
    page = pages.open()
    start_standard(page, server)
    wait_turn(page)
    click_cards(page, [0, 1])
    wait_verdict(page)
    chosen = page.eval_on_selector_all(
        "#hand .card.selected", "els => els.map(e => e.dataset.card)"
    )
    pushed = page.evaluate("window.__rts.counts.pushed")
    page.evaluate("window.__first = document.querySelector('#hand .card')")
    # The connection's socket is reopened: its first document is the same turn again.
    page.evaluate("window.__rts.drop(); window.__rts.open()")
    page.wait_for_function("n => window.__rts.counts.pushed > n", arg=pushed)
    again = page.eval_on_selector_all("#hand .card.selected", "els => els.map(e => e.dataset.card)")
    assert again == chosen
    assert page.get_attribute("#verdict", "data-for") == " ".join(chosen)
    # The buttons are the same ones: a click pressed before the document and released after
    # it lands on the card it began on (a new button there would swallow it).
    assert page.evaluate("window.__first === document.querySelector('#hand .card')")
    page.click("#hand .card >> nth=2")
    assert len(page.query_selector_all("#hand .card.selected")) == 3


def test_pushed_documents_are_used_not_fetched_again(server: str, pages: Pages) -> None:
    """Over twenty turns, the page takes the socket's documents as they come: one GET, for the
    first document, and none after a push."""
    page = pages.open()
    documents = Documents(page)
    start_standard(page, server)
    taken = 0
    for turn in range(20):
        wait_turn(page)
        if match_over(page):
            break
        if turn == 3:  # no event is shown twice: the log has each received play once
            plays = page.eval_on_selector_all("#log li[data-type=played]", "els => els.length")
            assert plays == len(documents.events("played")) > 0
        take_turn_by_clicking(page)
        taken += 1
    counts = page.evaluate("window.__rts.counts")
    print(f"documents: {counts}, HTTP GETs: {documents.gets}, turns: {taken}")
    assert documents.gets == 1
    assert counts["fetched"] == 0 and counts["posted"] == 0
    # Each turn's action went on the socket, and a document came back for each (a match may
    # end before twenty turns).
    assert taken >= 10 and counts["pushed"] >= taken and counts["sent"] >= taken


def test_two_humans_never_see_each_others_draws(server: str, pages: Pages) -> None:
    """Every document either seat receives, on its socket or over HTTP: a draw by the other
    seat is a count, never a card; a seat's own draws show their card."""
    host = pages.open()
    created = create(server, {"seats": ["human", "human", "riley"]})
    seen = {0: Documents(host)}
    host.goto(seat_link(server, created, 0))
    wait_table(host)
    guest = pages.open()
    seen[1] = Documents(guest)
    guest.goto(seat_link(server, created, 1))
    wait_table(guest)

    # Turns by whichever seat is to act (a pass with 8 cards is followed by a discard), until
    # each has drawn while the other watched.
    def everyone_drew() -> bool:
        return all(
            {0, 1} <= {event["seat"] for event in documents.events("drew")}
            for documents in seen.values()
        )

    for _ in range(200):
        if everyone_drew():
            break
        for page in (host, guest):
            if page.evaluate("document.body.classList.contains('my-turn')"):
                take_turn_by_clicking(page)
                break
        else:
            host.wait_for_timeout(100)
    else:
        pytest.fail("the two seats did not both draw")
    for seat, documents in seen.items():
        draws = documents.events("drew")
        own = [event for event in draws if event["seat"] == seat]
        others = [event for event in draws if event["seat"] != seat]
        assert own and others, (seat, draws)
        assert all(isinstance(event["card"], str) for event in own), own
        assert all(event["card"] is None for event in others), others
        for document in documents.all():
            view = document["view"]
            assert isinstance(view, dict) and view["seat"] == seat
            assert "hands" not in view and "deck" not in view and "seed" not in view


def test_nothing_beats_the_score_says_so_and_offers_the_pass(server: str, pages: Pages) -> None:
    """A deck of +1 cards and plays of exactly 5: Riley opens with 5, and no play of 5 cards
    beats it. The page says so, as the terminal's hint does."""
    deck = parse_cards(" ".join(["+1"] * 40))
    rules = Rules(players=2, first_player=1, min_play=5, max_play=5, deck=tuple(deck))
    created = create(server, {"seats": ["human", "riley"], "rules": wire.encode(rules)})
    page = pages.open()
    page.goto(seat_link(server, created, 0))
    wait_table(page)
    wait_turn(page)
    assert (
        page.inner_text("#prompt")
        == "Your turn: nothing you hold beats 5. Pass to keep your cards."
    )
    assert page.is_enabled("#pass")
    click_cards(page, [0, 1, 2, 3, 4])
    assert not wait_verdict(page)
    assert page.is_disabled("#play")


def test_a_choice_does_not_outlive_its_turn_when_the_same_hand_comes_back(
    server: str, pages: Pages
) -> None:
    """+1 cards and plays of one card: you open with +1, Riley cannot beat it and passes, you
    win the round and open the next, having drawn another +1. Your hand is the same as at your
    last turn, in a newer document: the card you played is not shown as chosen again (a click
    on it would unchoose it, and Enter would play it without asking)."""
    deck = parse_cards(" ".join(["+1"] * 40))
    rules = Rules(players=2, min_play=1, max_play=1, points_to_win=9, deck=tuple(deck))
    created = create(server, {"seats": ["human", "riley"], "rules": wire.encode(rules)})
    page = pages.open()
    page.goto(seat_link(server, created, 0))
    wait_table(page)
    for _ in range(4):
        wait_turn(page)
        assert selected(page) == []
        before = version(page)
        click_cards(page, [0])
        assert selected(page) == ["+1"]
        assert wait_verdict(page)
        page.click("#play")
        wait_moved(page, before)
        if not page.evaluate("document.body.classList.contains('my-turn')"):
            continue
        # The answer to the play is already the next turn: a choice of the same cards there
        # is the old one carried over.
        assert selected(page) == [], f"version {version(page)} after {before}"


def test_the_log_keeps_its_newest_line_in_view(server: str, pages: Pages) -> None:
    page = pages.open()
    start_standard(page, server)
    for _ in range(6):
        wait_turn(page)
        take_turn_by_clicking(page)
    wait_turn(page)
    newest_in_view = (
        "() => { const log = document.getElementById('log');"
        " const last = log.lastElementChild.getBoundingClientRect();"
        " const box = log.getBoundingClientRect();"
        " return last.bottom <= box.bottom + 1 && last.top >= box.top - 1; }"
    )
    assert page.evaluate(
        "document.getElementById('log').scrollHeight > document.getElementById('log').clientHeight"
    )
    assert page.evaluate(newest_in_view)
    # The panel beside the log grows (an error) and shrinks again (the error goes).
    page.keyboard.press("Enter")
    page.wait_for_selector("#error", state="visible")
    page.click("#hand .card >> nth=0")
    page.wait_for_selector("#error", state="hidden")
    page.wait_for_timeout(100)
    assert page.evaluate(newest_in_view)
    # Scrolled up, the log stays where the player put it while new lines come.
    page.click("#clear")
    page.evaluate("document.getElementById('log').scrollTop = 0")
    page.wait_for_timeout(100)
    page.evaluate("window.__last = document.getElementById('log').lastElementChild")
    take_turn_by_clicking(page)
    page.wait_for_function("document.getElementById('log').lastElementChild !== window.__last")
    assert page.evaluate("document.getElementById('log').scrollTop") == 0


def test_the_table_shows_piles_fans_and_the_play_moving(server: str, pages: Pages) -> None:
    """The draw and discard piles' sizes, each opponent's cards as a fan, and each play moving to
    the centre, except for a player who asked for reduced motion."""
    motions: tuple[tuple[Literal["no-preference", "reduce"], bool], ...] = (
        ("no-preference", True),
        ("reduce", False),
    )
    for motion, moves in motions:
        page = pages.open(motion=motion)
        page.add_init_script(
            "window.__moves = 0; const animate = Element.prototype.animate;"
            " Element.prototype.animate = function (...args) {"
            " window.__moves += 1; return animate.apply(this, args); };"
        )
        start_standard(page, server)
        assert page.get_attribute("#deck-pile", "aria-label") == "Draw pile: 33 cards"
        assert page.get_attribute("#discard-pile", "aria-label") == "Discard pile: 0 cards"
        fans = page.eval_on_selector_all(
            "#seats .seat:not(.mine)",
            "els => els.map(e => [e.querySelectorAll('.fan .back').length,"
            " Number(e.querySelector('.seat-cards').firstChild.textContent)])",
        )
        assert [shown for shown, _ in fans] == [count for _, count in fans] == [7, 7, 7]
        if motion == "no-preference":
            screenshot(page, "table")
        wait_turn(page)
        take_turn_by_clicking(page)
        wait_turn(page)
        piles = page.eval_on_selector_all(".pile", "els => els.map(e => Number(e.dataset.count))")
        assert piles[0] < 33 and piles[1] > 0
        assert (page.evaluate("window.__moves") > 0) is moves


def listen_to_live_regions(page: Page) -> None:
    """Record in ``window.__spoken`` each live region that gets new words from now on."""
    page.evaluate(
        """() => {
            window.__spoken = [];
            const live = document.querySelectorAll('[aria-live], [role=status], [role=alert]');
            const watch = new MutationObserver(records => {
                for (const r of records) {
                    const region = (r.target.nodeType === 1 ? r.target : r.target.parentElement)
                        .closest('[aria-live], [role=status], [role=alert]');
                    // An emptied region says nothing; a region with new words speaks.
                    if (region && !region.hidden && region.textContent.trim()) {
                        window.__spoken.push(region.id || region.className);
                    }
                }
            });
            const what = {childList: true, subtree: true, characterData: true};
            for (const region of live) watch.observe(region, what);
        }"""
    )


def test_accessibility_axe_finds_nothing_serious_and_bots_moves_stay_quiet(
    server: str, pages: Pages
) -> None:
    """axe-core on the start screen, the table (with a choice), the guide and the phone width;
    card buttons are named by their visible text; the bots' moves change no live region
    but the one that says it is your turn."""
    page = pages.open()
    open_start(page, server)
    assert axe_findings(page) == []
    page.click("#start-play")
    wait_table(page)
    wait_turn(page)
    names = page.eval_on_selector_all(
        "#hand .card",
        "els => els.map(e => [e.getAttribute('aria-label'),"
        " e.querySelector('.sign').textContent + e.querySelector('.num').textContent])",
    )
    assert all(label is None and text for label, text in names), names
    click_cards(page, [0])
    wait_verdict(page)
    assert axe_findings(page) == []
    page.click("#open-guide")
    assert axe_findings(page) == []
    page.click("#guide button[value=close]")
    page.click("#clear")
    before = version(page)
    if page.is_enabled("#pass"):
        listen_to_live_regions(page)
        page.click("#pass")
    else:
        click_cards(page, [0])
        wait_verdict(page)
        listen_to_live_regions(page)
        page.click("#play")
    wait_moved(page, before)
    wait_turn(page)
    page.wait_for_timeout(200)
    spoken: list[str] = page.evaluate("window.__spoken")
    assert set(spoken) <= {"announce", "banner"}, spoken
    phone = pages.open(PHONE)
    start_standard(phone, server)
    assert axe_findings(phone) == []


def test_the_next_round_button_does_not_flash(tmp_path: Path, pages: Pages) -> None:
    """At a pace of 4 s, the round's winner sees "Next round" only once the break has lasted
    1.5 s; pressing it starts the round at once. (At the default pace of 1 s the next round
    starts before the button would show, so it never flashes.)"""
    served = Served(_free_port(), tmp_path / "tables.sqlite3", tmp_path / "server.log", pace=4)
    served.start()
    SERVED[served.url] = served
    try:
        # +1 cards and plays of exactly 5: Riley cannot beat your opening 5, passes, and you
        # win the round.
        deck = parse_cards(" ".join(["+1"] * 40))
        rules = Rules(players=2, min_play=5, max_play=5, deck=tuple(deck))
        created = create(served.url, {"seats": ["human", "riley"], "rules": wire.encode(rules)})
        page = pages.open()
        page.goto(seat_link(served.url, created, 0))
        wait_table(page)
        wait_turn(page)
        page.evaluate(
            """() => {
                window.__shown = [];
                const button = document.getElementById('next-round');
                let was = !button.hidden;
                new MutationObserver(() => {
                    if (!button.hidden !== was) {
                        was = !button.hidden;
                        window.__shown.push([performance.now(), was]);
                    }
                }).observe(button, {attributes: true});
                new MutationObserver(() => {
                    if (document.body.dataset.phase === 'round_over' && !window.__break) {
                        window.__break = performance.now();
                    }
                }).observe(document.body, {attributes: true});
            }"""
        )
        click_cards(page, [0, 1, 2, 3, 4])
        assert wait_verdict(page)
        page.click("#play")
        page.wait_for_selector("#next-round", state="visible", timeout=10_000)
        shown: list[list[float]] = page.evaluate("window.__shown")
        began: float = page.evaluate("window.__break")
        assert shown and shown[0][1] and shown[0][0] - began >= 1400, (began, shown)
        page.click("#next-round")
        page.wait_for_function("document.body.dataset.phase === 'play'")
        assert not page.is_visible("#next-round")
        assert any(
            line.startswith("You win the round and have 1 point") for line in log_texts(page)
        )
    finally:
        served.stop()
        del SERVED[served.url]


def test_a_link_to_a_table_that_is_gone_offers_a_new_match(server: str, pages: Pages) -> None:
    page = pages.open()
    page.goto(f"{server}#table=no-such-table&token=no-such-token")
    page.wait_for_selector("#start-play", state="visible")
    assert (
        page.inner_text("#start-error") == "That table is no longer available. Start a new match."
    )
    assert "table=" not in page.url  # the dead link is forgotten, so a reload starts afresh


# ------------------------------------------------------------------ invitations


def test_an_invitation_holds_only_its_seat_and_survives_until_the_seat_is_taken(
    server: str, pages: Pages
) -> None:
    host = pages.open()
    open_start(host, server)
    host.click("#settings summary")
    host.select_option("#set-players", "3")
    host.select_option("select[data-seat='1']", "human")
    host.select_option("select[data-seat='2']", "human")
    host.click("#settings-form button[type=submit]")
    table = wait_table(host)
    links = {seat: host.input_value(f".invite-url[data-seat='{seat}']") for seat in (1, 2)}
    host_params = dict(re.findall(r"(\w+)=([^&]+)", host.url.split("#", 1)[1]))
    for link in links.values():
        # The table's id and the seat's own token: no seed, no other seat's token.
        params = dict(re.findall(r"(\w+)=([^&]+)", link.split("#", 1)[1]))
        assert list(params) == ["table", "token"] and params["table"] == table
        assert params["token"] != host_params["token"]
        assert "seed" not in link
    assert links[1] != links[2]
    host.click("#invite button[value=close]")
    host.reload()
    wait_table(host)
    assert host.is_visible("#open-invite")  # it survives a reload too
    guest = pages.open()
    guest.goto(links[1])
    assert wait_table(guest) == table
    # The host hears that seat 2 is taken: its link goes, seat 3's stays.
    host.click("#open-invite")
    host.wait_for_selector(".invite-url[data-seat='1']", state="detached")
    assert host.input_value(".invite-url[data-seat='2']") == links[2]
    screenshot(host, "invite-one-left")
    host.click("#invite button[value=close]")
    other = pages.open()
    other.goto(links[2])
    assert wait_table(other) == table
    host.wait_for_selector("#open-invite", state="hidden")


def test_the_invited_seat_checks_the_deal_against_the_commitment_at_the_end(
    server: str, pages: Pages
) -> None:
    made = create(
        server, {"seats": ["human", "human"], "rules": {"players": 2, "points_to_win": 1}}
    )
    tokens = made["tokens"]
    assert isinstance(tokens, dict)
    guest = pages.open()
    guest.goto(seat_link(server, made, 1))
    wait_table(guest)
    spectator = pages.open()
    spectator.goto(f"{server}#table={made['table']}&watch={made['spectator_token']}")
    spectator.wait_for_function("document.body.classList.contains('spectating')")
    with httpx.Client(base_url=server, timeout=10) as client:
        for _ in range(200):
            doc = client.get(
                f"/api/tables/{made['table']}", headers={"Authorization": f"Bearer {tokens['0']}"}
            ).json()
            if doc["view"]["phase"] == "match_over":
                break
            seat = doc["view"]["current"]
            token = tokens[str(seat)]
            mine = client.get(
                f"/api/tables/{made['table']}", headers={"Authorization": f"Bearer {token}"}
            ).json()
            if mine["view"]["phase"] == "discard":
                action = {"type": "discard", "cards": mine["view"]["hand"][:1]}
            else:
                action = mine["legal"][0] if seat == 0 else {"type": "pass"}
            answer = client.post(
                f"/api/tables/{made['table']}/actions",
                headers={"Authorization": f"Bearer {token}"},
                json={"action": action, "version": mine["version"], "id": f"v{mine['version']}"},
            )
            assert answer.status_code == 200, answer.text
    guest.wait_for_selector("#result-fairness[data-fair='true']")
    said = guest.text_content("#result-fairness") or ""
    assert said.startswith("Fair deal: the seed ") and "matches the commitment" in said
    screenshot(guest, "invited-fair-deal")
    spectator.wait_for_selector("#result-fairness[data-fair='true']")  # a spectator checks too


# ------------------------------------------------------------------ spectators and the lobby


def test_a_spectator_link_shows_the_table_read_only(server: str, pages: Pages) -> None:
    host = pages.open()
    open_start(host, server)
    host.click("#settings summary")
    host.select_option("#set-players", "3")
    host.select_option("select[data-seat='1']", "human")
    host.select_option("select[data-seat='2']", "riley")
    host.click("#settings-form button[type=submit]")
    table = wait_table(host)
    watch = host.input_value(".watch-url")
    assert f"#table={table}&watch=" in watch and "token=" not in watch
    host.click("#invite button[value=close]")
    spectator = pages.open()
    answers: list[dict[str, object]] = []
    spectator.on(
        "response",
        lambda response: (
            answers.append(response.json())
            if "/api/tables/" in response.url and response.ok
            else None
        ),
    )
    spectator.goto(watch)
    spectator.wait_for_function(
        "document.body.dataset.table && document.body.classList.contains('spectating')"
    )
    assert table_id(spectator) == table
    assert [text.splitlines()[0] for text in seat_texts(spectator)] == [
        "Player 1",
        "Player 2",
        "Riley",
    ]
    assert spectator.locator("#hand .card").count() == 0
    assert not spectator.is_visible("#play") and not spectator.is_visible("#pass")
    assert spectator.text_content("#me-title") == "WATCHING: READ-ONLY"
    assert answers and all(answer.get("seat", 0) is None for answer in answers)
    assert all("legal" not in answer and "hand" not in answer["view"] for answer in answers)  # type: ignore[operator]
    # The host plays; the spectator sees the play arrive.
    wait_turn(host)
    before = int(spectator.evaluate("document.body.dataset.version"))
    take_turn_by_clicking(host)
    wait_moved(spectator, before)
    assert any(line.startswith("Player 1 plays") for line in log_texts(spectator))
    # Keys do nothing for a spectator.
    spectator.keyboard.press("1")
    spectator.keyboard.press("Enter")
    assert not spectator.is_visible("#error")
    assert axe_findings(spectator) == []
    screenshot(spectator, "spectator")
    phone = pages.open(PHONE)
    phone.goto(watch)
    phone.wait_for_function("document.body.classList.contains('spectating')")
    wait_until(phone, lambda: len(log_texts(phone)) > 1, "the log of the play")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the spectator's page scrolls sideways: {width} px"
    screenshot(phone, "spectator")
    spectator.click("#open-fresh")  # "Leave"
    spectator.wait_for_selector("#start-play", state="visible")


def test_the_lobby_lists_a_public_table_and_a_player_takes_its_free_seat(
    server: str, pages: Pages
) -> None:
    host = pages.open()
    open_start(host, server)
    host.click("#settings summary")
    host.select_option("#set-players", "2")
    host.select_option("select[data-seat='1']", "human")
    host.check("#set-public")
    host.click("#settings-form button[type=submit]")
    table = wait_table(host)
    host.click("#invite button[value=close]")
    assert host.is_visible("#open-invite")
    player = pages.open()
    open_start(player, server)
    row = player.locator(f"#lobby-list li[data-table='{table}']")
    row.wait_for()
    assert "2 players" in (row.text_content() or "")
    assert axe_findings(player) == []
    screenshot(player, "lobby")
    row.locator("button[data-seat='1']").click()
    assert wait_table(player) == table
    assert [text.splitlines()[0] for text in seat_texts(player)] == ["You", "Player 1"]
    # The host's invitation is gone: the seat is taken.
    host.wait_for_selector("#open-invite", state="hidden")
    # Another player's lobby no longer lists it.
    late = pages.open()
    open_start(late, server)
    late.wait_for_function(
        "document.getElementById('lobby-empty').textContent !== ''"
        " || document.querySelectorAll('#lobby-list li').length > 0"
    )
    assert late.locator(f"#lobby-list li[data-table='{table}']").count() == 0


# ------------------------------------------------------------------ who is at the table


def seat_of(page: Page, seat: int) -> str:
    text: str = page.inner_text(f"#seats .seat[data-seat='{seat}']")
    return text


def test_a_friend_away_named_then_leaving_by_a_fresh_start_is_shown_to_the_host(
    server: str, pages: Pages
) -> None:
    created = create(server, {"seats": ["human", "human", "sam"], "name": "Ann"})
    host = pages.open()
    host.goto(seat_link(server, created, 0))
    table = wait_table(host)
    # The friend has not opened the link yet: away.
    host.wait_for_function(
        "document.querySelector(\"#seats .seat[data-seat='1']\").classList.contains('away')"
    )
    assert "away" in seat_of(host, 1).lower()
    friend = pages.open()
    friend.goto(seat_link(server, created, 1))
    assert wait_table(friend) == table
    host.wait_for_function(
        "!document.querySelector(\"#seats .seat[data-seat='1']\").classList.contains('away')"
    )
    assert "Ann" in seat_of(friend, 0)  # the host's name, as the friend sees it
    tokens = created["tokens"]
    assert isinstance(tokens, dict)
    with httpx.Client(base_url=server, timeout=10) as client:
        named = client.post(
            f"/api/tables/{table}/name",
            headers={"Authorization": f"Bearer {tokens['1']}"},
            json={"name": "Zoë"},
        )
    assert named.status_code == 200
    host.wait_for_function(
        "document.querySelector(\"#seats .seat[data-seat='1']\").innerText.includes('Zoë')"
    )
    assert any("Player 2 is now called Zoë" in line for line in log_texts(host))
    # The friend starts afresh: the old table is left (a forfeit), and the host sees it at once.
    friend.click("#open-fresh")
    friend.click("#fresh-confirm")
    assert wait_table(friend, other_than=table) != table
    host.wait_for_function(
        "document.querySelector(\"#seats .seat[data-seat='1']\").classList.contains('left')"
    )
    assert "left: forfeit" in seat_of(host, 1).lower()
    said = [line for line in log_texts(host) if "left the table" in line]
    assert (
        said and "Zoë left the table (forfeit). The server plays their seat from now on" in said[0]
    )
    assert "Zoë left the table" in host.inner_text("#banner")
    screenshot(host, "friend-left-host")
    # And the match goes on: the host plays; the friend's seat never holds it up.
    wait_turn(host)
    before = version(host)
    take_turn_by_clicking(host)
    wait_moved(host, before)
    wait_turn(host)
    assert not host.is_visible("#error")


def test_the_countdown_runs_down_from_the_turn_deadline(server: str, pages: Pages) -> None:
    created = create(server, {"seats": ["human", "human"], "turn_seconds": 60})
    page = pages.open()
    page.goto(seat_link(server, created, 0))
    wait_table(page)
    countdown = page.locator("#countdown")
    countdown.wait_for(state="visible")
    first = countdown.inner_text()
    assert re.fullmatch(r"Your time: 0:(5[0-9]|60)|Your time: 1:00", first), first
    page.wait_for_function("t => document.getElementById('countdown').textContent !== t", arg=first)
    assert countdown.inner_text() < first or first.endswith("1:00")
    screenshot(page, "countdown")
    # The other seat's page counts the same deadline, as the opener's.
    other = pages.open()
    other.goto(seat_link(server, created, 1))
    wait_table(other)
    other.locator("#countdown").wait_for(state="visible")
    assert other.inner_text("#countdown").startswith("Player 1: 0:")
    # A match started from the settings with a time per turn counts down too.
    chosen = pages.open()
    open_start(chosen, server)
    chosen.click("#settings summary")
    chosen.select_option("#set-players", "2")
    chosen.select_option("#set-turn", "30")
    chosen.click("#settings-form button[type=submit]")
    wait_table(chosen)
    chosen.locator("#countdown").wait_for(state="visible")
    assert re.fullmatch(r"Your time: 0:(30|2[0-9])", chosen.inner_text("#countdown"))
    # Without a time per turn there is no countdown.
    plain = pages.open()
    plain.goto(seat_link(server, create(server, {"seats": ["human", "sam"]}), 0))
    wait_table(plain)
    assert not plain.is_visible("#countdown")
