"""A small modal list: pick one of a few choices with the arrows, Enter or a number key."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from bohn_tui.ui.screens.one_frame import OneFrame, SameSizeResize


class ChooseScreen(OneFrame, SameSizeResize, ModalScreen[Any]):
    """(OneFrame: its first layout and whole repaint draw one frame; SameSizeResize: its
    first Resize, of the size its first layout had, lays nothing out again.)"""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "cancel", "Cancel"),
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 10)),
    ]

    def __init__(self, title: str, choices: list[tuple[str | Text, Any]], cancel: bool = True):
        super().__init__()
        self.title_text = title
        self.choices = choices
        self.can_cancel = cancel

    def compose(self) -> ComposeResult:
        with Vertical(id="choose-box", classes="dialog"):
            yield Label(Text(self.title_text), classes="dialog-title")
            yield OptionList(
                *[
                    Option(Text.assemble(f"{i + 1}  ", label))
                    for i, (label, _) in enumerate(self.choices)
                ]
            )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[event.option_index][1])

    def action_pick(self, n: int) -> None:
        if n < len(self.choices):
            self.dismiss(self.choices[n][1])

    def action_cancel(self) -> None:
        if self.can_cancel:
            self.dismiss(None)
