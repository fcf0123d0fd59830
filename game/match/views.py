"""What the screen draws of a ruleset: small values it lays out without knowing the rules.

The screen (``game/ui``) draws the board itself — fields, walls, doors, the tokens on
their fields — and asks the ruleset's views (``PlayableRuleset.views``) for everything
rule-specific: each creature's token meter and badges (``Piece``), the turn order, the
creature card, the action groups of the open decision, extra panels (ENTARIA's Impuls
pool), the text of a roll in the dice log, the overlays it offers, what a seat sees under
the fog of war, the events said over the map, the command that ends a turn and the game
master's commands. The views answer in the chosen language: the screen passes its
translator (``Texts``).

Everything a player can press is an ``Offer``: its label, whether it is allowed (else
the reason), and what its command needs before it can be sent (``Needs``): nothing, a
creature or a field picked on the map, a choice from a menu, or the screen's own tool
for an action (a path, a template, a placement). The views build the commands
(``Offer.make``); the screen only sends them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray

from game.board.grid import Cell
from game.match.commands import Command
from game.match.effects import Effect
from game.match.events import Event

Colour = tuple[int, int, int]


class Texts(Protocol):
    """The screen's texts in the chosen language: ``t("hud.card.lp", lp=3, max=12)``."""

    @property
    def language(self) -> str:
        """Return the language's code ("de", "en")."""
        ...

    def __call__(self, key: str, **values: Any) -> str:
        """Return the text of ``key`` with ``values`` filled in."""
        ...


class Tone(Enum):
    """How a text or badge stands out; the screen picks the colours."""

    NORMAL = "normal"
    DIM = "dim"  # secondary, implied, not in use
    GOOD = "good"
    BAD = "bad"
    ACCENT = "accent"  # headings, a question to the game master
    HURT = "hurt"  # damage


# ------------------------------------------------------------------- tokens
@dataclass(frozen=True)
class Meter:
    """A creature's meter: a bar (``value`` of ``maximum``: LP, LE) or pips (wounds)."""

    value: int
    maximum: int
    pips: bool = False  # drawn as ``maximum`` pips with ``value`` of them filled
    label: str = ""  # the card's text beside the bar ("LP 12/16")

    @property
    def share(self) -> float:
        """Return the filled part, 0..1."""
        if self.maximum <= 0:
            return 0.0
        return max(0.0, min(1.0, self.value / self.maximum))


@dataclass(frozen=True)
class Mark:
    """A badge on a token: a one- or two-letter code on a coloured tab."""

    #: What the mark stands for (the ruleset's own value; the screen only hands it back).
    key: Hashable
    code: str
    colour: Colour


@dataclass(frozen=True)
class Badge:
    """A labelled pill: a condition on the card or on an initiative chip."""

    label: str
    tone: Tone = Tone.NORMAL  # BAD: drawn in red; DIM: implied by another
    tooltip: str = ""
    key: str = ""  # the screen's name for it (hover and tests)


@dataclass(frozen=True)
class Piece:
    """One creature as the board shows it: the screen adds the colour and the rings."""

    key: str
    name: str
    side: str
    cell: Cell
    size: int  # side of the square footprint in fields
    facing: str  # "N", "NE", ... "NW"
    stance: str  # "standing" | "kneeling" | "prone"
    altitude: int
    life: str  # "ok" | "unconscious" | "dying" | "dead"
    hidden: bool  # drawn faded (hidden from the other sides)
    meter: Meter | None
    marks: tuple[Mark, ...]
    token: str = ""  # the token art's kind (game.match.token_kinds); "": the initials
    image: str = ""  # the mission's own picture, relative to the mission's folder; "": none


# -------------------------------------------------------- turn order, card
@dataclass(frozen=True)
class Chip:
    """A creature in the turn order: its badges and what its tooltip says."""

    key: str
    badges: tuple[Badge, ...]
    tooltip: str


@dataclass(frozen=True)
class TurnOrder:
    """The strip along the top: the round and the creatures in the order they act."""

    label: str  # "Runde 2"
    chips: tuple[Chip, ...]


@dataclass(frozen=True)
class Line:
    """A line of text on the card."""

    text: str
    indent: bool = False
    tone: Tone = Tone.NORMAL
    bold: bool = False


@dataclass(frozen=True)
class Value:
    """A named value in the card's two-column grid (attributes, saves)."""

    label: str
    value: str
    tone: Tone = Tone.NORMAL
    tooltip: str = ""
    key: str = ""


@dataclass(frozen=True)
class Entry:
    """Lines that belong together and share one tooltip (a weapon)."""

    lines: tuple[Line, ...]
    tooltip: str = ""
    key: str = ""


