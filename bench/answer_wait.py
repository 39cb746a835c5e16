"""What a player waits for after answering at a live shoe with perfect play on.

`ShoePractice.answer` grades the decision against the chart and against the cards not yet
seen (the engine's exact values: a live hand's grade, up to about 10 ms at the Pot of Gold
table), records it and runs the round on. The live grade is started when the decision is dealt
(`trainer/teaching/ahead.py`) and picked up by the answer; here each decision of a seeded shoe
is answered after ``--think`` ms (a player takes far longer), and the answer's wall time is
timed with the grade started ahead and, for the same decisions, with it worked out at the
answer (as before it was started ahead).

Run: .venv/bin/python bench/answer_wait.py [--preset pot-of-gold] [--rounds 60] [--think 30]
     [--seed 7]
"""

from __future__ import annotations

import argparse
import statistics
import time

from yardstick import yardstick


def waits(preset_name: str, rounds: int, think: float, seed: int, ahead: bool) -> list[float]:
    """Seconds each answer took, wall clock, over ``rounds`` rounds of the seeded shoe played by
    the chart (the grade started ahead or not)."""
    from trainer.drills.shoe_practice import ShoePractice, ShoeSettings, table_policy
    from trainer.rules import preset
    from trainer.teaching.grading import PerfectPlayGrader

    prepare = PerfectPlayGrader.prepare
    if not ahead:
        PerfectPlayGrader.prepare = lambda self, spot, unseen: None  # type: ignore[method-assign]
    try:
        practice = ShoePractice(preset(preset_name),
                                ShoeSettings(perfect_play=True, bankroll=None), seed=seed)
        policy = table_policy(practice.table_grader)
        found: list[float] = []
        for _ in range(rounds):
            if practice.finished:
                break
            practice.deal()
            while practice.awaiting:
                assert practice.round is not None
                action = policy(practice.round)
                time.sleep(think / 1000)
                start = time.perf_counter()
                practice.answer(action)
                found.append(time.perf_counter() - start)
        return found
    finally:
        PerfectPlayGrader.prepare = prepare  # type: ignore[method-assign]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="pot-of-gold")
    parser.add_argument("--rounds", type=int, default=60)
    parser.add_argument("--think", type=float, default=30.0, metavar="MS",
                        help="how long the player takes to answer each decision")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    unit = yardstick()
    print(f"{args.preset}, {args.rounds} rounds of seed {args.seed}, each decision answered "
          f"after {args.think:g} ms (yardstick {unit:.3f} s)")
    waits(args.preset, 1, args.think, args.seed, True)          # the engine's set-up
    for ahead, label in ((True, "grade started when dealt"), (False, "grade worked out at "
                                                               "the answer")):
        found = waits(args.preset, args.rounds, args.think, args.seed, ahead)
        median, worst = statistics.median(found), max(found)
        print(f"  {label}: {len(found)} answers, median {median * 1000:.2f} ms "
              f"({median / unit * 1000:.3f} milli-units), worst {worst * 1000:.2f} ms "
              f"({worst / unit * 1000:.3f} milli-units)")


if __name__ == "__main__":
    main()
