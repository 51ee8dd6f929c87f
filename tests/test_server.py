"""`bohn server` (issue #26) with the real parts: a `bohn server --port 0` process on
127.0.0.1 with its data in a temp folder, the real OpenSSH client in pseudo-terminals
(tests/helpers/ssh.py), keys made by ssh-keygen.

Ana's and Ben's new keys make their accounts at their first login; Ana makes a table of
three (herself, Ben, a bot) in her lobby; Ben finds it in his lobby, marked as not his turn,
and joins; Ana plays, the server is killed with SIGKILL mid-game and started again on the
same port; Ana's lobby marks the game as her turn, both go back to it, Ana ends her turn
and Ben plays his first move. A banned key is refused in one line, and a person banned
while at a table is put out with one line. Guessed link codes block the address, and one
connection is put out after MAX_NAMES refused keys. The login decisions, the account rules,
a table that fails and the ratings' call site are checked without SSH."""

from __future__ import annotations

import asyncio
import contextlib
import re
import signal
import sqlite3
import subprocess
import time
import types
from pathlib import Path
from typing import Any

import asyncssh
import pytest
from helpers.ssh import Terminal, bohn_json, key_bar, make_key, ssh_command
from typer.testing import CliRunner

from bohn_tui.cli import app
from bohn_tui.net.server import Login, decide
from bohn_tui.net.ssh import key_id
from bohn_tui.net.tables import Tables
from bohn_tui.store import Store
from bohn_tui.store import accounts as acc
from bohn_tui.store import tables as st

LOUD = ("-o", "LogLevel=INFO")  # ssh shows the server's banner lines
STEPS = (("1", "Plant on 1"), ("2", "Plant on 2"), ("3", "Plant on 3"), ("e", "e Stop planting"),
         ("e", "e End trading"), ("f", "f Harvest"))  # fmt: skip


def serving(data: Path, port: int = 0) -> Any:
    args = ("--port", str(port), "--json", "--data", str(data), "--bot-delay", "0")
    args += ("--check-seconds", "0.2")
    return bohn_json(data, "server", *args)


def _db(data: Path) -> sqlite3.Connection:
    return sqlite3.connect(data / "bohn.sqlite3", timeout=5)


def _moves(data: Path) -> int:
    with _db(data) as db:
        row = db.execute(
            "SELECT g.moves FROM server_tables t JOIN games g ON g.id = t.save_id"
        ).fetchone()
    return int(row[0]) if row else -1


def _move(t: Terminal, data: Path) -> None:
    """One move by the keys the key bar names; returns once the server has saved it."""
    moves = _moves(data)
    end = time.monotonic() + 15
    while time.monotonic() < end:
        shown = t.quiet()
        forced = re.search(r"Harvest which field\? \((\d)", shown)
        bar = key_bar(shown)
        key = forced[1] if forced else next((k for k, lb in STEPS if lb in bar), None)
        if key is not None:
            t.press(key)
            until = time.monotonic() + 2
            while time.monotonic() < until:
                if _moves(data) > moves:
                    return
                if key == "e" and "Press e again" in t.text():
                    t.press("e")
                time.sleep(0.03)
    raise AssertionError(f"no move made:\n{t.text()}")


def _children(pid: int) -> list[int]:
    """The processes `pid` started (Linux's /proc)."""
    kids: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            kids += [int(k) for k in (task / "children").read_text().split()]
    return kids


def _alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie, dead but not yet reaped by init, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _login(terms: list[Terminal], info: dict[str, Any], user: str, key: Path) -> Terminal:
    t = Terminal(ssh_command(info, user, key, "-tt"), 100, 30)
    terms.append(t)
    return t


