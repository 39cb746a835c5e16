"""The count lab on a Dask cluster: the same lab on 1, 2 and 4 local workers, the speed-up and
efficiency, and the time of a lab built to a finer precision.

Each cluster is local (loopback, one thread a worker), started before its build and stopped
after it, as ``freebet-charts indices --workers N`` does; the build is the whole lab table
(``build_lab``), and its part that the workers run, the shoes valued exactly, is given apart
(the rest of the build, fits and resamples, runs in this process whatever the workers). Speed-up
is the 1-worker time over the N-worker time; efficiency is the speed-up over N. The labs built
must be the same bytes on every cluster (checked: a cluster changes how fast, never what).

A machine has as many useful workers as idle cores: on two cores, 4 workers can show the
overhead of more workers than cores, not a speed-up beyond 2 (efficiency at most 0.5). The goal
of 0.8 at 4 workers needs 4 idle cores.

``--precision T`` also times the lab built to an index spread of T TC on the default pool (all
cores; the shoes grow as (0.5 / T)²; 0.1 is 25 times the shoes). Every figure is in seconds and
in yardstick units (``bench/yardstick.py``, before and after; the mean is used).

Run: .venv/bin/python bench/cluster.py [--preset pot-of-gold] [--workers 1,2,4]
     [--samples 2,1,1] [--decks N] [--replicates N] [--precision 0.1 | --precision '']
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from dataclasses import replace

from folders import keep_to_temporary_folders
from yardstick import yardstick

from strategy_charts.cluster import local_cluster
from strategy_charts.counting.lab import build_lab, default_workers
from strategy_charts.counting.lab_build import REPLICATES, SAMPLES
from strategy_charts.counting.precision import shoes_factor
from strategy_charts.tables import encode
from trainer.rules import PRESETS, RuleSet, preset

VALUED = "shoes valued exactly"


def timed_lab(rules: RuleSet, workers: int, samples: int | Sequence[int], replicates: int
              ) -> tuple[float, float, int, bytes]:
    """Seconds of the whole build and of its shoes valued, on a local cluster of ``workers``,
    the shoes valued and the table's bytes."""
    phases: dict[str, float] = {}
    with local_cluster(workers) as executors:
        start = time.perf_counter()
        lab = build_lab(rules, samples, workers=executors, phases=phases,
                        replicates=replicates)
        took = time.perf_counter() - start
    valued = next(seconds for part, seconds in phases.items() if VALUED in part)
    return took, valued, lab["method"]["shoes"] + 11, encode(lab)


def main() -> None:
    keep_to_temporary_folders()      # tables built here never go to the user's cache
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", default="pot-of-gold", choices=sorted(PRESETS))
    parser.add_argument("--workers", default="1,2,4", help="cluster sizes (comma-separated)")
    parser.add_argument("--samples", default=None,
                        help="shoes per stratum of each stratifying count, e.g. 2,1,1 "
                             "(default: the lab's own)")
    parser.add_argument("--decks", type=int, default=None,
                        help="the preset with this many decks instead (a quick run: 1)")
    parser.add_argument("--replicates", type=int, default=REPLICATES)
    parser.add_argument("--precision", default="0.1",
                        help="also time a lab built to this index spread in TC ('' for none)")
    args = parser.parse_args()
    samples = SAMPLES if args.samples is None else tuple(int(k) for k in args.samples.split(","))
    rules = preset(args.preset)
    if args.decks is not None:
        rules = replace(rules, name=f"{rules.name}, {args.decks} decks", decks=args.decks)
    sizes = [int(n) for n in args.workers.split(",") if n]
    before = yardstick()
    runs = {n: timed_lab(rules, n, samples, args.replicates) for n in sizes}
    fine: tuple[float, float, int] | None = None
    if args.precision:
        target = float(args.precision)
        start = time.perf_counter()
        lab = build_lab(rules, workers=default_workers(), precision=target,
                        replicates=args.replicates)
        fine = (target, time.perf_counter() - start, lab["method"]["shoes"] + 11)
    after = yardstick()
    unit = (before + after) / 2
    print(f"yardstick {before:.3f} s before, {after:.3f} s after; {os.cpu_count()} cores")
    base = runs[sizes[0]]
    same = len({run[3] for run in runs.values()}) == 1
    for n, (took, valued, shoes, _) in runs.items():
        speed, part = base[0] / took * sizes[0], base[1] / valued * sizes[0]
        print(f"{rules.name} lab on {n} local Dask workers: {took:.1f} s = {took / unit:.0f} "
              f"yardstick units ({shoes:,} shoes valued in {valued:.1f} s = "
              f"{valued / unit:.0f} units); speed-up {speed:.2f} (efficiency {speed / n:.2f}), "
              f"shoes alone {part:.2f} (efficiency {part / n:.2f})")
    print("the labs built on every cluster are the same bytes: " + ("yes" if same else "NO"))
    if fine is not None:
        target, took, shoes = fine
        print(f"{rules.name} lab to ±{target:g} TC ({shoes_factor(target)} times the shoes, "
              f"{shoes:,} valued) on the default pool ({default_workers()} processes): "
              f"{took:.1f} s = {took / unit:.0f} yardstick units")


if __name__ == "__main__":
    main()
