"""The static site (``make site``) against CPython on the same machine: site size, cold load to the first
clickable card, and each bot level's and the coach's decision times (``hearts_tutor.batch.bench.decision_times``, the
same code in both), the browser's run in Pyodide through the site's own REPL page with every other host blocked;
and the Voila page's cold start (``hearts-tutor play``: from the command to a clickable card) of this checkout
and of others (e.g. the table before its split).

    .venv/bin/python benchmarks/bench_site.py            # builds the site if needed (make site)
    .venv/bin/python benchmarks/bench_site.py --voila-only --voila-tree /tmp/before --voila-tree . --repeat 3
"""

from __future__ import annotations

import argparse
import json
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


def in_browser(site: Path, count: int, seed: int, workdir: Path) -> dict[str, object]:
    """Cold load of the play page to the first clickable card, then the decision times in Pyodide."""
    with static_server(site, workdir) as url, offline_page(url) as (page, other_hosts):
        start = time.perf_counter()
        page.goto(f"{url}play/index.html")
        page.wait_for_selector(".ht-card:not([disabled])", timeout=300_000)
        cold = time.perf_counter() - start
        code = quote(BROWSER_CODE.format(count=count, seed=seed))
        page.goto(f"{url}repl/index.html?kernel=python&showBanner=0&code={code}")
        output = page.locator(".jp-OutputArea-output", has_text="RESULT")
        output.wait_for(timeout=900_000)
        times = json.loads(output.inner_text().split("RESULT", 1)[1])
        return {"cold_load_to_clickable_card_s": round(cold, 1), "decision_s": times,
                "blocked_requests": len(other_hosts)}


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
    parser.add_argument("--repeat", type=int, default=1, help="Voila cold starts per checkout, in turn")
    args = parser.parse_args()
    workdir = ROOT / "build" / "bench-site"
    workdir.mkdir(parents=True, exist_ok=True)
    result: dict[str, object] = {}
    if not args.voila_only:
        subprocess.run(["make", "--no-print-directory", "site"], cwd=ROOT, check=True)
        result = {"site": site_size(ROOT / "site"),
                  "cpython_decision_s": decision_times(args.positions, args.seed),
                  "browser": in_browser(ROOT / "site", args.positions, args.seed, workdir)}
    trees = args.voila_tree or [ROOT]
    starts: dict[str, list[float]] = {str(t): [] for t in trees}
    for _ in range(args.repeat):
        for tree in trees:  # in turn, so a busy spell of the machine falls on both
            starts[str(tree)].append(voila_cold_start(tree, workdir))
    result["voila_cold_start_s"] = starts
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
