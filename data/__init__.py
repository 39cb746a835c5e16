"""The precomputed strategy tables, one file per preset (``python -m strategy_charts build``)."""
