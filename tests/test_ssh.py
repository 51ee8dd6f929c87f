"""The SSH front door of issue #14 (bohn_tui/net/ssh.py, `bohn host --port`), with the real
parts: a `bohn host` process listening on an ephemeral port of 127.0.0.1, the real OpenSSH
client (`ssh`, in a pseudo-terminal of the test's, its screen read through the terminal
emulator pyte) and asyncssh clients.

Three people play the last turns of a Bohnanza game to its end, each in their own ssh
terminal, with a trade between two of them; the game is started by the test and played to
its last pass of the draw pile first, with the moves a person could make, so that the ssh
part is a few dozen keys (`BOHN_SSH_WHOLE=1` plays the whole game over ssh instead)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import time
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from helpers.ssh import Terminal, hosting, key_bar, make_key, ssh_command

from bohn_tui.engine.actions import Action
from bohn_tui.games.common.ui.picklist import bean_letters
from bohn_tui.play.session import Session
from bohn_tui.store import Store

NAMES = ["Ana", "Ben", "Cem"]
WHOLE = bool(os.environ.get("BOHN_SSH_WHOLE"))
L = bean_letters("bohnanza")
ORDER = ["PlantHand", "PlantArea", "EndPlanting", "EndTrading", "Harvest"]


def _plain(legal: list[Action]) -> Action:
    """The move a person in no mood to trade makes: plant, stop, end, harvest."""
    return min(
        legal, key=lambda a: ORDER.index(type(a).__name__) if type(a).__name__ in ORDER else 9
    )


def _late_game(data: Path, seed: int = 5) -> str:
    """A saved 3-person Bohnanza game at the start of one of Ana's turns in the last pass of
    the draw pile (or at its very start with BOHN_SSH_WHOLE); its save id."""
    store = Store(data)
    store.open()
    s = Session.new("bohnanza", NAMES, seed=seed, store=store)
    while not WHOLE:
        v = s.view(None)
        late = v["runouts"] == v["end_runout"] - 1 and 8 <= v["deck_size"] <= 20
        if late and v["active"] == 0 and v["phase"] == "plant" and v["planted"] == 0:
            break
        assert not s.over, "the game ended before it got late enough"
        s.apply(_plain(s.legal(s.waiting_for()[0])))
    return s.save_id


def _saved(data: Path, save_id: str) -> Session:
    """The host's game as it stands in the database (the test reads what the host wrote)."""
    store = Store(data)
    store.open()
    return Session.from_json(store.export(save_id), save_id)


@pytest.fixture
def keys(tmp_path: Path) -> dict[str, Path]:
    return {n: make_key(tmp_path, n.lower()) for n in [*NAMES, "Eve"]}


def _open(terminals: list[Terminal], info: dict[str, Any], code: str, key: Path, *extra: str,
          cols: int = 120, rows: int = 40) -> Terminal:  # fmt: skip
    t = Terminal(ssh_command(info, code, key, "-tt", *extra), cols, rows)
    terminals.append(t)
    return t


def _code(info: dict[str, Any], name: str) -> str:
    return next(s["code"] for s in info["seats"] if s["name"] == name)


STEPS = (("1", "Plant on 1"), ("2", "Plant on 2"), ("3", "Plant on 3"), ("x", "x Decline"),
         ("e", "e Stop planting"), ("e", "e End trading"), ("f", "f Harvest"))  # fmt: skip


def _step(t: Terminal, data: Path, save_id: str, moves: int, steps: Any = None) -> None:
    """One move of the seat `t` plays, by the keys its key bar names (the first of `steps`
    it shows); returns once the host has saved it. A key read off a frame that was already
    going (the state changed as it was read) may do nothing: then it reads again."""
    end = time.monotonic() + 20
    while time.monotonic() < end:
        shown = t.quiet()
        forced = re.search(r"Harvest which field\? \((\d)", shown)  # the first it offers
        bar = key_bar(shown)
        key = forced[1] if forced else next((k for k, lb in steps or STEPS if lb in bar), None)
        if key is None:
            continue
        t.press(key)
        if key == "f":  # the harvest asks which field
            asked = re.search(r"Harvest which field\? \((\d)", t.wait_for("Harvest which"))
            assert asked, t.text()
            t.press(asked[1])
        again, until = key == "e", time.monotonic() + 2
        while time.monotonic() < until:
            if len(_saved(data, save_id).record.actions) > moves:
                return
            if again and "Press e again" in t.text():  # ending a trading without a trade
                t.press("e")
                again = False
            time.sleep(0.03)
    raise AssertionError(f"no move made:\n{t.text()}")


