"""The learning bench's command (see the package docstring): .venv/bin/python bench/learning."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):          # run as ``python bench/learning``: the package's parent
    sys.path[0] = str(Path(__file__).resolve().parents[1])
    __package__ = "learning"

from learning import __doc__ as SPEC
from learning.families import GROUPS, named
from learning.health import health_text
from learning.report import plot, summarise, table_text
from learning.runs import Run, from_files, job
from learning.teachers import SCHEDULERS, TEACHERS
from strategy_charts.worker_pool import worker_pool


def chosen(names: str, files: Sequence[str]) -> dict[str, dict[str, Any]]:
    """The learners ``--learners`` names (a group or names, comma-separated) and the files."""
    known = named()
    found: dict[str, dict[str, Any]] = {}
    for part in (p for p in names.split(",") if p):
        if part == "all":
            found.update(known)
        elif part == "families":
            found.update({k: v for k, v in known.items() if k not in GROUPS["defaults"]})
        elif part in GROUPS:
            found.update({k: known[k] for k in GROUPS[part]})
        elif part in known:
            found[part] = known[part]
        else:
            raise SystemExit(f"unknown learner {part!r}: one of {sorted(known)} or a group "
                             f"{['all', 'families', *GROUPS]}")
    found.update(from_files(files))
    return found


def bench(found: dict[str, dict[str, Any]], schedulers: Sequence[str], workers: int,
          earlier: dict[str, Any] | None = None
          ) -> tuple[dict[str, Any], dict[str, dict[str, list[Run]]]]:
    """Run every learner against every scheduler and seed; the JSON report and the runs
    (``earlier``: a report whose other schedulers' results are taken as they are)."""
    jobs = [(name, params, s, seed) for name, params in found.items() for s in schedulers
            for seed in range(int(params["seeds"]))]
    got: dict[str, dict[str, dict[int, Run]]] = defaultdict(lambda: defaultdict(dict))
    with worker_pool(workers) as pool:   # its workers end with the bench
        for name, scheduler, seed, result in pool.map(job, jobs):
            got[name][scheduler][seed] = result
    runs = {name: {s: [by_seed[k] for k in sorted(by_seed)] for s, by_seed in got[name].items()}
            for name in found}
    before = (earlier or {}).get("learners", {})
    report = {"learners": {name: {"params": params, "schedulers": summarise(
        runs[name], params, before[name]["schedulers"] if _same(before.get(name), params)
        else None)} for name, params in found.items()}}
    return report, runs


def _same(entry: dict[str, Any] | None, params: dict[str, Any]) -> bool:
    """True when an earlier report's learner is this one, parameter for parameter (its first
    seeds are taken when it ran more)."""
    def plain(p: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in p.items() if k != "seeds"}
    return (entry is not None and plain(entry["params"]) == plain(params)
            and entry["params"]["seeds"] >= params["seeds"])


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(SPEC or "").split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--learners", default="defaults",
                        help="a group (defaults, families, wrong-starts, all) or learner "
                             "names, comma-separated (default: defaults)")
    parser.add_argument("--learner", action="append", default=[], metavar="FILE.json",
                        help="one more learner: a JSON object of parameters")
    parser.add_argument("--schedulers", default=",".join(SCHEDULERS),
                        help="comma-separated schedulers (default: all)")
    parser.add_argument("--seeds", type=int, default=None, help="override every learner's seeds")
    parser.add_argument("--max-reviews", type=int, default=None,
                        help="override every learner's max_reviews")
    parser.add_argument("--plot", metavar="FILE.png", help="draw leak against answers")
    parser.add_argument("--workers", type=int, default=2, help="processes (default: 2)")
    parser.add_argument("--against", metavar="REPORT.json",
                        help="take the schedulers not run from this earlier --json report "
                             "(for learners with the same parameters)")
    args = parser.parse_args(argv)
    found = chosen(args.learners if not args.learner or args.learners != "defaults" else "",
                   args.learner)
    for name, params in found.items():
        if args.seeds is not None:
            params["seeds"] = args.seeds
        if args.max_reviews is not None:
            params["max_reviews"] = args.max_reviews
        found[name] = params
    schedulers = [s for s in args.schedulers.split(",") if s]
    unknown = set(schedulers) - set(TEACHERS)
    if unknown:
        parser.error(f"unknown schedulers {sorted(unknown)}")
    start = time.perf_counter()
    earlier = json.loads(Path(args.against).read_text()) if args.against else None
    report, runs = bench(found, schedulers, args.workers, earlier)
    report["seconds"] = round(time.perf_counter() - start, 1)
    if args.plot:
        plot(runs, report, args.plot)
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        # bench/, on the path as the package's parent
        from yardstick import yardstick

        print(table_text(report))
        checks = health_text(report)
        if checks.count("\n") > 3:
            print("\n" + checks)
        print(f"\n{report['seconds']} s = {report['seconds'] / yardstick():.1f} yardstick units")
    return 0


if __name__ == "__main__":
    sys.exit(main())
