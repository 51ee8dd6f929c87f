"""The hot-seat hand-over, for the table screen: who has the screen, the privacy screen
between two people, taking the screen out of turn, and what follows every change (the bots
at work, the end, the next person asked). Knows no game: it reads the seat client, and what
each seat is asked (`asks`: the sentence for the privacy screen, whether the decision is
private)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from bohn_tui.ui.screens.choose import ChooseScreen
from bohn_tui.ui.screens.one_frame import post_refreshes
from bohn_tui.ui.screens.privacy import privacy_screen

if TYPE_CHECKING:
    from bohn_tui.play.client import SeatClient
    from bohn_tui.ui.parts import Controls


class HandOver:
    """Mixed into TableScreen (a Textual Screen)."""

    client: SeatClient
    controls: Controls
    viewer: int | None
    visiting: bool
    building: bool
    hand_hidden: bool
    choice: Any
    _seen: dict[int, int]
    _reveal_when_built: int | None
    _ended: bool
    # the seat the privacy screen passes the table to, while it is up: the table beneath is
    # made ready for it with what is public (its panel lit, the hand's box laid out empty)
    coming: int | None = None
    # the seat `coming` was when the table beneath was made ready (what a waiting test reads)
    prepared: int | None = None

    if TYPE_CHECKING:  # the table screen's (and Textual's)
        app: Any

        def refresh_table(self) -> None: ...
        def _drop_hand(self) -> None: ...
        def query(self, *args: Any, **kwargs: Any) -> Any: ...
        def call_after_refresh(self, callback: Any, *args: Any) -> bool: ...
        def call_later(self, callback: Any, *args: Any) -> bool: ...
        def _refresh_layout(self, size: Any = None, scroll: bool = False) -> None: ...

        _layout_required: bool
        _compositor: Any

    def private(self, seat: int | None = None) -> bool:
        """Whether what `seat` is asked now is private (`Ask.private`: the screen passes
        behind the privacy screen); a seat not asked, or None: whether anything asked now
        is (nothing private anywhere: nobody's screen needs hiding)."""
        asks = self.client.asks()
        ask = None if seat is None else asks.get(seat)
        if ask is not None:
            return ask.private
        return any(a.private for a in asks.values())

    def hands_over(self) -> bool:
        """The screen passes behind the privacy screen now: two or more people, and the
        person the game waits for is asked something private."""
        d = self.client.next_human()
        return len(self.client.humans) > 1 and d is not None and self.private(d)

    def advance(self, moved: bool = False) -> None:
        """After any change: let bots act, then give the screen to whoever must decide.
        `moved`: a bot has just moved (the client's notice)."""
        c = self.client
        if c.settle():  # bots at work: the table shows each move
            if not self.private():
                # nothing to hide: the person the game waits for takes the table at once,
                # else a person keeps it (to act out of turn while the bots move)
                seat = c.next_human()
                if seat is None:
                    seat = self.viewer if self.viewer is not None else next(iter(c.humans), None)
                if seat != self.viewer:
                    self.viewer, self.hand_hidden, self.choice = seat, True, None
                    self.coming = None
                    self.controls.reset()
            elif moved and len(c.humans) > 1 and self.viewer is not None:
                public = c.view(None)
                if c.is_bot(public["active"]) and self.viewer not in c.waiting_for():
                    self.viewer = None  # a bot's turn: hide the hand of whoever had the screen
                    self.visiting = False
            self.refresh_table()
            return
        if c.over:
            self.viewer = self.coming = None
            self.refresh_table()
            if not self._ended:
                self._ended = True
                self.app.push_screen(self.controls.end_screen())
            return
        if self.hand_hidden and self.private(c.next_human()):
            self.hand_hidden = False  # a hand shows next: pass the screen properly
            self.viewer = None
        d = c.next_human()
        if d is None or (self.visiting and self.viewer is not None) or d == self.viewer:
            self.refresh_table()
            self.controls.maybe_forced()
            return
        self.hand_over(d)

    def hand_over(self, seat: int) -> None:
        """Pass the screen: hide every private widget, then the opaque privacy screen."""
        self.app.clear_above(self)  # no private modal stays
        self.viewer = self.coming = None
        self.choice = None
        if not self.private(seat):  # no hand shows: no privacy screen
            self.hand_hidden = True
            self.reveal(seat)
            return
        if len(self.client.humans) == 1:
            self.reveal(seat)
            return
        log = self.client.log
        since = [ln.text for ln in log[self._seen.get(seat, len(log)) :]]
        # the privacy screen first, then the table hides the hand beneath it: the table is
        # not laid out or painted while it is covered
        cover = privacy_screen(self.app).show_for(
            self.client.names[seat], self._reason(seat), since, lambda: self.reveal(seat)
        )
        self.app.push_screen(cover)
        self.coming = seat
        if not self.building:
            self._drop_hand()  # at once; the rest of the table is brought up to date below
        self.call_after_refresh(self._prepaint)

    def _prepaint(self) -> None:
        """Once the privacy screen shows, bring the table beneath up to date for the seat
        `coming`, with what is public only (its panel lit, the hand's box kept empty in its
        place: the reveal restyles and lays out nothing), lay it out and paint its public
        widgets into their line caches: the hand-over's frame then draws only what the new
        viewer's own view changes (their hand, their panel's title, keys and banner)."""
        if self.app.screen is self or self.building:
            return
        self.refresh_table()
        post_refreshes(self)  # each widget's layout asked now: laid out after these messages
        self.call_later(self._lay_out_beneath)

    def _lay_out_beneath(self) -> None:
        if self.app.screen is self or self.building:
            return
        if self._layout_required:  # (Textual lays out only the screen on top)
            self._refresh_layout(self.app.size)
            self._layout_required = False
        self._compositor.keep_frame()  # every widget's rows drawn, the whole frame kept
        self.prepared = self.coming

    def reveal(self, seat: int) -> None:
        if self.building:
            self._reveal_when_built = seat
            return
        self.viewer = seat
        self.coming = self.choice = None
        self.controls.reset()
        with self.app.batch_update():
            self.refresh_table()
            self.controls.scroll_to(seat)
        post_refreshes(self)  # all in the frame the privacy screen leaves
        self.controls.maybe_forced()

    def _reason(self, seat: int) -> str:
        """Why the screen passes to `seat`: what the game asks of them."""
        name = self.client.names[seat]
        active = self.client.view(None)["active"] == seat
        if self.visiting:  # not asked now: their own turn goes on, or they act out of turn
            return (
                f"It is {name}'s turn."
                if active
                else f"{name} takes the screen to act out of turn."
            )
        ask = self.client.asks().get(seat)
        if ask is not None:
            return ask.sentence
        if active:
            return f"It is {name}'s turn."
        return f"{name} decides next."

    def action_pass_screen(self) -> None:
        c = self.client
        if self.visiting:
            self.visiting = False
            d = c.next_human()
            if d is not None and d != self.viewer:
                self.hand_over(d)
            return
        others = [x for x in c.humans if x != self.viewer]
        choices: list[tuple[str | Text, Any]] = [(c.names[x], x) for x in others]
        self.app.push_screen(
            ChooseScreen("Pass the screen to whom (to act out of turn)?", choices),
            self._visit,
        )

    def _visit(self, seat: int | None) -> None:
        if seat is None:
            return
        self.visiting = seat != self.client.next_human()
        self.hand_over(seat)
