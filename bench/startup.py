"""Start to the window and to the first card: seconds from starting the process, as a player meets
them.

    python bench/startup.py [--runs 3] [--page charts] [--json]

Three figures, each the median of ``--runs`` fresh Python processes running the app
(``trainer.ui.app.run``), which print the time of their first paint and of the Flashcards
page's first card, then quit:

- ``first_paint_s``: start to the window's first paint (a fresh profile; ``--page`` opens
  another page instead of Flashcards, without the first card);
- ``first_card_fresh_s``: start to the first card on a first run: empty data, settings and
  cache folders (``HOME`` and the XDG folders in a new temporary folder, so matplotlib's font
  cache is as a fresh machine has it, and the strategy tables' cache is empty); the welcome
  is answered with its defaults as soon as it shows;
- ``first_card_warm_s``: start to the first card on a later launch: a progress file of 2,000
  stored answers (``bench/history.py``'s player, 730 days), the settings saved by an earlier
  launch, which has also left its caches.

Each figure is also given in yardstick units: each start's seconds over the seconds
bench/yardstick.py's loop took just before it, here, so a machine shared with other work
moves the units less than the seconds; the medians of both are printed. Targets on an idle
two-core machine: a fresh first card within 2 s, a warm one within 1 s (about 10 and 5 units;
the exit status is 0 when the units are met). Without a display (no ``DISPLAY`` or
``WAYLAND_DISPLAY``) Qt's offscreen platform is used.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from history import build
from yardstick import yardstick

ROOT = Path(__file__).resolve().parent.parent
FLAGS = {"paint": "--quit-after-show", "card": "--quit-after-first-card"}
CODE = "import sys; from trainer.ui.app import run; sys.exit(run(['freebet-trainer', {flag!r}]))"
#: Seconds on an idle two-core machine, and the yardstick units they are there (the exit
#: status says whether the units were met: a loaded machine is slower in seconds, not units).
TARGETS = {"first_card_fresh_s": 2.0, "first_card_warm_s": 1.0}
UNITS = {"first_card_fresh_s": 10, "first_card_warm_s": 5}
ANSWERS = 2000


def profile_env(home: Path) -> dict[str, str]:
    """The environment of a player whose every folder is inside ``home``."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("FREEBET_TRAINER_DATA", "FREEBET_TABLE_CACHE", "MPLCONFIGDIR")}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / "config"),
               XDG_DATA_HOME=str(home / "data"), XDG_CACHE_HOME=str(home / "cache"))
    if sys.platform.startswith("linux") and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        env["QT_QPA_PLATFORM"] = "offscreen"
    return env


def one_start(home: Path, until: str, page: str | None = None) -> dict[str, float]:
    """Seconds from process start to each moment the app printed ("paint", "card")."""
    env = profile_env(home)
    if page:
        chosen = home / "config" / "freebet-trainer" / "settings.toml"
        chosen.parent.mkdir(parents=True, exist_ok=True)
        chosen.write_text(f'[window]\npage = "{page}"\n')
    started = time.time()
    out = subprocess.run([sys.executable, "-c", CODE.format(flag=FLAGS[until])],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=300,
                         check=True)
    seen = {}
    for line in out.stdout.splitlines():
        word, _, stamp = line.partition(" ")
        if word in ("first-paint", "first-card"):
            seen[word.split("-")[1]] = float(stamp) - started
    if until not in seen:
        raise RuntimeError(f"the app never showed its {until}:\n{out.stdout}\n{out.stderr}")
    return seen


def fresh(until: str, page: str | None = None) -> dict[str, float]:
    """One start on a profile of empty folders."""
    with tempfile.TemporaryDirectory(prefix="freebet-startup-") as home:
        return one_start(Path(home), until, page)


def warm_profile(home: Path) -> None:
    """A profile of 2,000 stored answers whose first launch has run (settings, caches)."""
    data = home / "data" / "freebet-trainer"
    data.mkdir(parents=True)
    build(data / "progress.sqlite3", ANSWERS)
    one_start(home, "card")


def _median(pairs: list[tuple[float, float]]) -> tuple[float | None, float | None]:
    """Median seconds and median yardstick units of (seconds, yardstick) pairs."""
    if not pairs:
        return None, None
    return (statistics.median(s for s, _ in pairs),
            statistics.median(s / unit for s, unit in pairs))


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--page", choices=["flashcards", "shoe", "charts", "progress",
                                           "counting", "settings"])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    cards = not args.page or args.page == "flashcards"
    fresh("paint", args.page)               # warm the disk cache: "cold" means a new process
    paints: list[tuple[float, float]] = []
    fresh_cards: list[tuple[float, float]] = []
    warm_cards: list[tuple[float, float]] = []
    for _ in range(args.runs):              # each start beside a yardstick of its moment
        unit = yardstick()
        seen = fresh("card" if cards else "paint", args.page)
        paints.append((seen["paint"], unit))
        if cards:
            fresh_cards.append((seen["card"], unit))
    if cards:
        with tempfile.TemporaryDirectory(prefix="freebet-startup-warm-") as home:
            warm_profile(Path(home))
            for _ in range(args.runs):
                unit = yardstick()
                warm_cards.append((one_start(Path(home), "card")["card"], unit))
    figures = {"first_paint": _median(paints), "first_card_fresh": _median(fresh_cards),
               "first_card_warm": _median(warm_cards)}
    units = [unit for _, unit in paints + warm_cards]
    report: dict[str, object] = {}
    for name, (seconds, in_units) in figures.items():
        report[f"{name}_s"] = None if seconds is None else round(seconds, 3)
        report[f"{name}_units"] = None if in_units is None else round(in_units, 1)
    report.update(runs=args.runs, page=args.page or "flashcards",
                  yardstick_s=round(statistics.median(units), 4),
                  all_s={name: [round(s, 3) for s, _ in pairs] for name, pairs in
                         (("first_paint", paints), ("first_card_fresh", fresh_cards),
                          ("first_card_warm", warm_cards))})
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for name, (seconds, in_units) in figures.items():
            if seconds is None or in_units is None:
                continue
            target = TARGETS.get(f"{name}_s")
            aim = (f" (target < {target:.0f} s on an idle two-core machine, "
                   f"about {UNITS[f'{name}_s']} units)" if target else "")
            print(f"{name}_s: median {seconds:.3f} s = {in_units:.1f} units{aim}")
        print(f"yardstick: median {statistics.median(units):.4f} s; {args.runs} runs each")
    met = all(report[f"{name}_units"] is None
              or report[f"{name}_units"] < UNITS[f"{name}_s"]  # type: ignore[operator]
              for name in ("first_card_fresh", "first_card_warm"))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
