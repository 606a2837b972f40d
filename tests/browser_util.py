"""Helpers for tests that drive Debian's Chromium through Playwright against a Voila page.

Other tests may reuse them to open any lesson under Voila::

    from browser_util import browser_page, voila_server
    with voila_server("lessons/02_passing.ipynb") as url, browser_page() as (page, problems):
        page.goto(url)
        ...
        assert not problems

Everything listens on 127.0.0.1 only. When /usr/bin/chromium (or Playwright) is missing the tests skip with a
message saying how to enable them.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("HEARTS_TUTOR_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
ROOT = Path(__file__).resolve().parent.parent
ENABLED_CARD = ".ht-card:not([disabled])"
"""A card of the learner's hand that can be clicked now."""
CARD_CODE = re.compile(r"\bht-card-([2-9TJQKA][CDSH])\b")
"""A card button's class naming its card (SPEC section 10), the code in group 1."""


def require_browser() -> None:
    """Skip the calling test unless Chromium and Playwright are available."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing: enable the browser tests with `apt-get install -y chromium` "
                    "(or `make chromium` as root)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("Playwright is missing: pip install -e '.[test]'")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


VOILA_PROBE = "voila/static/"
"""Where to ask whether a Voila server is up: any answer, even an error, shows it is, and no kernel starts (asking
for the page would start one that no page ever connects to, or take a preheated one from the pool)."""
VOILA_MAIN = ("from hearts_tutor.serve.app import skip_slow_optional_checks; skip_slow_optional_checks(); "
              "from voila.app import main; main()")
"""``python -m voila``, started as ``hearts-tutor play`` starts it (without the slow optional schema checks)."""
QUICK_COACH = {"HEARTS_TUTOR_COACH_DEALS": "40"}
"""What every test server's tables have unless its test's ``env`` says otherwise (an empty value: the coach's
own budget): the coach judges on 40 sampled deals, about a tenth of its own budget (the grades of every move and
the hand's review are most of a played hand's CPU time); the grades, reviews and words the browser tests read
still come, from fewer deals."""


def _wait_for_http(url: str, proc: subprocess.Popen[Any], log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError:  # the server answered
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the server did not answer at {url} within {timeout} s:\n{log.read_text()[-3000:]}")


@contextlib.contextmanager
def _server(argv: list[str], url: str, log: Path, env: Mapping[str, str] | None,
            started: list[subprocess.Popen[Any]] | None = None, probe: str = "") -> Iterator[str]:
    full_env = {**os.environ, **QUICK_COACH, **(env or {})}
    with log.open("w") as out:
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT, env=full_env, cwd=str(log.parent),
                                start_new_session=True)
    if started is not None:
        started.append(proc)
    try:
        _wait_for_http(url + probe, proc, log)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def hearts_tutor_command() -> list[str]:
    exe = shutil.which("hearts-tutor", path=str(Path(sys.executable).parent)) or shutil.which("hearts-tutor")
    return [exe] if exe else [sys.executable, "-m", "hearts_tutor.cli"]


ONE_PAGE_CONFIG = {"VoilaKernelManager": {"fill_delay": 86_400}}
"""Voila's configuration (``voila.json`` in the server's working directory) for a server that serves one page: the
page takes the kernel preheated for it as ever, and no kernel is preheated for a next page that never comes (Voila
deals another one a second after a page takes its kernel: the whole notebook played again, for nothing)."""


@contextlib.contextmanager
def play_server(workdir: Path, env: Mapping[str, str] | None = None, *, source: Path | None = None,
                args: Sequence[str] = (), started: list[subprocess.Popen[Any]] | None = None,
                one_page: bool = False) -> Iterator[str]:
    """``hearts-tutor play --no-browser [args]`` on a free port (hearts_tutor from ``source``, a checkout, when
    given); yields the page's URL (and appends the server process to ``started``). With ``one_page`` (a test that
    opens the page once, and never reloads it) no kernel is preheated after the first (``ONE_PAGE_CONFIG``)."""
    if one_page:
        (workdir / "voila.json").write_text(json.dumps(ONE_PAGE_CONFIG))
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    command = hearts_tutor_command() if source is None else [sys.executable, "-m", "hearts_tutor.cli"]
    if source is not None:
        env = {**(env or {}), "PYTHONPATH": str(source)}
    with _server([*command, "play", "--port", str(port), "--no-browser", *args], url, workdir / "voila.log",
                 env, started, VOILA_PROBE) as u:
        yield u


LAB_TOKEN = "hearts-tutor-test"
"""The token the tests' JupyterLab asks for (``JUPYTER_TOKEN``)."""


