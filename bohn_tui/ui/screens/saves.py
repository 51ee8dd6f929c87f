"""Saved games: continue any of them; damaged games are listed with what is wrong, and any
game can be exported (e) or deleted (Delete) from here."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList
from textual.widgets.option_list import Option

from bohn_tui.engine.limits import clip
from bohn_tui.ui.text import literal


def save_line(info: Any) -> Text:
    """A saved game's line in the list and the menu's Continue (store/games.py's
    `SaveInfo.label`) as literal text; a line that cannot be made is the save's id and why,
    in one line, so that no save ever stops the menu or the list."""
    try:
        return literal(info.label)
    except Exception as e:  # noqa: BLE001 - any save, however damaged, gets a line
        why = clip(str(e) or type(e).__name__, 120).replace("\n", " ")
        return literal(f"{info.id}: cannot be shown: {why}")


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
                yield Label(literal(store.notice or "No saved games yet."))
            yield OptionList(*[Option(save_line(s), id=s.id) for s in saves], id="saves")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Export and Delete are on the key line only while there is a save to act on."""
        if action in ("export", "delete"):
            return bool(self.query("#saves")) and self._selected() is not None
        return True

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()

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
        self.refresh_bindings()
        self.notify(f"Deleted {save_id}.")

    def action_back(self) -> None:
        self.app.pop_screen()
