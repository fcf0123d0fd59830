"""WRS, the alternative grid combat rules (rules/wrs.md, W- IDs): so far the pure rules.

Not registered as a ruleset yet: it is not playable (issue 14).
"""
