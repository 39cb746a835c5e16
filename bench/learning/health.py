"""The memory model's health check per learner, as the srs-benchmark scores a model.

Each run of the app's scheduler ends with the check the app makes from a whole history
(:func:`trainer.scheduler.fitting.fit_against_fsrs6`): the model fitted to the first 80% of the
answers, scored on the latest 20% given a day or more after their card's last, by log loss,
AUC and RMSE (bins), beside a fixed guess (AVG), a moving average, FSRS-6 at its defaults and
FSRS-6 fitted to the same first 80%. The model the app chose at the 80% mark (by its own
held-out answers within them: the trainer's own or FSRS-6 fitted) is scored as "chosen". Per
learner: each figure's mean over the seeds, how often FSRS-6 fitted was chosen, in how many
seeds the chosen model had a log loss no higher than fitted FSRS-6's, and in how many not
higher by more than the standard error of the difference (two models a few nats apart on
600 answers are within the noise of which answers came); each seed's in brief.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from trainer.scheduler.health import MODELS

from .runs import Run

#: The models' names in the table.
WORDS = {"model": "trainer", "avg": "AVG", "moving_avg": "moving avg", "fsrs6": "FSRS-6",
         "fsrs6_fitted": "FSRS-6 fitted"}


def summary(seeds: Sequence[Run]) -> dict[str, Any] | None:
    """The mean of each model's figures over the seeds with a check (None: no seed had one),
    the held-out answers scored and given the same day, and the seeds where the trainer's
    log loss was no higher than fitted FSRS-6's (of those where FSRS-6 was fitted), the
    chosen model's figures and the seeds where it was FSRS-6 fitted."""
    checks = [r.health for r in seeds if r.health is not None and r.health["held_out"] > 0]
    if not checks:
        return None
    out: dict[str, Any] = {
        "seeds": len(checks),
        "held_out": sum(c["held_out"] for c in checks) / len(checks),
        "same_day": sum(c["same_day"] for c in checks) / len(checks)}
    for name in MODELS:
        got = [c["figures"][name] for c in checks if c["figures"].get(name) is not None]
        out[name] = ([round(sum(g[i] for g in got) / len(got), 4) for i in range(3)]
                     if got else None)
    fitted = [c for c in checks if c["figures"].get("fsrs6_fitted") is not None]
    out["trainer_not_worse_than_fitted"] = [
        sum(c["figures"]["model"][0] <= c["figures"]["fsrs6_fitted"][0] for c in fitted),
        len(fitted)]
    chosen = [c["figures"][c.get("uses", "model")] for c in checks]
    out["chosen"] = [round(sum(g[i] for g in chosen) / len(chosen), 4) for i in range(3)]
    out["chose_fitted"] = sum(c.get("uses") == "fsrs6_fitted" for c in checks)
    out["chosen_not_worse_than_fitted"] = [
        sum(c["figures"][c.get("uses", "model")][0] <= c["figures"]["fsrs6_fitted"][0]
            for c in fitted), len(fitted)]
    within = [c for c in fitted if c.get("margin") is not None]
    out["chosen_not_worse_beyond_se"] = [sum(not _worse(c) for c in within), len(within)]
    out["per_seed"] = [_seed(c) for c in checks]
    return out


def _worse(check: dict[str, Any]) -> bool:
    """True when the model chosen had a log loss higher than fitted FSRS-6's by more than the
    standard error of the difference (the trainer's own chosen; FSRS-6 fitted is itself)."""
    gap, error = check["margin"]
    return check.get("uses", "model") == "model" and gap > error


def _seed(check: dict[str, Any]) -> dict[str, Any]:
    """One seed's check in brief: the model chosen, its log loss and fitted FSRS-6's, and the
    trainer's own less fitted FSRS-6's with its standard error."""
    fitted = check["figures"].get("fsrs6_fitted")
    return {"uses": check.get("uses", "model"),
            "chosen": check["figures"][check.get("uses", "model")][0],
            "fitted": None if fitted is None else fitted[0], "margin": check.get("margin")}


def health_text(report: dict[str, Any]) -> str:
    """The checks as a Markdown table: per learner, each model's log loss / AUC / RMSE (bins)
    on the same held-out answers (the app's scheduler's runs), mean over the seeds."""
    head = ["learner", "held-out (same day)", *(WORDS[m] for m in MODELS), "chosen",
            "chose fitted (seeds)", "chosen ≤ fitted (seeds)",
            "chosen not worse beyond its SE (seeds)"]
    lines = ["log loss / AUC / RMSE (bins) on the held-out answers a day or more after the "
             "card's last (the app's runs, mean over seeds)", "",
             "| " + " | ".join(head) + " |", "|---" * len(head) + "|"]
    for name, entry in report["learners"].items():
        got = entry["schedulers"].get("app", {}).get("health")
        if got is None:
            continue
        cells = [name, f"{got['held_out']:.0f} ({got['same_day']:.0f})"]
        for model in MODELS:
            figures = got[model]
            cells.append("—" if figures is None else
                         f"{figures[0]:.3f} / {figures[1]:.3f} / {figures[2]:.3f}")
        figures = got.get("chosen")
        cells.append("—" if figures is None else
                     f"{figures[0]:.3f} / {figures[1]:.3f} / {figures[2]:.3f}")
        cells.append(f"{got.get('chose_fitted', 0)} of {got['seeds']}")
        better, of = got.get("chosen_not_worse_than_fitted", got["trainer_not_worse_than_fitted"])
        cells.append(f"{better} of {of}")
        within = got.get("chosen_not_worse_beyond_se")
        cells.append("—" if within is None else f"{within[0]} of {within[1]}")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
