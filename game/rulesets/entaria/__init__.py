"""ENTARIA, full grid combat rules (rules/entaria.md, E- IDs): the pure rules, the
engine and its command handlers, the screen's queries, the built-in opponent, the
catalogue and the Ruleset object (``ENTARIA``).
"""
