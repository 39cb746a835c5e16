"""The count lab's commands (``freebet-charts eor``, ``counts``, ``edge``, ``indices``, ``ramp``,
``build --counts``), the index chart, and the bet ramp's arithmetic."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from matplotlib import image

from strategy_charts.__main__ import main
from strategy_charts.counting.player import ShoeRun
from strategy_charts.counting.ramp import (
    diffusion_ruin,
    kelly_ramp,
    measured,
    predicted,
    risk_of_ruin,
)


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    """Run one command with --json and parse what it printed."""
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_eor_and_counts_of_a_preset(capsys: pytest.CaptureFixture[str]) -> None:
    eor = run_json(capsys, "eor", "--preset", "pot-of-gold")
    assert len(eor["main"]) == 10 and set(eor["wagers"]) == {"pot_of_gold"}
    assert "scaled to one deck" in eor["convention"]
    counts = run_json(capsys, "counts", "--preset", "evolution")
    assert counts["trained"] == ["hilo", "freebet"]
    assert counts["search"]["level1"][0]["tags"] == [-1, 1, 1, 1, 1, 1, 0, 0, 0, -1]
    assert main(["counts", "--preset", "evolution"]) == 0
    text = capsys.readouterr().out
    assert "*Hi-Lo" in text and "best level-2 tags" in text


@pytest.mark.slow
def test_edge_and_indices(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    edge = run_json(capsys, "edge", "--preset", "evolution", "--count", "freebet")
    assert set(edge["edges"]) == {str(t) for t in range(-10, 11)}
    assert edge["method"]["samples_per_bin"] >= 2
    out = tmp_path / "hilo.png"
    data = run_json(capsys, "indices", "--preset", "evolution", "--top", "3", "--out", str(out))
    assert len(data["indices"]) == 3 and data["total_gain_per_100"] > 0
    pixels = image.imread(out)
    assert pixels.shape[0] > 600 and np.unique(pixels.reshape(-1, pixels.shape[-1]),
                                               axis=0).shape[0] > 8
    for kind in ("svg", "pdf"):
        assert main(["indices", "--preset", "pot-of-gold", "--out",
                     str(tmp_path / f"x.{kind}")]) == 0
        assert (tmp_path / f"x.{kind}").stat().st_size > 5000
    assert main(["indices", "--preset", "evolution", "--out", str(tmp_path / "x.bmp")]) == 2
    assert "extensions .png, .svg, .pdf" in capsys.readouterr().err
    assert not (tmp_path / "x.bmp").exists()


def test_ramp_simulates_a_few_shoes(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "ramp", "--preset", "evolution", "--bankroll", "200000", "--unit",
                    "25", "--shoes", "8", "--trips", "20", "--rounds", "300", "--wong", "2")
    bets = data["bets"]
    assert bets["-10"] == 0 and bets["1"] == 0 and bets["10"] >= bets["5"] >= 1
    assert 0 < data["predicted"]["played"] < 0.2
    assert data["simulated"]["rounds"] > 0 and 0 <= data["risk_of_ruin"]["simulated"] <= 1


def test_a_rules_file_has_no_shipped_lab(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "r.toml"
    rules.write_text('name = "r"\ndecks = 2\n')
    assert main(["build", "--counts", "--rules", str(rules)]) == 2
    assert "only the presets' count labs ship" in capsys.readouterr().err


def _run(counts: list[int], nets: list[float]) -> ShoeRun:
    zeros = np.zeros(len(nets))
    return ShoeRun(np.array(counts), np.array(nets, float), zeros, zeros)


def test_a_kelly_ramp_and_its_figures() -> None:
    edges = {t: 0.005 * (t - 2) for t in range(-10, 11)}        # positive from +3
    ramp = kelly_ramp(edges, 1.25, bankroll=10_000, unit=25, kelly=0.5, spread=8)
    assert ramp.bet(2) == 1 and ramp.bet(3) == 1                 # 0.5*10000*0.005/1.25/25 = 0.8
    assert ramp.bet(4) == 2 and ramp.bet(10) == 6 and ramp.bet(15) == 6   # 6.4 at +10
    assert kelly_ramp(edges, 1.25, 20_000, 25, 0.5, 8).bet(10) == 8        # 12.8: the spread
    shares = {t: 1 / 21 for t in range(-10, 11)}
    outcome = predicted(ramp, shares, edges)
    bets = np.array([ramp.bet(t) for t in range(-10, 11)])
    win = np.mean(bets * np.array([edges[t] for t in range(-10, 11)])) * 25
    assert outcome.win_per_100 == pytest.approx(100 * win)
    assert outcome.sd_per_100 == pytest.approx(10 * 25 * np.sqrt(np.mean(bets ** 2) * 1.25))
    runs = [_run([0, 10, 10], [1.0, -1.0, 2.0]), _run([10], [-0.5])]
    seen = measured(ramp, runs)
    assert seen.rounds == 4
    assert seen.win_per_100 == pytest.approx(100 * 25 * (1 - 6 + 12 - 3) / 4)
    with pytest.raises(ValueError, match="Kelly fraction"):
        kelly_ramp(edges, 1.25, 10_000, 25, kelly=1.5)


def test_risk_of_ruin_and_sitting_out() -> None:
    edges = {t: 0.01 for t in range(-10, 11)}
    ramp = kelly_ramp(edges, 1.0, bankroll=100, unit=10, kelly=1.0, spread=1, wong=0)
    assert ramp.bet(-1) == 0 and ramp.bet(0) == 1
    losing = [_run([0] * 20, [-1.0] * 20)]
    assert risk_of_ruin(ramp, losing, rounds=40, trips=5) == 1.0
    winning = [_run([0] * 20, [1.0] * 20)]
    assert risk_of_ruin(ramp, winning, rounds=40, trips=5) == 0.0
    sat_out = [_run([-3] * 10 + [0] * 10, [-1.0] * 10 + [1.0] * 10)]
    assert risk_of_ruin(ramp, sat_out, rounds=40, trips=5) == 0.0
    assert measured(ramp, sat_out).played == 0.5
    outcome = measured(ramp, [_run([0, 0, 0, 0], [1.0, -1.0, 1.0, 1.0])])
    assert diffusion_ruin(outcome, 100) == pytest.approx(
        np.exp(-2 * 5.0 * 100 / (100 * 0.75)), rel=1e-9)
