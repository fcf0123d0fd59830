"""Questions the screen asks about a match: read-only answers, exactly what it draws.

The screen never computes a rule. Every query reads a ``Battle`` and asks
``game.rulesets.entaria.rules`` and the engine's own helpers the same questions the
command handlers ask, so an overlay cannot disagree with what a command will do. Nothing
here changes the battle or rolls a die. Results are frozen dataclasses; per-field answers
on large maps are numpy masks indexed [y, x]. An answer holds for the state it was
computed on. Where the engine decides a thing inside a handler without a separate
function, the query repeats the handler's sequence of rules calls and names it.

One module per question: movement (where a move takes a creature), reach (melee reach),
ranges (range bands), targets (the marks on other creatures), templates, scatter,
area_fire (painting area fire, the zones under fire), fog (fog of war), log (the log
under fog), cards (the creature card) and dry_runs (what the engine would accept).
"""