@contextlib.contextmanager
def lessons_server(workdir: Path, folder: Path, env: Mapping[str, str] | None = None) -> Iterator[str]:
    """``hearts-tutor lessons --no-browser --port N --dir folder``, with Jupyter's own folders in ``workdir``;
    yields JupyterLab's URL (no trailing slash; add ``?token=`` + :data:`LAB_TOKEN`)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    jupyter = {"JUPYTER_TOKEN": LAB_TOKEN, "JUPYTER_CONFIG_DIR": str(workdir / "jupyter-config"),
               "JUPYTER_RUNTIME_DIR": str(workdir / "jupyter-runtime"), "HEARTS_TUTOR_DATA_DIR": str(workdir / "data")}
    argv = [*hearts_tutor_command(), "lessons", "--no-browser", "--port", str(port), "--dir", str(folder)]
    with _server(argv, url, workdir / "lab.log", {**jupyter, **(env or {})}, probe="/api/status") as u:
        yield u


@contextlib.contextmanager
def voila_server(notebook: str | Path, workdir: Path, env: Mapping[str, str] | None = None) -> Iterator[str]:
    """Voila on a notebook or a folder of them (e.g. the lessons), with the table's offline template; yields the
    server's URL."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    data = ROOT / "hearts_tutor" / "static" / "jupyter"
    jp = os.pathsep.join(p for p in (str(data), os.environ.get("JUPYTER_PATH", "")) if p)
    argv = [sys.executable, "-c", VOILA_MAIN, str(Path(notebook).resolve()), f"--port={port}", "--no-browser",
            "--Voila.ip=127.0.0.1", "--template=hearts", "--theme=light"]
    with _server(argv, url, workdir / "voila.log", {"JUPYTER_PATH": jp, **(env or {})}, probe=VOILA_PROBE) as u:
        yield u


@contextlib.contextmanager
def static_server(folder: Path, workdir: Path) -> Iterator[str]:
    """``python -m http.server`` serving ``folder`` (e.g. the static site); yields its URL."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    argv = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(folder)]
    with _server(argv, url, workdir / "http.log", None) as u:
        yield u


@contextlib.contextmanager
def offline_page(base_url: str, viewport: tuple[int, int] = (1280, 900)) -> Iterator[tuple[Any, set[str]]]:
    """A Chromium page for which only ``base_url``'s host exists, and the set of every URL on another host it
    asked for (``offline_browser`` and ``offline_context_page``)."""
    with offline_browser(base_url) as browser, offline_context_page(browser, base_url, viewport) as opened:
        yield opened


def offline_browser(base_url: str) -> contextlib.AbstractContextManager[Any]:
    """A Chromium whose host resolver fails every host but ``base_url``'s (what workers fetch, which routes do not
    see, fails too); its pages come from ``offline_context_page``."""
    from urllib.parse import urlsplit

    host = urlsplit(base_url).hostname or ""
    return chromium(f"--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE {host}")


@contextlib.contextmanager
def offline_context_page(browser: Any, base_url: str,
                         viewport: tuple[int, int] = (1280, 900)) -> Iterator[tuple[Any, set[str]]]:
    """A page in a context of its own (storage, drive) of an ``offline_browser``, and the set of every URL on
    another host than ``base_url``'s it asked for. Such a request is blocked and counted twice over: a route
    aborts what the page asks for, and the browser's host resolver fails every other host for what workers
    fetch, which routes do not see (``requestfailed``). The context is closed afterwards."""
    from urllib.parse import urlsplit

    host = urlsplit(base_url).hostname or ""
    other_hosts: set[str] = set()

    def elsewhere(url: str) -> bool:
        return urlsplit(url).scheme in ("http", "https", "ws", "wss") and urlsplit(url).hostname != host

    def route(r: Any) -> None:
        if elsewhere(r.request.url):
            other_hosts.add(r.request.url)
            r.abort()
        else:
            r.continue_()

    def seen(request: Any) -> None:
        if elsewhere(request.url):
            other_hosts.add(request.url)

    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    try:
        context.route("**/*", route)
        context.on("request", seen)
        context.on("requestfailed", seen)
        yield context.new_page(), other_hosts
    finally:
        context.close()


def _unload_beacon(request: Any) -> bool:
    """Voila's kernel-shutdown beacon on page unload: the server gets it, the leaving page sees it aborted."""
    return "/voila/api/shutdown/" in request.url and "ABORTED" in str(request.failure or "")


