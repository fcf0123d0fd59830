"""Kampfkarte content layer (not built yet)."""
