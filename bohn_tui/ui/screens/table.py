"""The table: the game's board, the hand of whoever has the screen, the banner, the log and
the key bar. It knows no game: it talks to a seat client (play/client.py) and shows the
game's table parts (ui/parts.py: board widgets, keys, banner text, forced choices, end
screen, help); the hot-seat hand-over is in handover.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from bohn_tui.engine.actions import Action
from bohn_tui.play.client import Chats, RemoteSeat, SeatClient
from bohn_tui.ui.parts import BoardClick, KeyTexts, RefusedKeys, load_parts
from bohn_tui.ui.screens.handover import HandOver
from bohn_tui.ui.screens.one_frame import KeptLayout, OneFrame
from bohn_tui.ui.widgets.base import ViewStatic, one_pass
from bohn_tui.ui.widgets.game_log import GameLog
from bohn_tui.ui.widgets.key_bar import KeyBar, key_label, shown_keys
from bohn_tui.ui.widgets.phase_banner import PhaseBanner

SHORT = 30  # a screen lower than this: the hand's box loses its bottom border (a row more)
NO_HAND = "No hand is shown until the next player takes the screen."
WATCHING = "You are watching: nobody's hand is shown."
HELP_AFTER = 0.3  # seconds after the first frame: the help is made beneath (help.prepare_help)
# the keys of every game, after the game's own
TABLE_BINDINGS = [
    Binding("u", "undo", "Undo"),
    Binding("p", "pass_screen", "Pass screen"),
    Binding("v", "view_log", "Log"),
    Binding("escape", "cancel_choice", "Cancel a harvest choice", key_display="Esc", show=False),
    Binding("question_mark", "help", "Help"),
    Binding("q", "menu", "Menu"),
]
# a remote seat's table (bohn join): chat instead of passing the screen, q leaves
REMOTE_BINDINGS = [
    Binding("u", "undo", "Undo"),
    Binding("slash", "chat", "Chat", key_display="/"),
    Binding("v", "view_log", "Log"),
    Binding("escape", "cancel_choice", "Cancel a harvest choice", key_display="Esc", show=False),
    Binding("question_mark", "help", "Help"),
    Binding("q", "menu", "Leave"),
]
OWN = {"undo", "pass_screen", "chat", "view_log", "cancel_choice", "help", "menu"}


def _parse(action: str) -> tuple[str, tuple[int, ...]]:
    """'plant(1)' -> ('plant', (1,)): a bound action's name and its whole-number arguments."""
    name_, _, arg = action.partition("(")
    return name_, (int(arg.rstrip(")")),) if arg else ()


