"""What the mixins of BohnroschenRules (Progress, TwoPlayerTurn, BohnroschenViews) read of
the rules they are mixed into, declared for the type checker: the bean rules of a
BohnroschenState and the attributes and methods BohnroschenRules and the other mixins add.
At run time RulesCore is an empty class (the mixins stay plain mixins)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bohn_tui.engine.actions import Event
    from bohn_tui.games.bohnroschen.state import BohnroschenState
    from bohn_tui.games.bohnroschen.tasks import VineCard
    from bohn_tui.games.common.rules import BeanRules

    _Base = BeanRules[BohnroschenState]
else:
    _Base = object


class RulesCore(_Base):
    """The rules a mixin of BohnroschenRules is mixed into (see the module)."""

    # BohnroschenRules.__init__
    solo: bool
    castle_coins: int
    figure_colours: list[str]
    solo_layout: dict[str, Any]
    castle_text: str
    cards: dict[str, VineCard]
    # the mixins' own, read by the others
    task_of: Callable[[BohnroschenState, int], VineCard | None]
    tribute_refusal: Callable[[BohnroschenState, int], str | None]
    _on_event: Callable[[BohnroschenState, Event, list[Event]], None]

    if TYPE_CHECKING:

        @property
        def castle_index(self) -> int: ...
