"""A class on one server: many learners open ``hearts-tutor play --class`` at once (SPEC section 12).

    .venv/bin/python benchmarks/bench_class.py --rounds 1,5,10 --preheat 10 --cull-idle 60
    .venv/bin/python benchmarks/bench_class.py --rounds 1,5,10 --preheat 10 --browsers returning --json

Each round waits until the server's preheated kernels are ready and idle (a class arrives at a server started
beforehand), then opens that many Chromium pages on one server at once; every page passes three cards and plays
a card of the first trick. The learners' browsers run on the server's machine, so they take its CPU too:
``--browsers new`` gives each learner a new browser profile (a first visit: the page's 5 MB of JavaScript
fetched and compiled by each), ``--browsers returning`` makes the learners tabs of one profile that has opened
the table before (the JavaScript comes from its cache). Measured per round: the time from opening the page to a
clickable hand (each must be under 10 s; the page notes the moment itself, so waiting for it costs nothing), the
memory (RSS and USS, which excludes pages shared with other processes) and CPU seconds of each learner's kernel
after its trick, and the CPU seconds the round took in the browsers and in the server with its kernels.
Checked: every page has its own kernel and its own deal, and no page's websocket ever carries a card button
(``ht-card-<CODE>``) of a card its learner never held, so no opponent's or other learner's hidden card reaches
a browser, and each learner's game and scores are saved in a learner folder of their own (``--class``). Then
the pages close with Voila's shutdown call blocked, as when a browser crashes or a laptop sleeps, and the
learners' kernels must be culled within ``--cull-idle`` plus the cull interval. Everything listens on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from browser_util import CARD_CODE, CHROMIUM, CHROMIUM_ARGS, ENABLED_CARD, play_server  # noqa: E402

from hearts_tutor.serve.app import ServeOptions  # noqa: E402

CLICKABLE_S = 10.0
CULL_SLACK_S = 5.0
"""Seconds, past the culler's idle time and interval, for the culled kernels' processes to end."""
KERNEL_ID = re.compile(r"/api/kernels/([0-9a-f-]+)/channels")


def kernels(server: psutil.Process) -> list[psutil.Process]:
    """The server's kernel processes."""
    found = []
    for p in server.children(recursive=True):
        try:
            if p.status() != psutil.STATUS_ZOMBIE and "ipykernel" in " ".join(p.cmdline()):
                found.append(p)
        except psutil.Error:  # ended meanwhile
            pass
    return found


async def warm(server: psutil.Process, preheat: int, timeout: float = 300) -> float:
    """Wait until the server's pool holds ``preheat`` kernels that have dealt the table and gone idle, as when
    a class arrives at a server started beforehand; the seconds waited."""
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        pool = kernels(server)
        for p in pool:
            p.cpu_percent(None)
        await asyncio.sleep(1.0)
        try:
            busy = [p.cpu_percent(None) for p in pool]
        except psutil.Error:  # a kernel ended meanwhile
            continue
        if len(pool) >= preheat and max(busy, default=0.0) < 5.0:
            return time.perf_counter() - start
    raise TimeoutError(f"the server's {preheat} preheated kernels were not ready within {timeout:g} s")


async def hand_codes(page: Any) -> set[str]:
    classes = await page.locator(".ht-card").evaluate_all("els => els.map(e => e.className)")
    return {m.group(1) for c in classes for m in CARD_CODE.finditer(c)}


VIEWPORT = {"width": 1280, "height": 900}
WATCH_JS = """(() => {
  // window.htClickable(milliseconds since the page began) is called when the first enabled card is in the page
  const clickable = () => {
    if (!document.querySelector('SELECTOR')) return;
    watch.disconnect();
    window.htClickable(performance.now());
  };
  const watch = new MutationObserver(clickable);
  document.addEventListener('DOMContentLoaded', () => {
    watch.observe(document.body, {subtree: true, childList: true, attributes: true,
                                  attributeFilter: ['disabled', 'class']});
    clickable();
  });
  // the page's goodbye (Voila's kernel-shutdown beacon) is lost, as when a browser crashes or a laptop sleeps
  const beacon = navigator.sendBeacon.bind(navigator);
  navigator.sendBeacon = (url, data) => String(url).includes('/voila/api/shutdown/') || beacon(url, data);
  // window.htCardsReceived(): the card buttons (ht-card-<CODE>) named in any message the page's websockets got
  const received = new Set();
  window.htCardsReceived = () => [...received];
  const decoder = new TextDecoder('utf-8');
  const scan = (text) => { for (const m of text.matchAll(/CARD_CODE/g)) received.add(m[1]); };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (typeof e.data === 'string') scan(e.data);
        else if (e.data instanceof ArrayBuffer) scan(decoder.decode(e.data));
        else if (e.data instanceof Blob) e.data.text().then(scan);
      });
    }
  };
})()""".replace("SELECTOR", ENABLED_CARD).replace("CARD_CODE", CARD_CODE.pattern)