def test_three_people_play_to_the_end_with_a_trade_and_a_reconnect(
    tmp_path: Path, keys: dict[str, Path], terminals: list[Terminal]
) -> None:
    save_id = _late_game(tmp_path)
    with hosting(tmp_path, "--resume", save_id) as (host, info):
        seat_term = {}
        for i, name in enumerate(NAMES):
            seat_term[i] = _open(terminals, info, _code(info, name), keys[name])
        for i, name in enumerate(NAMES):
            seat_term[i].wait_for(f"{name} · you")
        ana, ben = seat_term[0], seat_term[1]
        # Ana plants, the terminal is killed mid-turn, Ben sees her away; she comes back
        while (s := _saved(tmp_path, save_id)).view(None)["planted"] == 0:
            _step(ana, tmp_path, save_id, len(s.record.actions))
        ana.kill()
        ben.wait_for("waiting for Ana (disconnected)")
        ana = seat_term[0] = _open(terminals, info, _code(info, "Ana"), keys["Ana"])
        ana.wait_for("Ana · you")
        ben.wait_for(lambda t: "disconnected" not in t)
        # she stops planting: two cards turn up; she offers the first to Ben for a card of his
        stop = (("e", "e Stop planting"), *STEPS)
        while (s := _saved(tmp_path, save_id)).view(None)["phase"] == "plant":
            _step(ana, tmp_path, save_id, len(s.record.actions), stop)
        ana.wait_for("o Offer")
        s = _saved(tmp_path, save_id)
        give, want = s.state.turned_up[0], s.state.players[1].hand[0]
        ana.press("o")
        ana.wait_for("sends to")  # the offer dialog
        ana.press(L[give])
        ana.quiet()
        ana.press("right")
        ana.quiet()
        ana.press(L[want])
        ana.quiet()
        ana.press("2")
        ben.wait_for("a Accept")
        ben.press("a")
        ben.press("enter")
        end = time.monotonic() + 10
        while not any(ln.text.startswith("Ana and Ben trade:") for ln in _log(tmp_path, save_id)):
            assert time.monotonic() < end, ben.text()
            time.sleep(0.05)
        s = _saved(tmp_path, save_id)
        assert give in s.state.players[1].area and want in s.state.players[0].area, (
            [ln.text for ln in s.log[-6:]],
            s.state.turned_up,
            give,
            want,
            s.view(None)["phase"],
        )
        # then everyone plays on to the end, each in their own terminal
        for _ in range(2000):
            s = _saved(tmp_path, save_id)
            if s.over:
                break
            seat = s.waiting_for()[0]
            _step(seat_term[seat], tmp_path, save_id, len(s.record.actions))
        assert s.over
        for i in range(3):  # (the end screen whole: it is drawn in pieces under load)
            shown = seat_term[i].wait_for(lambda x: "game over" in x and "Final scores" in x)
            assert "Final scores" in shown
        assert host.poll() is None  # the host waits for the people to leave
        for i, name in enumerate(NAMES):  # each terminal drew its own hand, never another's
            others = [f"{n}'s hand".encode() for n in NAMES if n != name]
            assert f"{name}'s hand".encode() in seat_term[i].raw
            assert not any(o in seat_term[i].raw for o in others)
        for t in seat_term.values():
            assert "Menu" not in key_bar(t.text())  # a joined table has no menu: q leaves
            t.press("m")  # nothing
            t.press("q")
        codes = [t.exited() for t in seat_term.values()]
        assert "New game" not in seat_term[0].text()
        assert codes == [0, 0, 0], [t.text()[-300:] for t in seat_term.values()]


def _log(data: Path, save_id: str) -> list[Any]:
    return _saved(data, save_id).log


