"""Safe XML for Tiled's TMX and TSX files: no DTD, no entity, bounded nesting, located.

Any ``<!ENTITY`` and any ``<!DOCTYPE`` is refused before parsing (a text check) and
while parsing (parser handlers), so nothing can expand and no outside file is read.
The one exception is the line old Tiled versions wrote, ``<!DOCTYPE map SYSTEM
"http://mapeditor.org/dtd/1.0/map.dtd">`` (``map`` or ``tileset``, a system id, no
internal subset): harmless, since the external DTD is never read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from xml.parsers import expat
from xml.parsers.expat import XMLParserType

from game.match.problems import MissionError, problem_of
from game.missions.loader_texts import mission_say
from game.missions.paths import decode_utf8, line_column
from game.missions.tiled_model import Where

#: Deepest XML element nesting (and group-layer nesting) accepted.
MAX_XML_DEPTH = 64
_FORBIDDEN_XML = (b"<!DOCTYPE", b"<!ENTITY")
#: The document type line of old Tiled files: a name, a system id, no internal subset.
_TILED_DOCTYPE = re.compile(
    rb"""<!DOCTYPE[ \t\r\n]+(?:map|tileset)[ \t\r\n]+SYSTEM[ \t\r\n]+"""
    rb"""(?:"[^"<>\[\]]{0,200}"|'[^'<>\[\]]{0,200}')[ \t\r\n]*>"""
)


@dataclass
class Node:
    """An XML element with the place it starts at."""

    tag: str
    attrs: dict[str, str]
    line: int
    column: int
    children: list[Node] = field(default_factory=list)
    text_parts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(self.text_parts)

    def find_all(self, tag: str) -> Iterator[Node]:
        return (child for child in self.children if child.tag == tag)

    def find(self, tag: str) -> Node | None:
        return next(self.find_all(tag), None)


class _Forbidden(Exception):
    pass


def parse_xml(data: bytes, *, path_label: str) -> Node:
    """Return the root element of XML bytes; raise MissionError if unsafe or malformed.

    DTDs and entity declarations are refused before parsing (a text check) and while
    parsing (parser handlers), so nothing can expand or load outside files.
    """
    _refuse_declarations(data, path_label)
    decode_utf8(data, path_label=path_label, what="XML")  # expat's own messages are vaguer
    parser = expat.ParserCreate(encoding="UTF-8")  # checked above; the declaration is ignored
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.buffer_text = True
    tree = _TreeBuilder(parser)
    parser.StartDoctypeDeclHandler = tree.doctype
    parser.EntityDeclHandler = tree.forbid
    parser.ExternalEntityRefHandler = tree.forbid  # type: ignore[assignment]
    parser.SkippedEntityHandler = tree.forbid  # an entity the (unread) DTD might define
    parser.StartElementHandler = tree.start
    parser.EndElementHandler = tree.end
    parser.CharacterDataHandler = tree.characters
    try:
        parser.Parse(data, True)
    except expat.ExpatError as exc:
        message = mission_say("xml_not_well_formed", detail=expat.ErrorString(exc.code))
        raise MissionError(
            [problem_of(path_label, message, line=exc.lineno, column=exc.offset + 1)]
        ) from None
    except _Forbidden as exc:
        message = mission_say("xml_forbidden", detail=exc)
        line, column = parser.CurrentLineNumber, parser.CurrentColumnNumber + 1
        raise MissionError([problem_of(path_label, message, line=line, column=column)]) from None
    if not tree.roots:
        raise MissionError([problem_of(path_label, mission_say("xml_no_root"))])
    return tree.roots[0]


def _refuse_declarations(data: bytes, path_label: str) -> None:
    """Raise MissionError at the first DOCTYPE or ENTITY in the text, before any parsing.

    Old Tiled's one ``<!DOCTYPE map SYSTEM "...">`` line is let through (only the first
    DOCTYPE, only in that exact form).
    """
    upper = data.upper()
    for marker in _FORBIDDEN_XML:
        at = upper.find(marker)
        if at >= 0 and marker == b"<!DOCTYPE" and _TILED_DOCTYPE.match(data, at):
            at = upper.find(marker, at + 1)
        if at >= 0:
            line, column = line_column(data, at)
            message = mission_say("xml_declaration", marker=marker.decode())
            raise MissionError([problem_of(path_label, message, line=line, column=column)])


class _TreeBuilder:
    """Builds the Node tree from expat's callbacks; refuses declarations and deep nesting."""

    def __init__(self, parser: XMLParserType) -> None:
        self.parser = parser
        self.stack: list[Node] = []
        self.roots: list[Node] = []

    def forbid(self, *_args: object) -> None:
        raise _Forbidden("document type and entity declarations are not allowed")

    def doctype(
        self, name: str, system_id: str | None, _public_id: str | None, internal: int
    ) -> None:
        """Allow old Tiled's ``<!DOCTYPE map SYSTEM "...">``; refuse every other one."""
        if name not in ("map", "tileset") or system_id is None or internal or self.roots:
            self.forbid()

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        parser = self.parser
        node = Node(tag, attrs, parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)
        if len(self.stack) >= MAX_XML_DEPTH:
            raise _Forbidden(f"XML is nested more than {MAX_XML_DEPTH} levels deep")
        if self.stack:
            self.stack[-1].children.append(node)
        else:
            self.roots.append(node)
        self.stack.append(node)

    def end(self, _tag: str) -> None:
        self.stack.pop()

    def characters(self, text: str) -> None:
        if self.stack:
            self.stack[-1].text_parts.append(text)


class WhereOf:
    """Locates XML elements: file, line, column and a readable element path."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __call__(self, node: Node, label: str | None = None) -> Where:
        shown = label or element_label(node)
        return Where(self.path, shown, node.line, node.column)


def element_label(node: Node) -> str:
    for attr in ("name", "id"):
        if attr in node.attrs:
            return f"<{node.tag} {attr}={node.attrs[attr][:40]!r}>"
    return f"<{node.tag}>"