def test_accounts_a_table_a_restart_and_a_ban(
    tmp_path: Path, terminals: list[Terminal], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "d"
    monkeypatch.setenv("BOHN_DATA_DIR", str(data))  # (`accounts --data` sets it)
    keys = {n: make_key(tmp_path, n) for n in ("ana", "ben", "eve")}
    with serving(data) as (proc, info):
        assert info["host_key"].startswith("SHA256:")
        ana = _login(terminals, info, "Ana", keys["ana"])
        ben = _login(terminals, info, "Ben", keys["ben"])
        for t, name in ((ana, "Ana"), (ben, "Ben")):
            t.wait_for("This SSH key is new here")
            t.press("enter")  # the login name is offered as the account's
            t.wait_for(f"bohn server · {name}")
        ana.press("n")
        ana.wait_for("Make the table")
        ana.quiet()
        ana.press("Ben, bot:standard")  # (the seats' field has the focus)
        ana.wait_for("Ben, bot:standard")
        ana.press("enter")
        while _moves(data) < 0:  # (Ben's lobby at once, while Ana's table opens)
            time.sleep(0.05)
        ben.press("r")
        ben.wait_for("Ana's turn")  # in his games, not his turn
        ben.press("enter")
        ana.wait_for("Ana · you")
        ben.wait_for("Ben · you")
        _move(ana, data)
        seats = _children(proc.pid)  # Ana's and Ben's seat processes (bohn join) at least
        assert len(seats) >= 2, seats
        proc.send_signal(signal.SIGKILL)
        proc.wait(5)
        port = info["port"]
    for t in (ana, ben):
        assert t.exited() != 0
    # the server's children end with it (they spun on their dead terminal for ever before)
    end = time.monotonic() + 20
    while any(_alive(pid) for pid in seats) and time.monotonic() < end:
        time.sleep(0.1)
    assert not [pid for pid in seats if _alive(pid)], "a killed server's children live on"
    with serving(data, port) as (proc, info):
        ana = _login(terminals, info, "ana", keys["ana"])  # the name in any case
        ben = _login(terminals, info, "Ben", keys["ben"])
        ana.wait_for("▶ your turn")
        ana.press("enter")
        ben.wait_for("Ana's turn")
        ben.press("enter")
        ana.wait_for("Ana · you")
        ben.wait_for("Ben · you")
        while "Ben's turn" not in ben.quiet():
            _move(ana, data)
        _move(ben, data)
        # Ben's key cannot log in as Ana
        wrong = subprocess.run(
            ssh_command(info, "Ana", keys["ben"], "-T", *LOUD), capture_output=True
        )
        assert wrong.returncode == 255
        assert b"this key is not one of Ana's" in wrong.stderr
        # a banned account's key is refused in one line
        db = Store(data).db
        acc.create(db, "Eve", key_id(asyncssh.read_public_key(f"{keys['eve']}.pub").public_data))
        out = CliRunner().invoke(app, ["server", "accounts", "ban", "eve", "--data", str(data)])
        assert "banned Eve" in out.stdout
        refused = subprocess.run(
            ssh_command(info, "Eve", keys["eve"], "-T", *LOUD), capture_output=True
        )
        assert refused.returncode == 255
        said = [ln for ln in refused.stderr.decode().splitlines() if ln.startswith("bohn:")]
        assert said == ["bohn: this key is banned from this server"]
        # Ben banned while he plays: his connection ends with one line
        out = CliRunner().invoke(app, ["server", "accounts", "ban", "BEN", "--data", str(data)])
        assert "banned Ben" in out.stdout
        assert ben.exited() == 255
        ben.reader.join(5)  # (its last bytes read: the exit can come first)
        assert b"bohn: this key is banned from this server" in bytes(ben.raw)
        proc.kill()
        log = proc.stderr.read().decode()  # type: ignore[union-attr]
        assert "login: 'Ana'" in log and "refused: a key" in log and "table " in log
        assert "closed: a connection from 127.0.0.1: this key is banned" in log


@pytest.mark.parametrize(
    "raw",
    ["", " ", "a" * 41, "Ana,Ben", "bot", "bot:expert", "link-abc", "Ana\nBen", " Ana", "x@y"],
)
def test_names_that_cannot_be_accounts(raw: str) -> None:
    with pytest.raises(acc.AccountError):
        acc.check_account_name(raw)


def test_login_decisions_and_link_codes(tmp_path: Path) -> None:
    db = Store(tmp_path).db
    ana = acc.create(db, "[bold]Ana", "k1")
    with pytest.raises(acc.AccountError, match="taken"):
        acc.create(db, "[BOLD]ana", "k2")  # unique regardless of case
    with pytest.raises(acc.AccountError, match="has an account already: log in again"):
        acc.create(db, "Other", "k1")  # (a name chosen in another window of the same key)
    assert decide(db, "[bold]ana", "k1") == Login(ana.id)
    assert decide(db, "someone", "k1") == Login(ana.id)  # no account's name: the key's
    assert decide(db, "newbie", "k2") == Login(None)  # unknown key: asked for a name
    assert "not one of" in str(decide(db, "[bold]Ana", "k2"))
    assert "not good" in str(decide(db, "link-nothing", "k2"))
    code = acc.new_link_code(db, ana.id)
    assert "[bold]Ana's already" in str(decide(db, f"link-{code}", "k1"))  # bound: said
    assert decide(db, f"link-{code}", "k2") == Login(ana.id, code)
    assert acc.redeem_link(db, code, "k2") is not None
    assert decide(db, "[bold]Ana", "k2") == Login(ana.id)
    assert acc.redeem_link(db, code, "k3") is None  # once only
    acc.ban(db, "[bold]ana")
    assert "banned" in str(decide(db, "x", "k2"))


def test_a_table_that_fails_stops_no_other(tmp_path: Path) -> None:
    store = Store(tmp_path)
    db = store.db
    a, b = acc.create(db, "Ana", "k1"), acc.create(db, "Ben", "k2")
    seats: list[dict[str, Any]] = [{"account": a.id}, {"account": b.id}, {"bot": "standard"}]
    good = st.new_table(db, "bohnanza", a.id, seats, "live")
    bad = st.new_table(db, "bohnanza", a.id, seats, "correspondence")
    bad.state, bad.save_id = st.RUNNING, "no-such-game"
    st.update(db, bad)
    said: list[str] = []

    async def run() -> tuple[int, int | None]:
        tables = Tables(store, said.append, 0)
        assert await tables.open(good) is not None
        await tables.open_all()
        seat = tables.seat_of(good.id, b.id)
        running = len(tables.running)
        tables.close_all()
        return running, seat

    assert asyncio.run(run()) == (1, 1)
    assert st.get(db, bad.id).state == st.FAILED  # type: ignore[union-attr]
    assert st.get(db, good.id).state == st.RUNNING  # type: ignore[union-attr]
    assert any(f"table {bad.id} failed" in line for line in said)
    listed = st.lobby(db, b.id)
    assert [i.row.id for i in listed["yours"]] == [good.id, bad.id]  # the failed one last


def test_a_people_only_table_is_rated_at_its_end(tmp_path: Path) -> None:
    from bohn_tui.store import ratings

    tables = Tables(Store(tmp_path), lambda text: None, 0)
    row = st.TableRow("t1", "bohnanza", "save1", 1, [{"account": 1}, {"account": 2}], "live", "")
    client = types.SimpleNamespace(
        names=["Ana", "Ben"], summary=lambda: {"scores": [5, 7], "winners": [1]}
    )
    tables._rate(types.SimpleNamespace(row=row, client=client))  # type: ignore[arg-type]
    board = ratings.leaderboard(tables.db, "bohnanza")
    assert [(r.name, r.games) for r in board] == [("Ben", 1), ("Ana", 1)]
    row.id, row.save_id = "t2", "save2"
    row.seats.append({"bot": "standard"})  # a bot at the table: not rated
    tables._rate(types.SimpleNamespace(row=row, client=client))  # type: ignore[arg-type]
    assert [r.games for r in ratings.leaderboard(tables.db, "bohnanza")] == [1, 1]


def test_guessed_link_codes_block_the_address(tmp_path: Path) -> None:
    """Each bad link code is a failed login of the address: after gate.py's block_after of
    them (20) the address is refused before any SSH work, while another address gets in."""
    key = make_key(tmp_path, "mallory")

    async def guess(info: dict[str, Any], source: str) -> str:
        opts = dict(known_hosts=None, client_keys=[str(key)], agent_path=None)
        opts |= dict(port=info["port"], local_addr=(source, 0))
        try:
            async with asyncssh.connect("127.0.0.1", username="link-abcdefghjkmn", **opts):
                return "in"
        except asyncssh.PermissionDenied:
            return "denied"
        except (OSError, asyncssh.Error):
            return "dropped"

    async def run(info: dict[str, Any]) -> list[str]:
        said = [await guess(info, "127.0.0.3") for _ in range(21)]
        return [*said, await guess(info, "127.0.0.4")]

    with serving(tmp_path / "d") as (_, info):
        said = asyncio.run(run(info))
    assert said[:20] == ["denied"] * 20
    assert said[20] == "dropped"  # blocked
    assert said[21] == "denied"  # another address is still answered


def test_accounts_list_rename_and_remove_a_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bohn_tui.store import ratings

    monkeypatch.setenv("BOHN_DATA_DIR", str(tmp_path))  # (`accounts --data` sets it)
    db = Store(tmp_path).db
    acc.create(db, "Ana", "a" * 64)
    acc.create(db, "Ben", "b" * 64)
    ratings.update_ratings(db, "g1", [("Ana", 1), ("Ben", 2)], game="bohnanza")

    def accounts(*args: str) -> Any:
        return CliRunner().invoke(app, ["server", "accounts", *args, "--data", str(tmp_path)])

    assert accounts("rename", "ana", "Anna").stdout == "renamed to Anna\n"
    assert [r.name for r in ratings.leaderboard(db, "bohnanza")] == ["Anna", "Ben"]
    taken = accounts("rename", "anna", "BEN")
    assert taken.exit_code == 1 and "taken" in taken.output
    assert [r.name for r in ratings.leaderboard(db, "bohnanza")] == ["Anna", "Ben"]
    assert accounts("remove-key", "bbbbbbbb").stdout == "removed a key of Ben\n"
    listed = accounts().stdout.splitlines()
    assert listed == [f"Anna\tactive\tkeys: {'a' * 12}", "Ben\tactive\tkeys: "]


def test_one_connection_is_refused_at_most_max_names_keys(tmp_path: Path) -> None:
    """A client offering key after key in one connection (each a bad link code's) is put out
    after MAX_NAMES refusals, not answered for all twenty."""
    from bohn_tui.net.ssh import MAX_NAMES

    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(20)]
    offered: list[asyncssh.SSHKey] = []

    class Offering(asyncssh.SSHClient):
        def public_key_auth_requested(self) -> asyncssh.SSHKey | None:
            if len(offered) == len(keys):
                return None
            offered.append(keys[len(offered)])
            return offered[-1]

    async def run(info: dict[str, Any]) -> str:
        opts = dict(known_hosts=None, client_keys=None, agent_path=None, port=info["port"])
        try:
            async with asyncssh.connect(
                "127.0.0.1", username="link-abcdefghjkmn", client_factory=Offering, **opts
            ):
                return "in"
        except asyncssh.DisconnectError as e:
            return e.reason

    with serving(tmp_path / "d") as (_, info):
        said = asyncio.run(run(info))
    assert said == "bohn: no"
    assert len(offered) == MAX_NAMES + 1


