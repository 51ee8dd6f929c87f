"""Issue #24: a game is a plug-in found through an entry point. The test game (Pocket duel,
tests/plugin_game: its own distribution, installed for the suite by conftest.py) plays in
every command and screen with nothing outside its package naming it; a plug-in that cannot
be used is one line, said once, and the other games go on working. The conformance suite
(test_conformance.py) and the joined tables of a real host (test_net_games.py) run it beside
the five through GAMES; this file drives the rest."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from fractions import Fraction
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from helpers.ui import screen_text, table, until

from bohn_tui.engine.chance import Told
from bohn_tui.games import BUILT_IN, GAMES, GROUP, REGISTRY, rules_for, spec

ROOT = Path(__file__).parent.parent
SIZE = (120, 40)


def bohn(
    *args: str, data: Path | None = None, path: str | None = None
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if data is not None:
        env["BOHN_DATA_DIR"] = str(data)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([path, env.get("PYTHONPATH", "")])
    cmd = [sys.executable, "-m", "bohn_tui", *args]
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=60)


def test_the_games_are_entry_points_the_built_ins_first() -> None:
    points = {p.name: p.value for p in entry_points(group=GROUP)}
    assert {g: points[g] for g in BUILT_IN} == {g: f"bohn_tui.games.{g}:SPEC" for g in BUILT_IN}
    assert points["testgame"] == "bohn_testgame:SPEC"  # the test distribution's
    assert GAMES[: len(BUILT_IN)] == BUILT_IN and "testgame" in GAMES[len(BUILT_IN) :]
    assert REGISTRY.packages["testgame"].value == "bohn_testgame:SPEC"


def test_nothing_outside_its_package_names_the_test_game() -> None:
    for path in [*(ROOT / "bohn_tui").rglob("*"), ROOT / "pyproject.toml"]:
        if path.is_file() and path.suffix in (".py", ".tcss", ".toml"):
            text = path.read_text("utf-8")
            assert "testgame" not in text and "Pocket duel" not in text, path


def test_the_help_scans_no_entry_point() -> None:
    """`bohn play --help` imports neither importlib.metadata nor the registry."""
    out = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "bohn_tui", "play", "--help"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert out.returncode == 0 and "bohn games" in out.stdout
    assert "importlib.metadata" not in out.stderr and "bohn_tui.games" not in out.stderr


def test_the_commands(tmp_path: Path) -> None:
    listed = bohn("games").stdout
    assert "testgame       Pocket duel (2 players)" in listed and "unusable" not in listed
    recs = tmp_path / "recs"
    sim = bohn("simulate", "pocket duel", "-p", "2", "-n", "30", "--bots", "standard,random",
               "--save-dir", str(recs), "--json")  # fmt: skip
    assert sim.returncode == 0, sim.stderr
    result = json.loads(sim.stdout)
    assert result["games"] == 30 and result["violations"] == 0
    record = sorted(recs.iterdir())[0]
    shown = bohn("replay", str(record))
    assert shown.returncode == 0 and "pile: 0 cards" in shown.stdout and "Winner" in shown.stdout
    assert json.loads(bohn("replay", "--json", str(record)).stdout)["over"] is True
    bad = bohn("play", "testgame", "--players", "Ana,Ben,Cem")
    assert bad.returncode == 1 and len(bad.stderr.strip().splitlines()) == 1
    assert bohn("simulate", "testgame", "-p", "2", "--option", "x=1").returncode == 1


async def test_every_screen_and_the_saves(tmp_path: Path) -> None:
    """Menu, new game, the table through the keys (play, undo, help), the end, then the save
    exported, imported, replayed and the game in the statistics, by the commands."""
    from textual.widgets import Select

    from bohn_tui.play.session import Session
    from bohn_tui.store import Store
    from bohn_tui.ui.app import BohnApp
    from bohn_tui.ui.screens.help import HelpScreen
    from bohn_tui.ui.screens.rules import RulesScreen

    data = tmp_path / "data"
    app = BohnApp(Store(data), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")  # the menu's rules: the test game among the games
        await pilot.pause()
        app.screen.dismiss("testgame")  # type: ignore[attr-defined]
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and "hidden hand" in screen_text(app.screen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#game", Select).value = "testgame"
        await pilot.pause()
        for i in range(7):
            app.screen.query_one(f"#kind-{i}", Select).value = (
                ["human", "random"][i] if i < 2 else "off"
            )
        app.screen.query_one("#seed").value = "5"  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await pilot.pause()
        t = table(app)
        session = t.client.session  # type: ignore[attr-defined]
        assert session.record.game == "testgame" and t.viewer == 0
        assert "Your hand:" in screen_text(app.screen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and "block it" in screen_text(app.screen)
        await pilot.press("escape")
        await pilot.pause()
        undone = False
        end = time.monotonic() + 120  # (a deadline, not a count: the bot thinks in a thread)
        while time.monotonic() < end:
            if session.state.over:
                break
            legal = t.client.legal(0)
            keys = {"duel_answer": "a", "duel_play": "1", "duel_draw": "d"}
            if legal:
                await pilot.press(keys[legal[-1].type])
            await pilot.pause()
            last = session.record.actions[-1] if session.record.actions else None
            if not undone and last is not None and last.type == "duel_answer" and last.seat == 0:
                played = len(session.record.actions)  # Ana's answer, the last action
                await pilot.press("u")
                await pilot.pause()
                assert len(session.record.actions) == played - 1, "undone"
                assert session.state.pending is not None  # asked again
                undone = True
        assert undone
        assert session.state.over
        # the end screen follows the last move's frame: waited for by a deadline
        await until(pilot, lambda: "Pocket duel: game over · Ana wins!" in screen_text(app.screen))
        assert "Pocket duel: game over · Ana wins!" in screen_text(app.screen)
        save = Store(data).list()[0].id
    out = tmp_path / "duel.json"
    assert bohn("export", save, str(out), data=data).returncode == 0
    assert bohn("replay", str(out), data=data).returncode == 0
    imported = bohn("import", str(out), data=data)
    assert imported.returncode == 0 and imported.stdout.strip() != save
    stats = json.loads(bohn("stats", "--game", "testgame", "--json", data=data).stdout)
    assert stats["players"], stats
    again = Session.load(Store(data), imported.stdout.strip())  # the import reopens
    assert again.state.over and again.record.game == "testgame"
    assert spec("testgame").title == "Pocket duel"


def _plugin(root: Path, dist: str, points: dict[str, str], modules: dict[str, str]) -> None:
    info = root / f"{dist}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
    lines = "".join(f"{name} = {value}\n" for name, value in points.items())
    (info / "entry_points.txt").write_text(f"[bohn_tui.games]\n{lines}")
    for name, source in modules.items():
        (root / f"{name}.py").write_text(source)


def test_broken_plugins_are_one_line_each_and_the_others_work(tmp_path: Path) -> None:
    _plugin(
        tmp_path,
        "brokena",
        {"crashes": "crashes_mod:SPEC", "notaspec": "crashes_ok:SPEC"},
        {"crashes_mod": "raise ImportError('no such thing')\n", "crashes_ok": "SPEC = 3\n"},
    )
    _plugin(
        tmp_path,
        "brokenb",
        {"twice": "twice_b:SPEC", "bohnanza": "twice_b:SPEC"},
        {"twice_b": "SPEC = None\n"},
    )
    _plugin(tmp_path, "brokenc", {"twice": "twice_c:SPEC"}, {"twice_c": "SPEC = None\n"})
    path = str(tmp_path)
    listed = bohn("games", path=path)
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert [ln.split()[0] for ln in lines[:6]] == [*BUILT_IN, "testgame"]
    unusable = [ln for ln in lines if ln.startswith("unusable: ")]
    assert len(unusable) == 4, lines  # one each, none twice
    text = "\n".join(unusable)
    assert "'crashes' cannot be used: it does not import (ImportError: no such thing)" in text
    assert "'notaspec' cannot be used: crashes_ok:SPEC is not a GameSpec (it is int)" in text
    assert "twice_b:SPEC and twice_c:SPEC both register that id" in text
    assert "twice_b:SPEC is not used: the id 'bohnanza' is a built-in game's" in text
    assert listed.stderr == ""
    # the other games work; a command that looks at every game says each line once, on stderr
    sim = bohn("simulate", "bohnanza", "-p", "3", "-n", "2", path=path)
    assert sim.returncode == 0 and "invariant violations: 0" in sim.stdout, sim.stderr
    sim = bohn("simulate", "pocket duel", "-p", "2", "-n", "2", path=path)  # by alias: all
    assert sim.returncode == 0, sim.stderr
    said = sim.stderr.strip().splitlines()
    assert len(said) == 4 and len(set(said)) == 4, said
    # the broken game asked for: its line, once, and code 1
    asked = bohn("simulate", "crashes", "-p", "2", "-n", "2", path=path)
    assert asked.returncode == 1
    assert asked.stderr.strip().splitlines() == [
        "game plug-in 'crashes' cannot be used: it does not import (ImportError: no such thing)"
    ]


def test_the_test_games_draw_is_its_declared_chance() -> None:
    """A rule test picks the outcome through the declared chance (engine/chance.py): told
    place 0, the draw takes the pile's card there; a place the pile has not is refused."""
    rules = rules_for("testgame", 2)
    state, _ = rules.new_game(["Ana", "Ben"], 4)
    (draw,) = rules.chances(state)
    assert dict(draw.outcomes) == {i: Fraction(1, len(state.pile)) for i in range(len(state.pile))}
    first = state.pile[0]
    state.rng = Told(4).tell(0)
    hand = list(state.hands[0])
    rules.apply(state, rules.legal_actions(state, 0)[-1])  # Draw is listed last
    assert sorted(state.hands[0]) == sorted([*hand, first])
    state.rng.tell(len(state.pile))  # one past the last place
    with pytest.raises(ValueError, match="cannot give"):
        rules.apply(state, rules.legal_actions(state, 1)[-1])