def _one_game(tmp_path: Path) -> tuple[Any, dict[str, Any]]:
    return hosting(tmp_path, "bohnanza", "--players", "Ana,Ben,bot:random", "--seed", "3")


def _version(data: Path) -> int:
    store = Store(data)
    store.open()
    [info] = store.list()
    return len(Session.from_json(store.export(info.id), info.id).record.actions)


def test_the_first_key_binds_a_seat_and_another_key_is_refused(
    tmp_path: Path, keys: dict[str, Path], terminals: list[Terminal]
) -> None:
    with _one_game(tmp_path) as (host, info):
        ana = _open(terminals, info, _code(info, "Ana"), keys["Ana"])
        ana.wait_for("Ana · you")
        eve = _open(terminals, info, _code(info, "Ana"), keys["Eve"], "-o", "LogLevel=INFO")
        assert eve.exited() == 255  # refused at the public-key stage: no login at all
        bound = "Ana's seat is bound to the SSH key that first joined it"
        shown = eve.wait_for(lambda x: "Permission denied" in x and bound in x)
        assert bound in shown
        assert "Traceback" not in shown
        # Ana plays on (her screen waited for, not read once in the middle of a frame)
        assert "Ana · you" in ana.wait_for("Ana · you") and ana.proc.poll() is None
        # the bound key comes back (after leaving) and gets the seat; Eve may watch
        ana.press("q")
        assert ana.exited() == 0
        again = _open(terminals, info, _code(info, "Ana"), keys["Ana"])
        again.wait_for("Ana · you")
        watcher = _open(terminals, info, info["spectator"], keys["Eve"])
        watcher.wait_for("Waiting for Ana")
        assert "· you" not in watcher.text()
        assert host.poll() is None


def test_no_terminal_a_command_an_unknown_code_or_no_key_get_one_line(
    tmp_path: Path, keys: dict[str, Path]
) -> None:
    import subprocess

    def ssh(code: str, *extra: str, command: tuple[str, ...] = ()) -> Any:
        cmd = ssh_command(info, code, keys["Ana"], *extra, command=command)
        return subprocess.run(
            cmd, capture_output=True, text=True, timeout=20, stdin=subprocess.DEVNULL
        )

    with _one_game(tmp_path) as (host, info):
        ana = _code(info, "Ana")
        no_pty = ssh(ana, "-T")
        assert no_pty.returncode == 1
        invite = f"ssh -t -p {info['port']} {ana}@127.0.0.1"
        assert no_pty.stdout.strip() == f"bohn: the game needs a terminal; connect with: {invite}"
        command = ssh(ana, "-T", command=("ls", "/"))
        assert command.returncode == 1
        assert command.stdout.startswith("bohn: this door runs the game only, no commands")
        unknown = ssh("zzzz-23456789", "-T", "-o", "LogLevel=INFO")
        assert unknown.returncode == 255 and unknown.stdout == ""
        assert "not one of this game's" in unknown.stderr  # the login banner says why
        keyless = ssh(ana, "-T", "-o", "PubkeyAuthentication=no")
        assert keyless.returncode == 255 and "Permission denied" in keyless.stderr
        assert host.poll() is None
        # none of these bound Ana's seat: another key can still take it first
        assert _version(tmp_path) == 0


