"""A game's table parts: what the generic table screen asks of the game it shows (design.md).

The table (ui/screens/table.py) owns the hot-seat hand-over, the banner, the log, the key
bar and the keys every game has (undo, pass the screen, log, help, menu). Everything else
is the game's: its board widgets, its keys and how each builds an action from the view and
the legal actions, its banner text, the choices it forces, its end screen and its help. A
game names its parts in its spec (`table = "module:attribute"`), imported when a table
opens; the attribute is a `TableParts`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, overload, runtime_checkable

from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget

if TYPE_CHECKING:
    from bohn_tui.engine.actions import Action
    from bohn_tui.play.client import SeatClient


class BoardClick(Message):
    """A click on a seat's part of the board (`index`: which part, e.g. a field); the table
    hands it to the game's controls (`clicked`)."""

    def __init__(self, seat: int, index: int) -> None:
        super().__init__()
        self.seat = seat
        self.index = index


W = TypeVar("W", bound=Widget)


class TableHost(Protocol):
    """The table screen as the game's controls see it."""

    client: SeatClient
    viewer: int | None  # whose hand shows (None: nobody's)
    visiting: bool  # the viewer took the screen out of turn
    # a question the game asks on the table itself: the text and the actions it picks from
    choice: tuple[str, list[Action]] | None

    @property
    def view(self) -> dict[str, Any]: ...
    @property
    def legal(self) -> list[Action]: ...
    @property
    def app(self) -> Any: ...
    async def do(self, action: Action, pass_on: bool = False) -> bool: ...
    def ask(self, options: list[Action], question: str) -> None: ...
    def refresh_table(self) -> None: ...
    def seat_name(self, seat: int) -> str: ...
    def run_worker(self, work: Any, *, group: str = ..., exclusive: bool = ...) -> Any: ...
    @overload
    def query_one(self, selector: str) -> Widget: ...
    @overload
    def query_one(self, selector: type[W]) -> W: ...
    @overload
    def query_one(self, selector: str, expect_type: type[W]) -> W: ...


class Controls(Protocol):
    """One game's part of one table. Its `action_<name>` methods are the actions of its
    bindings; `check(name, params)` says whether one may run now. It may also have
    `key_text` (KeyTexts): what a key does now, for the key bar. `key_exists(action,
    params)` says whether the key of `action` with `params` (the game's, such as "plant"
    with (2,), or the table's own, such as "undo" or "pass_screen") ever works in this
    game at this player count and variant: those that never do are neither shown, in the
    palette nor in help."""

    def left(self) -> list[Widget]: ...
    def side(self) -> list[Widget]: ...
    def layout(self, width: int, height: int) -> None: ...
    def show(self, view: dict[str, Any]) -> None: ...
    def hand(self) -> Widget: ...
    def show_hand(self, hand: Widget, view: dict[str, Any]) -> None: ...
    def reset(self) -> None: ...
    def scroll_to(self, seat: int) -> None: ...
    def banner(self) -> tuple[str, str]: ...
    def check(self, action: str, params: tuple[Any, ...]) -> bool: ...
    def key_exists(self, action: str, params: tuple[Any, ...] = ()) -> bool: ...
    def choice_keys(self) -> list[tuple[str, str, str]]: ...
    def maybe_forced(self) -> None: ...
    def undone(self) -> None: ...
    async def clicked(self, seat: int, index: int) -> None: ...
    def end_screen(self) -> Screen[None]: ...
    def help_parts(self) -> tuple[list[Any], list[Any]]: ...


@runtime_checkable
class KeyTexts(Protocol):
    """Controls whose keys' words change: `key_text(action)` is what the key of `action`
    does now, for the key bar (None: the binding's words)."""

    def key_text(self, action: str) -> str | None: ...


@runtime_checkable
class RefusedKeys(Protocol):
    """Controls that say why a key of theirs is refused now: `refused_move(action,
    params)` is the move the key names (None: the key stays silent), asked only while no
    choice is open and a viewer is set; the table submits it, unless it is legal, so that
    the rules give their own reason (and nothing changes)."""

    def refused_move(self, action: str, params: tuple[Any, ...]) -> Any: ...


@dataclass(frozen=True)
class TableParts:
    """`bindings`: the game's keys, in the key bar's order; `controls(host)` makes the
    game's part of a table; `rules_help(game, players)` is the help shown from the menu
    (renderables before and after the keys); `css`: the game's stylesheets (.tcss files,
    absolute paths: its widgets' ids and classes), read after the table's own when its
    table opens, so that no game's style sits in ui/."""

    bindings: Sequence[Binding]
    controls: Callable[[TableHost], Controls]
    rules_help: Callable[[str, int], tuple[list[Any], list[Any]]]
    css: tuple[Path, ...] = ()


@cache
def load_parts(path: str) -> TableParts:
    """The TableParts at "module:attribute"."""
    module, _, name = path.partition(":")
    parts = getattr(import_module(module), name)
    assert isinstance(parts, TableParts), f"{path} is not a TableParts"
    return parts
