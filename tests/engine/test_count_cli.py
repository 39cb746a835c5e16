"""The count lab's commands (``freebet-charts eor``, ``counts``, ``edge``, ``indices``, ``ramp``,
``risk``, ``build --counts``), the index chart, and the bet ramp's arithmetic."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from matplotlib import image

from strategy_charts.__main__ import main
from strategy_charts.counting.player import ShoeRun
from strategy_charts.counting.ramp import kelly_ramp, measured, predicted, risk_of_ruin
from strategy_charts.counting.risk import Walk


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    """Run one command with --json and parse what it printed."""
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_eor_and_counts_of_a_preset(capsys: pytest.CaptureFixture[str]) -> None:
    eor = run_json(capsys, "eor", "--preset", "pot-of-gold")
    assert len(eor["main"]) == 10 and set(eor["wagers"]) == {"pot_of_gold"}
    assert "scaled to one deck" in eor["convention"]
    counts = run_json(capsys, "counts", "--preset", "evolution")
    assert counts["trained"] == ["hilo", "freebet", "ko"]
    assert counts["search"]["level1"][0]["tags"] == [-1, 1, 1, 1, 1, 1, 0, 0, 0, -1]
    assert main(["counts", "--preset", "evolution"]) == 0
    text = capsys.readouterr().out
    assert "*Hi-Lo" in text and "best level-2 tags" in text


@pytest.mark.slow
def test_edge_and_indices(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    edge = run_json(capsys, "edge", "--preset", "evolution", "--count", "freebet")
    assert set(edge["edges"]) == {str(t) for t in range(-10, 11)}
    assert edge["method"]["samples_per_bin"] == [2, 1, 1] and edge["method"]["shoes"] >= 100
    assert all(e["chart_se"] >= 0 for e in edge["edges"].values() if "chart" in e)
    out = tmp_path / "hilo.png"
    data = run_json(capsys, "indices", "--preset", "evolution", "--top", "3", "--out", str(out))
    assert len(data["indices"]) == 3 and data["total_gain_per_100"] > 0
    assert all(p["index_sd"] is not None and "gain_se" in p for p in data["indices"])
    assert main(["indices", "--preset", "evolution", "--top", "5"]) == 0
    text = capsys.readouterr().out
    assert "insurance: insure at TC >= +3" in text and "exact" in text and "±" in text
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
    ruin = data["risk_of_ruin"]
    assert 0 <= ruin["diffusion"] <= ruin["diffusion_infinite"] <= 1   # the same horizon beside


def test_neighbouring_seeds_share_no_shoe(capsys: pytest.CaptureFixture[str]) -> None:
    """``ramp --seed S`` and ``--seed S+1`` simulate independent shoes."""
    from strategy_charts.counting.player import shoe_seed
    first = {shoe_seed(5, n) for n in range(200)}
    assert not first & {shoe_seed(6, n) for n in range(200)} and len(first) == 200


def test_risk_prints_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "risk", "--preset", "pot-of-gold", "--count", "hilo", "--ror",
                    "0.05", "--bankroll", "1000000", "--unit", "25", "--rounds", "50000",
                    "--goal", "200000", "--wong", "2")
    for key in ("win_per_100", "sd_per_100", "di", "score", "n0", "certainty_equivalent_per_100"):
        assert key in data, key
    assert data["win_per_100"] > 0 and data["score"] == pytest.approx(data["di"] ** 2)
    need = data["bankroll_for_ror"]["bankroll"]
    walk = Walk(data["win_per_100"] / 100, (data["sd_per_100"] / 10) ** 2)
    assert walk.ruin(need) == pytest.approx(0.05)
    assert 0 < data["ruin"]["trip"]["risk"] <= data["ruin"]["infinite"] < 1
    assert data["goal"]["reached_first"] + data["goal"]["ruined_first"] == pytest.approx(1)
    with pytest.raises(SystemExit) as caught:
        main(["risk", "--preset", "pot-of-gold", "--ror", "1.5"])
    assert caught.value.code == 2 and "argument --ror" in capsys.readouterr().err
    assert main(["risk", "--preset", "evolution", "--wong", "30"]) == 2
    assert "give a true count from -10 to 10" in capsys.readouterr().err


def test_your_own_tags(capsys: pytest.CaptureFixture[str]) -> None:
    """``--tags`` rates a tag set beside the known ones; Hi-Lo's tags name Hi-Lo; tags that
    are no count are refused at once (exit 2)."""
    data = run_json(capsys, "counts", "--preset", "evolution", "--tags", "A:-1,2-7:1,T:-1.5")
    own = "tags(-1,1,1,1,1,1,1,0,0,-1.5)"
    assert own in data["counts"] and data["counts"][own]["betting_correlation"] > 0.5
    hilo = run_json(capsys, "counts", "--tags", "A:-1,2-6:1,T:-1", "--preset", "evolution")
    assert set(hilo["counts"]) == {"hilo", "freebet", "ko", "hiopt1", "hiopt2", "omega2", "zen",
                                   "halves"}
    for tags, said in (("A:-1,2:7", "a tag is a whole number or a half"), ("Q", "VALUE:TAG")):
        with pytest.raises(SystemExit) as caught:
            main(["indices", "--tags", tags])
        assert caught.value.code == 2 and said in capsys.readouterr().err


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


def test_a_trip_s_long_run_sd_is_that_of_whole_shoes() -> None:
    """Rounds that offset each other within a shoe spread a trip less than rounds apart: the
    diffusion formulas of ``ramp`` take the variance of whole shoes' totals per round."""
    ramp = kelly_ramp({t: 0.0 for t in range(-10, 11)}, 1.0, bankroll=1000, unit=25)
    runs = [_run([0, 0], [1.0, -1.0])] * 3 + [_run([0, 0], [1.0, 1.0]),
                                            _run([0, 0], [-1.0, -1.0])]
    seen = measured(ramp, runs)
    assert seen.sd_per_100 == pytest.approx(10 * 25)               # each round +-25
    assert seen.shoe_sd_per_100 == pytest.approx(10 * np.sqrt(2 * 50 ** 2 / 10))
    assert seen.long_run == pytest.approx((0.0, 500.0))
    assert seen.win_se == pytest.approx(100 * np.sqrt(500 / 10))
    assert predicted(ramp, {t: 1 / 21 for t in range(-10, 11)}, {}).long_run[1] == \
        pytest.approx(25 ** 2)


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
    assert Walk(*outcome.per_round).ruin(100) == pytest.approx(
        np.exp(-2 * 5.0 * 100 / (100 * 0.75)), rel=1e-9)
