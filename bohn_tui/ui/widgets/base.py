"""A Static that repaints only when what it shows has changed, and then only the rows that
changed; it asks for a layout pass only when its height may have changed: the table
updates every widget after each action, and an unchanged widget must cost nothing, a
changed one only its changed rows (issue #25: a repaint is Textual's per-row work, padding,
border, filters, for every row of the widget, blank ones included)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, cast

from rich.cells import cell_len
from rich.style import Style as RichStyle
from rich.text import Span, Text
from textual.content import Content
from textual.dom import NoScreen
from textual.geometry import Region, Size
from textual.message_pump import MessagePump
from textual.strip import Strip
from textual.visual import RenderOptions, Visual
from textual.widget import Widget
from textual.widgets import Static

Row = tuple[str, tuple[tuple[int, int, Any], ...]]  # one row's line: its text, its spans

_HELD: list[set[Any]] = []  # while a pass updates widgets (one_pass): whose idle is due


@contextmanager
def one_pass() -> Iterator[None]:
    """Widgets updated within it tell the screen what to repaint or lay out as the pass
    ends, at once: each would post itself a message, and its own task would wake at its
    idle, to tell the screen the same (Textual's check_idle; issue #25)."""
    held: set[Any] = set()
    _HELD.append(held)
    try:
        yield
    finally:
        _HELD.pop()
        if not _repaint_at_once(held):
            for w in held:
                if w._next_callbacks:  # (callbacks wait for its idle: it has its idle)
                    MessagePump.check_idle(w)
                else:
                    w._check_refresh()


def _repaint_at_once(held: set[Any]) -> bool:
    """Where the pass only repainted widgets of the screen shown (no layout, no style, no
    callback due), put them in the screen's dirty widgets and wake its update timer, as
    the screen does on their Update messages and the idle after them: one message and
    a task's wake a widget fewer, then one more (issue #25). False: nothing done."""
    if not held:
        return True
    screen = None
    for w in held:
        if (
            w._next_callbacks
            or w._layout_required
            or w._refresh_styles_required
            or w._scroll_required
            or w._parent is None
            or w._closing
        ):
            return False
        try:
            s = w.screen
        except NoScreen:  # (no longer mounted)
            return False
        if screen is None:
            screen = s
        elif s is not screen:
            return False
    assert screen is not None
    if not screen.is_current or screen.app._batch_count or screen not in screen._compositor:
        return False
    for w in held:
        if w._repaint_required:
            w._repaint_required = False
            if w.display:
                screen._dirty_widgets.add(w)
    if screen._dirty_widgets:
        screen._update_timer.resume()
    return True


def _rows(content: Text) -> tuple[tuple[Any, ...], list[Row]]:
    """What the whole text's rows share (its own settings) and each row's line: its text
    and the spans over it, cut to it (rich's Text.split does the same, three times slower)."""
    whole = (content.style, content.justify, content.overflow, content.no_wrap, content.end)
    lines = content.plain.split("\n")
    starts = []
    at = 0
    for ln in lines:
        starts.append(at)
        at += len(ln) + 1
    spans: list[list[tuple[int, int, Any]]] = [[] for _ in lines]
    for start, end, style in content.spans:
        i = bisect_right(starts, start) - 1
        while i < len(lines) and starts[i] < end:
            a, b = max(start - starts[i], 0), min(end - starts[i], len(lines[i]))
            if b > a:
                spans[i].append((a, b, style))
            i += 1
    return whole, [(ln, tuple(sp)) for ln, sp in zip(lines, spans, strict=True)]


@dataclass(frozen=True, slots=True)
class _Frame:
    """What Textual's styles cache puts around a widget's content row (ViewStatic._frame)."""

    left: list[Any]  # the segments left of the content (border, padding)
    right: list[Any]
    inner: RichStyle  # the content's blank
    content: int  # the content's width
    width: int  # the widget's
    filters: tuple[Any, ...]  # the app's line filters
    background: Any  # the widget's background colour (the filters')


class _NoWrap:
    """A widget's style rules, its text never wrapped: a row's line that fits its row (the
    only kind made alone) wraps to itself, and finding that out is half its cost."""

    __slots__ = ("rules",)

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def get(self, key: str, default: Any = None) -> Any:
        return "nowrap" if key == "text_wrap" else self.rules.get(key, default)


class HeldIdle:
    """Mixed in before a widget class: within one_pass, its idle is the pass's end."""

    _running: bool

    def check_idle(self) -> None:
        if _HELD and self._running:
            _HELD[-1].add(self)
            return
        super().check_idle()  # type: ignore[misc]


class _EdgeTitle:
    """Widget's border title (or subtitle), but a new one repaints only its border's row,
    and the same one again nothing (Textual's repaints the whole widget at every set)."""

    def __init__(self, name: str) -> None:
        self.base: Any = Widget.__dict__[name]
        self.top = name == "border_title"

    def __get__(self, obj: Any, objtype: Any = None) -> str | None:
        got: str | None = self.base.__get__(obj, objtype)
        return got

    def __set__(self, obj: ViewStatic, title: Any) -> None:
        before = self.base.__get__(obj, type(obj))
        obj._repaint_only = []  # Textual's whole repaint at the set: none
        try:
            self.base.__set__(obj, title)
        finally:
            obj._repaint_only = None
        if self.base.__get__(obj, type(obj)) != before:
            obj._repaint_edge(self.top)


class ViewStatic(HeldIdle, Static):
    # not text to select with the mouse: its rows are drawn from strips it kept, whose text
    # offsets are of the row each was made for (the log to select from: the log view, v)
    ALLOW_SELECT = False
    FIXED_HEIGHT = False  # True where the stylesheet fixes the height: never a layout pass
    # True where the widget shows its lines already wrapped into rows (wrapped_rows): a row
    # may then be as wide as the content (Textual wraps it no further)
    WRAPS = False
    WRAPPED = 256  # lines kept wrapped (wrapped_rows)
    _wraps: dict[tuple[Any, int], list[Text]] | None = None
    _key: Any = None
    _lines: int = -1
    _wide: bool = True
    # the rows shown (None: not known, the next update repaints all) and the size they had
    _painted: tuple[tuple[Any, ...], list[Row], Size] | None = None
    _repaint_only: list[Region] | None = None  # while set, a whole repaint asked is these rows only
    # the rows drawn (strips, borders and background applied) by what each row shows: a row
    # that shows a line drawn before, at any height (a log that scrolls), is that strip
    # again; forgotten at every whole repaint (a new style, size, theme)
    _drawn: dict[Any, Strip] | None = None
    _drawn_at: tuple[Size, int, int] = (Size(0, 0), 0, 0)  # its size, content's top, height
    _framing: tuple[Any, _Frame | None] | None = None  # (the drawn rows it is for, the frame)
    DRAWN = 256

    border_title = _EdgeTitle("border_title")
    border_subtitle = _EdgeTitle("border_subtitle")

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        """Its new size, without a layout for its new virtual size: Textual's virtual_size
        reactive lays the screen out again after every layout that changed a widget's
        height (a second frame, the same picture, after a panel grew or shrank: issue
        #25); a ViewStatic never scrolls, so its virtual size moves nothing.
        A new height of the same width (a panel above it grew, a hand-over) shows the same
        rows from the top: they stay the rows shown (else every frame would take them for
        another size's and draw them all, and the next update repaint it whole)."""
        changed = super()._size_updated(size, virtual_size, container_size, layout=False)
        painted = self._painted
        if painted is not None and painted[2].width == self.outer_size.width:
            self._painted = (*painted[:2], self.outer_size)
        return changed

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> ViewStatic:
        only = self._repaint_only
        if only is not None and not regions and repaint and not layout and not recompose:
            if not only:
                return self  # the same picture
            regions = tuple(only)
        elif not regions:
            self._drawn = None
        super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
        return self

    def render_lines(self, crop: Region) -> list[Strip]:
        """The rows of `crop`: a row of content whose line was drawn before is that strip
        again (Textual's rows are kept by their height in the widget: a line moved up a row
        was drawn anew, and every row after a change of the text)."""
        painted = self._painted
        if (
            painted is None
            or painted[2] != self.outer_size
            or self.styles.content_align_vertical != "top"
        ):
            return super().render_lines(crop)
        rows, size = painted[1], painted[2]
        drawn = self._drawn
        if drawn is None or len(drawn) > self.DRAWN or self._drawn_at[0] != size:
            drawn = self._drawn = {}
            gutter = self.styles.gutter  # (Textual's content offset and size, kept)
            self._drawn_at = (size, gutter.top, size.height - gutter.height)
        _, top, inner = self._drawn_at
        span = (*crop.column_span, size.width)
        keys: list[Any] = []
        strips: list[Strip | None] = []
        cache = self._styles_cache  # (its rows kept true: a row drawn here is not stale there)
        dirty = cache._dirty_lines
        for y in crop.line_range:
            r = y - top
            key = ((rows[r] if r < len(rows) else r), span) if 0 <= r < inner else None
            strip = None if key is None else drawn.get(key)
            if strip is not None and y in dirty:  # Textual's row y is stale: gone
                dirty.discard(y)
                cache._cache.pop(y, None)
            keys.append(key)
            strips.append(strip)
        new_rows = [i for i, st in enumerate(strips) if st is None and keys[i] is not None]
        frame = self._frame() if new_rows else None
        if frame is not None:  # the content rows framed here, the others by Textual
            for i in new_rows:
                y = crop.y + i
                whole = cache._cache[y] = self._framed(frame, y - top)
                dirty.discard(y)
                strips[i] = drawn[keys[i]] = self._filtered(frame, whole, crop)
        i = 0
        while i < len(strips):  # each run of rows still to draw, by Textual
            if strips[i] is not None:
                i += 1
                continue
            end = i
            while end + 1 < len(strips) and strips[end + 1] is None:
                end += 1
            new = super().render_lines(Region(crop.x, crop.y + i, crop.width, end - i + 1))
            for j, strip in enumerate(new, i):
                strips[j] = strip
                if keys[j] is not None:
                    drawn[keys[j]] = strip
            i = end + 1
        return strips  # type: ignore[return-value]

    def _frame(self) -> _Frame | None:
        """What Textual's styles cache puts around a content row of this widget now: the
        cells left of the content (border, padding), right of it, the content's blank
        style and the app's line filters; kept while the drawn rows are (a new style, size
        or theme repaints the widget whole and forgets both). None where a row is more
        than that (a tint, an opacity, a hatch, an outline, a link under the mouse)."""
        frame = self._framing
        if frame is not None and frame[0] is self._drawn:
            return frame[1]
        styles = self.styles
        made: _Frame | None = None
        hover = self.hover_style
        if (
            not styles.tint.a
            and self.opacity == 1.0
            and styles.text_opacity == 1.0
            and not (styles.has_rule("hatch") and styles.hatch != "none")
            and not any(edge for edge, _ in styles.outline)
            and not (self.auto_links and hover._link_id and hover._meta)
        ):
            size = self.region.size
            gutter = styles.gutter
            if size.height > gutter.height and size.width > gutter.width:
                base, background = self.background_colors
                app = self.app
                cache = self._styles_cache
                inner = cache.get_inner_outer(base, background)[0].rich_style
                blank = cache.render_line(
                    styles,
                    gutter.top,
                    size,
                    self.content_region.size,
                    styles.padding,
                    base,
                    background,
                    lambda _y: Strip([]),
                    None,
                    None,
                    1.0,
                    app.ansi_theme,
                    app.native_ansi_color,
                )
                width = size.width
                made = _Frame(
                    left=list(blank.crop(0, gutter.left)),
                    right=list(blank.crop(width - gutter.right, width)),
                    inner=inner,
                    content=width - gutter.width,
                    width=width,
                    filters=tuple(self.get_line_filters()),
                    background=background,
                )
        self._framing = (self._drawn, made)
        return made

    def _framed(self, frame: _Frame, row: int) -> Strip:
        """Content row `row` as Textual's styles cache draws it (and keeps it): the content
        line its width, framed."""
        line = self.render_line(row).adjust_cell_length(frame.content, frame.inner)
        return Strip([*frame.left, *line, *frame.right], frame.width)

    @staticmethod
    def _filtered(frame: _Frame, strip: Strip, crop: Region) -> Strip:
        """A row as Textual's styles cache gives it: the line filters applied, cropped to
        `crop`'s columns."""
        for f in frame.filters:
            strip = strip.apply_filter(f, frame.background)
        x1, x2 = crop.column_span
        return strip if (x1, x2) == (0, frame.width) else strip.crop(x1, x2)

    def render_line(self, y: int) -> Strip:
        """Content row y: where the text is one row a line, that line alone is made into its
        strip (Textual makes every row of the text again to draw one)."""
        painted = self._painted
        if (
            painted is None
            or not 0 <= y < len(painted[1])
            or painted[2] != self.outer_size
            or self.styles.content_align != ("left", "top")
        ):
            return super().render_line(y)
        (style, justify, overflow, no_wrap, _end), (line, spans) = painted[0], painted[1][y]
        text = Text(line, style, justify=justify, overflow=overflow, no_wrap=no_wrap, end="")
        text.spans = [Span(*sp) for sp in spans]
        content = Content.from_rich_text(text, console=self.app.console)
        if any(isinstance(st, RichStyle) and st._meta for st in (style, *(sp[2] for sp in spans))):
            return Visual.to_strips(self, content, self.size.width, 1, self.visual_style)[0]
        # what Visual.to_strips does for such a row (no link, top left; no selection: none
        # starts on a ViewStatic, ALLOW_SELECT)
        options = RenderOptions(self._get_style, cast(Any, _NoWrap(self.styles)))
        return content.render_strips(self._content_width(), 1, self.visual_style, options)[0]

    def _row_region(self, y: int) -> Region:
        """The widget's row y (0: the top border's, if it has one), its whole width, in
        content coordinates as Widget.refresh takes them."""
        left, top = self.content_offset
        return Region(-left, y - top, self.outer_size.width, 1)

    def _repaint_edge(self, top: bool) -> None:
        """The row of the top (else the bottom) border: its title changed."""
        if not self.is_mounted or not self.outer_size:
            self.refresh()
            return
        self.refresh(self._row_region(0 if top else self.outer_size.height - 1))

    def changed(self, key: Any) -> bool:
        """True (and remembers `key`) when `key` differs from the last one shown."""
        if key == self._key:
            return False
        self._key = key
        return True

    def forget(self) -> None:
        """Hold nothing (no text, no border title) and forget what was shown: the next
        `show` draws anew."""
        self._key = None
        self.border_title = None
        self.update("")

    def show_if_changed(self, key: Any, build: Callable[[], Any]) -> None:
        if self.changed(key):
            self.update(build())

    def update(self, content: Any = "", *, layout: bool = True) -> None:
        """Like Static.update, but without a layout pass when the text keeps its number
        of lines and fits the width (so its height cannot change), and then repainting
        only the rows whose line changed."""
        rows = _rows(content) if isinstance(content, Text) else None
        if self.FIXED_HEIGHT:
            layout = False
        elif rows is not None or isinstance(content, str):  # (rows: a Text's lines)
            lines = [ln for ln, _ in rows[1]] if rows is not None else content.split("\n")
            wide = max(cell_len(r) for r in lines) >= max(1, self._content_width())
            layout = layout and (len(lines) != self._lines or wide or self._wide)
            self._lines, self._wide = len(lines), wide
        if rows is not None and not self._one_row_each(rows[1]):
            rows = None  # a line that wraps: the rows after it move
        only = None if layout else self._changed_rows(rows)
        self._painted = None if rows is None else (*rows, self.outer_size)
        self._repaint_only = only
        try:
            # Static.update, but Textual's Content is made only when something asks for it
            # (Static.visual: a whole render, a layout that measures the text): a changed
            # row is drawn from the rich Text itself (render_line), and making the whole
            # text's Content, its spans and styles converted, cost more than the row
            self._Static__content = content
            self._Static__visual = None
            self.refresh(layout=layout)
        finally:
            self._repaint_only = None

    def _content_width(self) -> int:
        """The content's width, of its last layout: also while hidden (no region: Textual's
        content_size is 0), so a widget filled before it shows (the hand at a hand-over) is
        drawn row by row as it shows."""
        return max(0, self.outer_size.width - self.gutter.width)

    def _one_row_each(self, lines: list[Row]) -> bool:
        """Every line is one row: none as wide as the content (wrapped here: none wider),
        no tab."""
        width = self._content_width()
        room = width + 1 if self.WRAPS else width
        return bool(width) and all("\t" not in p and cell_len(p) < room for p, _ in lines)

    def wrapped_rows(self, key: Any, line: Text | Callable[[], Text], width: int) -> list[Text]:
        """The rows of `line` (or of the line it makes) at `width`, as Textual wraps it (the space
        a row breaks at dropped, as Textual drops it), kept by `key` and the width: the
        same lines come back at every key. Shown one row a line (WRAPS), a widget's update
        repaints only its changed rows; a line Textual wraps itself repaints it whole."""
        wraps = self._wraps
        if wraps is None:
            wraps = self._wraps = {}
        rows = wraps.get((key, width))
        if rows is None:
            if len(wraps) >= self.WRAPPED:
                wraps.clear()
            text = line if isinstance(line, Text) else line()
            rows = wraps[key, width] = list(text.wrap(self.app.console, max(1, width)))
            for row in rows[:-1]:
                row.rstrip()
        return rows

    def _changed_rows(self, rows: tuple[tuple[Any, ...], list[Row]] | None) -> list[Region] | None:
        """The rows to repaint for `rows` (None: all): each whose line differs from the one
        shown, where the text shown before had the same settings, one row a line, at the
        same size."""
        shown = self._painted
        if rows is None or shown is None or not self.is_mounted:
            return None
        whole, lines = rows
        was_whole, was, size = shown
        if whole != was_whole or size != self.outer_size:
            return None
        if self.styles.content_align_vertical != "top":
            return None
        top = self.content_offset.y
        return [
            self._row_region(top + y)
            for y in range(max(len(lines), len(was)))
            if y >= len(lines) or y >= len(was) or lines[y] != was[y]
        ]