def test_a_link_code_adds_the_new_key_when_ssh_offers_a_bound_one_first(tmp_path: Path) -> None:
    """Ben's ssh offers his own key first, then a new one, to `link-CODE` (Ana's code): his
    key is refused in one line (not let in as Ben, the code unused), the new key is bound to
    Ana and lands in her lobby; the code is used up."""
    ana_key, ben_key, new_key = (make_key(tmp_path, n) for n in ("ana", "ben", "new"))
    data = tmp_path / "d"
    data.mkdir()
    db = Store(data).db
    ana = acc.create(db, "Ana", key_id(asyncssh.read_public_key(f"{ana_key}.pub").public_data))
    acc.create(db, "Ben", key_id(asyncssh.read_public_key(f"{ben_key}.pub").public_data))
    code = acc.new_link_code(db, ana.id)
    terms: list[Terminal] = []
    try:
        with serving(data) as (proc, info):
            extra = ("-i", str(new_key), *LOUD)  # (after -i ben_key: offered second)
            t = Terminal(ssh_command(info, f"link-{code}", ben_key, "-tt", *extra), 100, 30)
            terms.append(t)
            t.wait_for("bohn server · Ana")
            found = acc.by_key(db, key_id(asyncssh.read_public_key(f"{new_key}.pub").public_data))
            assert found is not None and found.name == "Ana"
            assert acc.link_account(db, code) is None  # used up
        assert proc.stderr is not None
        log = proc.stderr.read().decode()  # (the line ssh printed is under the lobby's screen)
        assert "refused: a key from 127.0.0.1: this key is Ben's already" in log
        assert "added to 'Ana' by a link code" in log
    finally:
        for t in terms:
            t.close()


def test_a_server_stopping_tells_each_person_in_one_line(tmp_path: Path) -> None:
    """SIGTERM with Ana in her lobby: her ssh shows one line that the server stops and her
    games are kept, and ends (not a bare "Disconnected by application")."""
    key = make_key(tmp_path, "ana")
    data = tmp_path / "d"
    data.mkdir()
    acc.create(Store(data).db, "Ana", key_id(asyncssh.read_public_key(f"{key}.pub").public_data))
    terms: list[Terminal] = []
    try:
        with serving(data) as (proc, info):
            t = _login(terms, info, "Ana", key)
            t.wait_for("Your games")
            proc.send_signal(signal.SIGTERM)
            t.wait_for("the server is stopping; your games are kept")
            t.exited()  # ssh ends
            assert proc.wait(30) == 0
    finally:
        for t in terms:
            t.close()
