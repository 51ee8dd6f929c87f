"""Helpers for the tests of outside text shown literally (tests/test_text_literal.py): names
that are markup, an emoji code, a right-to-left name and a 40-character CJK name, games
saved with them, and what a screen must show of each."""

from __future__ import annotations

from pathlib import Path

from bohn_tui.engine.actions import Action
from bohn_tui.play.session import Session
from bohn_tui.store import Store

CJK = "漢字仮名交じり文" * 5  # 40 characters, 80 cells
RTL = "\u200fדן"  # a right-to-left mark, then a Hebrew name
# what Rich or Textual would read as markup or as an emoji code if a screen let them
NAMES = ["[/]", "[b]x", "[link=x]y", ":smile:", RTL, CJK]
# how each shows where there is room (the CJK name's start: it is cut by cells)
SHOWN = ["[/]", "[b]x", "[link=x]y", ":smile:", "דן", CJK[:4]]
CHAT = "[/] [bold red]red?[/] :smile: [link=x]y"  # a chat line that is markup too
ORDER = ["PlantHand", "PlantArea", "EndPlanting", "EndTrading", "Harvest"]


def plain_move(legal: list[Action]) -> Action:
    """A person in no mood to trade: plant, stop, end, harvest."""
    return min(
        legal, key=lambda a: ORDER.index(type(a).__name__) if type(a).__name__ in ORDER else 9
    )


def saved_games(root: Path, names: list[str] = NAMES) -> tuple[str, str]:
    """A store in `root` with two Bohnanza games of `names` (people all): one played to its
    end (a result for the statistics), one a few moves in (the menu's Continue). Their ids:
    (finished, unfinished)."""
    store = Store(root)
    store.open()
    done = Session.new("bohnanza", names, seed=3, store=store)
    while not done.over:
        done.apply(plain_move(done.legal(done.waiting_for()[0])))
    going = Session.new("bohnanza", names, seed=4, store=store)
    for _ in range(5):
        going.apply(plain_move(going.legal(going.waiting_for()[0])))
    store.close()
    return done.save_id, going.save_id


def missing(text: str, shown: list[str] = SHOWN) -> list[str]:
    """What of `shown` the screen's `text` lacks; an emoji code turned into an emoji counts."""
    out = [s for s in shown if s not in text]
    return out + (["😄 (an emoji code read)"] if "😄" in text else [])