class Browsers:
    """The learners' browsers: a new profile each (``new``) or tabs of one profile holding the page (``returning``)."""

    def __init__(self, playwright: Any, kind: str, workdir: Path) -> None:
        if kind not in ("new", "returning"):
            raise ValueError(f"--browsers is new or returning, not {kind!r}")
        self.playwright, self.kind, self.workdir = playwright, kind, workdir
        self.browser: Any = None

    async def __aenter__(self) -> Browsers:
        chromium = self.playwright.chromium
        if self.kind == "new":
            self.browser = await chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        else:
            self.browser = await chromium.launch_persistent_context(
                self.workdir / "profile", executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport=VIEWPORT)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.browser.close()

    async def open(self) -> tuple[Any, Any]:
        """A learner's page, and what to close when the learner leaves (its context, or the tab)."""
        if self.kind == "new":
            context = await self.browser.new_context(viewport=VIEWPORT)
            return await context.new_page(), context
        page = await self.browser.new_page()
        return page, page

    async def first_visit(self, url: str) -> None:
        """Open the table once (``returning``): the profile's cache then holds the page."""
        if self.kind == "returning":
            page = await self.browser.new_page()
            await page.goto(url, timeout=120_000)
            await page.wait_for_selector(ENABLED_CARD, timeout=120_000)
            await page.close()


async def learner(browsers: Browsers, url: str) -> dict[str, Any]:
    """One learner: open the table, pass three cards, play a card; what the page saw."""
    page, closer = await browsers.open()
    try:
        return await _learn(closer, page, url)
    except Exception as e:
        status = await page.locator(".ht-status").all_inner_texts()
        raise RuntimeError(f"a learner's page failed: {e}\nits status line: {status}") from None


async def _learn(closer: Any, page: Any, url: str) -> dict[str, Any]:
    kernel_ids: set[str] = set()

    def on_websocket(ws: Any) -> None:
        if match := KERNEL_ID.search(ws.url):
            kernel_ids.add(match.group(1))

    page.on("websocket", on_websocket)
    # WATCH_JS also loses the page's goodbye, so only culling can end its kernel (a route would do it from
    # outside the page, but routing turns the browser's cache off)
    clickable_at = asyncio.get_running_loop().create_future()
    await page.expose_function("htClickable", lambda ms: clickable_at.done() or clickable_at.set_result(ms / 1000))
    await page.add_init_script(WATCH_JS)  # watching in the page: sending every frame to Playwright costs CPU
    await page.goto(url, wait_until="commit", timeout=120_000)
    clickable = await asyncio.wait_for(clickable_at, 120)
    await page.wait_for_selector(ENABLED_CARD, timeout=120_000)
    dealt = await hand_codes(page)
    cards = page.locator(".ht-card")
    for i in range(3):
        await cards.nth(i).click()
        await page.wait_for_function(f"document.querySelectorAll('.ht-card.ht-selected').length === {i + 1}")
    await page.locator(".ht-pass:not([disabled])").click()
    await page.wait_for_selector(".ht-pass", state="detached", timeout=60_000)
    await page.wait_for_selector(ENABLED_CARD, timeout=60_000)
    held = dealt | await hand_codes(page)
    played = None
    for _attempt in range(20):  # a card may be redrawn between finding and clicking it
        handle = await page.locator(ENABLED_CARD).first.element_handle()
        code = CARD_CODE.search(await handle.get_attribute("class") or "")
        try:
            await handle.click(timeout=5_000)
            played = code.group(1) if code else None
            break
        except Exception:
            await page.wait_for_timeout(100)
    assert played, "no card of the hand could be clicked"
    await page.wait_for_selector(f".ht-card-{played}", state="detached", timeout=60_000)  # the card is on the trick
    seen = set(await page.evaluate("window.htCardsReceived()"))
    return {"page": page, "closer": closer, "clickable_s": clickable, "dealt": dealt, "held": held,
            "seen": seen, "kernels": kernel_ids}


