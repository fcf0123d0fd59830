"""The WRS catalogue data file (TOML), shipped as package data."""
