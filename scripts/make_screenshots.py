"""Make the README screenshots (120x40) from seeded games: menu, table mid-game, privacy
screen, trade offer, help, end screen, statistics, the dice game, Excalibohn's phase 1b and
a Sword duel; and the small ones (80x24, names ending in -80x24): the table for 2, 4 and 7
players, Bohnröschen, a solo run, the dice game and Excalibohn's phase 1b.

    python scripts/make_screenshots.py [--out screenshots]

Needs rsvg-convert (librsvg2-bin) to turn Textual's SVG screenshots into PNGs."""

from __future__ import annotations

import argparse
import asyncio
import re
import subprocess
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot

from bohn_tui.engine.record import Record
from bohn_tui.play.session import Session
from bohn_tui.store import Store
from bohn_tui.ui.app import BohnApp

SIZE = (120, 40)
NAMES = ["Ana", "Ben", "Cem", "Dora"]


def mid_game(seed: int = 11, turn: int = 9, players: int = 4) -> Session:
    """A game of `players` played by bots up to `turn`, then seats 0 and 1 become people."""
    names = [*NAMES, "Emil", "Fay", "Gus"][:players]
    s = Session.new("bohnanza", names, {x: "standard" for x in range(players)}, seed=seed)
    while not s.over and not (s.state.turn >= turn and s.state.active == 0):
        s.bot_step()
    # stop at the start of Ana's turn: plant, then turn up, for a lively table
    rec = Record(s.record.game, s.record.players, s.record.seed, {}, None, list(s.record.actions))
    return Session(rec, {x: "standard" for x in range(2, players)}, "screens")


def bohnroschen_game(seed: int = 6, turn: int = 17) -> Session:
    """Bohnröschen for 4, played by bots up to `turn`; then Ana and Ben become people."""
    s = Session.new("bohnroschen", NAMES, {x: "standard" for x in range(4)}, seed=seed)
    while not s.over and not (s.state.turn >= turn and s.state.active == 0):
        s.bot_step()
    rec = Record(s.record.game, s.record.players, s.record.seed, {}, None, list(s.record.actions))
    return Session(rec, {2: "standard", 3: "standard"}, "screens")


def solo_run(seed: int = 3, turn: int = 5) -> Session:
    """A solo Bohnröschen run, played by the bot up to `turn`, then by a person."""
    s = Session.new("bohnroschen", ["Ana"], {0: "standard"}, seed=seed)
    while not s.over and s.state.turn < turn:
        s.bot_step()
    rec = Record(s.record.game, s.record.players, s.record.seed, {}, None, list(s.record.actions))
    return Session(rec, {}, "screens")


def dice_game(seed: int = 8) -> Session:
    """The dice game for four (Ana and Cem people, Ben standard, Dora expert), the people's
    rolls played as the standard bot would but without harvesting, up to a roll of Ana's
    with dice on the field, the roll open and a person who may harvest."""
    from bohn_tui.games import make_bot

    s = Session.new("wuerfelspiel", NAMES, {1: "standard", 3: "expert"}, seed=seed)
    stand_in = make_bot("wuerfelspiel", "standard", seed)
    while not s.over:
        s.run_bots()
        seat = s.decider()
        assert seat is not None
        v = s.view(seat)
        on_field = any(d["where"] == "field" for d in v["dice"])
        may = any(v["players"][p]["can_harvest"] for p in (0, 2))
        if seat == 0 and on_field and (v["last_roll"] or {}).get("open") and may:
            return s
        legal = [a for a in s.legal(seat) if a.type != "harvest_card"]
        s.apply(stand_in.choose(seat, lambda seat=seat: s.view(seat), legal))  # type: ignore[attr-defined]
    raise SystemExit(f"seed {seed}: no such moment in the dice game")


def excalibohn_game(seed: int = 58) -> Session:
    """Excalibohn for four, Ana and Ben people: Ana (the highest Groschen) starts."""
    return Session.new("excalibohn", NAMES, {2: "standard", 3: "standard"}, seed=seed)


