"""Saved games: continue any of them; damaged files are listed with what is wrong."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList
from textual.widgets.option_list import Option


class SavesScreen(Screen[None]):
    BINDINGS = [Binding("escape,q", "back", "Back"), Binding("delete", "delete", "Delete")]

    def compose(self) -> ComposeResult:
        saves = self.app.store.list()  # type: ignore[attr-defined]
        with Vertical(id="saves-box", classes="dialog"):
            yield Label("Saved games (newest first)", classes="dialog-title")
            if not saves:
                yield Label("No saved games yet.")
            yield OptionList(
                *[Option(s.label, id=s.id, disabled=s.error is not None) for s in saves],
                id="saves",
            )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.app.open_save(str(event.option.id))  # type: ignore[attr-defined]

    def action_delete(self) -> None:
        ol = self.query_one("#saves", OptionList)
        if ol.highlighted is None:
            return
        opt = ol.get_option_at_index(ol.highlighted)
        self.app.store.delete(str(opt.id))  # type: ignore[attr-defined]
        ol.remove_option_at_index(ol.highlighted)
        self.notify(f"Deleted {opt.id}.")

    def action_back(self) -> None:
        self.app.pop_screen()
