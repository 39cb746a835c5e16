"""What the memory fit makes of one simulated learner: each forgetting curve's best fit and
likelihood, and the size of the kept picture of its memory.

Teaches a learner of the learning bench (:mod:`learning.families`, by name) with the app's
scheduler up to ``--answers`` answers, then fits its answers on the fit's grid with each curve
alone (the likelihood gap says whether the answers tell the curves apart) and encodes the
picture a due-mode session would keep (every card's trace and the fit state of every card
mapping), timing the fit state's replay.

Run: .venv/bin/python bench/memory_probe.py LEARNER [--answers N] [--seed K]
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from folders import keep_to_temporary_folders
from learning.families import named
from learning.learner import Learner
from learning.runs import ANSWER_GAP_DAYS, RESPONSE_DAYS
from learning.teachers import TEACHERS
from learning.timetable import sessions
from learning.world import world
from yardstick import yardstick

from trainer.scheduler import memory_fit, picture
from trainer.scheduler.fitting import model_of


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("learner", choices=sorted(named()))
    parser.add_argument("--answers", type=int, default=8000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    keep_to_temporary_folders()
    params = named()[args.learner]
    w = world(params["preset"], params["prior"], params["granularity"], bool(params["lucky"]))
    learner, teacher = Learner(w, params, args.seed), TEACHERS["app"](w, params, args.seed)
    given = 0
    for day, count in sessions(params, args.seed):
        if given >= args.answers:
            break
        teacher.start_day(day)
        for i in range(count):
            shown = day + i * ANSWER_GAP_DAYS
            spot, offered = teacher.ask(shown)
            answered = shown + RESPONSE_DAYS
            teacher.tell(spot, learner.answer(spot, offered, answered), answered)
        given += count
    teacher.start_day(day)
    queue = teacher.session.queue
    taught, _, read, _ = model_of(queue.course, teacher.answers, None)
    mappings = taught.mappings()
    print(f"{args.learner}, seed {args.seed}: {len(read):,} answers")
    for curve in memory_fit.CURVES:
        grid = memory_fit.Grid.of(memory_fit.FIRSTS, memory_fit.GROWTHS, memory_fit.LAPSES,
                                  memory_fit.SLIPS, [curve])
        found = memory_fit.fit(read, mappings, grid)
        print(f"  {curve:12s} log-likelihood {found.log_likelihood:10.1f}  {found.params} "
              f"{found.cards}")
    started = time.perf_counter()
    state = memory_fit.FitState.start(list(mappings)).extend(read, mappings)
    replayed = time.perf_counter() - started
    kept = replace(picture.advance(taught, picture.empty(taught, queue.params, queue.mapping),
                                   read), fit_state=state)
    size = len(picture.encode(kept))
    cards = {name: len(r.cards) for name, r in state.replays.items()}
    unit = yardstick()
    print(f"  picture {size / 1e6:.1f} MB ({memory_fit.GRID.first.size:,} candidates; cards "
          f"per mapping {cards}); fit state replayed in {replayed:.2f} s = "
          f"{replayed / unit:.2f} yardstick units")
    return 0


if __name__ == "__main__":
    sys.exit(main())
