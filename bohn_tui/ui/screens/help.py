"""Help: the real key bindings of the screen below plus what the game tells of itself (its
table parts' help: the rules, the viewer's situation)."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from bohn_tui.ui.screens.one_frame import OneFrame, SameSizeResize

KEY_NAMES = {
    "question_mark": "?",
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "escape": "Esc",
    "slash": "/",
}


def key_name(key: str) -> str:
    """A key as the key bar names it: "?", "←", "Esc", "^q" (ctrl+q)."""
    if key.startswith("ctrl+"):
        return "^" + key.removeprefix("ctrl+")
    return KEY_NAMES.get(key, key)


def key_table(bindings: list[BindingType]) -> Table:
    t = Table(box=None, show_header=False, padding=(0, 1))
    t.add_column(style="bold yellow", justify="right")
    t.add_column()
    seen: set[str] = set()
    for b in bindings:
        if not isinstance(b, Binding) or not b.description or b.description in seen:
            continue
        seen.add(b.description)
        keys = " ".join(key_name(k.strip()) for k in b.key.split(","))
        t.add_row(f" {keys} ", b.description)
    return t


class HelpScreen(OneFrame, SameSizeResize, ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close help")]
    # its first line: the way out, seen before any scrolling (a help is longer than the
    # screen, and it has no key bar)
    CLOSE = "Esc closes this help · ↑↓ PgUp PgDn scroll"

    def __init__(
        self,
        bindings: list[BindingType],
        before: list[Any] | None = None,
        after: list[Any] | None = None,
    ) -> None:
        super().__init__()
        self.bindings_list = bindings
        self.before = before or []  # the game's text before the keys, and after them
        self.after = after or []
        self.kept = False  # kept_help's: shown again and again
        self._shown = False  # resumed once already (its styles are applied)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box", classes="dialog"):
            yield Static(Text(self.CLOSE))
            for r in self.before:
                yield Static(r, classes="help-part")
            if self.bindings_list:
                yield Static("[b]Keys[/b] · the bottom line shows the ones you can use now")
                yield Static(key_table(self.bindings_list))
            for r in self.after:
                yield Static(r, classes="help-part")

    def _on_screen_resume(self, event: events.ScreenResume) -> None:
        # shown again (kept_help): its styles are still right (a change of theme restyles
        # every mounted screen); styling it anew made its scroll bars lay it out again, a
        # second frame after the first
        if self.kept and self._shown:
            event.refresh_styles = False
        self._shown = True
        super()._on_screen_resume(event)

    def on_mount(self) -> None:
        if not self.is_current:  # made beforehand (prepare_help): laid out beneath
            self.call_after_refresh(self._lay_out)

    def _lay_out(self, rounds: int = 8) -> None:
        """Made beforehand, never shown yet: lay it out at the app's size until its widgets
        ask nothing more (their first sizes ask a layout again), then paint them into their
        line caches: its first frame is then one whole repaint, from those caches."""
        if self.is_current or not self.is_attached:
            return
        if rounds == 8:
            self._update_auto_focus()  # focused now: its scroll bars' styles are final
            self._shown = True  # styled at its mount: not again on its first resume
        elif not (self._layout_required or self._dirty_widgets):
            for w in self.walk_children(Widget):
                if w.region:
                    w.render_lines(Region(0, 0, w.region.width, w.region.height))
            # a screen's update timer sleeps one period (1/60 s) before its very first
            # tick (which does nothing beneath): that sleep passes now, not after the `?`
            self._update_timer.resume()
            return
        self._refresh_layout(self.app.size)
        self._layout_required = self._repaint_required = False
        self._dirty_widgets.clear()
        if rounds:
            self.call_after_refresh(self._lay_out, rounds - 1)

    def show(self, before: list[Any], after: list[Any]) -> HelpScreen:
        """The same help again with the game's text of now: only a part that changed is
        drawn anew (a part made again equal, or the very same object, keeps its lines)."""
        old = [*self.before, *self.after]
        self.before, self.after = before, after
        new = [*before, *after]
        if not self.is_mounted:
            return self
        shown = list(self.query(".help-part").results(Static))
        if not len(old) == len(new) == len(shown):
            self.refresh(recompose=True)
            return self
        for widget, was, now in zip(shown, old, new, strict=True):
            if not same(was, now):
                widget.update(now)
        return self

    def action_close(self) -> None:
        self.dismiss(None)


def same(a: Any, b: Any) -> bool:
    """Whether a help part shows the same as another: the same object, or equal strings or
    texts (a rich Table has no equality: the games keep theirs, made once)."""
    if a is b:
        return True
    if isinstance(a, Text) and isinstance(b, Text):
        return a == b and a.style == b.style and a.justify == b.justify
    return isinstance(a, str) and a == b


def help_for(screen: Any) -> HelpScreen:
    """The help of `screen`: its keys and the app's, and its `help_parts()` (the renderables
    before and after the keys) if it has them."""
    bindings = list(getattr(screen, "bindings_list", getattr(screen, "BINDINGS", [])))
    bindings += list(type(screen.app).BINDINGS)
    parts = getattr(screen, "help_parts", None)
    before, after = parts() if parts is not None else ([], [])
    return HelpScreen(bindings, before, after)


def kept_help(screen: Any) -> HelpScreen:
    """`help_for(screen)`, made once and kept (installed) while `screen` lives, then shown
    again with its `help_parts()` of now: a new help screen composes, lays out twice and
    draws four frames before it settles, and its removal on close draws the screen below
    twice; a kept one opens and closes in one frame each. `forget_help` ends it."""
    app = screen.app
    name = _kept_name(screen)
    if not app.is_screen_installed(name):
        made = help_for(screen)
        made.kept = True
        app.install_screen(made, name)
        return made
    parts = getattr(screen, "help_parts", None)
    before, after = parts() if parts is not None else ([], [])
    kept = app.get_screen(name)
    assert isinstance(kept, HelpScreen)
    return kept.show(before, after)


def prepare_help(screen: Any) -> None:
    """Make `screen`'s kept help now, while the app waits for a key (kept_help): composed,
    styled and laid out beneath the screen, never shown; its first opening then draws one
    frame, like every later one, instead of composing and laying out as it shows."""
    app = screen.app
    if not screen.is_attached or getattr(screen, "building", False):
        return
    made = kept_help(screen)
    if made.is_running or made in app.screen_stack:
        return
    app._load_screen_css(made)
    app._register(app, made)


def forget_help(screen: Any) -> None:
    """The kept help of `screen` (which closes) goes with it (unless it is still shown: the
    app is closing, and it ends them all)."""
    app = screen.app
    name = _kept_name(screen)
    if app.is_screen_installed(name):
        kept = app.get_screen(name)
        if kept in app.screen_stack:
            return
        app.uninstall_screen(name)
        if kept.is_attached:
            kept.remove()


def _kept_name(screen: Any) -> str:
    return f"-kept-help-{id(screen)}"
