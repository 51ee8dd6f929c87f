"""A small modal list: pick one of a few choices with the arrows, Enter or a number key."""

from __future__ import annotations

from typing import Any, ClassVar, Self

from rich.text import Text
from textual import events
from textual._callback import invoke
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.geometry import Region
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from bohn_tui.ui.screens.one_frame import OneFrame, SameSizeResize, post_refreshes

HOLD = 0.5  # seconds at most that a dismissal waits for its callback before it is drawn


class ChooseScreen(OneFrame, SameSizeResize, ModalScreen[Any]):
    """(OneFrame: its first layout and whole repaint draw one frame; SameSizeResize: its
    first Resize, of the size its first layout had, lays nothing out again.)

    Shown, the screen's resume lays it out and draws it whole at once, then asks for a
    whole repaint, and its widgets' first sizes ask for a layout: a second frame of the
    same picture, one tick later (issue #25). Here the resume's layout draws nothing: its
    regions stay due, and the tick's layout and whole repaint draw them, one frame."""

    _drawn = False  # a frame of it has been drawn
    _resuming = False  # its first resume is under way

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "cancel", "Cancel"),
        *(Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 10)),
    ]

    def __init__(self, title: str, choices: list[tuple[str | Text, Any]], cancel: bool = True):
        super().__init__()
        self.title_text = title
        self.choices = choices
        self.can_cancel = cancel

    def compose(self) -> ComposeResult:
        with Vertical(id="choose-box", classes="dialog"):
            yield Label(Text(self.title_text), classes="dialog-title")
            yield OptionList(
                *[
                    Option(Text.assemble(f"{i + 1}  ", label))
                    for i, (label, _) in enumerate(self.choices)
                ]
            )

    def _on_screen_resume(self, event: events.ScreenResume) -> None:  # Screen's after it
        self._resuming = not self._drawn

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
