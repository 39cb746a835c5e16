"""The chart player the simulation tests use (it lives in the engine: the count lab plays with
it too)."""

from strategy_charts.chart_player import ChartPlayer, MissingCell

__all__ = ["ChartPlayer", "MissingCell"]
