"""Saved games: continue any of them; damaged games are listed with what is wrong, and any
game can be exported (e) or deleted (Delete) from here."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList
from textual.widgets.option_list import Option


class SavesScreen(Screen[None]):
    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        Binding("e", "export", "Export"),
        Binding("delete", "delete", "Delete"),
    ]

    def compose(self) -> ComposeResult:
        store = self.app.store  # type: ignore[attr-defined]
        saves = store.list()
        with Vertical(id="saves-box", classes="dialog"):
            yield Label("Saved games (newest first)", classes="dialog-title")
            if not saves:
                yield Label(store.notice or "No saved games yet.")
            yield OptionList(*[Option(s.label, id=s.id) for s in saves], id="saves")
        yield Footer()

    def _selected(self) -> str | None:
        ol = self.query_one("#saves", OptionList)
        if ol.highlighted is None:
            return None
        return str(ol.get_option_at_index(ol.highlighted).id)

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        save_id = str(event.option.id)  # a damaged one is tried again: it may open now
        if not self.app.open_save(save_id):  # type: ignore[attr-defined]
            await self.recompose()  # it is listed as damaged now, with the reason
            ol = self.query_one("#saves", OptionList)
            ol.focus()
            ol.highlighted = ol.get_option_index(save_id)

    def action_export(self) -> None:
        from bohn_tui.store.db import StoreError

        save_id = self._selected()
        if save_id is None:
            return
        store = self.app.store  # type: ignore[attr-defined]
        target = store.root / "exports" / f"{save_id}.json"
        try:
            store.write_export(save_id, target)
        except StoreError as e:
            self.notify(str(e), title="Not exported", severity="error")
            return
        self.notify(f"Exported to {target} (bohn import reads it).")

    def action_delete(self) -> None:
        from bohn_tui.store.db import StoreError

        save_id = self._selected()
        if save_id is None:
            return
        try:
            self.app.store.delete(save_id)  # type: ignore[attr-defined]
        except StoreError as e:
            self.notify(str(e), title="Not deleted", severity="error")
            return
        ol = self.query_one("#saves", OptionList)
        at = ol.highlighted or 0
        ol.remove_option(save_id)
        if ol.option_count:
            ol.highlighted = min(at, ol.option_count - 1)
        self.notify(f"Deleted {save_id}.")

    def action_back(self) -> None:
        self.app.pop_screen()
