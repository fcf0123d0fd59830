"""The Genesis ruleset (2-second combat rounds, d100 tests); only its pure rules so far."""
