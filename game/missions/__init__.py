"""Kampfkarte missions layer (not built yet)."""
