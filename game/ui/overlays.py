"""Overlays from the rules drawn over the map (STUB: the overlays helper fills this in)."""
