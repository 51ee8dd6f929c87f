"""The web door of `bohn server --web` (issue #27, bohn_tui/net/web_server.py) in a real
browser: Debian's chromium, headless, driven by playwright (tests/helpers/browser.py),
against a real `bohn server --port 0 --web 0` on 127.0.0.1. Ana's account is made by the
real OpenSSH client (tests/helpers/ssh.py); her lobby's profile shows a link code; typed in
the browser's page it opens her lobby there (the same lobby process); a wrong code and the
used code are refused; she makes a table there and plays at it; banned, her browser session
ends with one line. Skipped, with the
reason, where no chromium or playwright is."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from helpers.browser import Page, browser, missing
from helpers.ssh import Terminal, bohn_json, make_key, ssh_command
from helpers.tab import Tab
from test_web import _argvs, door_holds
from typer.testing import CliRunner

from bohn_tui.cli import app
from bohn_tui.net.server import PER_ACCOUNT
from bohn_tui.store import Store
from bohn_tui.store import accounts as acc

NO_BROWSER = missing()
WRONG = "That link code is not good"


def _ana(tmp_path: Path) -> tuple[Path, Any, acc.Account]:
    """A data folder, its database and Ana's account in it (made by her key)."""
    data = tmp_path / "d"
    db = Store(data).db
    return data, db, acc.create(db, "Ana", "a" * 64)


def _serving(data: Path) -> Any:
    args = ("--port", "0", "--web", "0", "--json", "--data", str(data), "--bot-delay", "0")
    return bohn_json(data, "server", *args, "--check-seconds", "0.2", "--login-delay", "0.05")


