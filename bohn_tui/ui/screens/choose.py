"""A small modal list: pick one of a few choices with the arrows, Enter or a number key.

A chooser made anew at a key composes, mounts, styles and lays out its widgets before its
first frame (about 25 ms of CPU: issue #25). The app keeps one instead, made while nobody
presses a key (`prepare_chooser`: composed, styled and laid out beneath the screen, never
shown), and `ChooseScreen(...)` hands back that one, with the new title and options, when
it is free: its options are set anew in the same widgets (nothing composed or styled), one
frame. A second chooser while the kept one is shown (or still leaving) is made anew."""

from __future__ import annotations

from typing import Any, ClassVar, Self

from rich.text import Text
from textual import events
from textual._callback import invoke
from textual._context import active_app
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from bohn_tui.ui.screens.one_frame import OneFrame, SameSizeResize, post_refreshes

HOLD = 0.5  # seconds at most that a dismissal waits for its callback before it is drawn
KEPT = "-kept-chooser"  # the app's kept chooser, installed under this name


class ChooseScreen(OneFrame, SameSizeResize, ModalScreen[Any]):
    """(OneFrame: its first layout and whole repaint draw one frame; SameSizeResize: its
    first Resize, of the size its first layout had, lays nothing out again.)

    Shown, the screen's resume lays it out and draws it whole at once, then asks for a
    whole repaint, and its widgets' first sizes ask for a layout: a second frame of the
    same picture, one tick later (issue #25). Here the resume's layout draws nothing: its
    regions stay due, and the tick's layout and whole repaint draw them, one frame."""

    _drawn = False  # a frame of it has been drawn
    _resuming = False  # its first resume is under way
    _made = False  # its __init__ has run (the kept one: `ChooseScreen(...)` hands it back)
    kept = False  # the app's kept chooser (prepare_chooser)
    _styled = False  # the kept one: styled already (at its mount or its first resume)
    _out = 0  # the kept one: resumes not yet followed by their suspend (leaving)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "cancel", "Cancel"),
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 10)),
    ]

    def __new__(
        cls, title: str, choices: list[tuple[str | Text, Any]], cancel: bool = True
    ) -> Self:
        kept = _free_kept()
        if kept is not None and type(kept) is cls:
            return kept
        return super().__new__(cls)

    def __init__(self, title: str, choices: list[tuple[str | Text, Any]], cancel: bool = True):
        if self._made:  # the kept chooser, asked again: the same widgets, new options
            self._show(title, choices, cancel)
            return
        super().__init__()
        self._made = True
        self.title_text = title
        self.choices = choices
        self.can_cancel = cancel

    def _options(self) -> list[Option]:
        return [
            Option(Text.assemble(f"{i + 1}  ", label)) for i, (label, _) in enumerate(self.choices)
        ]

    def _show(self, title: str, choices: list[tuple[str | Text, Any]], cancel: bool) -> None:
        """The kept chooser with a new question and options, in the same widgets."""
        self.title_text, self.choices, self.can_cancel = title, choices, cancel
        if not self.is_mounted:
            return
        self.query_one(Label).update(Text(title))
        options = self.query_one(OptionList)
        options._mouse_hovering_over = None
        options.set_options(self._options())
        if choices:
            options.action_first()  # as a new list does: its first option highlighted

    def compose(self) -> ComposeResult:
        with Vertical(id="choose-box", classes="dialog"):
            yield Label(Text(self.title_text), classes="dialog-title")
            yield OptionList(*self._options())

    def _on_screen_resume(self, event: events.ScreenResume) -> None:  # Screen's after it
        self._resuming = not self._drawn or self.kept
        if self.kept:
            self._out += 1
            # shown again: its styles are still right (a change of theme restyles every
            # mounted screen); new options restyle nothing
            if self._styled:
                event.refresh_styles = False
            self._styled = True
            self._settle()

    def _settle(self, rounds: int = 4) -> None:
        """The kept chooser shown with new options: laid out now, drawing nothing (as a new
        chooser is by Screen's resume), again while a widget asks a layout for its new size
        (the title's, the list's lines and scroll bar), so that the tick after draws the
        whole of it once: one frame (its widgets' Resizes come before that tick)."""
        size = self.app.size
        options = self.query_one(OptionList)
        for _ in range(rounds):
            self._refresh_layout(size)
            options._update_lines()  # its lines at its new size (else at its first render)
            if not any(w._layout_required for w in self.walk_children(Widget)):
                return
            post_refreshes(self)

    def _on_screen_suspend(self) -> None:
        super()._on_screen_suspend()
        if self.kept:
            self._out -= 1
            # kept, it holds nothing of the last question (a hand's cards to discard: the
            # next viewer's screen must hold no one else's secret, not even unseen)
            self._show("", [], self.can_cancel)

    def on_mount(self) -> None:
        if self.kept and not self.is_current:  # made beforehand (prepare_chooser)
            self.call_after_refresh(self._beneath)

    def _beneath(self) -> None:
        """Made beforehand, never shown yet: its list focused now (its focus styles final:
        no restyle at its first showing) and laid out at the app's size, drawing nothing
        (the screen on top is shown)."""
        if self.is_current or not self.is_attached:
            return
        self._update_auto_focus()
        self._styled = True  # styled at its mount: not again on its first resume
        self._settle()
        # a screen's update timer sleeps one period (1/60 s) before its very first tick
        # (which lays out nothing shown): that sleep passes now, not after the key
        self._update_timer.resume()

    def _compositor_refresh(self) -> None:
        if self._resuming:
            return  # its regions stay due: the whole repaint the resume asks draws them
        super()._compositor_refresh()
        if self.app.screen is self:
            self._drawn = True

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        if self._resuming and not (regions or layout or recompose):
            self._resuming = False  # Screen's resume asks this last
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def dismiss(self, result: Any = None) -> AwaitComplete:
        """Leave with `result`, the table beneath and what the result does to it in one
        frame: Textual pops the chooser (the table resumed: a whole frame) and runs the
        result's callback (an action: the table changes, a second whole frame) one after
        the other; here no frame is drawn from the dismissal until the callback has run,
        or `HOLD` seconds have passed (an action sent to a host far away: the chooser
        leaves by then). issue #25."""
        callbacks = self._result_callbacks
        inner = callbacks[-1].callback if callbacks and callbacks[-1].requester else None
        if inner is not None:
            app = self.app
            app._begin_batch()
            held = [True]

            def release() -> None:
                if held[0]:
                    held[0] = False
                    post_refreshes(app.screen)  # its widgets' layouts in the same frame
                    app._end_batch()

            async def run(value: Any) -> None:
                try:
                    await invoke(inner, value)
                finally:
                    release()

            callbacks[-1].callback = run
            app.set_timer(HOLD, release)
        return super().dismiss(result)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.choices[event.option_index][1])

    def action_pick(self, n: int) -> None:
        if n < len(self.choices):
            self.dismiss(self.choices[n][1])

    def action_cancel(self) -> None:
        if self.can_cancel:
            self.dismiss(None)


def _free_kept() -> ChooseScreen | None:
    """The running app's kept chooser if it is free: made, not shown nor leaving."""
    try:
        app = active_app.get()
    except LookupError:
        return None
    if not app.is_screen_installed(KEPT):
        return None
    kept = app.get_screen(KEPT)
    if not isinstance(kept, ChooseScreen) or kept._out or not kept.is_attached:
        return None
    if any(kept in stack for stack in app._screen_stacks.values()):
        return None
    return kept


def prepare_chooser(app: Any) -> None:
    """Make the app's kept chooser now, while it waits for a key: composed, styled and laid
    out beneath the screen, never shown; the next `ChooseScreen(...)` is then that one."""
    if app.is_screen_installed(KEPT):
        return
    made = ChooseScreen("", [])
    made.kept = True
    app.install_screen(made, KEPT)
    app._load_screen_css(made)
    app._register(app, made)
