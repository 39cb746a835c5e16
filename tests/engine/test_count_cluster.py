"""The count lab on any executor: the same values, bit for bit, in this process, on the project's
pool and on a Dask cluster of two local workers (loopback only, one thread each, started and
stopped here); a worker killed mid-run loses no shoe; without Dask's distributed the cluster
options say what to install (exit 2). The precision a player asks sets the shoes."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from strategy_charts import cluster
from strategy_charts.__main__ import main
from strategy_charts.cancelling import Cancelled, Token, running
from strategy_charts.counting.draws import PER_STRATUM, Design
from strategy_charts.counting.lab import lab_ready, load_lab
from strategy_charts.counting.lab_build import build_lab
from strategy_charts.counting.precision import DEFAULT, samples_for, shoes_factor
from strategy_charts.counting.spread import trusted
from strategy_charts.counting.systems import TRAINED
from strategy_charts.counting.values import ShoeValues
from strategy_charts.counting.valuing import BATCH, Executors, Job, value_shoes
from strategy_charts.tables import encode, load_or_build
from trainer.rules import RuleSet, preset

RULES = replace(preset("evolution"), name="one deck", decks=1)


def _jobs(rules: RuleSet, every: int) -> list[Job]:
    drawn = Design(rules).draw(1, 5)
    return [(tuple(int(x) for x in c), d)
            for c, d in zip(drawn.compositions[::every], drawn.card_types[::every],
                            strict=True)]


def _same(one: list[ShoeValues], two: list[ShoeValues]) -> None:
    assert len(one) == len(two)
    for a, b in zip(one, two, strict=True):
        assert a.ev == b.ev and a.wagers == b.wagers
        assert np.array_equal(a.actions, b.actions, equal_nan=True)
        assert np.array_equal(a.probability, b.probability)


@pytest.fixture(scope="module")
def dask_cluster() -> Iterator[Executors]:
    """Two local Dask workers of one thread each, on 127.0.0.1, stopped after the module."""
    pytest.importorskip("distributed")
    with cluster.local_cluster(2) as executors:
        yield executors


def test_values_are_the_same_in_process_on_the_pool_and_on_a_cluster(
        dask_cluster: Executors) -> None:
    rules = RULES
    charts = load_or_build(rules)["charts"]
    jobs = _jobs(rules, 25)
    reports: list[tuple[int, int]] = []
    here = value_shoes(rules, charts, jobs, 1, progress=lambda d, t: reports.append((d, t)))
    _same(here, value_shoes(rules, charts, jobs, 2))
    seen: list[tuple[int, int]] = []
    _same(here, value_shoes(rules, charts, jobs, dask_cluster,
                            progress=lambda d, t: seen.append((d, t))))
    batches = -(-len(jobs) // BATCH)
    assert len(reports) == len(seen) == batches
    assert reports[-1] == seen[-1] == (len(jobs), len(jobs))


def _kill_one_worker_once(pids: Any) -> Any:
    """A progress report that kills one of the given workers (``pids()``) at the first
    report."""
    killed: list[int] = []

    def report(done: int, total: int) -> None:
        if not killed:
            pid = sorted(pids())[0]
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
    report.killed = killed   # type: ignore[attr-defined]
    return report


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_pool_worker_killed_mid_run_loses_no_shoe() -> None:
    """The pool broken by a killed worker: the batches still missing go to a fresh pool."""
    rules = RULES
    charts = load_or_build(rules)["charts"]
    jobs = _jobs(rules, 12)
    here = value_shoes(rules, charts, jobs, 1)
    before = {p.pid for p in multiprocessing.active_children()}   # a cluster's, say
    report = _kill_one_worker_once(lambda: [p.pid for p in multiprocessing.active_children()
                                            if p.pid not in before])
    _same(here, value_shoes(rules, charts, jobs, 2, progress=report))
    assert report.killed


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_dask_worker_killed_mid_run_loses_no_shoe(dask_cluster: Executors) -> None:
    """The scheduler resends a lost worker's tasks (its nanny starts another worker)."""
    rules = RULES
    charts = load_or_build(rules)["charts"]
    jobs = _jobs(rules, 12)
    here = value_shoes(rules, charts, jobs, 1)

    def pids() -> list[int]:
        with dask_cluster() as executor:
            client = executor._client   # type: ignore[attr-defined]
            return list(client.run(os.getpid).values())
    report = _kill_one_worker_once(pids)
    _same(here, value_shoes(rules, charts, jobs, dask_cluster, progress=report))
    assert report.killed