@pytest.mark.skipif(NO_BROWSER is not None, reason=str(NO_BROWSER))
def test_a_link_code_opens_the_accounts_lobby_in_a_browser_once(
    tmp_path: Path, terminals: list[Terminal], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "d"
    monkeypatch.setenv("BOHN_DATA_DIR", str(data))  # (`accounts --data` sets it)
    key = make_key(tmp_path, "ana")
    with _serving(data) as (proc, info):
        assert info["web"].startswith("http://127.0.0.1:")  # on 127.0.0.1 unless --bind
        ana = Terminal(ssh_command(info, "Ana", key, "-tt"), 100, 30)
        terminals.append(ana)
        with browser() as context:  # (it starts while her lobby does)
            code = _lobby_in_a_browser(ana, info, data, context)
        proc.terminate()
        proc.wait(10)
    log = proc.stderr.read().decode()  # type: ignore[union-attr]
    assert "login: 'Ana' from 127.0.0.1 (web, by a link code)" in log
    assert "closed: a web session from 127.0.0.1: this account is banned" in log
    assert "Traceback" not in log and code not in log, log


def _lobby_in_a_browser(ana: Terminal, info: dict[str, Any], data: Path, context: Any) -> str:
    """Ana's link code from her SSH lobby's profile, tried in the browser (the code)."""
    ana.wait_for("This SSH key is new here")
    ana.press("enter")  # her account, made by her key
    ana.wait_for("bohn server · Ana")
    ana.press("p")
    ana.wait_for("Profile · Ana")
    ana.press("l")

    def told(x: str) -> bool:  # the code and the page's address both drawn (not the
        # first piece of the frame that shows "or in a browser at")
        found = re.search(r"link-([a-z0-9]+)@", x)
        return bool(found) and f"{info['web']} the code {found[1]}" in " ".join(x.split())

    shown = ana.wait_for(lambda x: "or in a browser at" in x and told(x))
    code = re.search(r"link-([a-z0-9]+)@", shown)[1]  # type: ignore[index]
    assert f"{info['web']} the code {code}" in " ".join(shown.split())
    page = Page(context, info["web"])
    page.wait_for("Link code")
    assert code not in page.page.url
    page.type("zzzzzzzzzzzz\n")  # a wrong code: one line, then asked again
    page.wait_for(lambda s: WRONG in s and s.count("Link code") == 2)
    page.type(f"link-{code}\n")  # as the profile shows it (or the code alone)
    lobby = page.wait_for("bohn server · Ana")
    assert WRONG not in lobby  # (the page's screen was cleared for the lobby)
    assert code not in _argvs()  # no code on a command line
    page.press("p")  # the same lobby process as by SSH: her profile
    page.wait_for("SSH keys bound to this account: 1")  # (the browser bound no key)
    page.press("Escape")
    page.wait_for(lambda s: "Profile · Ana" not in s)
    page.press("n")  # and from it a table: hers and two bots', at once in the browser
    page.wait_for("Make the table")
    page.page.wait_for_timeout(300)  # (the seats' field has the focus)
    page.type("bot:standard, bot:standard")
    page.wait_for("bot:standard, bot:standard")
    page.press("Enter")
    # (the table's frame whole: her hand below the title, not a screen read once)
    page.wait_for(lambda s: "Ana · you" in s and "Ana's hand" in s)
    again = Page(context, info["web"])  # the used code, a second time
    again.wait_for("Link code")
    again.type(code + "\n")
    assert WRONG in again.wait_for(lambda s: s.count("Link code") == 2 and WRONG in s)
    banned = CliRunner().invoke(app, ["server", "accounts", "ban", "ana", "--data", str(data)])
    assert "banned Ana" in banned.stdout
    banned_line = "bohn: this account is banned"
    assert banned_line in page.wait_for(banned_line)
    page.wait_closed()
    return code


async def _screen(url: str, typed: str, until: str, seconds: float = 60.0) -> str:
    """What a websocket (no browser) that types `typed` at the door's prompt sees once `until`
    shows or the door closes it, drawn by pyte at 100 x 30."""
    async with aiohttp.ClientSession() as http:
        tab = await Tab(http, url, "?code=" + typed).open(typed + "\r")
        shown = await tab.wait_for(until, seconds=seconds)
        await tab.close()
    return shown


def test_the_door_limits_logins_refuses_other_sites_and_wrong_or_used_codes(
    tmp_path: Path,
) -> None:
    data, db, ana = _ana(tmp_path)
    with _serving(data) as (proc, info):
        door_holds(info["web"], "Link code", WRONG)  # (as the host's web door's)
        code = acc.new_link_code(db, ana.id)
        # the code in the URL opens nothing (the page asks); typed, it opens Ana's lobby
        assert "bohn server · Ana" in asyncio.run(_screen(info["web"], code, "server · Ana"))
        used = asyncio.run(_screen(info["web"], code, WRONG))
        assert WRONG in used and "bohn server ·" not in used
        old = acc.new_link_code(db, ana.id)
        acc.new_link_code(db, ana.id)  # (a new code: the old one is good no more)
        acc.ban(db, "Ana")  # (and a banned account's codes are none)
        for refused in (old, acc.new_link_code(db, ana.id)):
            assert WRONG in asyncio.run(_screen(info["web"], refused, WRONG))
        proc.terminate()
        proc.wait(10)
    log = proc.stderr.read().decode()  # type: ignore[union-attr]
    assert "Traceback" not in log and "<b>" not in log and code not in log, log[:500]
    assert "Web: 5 failed logins from 127.0.0.1: answering it slowly now" in log


def test_a_link_code_is_good_once_for_its_minutes(tmp_path: Path) -> None:
    db = Store(tmp_path).db
    ana = acc.create(db, "Ana", "a" * 64)
    code = acc.new_link_code(db, ana.id, now=1000.0)
    assert acc.use_link(db, code, now=1000.0 + acc.LINK_SECONDS + 1) is None  # expired
    code = acc.new_link_code(db, ana.id, now=1000.0)
    assert acc.use_link(db, code.upper(), now=1001.0) == ana  # (typed in any case)
    assert acc.use_link(db, code, now=1002.0) is None  # once
    assert acc.keys_of(db, ana.id) == ["a" * 64]  # no key was bound


def test_what_waits_for_a_page_that_reads_nothing_is_bounded() -> None:
    """A page that does not read: past HIGH bytes waiting, the session stops reading its
    pty (pause_writing), and reads again once they are down to LOW."""
    from bohn_tui.net import web_server as ws

    class Stuck:
        def __init__(self) -> None:
            self.go = asyncio.Event()
            self.sent = 0

        async def send_bytes(self, data: bytes) -> None:
            await self.go.wait()
            self.sent += len(data)

        async def close(self) -> None:
            pass

    class Pty:
        paused = resumed = 0

        def pause_writing(self) -> None:
            self.paused += 1

        def resume_writing(self) -> None:
            self.resumed += 1

        def connection_lost(self, exc: object) -> None:
            pass

    async def run() -> tuple[int, int, int, int]:
        page, pty = Stuck(), Pty()
        channel = ws.Channel(page, pty)  # type: ignore[arg-type]
        most = 0
        for _ in range(64):  # 4 MiB drawn while the page reads nothing
            if not pty.paused or pty.resumed:  # (the pty is read only while not paused)
                channel.write(b"x" * 65536)
            most = max(most, len(channel.buffer))
            await asyncio.sleep(0)
        paused = pty.paused
        page.go.set()
        channel.exit(0)
        await asyncio.wait_for(channel.task, 5)
        return most, paused, pty.resumed, page.sent

    most, paused, resumed, sent = asyncio.run(run())
    assert most <= ws.HIGH + 65536 and paused >= 1 and resumed == 1
    assert sent == most + ws.CHUNK  # (one chunk was on its way when the page stopped)


LOBBY = "bohn server · Ana"
MANY = "connections already"  # server.ServerDoor.take's line for an account at its most


async def _code_refused_for_a_limit(url: str, db: Any, ana: int) -> None:

    async with aiohttp.ClientSession() as http:
        # two pages typing one code at once: one has the lobby, the other is told no
        code = acc.new_link_code(db, ana)
        pages = await asyncio.gather(*(Tab(http, url).open(code + "\r") for _ in range(2)))
        screens = await asyncio.gather(*(p.wait_for(LOBBY, WRONG) for p in pages))
        assert sorted(LOBBY in s for s in screens) == [False, True], screens
        assert any(WRONG in s for s in screens)
        lobbies = [p for p, s in zip(pages, screens, strict=True) if LOBBY in s]
        await next(p for p in pages if p not in lobbies).close()  # (no login left waiting)
        for _ in range(PER_ACCOUNT - 1):  # her lobby in as many pages as an account may have
            page = await Tab(http, url).open(acc.new_link_code(db, ana) + "\r")
            assert LOBBY in await page.wait_for(LOBBY, WRONG, MANY)
            lobbies.append(page)
        code = acc.new_link_code(db, ana)
        refused = await (await Tab(http, url).open(code + "\r")).wait_for(LOBBY, WRONG, MANY)
        assert f"this account has {PER_ACCOUNT} {MANY}" in refused, refused
        assert LOBBY not in refused and WRONG not in refused
        await lobbies[0].close()  # one of hers leaves: the refused code is good still
        end = time.monotonic() + 60
        while True:  # (until the server has counted that one out)
            page = await Tab(http, url).open(code + "\r")
            shown = await page.wait_for(LOBBY, WRONG, MANY)
            if MANY not in shown or time.monotonic() > end:
                break
            await page.close()
            await asyncio.sleep(0.2)
        assert LOBBY in shown, shown
        used = await (await Tab(http, url).open(code + "\r")).wait_for(LOBBY, WRONG, MANY)
        assert WRONG in used and LOBBY not in used  # (and once in, it is used up)


def test_a_link_code_refused_for_a_limit_is_good_once_it_allows_and_opens_one_lobby(
    tmp_path: Path,
) -> None:
    data, db, ana = _ana(tmp_path)
    with _serving(data) as (proc, info):
        asyncio.run(_code_refused_for_a_limit(info["web"], db, ana.id))
        proc.terminate()
        proc.wait(10)
    log = proc.stderr.read().decode()  # type: ignore[union-attr]
    assert "refused: a web session from 127.0.0.1: this account has 3 connections" in log
    assert "Traceback" not in log, log[:2000]
