"""``hearts-tutor puzzles mine | check | facts | explain | list`` (SPEC section 11)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from ..batch.runner import SCHEDULER_HELP, BatchError, progress_bar
from ..engine.rules import PRESETS, Rules, RulesError
from .bank import BANK_DIR, THEMES, BankError, load_bank


def _fail(message: str) -> int:
    print(f"hearts-tutor puzzles: {message}", file=sys.stderr)
    return 2


def cmd_mine(args: argparse.Namespace) -> int:
    from .mine import Budget, mine

    try:
        rules = Rules.preset(args.rules)
    except (RulesError, ValueError) as e:
        return _fail(str(e))
    if args.hands <= 0:
        return _fail(f"--hands must be positive, not {args.hands}")
    deal_miner = None
    if args.to_score:
        from .score_puzzles import mine_score_deal

        if args.rules != "standard" or args.decisions == "pass" or args.themes or args.deals != "random":
            return _fail("--to-score mines plays of the standard game (no --rules other than standard, no "
                         "--decisions pass, no --themes, no --deals moon)")
        deal_miner = mine_score_deal
    out = Path(args.out) if args.out else BANK_DIR / f"{rules.name}{'-score' if args.to_score else ''}.jsonl"
    try:
        kinds = ("play",) if args.to_score else tuple(args.decisions.split(","))
        budget = (Budget.small() if args.small else Budget()).only(kinds)
        if args.themes:
            budget = budget.aiming_at(tuple(t.strip() for t in args.themes.split(",") if t.strip()))
        budget = budget.dealing(args.deals, rules)
    except ValueError as e:
        return _fail(str(e))
    with progress_bar(args.hands, "deal") as bar:
        try:
            report = mine(rules, args.hands, out, seed=args.seed, jobs=max(1, args.jobs or os.cpu_count() or 1),
                          scheduler=args.scheduler, budget=budget, progress=bar.update,
                          **({"deal_miner": deal_miner} if deal_miner else {}))
        except (BankError, BatchError) as e:
            return _fail(str(e))
    summary = {"out": str(out), **report.to_json()}
    print(json.dumps(summary) if args.json else
          f"{report.kept} puzzles kept from {report.deals} deals ({report.skipped} done before) into {out}; "
          f"rejected by filter: {report.counts}; {report.cpu_seconds:.0f} CPU seconds")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from .check import check_bank
    from .mine import Budget

    try:
        bank = load_bank(args.file)
    except BankError as e:
        return _fail(str(e))
    puzzles = bank.puzzles[: args.limit] if args.limit else bank.puzzles
    try:
        with progress_bar(len(puzzles), "puzzle") as bar:
            report = check_bank(puzzles, seed=args.seed, jobs=max(1, args.jobs or os.cpu_count() or 1),
                                budget=Budget.small() if args.small else Budget(), progress=bar.update,
                                log=Path(args.log) if args.log else None)
    except BankError as e:  # an unreadable --log
        return _fail(str(e))
    report.invalid += [{"id": "", "error": p} for p in bank.problems]
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        share = 100 * report.kept_answer / report.puzzles if report.puzzles else 0.0
        print(f"{report.kept_answer} of {report.puzzles} puzzles kept their answer ({share:.1f}%); "
              f"changed: {len(report.changed)}; invalid: {len(report.invalid)}")
        for bad in report.invalid:
            print(f"  invalid {bad['id']}: {bad['error']}")
    return 0 if not report.invalid else 1


def cmd_list(args: argparse.Namespace) -> int:
    from .check import list_lines

    try:
        bank = load_bank(args.file)
        lines = list_lines(bank, theme=args.theme, rules=args.rules)
    except (BankError, ValueError) as e:
        return _fail(str(e))
    for p in bank.problems:
        print(f"hearts-tutor puzzles: {p}", file=sys.stderr)
    for line in lines:
        print(json.dumps(line) if args.json else
              f"{line['id']:<32} {line['rules']:<13} {line['rating']:>7.1f}  {', '.join(line['themes'])}")
    return 0


def cmd_facts(args: argparse.Namespace) -> int:
    from .explain import GENERIC, check_graded_moves, check_puzzles

    try:
        bank = load_bank(args.file)
    except BankError as e:
        return _fail(str(e))
    with progress_bar(len(bank.puzzles), "puzzle") as bar:
        report = check_puzzles(bank.puzzles, progress=bar.update)
    graded = None
    if args.graded:
        with progress_bar(args.graded, "move") as bar:
            graded = check_graded_moves(args.graded, seed=args.seed, progress=bar.update)
    if args.json:
        print(json.dumps({"bank": report.to_json(), "graded": graded.to_json() if graded else None}))
    else:
        share = report.generic / max(1, report.checked)
        print(f"{report.checked} explanations checked: {len(report.false)} false statements; "
              f"{report.generic} ({share:.1%}) say only {GENERIC!r}")
        for f in report.false:
            print(f"  {f['id']}: {f['problem']}")
        if graded:
            print(f"{graded.checked} graded moves checked: {len(graded.false)} false statements; "
                  f"{graded.generic} generic reasons (grade and hint)")
            for f in graded.false:
                print(f"  deal {f['deal']} seat {f['seat']} trick {f['trick']}: {f['problem']}")
    return 1 if report.false or (graded and graded.false) else 0


def cmd_explain(args: argparse.Namespace) -> int:
    from .bank import bank_files
    from .explain import regenerate_file

    try:
        files = bank_files(args.file)
        for f in files:
            changed, total = regenerate_file(f)
            print(f"{f.name}: {changed} of {total} explanations rewritten")
    except BankError as e:
        return _fail(str(e))
    return 0


def add_parser(sub: Any) -> None:
    """The ``puzzles`` command and its three subcommands."""
    puzzles = sub.add_parser("puzzles", help="mine, re-verify and list practice puzzles")
    what = puzzles.add_subparsers(dest="puzzles_command", required=True)

    m = what.add_parser("mine", help="bots play hands; verified decisions become puzzles (appends; resumable)")
    m.add_argument("--hands", type=int, required=True, help="deals 0..N-1 of the seed (those done are skipped)")
    m.add_argument("--rules", default="standard", choices=sorted(PRESETS), help="a preset name")
    m.add_argument("--seed", type=int, default=0)
    m.add_argument("--jobs", type=int, default=1)
    m.add_argument("--scheduler", default=None, help=SCHEDULER_HELP)
    m.add_argument("--out", default=None, help="the bank file to append to (default: the shipped bank's file)")
    m.add_argument("--decisions", default="pass,play", choices=["pass,play", "pass", "play"],
                   help="which decisions to mine (default both)")
    m.add_argument("--themes", default="", metavar="T[,T...]",
                   help="mine only decisions that may teach these themes (to fill scarce ones; give such a run "
                        "its own --out, as its deals are recorded as done)")
    m.add_argument("--to-score", action="store_true",
                   help="mine play-to-score puzzles: hands at score lines of self-play games near the target, kept "
                        "where the best play by the chance to win the game differs from the best by points "
                        "(plays only; default --out: the shipped bank's standard-score.jsonl)")
    m.add_argument("--deals", default="random", choices=["random", "moon"],
                   help="random deals, or moon deals: a hard bot's seat holds moon material (to mine the moon "
                        "themes; one deck, no kitty)")
    m.add_argument("--small", action="store_true", help="small evaluation budgets (for tests)")
    m.add_argument("--json", action="store_true")
    m.set_defaults(func=cmd_mine)

    c = what.add_parser("check", help="re-verify a bank's answers with new dice")
    c.add_argument("file", nargs="?", default=None, help="a bank file or folder (default: the shipped bank)")
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--jobs", type=int, default=1)
    c.add_argument("--limit", type=int, default=0, help="check only the first N puzzles")
    c.add_argument("--log", default=None, help="append each verdict to this JSON-lines file as it comes and skip "
                   "the puzzles it already judged with this seed (a stopped run resumes)")
    c.add_argument("--small", action="store_true", help="small evaluation budgets (for tests)")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cmd_check)

    f = what.add_parser("facts", help="check every fact a bank's explanations state (and those of graded moves)")
    f.add_argument("file", nargs="?", default=None, help="a bank file or folder (default: the shipped bank)")
    f.add_argument("--graded", type=int, default=0, help="also grade N moves in bot games and check their words")
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--json", action="store_true")
    f.set_defaults(func=cmd_facts)

    e = what.add_parser("explain", help="write every puzzle's explanation again from the facts of its position")
    e.add_argument("file", nargs="?", default=None, help="a bank file or folder (default: the shipped bank)")
    e.set_defaults(func=cmd_explain)

    lst = what.add_parser("list", help="list a bank's puzzles")
    lst.add_argument("file", nargs="?", default=None)
    lst.add_argument("--theme", default=None, choices=THEMES)
    lst.add_argument("--rules", default=None, choices=sorted(PRESETS))
    lst.add_argument("--json", action="store_true")
    lst.set_defaults(func=cmd_list)
