"""The static site (``make site``) against CPython on the same machine: site size; the table page's load (the
first paint of its progress text, a clickable card in a new browser profile and after a reload) beside a bare
Pyodide page that imports hearts_tutor in the same run; each bot level's and the coach's decision times
(``hearts_tutor.batch.bench.decision_times``, the same code in both), the browser's run in Pyodide through the site's
REPL page with every other host blocked; and the Voila page's cold start (``hearts-tutor play``: from the command
to a clickable card) of this checkout and of others (e.g. the table before its split).

    .venv/bin/python benchmarks/bench_site.py --repeat 3        # builds the site if needed (make site)
    .venv/bin/python benchmarks/bench_site.py --decisions       # and the decision times in the browser
    .venv/bin/python benchmarks/bench_site.py --voila-only --voila-tree /tmp/before --voila-tree . --repeat 3
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser_util import browser_page, offline_page, play_server, static_server  # noqa: E402

from hearts_tutor.batch.bench import decision_times  # noqa: E402

BROWSER_CODE = ("import json\nfrom hearts_tutor.batch.bench import decision_times\n"
                "print('RESULT', json.dumps(decision_times({count}, {seed})))")


def site_size(site: Path) -> dict[str, float]:
    files = [p for p in site.rglob("*") if p.is_file()]
    return {"files": len(files), "MB": round(sum(p.stat().st_size for p in files) / 1e6, 1)}


BARE_PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>bare</title></head><body><p id="out">loading</p>
<script type="module">
const base = new URL("static/pyodide/", location.href).href;
const config = await (await fetch("play/config.json")).json();
const names = ["typing_extensions", "platformdirs", "glicko2", "fsrs", "hearts_tutor"];
const wheels = config.wheels.filter((w) => names.some((n) => w.startsWith(n + "-")))
  .map((w) => fetch(base + w).then((r) => r.arrayBuffer()));
const { loadPyodide } = await import(base + "pyodide.mjs");
const pyodide = await loadPyodide({ indexURL: base, env: { HEARTS_TUTOR_DATA_DIR: "/tmp/ht" } });
for (const w of wheels) pyodide.unpackArchive(await w, "wheel", { extractDir: config.sitePackages });
pyodide.runPython("from hearts_tutor.table.core import TableCore\\n"
  + "TableCore(seed=1, mode='sync', grading=False, save=False)");
document.getElementById("out").textContent = "dealt";
</script></body></html>"""
"""The floor (notes/offline-site.md): Pyodide from the site, five wheels unpacked, hearts_tutor imported and a
table core dealt; no widgets, no JupyterLite. Served from the site's own origin by the browser's routing."""

CLICKABLE = ".ht-card:not([disabled])"
FIRST_PAINT_JS = """() => (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime ?? null"""


def _timed_load(page, open_page, selector: str) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    open_page()
    page.wait_for_selector(selector, timeout=300_000)
    return round(time.perf_counter() - start, 1)


def page_loads(url: str) -> dict[str, object]:
    """One round in a new browser profile each: the bare page cold and reloaded, then the table page cold (with
    the first paint of its progress text, ms after navigation) and reloaded."""
    result: dict[str, object] = {}
    with offline_page(url) as (page, other_hosts):
        page.route(f"{url}bench-bare.html", lambda r: r.fulfill(body=BARE_PAGE, content_type="text/html"))
        result["bare_cold_s"] = _timed_load(page, lambda: page.goto(f"{url}bench-bare.html"), "text=dealt")
        result["bare_warm_s"] = _timed_load(page, page.reload, "text=dealt")
    with offline_page(url) as (page, more_hosts):
        result["table_cold_s"] = _timed_load(page, lambda: page.goto(f"{url}play/index.html"), CLICKABLE)
        result["first_progress_paint_ms"] = page.evaluate(FIRST_PAINT_JS)
        result["progress_text"] = page.locator("#ht-loading-step").text_content()  # hidden now: its last words
        page.wait_for_selector("#ht-saved[data-state=saving]", state="detached")  # else it asks to stay
        result["table_warm_s"] = _timed_load(page, page.reload, CLICKABLE)
        result["warm_first_progress_paint_ms"] = page.evaluate(FIRST_PAINT_JS)
    result["blocked_requests"] = len(other_hosts | more_hosts)
    return result


def in_browser(site: Path, count: int, seed: int, workdir: Path) -> dict[str, object]:
    """The decision times in Pyodide (JupyterLite's REPL page of the site)."""
    with static_server(site, workdir) as url, offline_page(url) as (page, other_hosts):
        code = quote(BROWSER_CODE.format(count=count, seed=seed))
        page.goto(f"{url}repl/index.html?kernel=python&showBanner=0&code={code}")
        output = page.locator(".jp-OutputArea-output", has_text="RESULT")
        output.wait_for(timeout=900_000)
        times = json.loads(output.inner_text().split("RESULT", 1)[1])
        return {"decision_s": times, "blocked_requests": len(other_hosts)}


def voila_cold_start(tree: Path, workdir: Path) -> float:
    """Seconds from ``hearts-tutor play`` (hearts_tutor imported from ``tree``) to a clickable card."""
    env = {"HEARTS_TUTOR_DATA_DIR": str(workdir / "data")}
    with browser_page() as (page, _problems):
        start = time.perf_counter()
        with play_server(workdir, env, source=tree.resolve()) as url:
            page.goto(url)
            page.wait_for_selector(".ht-card:not([disabled])", timeout=300_000)
            return round(time.perf_counter() - start, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=6, help="positions per decision-maker (default 6)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--voila-tree", type=Path, action="append", default=[],
                        help="a checkout whose Voila cold start to time (repeatable; default: this one)")
    parser.add_argument("--voila-only", action="store_true", help="only time the Voila cold starts")
    parser.add_argument("--repeat", type=int, default=1,
                        help="rounds of the page loads, and Voila cold starts per checkout, in turn")
    parser.add_argument("--decisions", action="store_true", help="also time the decisions in the browser")
    args = parser.parse_args()
    workdir = ROOT / "build" / "bench-site"
    workdir.mkdir(parents=True, exist_ok=True)
    result: dict[str, object] = {}
    if not args.voila_only:
        subprocess.run(["make", "--no-print-directory", "site"], cwd=ROOT, check=True)
        result["site"] = site_size(ROOT / "site")
        with static_server(ROOT / "site", workdir) as url:
            rounds = []
            for _ in range(args.repeat):
                rounds.append(page_loads(url))
                print(json.dumps(rounds[-1]), flush=True)
        result["page_loads"] = rounds
        result["page_load_medians"] = {key: statistics.median(r[key] for r in rounds)  # type: ignore[misc]
                                       for key in rounds[0] if key.endswith(("_s", "_ms"))}
        if args.decisions:
            result["cpython_decision_s"] = decision_times(args.positions, args.seed)
            result["browser"] = in_browser(ROOT / "site", args.positions, args.seed, workdir)
    if args.voila_only or args.voila_tree:
        trees = args.voila_tree or [ROOT]
        starts: dict[str, list[float]] = {str(t): [] for t in trees}
        for _ in range(args.repeat):
            for tree in trees:  # in turn, so a busy spell of the machine falls on both
                starts[str(tree)].append(voila_cold_start(tree, workdir))
        result["voila_cold_start_s"] = starts
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
