"""Actions a seat can take and the events the rules report, and their JSON codec.

Every action names the seat that takes it. Actions and events are frozen dataclasses with a
class-level `type`; each game registers its action types (`register_actions`) so that
`action_from_json` can read them, and `to_json` gives the stable JSON form documented in
docs/formats.md. Malformed input of any kind raises IllegalAction with a short readable
reason: the input is held to the limits (engine/limits.py) before anything else.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from bohn_tui.engine.limits import InputError, check_tree, clip, show


class IllegalAction(Exception):
    """An action the rules do not allow now. The message is for the player to read (cut
    to limits.MESSAGE characters; values from outside are quoted through limits.show)."""

    def __init__(self, message: str) -> None:
        super().__init__(clip(message))


@dataclass(frozen=True, slots=True)
class Action:
    type: ClassVar[str] = ""
    seat: int

    def words(self) -> str:
        """The action in a few words ("end turn"), for the log's "took back" line: its
        type's words; a game's action says more where it has more to say ("plant hand on
        field 2")."""
        return self.type.replace("_", " ")


@dataclass(frozen=True, slots=True)
class Event:
    type: ClassVar[str] = ""


# every action type of every registered game, by its JSON `type`
ACTION_TYPES: dict[str, type[Action]] = {}


def register_actions(*classes: type[Action]) -> None:
    """Make action types readable by `action_from_json` (a game's actions module calls this
    when it is imported). Two games may share a type; two different classes may not."""
    for cls in classes:
        known = ACTION_TYPES.get(cls.type)
        if known is not None and known is not cls:
            raise ValueError(f"two action classes use the type {cls.type!r}")
        ACTION_TYPES[cls.type] = cls


def to_json(obj: Any) -> dict[str, Any]:
    """The JSON form of an action or event: {"type": ..., field: value, ...}."""
    out: dict[str, Any] = {"type": obj.type}
    for f in fields(obj):
        value = getattr(obj, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def action_from_json(raw: Any) -> Action:
    """Parse an action from outside (a file, a message): the limits first (limits.py), then
    its type and fields; anything malformed raises IllegalAction with a short reason."""
    try:
        check_tree(raw, "the action")
    except InputError as e:
        raise IllegalAction(str(e)) from None
    return parse_action(raw)


def parse_action(raw: Any) -> Action:
    """`action_from_json` for a value already held to the limits (a record checks its whole
    tree once, then reads its actions with this)."""
    if not isinstance(raw, dict):
        raise IllegalAction(f"an action must be a JSON object, not {show(raw)}")
    kind = raw.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise IllegalAction(f"unknown action type {show(kind)}")
    kind = cls.type  # (the same name: known to be a string now)
    kwargs: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in raw:
            if f.default is not MISSING:
                continue
            raise IllegalAction(f"{kind}: missing {f.name!r}")
        kwargs[f.name] = _coerce(kind, f.name, raw[f.name], str(f.type))
    extra = set(raw) - {f.name for f in fields(cls)} - {"type"}
    if extra:
        keys = ", ".join(show(k, 20) for k in sorted(extra)[:5])
        raise IllegalAction(f"{kind}: unknown key(s) {keys}")
    return cls(**kwargs)


def _coerce(kind: str, name: str, value: Any, annotation: str) -> Any:
    # every integer here is within the limits already (check_tree)
    def is_int(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    if annotation.startswith("tuple[int"):
        if not isinstance(value, list) or not all(is_int(v) for v in value):
            raise IllegalAction(f"{kind}: {name!r} must be a list of whole numbers")
        return tuple(value)
    if annotation.startswith("tuple[str"):
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise IllegalAction(f"{kind}: {name!r} must be a list of names")
        return tuple(value)
    if annotation == "int | None":
        if value is not None and not is_int(value):
            raise IllegalAction(f"{kind}: {name!r} must be a whole number or null")
        return value
    if annotation == "str | None":
        if value is not None and not isinstance(value, str):
            raise IllegalAction(f"{kind}: {name!r} must be a string or null")
        return value
    if annotation == "bool":
        if not isinstance(value, bool):
            raise IllegalAction(f"{kind}: {name!r} must be true or false")
        return value
    if annotation == "int":
        if not is_int(value):
            raise IllegalAction(f"{kind}: {name!r} must be a whole number")
        return value
    if not isinstance(value, str):
        raise IllegalAction(f"{kind}: {name!r} must be a string")
    return value
