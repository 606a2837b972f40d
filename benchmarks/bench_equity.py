"""The game-win model (issue 31): self-play, build, calibrate, time. Every step resumes where it stopped.

    nice -n 15 .venv/bin/python benchmarks/bench_equity.py hands --count 1072     # self-play hands (the model's data)
    nice -n 15 .venv/bin/python benchmarks/bench_equity.py games --count 257      # whole games held out (the test)
    nice -n 15 .venv/bin/python benchmarks/bench_equity.py build --sims 1500      # the tables shipped in the package
    .venv/bin/python benchmarks/bench_equity.py calibrate [--json]                # predicted vs observed, by decile
    .venv/bin/python benchmarks/bench_equity.py speed                             # microseconds per call
    nice -n 15 .venv/bin/python benchmarks/bench_equity.py all --hands 1072 --games 257 --sims 1500   # the lot

``hearts-tutor bench equity`` runs the same steps (``all`` by default).
"""

from __future__ import annotations

import sys

from hearts_tutor.equity.bench import main

if __name__ == "__main__":
    sys.exit(main())