async def _hostile(info: dict[str, Any], key: Path, spectator: str) -> list[str]:
    """Garbage, forwarding, subsystems and floods against the front door; what each got."""
    port, got = info["port"], []
    for blob in (b"\x00" * 1000, b"SSH-2.0-x\r\n" + os.urandom(4096), b"GET / HTTP/1.0\r\n\r\n"):
        r, w = await asyncio.open_connection("127.0.0.1", port)
        w.write(blob)
        with contextlib.suppress(ConnectionError, TimeoutError):
            await w.drain()
            got.append((await asyncio.wait_for(r.read(), 1))[:7].decode("latin-1"))
        w.close()
    r, w = await asyncio.open_connection("127.0.0.1", port)  # a 10 MB line
    with contextlib.suppress(ConnectionError):
        w.write(b"SSH-2.0-" + b"x" * (10 * 1024 * 1024) + b"\r\n")
        await asyncio.wait_for(w.drain(), 10)
    w.close()
    options = dict(known_hosts=None, client_keys=[str(key)], agent_path=None, port=port)
    guess = dict(options, local_addr=("127.0.0.2", 0))  # (guessing is limited per address)
    for i in range(4):  # logins with codes that are none of this game's
        with contextlib.suppress(asyncssh.PermissionDenied):
            async with asyncssh.connect("127.0.0.1", username=f"bad{i}-code", **guess):
                got.append("logged in with a bad code")
    async with asyncssh.connect("127.0.0.1", username=spectator, **options) as conn:
        with contextlib.suppress(asyncssh.ChannelOpenError):
            await conn.open_connection("127.0.0.1", 22)
            got.append("a forwarding opened")
        with contextlib.suppress(asyncssh.ChannelOpenError, asyncssh.SFTPError):
            async with conn.start_sftp_client():
                got.append("sftp opened")
        with contextlib.suppress(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 22)
            got.append("a remote forwarding opened")
        with contextlib.suppress(asyncssh.ChannelOpenError):
            await conn.create_process(term_type="xterm")
            got.append("a second session opened")  # one game per connection
    async with asyncssh.connect("127.0.0.1", username=spectator, **options) as conn:
        proc = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None)
        await asyncio.sleep(1.0)
        for _ in range(32):  # 2 MB of random keys into the spectator's table
            proc.stdin.write(os.urandom(65536))
        await asyncio.sleep(1.0)
        proc.close()
    return got


def test_hostile_clients_leave_the_host_running_and_the_game_unchanged(
    tmp_path: Path, keys: dict[str, Path], terminals: list[Terminal]
) -> None:
    with _one_game(tmp_path) as (host, info):
        before = _version(tmp_path)
        got = asyncio.run(_hostile(info, keys["Eve"], info["spectator"]))
        assert all(g.startswith("SSH-2.0") or g == "" for g in got), got
        assert host.poll() is None
        assert _version(tmp_path) == before
        ana = _open(terminals, info, _code(info, "Ana"), keys["Ana"])
        ana.wait_for("Ana · you")  # the door still lets a person in
        err = host.stderr
        assert err is not None


def test_a_window_change_reaches_the_game(
    tmp_path: Path, keys: dict[str, Path], terminals: list[Terminal]
) -> None:
    with _one_game(tmp_path) as (host, info):
        ana = _open(terminals, info, _code(info, "Ana"), keys["Ana"], cols=80, rows=24)
        small = ana.wait_for("Ana · you")
        assert "╭─ Ben" not in small  # at 80x24 the others are one row each
        ana.resize(120, 40)
        big = ana.wait_for("╭─ Ben")  # the panels of the big table
        assert len(big.splitlines()) == 40
        ana.resize(80, 24)
        ana.wait_for(lambda s: "╭─ Ben" not in s and "Ana · you" in s)


def test_the_host_key_is_made_once_kept_private_and_a_damaged_one_is_one_line(
    tmp_path: Path,
) -> None:
    import subprocess
    import sys

    key = tmp_path / "ssh_host_ed25519_key"
    with _one_game(tmp_path) as (_, first):
        assert (key.stat().st_mode & 0o777) == 0o600
        assert first["host_key"] == asyncssh.read_private_key(key).get_fingerprint()
    with _one_game(tmp_path) as (_, second):
        assert second["host_key"] == first["host_key"]  # the same key on every start
    key.write_bytes(b"not a key")
    store = Store(tmp_path)
    store.open()
    saved = len(store.list())
    env = dict(os.environ, BOHN_DATA_DIR=str(tmp_path))
    cmd = [sys.executable, "-m", "bohn_tui", "host", "bohnanza", "--players", "Ana,Ben"]
    done = subprocess.run(
        [*cmd, "--port", "0", "--bind", "127.0.0.1", "--socket", str(tmp_path / "x.sock")],
        capture_output=True, text=True, env=env, timeout=30,
    )  # fmt: skip
    assert done.returncode == 1 and "Traceback" not in done.stderr
    [line] = done.stderr.strip().splitlines()
    assert "the host key" in line and "remove it to make a new one" in line
    assert len(store.list()) == saved  # a host that cannot open its door saves no game