def sword_duel(seed: int = 3) -> tuple[Session, int]:
    """Excalibohn for four played by bots up to a phase 1b of Ana's whose Sword Bean, used
    on a fellow bot, leads to a counterattack (tried on a copy); then Ana and Ben become
    people. Also the fellow to duel."""
    import copy

    from bohn_tui.games.excalibohn.actions import UseAbility

    s = Session.new("excalibohn", NAMES, {x: "standard" for x in range(4)}, seed=seed)
    target = None
    while not s.over and target is None:
        st = s.state
        if st.active == 0 and st.phase == "magic" and not st.pending and st.turn > 4:
            fields = st.players[0].fields
            for a in s.legal(0):
                if isinstance(a, UseAbility) and fields[a.field].variety == "sword":
                    if a.target in (2, 3):
                        trial = copy.deepcopy(st)
                        s.rules.apply(trial, a)
                        if len(trial.shown) >= 2 and not trial.pending:
                            target = a.target
                            break
        if target is None:
            s.bot_step()
    assert target is not None, f"seed {seed}: no Sword duel with a counterattack"
    rec = Record(s.record.game, s.record.players, s.record.seed, {}, None, list(s.record.actions))
    return Session(rec, {2: "standard", 3: "standard"}, "screens"), target


def finished(seed: int = 5) -> Session:
    s = Session.new("bohnanza", NAMES, {x: "standard" for x in range(4)}, seed=seed)
    s.run_bots()
    return s


_TEXT = re.compile(
    r'(<text [^>]*?x=")([\d.]+)("[^>]*?textLength=")([\d.]+)("[^>]*>)((?:&#160;)+)([^<]*</text>)'
)


def keep_leading_spaces(svg: str) -> str:
    """rsvg-convert drops the spaces a text run starts with ("Ana 0 thalers" drew as
    "Ana0 thalers"): start such a run that many cells later instead."""

    def move(m: re.Match[str]) -> str:
        x, length, spaces, rest = float(m[2]), float(m[4]), m[6].count(";"), m[7]
        chars = spaces + len(re.sub(r"&#?\w+;", "_", rest[: -len("</text>")]))
        cell = length / chars
        if chars == spaces:  # only spaces: nothing to draw
            return f"{m[1]}{m[2]}{m[3]}{m[4]}{m[5]}{m[6]}{rest}"
        return f"{m[1]}{x + spaces * cell:g}{m[3]}{length - spaces * cell:g}{m[5]}{rest}"

    return _TEXT.sub(move, svg)


async def shoot(
    out: Path,
    name: str,
    session: Session | None,
    script: Callable[[Pilot[None]], Awaitable[None]],
    size: tuple[int, int] = SIZE,
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp))
        if session is None:  # the menu, with two saved games to continue
            for seed in (1, 2):
                Session.new("dahlias", ["Ana", "Ben", "Cem"], seed=seed, store=store)
        if name == "stats":  # finished games of Ana and Ben against an expert bot
            for seed in range(6):
                g = Session.new(
                    "bohnanza",
                    ["Ana", "Ben", "Cem"],
                    {0: "standard", 1: "standard", 2: "expert"},
                    seed,
                )
                g.run_bots()  # played by bots, saved with Ana and Ben as the people
                Session(g.record, {2: "expert"}).save_to(store)
        app = BohnApp(store, session, bot_delay=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)
            await pilot.pause(0.3)
            svg = out / f"{name}.svg"
            app.save_screenshot(str(svg))
    svg.write_text(keep_leading_spaces(svg.read_text()))
    subprocess.run(
        ["rsvg-convert", "-z", "2", str(svg), "-o", str(out / f"{name}.png")], check=True
    )
    svg.unlink()
    print(out / f"{name}.png")


