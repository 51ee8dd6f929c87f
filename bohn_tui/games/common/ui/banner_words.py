"""The bean games' banner: what the viewer, who decides now, can do (the hint), what a
visitor out of turn may do, and the keys that answer an offer; a part of BeanControls
(controls.py), which has the view, the legal actions and the keys these words name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.cells import cell_len

from bohn_tui.games.common.actions import Action, DiscardHand, Harvest, PlantHand
from bohn_tui.games.common.ui.cards import name
from bohn_tui.ui.parts import TableHost
from bohn_tui.ui.text import NAME_CELLS, clip_cells

if TYPE_CHECKING:
    from bohn_tui.play.client import SeatClient

OUT_OF_TURN = [("f", "harvest"), ("b", "buy"), ("o", "offer")]  # what a visitor may do, by key


class BannerWords:
    """Mixed into BeanControls, which gives what these words read (below, what they use)."""

    host: TableHost
    client: SeatClient
    game: str
    pile_sel: int

    def check(self, action: str, params: tuple[Any, ...]) -> bool:
        raise NotImplementedError

    def end_armed(self) -> bool:
        raise NotImplementedError

    def pile(self) -> tuple[list[str], str]:
        raise NotImplementedError

    def plant_action(self, field: int) -> Action | None:
        raise NotImplementedError

    def to_me(self, o: dict[str, Any]) -> bool:
        raise NotImplementedError

    def selected_offer(self) -> dict[str, Any] | None:
        raise NotImplementedError

    def banner(self) -> tuple[str, str]:
        host, c = self.host, self.client
        v = host.view
        names = [clip_cells(n, NAME_CELLS) for n in c.names]  # a row each: names cut by cells
        head = f"Turn {v['turn']} · {names[v['active']]}'s turn · {v['phase_name']}"
        d = c.decider()
        if v["over"]:
            return head, "The game is over."
        if host.viewer is None:
            who = names[d] if d is not None else "?"
            return head, f"Waiting for {who}…"
        if host.choice is not None:
            keys = " or ".join(str(a.field + 1) for a in host.choice[1])  # type: ignore[attr-defined]
            return head, f"{names[host.viewer]}: {host.choice[0]} ({keys}; Esc cancels)"
        me = host.viewer
        you = names[me]
        if d is not None and c.is_bot(d):
            return head, f"{self.host.seat_name(d)} is thinking…"
        if d != me and not host.visiting:
            return head, f"Waiting for {names[d]}." if d is not None else ""
        if host.visiting and d != me:
            return head, self.out_of_turn(you)
        return head, self.hint(v, me, you)

    def out_of_turn(self, you: str) -> str:
        """What a visitor (out of turn) may do now: only the keys their legal actions allow."""
        can = [f"{what} ({key})" for key, what in OUT_OF_TURN if self.check(what, ())]
        if not can:
            return f"{you}: nothing to do out of turn now; p hands back."
        return f"{you}: out of turn: {', '.join(can)}; p hands back."

    def hint(self, v: dict[str, Any], me: int, you: str) -> str:
        """What the viewer, who decides now, can do."""
        ph = v["phase"]
        legal = self.host.legal
        names = self.client.names
        keys = f"1-{len(v['players'][me]['fields'])}"  # the field keys this seat has
        if ph == "plant":
            front = v["players"][me]["hand"][0] if v["players"][me]["hand"] else None
            fits = [str(a.field + 1) for a in legal if isinstance(a, PlantHand)]
            keys = " or ".join(fits) or keys
            if v["planted"] == 0:
                if not any(isinstance(a, PlantHand) for a in legal):
                    return f"{you}: {name(self.game, front)} fits no field: harvest one (f)" + (
                        " or discard a hand card (d)."
                        if any(isinstance(a, DiscardHand) for a in legal)
                        else "."
                    )
                return f"{you}: plant your front card {name(self.game, front)} (field {keys})."
            more = ""
            if front and v["planted"] < 2 and fits:
                more = f"plant {name(self.game, front)} too ({keys}) or "
            elif front and v["planted"] < 2 and any(isinstance(a, Harvest) for a in legal):
                more = f"{name(self.game, front)} fits no field unless you harvest one (f); "
            return f"{you}: {more}stop planting (e) to turn up cards."
        if ph == "trade":
            if me == v["active"] and self.end_armed():
                return f"{you}: nothing traded yet. Press e again to end the trading, o offers."
            answers = self.answer_words()
            if me == v["active"]:
                offer = ["o makes an offer", "o offers"] if self.check("offer", ()) else []
                end = ["e ends trading"] if self.check("end_trading", ()) else []
                texts = [  # the first that fits the banner's row (80 columns: the shorter)
                    f"{you}: {head}{', '.join(offer[i : i + 1] + answers + end)}."
                    for head, i in (("trade. ", 0), ("trade. ", 1), ("", 1))
                ]
                width = self.host.app.size.width - 2
                return next((t for t in texts if cell_len(t) <= width), texts[-1])
            offering = f"o offers to {names[v['active']]}" if self.check("offer", ()) else ""
            said = "; ".join(w for w in (", ".join(answers), offering) if w)
            return f"{you}: {said or 'waiting for ' + names[v['active']]}."
        if ph in ("plant_trades", "take_offer", "plant_turned_up"):
            extra = {"take_offer": " or discard it (d)", "plant_turned_up": "; e ends your turn"}
            pile, _ = self.pile()
            card = pile[min(self.pile_sel, len(pile) - 1)] if pile else None
            fits = sorted(  # the fields the picked card may go on now (by the field's key)
                {
                    a.field + 1
                    for a in legal
                    if card
                    and getattr(a, "variety", None) == card
                    and hasattr(a, "field")
                    and self.plant_action(a.field) == a
                }
            )
            if card is not None and not fits:
                other = ", ←→ picks another" if len(set(pile)) > 1 else ""
                return (
                    f"{you}: {name(self.game, card)} fits no field: harvest one (f)"
                    f"{other}{extra.get(ph, '')}."
                )
            keys = " or ".join(map(str, fits)) or keys
            what = "cards: ←→ picks,"
            if card is not None and len(pile) < 2:  # nothing to pick among: no ←→ in the bar
                what = f"{name(self.game, card)}:"
            return f"{you}: plant your {what} {keys} plants{extra.get(ph, '')}."
        return ""

    def answer_words(self) -> list[str]:
        """The keys that answer the picked offer now, as the key bar shows them ("a
        accepts", "x declines", "c counters"); ↑↓ when an offer to the viewer is open but
        another is picked."""
        words = [
            f"{key} {what}"
            for key, action, what in (
                ("a", "accept", "accepts"),
                ("x", "decline", "declines"),
                ("c", "counter", "counters"),
            )
            if self.check(action, ())
        ]
        o = self.selected_offer()
        waiting = any(self.to_me(x) for x in self.host.view["offers"])
        if waiting and (o is None or not self.to_me(o)) and self.check("next_offer", ()):
            words.append("↑↓ picks the offer to you")
        return words
