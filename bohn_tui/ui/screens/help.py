"""Help: the real key bindings of the screen below plus the rules of the game being played,
made from the game's data (hand size, fields, bean-o-meters, tie-break)."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from bohn_tui.games.common.data import load
from bohn_tui.ui.cards import card

KEY_NAMES = {"question_mark": "?", "left": "←", "right": "→", "up": "↑", "down": "↓"}


def key_table(bindings: list[BindingType]) -> Table:
    t = Table(box=None, show_header=False, padding=(0, 1))
    t.add_column(style="bold yellow", justify="right")
    t.add_column()
    seen: set[str] = set()
    for b in bindings:
        if not isinstance(b, Binding) or not b.description or b.description in seen:
            continue
        seen.add(b.description)
        keys = " ".join(KEY_NAMES.get(k.strip(), k.strip()) for k in b.key.split(","))
        t.add_row(f" {keys} ", b.description)
    return t


def rules_text(game: str, players: int) -> tuple[Text, Table]:
    data = load(game)
    c = data.for_players(players)
    out = Text()
    out.append(f"{data.title} for {players}\n", style="bold underline")
    hand = c.hands[0] if len(set(c.hands)) == 1 else "/".join(map(str, c.hands))
    removed = ", ".join(data.varieties[v].name for v in c.removed) or "none"
    lines = [
        f"Each player starts with {hand} cards and has {c.fields} fields.",
        "Your hand is never re-ordered: cards are planted from the front, drawn to the back.",
        "1. Plant your front card (you must), then the next one if you like.",
        f"2. Turn up {c.turn_up} cards and trade: the turned-up cards and any hand cards,"
        " for cards of named kinds; gifts too.",
        "3. Everybody plants the cards they got; you plant the turned-up ones left.",
        f"4. Draw {c.draw} cards to the back of your hand. The next player goes on.",
        "A field of one card is protected while another field holds more than one.",
        f"The game ends when the draw pile has run out {c.end_runout} time(s).",
        f"Beans removed at this player count: {removed}.",
    ]
    if data.third_field and c.third_field_cost:
        lines.append(f"A third field costs {c.third_field_cost} coins.")
    if c.duel:
        lines = [
            "Bean duel for two: plant or discard the offer left by your opponent, plant 1-2",
            "hand cards (then you may discard one), turn up 3 and plant any; the rest",
            "becomes your opponent's offer. No trading.",
        ]
    rules_obj = load(game)
    tie = (
        "Ties: most cards in hand wins."
        if rules_obj.tiebreak == "hand"
        else "Ties: the player furthest from the starting player wins."
    )
    lines.append(tie)
    out.append("\n".join(lines) + "\n\n")
    meter = Table(title="Bean-o-meter: cards needed for 1-4 coins", box=None, padding=(0, 1))
    for col in ("card", "name", "in deck", "1", "2", "3", "4"):
        meter.add_column(col, justify="right" if col not in ("card", "name") else "left")
    for v in data.varieties.values():
        if v.id in c.removed:
            continue
        meter.add_row(
            card(game, v.id), v.name, str(v.count), *[str(n) if n else "-" for n in v.meter]
        )
    return out, meter


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close help")]

    def __init__(
        self,
        bindings: list[BindingType],
        game: str | None,
        players: int,
        extra: Text | None = None,
    ) -> None:
        super().__init__()
        self.extra = extra  # the game's own rules and the viewer's situation
        self.bindings_list = bindings
        self.game = game
        self.players = players

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box", classes="dialog"):
            if self.extra is not None:
                yield Static(self.extra)
            if self.bindings_list:
                yield Static("[b]Keys[/b] · the bottom line shows the ones you can use now")
                yield Static(key_table(self.bindings_list))
            if self.game:
                text, meter = rules_text(self.game, self.players)
                if self.extra is None:
                    yield Static(text)
                yield Static(meter)
            yield Static("[dim]Esc closes this help.[/dim]")

    def action_close(self) -> None:
        self.dismiss(None)


def help_for(screen: Any) -> HelpScreen:
    bindings = list(getattr(screen, "BINDINGS", [])) + list(type(screen.app).BINDINGS)
    session = getattr(screen, "session", None)
    game = session.record.game if session else None
    players = len(session.names) if session else 0
    extra = None
    if session is not None and game == "bohnroschen":
        from bohn_tui.games.bohnroschen.ui.table import help_text

        viewer = getattr(screen, "viewer", None)
        extra = help_text(session.view(viewer), viewer, session.rules.rules_summary())
    return HelpScreen(bindings, game, players, extra)
