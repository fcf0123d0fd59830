"""Kampfkarte: a battle map for the ENTARIA tabletop RPG."""

__version__ = "0.1.0"
