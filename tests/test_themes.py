"""Every theme the app offers draws its text readably: each piece of text on the screens a
player sees (the table at 80x24 with whole and compact panels, an offer to answer, the
key bar; the privacy screen; the menu; help) has a WCAG contrast ratio of at least 4.5
between the colours it is drawn in. Computed from what is drawn (the theme's variables
through the stylesheets), not from a list of colours. Card labels are left out: their
colours are the cards' own, the same in every theme; their ink is checked on its own below."""

from __future__ import annotations

from pathlib import Path

from helpers.screen import segments
from helpers.ui import make_app
from textual.color import Color

from bohn_tui.games.common.data import load
from bohn_tui.play.session import Session
from bohn_tui.ui.app import THEMES, BohnApp

AA = 4.5  # WCAG 2 AA, normal text


def luminance(c: Color) -> float:
    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)


def contrast(a: Color, b: Color) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_of_known_colours() -> None:
    """The formula against WCAG's own end points: black on white is 21, a colour on itself 1."""
    assert round(contrast(Color(0, 0, 0), Color(255, 255, 255)), 1) == 21.0
    assert contrast(Color(119, 119, 119), Color(119, 119, 119)) == 1.0
    assert 4.4 < contrast(Color(119, 119, 119), Color(255, 255, 255)) < 4.6  # #777 on white


def unreadable(app: BohnApp, where: str, cards: set[str]) -> list[str]:
    bad = []
    for y, seg in segments(app):
        st = seg.style
        if not any(ch.isalnum() for ch in seg.text):
            continue  # borders, rules, dots: not text
        assert st is not None and st.color is not None and st.bgcolor is not None, seg
        fg, bg = Color.from_rich_color(st.color), Color.from_rich_color(st.bgcolor)
        if bg.hex.lower() in cards:
            continue
        ratio = contrast(fg, bg)
        if ratio < AA:
            bad.append(
                f"{app.theme} {where} row {y}: {seg.text!r} {fg.hex} on {bg.hex} {ratio:.2f}"
            )
    return bad


async def test_every_offered_theme_draws_readable_text(tmp_path: Path) -> None:
    s = Session.new("bohnanza", ["Ana", "Ben", "Cem"], {2: "standard"}, seed=3)
    cards = {v.colour.lower() for v in load("bohnanza").varieties.values()}
    app = make_app(tmp_path, s)
    assert set(app.available_themes) == set(THEMES) and "textual-light" in THEMES
    bad: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:

        async def each_theme(where: str) -> None:
            for theme in THEMES:
                app.theme = theme
                await pilot.pause()
                bad.extend(unreadable(app, where, cards))

        await pilot.pause()
        await each_theme("privacy screen")
        await pilot.press("enter", "1", "e")  # planted, turned up: the bot offers
        await pilot.pause()
        assert s.state.phase == "trade"
        await each_theme("table")
        await pilot.press("question_mark")
        await pilot.pause()
        await each_theme("help")
        await pilot.press("escape", "q")
        await pilot.pause()
        await each_theme("menu")
    assert not bad, "\n".join(bad)


def _has_beans(game: str) -> bool:
    """Whether a game's data has bean-card varieties."""
    import tomllib
    from importlib import resources

    from bohn_tui.games import REGISTRY

    data = resources.files(REGISTRY.packages[game].value.split(":")[0]).joinpath("data.toml")
    if not data.is_file():  # a game with no printed data (the test plug-in): no bean cards
        return False
    text = data.read_text("utf-8")
    return "variety" in tomllib.loads(text)


def test_every_cards_label_reads_on_its_colour() -> None:
    """A card's label is black or white on the card's own colour, whichever contrasts more
    (WCAG 2): at least 4.5:1 for every variety of every game (Chili, Green and Stink had
    white ink at 3.2-4.2)."""
    from rich.style import Style

    from bohn_tui.games import GAMES
    from bohn_tui.games.common.ui.cards import card

    for game in GAMES:
        if not _has_beans(game):  # a game of dice: tests/test_ui_dice.py checks its faces
            continue
        for v in load(game).varieties.values():
            style = Style.parse(str(card(game, v.id).style))
            assert style.color is not None and style.bgcolor is not None
            ink, paper = (Color.parse(c.triplet.hex) for c in (style.color, style.bgcolor))  # type: ignore[union-attr]
            ratio = contrast(ink, paper)
            assert ratio >= AA, (game, v.name, ink.hex, paper.hex, round(ratio, 2))