def check_privacy(sessions: list[dict[str, Any]]) -> list[str]:
    """What went wrong between the sessions of a round (an empty list when each kept to itself)."""
    problems = []
    ids = [s["kernels"] for s in sessions]
    if any(len(k) != 1 for k in ids) or len(set().union(*ids)) != len(sessions):
        problems.append(f"pages do not each have a kernel of their own: {ids}")
    deals = [frozenset(s["dealt"]) for s in sessions]
    if any(len(d) != 13 for d in deals) or len(set(deals)) != len(deals):
        problems.append("pages were not each dealt their own 13 cards")
    for n, s in enumerate(sessions):
        if not s["dealt"] <= s["seen"]:  # the watch must see the page's own cards arrive, or it saw nothing
            problems.append(f"page {n}'s websocket watch missed cards it was dealt: {sorted(s['dealt'] - s['seen'])}")
        if leaked := s["seen"] - s["held"]:
            problems.append(f"page {n} was sent card buttons its learner never held: {sorted(leaked)}")
    return problems


def saved_deals(tmp: Path) -> dict[Path, frozenset[str]]:
    """The learner's dealt cards in each game saved in a ``--class`` server's learner folders (under ``tmp``)."""
    from hearts_tutor.practice.learner import FILE_NAME, LearnerDB
    from hearts_tutor.table.saved import SAVE_KEY

    deals = {}
    for path in tmp.glob(f"hearts_tutor_class_*/learner_*/{FILE_NAME}"):
        db = LearnerDB(path)
        try:
            saved = db.saved_game(SAVE_KEY)
        finally:
            db.close()
        if saved:
            deals[path] = frozenset(json.loads(saved[0])["match"]["current"]["deal"][0])
    return deals


def check_records(sessions: list[dict[str, Any]], saved: list[frozenset[str]]) -> list[str]:
    """What went wrong with the learners' records (games saved in this round): one folder each, its own game."""
    problems = []
    if len(saved) != len(sessions):
        problems.append(f"{len(saved)} learner folders saved a game for {len(sessions)} learners")
    for n, s in enumerate(sessions):
        if saved.count(frozenset(s["dealt"])) != 1:
            problems.append(f"page {n}'s game is not saved in one learner folder of its own")
    return problems


def _alive(procs: list[psutil.Process]) -> list[psutil.Process]:
    """The processes still running (a zombie has ended)."""
    alive = []
    for p in procs:
        try:
            if p.is_running() and p.status() != psutil.STATUS_ZOMBIE:
                alive.append(p)
        except psutil.NoSuchProcess:
            pass
    return alive


def _cpu(procs: list[psutil.Process]) -> dict[int, float]:
    """CPU seconds so far of each process, by pid."""
    used = {}
    for p in procs:
        with contextlib.suppress(psutil.Error):  # ended meanwhile
            used[p.pid] = sum(p.cpu_times()[:2])
    return used


def _browsers() -> list[psutil.Process]:
    """Our Chromium's processes (children of Playwright's driver, which is our child)."""
    return [p for p in psutil.Process().children(recursive=True) if "chrom" in p.name().lower()]


