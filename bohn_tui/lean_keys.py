"""Textual's key names without Unicode's name database, for a seat's process (issue #25).

Textual names a key by its character's Unicode name (`textual.keys`: `unicodedata.name("?")`
is "QUESTION MARK", the key `question_mark`) and asks the database back for a key's
character (`unicodedata.lookup("ESCAPE")`, and "ENTER", "UP", ... that are no names). Each
answer reads the name tables of the unicodedata extension, whose pages then stay in the
process: ~0.75 MiB of a remote seat after its first `?` and Escape (benchmarks/README.md).
Here `textual.keys` asks `KEY_NAMES` instead: the same answers, from the table below for
the characters of a terminal's keys (ASCII) and the names Textual asks for its keys; any
other question goes to unicodedata as before. tests/test_seat_key_names.py checks every answer
here against unicodedata's."""

from __future__ import annotations

import types
import unicodedata
from typing import Any

# the Unicode names of the ASCII characters that are not letters or digits (the others,
# the control characters, have none: ValueError)
NAMES = {
    " ": "SPACE", "!": "EXCLAMATION MARK", '"': "QUOTATION MARK", "#": "NUMBER SIGN",
    "$": "DOLLAR SIGN", "%": "PERCENT SIGN", "&": "AMPERSAND", "'": "APOSTROPHE",
    "(": "LEFT PARENTHESIS", ")": "RIGHT PARENTHESIS", "*": "ASTERISK", "+": "PLUS SIGN",
    ",": "COMMA", "-": "HYPHEN-MINUS", ".": "FULL STOP", "/": "SOLIDUS", ":": "COLON",
    ";": "SEMICOLON", "<": "LESS-THAN SIGN", "=": "EQUALS SIGN", ">": "GREATER-THAN SIGN",
    "?": "QUESTION MARK", "@": "COMMERCIAL AT", "[": "LEFT SQUARE BRACKET",
    "\\": "REVERSE SOLIDUS", "]": "RIGHT SQUARE BRACKET", "^": "CIRCUMFLEX ACCENT",
    "_": "LOW LINE", "`": "GRAVE ACCENT", "{": "LEFT CURLY BRACKET", "|": "VERTICAL LINE",
    "}": "RIGHT CURLY BRACKET", "~": "TILDE",
}  # fmt: skip
# the characters of the names above, and of the aliases that name keys' control characters
CHARACTERS = {name: c for c, name in NAMES.items()} | {
    "BACKSPACE": "\b", "DELETE": "\x7f", "ESCAPE": "\x1b", "TAB": "\t",
}  # fmt: skip


def asked() -> frozenset[str]:
    """The names Textual asks unicodedata for its keys (upper case): every key name its
    tables know (textual.keys: its keys, their replacements, aliases and character names,
    and the key of each character above), with and without modifiers, as is and with
    spaces for underscores."""
    from textual import keys as k

    names = {*(key.value for key in k.Keys), *k.KEY_TO_UNICODE_NAME.values()}
    names |= {*k.KEY_NAME_REPLACEMENTS, *k.KEY_NAME_REPLACEMENTS.values()}
    names |= {*k.KEY_TO_UNICODE_NAME, *k.KEY_DISPLAY_ALIASES, *k.ASCII_KEY_NAMES.values()}
    names |= {*k.KEY_ALIASES, *(a for aliases in k.KEY_ALIASES.values() for a in aliases)}
    names |= {n.lower().replace("-", "_").replace(" ", "_") for n in NAMES.values()}
    names |= {n.rpartition("+")[2] for n in names}  # a key without its modifiers too
    upper = {n.upper() for n in names} | {n.replace("_", " ").upper() for n in names}
    return frozenset(n for n in upper if n.isascii())


def key_names() -> types.ModuleType:
    """A stand-in for unicodedata in textual.keys: its `name` and `lookup` answer from the
    tables (what unicodedata answers), anything else is unicodedata's."""
    known = asked()
    stand_in = types.ModuleType("unicodedata", unicodedata.__doc__)

    def name(character: str, *default: Any) -> Any:
        if len(character) == 1 and character.isascii() and not character.isalnum():
            found = NAMES.get(character)
            if found is not None:
                return found
            if default:
                return default[0]
            raise ValueError("no such name")
        return unicodedata.name(character, *default)

    def lookup(name: str) -> str:
        upper = name.upper() if name.isascii() else ""  # unicodedata's names: any case
        found = CHARACTERS.get(upper)
        if found is not None:
            return found
        if upper in known:
            raise KeyError(f"undefined character name '{name}'")
        return unicodedata.lookup(name)

    def __getattr__(attribute: str) -> Any:  # noqa: N807 - a module's own (PEP 562)
        return getattr(unicodedata, attribute)

    stand_in.name = name  # type: ignore[attr-defined]
    stand_in.lookup = lookup  # type: ignore[attr-defined]
    stand_in.__getattr__ = __getattr__  # type: ignore[method-assign]
    return stand_in


def lean_keys(keys: types.ModuleType) -> None:
    """textual.keys asks `key_names()` what it asked unicodedata (after its import)."""
    keys.unicodedata = key_names()  # type: ignore[attr-defined]
