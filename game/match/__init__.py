"""The content catalogues: weapons, armour, creatures, terrain kinds as TOML data."""
