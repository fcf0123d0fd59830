"""Kampfkarte export layer (not built yet)."""
