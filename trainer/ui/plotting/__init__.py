"""matplotlib pieces the Strategy charts and Progress pages share: the charts' frames (axes kept
between draws) and their light or dark look."""