@dataclass(frozen=True)
class CardPart:
    """A heading with a grid of values, entries of lines or badges below it."""

    heading: str
    values: tuple[Value, ...] = ()
    entries: tuple[Entry, ...] = ()
    badges: tuple[Badge, ...] = ()
    empty: str = ""  # said when the section holds nothing


@dataclass(frozen=True)
class Card:
    """The creature card."""

    key: str
    title: str
    side: str
    subtitle: str
    meter: Meter | None
    alert: str  # said in red under the meter ("Tot"), "" when all is well
    summary: str
    sections: tuple[CardPart, ...]


# --------------------------------------------------------- offers, actions
class Needs(Enum):
    """What a command needs before the screen can send it."""

    NOTHING = "nothing"  # ``make(Pick())`` is the command
    CREATURE = "creature"  # a creature clicked on the map
    FIELD = "field"  # a field clicked on the map
    CREATURE_FIELD = "creature_field"  # a creature, then a field (the GM moves a token)
    FIELDS = "fields"  # several fields painted on the map, confirmed at once (``Pick.cells``)
    CHOICE = "choice"  # one of ``choices``, from a menu
    TOOL = "tool"  # the screen's tool for the action ``action`` (paths, templates)


@dataclass(frozen=True)
class Pick:
    """What the player picked for an offer: a creature's key, a field."""

    creature: str | None = None
    cell: Cell | None = None
    cells: tuple[Cell, ...] = ()  # Needs.FIELDS


#: Builds an offer's command from the pick; a string instead is a refusal to show.
Make = Callable[[Pick], Command | str]


@dataclass(frozen=True)
class Offer:
    """Something the player can press: a button, a menu item, an action."""

    key: str  # the screen's name for it (hover, tests): "action:WALK", "gm:lp:+1"
    label: str
    enabled: bool = True
    reason: str = ""  # said when pressed while not enabled
    tooltip: str = ""
    hotkey: str = ""  # a key that starts it ("1".."0" in an action group)
    selected: bool = False
    needs: Needs = Needs.NOTHING
    make: Make | None = None
    choices: tuple[Offer, ...] = ()  # Needs.CHOICE
    #: What the screen asks: the menu's title, or the map pick's prompt(s); a second
    #: prompt of CREATURE_FIELD may name the creature picked first ("{name}").
    prompts: tuple[str, ...] = ()
    columns: int = 1  # of the menu of choices
    action: Hashable = None  # Needs.TOOL: what the screen's tool is started for


@dataclass(frozen=True)
class ActionGroup:
    """One kind of action of the open decision ("HH 2", "Aktion 1/2", "AT 2")."""

    key: str
    label: str
    tooltip: str
    available: bool  # something of this kind is left
    offers: tuple[Offer, ...]


@dataclass(frozen=True)
class Odds:
    """A chance the screen shows before an act: its short figure ("65 %") and the lines
    its hover writes, both in the screen's language."""

    short: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class OfferRow:
    """A row of a panel: an optional text on the left, then its offers."""

    offers: tuple[Offer, ...] = ()
    text: str = ""
    tooltip: str = ""  # the text's
    key: str = ""  # the text's name (hover, tests)


@dataclass(frozen=True)
class PanelView:
    """An extra panel of the sidebar (ENTARIA's Impuls pool)."""

    key: str
    title: str
    rows: tuple[OfferRow, ...]


@dataclass(frozen=True)
class Viewer:
    """Who looks at the screen: their seat's sides, game-master powers, their decision."""

    sides: tuple[str, ...] | None  # None: every side (nobody in particular)
    game_master: bool = False
    decides: bool = False  # the viewer may answer the open decision now


@dataclass(frozen=True)
class OverlayOffer:
    """An overlay of the map the ruleset offers (threat zones, range bands, sight).

    The screen keeps which overlays are switched on by ``key`` and switches one with
    its ``hotkey`` (the name of a key, "R"); the ruleset's map tools draw them.
    """

    key: str
    label: str
    hotkey: str
    shown: bool = False  # switched on when the battle screen opens


class Fog(Protocol):
    """What the players of some sides see under the fog of war."""

    @property
    def visible(self) -> NDArray[np.bool_]:
        """Return the fields they see, a mask [y, x] of the board."""
        ...

    @property
    def creatures(self) -> frozenset[str]:
        """Return the keys of the creatures they may be shown."""
        ...


# ------------------------------------------------------------- the end
@dataclass(frozen=True)
class Standing:
    """How one creature stands when the fight is over (a row of the end screen)."""

    name: str
    side: str  # its side's key
    value: str  # the end screen's number column ("12/16" LP, "2/4" wounds)
    life: str  # "ok" | "unconscious" | "dying" | "dead"
    state: str  # what else holds it, in words ("" : nothing)


