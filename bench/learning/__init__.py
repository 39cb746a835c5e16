"""The learning bench: how fast does the trainer teach? Simulated learners against schedulers.

It drives the app's real scheduler (:class:`trainer.drills.flashcards.FlashcardSession` in due
mode, the code the Flashcards page uses, unchanged) and four baselines against simulated
learners, and counts how many answers each needs to bring a learner's leak down to a target.
The learners are built apart from the app's memory model (:mod:`trainer.scheduler.memory`): issue
11's learner is one family among many, and the app is never told which one it meets.

The learner (a JSON object of parameters; every key has a default, the defaults are issue 11's
learner):

- **Items** (``"granularity"``): ``"situation"``, one memory item per situation key;
  ``"rule"``, one per fact — the situations with the same stakes, hand class (hard N, soft N,
  pair X), up card and best play share one item, whatever their context and card count (a
  situation whose hands disagree on the best play is an item of its own); ``"row"``, one per
  chart row and column group — stakes x hand class x up cards 2–6 / 7–9 / ten–ace.
- **Memory** (``"model"``): ``"formula"`` (issue 11's): an item never reviewed has R = 0; a
  reviewed one has a stability S (days) and the time of its last review, and after t days
  R = curve(t, S), with ``"curve"``: ``"fsrs4"``, R = (1 + t / (9·S))^−1; ``"power"``,
  R = (1 + F·t/S)^−decay with ``"decay"`` (default 0.5, FSRS-4.5's) and F = 0.9^(−1/decay) − 1,
  so R = 0.9 at t = S; ``"exponential"``, R = base^(t/S) with ``"base"`` (default 0.9). After
  an answer: a first review sets S = s0; recalled, S ← S·(1 + growth·(1 − R)) + s0; not
  recalled, S ← max(s0, lapse·S) (``"s0_days"``, ``"growth"``, ``"lapse"``). With
  ``"difficulty_sigma"`` σ > 0 each item's s0 and growth are both multiplied by its own factor
  e^(σ·z), z standard normal (drawn once per item and seed). ``"fsrs6"``: the item is an
  FSRS-6 card as py-fsrs computes it, with its 21 default parameters or ``"w"``, no learning
  steps, reviewed Good when recalled and Again when not; R is py-fsrs's retrievability (whole
  days elapsed; curve, s0, growth, lapse and σ do not apply).
- **Answering** a situation with recall R of its item: the learner recalls with chance R.
  With ``"confusion"`` c > 0, a situation marked confused with a play (below) that is offered
  is answered with that play with chance c, counted as not recalled, and the mark is cleared
  whenever the situation is asked. Otherwise, with ``"slip"`` p > 0, with chance p it plays an
  offered action uniformly at random (its memory is updated by whether it recalled). Otherwise
  it plays the best play if it recalled, else its ``"prior"``: ``"classic"``, the
  standard-counterpart table's best play mapped onto the offered actions; ``"novice"``, an
  offered action with equal chance (``"lucky": true``) or, with ``"lucky": false``, an offered
  action graded wrong with equal chance (an unrecalled answer is never right by luck).
- **After every answer** the learner sees the right play and its item is updated (above).
  Neighbours of a situation: those with the same context, stakes, hand class and card count
  against the next up card on the chart either side, whose best play (of their likeliest hand)
  differs; with ``"interfere_stakes": true`` also the same situation with the other stakes if
  its best play differs. With ``"interference"`` β > 0 each neighbour's item (other than the
  one answered) has its stability multiplied by 1 − β·(1 − R), R the answered item's recall
  before the answer (learning the cell from R to 1 sets its neighbours back by β of the gain).
  With ``"confusion"`` c > 0 each neighbour is marked confused with the answered situation's
  best play. (For a classic player a neighbour where the classic play is right has no item to
  set back — its habit holds — but it can be confused.)
- **Time** (``"schedule"``): ``"daily"``, ``per_day`` answers a day in one session, one day
  between sessions; ``"irregular"``, sessions of a whole number of answers drawn uniformly from
  ``"per_session"`` [low, high] and a whole number of days between them drawn uniformly from
  ``"gap_days"`` [low, high] (its own random stream per seed). Answers 10 s apart, each with a
  response time of 5 s.
- **Leak**, measured at the start of each session: 100 × Σ over situations of natural
  frequency × (1 − R of its item) × the expected EV that the prior loses there (for a novice
  the mean over the offered actions, or over the wrong ones when not lucky), in main bets per
  100 rounds; a situation marked confused with a play instead loses, on the hands where that
  play is offered, c × what the play loses + (1 − c) × (1 − R) × what the prior loses. Slips
  are not in it (a constant of the learner, whatever the scheduler).
- **Target**: the first session start at which the leak is at most ``target``;
  ``reviews_to_target`` counts the answers given until then. A run goes on to at least 5,000
  answers, and stops at ``max_reviews``.
- **What the app is told** (``"assumed"``): ``"classic"`` or ``"novice"``, the starting-point
  setting; null, the learner's own prior. It may differ from the prior.
- Defaults: ``{"preset": "evolution", "prior": "classic", "granularity": "situation",
  "s0_days": 0.02, "growth": 10, "lapse": 0.3, "per_day": 100, "target": 0.1,
  "max_reviews": 20000, "seeds": 5, "curve": "fsrs4", "decay": 0.5, "base": 0.9,
  "model": "formula", "w": null, "interference": 0, "interfere_stakes": false,
  "confusion": 0, "slip": 0, "lucky": true, "difficulty_sigma": 0, "schedule": "daily",
  "gap_days": [1, 3], "per_session": [30, 200], "assumed": null}``.

The schedulers: ``app`` (the shipped scheduler), ``v0.1`` (the first release's due-mode order,
kept here as the baseline), ``random`` (uniform over situations), ``natural`` (situations at
their natural frequency, as in shoe play) and ``leitner`` (five boxes per situation, intervals
1/2/4/8/16 days); and, asked for by name only, ``app-told`` (the shipped scheduler told the
learner's own memory parameters instead of fitting them: a diagnostic of the queue with a
perfect fit, for learners the app's model can state) and ``app-massed`` (the shipped scheduler
with its interleaving off, every card chosen by worth alone: what keeping chart rows and facts
apart costs or gains). A scheduler (``app-told`` apart) sees
what the app sees — the question it asked, the answer and its times, and the starting-point
setting (``assumed``) — never the learner's memory. The learner draws from its own random
streams, so every scheduler meets the same learner for a seed.

The report, per learner and scheduler: answers to target per seed and their mean (null when a
seed does not reach it), the leak after 500, 1,000, 2,000 and 5,000 answers (at the first
session start after them), the mean leak over the first 5,000 answers (the area under the leak
curve over 5,000); and each scheduler's answers to target over v0.1's and over the best
baseline's (the fewest of random, natural and leitner), per matched seed, with their mean and
95% interval (Student's t over the seeds). A seed the other side does not reach counts at
``max_reviews``, which makes the ratio an upper bound (marked ≤).

Each run of the app's scheduler also ends with the memory model's health check on its answers
(:mod:`.health`): the model fitted to the first 80%, scored on the rest given a day or more
after their card's last by log loss, AUC and RMSE (bins), beside a fixed guess (AVG), a moving
average, FSRS-6 at its defaults and FSRS-6 fitted by fsrs-rs's optimizer to the same 80%, and
the model the app chose at the 80% mark (its own or FSRS-6 fitted, by its own held-out answers
within them) as "chosen"; per learner the figures' means over the seeds, the seeds where
FSRS-6 fitted was chosen, those where the chosen model's log loss was no higher than fitted
FSRS-6's and those where it was not higher by more than the standard error of the difference,
and each seed's in brief (``health`` in the JSON report, a second table in the text one).

Run (inside the environment)::

    .venv/bin/python bench/learning [--learners defaults|families|all|NAME,...]
        [--learner FILE.json ...] [--schedulers app,v0.1,...] [--seeds N] [--json]
        [--plot FILE.png] [--workers N]

The learners by name (:mod:`.families`): ``classic-situation``, ``classic-rule`` and
``novice-rule`` (issue 11's; the novice's target 1.0 within 30,000 answers), then
``classic-FAMILY`` and ``novice-FAMILY`` for each family (power, power-0.2, power-0.3,
power-0.7 (the power curve at those decays), exponential, fsrs6, fsrs6-irregular (FSRS-6's
memory, irregular sessions), interference, interference-stakes, confusion, slip, row,
difficulty, irregular, combined),
``novice-unlucky`` and ``novice-combined-unlucky``, and the wrong starting points
``novice-told-classic`` and ``classic-told-novice``.
"""
