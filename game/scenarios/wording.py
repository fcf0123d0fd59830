"""What the scenario runner prints, in German and English: one table of templates.

``Words(language)`` fills a template in that one language (``words("ok", text=...)``);
the runner prints nothing else of its own. Values that are texts per language are taken
in the same language (``game.match.problem_texts.fill``).
"""

from __future__ import annotations

from typing import Final

from game.match.problem_texts import Templates, fill

#: Template key -> language -> template text (same placeholders in each language).
RUNNER_TEMPLATES: Final[Templates] = {
    # --- the lines of a run
    "ok": {"en": "ok {text}{note}", "de": "ok {text}{note}"},
    "fail": {"en": "FAIL: {text}{note}", "de": "FEHLER: {text}{note}"},
    "not_checked": {"en": "not checked: {text} ({why})", "de": "nicht geprüft: {text} ({why})"},
    "summary": {
        "en": "summary: {total}, {ok} ok, {failed} failed",
        "de": "Zusammenfassung: {total}, {ok} ok, {failed} fehlgeschlagen",
    },
    "summary_unchecked": {"en": ", {count} not checked", "de": ", {count} nicht geprüft"},
    "expectations": {"en": "{count} expectations", "de": "{count} Erwartungen"},
    "expectation": {"en": "1 expectation", "de": "1 Erwartung"},
    "header": {
        "en": "scenario {label}: {title} (ruleset {ruleset}, mission {mission}, {dice}, "
        "{commands}{rules})",
        "de": "Szenario {label}: {title} (Regelwerk {ruleset}, Mission {mission}, {dice}, "
        "{commands}{rules})",
    },
    "rules": {"en": "; rules {ids}", "de": "; Regeln {ids}"},
    "dice": {"en": "{count} dice", "de": "{count} Würfel"},
    "die": {"en": "1 die", "de": "1 Würfel"},
    "commands": {"en": "{count} commands", "de": "{count} Befehle"},
    "command_one": {"en": "1 command", "de": "1 Befehl"},
    "invalid_file": {
        "en": "kampfkarte scenario: {path} is not a valid scenario (see above)",
        "de": "kampfkarte scenario: {path} ist kein gültiges Szenario (siehe oben)",
    },
    # --- the commands
    "start_initiative": {
        "en": "the start of the fight (initiative)",
        "de": "der Beginn des Kampfes (Initiative)",
    },
    "start": {"en": "the start of the fight", "de": "der Beginn des Kampfes"},
    "stopped_program": {
        "en": "{where} stopped the program: {error}",
        "de": "{where} hat das Programm angehalten: {error}",
    },
    "program_error": {
        "en": "{kind}: {error} (a program error; please report it with this scenario)",
        "de": "{kind}: {error} (ein Programmfehler; bitte mit diesem Szenario melden)",
    },
    "expected_applied": {
        "en": "expected {where} to be applied, got refused: {reason}",
        "de": "erwartet: {where} wird ausgeführt, aber abgelehnt: {reason}",
    },
    "refused_ok": {
        "en": "{where} refused ({wanted!r}): {reason}",
        "de": "{where} abgelehnt ({wanted!r}): {reason}",
    },
    "refused_otherwise": {
        "en": "expected {where} to be refused with {wanted!r}, got refused: {reason}",
        "de": "erwartet: {where} wird mit {wanted!r} abgelehnt, aber abgelehnt: {reason}",
    },
    "expected_refused": {
        "en": "expected {where} to be refused ({wanted!r}), got it applied",
        "de": "erwartet: {where} wird abgelehnt ({wanted!r}), aber ausgeführt",
    },
    "in_round": {"en": " in round {round}", "de": " in Runde {round}"},
    "ended_before": {
        "en": "{where}: the fight ended before {actor}'s turn{when}",
        "de": "{where}: der Kampf endete vor dem Zug von {actor}{when}",
    },
    "no_turn_in_round": {
        "en": "{where}: {actor} had no turn in round {wanted}; it is round {now} now",
        "de": "{where}: {actor} hatte keinen Zug in Runde {wanted}; jetzt ist Runde {now}",
    },
    "waits_for_gm": {
        "en": "{where}: the fight waits for the game master, not a turn",
        "de": "{where}: der Kampf wartet auf die Spielleitung, nicht auf einen Zug",
    },
    "turns_ran_out": {
        "en": "{where}: {count} turns ended and still not {actor}'s turn",
        "de": "{where}: {count} Züge beendet und noch immer nicht der Zug von {actor}",
    },
    "no_round": {
        "en": "the {ruleset} state has no round to count",
        "de": "der Zustand von {ruleset} hat keine Runde zum Zählen",
    },
    "wrong_die": {
        "en": "{where} rolls a d{sides}, but die {index} of the scenario is {value}, not a "
        "face of a d{sides}",
        "de": "{where} würfelt einen W{sides}, aber Würfel {index} des Szenarios ist {value}, "
        "keine Seite eines W{sides}",
    },
    "dice_ran_out": {
        "en": "{where} needs a d{sides}, but the scenario's {given} dice are used up (the dice "
        "ran out: add the next die to [scenario] dice)",
        "de": "{where} braucht einen W{sides}, aber die {given} Würfel des Szenarios sind "
        "verbraucht (die Würfel reichen nicht: den nächsten Würfel in [scenario] dice "
        "ergänzen)",
    },
    # --- the expectations
    "stopped_at_start": {
        "en": "the commands stopped at the start",
        "de": "die Befehle hielten am Beginn an",
    },
    "stopped_at": {
        "en": "the commands stopped at command {step}",
        "de": "die Befehle hielten bei Befehl {step} an",
    },
    "expected_got": {"en": "expected {text}, got {got}", "de": "erwartet: {text}, aber: {got}"},
    "expected_nothing": {
        "en": "expected {text}, got nothing: {missing}",
        "de": "erwartet: {text}, aber nichts: {missing}",
    },
    "no_event_of_kind": {
        "en": "no {kind} event (kinds seen: {seen})",
        "de": "kein Ereignis {kind} (gesehene Arten: {seen})",
    },
    "none": {"en": "none", "de": "keine"},
    "such_events": {"en": "{count} such events", "de": "{count} solche Ereignisse"},
    "and_more": {"en": " (and {count} more)", "de": " (und {count} weitere)"},
    "events_with": {
        "en": "{count} {kind} event(s), with {shown}{more}",
        "de": "{count} Ereignis(se) {kind}, mit {shown}{more}",
    },
    "no_decision": {
        "en": "no open decision (the fight is over)",
        "de": "keine offene Entscheidung (der Kampf ist vorbei)",
    },
    "dice_left_got": {"en": "{count} left", "de": "{count} übrig"},
    "unrolled": {"en": " ({dice} unrolled)", "de": " ({dice} nicht gewürfelt)"},
    # --- how an expectation reads
    "equals": {"en": "{path} = {value}", "de": "{path} = {value}"},
    "contains": {"en": "{path} contains {value}", "de": "{path} enthält {value}"},
    "lacks": {"en": "{path} lacks {value}", "de": "{path} enthält nicht {value}"},
    "at_least": {"en": "{path} >= {value}", "de": "{path} >= {value}"},
    "at_most": {"en": "{path} <= {value}", "de": "{path} <= {value}"},
    "exists": {"en": "{path} exists", "de": "{path} existiert"},
    "does_not_exist": {"en": "{path} does not exist", "de": "{path} existiert nicht"},
    "by_actor": {"en": " by {actor}", "de": " von {actor}"},
    "with_data": {"en": " with {data}", "de": " mit {data}"},
    "at_start_suffix": {"en": " at the start of the fight", "de": " am Beginn des Kampfes"},
    "in_command": {"en": " in {command}", "de": " in {command}"},
    "an_event": {"en": "an event {kind}", "de": "ein Ereignis {kind}"},
    "no_event": {"en": "no event {kind}", "de": "kein Ereignis {kind}"},
    "count_events": {"en": "{count} x event {kind}", "de": "{count} x Ereignis {kind}"},
    "open_decision_is": {
        "en": "the open decision is {decision}",
        "de": "die offene Entscheidung ist {decision}",
    },
    "all_dice_used": {"en": "all {count} dice used", "de": "alle {count} Würfel verbraucht"},
    "dice_left": {"en": "{count} dice left", "de": "{count} Würfel übrig"},
    "at_start_prefix": {"en": "at the start of the fight: ", "de": "am Beginn des Kampfes: "},
    "after_command": {"en": "after {command}: ", "de": "nach {command}: "},
    "command_label": {"en": "command {step} {label!r}", "de": "Befehl {step} {label!r}"},
    "command_number": {"en": "command {step}", "de": "Befehl {step}"},
    "step_until": {
        "en": "{name} (end turns until {actor}'s turn{when})",
        "de": "{name} (Züge beenden bis zum Zug von {actor}{when})",
    },
    "step_command": {"en": "{name} ({kind} by {who})", "de": "{name} ({kind} von {who})"},
    "the_gm": {"en": "the game master", "de": "die Spielleitung"},
}


class Words:
    """The runner's words in one language ("de" German, anything else English)."""

    def __init__(self, language: str = "en") -> None:
        self.language = "de" if language == "de" else "en"

    def __call__(self, template: str, /, **values: object) -> str:
        """Return ``template`` filled with ``values`` in this language."""
        return fill(RUNNER_TEMPLATES, template, **values)[self.language]

    def count(self, number: int, one: str, many: str) -> str:
        """Return "1 die" / "3 dice" with the templates ``one`` and ``many``."""
        return self(one) if number == 1 else self(many, count=number)
