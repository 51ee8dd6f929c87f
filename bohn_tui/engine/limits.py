"""The limits every piece of outside input is held to, checked once at the boundary.

Records, saves, action JSON, options, command-line values and network messages are read
with `load_json` (text) or `check_tree` (an already decoded value): after that no integer is
longer than 19 digits, no string longer than MAX_STRING, nothing nested deeper than MAX_DEPTH,
so that the rules and the messages they build never meet a value Python cannot print or a
structure it cannot walk. Every refusal is an `InputError` whose message says what is wrong
and where in at most MESSAGE characters; `show` gives a short, safe form of any value for
such messages."""

from __future__ import annotations

import json
import math
import unicodedata
from typing import Any

MAX_BYTES = 32 * 1024 * 1024  # a whole record or save as text
MAX_DEPTH = 32  # arrays and objects inside each other
MAX_STRING = 10_000  # characters in one string (names, options, card ids)
MAX_ITEMS = 200_000  # entries in one array or object (a record's actions)
MAX_INT = 2**63 - 1  # integers must lie in [-MAX_INT, MAX_INT]
MESSAGE = 300  # characters in any error message
MAX_NAME = 40  # characters in a player's name
MAX_PLAYERS = 16  # names in one game (every game seats fewer)


class InputError(ValueError):
    """Outside input that breaks a limit or is not valid JSON; the message (at most MESSAGE
    characters) says what and where."""

    def __init__(self, message: str) -> None:
        super().__init__(clip(message))


def clip(text: str, limit: int = MESSAGE) -> str:
    """`text` cut to `limit` characters (an ellipsis marks the cut)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def show(value: Any, limit: int = 40) -> str:
    """A short readable form of any value for an error message: never slow, never longer
    than `limit`, safe for integers of any size and for strings of any length."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        if abs(value) > MAX_INT:
            return "a whole number too large to use"
        return clip(str(value), limit)
    if isinstance(value, str):
        return repr(clip(value, limit - 2))
    if isinstance(value, float):
        return clip(repr(value), limit)
    if isinstance(value, list | tuple):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return f"an object of {len(value)} keys"
    return clip(type(value).__name__, limit)


def check_name(name: Any, what: str = "a player's name") -> str:
    """A player's name as a game may show it: text of 1 to MAX_NAME characters, not only
    spaces, on one line (no control characters); returns it, else InputError."""
    if not isinstance(name, str):
        raise InputError(f"{what} must be text, not {show(name)}")
    if not name.strip():
        raise InputError(f"{what} is empty")
    if len(name) > MAX_NAME:
        raise InputError(f"{what} has {len(name):,} characters (at most {MAX_NAME})")
    if any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in name):
        raise InputError(f"{what} {show(name)} holds a control character or a line break")
    return name


def _int(text: str) -> int:
    digits = len(text) - (text[:1] == "-")
    if digits > 19:
        raise InputError(f"a whole number of {digits} digits is too large (at most 19)")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InputError(f"the number {clip(text, 30)} is too large")
    return value


def _constant(name: str) -> Any:
    raise InputError(f"{name} is not a number this program reads")


def load_json(text: str | bytes, what: str = "the input") -> Any:
    """Decode JSON text that must keep every limit; InputError says what is wrong with
    `what` (a file name, "the action", ...)."""
    if len(text) > MAX_BYTES:
        raise InputError(f"{what} is too large ({len(text):,} bytes; at most {MAX_BYTES:,})")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise InputError(f"{what} is not UTF-8 text (byte {e.start})") from None
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except InputError as e:
        raise InputError(f"{what}: {e}") from None
    except RecursionError:
        raise InputError(f"{what} is nested too deeply (at most {MAX_DEPTH} levels)") from None
    except json.JSONDecodeError as e:
        raise InputError(
            f"{what} is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}"
        ) from None
    check_tree(value, what)
    return value


def check_tree(value: Any, what: str = "the input") -> Any:
    """Check an already decoded JSON value against the limits (iteratively: no recursion);
    returns it unchanged. Only JSON types are allowed (dict keys must be strings)."""
    stack: list[tuple[Any, int, str]] = [(value, 1, "")]
    while stack:
        v, depth, where = stack.pop()
        at = f"{what}{where}" if where else what
        if isinstance(v, bool) or v is None:
            continue
        if isinstance(v, int):
            if not -MAX_INT <= v <= MAX_INT:
                raise InputError(f"{at}: a whole number too large (at most 19 digits)")
        elif isinstance(v, float):
            if not math.isfinite(v):
                raise InputError(f"{at}: a number too large")
        elif isinstance(v, str):
            if len(v) > MAX_STRING:
                raise InputError(f"{at}: a text of {len(v):,} characters (at most {MAX_STRING:,})")
        elif isinstance(v, list | dict):
            if depth > MAX_DEPTH:
                raise InputError(f"{at} is nested too deeply (at most {MAX_DEPTH} levels)")
            if len(v) > MAX_ITEMS:
                raise InputError(f"{at} has {len(v):,} entries (at most {MAX_ITEMS:,})")
            if isinstance(v, list):
                for i, item in enumerate(v):
                    stack.append((item, depth + 1, f"{where}[{i}]"))
            else:
                for k, item in v.items():
                    if not isinstance(k, str):
                        raise InputError(f"{at}: a key that is not a string")
                    stack.append((k, depth + 1, where))
                    key = f".{k}" if k.isidentifier() and len(k) <= 30 else f"[{show(k, 30)}]"
                    stack.append((item, depth + 1, f"{where}{key}"))
        else:
            raise InputError(f"{at}: {show(v)} is not a JSON value")
    return value