@pytest.mark.slow
def test_a_whole_lab_on_a_cluster_is_the_pool_s_byte_for_byte(dask_cluster: Executors) -> None:
    rules = replace(preset("evolution"), name="two decks", decks=2)
    pool = build_lab(rules, samples=1, workers=2, replicates=4)
    assert encode(build_lab(rules, samples=1, workers=dask_cluster, replicates=4)) == encode(pool)


def test_without_distributed_the_cluster_options_say_what_to_install(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)   # import fails as if not installed
    for option in (["--workers", "2"], ["--scheduler", "tcp://127.0.0.1:1"], []):
        with monkeypatch.context() as env:
            if not option:     # the scheduler named by the environment
                env.setenv(cluster.SCHEDULER_VARIABLE, "tcp://127.0.0.1:1")
            code = main(["edge", "--tags", "A:-1,2-6:1,T:-1", "--precision", "0.3", *option])
        err = capsys.readouterr().err
        assert code == 2, err
        assert cluster.INSTALL in err and "Traceback" not in err
    with pytest.raises(cluster.ClusterError, match="pip install"):   # the app's builds
        monkeypatch.setenv(cluster.SCHEDULER_VARIABLE, "tcp://127.0.0.1:1")
        cluster.default_lab_workers()


def test_the_precision_sets_the_shoes() -> None:
    """A target k times finer than the default takes k² times the shoes per stratum."""
    assert samples_for(0.5) == PER_STRATUM
    assert shoes_factor(0.25) == 4 and shoes_factor(0.1) == 25 and shoes_factor(0.3) == 3
    assert samples_for(0.25) == tuple(4 * k for k in PER_STRATUM)
    with pytest.raises(ValueError, match="finer than the lab takes"):
        shoes_factor(0.001)
    pot = preset("pot-of-gold")      # its wager's extra shoes grow alike
    default = len(Design(pot).draw(PER_STRATUM, 16).weights)
    assert len(Design(pot, 4).draw(samples_for(0.25), 16).weights) == 4 * default


@pytest.mark.parametrize("where", ["pool", "dask"])
def test_a_cancel_stops_the_valuing_on_any_executor(where: str, request: Any) -> None:
    """Cancelled at the first report, the build raises Cancelled there, whatever runs it."""
    rules = RULES
    charts = load_or_build(rules)["charts"]
    jobs = _jobs(rules, 6)
    workers: Any = 2 if where == "pool" else request.getfixturevalue("dask_cluster")
    token, reports = Token(), []

    def report(done: int, total: int) -> None:
        reports.append(done)
        token.cancel()
        token.check()
    with running(token), pytest.raises(Cancelled):
        value_shoes(rules, charts, jobs, workers, progress=report)
    assert len(reports) == 1 < -(-len(jobs) // BATCH)


def test_a_finer_precision_is_a_lab_of_its_own() -> None:
    """A preset's shipped lab serves the default precision; a finer one is built apart."""
    rules = preset("evolution")
    assert lab_ready(rules) and lab_ready(rules, precision=DEFAULT)
    assert not lab_ready(rules, precision=0.25)


@pytest.mark.parametrize("target", [0.5, 0.2])
def test_the_chart_marks_only_the_indices_wider_than_the_precision(target: float) -> None:
    from matplotlib.text import Text

    from strategy_charts.counting.chart import draw_index_chart
    rules, count = preset("evolution"), TRAINED["hilo"]
    part = load_lab(rules)["counts"]["hilo"]
    figure = draw_index_chart(part, load_or_build(rules)["charts"]["real"], rules, count,
                              precision=target)
    texts = [t.get_text() for t in figure.findobj(Text)]
    wider = sum(not trusted(p, target) for p in part["indices"])
    assert wider > 0
    assert any(f"{wider} marked '?'" in t for t in texts), texts
