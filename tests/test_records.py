"""engine/records.py's `record` (issue #25): a class made by it behaves as the same class
made by `@dataclass(frozen=True, slots=True)`: its fields and their order (a dataclass base's
first), defaults, equality, the same hash and repr, immutability, pickles of the same bytes,
and what `dataclasses.fields`, `replace` and `is_dataclass` read of it."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import sys
import types
from typing import Any, ClassVar

import pytest

from bohn_tui.engine.actions import Action, to_json
from bohn_tui.engine.records import record


def _pair() -> tuple[type[Any], type[Any]]:
    """The same class twice, as a record and as a dataclass, in a module of their own
    (pickle finds each by its module and name)."""
    made = []
    for decorate, module in (
        (record, "made_by_record"),
        (dataclasses.dataclass(frozen=True, slots=True), "made_by_datacl"),
    ):

        class Give(Action):
            """Give cards."""

            type: ClassVar[str] = "give"
            to: int | None
            cards: tuple[str, ...] = ()
            note: str = "x"

            def words(self) -> str:
                return f"give {len(self.cards)}"

        Give.__module__, Give.__qualname__ = module, "Give"
        home = sys.modules[module] = types.ModuleType(module)
        home.ClassVar = ClassVar  # (how a dataclass knows a ClassVar named as a string)
        home.Give = cls = decorate(Give)
        made.append(cls)
    return made[0], made[1]


REC, DC = _pair()


@pytest.mark.parametrize(
    "args",
    [(0, None), (1, 2, ("a", "b")), (2, 3, (), "y"), (3, -1, ("q",), "")],
)
def test_a_record_is_what_the_same_dataclass_is(args: tuple[Any, ...]) -> None:
    r, d = REC(*args), DC(*args)
    assert repr(r) == repr(d)
    assert hash(r) == hash(d) and r == REC(*args) and r != DC(*args) and r is not REC(*args)
    assert (r != REC(9, *args[1:])) and to_json(r) == to_json(d) and r.words() == d.words()
    assert [(f.name, f.type, f.default) for f in dataclasses.fields(r)] == [
        (f.name, f.type, f.default) for f in dataclasses.fields(d)
    ]
    assert dataclasses.is_dataclass(r) and REC.__match_args__ == DC.__match_args__
    assert REC.__slots__ == DC.__slots__ and not hasattr(r, "__dict__")
    assert dataclasses.replace(r, seat=5) == REC(5, *args[1:])
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        mine, theirs = pickle.dumps(r, protocol), pickle.dumps(d, protocol)
        assert mine.replace(b"made_by_record", b"made_by_datacl") == theirs
        assert pickle.loads(mine) == r
    assert copy.deepcopy(r) == r and copy.copy(r) == r
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.seat = 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        del r.to


def test_a_record_takes_its_arguments_as_the_dataclass_does() -> None:
    assert REC(1, to=2, note="n") == REC(1, 2, (), "n")
    for bad in ((), (1,), (1, 2, (), "n", 5)):
        with pytest.raises(TypeError):
            REC(*bad)
    with pytest.raises(TypeError):
        REC(1, 2, nosuch=3)
    assert REC.__init__.__qualname__.endswith("Give.__init__") and REC.type == "give"


def test_a_records_post_init_runs_after_its_fields_are_set() -> None:
    from bohn_tui.engine.options import BOOL, Option

    assert Option("x", BOOL).type == BOOL and Option("x", BOOL) == Option("x", BOOL)
    with pytest.raises(ValueError, match="unknown type"):
        Option("x", "nosuch")