class TableScreen(OneFrame, KeptLayout, HandOver, Screen[None]):
    CSS_PATH = "../table.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [*TABLE_BINDINGS]

    def __init__(self, client: SeatClient, remote: bool = False, seat: int | None = None) -> None:
        """`remote`: one fixed seat at a game played elsewhere (`seat`; None: a spectator):
        the table shows that seat's view only, never the privacy screen."""
        super().__init__()
        self.client = client
        self.remote = remote
        self.seat = seat
        self.viewer: int | None = seat if remote else None
        self.visiting = False  # the viewer took the screen out of turn
        self._legal: list[Action] = []
        self._view: dict[str, Any] = client.view(None)
        self.hand_hidden = False  # a decision that shows no hand (Bohnröschen's tribute)
        self._seen: dict[int, int] = {}  # log length when each seat last had the screen
        self._ended = False
        self._acting = False  # a change of our own is under way: no advance on its notice
        # a question asked on the table itself (no modal: no screen swap): the text and the
        # actions the game's keys pick from
        self.choice: tuple[str, list[Action]] | None = None
        parts = load_parts(client.table)
        self.css_path = [*self.css_path, *parts.css]  # the game's styles after the table's
        self.controls = parts.controls(self)
        # (a protocol's isinstance is slow: asked once, not at every key)
        self._key_texts = self.controls if isinstance(self.controls, KeyTexts) else None
        self._refused_keys = self.controls if isinstance(self.controls, RefusedKeys) else None
        # the hand's widget, mounted hidden and empty with the table and kept: a hand-over
        # fills and shows it in the frame the privacy screen leaves (a widget mounted then
        # would draw that frame without it and two more as it mounts and takes its size)
        self._hand: Widget = self.controls.hand()
        self._hand_display = self._hand.display  # how the game shows it (the dice: never)
        self._hand.display = False
        self._hand_on = False
        self._box = False  # the hand's box shown empty beneath the privacy screen
        own = REMOTE_BINDINGS if remote else TABLE_BINDINGS
        keys = [*parts.bindings, *own]
        # the keys this table never has (the game's at this count and variant; passing the
        # screen with one person at it): not shown, in the palette or in help
        self.absent = {parsed for b in keys if not self._key_exists(*(parsed := _parse(b.action)))}
        self.bindings_list: list[Binding] = [b for b in keys if _parse(b.action) not in self.absent]
        if remote:
            self._bindings.bind("slash", "chat", "Chat", True, "/")
            self._bindings.bind("q", "menu", "Leave")
        self._game_keys = {k.strip() for b in parts.bindings for k in b.key.split(",")}
        for b in parts.bindings:  # the game's keys run its controls' actions
            self._bindings.bind(b.key, b.action, b.description, b.show, b.key_display)
            name_ = _parse(b.action)[0]
            setattr(self, f"action_{name_}", getattr(self.controls, f"action_{name_}"))
        # a game that opens with a hand-over shows the privacy screen before the table is
        # built (the first frame comes sooner); a hand confirmed meanwhile shows once built
        self.building = not remote and self.hands_over()
        self._reveal_when_built: int | None = None

    def _key_exists(self, action: str, params: tuple[int, ...]) -> bool:
        if action == "pass_screen" and len(self.client.humans) < 2:
            return False  # nobody to pass it to (check_action: never allowed then)
        return self.controls.key_exists(action, params)

    @property
    def view(self) -> dict[str, Any]:
        """What the viewer sees now (the public table while nobody has the screen)."""
        return self._view

    @property
    def legal(self) -> list[Action]:
        return self._legal

    def seat_name(self, seat: int) -> str:
        """A seat as the table names it: a bot with its level ("Cem (expert)"), a person
        plain."""
        name_, level = self.client.names[seat], self.client.bot_level(seat)
        return name_ if level is None else f"{name_} ({level})"

    # -- layout ------------------------------------------------------------------------------

    def _widgets(self) -> list[Widget]:
        c = self.controls
        left = [*c.left(), GameLog(id="log")]  # the log: short and wide, a new line is cheap
        return [
            PhaseBanner(id="banner"),
            Horizontal(Vertical(*left, id="left"), Vertical(*c.side(), id="side"), id="main"),
            # the hand (or the note that holds its place while no hand shows, so that a
            # hand-over changes the size of nothing else on the table: a size change repaints
            # all inside it) above the key bar, which takes one row or two
            Vertical(
                self._hand,
                Static(self._no_hand(), id="no-hand", classes="hand-slot"),
                KeyBar(id="keys"),
                id="bottom",
            ),
        ]

    def _no_hand(self) -> str:
        return WATCHING if self.remote and self.seat is None else NO_HAND

    def compose(self) -> ComposeResult:
        if not self.building:
            yield from self._widgets()

    def on_mount(self) -> None:
        self.client.subscribe(self._changed)
        if not self.remote:  # a remote seat keeps its memory (2-4 MiB a table): issue #25
            self.app.call_after_refresh(self.set_timer, HELP_AFTER, self._prepare_help)
        if self.remote:

            def show() -> None:
                self._layout()
                self.advance()

            self._shown(show)
            return
        if self.building:  # the privacy screen shows first; the table is built beneath it
            self.advance()
            self.call_after_refresh(self._build)
            return
        self._layout()
        self.advance()

    def _prepare_help(self) -> None:
        """The help and the app's chooser, made while nobody presses a key (the table is
        built by now, or soon)."""
        from bohn_tui.ui.screens.choose import prepare_chooser
        from bohn_tui.ui.screens.help import prepare_help

        if self.building:
            self.set_timer(HELP_AFTER, self._prepare_help)
        else:
            prepare_help(self)
            prepare_chooser(self.app)

    def on_unmount(self) -> None:
        from bohn_tui.ui.screens.help import forget_help

        forget_help(self)
        self.client.unsubscribe(self._changed)
        self.client.stop()  # the bots wait until the game is open again

    def _changed(self) -> None:
        """The client's notice: the game changed (a bot moved)."""
        error = self.client.take_error()
        if error is not None:
            self.notify(error, title="Not saved", severity="error", timeout=10)
        if self.remote and self.is_mounted:
            # a remote client tells from its own reader task, outside the app's context
            # (a screen pushed from there cannot compose): go on in the screen's own loop
            self.call_later(self._shown, lambda: self.advance(moved=True))
        elif not self._acting and self.is_mounted:
            self.advance(moved=True)

    def advance(self, moved: bool = False) -> None:
        """After any change. A remote seat keeps its seat: the table follows the host's
        state (the host runs the bots); else the hot-seat hand-over (handover.py)."""
        if not self.remote:
            super().advance(moved)
            return
        self.viewer = self.seat
        self.refresh_table()
        if self.client.over:
            if not self._ended:
                self._ended = True
                self.app.push_screen(self.controls.end_screen())
        elif self.viewer is not None:
            self.controls.maybe_forced()

    def _shown(self, step: Callable[[], object]) -> None:
        """Show what a host sent (a remote table): a view the game's parts cannot read
        ends the app with one line (BohnApp.remote_failed), never a traceback."""
        try:
            step()
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            self.app.remote_failed()

    def remote_note(self) -> str | None:
        """A remote table's line about the connection: lost, or the people who are not
        there: one who resigned ("Ben resigned: a computer player plays the seat"), a
        person's seat a computer player plays for now ("a computer player plays for Ben
        (away)"), one the game waits for ("waiting for Cem (disconnected)"), any other
        ("Dora is away"). The banner shows it under the player's instruction."""
        c = self.client
        if not isinstance(c, RemoteSeat):
            return None
        lost = c.connection
        if lost:
            return str(lost)
        resigned = [s for s in c.resigned() if s != self.seat]
        away = [s for s in c.away() if s != self.seat and s not in resigned]
        played = [s for s in c.stand_ins() if s != self.seat and s not in resigned]
        waited = set(c.waiting_for())
        gone = [s for s in away if s in waited and s not in played]
        idle = [s for s in away if s not in waited and s not in played]

        def names(seats: list[int], mark: str = "") -> str:
            return " and ".join(f"{c.names[s]}{mark}" for s in seats)

        notes = []
        if resigned:  # `bohn server`: for good
            seats = "the seat" if len(resigned) == 1 else "their seats"
            notes.append(f"{names(resigned)} resigned: a computer player plays {seats}")
        if played:  # `bohn host --takeover`
            notes.append("a computer player plays for " + names(played, " (away)"))
        if gone:
            notes.append("waiting for " + names(gone, " (disconnected)"))
        if idle:
            notes.append(names(idle) + (" is away" if len(idle) == 1 else " are away"))
        return "; ".join(notes) or None

    async def _build(self) -> None:
        await self.mount_all(self._widgets())
        # the table's keys are the screen's: no widget of it takes the focus (a focused
        # scroll container's arrow keys would scroll it where the game's pick, and every
        # key would pass through each container on its way up: issue #25)
        for w in self.walk_children(Widget):
            w.can_focus = w.can_focus_children = False
        self.building = False
        self._layout()
        seat, self._reveal_when_built = self._reveal_when_built, None
        if seat is not None:
            self.reveal(seat)
        else:
            self.call_after_refresh(self._prepaint)

    def on_resize(self) -> None:
        if self.remote:
            self._shown(self._layout)
        elif not self.building:
            self._layout()

    def _layout(self) -> None:
        width = self.app.size.width
        self.query_one("#side").styles.width = 44 if width >= 110 else 34
        self.set_class(self.app.size.height < SHORT, "few-rows")  # the hand a row shorter
        self.controls.layout(width, self.app.size.height)

    # -- acting --------------------------------------------------------------------------------

    async def do(self, action: Action, pass_on: bool = False) -> bool:
        """Submit `action` for the viewer; `pass_on`: it waits for someone else's answer,
        so an out-of-turn visit ends. False (and a notice) when the rules refuse it."""
        self.choice = None
        self._acting = True
        try:
            refused = await self.client.submit(action)
        finally:
            self._acting = False
        if refused is not None:
            self.notify(refused, title="Not allowed", severity="warning", markup=False)
            return False
        if pass_on:
            self.visiting = False
        self.advance()
        return True

    def ask(self, options: list[Action], question: str) -> None:
        """Ask on the table itself: the banner asks, the key bar lists the options, the
        game's keys (or a click) pick one, Esc cancels."""
        self.choice = (question, options)
        self.refresh_table()

    # -- rendering ---------------------------------------------------------------------------

    def refresh_table(self) -> None:
        if self.building:
            return
        with one_pass():
            self._refresh_table()

    def _refresh_table(self) -> None:
        c = self.client
        if self.viewer is not None:  # what the viewer saw of the log, for the next hand-over
            self._seen[self.viewer] = len(c.log)
        self._view = v = c.view(self.viewer)
        self._legal = c.legal(self.viewer) if self.viewer is not None else []
        if self.choice is not None:  # options the rules no longer allow leave the choice
            # (an option may be another seat's: a harvest for anyone at a public table)
            options = [
                a
                for a in self.choice[1]
                if a in (self._legal if a.seat == self.viewer else c.legal(a.seat))
            ]
            self.choice = (self.choice[0], options) if options else None
        self.controls.show(v)
        self.query_one("#log", GameLog).show(c.log)
        headline, hint = self.controls.banner()
        note = self.remote_note() if self.remote else None
        self.query_one("#banner", PhaseBanner).show(headline, hint, note)
        if self.viewer is None or self.hand_hidden:
            self._drop_hand()
        else:
            self.controls.show_hand(self._hand, v)
            if not self._hand_on:  # filled first, then shown, in the same frame
                self._hand_on = True
                self._box = False
                self.query_one("#no-hand").display = False
                self._hand.display = self._hand_display
        self._show_keys()

    def _drop_hand(self) -> None:
        """The hand's widget is emptied and hidden (it keeps nothing private: the next
        viewer's hand is drawn anew); the public note takes its place. Beneath the privacy
        screen (a seat `coming`) the emptied box stays in its place instead (the note's
        size): the reveal fills it without laying the table out."""
        hand = self._hand
        box = self.coming is not None and self._hand_display and isinstance(hand, ViewStatic)
        if self._hand_on:
            self._hand_on = False
            if isinstance(hand, ViewStatic):
                hand.forget()
            if box:
                self._box = True
                return
        elif box == self._box:
            return
        self._box = box
        hand.display = box
        self.query_one("#no-hand").display = not box

    def _show_keys(self) -> None:
        """The key bar: each shown binding whose action is legal now, first one per key."""
        if self.choice is not None:  # the game's keys pick an option, Esc cancels
            keys = [*self.controls.choice_keys(), ("Esc", "Cancel", "cancel_choice")]
        else:
            keys = shown_keys(
                self.bindings_list, lambda action: bool(self.check_action(*_parse(action)))
            )
            if self._key_texts is not None:  # what a game's key does now
                now = self._key_texts.key_text
                keys = [(label, now(act) or desc, act) for label, desc, act in keys]
        self.query_one("#keys", KeyBar).show(keys)

    # -- keys ----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if (action, parameters) in self.absent:
            return False
        if action in ("help", "menu", "view_log") or (action == "chat" and self.remote):
            return True
        if self.viewer is None:
            return False
        if action == "cancel_choice":
            return self.choice is not None
        if action in OWN and self.choice is not None:
            return False  # only the choice's keys while a question is asked
        if action == "undo":
            return self.client.can_undo(self.viewer)
        if action in ("pass_screen", "chat"):
            if self.remote:
                return action == "chat"
            # nothing to hide in a public decision
            return len(self.client.humans) > 1 and self.private(self.viewer)
        if action in OWN:
            return True
        return self.controls.check(action, parameters)

    async def on_key(self, event: events.Key) -> None:
        """A game's key that names a move the rules refuse now says why (the rules' own
        reason, through the controls' RefusedKeys); a key bound to nothing stays silent.
        The key's bindings are looked up here, before the app runs them: a refused key
        goes no further, so what is said and what is done agree."""
        refused = self._refused_keys
        if event.key not in self._game_keys or refused is None:
            return
        if self.choice is not None or self.viewer is None:
            return  # (a choice's keys are its own; nobody's hand shows: nothing to refuse)
        bindings = self._bindings.key_to_bindings.get(event.key, ())
        parsed = [_parse(b.action) for b in bindings]
        if not parsed or any(self.check_action(n, p) for n, p in parsed):
            return
        for n, p in parsed:
            move = None if (n, p) in self.absent else refused.refused_move(n, p)
            if move is not None and move not in self.legal:  # (never a legal move)
                event.stop()
                event.prevent_default()
                await self.do(move)
                return

    async def on_board_click(self, event: BoardClick) -> None:
        await self.controls.clicked(event.seat, event.index)

    def action_cancel_choice(self) -> None:
        if self.choice is not None:
            self.choice = None
            self.refresh_table()

    async def action_undo(self) -> None:
        self._acting = True
        try:
            refused = await self.client.undo()
        finally:
            self._acting = False
        if refused is not None:
            self.notify(refused, severity="warning")
            return
        self.controls.undone()
        self.refresh_table()

    def action_view_log(self) -> None:
        from bohn_tui.ui.screens.log_view import LogScreen

        self.app.push_screen(LogScreen(list(self.client.log)))

    def help_parts(self) -> tuple[list[Any], list[Any]]:
        return self.controls.help_parts()

    def action_help(self) -> None:
        from bohn_tui.ui.screens.help import kept_help

        self.app.push_screen(kept_help(self))

    def action_chat(self) -> None:
        from bohn_tui.ui.screens.chat import ChatScreen

        if not self.remote or not isinstance(self.client, Chats):
            return
        say = self.client.chat

        def sent(text: str | None) -> None:
            if text:
                refused = say(text)
                if refused is not None:
                    self.notify(refused, severity="warning")

        self.app.push_screen(ChatScreen(), sent)

    def action_menu(self) -> None:
        from bohn_tui.ui.screens.menu import MenuScreen

        if self.remote:  # the game goes on at the host
            self.app.exit()
            return
        app = self.app
        app.pop_screen()
        if not isinstance(app.screen, MenuScreen):
            app.push_screen(MenuScreen())
        # raised on the menu, after the change of screen that clears the table's toasts
        app.notify("The game is saved; continue it from the menu or with `bohn resume`.")

    # -- command palette ---------------------------------------------------------------------

    def palette_commands(self) -> list[tuple[str, str, Any]]:
        """The game actions legal now, for the command palette."""
        out = []
        for b in self.bindings_list:
            act = b.action
            name_, params = _parse(act)
            if act.endswith(("_card", "_offer")) or not self.check_action(name_, params):
                continue
            keys = f"on the table: {key_label(b)}"
            out.append((b.description, keys, lambda a=act: self.run_action(a)))
        return out