@dataclass(frozen=True)
class Result:
    """How a fight ended: the winning side, the rounds fought and every creature."""

    winner: str | None  # a side's key (None: nobody)
    rounds: int | None
    value_heading: str  # the heading of ``Standing.value`` ("LP", "Wunden")
    standings: tuple[Standing, ...]


# -------------------------------------------------------------------- zones
@dataclass(frozen=True)
class ZoneLayout:
    """The zones a ruleset lays over the map: ids[y, x] (-1: none), names, and the zones to
    shade (D-14)."""

    ids: NDArray[np.int32]
    names: tuple[str, ...]
    reachable: frozenset[int] = frozenset()  # zones the creature on turn can move into (shaded)
    current: int | None = None  # the zone of the creature on turn (outlined)


# ---------------------------------------------------------------- dice log
class LogKind(Enum):
    """What a log entry is, for the dice log's filter and look."""

    QUESTION = "question"  # a question to the game master: stands out, has an OK
    DAMAGE = "damage"
    ROLL = "roll"  # carries dice
    ANSWER = "answer"  # the game master's answer
    OTHER = "other"  # shown only when the log shows everything


@dataclass(frozen=True)
class RollText:
    """A roll as the dice log shows it."""

    dice: tuple[int, ...]
    kept: int | None  # the index of the kept die (None: none is marked)
    chips: tuple[tuple[str, Tone], ...]  # modifiers, total, target, result
    tooltip: str
    plain: str  # the roll as plain text after the line


@dataclass(frozen=True)
class LogText:
    """One entry of the dice log in the chosen language."""

    kind: LogKind
    line: str
    roll: RollText | None = None
    die: int | None = None  # a single die shown on its own (a damage roll)