async def round_of(browsers: Browsers, url: str, server: psutil.Process, learners: int, options: ServeOptions,
                   tmp: Path) -> dict[str, Any]:
    def server_side() -> list[psutil.Process]:
        return [server, *server.children(recursive=True)]

    saved_before = saved_deals(tmp)
    before = _cpu(_browsers()), _cpu(server_side())
    sessions = await asyncio.gather(*(learner(browsers, url) for _ in range(learners)))
    after = _cpu(_browsers()), _cpu(server_side())
    spent = [round(sum(t - b.get(pid, 0.0) for pid, t in a.items()), 1) for a, b in zip(after, before, strict=True)]
    ids = set().union(*(s["kernels"] for s in sessions))
    # a kernel's command line names its connection file, kernel-<id>.json
    used = [p for p in kernels(server) if any(f"kernel-{i}" in " ".join(p.cmdline()) for i in ids)]
    memory = [p.memory_full_info() for p in used]
    cpu = [sum(p.cpu_times()[:2]) for p in used]
    clickable = [s["clickable_s"] for s in sessions]
    problems = check_privacy(sessions)
    for s in sessions:
        await s["closer"].close()
    closed = time.perf_counter()
    limit = options.cull_idle + options.cull_interval + CULL_SLACK_S
    left = _alive(used)
    while left and time.perf_counter() - closed < limit:
        await asyncio.sleep(0.5)
        left = _alive(used)
    gone = None if left else round(time.perf_counter() - closed, 1)
    problems += check_records(sessions, [d for p, d in saved_deals(tmp).items() if p not in saved_before])
    if len(used) != learners:
        problems.append(f"{len(used)} kernel processes found for {learners} learners")
    if left:
        problems.append(f"{len(left)} learners' kernels were still there {limit} s after their pages closed")
    if max(clickable) > CLICKABLE_S:
        problems.append(f"a page took {max(clickable):.1f} s to a clickable hand (over {CLICKABLE_S:g} s)")
    return {"learners": learners, "clickable_s": {"median": round(statistics.median(clickable), 2),
                                                  "max": round(max(clickable), 2)},
            "kernel_rss_mb": round(statistics.mean(m.rss for m in memory) / 2**20, 1),
            "kernel_uss_mb": round(statistics.mean(m.uss for m in memory) / 2**20, 1),
            "kernel_cpu_s": round(statistics.mean(cpu), 2), "kernels_gone_after_s": gone,
            "cpu_s_browsers_server": spent, "problems": problems}


async def run(rounds: list[int], options: ServeOptions, workdir: Path, browsers: str = "new") -> list[dict[str, Any]]:
    from playwright.async_api import async_playwright

    started: list[Any] = []
    args = ["--class", "--cull-idle", str(options.cull_idle), "--preheat", str(options.preheat)]
    tmp = workdir / "tmp"  # the server's temporary folders: the learners' folders (--class) are in there
    tmp.mkdir(exist_ok=True)
    env = {"HEARTS_TUTOR_SPEED": "test", "HEARTS_TUTOR_DATA_DIR": str(workdir / "data"), "TMPDIR": str(tmp)}
    with play_server(workdir, env, args=args, started=started) as url:
        server = psutil.Process(started[0].pid)
        async with async_playwright() as p, Browsers(p, browsers, workdir) as learners:
            await learners.first_visit(url)
            results = []
            for n in rounds:
                await warm(server, options.preheat)
                results.append({"browsers": browsers, **await round_of(learners, url, server, n, options, tmp)})
    return results


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", default="1,5,10", help="learners at once in each round (default 1,5,10)")
    ap.add_argument("--cull-idle", type=int, default=60, help="the server's --cull-idle in seconds (default 60)")
    ap.add_argument("--preheat", type=int, default=1, help="the server's --preheat (default 1)")
    ap.add_argument("--browsers", choices=("new", "returning"), default="new",
                    help="each learner a new browser profile (default), or tabs of one that has opened the table")
    ap.add_argument("--workdir", default=None, help="keep the server's log (voila.log) here")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    options = ServeOptions(cull_idle=args.cull_idle, preheat=args.preheat, per_learner=True)
    with tempfile.TemporaryDirectory(prefix="bench_class_") as tmp:
        workdir = Path(args.workdir or tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        results = asyncio.run(run([int(n) for n in args.rounds.split(",")], options, workdir, args.browsers))
    if args.json:
        print(json.dumps(results))
    else:
        print("| learners at once | clickable, median / max (s) | kernel RSS / USS (MB) | kernel CPU (s) "
              "| kernels gone after (s) | CPU s of the round: browsers / server and kernels | problems |")
        print("|---|---|---|---|---|---|---|")
        for r in results:
            print(f"| {r['learners']} | {r['clickable_s']['median']} / {r['clickable_s']['max']} "
                  f"| {r['kernel_rss_mb']} / {r['kernel_uss_mb']} | {r['kernel_cpu_s']} | {r['kernels_gone_after_s']} "
                  f"| {r['cpu_s_browsers_server'][0]} / {r['cpu_s_browsers_server'][1]} "
                  f"| {'; '.join(r['problems']) or 'none'} |")
    return 1 if any(r["problems"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
