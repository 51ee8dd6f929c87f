"""The web door of issue #27 (bohn_tui/net/web.py, `bohn host --web`) in a real browser:
Debian's chromium, headless, driven by playwright (tests/helpers/browser.py), against a real
`bohn host --web 0 --port 0` on 127.0.0.1; Ben plays in the real OpenSSH client's terminal
(tests/helpers/ssh.py). Skipped, with the reason, where no chromium or playwright is; the
door's limits are tried without a browser (aiohttp's client), so that they always run."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from helpers.browser import Page, browser, missing
from helpers.ssh import Terminal, hosting, make_key, ssh_command
from helpers.tab import Tab
from helpers.wait import until_sync

from bohn_tui.play.session import Session
from bohn_tui.store import Store

NO_BROWSER = missing()
GAME = ("bohnanza", "--players", "Ana,Ben,bot:random", "--seed", "3")
FAST = ("--web", "0", "--login-delay", "0.05")


def _code(info: dict[str, Any], name: str) -> str:
    return next(s["code"] for s in info["seats"] if s["name"] == name)


def _moves(data: Path) -> int:
    store = Store(data)
    store.open()
    [game] = store.list()
    return len(Session.from_json(store.export(game.id), game.id).record.actions)


def _first_field(screen: str, name: str) -> str:
    """What the panel of `name` shows of their field 1 (the row below the panel's title)."""
    lines = screen.splitlines()
    rows = [i for i, ln in enumerate(lines) if f"━ ▶ {name} " in ln or f"─ {name} " in ln]
    cells = (
        lines[rows[0] + 1].replace("│", "┃").split("┃")
        if rows[:1] and rows[0] + 1 < len(lines)
        else []
    )
    return cells[1].strip() if len(cells) > 1 else ""  # "" while the panel is not (yet) whole


def _argvs() -> str:
    """Every process's command line on this machine, as one text."""
    out = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        with contextlib.suppress(OSError):
            out.append(Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode())
    return "\n".join(out)


@pytest.mark.skipif(NO_BROWSER is not None, reason=str(NO_BROWSER))
def test_a_browser_plays_a_seat_sees_only_its_hand_and_a_second_browser_takes_it(
    tmp_path: Path, terminals: list[Terminal]
) -> None:
    with hosting(tmp_path, *GAME, *FAST) as (host, info), browser() as context:
        assert info["web"].startswith("http://127.0.0.1:")  # --bind 127.0.0.1: there
        assert _code(info, "Ana") not in info["web"]  # no code in the page's address
        ana = Page(context, info["web"])
        ana.wait_for("Invite code:")
        ana.type("zzzz-23456789\n")  # a wrong code: one line, then asked again
        wrong = "That invite code is not one of this game's."
        shown = ana.wait_for(lambda s: s.count("Invite code:") == 2 and wrong in s)
        assert wrong in shown
        ana.type(_code(info, "Ana") + "\n")
        # her turn, her panel whole (the wait is for everything the next line checks)
        mine = ("Ana · you", "1 Plant on 1", "Ana's hand")
        shown = ana.wait_for(lambda s: all(x in s for x in mine))
        assert "Ana's hand" in shown and "Ben's hand" not in shown
        for code in (_code(info, n) for n in ("Ana", "Ben")):  # no code on a command line
            assert code not in _argvs()
        ben_key = make_key(tmp_path, "ben")
        ben = Terminal(ssh_command(info, _code(info, "Ben"), ben_key, "-tt"), 120, 40)
        terminals.append(ben)
        ben.wait_for(lambda s: "Ben · you" in s and _first_field(s, "Ana") == "1 · empty field")
        assert "bound to the SSH key" in _aside(_try(info["web"], _code(info, "Ben")))
        ana.press("1")  # she plants her front card (a Chili) on her field 1
        ben.wait_for(lambda s: _first_field(s, "Ana").startswith("1  Chi ×1"))
        until_sync(lambda: _moves(tmp_path) >= 1)  # (the host saves it in its own time)
        assert _moves(tmp_path) == 1
        assert "Ana's hand" not in ben.text()
        # a second browser on Ana's code takes her seat, as a reconnect does
        again = Page(context, info["web"])
        again.wait_for("Invite code:")
        again.type(_code(info, "Ana") + "\n")
        again.wait_for(lambda s: "Ana · you" in s and "Plant on 2" in s)
        ana.wait_closed()
        again.press("2")  # she plays on from the new page
        end = time.monotonic() + 60
        while _moves(tmp_path) < 2:
            assert time.monotonic() < end, again.text()
            time.sleep(0.05)
        assert host.poll() is None
        host.send_signal(signal.SIGTERM)  # Ctrl+C: the hosting ends, the page's game too
        assert host.wait(10) == 0
        again.wait_closed()
    err = host.stderr.read().decode() if host.stderr else ""
    assert _code(info, "Ana") not in err and "Traceback" not in err


def _aside(coroutine: Any) -> Any:
    """Run `coroutine` in a thread of its own (playwright's loop runs in this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


async def _try(url: str, code: str) -> str:
    """What a websocket that types `code` at the door's prompt is told (a refusal)."""
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(url.replace("http://", "ws://") + "ws")
        await ws.send_str(json.dumps(["stdin", code + "\r"]))
        texts = []
        while (msg := await ws.receive(60)).type == aiohttp.WSMsgType.BINARY:
            texts.append(msg.data.decode())
        return "".join(texts)


async def _door(url: str, codes: list[str]) -> list[str]:
    """What a crowd of websockets from one address, a page of another site and wrong codes
    get from the door, in that order (each as text)."""
    ws_url = url.replace("http://", "ws://") + "ws"
    got: list[str] = []

    async def first_text(ws: Any) -> str:
        # its first lines, or all it got before the door closed it (by a deadline: a
        # loaded machine answers later than a quiet one)
        out = b""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(60):
                while b"\n" not in out.strip():
                    msg = await ws.receive()
                    if msg.type != aiohttp.WSMsgType.BINARY:
                        break
                    out += msg.data
        return out.decode()

    async with aiohttp.ClientSession() as http:
        page = await http.get(url)
        got.append(f"{page.status} {page.headers.get('Content-Security-Policy', '')[:18]}")
        opened = [await http.ws_connect(ws_url) for _ in range(5)]  # 4 logins at once: no more
        got.append(await first_text(opened[-1]))
        for ws in opened:
            await ws.close()
        # behind a proxy on this machine each person counts by the address it forwards
        ana, ben = ({"X-Forwarded-For": f"127.0.0.9, 127.0.0.{i}"} for i in (11, 12))
        behind = [await http.ws_connect(ws_url, headers=ana) for _ in range(5)]
        other = await http.ws_connect(ws_url, headers=ben)
        got.append(await first_text(behind[-1]) + " | " + await first_text(other))
        for ws in [*behind, other]:
            await ws.close()
        try:
            await http.ws_connect(ws_url, headers={"Origin": "http://evil.example"})
            got.append("another site's page got a websocket")
        except aiohttp.WSServerHandshakeError as e:
            got.append(str(e.status))
        ws = await http.ws_connect(ws_url)
        await first_text(ws)
        for code in codes:
            await ws.send_str(f'["stdin", "{code}\\r"]')
        texts = []
        while (msg := await ws.receive()).type == aiohttp.WSMsgType.BINARY:
            texts.append(msg.data.decode())
        got.append("".join(texts))
        got.append((await http.get(url.rstrip("/") + "/static/")).status.__str__())
    port = int(url.rsplit(":", 1)[1].strip("/"))
    for blob in (b"GET /" + b"<b>" * 5000 + b" HTTP/1.1\r\n\r\n", os.urandom(4096)):
        r, w = await asyncio.open_connection("127.0.0.1", port)  # bad requests: 400, no log
        w.write(blob)
        got.append((await asyncio.wait_for(r.read(), 60))[:24].decode("latin-1"))
        w.close()
    return got


async def _hosts(url: str, names: tuple[str, ...]) -> list[str]:
    """The status of the page and of the websocket for a request whose Host is each of
    `names` (with the door's port), as a browser sends them; the Origin is the page's own,
    as after DNS rebinding: "page ws" each."""
    port = url.rsplit(":", 1)[1].strip("/")
    got = []
    async with aiohttp.ClientSession() as http:
        for name in names:
            host = f"{name}:{port}"
            page = await http.get(url, headers={"Host": host})
            try:
                ws = await http.ws_connect(
                    url.replace("http://", "ws://") + "ws",
                    headers={"Host": host, "Origin": f"http://{host}"},
                )
                await ws.close()
                opened = "101"
            except aiohttp.WSServerHandshakeError as e:
                opened = str(e.status)
            got.append(f"{page.status} {opened}")
    return got


def door_holds(url: str, prompt: str, wrong_line: str) -> None:
    """A web door's limits hold (_door: a crowd from one address, one behind a proxy, a page
    of another site, 6 wrong codes, a folder index, bad requests); `prompt` asks for its
    code and `wrong_line` says a code is wrong."""
    wrong = [f"zzzz-{i}3456789" for i in range(6)]
    page, crowd, proxied, other_site, codes, index, *bad = asyncio.run(_door(url, wrong))
    assert page == "200 default-src 'self'"
    assert "too many logins in progress from this address" in crowd
    mine, theirs = proxied.split(" | ")
    assert "too many logins in progress from this address" in mine
    assert prompt in theirs  # another person behind the same proxy gets in
    assert other_site == "403"
    assert codes.count(wrong_line) == 6  # (then the page is closed)
    assert index == "403" or index == "404"  # no folder index
    assert bad == ["HTTP/1.0 400 Bad Request"] * 2
    # a site's name pointed at this machine (DNS rebinding) is none of the door's: 421
    names = ("evil.example", "127.0.0.1.evil.example", "localhost", "[::1]", "10.1.2.3")
    assert asyncio.run(_hosts(url, names)) == ["421 421"] * 2 + ["200 101"] * 3


def test_the_door_limits_logins_refuses_other_sites_and_wrong_codes(tmp_path: Path) -> None:
    with hosting(tmp_path, *GAME, *FAST, "--web-host", "Bohn.Example.org") as (host, info):
        door_holds(info["web"], "Invite code:", "That invite code is not one of this game's.")
        # a name given by --web-host is the door's (a proxy's public name), in any case
        names = ("bohn.example.org", "BOHN.example.org.", "example.org")
        assert asyncio.run(_hosts(info["web"], names)) == ["200 101"] * 2 + ["421 421"]
        assert _moves(tmp_path) == 0 and host.poll() is None
    err = host.stderr.read().decode() if host.stderr else ""
    assert "Traceback" not in err and "<b>" not in err, err[:500]
    assert "Web: 5 failed logins from 127.0.0.1: answering it slowly now" in err


async def _watch_twice(url: str, code: str) -> tuple[str, str]:
    """A page on the spectators' code, a second one the limit refuses, then the second again
    once the first has left (until it is let in, or a deadline): what the refused one and
    the last one showed."""
    watching, most = "You are watching", "at most 1 spectators from one address"
    async with aiohttp.ClientSession() as http:
        first = await Tab(http, url).open(code + "\r")
        assert watching in await first.wait_for(watching)
        refused = await (await Tab(http, url).open(code + "\r")).wait_for(watching, most)
        await first.close()
        end = time.monotonic() + 60
        while True:  # (until the door has counted the first one out)
            again = await Tab(http, url).open(code + "\r")
            shown = await again.wait_for(watching, most)
            if most not in shown or time.monotonic() > end:
                break
            await again.close()
            await asyncio.sleep(0.2)
        await again.close()
    return refused, shown


def test_a_right_code_refused_for_a_limit_opens_the_game_once_the_limit_allows(
    tmp_path: Path,
) -> None:
    limits = {"spectators_per_address": 1}
    with hosting(tmp_path, *GAME, *FAST, limits=limits) as (host, info):
        refused, shown = asyncio.run(_watch_twice(info["web"], info["spectator"]))
        assert "at most 1 spectators from one address" in refused
        assert "You are watching" not in refused and "not one of this game's" not in refused
        assert "You are watching" in shown, shown
