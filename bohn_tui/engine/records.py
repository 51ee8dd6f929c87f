"""`record`: a frozen slotted class made as `@dataclass(frozen=True, slots=True)` makes it,
for the many small actions and events of the games, at a fraction of its cost (issue #25).

`dataclass` compiles six to eight methods with `exec` for each class and makes it twice
(for its slots): ~3.5 M instructions a class, 88 M for the bean games' 25 before
`bohn play`'s first frame. A record compiles one function (its `__init__`, the one method
whose speed matters: the rules make events in every `apply`) and shares the others, written
once here: equality, hashing, `repr`, immutability and pickling as a dataclass has them
(the same hash, the same `repr`, a pickle of the same bytes), and `__dataclass_fields__`,
so that `dataclasses.fields`, `replace` and `is_dataclass` read it as one.

What a record takes: fields with a default or without (immutable defaults only: no
`field()`), `ClassVar`s, methods, a `__post_init__` (the class's own, not a base's); a
base that is a dataclass or a record (its fields come first, as with `dataclass`). A
dataclass may not subclass a record.
"""

from __future__ import annotations

import dataclasses
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T", bound=type)

_set = object.__setattr__
_FIELD: Any = dataclasses._FIELD  # type: ignore[attr-defined]  # what `dataclasses.fields` lists


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        return self._record_key(self) == other._record_key(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self._record_key(self))


def _repr(self: Any) -> str:
    parts = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__match_args__)
    return f"{self.__class__.__qualname__}({parts})"


def _frozen(self: Any, name: str, value: Any = None) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_del(self: Any, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, n) for n in self.__match_args__]


def _setstate(self: Any, state: list[Any]) -> None:
    for name, value in zip(self.__match_args__, state, strict=False):
        _set(self, name, value)


def _tuple_key(names: tuple[str, ...]) -> Any:
    """The fields' values as a tuple (what a dataclass hashes)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda self: (one(self),)
    return lambda self: ()


@dataclass_transform(frozen_default=True)
def record(cls: T) -> T:
    """`cls` as a frozen slotted dataclass (above): its annotations, read as strings (the
    modules say `from __future__ import annotations`), are its fields unless `ClassVar`."""
    fields: dict[str, dataclasses.Field[Any]] = {}
    for base in reversed(cls.__mro__[1:]):  # (a dataclass keeps its ClassVars there too)
        for name, known in getattr(base, "__dataclass_fields__", {}).items():
            if known._field_type is _FIELD:
                fields[name] = known
    body = dict(cls.__dict__)
    own = []
    for name, annotation in body.get("__annotations__", {}).items():
        if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
            continue
        default = body.pop(name, dataclasses.MISSING)
        f: dataclasses.Field[Any] = dataclasses.field(default=default)
        f.name, f.type, f._field_type = name, annotation, _FIELD  # type: ignore[attr-defined]
        if name not in fields:
            own.append(name)
        fields[name] = f
    names = tuple(fields)
    body.pop("__dict__", None)
    body.pop("__weakref__", None)
    body["__slots__"], body["__qualname__"] = tuple(own), cls.__qualname__
    body["__dataclass_fields__"] = fields
    body["__match_args__"] = names
    body["_record_key"] = staticmethod(_tuple_key(names))
    body |= {"__eq__": _eq, "__hash__": _hash, "__repr__": _repr}
    body |= {"__setattr__": _frozen, "__delattr__": _frozen_del}
    body |= {"__getstate__": _getstate, "__setstate__": _setstate}
    body["__init__"] = _init(cls.__qualname__, names, fields, "__post_init__" in body)
    made: T = type(cls)(cls.__name__, cls.__bases__, body)
    return made


def _init(qualname: str, names: tuple[str, ...], fields: dict[str, Any], post: bool) -> Any:
    """The `__init__` a frozen dataclass has: each field set past the frozen `__setattr__`,
    then the class's own `__post_init__` (`post`) called."""
    lines = "".join(f"\n _set(self, {n!r}, {n})" for n in names)
    lines = lines + "\n self.__post_init__()" if post else lines or "\n pass"
    scope: dict[str, Any] = {"_set": _set}
    exec(f"def __init__(self, {', '.join(names)}):{lines}", scope)  # noqa: S102
    init = scope["__init__"]
    init.__qualname__ = f"{qualname}.__init__"
    init.__defaults__ = (
        tuple(fields[n].default for n in names if fields[n].default is not dataclasses.MISSING)
        or None
    )
    return init
