"""The ``hearts-tutor`` command (SPEC section 9)."""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from .batch.runner import SCHEDULER_HELP


def _open_input(name: str | None):  # type: ignore[no-untyped-def]
    """The named file or standard input, decoded as strict UTF-8 whatever the locale says."""
    if name in (None, "-"):
        return io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="strict")
    return open(name, encoding="utf-8")


def _checked(convert: Callable[[str], Any], ok: Callable[[Any], bool], what: str) -> Callable[[str], Any]:
    """An argparse type: ``convert`` the text, and refuse it unless ``ok``, saying what was expected."""
    def parse(text: str) -> Any:
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {what}, not {text!r}") from None
        if not ok(value):
            raise argparse.ArgumentTypeError(f"expected {what}, not {text}")
        return value
    return parse


_port = _checked(int, lambda p: 1 <= p <= 65535, "a port number from 1 to 65535")
_whole = _checked(int, lambda v: v >= 0, "a whole number >= 0")


def _scores(text: str) -> tuple[int, ...]:
    """``--scores 40,31,88,60``: whole numbers separated by commas."""
    try:
        return tuple(int(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not scores like 40,31,88,60") from None
_seconds = _checked(float, lambda s: 0 < s < 86400, "a number of seconds above 0 and below a day")
_positive = _checked(int, lambda v: v >= 1, "a whole number >= 1")
_deals = _checked(int, lambda v: v >= 2, "a whole number >= 2")


def cmd_referee(args: argparse.Namespace) -> int:
    from .engine.record import run_referee

    try:
        stream = _open_input(args.file)
    except OSError as e:
        print(f"hearts-tutor referee: cannot read {args.file}: {e.strerror}", file=sys.stderr)
        return 2
    try:
        with stream:
            return run_referee(stream, sys.stdout)
    except BrokenPipeError:  # the reader stopped early (| head): nothing wrong with the input
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (OSError, UnicodeDecodeError) as e:
        print(f"hearts-tutor referee: unreadable input: {e}", file=sys.stderr)
        return 2


def cmd_bench(args: argparse.Namespace) -> int:
    from .batch.bench import engine_hands_per_second

    if args.what == "equity":
        from .equity.bench import main as bench_equity

        return bench_equity([args.step or "all", "--hands", str(args.hands), "--games", str(args.games),
                             "--sims", str(args.sims), "--data", args.data] + (["--json"] if args.json else []))
    if args.what != "engine" or args.step:
        print(f"hearts-tutor bench: unknown benchmark {args.what!r} (try: engine)", file=sys.stderr)
        return 2
    rate = engine_hands_per_second(args.seconds)
    print(json.dumps({"hands_per_s": round(rate, 1)}) if args.json else f"{rate:,.0f} hands/s")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from .serve.app import ServeOptions, serve

    return serve(ServeOptions(port=args.port, open_browser=not args.no_browser, ip=args.ip, cull_idle=args.cull_idle,
                              cull_connected=args.cull_connected, preheat=args.preheat, per_learner=args.class_,
                              coach_deals=args.coach_deals))


def cmd_lessons(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .serve.app import LessonsOptions, open_lessons

    folder = Path(args.dir).expanduser() if args.dir else None
    return open_lessons(LessonsOptions(port=args.port, open_browser=not args.no_browser, folder=folder))


def cmd_tournament(args: argparse.Namespace) -> int:
    from .batch.tournament import cli_tournament

    return cli_tournament(args)


def cmd_review(args: argparse.Namespace) -> int:
    from .coach.review import cli_review

    return cli_review(args)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="hearts-tutor", description="Learn Hearts by playing it.")
    sub = p.add_subparsers(dest="command", required=True)

    play = sub.add_parser("play", help="serve the card table as a web page (Voila)")
    play.add_argument("--port", type=_port, default=8866, help="a TCP port, 1 to 65535 (default 8866)")
    play.add_argument("--no-browser", action="store_true", help="do not open a browser")
    play.add_argument("--ip", default="127.0.0.1",
                      help="the address to listen on (default 127.0.0.1; 0.0.0.0 lets other machines in, "
                           "with no login: see the README's 'Running it for a class')")
    play.add_argument("--class", dest="class_", action="store_true",
                      help="many learners on this server: each page keeps its own statistics and practice "
                           "records, for as long as its kernel lives")
    play.add_argument("--cull-idle", type=_positive, default=1800, metavar="SECONDS",
                      help="end the kernel of a closed page after this long idle (default 1800)")
    play.add_argument("--cull-connected", action="store_true",
                      help="with --cull-idle, also end the kernels of open pages left idle that long")
    play.add_argument("--preheat", type=_whole, default=1, metavar="N",
                      help="kernels kept ready with the table dealt, so pages open at once (default 1; 0: none)")
    play.add_argument("--coach-deals", type=_deals, default=None, metavar="N",
                      help="sampled deals behind each grade, hint and review (default: the coach's own budget, "
                           "about 1.4 s of a core per grade); fewer answer sooner and judge more roughly")
    play.set_defaults(func=cmd_play)

    lessons = sub.add_parser("lessons", help="open JupyterLab on your own copy of the lessons")
    lessons.add_argument("--port", type=_port, default=8888, help="a TCP port, 1 to 65535 (default 8888)")
    lessons.add_argument("--no-browser", action="store_true", help="do not open a browser")
    lessons.add_argument("--dir", default=None, metavar="D",
                         help="the folder of your copy of the lessons (default: 'lessons' in the user data "
                              "directory, or $HEARTS_TUTOR_DATA_DIR/lessons); copied there once, and your "
                              "edits are never overwritten")
    lessons.set_defaults(func=cmd_lessons)

    ref = sub.add_parser("referee", help="check hand records (JSON Lines) and report legal cards and points")
    ref.add_argument("file", nargs="?", default="-", help="a JSON Lines file, or - for standard input")
    ref.set_defaults(func=cmd_referee)

    tour = sub.add_parser("tournament", help="bots play many hands; mean points per hand with 95%% CI")
    tour.add_argument("--seats", required=True,
                      help="comma-separated levels, one per seat, e.g. easy,medium,hard,expert")
    tour.add_argument("--hands", type=int, required=True)
    tour.add_argument("--rules", default="standard", help="a preset name")
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--duplicate", action="store_true", help="replay every deal with the seats rotated")
    tour.add_argument("--jobs", type=int, default=1)
    tour.add_argument("--scheduler", default=None, help=SCHEDULER_HELP)
    tour.add_argument("--json", action="store_true")
    tour.set_defaults(func=cmd_tournament)

    rev = sub.add_parser("review", help="the coach's review of one complete hand record")
    rev.add_argument("file", nargs="?", default="-")
    rev.add_argument("--seat", type=_whole, default=0, help="whose side to review (default 0)")
    rev.add_argument("--seed", type=int, default=0)
    rev.add_argument("--scores", type=_scores, default=(),
                     help="the match's scores before the hand, e.g. 40,31,88,60: judge the moves at them")
    rev.add_argument("--json", action="store_true")
    rev.set_defaults(func=cmd_review)

    from .practice.cli import add_parser as add_puzzles

    add_puzzles(sub)

    bench = sub.add_parser("bench", help="speed benchmarks")
    bench.add_argument("what", choices=["engine", "equity"])
    bench.add_argument("step", nargs="?", default=None,
                       choices=["hands", "games", "build", "calibrate", "speed", "all"],
                       help="equity only: one step of the game-win model (default: all of them, each resumed)")
    bench.add_argument("--seconds", type=_seconds, default=3.0)
    bench.add_argument("--hands", type=_positive, default=1072, help="equity: self-play hands for the model")
    bench.add_argument("--games", type=_positive, default=257, help="equity: held-out games to test it on")
    bench.add_argument("--sims", type=_positive, default=1500, help="equity: simulated games per table point")
    bench.add_argument("--data", default="benchmarks/equity_data", help="equity: where the self-play records are")
    bench.add_argument("--json", action="store_true")
    bench.set_defaults(func=cmd_bench)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
