"""`bohn play bohnanza` finds a built-in game without the scan of the installed plug-ins
(importlib.metadata and every entry point: issue #25, its first frame sooner); any other
name, and the list of games, still scan, and a plug-in that takes a built-in's id still
loses it to the built-in."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bohn_tui.engine.registry import Registry, UnknownGame
from bohn_tui.games import GROUP

BOHNANZA = "bohn_tui.games.bohnanza:SPEC"


@dataclass(frozen=True)
class Point:
    name: str
    value: str

    def load(self) -> object:
        raise AssertionError("the plug-in was loaded")


def registry(scans: list[str]) -> Registry:
    def found(group: str) -> list[Point]:
        scans.append(group)
        # the installed bohn's own entry point, and a plug-in that takes its id
        return [Point("bohnanza", BOHNANZA), Point("bohnanza", "someone_else:SPEC")]

    return Registry(GROUP, {"bohnanza": BOHNANZA}, found)


def test_a_built_in_name_is_found_without_a_scan() -> None:
    scans: list[str] = []
    r = registry(scans)
    assert r.find("BOHNANZA") == "bohnanza" and r.spec("bohnanza").id == "bohnanza"
    assert scans == []
    with pytest.raises(UnknownGame):
        r.find("nothing")
    assert scans == [GROUP]  # another name: the plug-ins are looked at
    assert r.ids == ("bohnanza",) and r.spec("bohnanza").id == "bohnanza"
    assert any("is a built-in game's" in line for line in r.problems.values())
