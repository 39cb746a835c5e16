"""The plan over the sessions to come: its values solve the equation its docstring states, and
read right where the answer is plain (an answer too dear to give, a card never answered)."""

from __future__ import annotations

import math

import pytest

from trainer.scheduler.memory import EXPONENTIAL, RUN_GAP, MemoryParams, Trace
from trainer.scheduler.plan import _LOG_MU, _LOG_S, _R, DISCOUNT, RUNS, Plan, plan

PARAMS = MemoryParams(first=0.02, growth=10.0, lapse=0.3)
GAP = 2.0


def _power(t: float, s: float) -> float:
    return 1.0 / (1.0 + t / (9.0 * s))


def _at(p: Plan, mu: float, s: float, r: float) -> float:
    """The plan's value of a card of stability ``s`` recalled with chance ``r`` (power curve):
    one answered 9s(1/r − 1) days before the session."""
    return p.value(mu, Trace(s, 0.0), 9.0 * s * (1.0 / r - 1.0))


def _run(s: float, length: int) -> float:
    """Stability after the rest of a run: answers from memory just refreshed, by hand."""
    for _ in range(length - 1):
        s = s * (1 + 10.0 * (1 - _power(RUN_GAP, s))) + 0.02
    return s


@pytest.fixture(scope="module")
def two_days() -> Plan:
    return Plan(PARAMS, GAP)


@pytest.mark.parametrize(("i", "j", "k"), [(20, 30, 6), (30, 38, 3), (12, 20, 9), (40, 10, 1)])
def test_each_value_is_its_session_recall_plus_the_best_of_leaving_and_asking(
        two_days: Plan, i: int, j: int, k: int) -> None:
    """V = R + max(γ·V(gap days on), γ·E[V after a run] − mu·run), at states of the grid."""
    s, r, mu = math.exp(_LOG_S[i]), float(_R[j]), math.exp(_LOG_MU[k])
    left = DISCOUNT * _at(two_days, mu, s, 1.0 / (1.0 / r + GAP / (9.0 * s)))
    runs = []
    for length in RUNS:
        hit = _run(s * (1 + 10.0 * (1 - r)) + 0.02, length)
        miss = _run(max(0.02, 0.3 * s), length)
        asked = (r * _at(two_days, mu, hit, _power(GAP, hit))
                 + (1 - r) * _at(two_days, mu, miss, _power(GAP, miss)))
        runs.append(DISCOUNT * asked - mu * length)
    assert _at(two_days, mu, s, r) == pytest.approx(r + max(left, *runs), abs=2e-3)


def test_a_card_too_dear_to_ask_is_worth_its_recall_at_each_session_discounted(
        two_days: Plan) -> None:
    """At the dearest price no answer pays: a firm card's value is the sum of its recall at
    the sessions to come, discounted; on the exponential curve too."""
    dear = math.exp(_LOG_MU[-1])
    for s in (40.0, 400.0):
        alone = sum(DISCOUNT ** n * _power(n * GAP, s) for n in range(2000))
        assert two_days.value(dear, Trace(s, 0.0), 0.0) == pytest.approx(alone, rel=0.01)
    steep = Plan(MemoryParams(0.02, 10.0, 0.3, curve=EXPONENTIAL), GAP)
    alone = sum(DISCOUNT ** n * 0.9 ** (n * GAP / 60.0) for n in range(2000))
    assert steep.value(dear, Trace(60.0, 0.0), 0.0) == pytest.approx(alone, rel=0.01)
    assert two_days.value(dear, None, 0.0) == 0.0     # never answered: never begun


def test_cheap_answers_make_every_card_worth_nearly_all_its_sessions(two_days: Plan) -> None:
    cheap = math.exp(_LOG_MU[0])
    best = 1.0 / (1.0 - DISCOUNT)
    assert 0.8 * best < two_days.value(cheap, None, 0.0) < best
    begun = two_days.value(cheap, Trace(0.05, 0.0), 5.0)      # recall 8% at this session
    assert two_days.value(cheap, None, 0.0) < begun < best
    # and the dearer the answers, the less any card is worth
    prices = [math.exp(m) for m in _LOG_MU]
    values = [two_days.value(mu, Trace(1.0, 0.0), 2.0) for mu in prices]
    assert values == sorted(values, reverse=True)


def test_the_gain_is_the_best_run_s_rise_in_value_per_answer(two_days: Plan) -> None:
    """Recomputed by hand for a card answered once three days ago, now and at the next
    session two days on: the first answer recalled with its chance, the rest of the run from
    memory just refreshed."""
    mu, trace, now = 0.3, Trace(0.8, -3.0), 0.0
    horizon = now + GAP
    r = _power(3.0, 0.8)
    before = two_days.value(mu, trace, horizon)
    rises = []
    for length in RUNS:
        at = now + (length - 1) * RUN_GAP
        after = 0.0
        for chance, s in ((r, 0.8 * (1 + 10.0 * (1 - r)) + 0.02), (1 - r, max(0.02, 0.24))):
            after += chance * two_days.value(mu, Trace(_run(s, length), at), horizon)
        rises.append((after - before) / length)
    assert two_days.gain(mu, trace, now, horizon) == pytest.approx(max(rises), rel=1e-9)
    # a card nearly forgotten gains more from an answer than one just learned firmly
    assert two_days.gain(mu, Trace(0.8, -20.0), now, horizon) > two_days.gain(
        mu, Trace(200.0, -1.0), now, horizon)


def test_a_plan_is_made_once_for_a_memory_and_a_gap() -> None:
    assert plan(PARAMS, GAP) is plan(PARAMS, GAP)
    assert plan(PARAMS, 2.5) is not plan(PARAMS, GAP)
    again = Plan(PARAMS, GAP)
    assert again.value(0.3, Trace(2.0, 0.0), 3.0) == plan(PARAMS, GAP).value(
        0.3, Trace(2.0, 0.0), 3.0)