# ------------------------------------------------------------------ views
class Views(Protocol):
    """A ruleset's answers to the screen. ``game`` is the ruleset's own game."""

    def pieces(self, game: Any) -> Mapping[str, Piece]:
        """Return every creature on the board by key."""
        ...

    def on_turn(self, game: Any) -> str | None:
        """Return the creature whose turn it is (or was, when the fight ended)."""
        ...

    def current_round(self, game: Any) -> int | None:
        """Return the number of the round being fought (None: the ruleset counts none,
        this default)."""
        return None

    def turn_order(self, game: Any, t: Texts) -> TurnOrder:
        """Return the round and the creatures in the order they act."""
        ...

    def card(self, game: Any, key: str, t: Texts) -> Card | None:
        """Return the card of creature ``key`` (None: no such creature)."""
        ...

    def action_groups(self, game: Any, t: Texts) -> tuple[ActionGroup, ...]:
        """Return the actions of the open decision, by kind, with the reasons why not."""
        ...

    def told_for_viewer(
        self,
        game: Any,
        groups: tuple[ActionGroup, ...],
        visible: Collection[str] | None,
        t: Texts,
    ) -> tuple[ActionGroup, ...]:
        """Return ``groups`` with their refusals told for a viewer who sees the creatures
        ``visible`` (None: everything); a ruleset that names nothing returns them as given
        (this default)."""
        return groups

    def passes_turn(self, events: Sequence[Event]) -> bool:
        """Return whether ``events`` start another turn or round."""
        ...

    def panel_keys(self) -> tuple[str, ...]:
        """Return the keys of the extra panels of the sidebar (none: this default)."""
        return ()

    def panel(self, game: Any, key: str, viewer: Viewer, t: Texts) -> PanelView:
        """Return the extra panel ``key`` for ``viewer`` (raise KeyError: a ruleset without
        panels, this default)."""
        raise KeyError(f"no panel {key!r}")

    def gm_commands(self, game: Any, subject: str | None, t: Texts) -> tuple[OfferRow, ...]:
        """Return the game master's commands for creature ``subject`` (None: nobody;
        none at all: this default)."""
        return ()

    def overlays(self, t: Texts) -> tuple[OverlayOffer, ...]:
        """Return the overlays of the map the ruleset offers (none: this default)."""
        return ()

    def zone_layout(self, game: Any) -> ZoneLayout | None:
        """Return the zones to draw over the map; None: the ruleset has none (this default)."""
        return None

    def fog(self, game: Any, sides: Collection[str]) -> Fog | None:
        """Return what the players of ``sides`` see together (None: no side given)."""
        ...

    def result(self, game: Any, t: Texts) -> Result:
        """Return how the fight stands (the end screen's winner, rounds and rows)."""
        ...

    def end_turn(self, game: Any) -> Command | None:
        """Return the command that ends the turn of the creature on turn (None: none)."""
        ...

    def refusal(self, reason: str, t: Texts) -> str:
        """Return a refusal of the ruleset's commands in the screen's language."""
        ...

    def notice(self, event: Event, t: Texts) -> str:
        """Return what is said over the map of ``event`` ("": it is only logged)."""
        ...

    def effects(self, game: Any, events: Sequence[Event]) -> tuple[Effect, ...]:
        """Return what the map shows and plays for the events of one command.

        Tracers, damage numbers, misses, falls, blasts and sounds (``game.match.effects``);
        a ruleset without them shows nothing (this default).
        """
        return ()

    def offer_odds(self, game: Any, offer: Offer, target: str | None, t: Texts) -> tuple[str, ...]:
        """Return lines an offer's tooltip adds: its chances against ``target`` (the
        creature selected on the map, None: none), else what is known before a target.

        A ruleset that counts no chances adds nothing (this default).
        """
        return ()

    def map_click(self, game: Any, cell: Cell, creature: str | None, t: Texts) -> Offer | None:
        """Return the offer a left click on ``cell`` makes for the creature on turn.

        ``creature`` is the one the viewer sees there (None: an empty field). The offer
        needs nothing more (its ``make`` gets the click as its ``Pick``); None: the click
        only selects. For a screen without rule-specific map tools; this default: None.
        """
        return None

    # The map tools' hovers (issue 12): the ruleset counts, the tool only writes the
    # lines. ``action``, ``option`` and ``mode`` are the tool's, as the views offered them;
    # a ruleset that counts no chances says nothing (these defaults).

    def attack_odds(
        self,
        game: Any,
        actor: str,
        target: str,
        weapon: str,
        action: Any,
        option: Any,
        melee: bool | None,
        t: Texts,
    ) -> Odds | None:
        """Return the chance of ``actor``'s attack on ``target`` (None: none to show)."""
        return None

    def throw_odds(
        self, game: Any, actor: str, weapon: str, cell: Cell, t: Texts
    ) -> tuple[str, ...]:
        """Return the hover lines of a throw at ``cell`` (nothing where it is refused)."""
        return ()

    def blast_odds(self, game: Any, actor: str, weapon: str, creature: str, t: Texts) -> str:
        """Return what a thrown weapon's blast does to ``creature``, in words ("": nothing)."""
        return ""

    def area_odds(
        self,
        game: Any,
        actor: str,
        weapon: str,
        mode: Any,
        allocation: Mapping[Cell, int],
        t: Texts,
    ) -> tuple[tuple[str, str], ...]:
        """Return (creature, line) for each creature the painted area fire would hit."""
        return ()

    def area_check_odds(
        self, game: Any, actor: str, weapon: str, mode: Any, fields: Sequence[Cell], t: Texts
    ) -> tuple[str, ...]:
        """Return the chance of an area fire's check on ``fields``."""
        return ()

    def leave_reach_odds(self, game: Any, actor: str, running: bool, t: Texts) -> tuple[str, ...]:
        """Return the save a path out of a melee reach asks of ``actor``."""
        return ()

    def repeat_warning(self, game: Any, action: Hashable, t: Texts) -> str:
        """Return the warning that ``action`` now costs the creature on turn more ("": none)."""
        return ""

    def log_for(self, game: Any, sides: Collection[str]) -> list[tuple[int, Event]]:
        """Return (index, event) of the log the players of ``sides`` may read."""
        ...

    def log_kind(self, event: Event) -> LogKind:
        """Return what kind of log entry ``event`` is."""
        ...

    def log_text(self, event: Event, t: Texts) -> LogText:
        """Return the dice log's entry of ``event``."""
        ...

    def open_questions(self, game: Any) -> frozenset[int]:
        """Return the log indices of the questions to the game master not yet answered (a
        ruleset that asks none: this default)."""
        return frozenset()

    def replaced_rolls(self, game: Any) -> frozenset[int]:
        """Return the log indices of rolls a reroll replaced (the log shows them struck).

        A ruleset without rerolls replaces nothing (this default).
        """
        return frozenset()

    def log_details(self, game: Any, index: int, t: Texts) -> tuple[str, ...]:
        """Return the game master's details of log entry ``index``: the roll, its
        modifiers and the rule IDs it used (empty: nothing more to say, this default)."""
        return ()

    def answer(self, game: Any, index: int) -> Command:
        """Return the command that answers the question at log ``index`` (raise KeyError: a
        ruleset that asks none, this default)."""
        raise KeyError(f"no question at log index {index}")
