"""The precomputed strategy tables, one file per preset (built by ``python -m strategy_charts build``)."""
