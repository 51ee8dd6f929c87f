"""Excalibohn's end screen: the bean games' with each player's Groschen."""

from __future__ import annotations

from typing import Any

from bohn_tui.games.common.ui.end import EndScreen


class ExcaliEndScreen(EndScreen):
    """The bean games' end screen with each player's Groschen (the tie-break: "the tied
    player with more Groschen on their spell cards wins")."""

    def more_columns(self, view: dict[str, Any]) -> list[tuple[str, list[str]]]:
        groschen = [p.get("groschen") for p in view["players"]]
        return [("Groschen", ["" if g is None else str(g) for g in groschen])]