async def main(out: Path, only: list[str] | None = None) -> None:
    out.mkdir(parents=True, exist_ok=True)

    async def nothing(pilot: Pilot[None]) -> None:
        return None

    async def reveal_and_plant(pilot: Pilot[None]) -> None:
        await pilot.press("enter")
        await pilot.pause()
        screen = pilot.app.screen
        for key in ("1", "2", "3"):
            if screen.check_action("plant", (int(key) - 1,)):
                await pilot.press(key)
                break
        await pilot.pause()
        if screen.check_action("end_planting", ()):
            await pilot.press("e")

    async def offer(pilot: Pilot[None]) -> None:
        await reveal_and_plant(pilot)
        await pilot.press("o")
        await pilot.pause()
        # give the front card and one more, want two of another kind (Enter would send it)
        await pilot.press("space", "down", "down", "space", "tab", "down", "down", "space")

    async def reveal(pilot: Pilot[None]) -> None:
        await pilot.press("enter")

    async def help_(pilot: Pilot[None]) -> None:
        await pilot.press("enter", "question_mark")

    async def stats(pilot: Pilot[None]) -> None:
        await pilot.press("t")
        await pilot.pause(0.5)

    async def pick_a_die(pilot: Pilot[None]) -> None:
        view = pilot.app.screen.view  # type: ignore[attr-defined]
        rolled = [d["die"] for d in view["dice"] if d["where"] == "rolled"]
        await pilot.press(str(rolled[0] + 1))

    async def harvest(pilot: Pilot[None]) -> None:
        await pilot.press("h")  # Ana and Cem may: the table asks whose
        await pilot.pause()
        await pilot.press("1")  # Ana's
        await pilot.pause()
        await pick_a_die(pilot)

    async def excalibohn_1b(pilot: Pilot[None]) -> None:
        await pilot.press("enter", "1", "2")  # a Sword and a Magic Bean planted: phase 1b

    duel_target: list[int] = []

    def duel_game() -> Session:
        session, target = sword_duel()
        duel_target[:] = [target]
        return session

    async def duel(pilot: Pilot[None]) -> None:
        await pilot.press("enter", "s")  # Ana's Sword Bean: the chooser of the fellow
        await pilot.pause()
        choices = pilot.app.screen.choices  # type: ignore[attr-defined]
        # the fellow whose pile's Sword Bean brings a counterattack on Ana's
        pick = next(i for i, (_, a) in enumerate(choices) if a.target == duel_target[0])
        await pilot.press(str(pick + 1))

    shots = [
        ("menu", None, nothing),
        ("privacy", mid_game, nothing),  # Ana has not looked yet: no summary
        ("table", mid_game, reveal_and_plant),
        ("offer", mid_game, offer),
        ("help", mid_game, help_),
        ("end", finished, nothing),
        ("bohnroschen", bohnroschen_game, reveal),
        ("solo", solo_run, nothing),
        ("stats", None, stats),
        ("dice", dice_game, pick_a_die),
        ("dice-harvest", dice_game, harvest),
        ("excalibohn", excalibohn_game, excalibohn_1b),
        ("sword-duel", duel_game, duel),
    ]
    small = [
        ("duel-80x24", lambda: mid_game(players=2), reveal_and_plant),
        ("table-80x24", mid_game, reveal_and_plant),
        ("seven-80x24", lambda: mid_game(players=7), reveal_and_plant),
        ("bohnroschen-80x24", bohnroschen_game, reveal),
        ("solo-80x24", solo_run, nothing),
        ("dice-80x24", dice_game, pick_a_die),
        ("excalibohn-80x24", excalibohn_game, excalibohn_1b),
    ]
    for name_, make, script in shots + small:
        if not only or name_ in only:
            size = (80, 24) if name_.endswith("-80x24") else SIZE
            await shoot(out, name_, make() if make else None, script, size)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", type=Path, default=Path(__file__).parent.parent / "screenshots")
    ap.add_argument("--only", nargs="*", help="just these screenshots (by name)")
    args = ap.parse_args()
    asyncio.run(main(args.out, args.only))