@contextlib.contextmanager
def chromium(*extra_args: str) -> Iterator[Any]:
    """One Chromium for many pages (``new_page``): launching it takes a second or two each time."""
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *extra_args])
        try:
            yield browser
        finally:
            browser.close()


def new_page(browser: Any, viewport: tuple[int, int] = (1280, 900)) -> tuple[Any, list[str]]:
    """A page of ``browser`` in a context of its own (cookies, storage), and the list that collects its console
    errors and uncaught exceptions."""
    page = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}).new_page()
    return page, watched(page)


def watched(page: Any) -> list[str]:
    """The list that collects ``page``'s console errors, uncaught exceptions and failed requests from now on."""
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: None if _unload_beacon(r) else problems.append(
        f"request failed: {r.url} ({r.failure})"))
    return problems


@contextlib.contextmanager
def page_in(context: Any) -> Iterator[tuple[Any, list[str]]]:
    """A new page of a browser ``context`` that other pages share (its cache: the scripts a page loads are
    compiled once for them all), and the list of its problems (``watched``); the page is closed afterwards."""
    page = context.new_page()
    try:
        yield page, watched(page)
    finally:
        page.close()


@contextlib.contextmanager
def page_of(browser: Any, viewport: tuple[int, int] = (1280, 900)) -> Iterator[tuple[Any, list[str]]]:
    """``new_page`` of an already running ``browser``, its context closed afterwards."""
    page, problems = new_page(browser, viewport)
    try:
        yield page, problems
    finally:
        page.context.close()


@contextlib.contextmanager
def browser_page(viewport: tuple[int, int] = (1280, 900)) -> Iterator[tuple[Any, list[str]]]:
    """A Chromium page and the list that collects its console errors and uncaught exceptions."""
    with chromium() as browser:
        yield new_page(browser, viewport)


_WORDS_JS = """(felt, KINDS) => {
  const scale = (el) => {
    for (let p = el; p; p = p.parentElement) {
      if (p.offsetWidth >= 24) return p.getBoundingClientRect().width / p.offsetWidth;
    }
    return 1;
  };
  const kind = (el) => (KINDS.find(([sel]) => el.closest(sel)) || [null, 'felt'])[1];
  const out = [];
  const add = (el, text, fontSize) => out.push({kind: kind(el), text: text.slice(0, 30),
                                                px: parseFloat(fontSize) * scale(el)});
  const walker = document.createTreeWalker(felt, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const text = t.textContent.replace(/\\s+/g, ' ').trim(), el = t.parentElement;
    if (!text || el.closest('style') || getComputedStyle(el).visibility === 'hidden') continue;
    const range = document.createRange();
    range.selectNodeContents(t);
    const drawn = [...range.getClientRects()].some(r => r.width > 0 && r.height > 0);
    if (drawn) add(el, text, getComputedStyle(el).fontSize);
  }
  // a card of the hand draws its corner in a ::before (the button's own text is its name, at size 0)
  for (const card of felt.querySelectorAll('.ht-cardbtn')) {
    const corner = getComputedStyle(card, '::before');
    if (card.getBoundingClientRect().width) add(card, corner.content, corner.fontSize);
  }
  return out.sort((a, b) => a.px - b.px);
}"""


def shown_words(root: Any, kinds: Sequence[tuple[str, str]]) -> list[dict[str, Any]]:
    """Every word drawn under the locator ``root`` (and the corner of each ``.ht-cardbtn``), smallest first: its
    kind (the name of the first of ``kinds``, (selector, name) pairs, whose selector it is inside; else "felt"),
    its text and its size in CSS pixels as shown (its font size times the scale its box is drawn at: zooms)."""
    return list(root.evaluate(_WORDS_JS, [list(k) for k in kinds]))
