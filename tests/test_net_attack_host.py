"""The host against its clients (issue #22): what no message may carry (the seed, and with
it every hidden card and every chance to come), what a chat flood, a client that does not
read, or a crowd of spectators and silent connections must not do (grow the host, swell
the states, lock a seat's person out). Real `bohn host` processes as in test_net_host.py,
raw asyncio clients; the chat history's bound also against a Host in this process (its
rate limit loosened), where the session's log can be looked at."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import test_net_host as net
from test_net_host import Hosted, Peer, alive, joined

from bohn_tui.cli_host import SEED_KNOWN
from bohn_tui.games import read_record, rules_for
from bohn_tui.net import host as net_host
from bohn_tui.net import protocol as p
from bohn_tui.play.players import SECURE_SEED_BITS
from bohn_tui.play.session import portable_parts
from bohn_tui.store import Store

start = net.start  # the fixture: a real `bohn host` process

STATE_BOUND = 1024 * 1024  # bytes: every state far under the client's 16 MiB


def keys(value: Any) -> Iterator[str]:
    """Every key of every object inside `value`."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            yield from v
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)


def saved(h: Hosted) -> tuple[str, Any]:
    """The hosted game's save id and record."""
    store = Store(h.data)
    (save,) = store.list()
    return save.id, read_record(portable_parts(store.export(save.id))[0])


def stop(h: Hosted) -> str:
    """SIGTERM the host; its standard error."""
    h.proc.send_signal(signal.SIGTERM)
    _, err = h.proc.communicate(timeout=10)
    assert h.proc.returncode == 0, err.decode()
    return err.decode()


# -- item 3: the seed ---------------------------------------------------------------------


def test_no_message_carries_the_seed_and_a_hosted_seed_is_fresh_and_long(
    start: Callable[..., Hosted],
) -> None:
    """Two hostings without --seed: each seed has 128 random bits above a set bit (129
    binary digits) and they differ; no message to a seat or a spectator names it (nor any
    field called seed or rng), the spectator sees no hand, and neither sees the order of
    the draw pile (its top eight cards, replayed from the save, are in no line)."""
    seeds = []
    for _ in range(2):
        h = start("Ana,bot:random,bot:random", seed=None)

        async def main(h: Hosted) -> tuple[Peer, Peer]:
            ana, _, state = await joined(h.path, h.codes["Ana"])
            spy, _, _ = await joined(h.path, h.spectator)
            rid = 0
            while not state["over"] and rid < 12:
                if 0 in state["waiting_for"] and state["legal"] and not state["busy"]:
                    rid += 1
                    legal = state["legal"]
                    pick = [a for a in legal if not a["type"].startswith("offer")] or legal
                    await ana.send(p.act(rid, pick[0]))
                state = await ana.until("state")
            await spy.send(p.ping())
            await spy.until("pong")
            for peer in (ana, spy):
                await peer.close()
            return ana, spy

        ana, spy = asyncio.run(main(h))
        alive(h)
        _, record = saved(h)
        seed = record.seed
        assert seed.bit_length() == SECURE_SEED_BITS + 1
        seeds.append(seed)
        rules = rules_for(record.game, len(record.players))
        st, _ = rules.new_game(record.players, record.seed, record.options, record.deck)
        piles = []
        for action in record.actions:
            piles.append(rules.full_state(st)["deck"][-8:])
            rules.apply(st, action)
        piles.append(rules.full_state(st)["deck"][-8:])
        for peer in (ana, spy):
            assert len(peer.raw) > 5
            for line in peer.raw:
                assert str(seed).encode() not in line and hex(seed)[2:].encode() not in line
                msg = json.loads(line)
                assert not {"seed", "rng"} & set(keys(msg)), msg["t"]
                for pile in piles:
                    assert json.dumps(pile, separators=(",", ":")).encode() not in line
                if peer is spy and msg["t"] == "state":
                    assert all(pl["hand"] is None for pl in msg["view"]["players"])
        assert SEED_KNOWN not in stop(h)
    assert seeds[0] != seeds[1]


def test_a_seed_given_is_named_and_a_hosted_seed_round_trips(
    start: Callable[..., Hosted], tmp_path: Path
) -> None:
    """`--seed` says in one line that anyone who knows it sees every hand. A 129-bit seed
    lives through the save, `bohn export`, `bohn import`, `bohn replay` and `bohn host
    --resume` (the same game, where it was)."""
    given = start("Ana,Ben", seed="5")
    err = stop(given)
    assert err.count(SEED_KNOWN) == 1 and err.strip() == SEED_KNOWN
    h = start("Ana,Ben", seed=None, data="same")

    async def play_one() -> dict[str, Any]:
        ana, _, state = await joined(h.path, h.codes["Ana"])
        assert await ana.act(1, state["legal"][0]) is None
        after = await ana.until("state", lambda m: m["version"] == state["version"] + 1)
        await ana.close()
        return after

    after = asyncio.run(play_one())
    assert SEED_KNOWN not in stop(h)
    save_id, record = saved(h)
    assert record.seed.bit_length() == SECURE_SEED_BITS + 1 and len(record.actions) == 1
    env = {**os.environ, "BOHN_DATA_DIR": str(h.data), "XDG_DATA_HOME": str(h.data)}

    def bohn(*args: str) -> str:
        run = subprocess.run(
            [sys.executable, "-m", "bohn_tui", *args],
            capture_output=True,
            text=True,
            timeout=30,
            env=env,
        )
        assert run.returncode == 0, run.stderr
        return run.stdout

    exported = tmp_path / "game.json"
    bohn("export", save_id, str(exported))
    assert json.loads(exported.read_text())["record"]["seed"] == str(record.seed)
    replayed = json.loads(bohn("replay", str(exported), "--json"))
    assert replayed["seed"] == record.seed
    imported = bohn("import", str(exported)).strip()
    again = Store(h.data).export(imported)
    assert read_record(portable_parts(again)[0]).seed == record.seed
    back = start("ignored", "--resume", save_id, data="same")

    async def look() -> None:
        ana, _, state = await joined(back.path, back.codes["Ana"])
        assert state["view"] == after["view"] and state["version"] >= 0
        await ana.close()

    asyncio.run(look())
    assert stop(back) == ""  # a resumed hosted seed is long: no warning


# -- item 6: chat and the clients that do not read ----------------------------------------

# BOHN_CHAT_FLOOD=20000 (or more) floods longer; the default is kept small for the suite
FLOOD = int(os.environ.get("BOHN_CHAT_FLOOD", "8000"))


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_a_chat_flood_from_reconnecting_clients_stays_small(
    start: Callable[..., Hosted],
) -> None:
    """FLOOD chat lines of 300 three-byte characters from Ben, reconnecting after every 90
    lines (under the flood limit), and from spectators: the rate limit is the seat's and
    the spectators', not the connection's (at most CHATS lines of each get through in any
    CHAT_SECONDS), every state anyone gets stays under STATE_BOUND, a newcomer's first
    state too, and the host does not grow (loosely: by less than 64 MiB)."""
    h = start()
    text = "€" * p.MAX_CHAT
    per = 90

    async def main() -> tuple[float, list[Peer]]:
        ana, _, _ = await joined(h.path, h.codes["Ana"])
        before = rss_kib(h.proc.pid)
        loop = asyncio.get_running_loop()
        began = loop.time()
        sent = 0
        while sent < FLOOD:
            code = h.codes["Ben"] if (sent // per) % 2 == 0 else h.spectator
            peer, _, _ = await joined(h.path, code)
            n = min(per, FLOOD - sent)
            await peer.send(p.encode(p.chat(text)) * n + p.encode(p.ping()))
            await peer.until("pong")  # the host has read them all
            await peer.close()
            sent += n
        seconds = loop.time() - began
        late, _, first = await joined(h.path, h.spectator)
        await ana.send(p.ping())
        await ana.until("pong")
        grown = rss_kib(h.proc.pid) - before
        assert grown < 64 * 1024, f"the host grew by {grown} KiB"
        await late.close()
        await ana.close()
        return seconds, [ana, late]

    seconds, peers = asyncio.run(main())
    alive(h)
    for peer in peers:
        assert all(len(line) < STATE_BOUND for line in peer.raw)
        said = [ln["text"] for line in peer.raw for ln in json.loads(line).get("log", [])]
        windows = int(seconds // net_host.CHAT_SECONDS) + 2
        ben = sum(t.startswith("Ben: ") for t in said)
        watchers = sum(t.startswith("Spectator: ") for t in said)
        assert 0 < ben <= net_host.CHATS * windows, (ben, seconds)
        assert 0 < watchers <= net_host.CHATS * windows, (watchers, seconds)


def test_the_chat_history_is_bounded_however_long_the_hosting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Host in this process, its rate and flood limits loosened: 2,000 chat lines of the longest
    kind leave at most CHAT_LINES + CHAT_SLACK of them in the session's log; a newcomer's
    first state holds the latest of them, under STATE_BOUND; a client that was there
    all along is sent the log anew when old lines go (and keeps it in order)."""
    from bohn_tui.net.client import RemoteClient
    from bohn_tui.play.client import LocalClient
    from bohn_tui.play.session import Session

    monkeypatch.setattr(net_host, "CHATS", 10**6)
    monkeypatch.setattr(p, "FLOOD_MESSAGES", 10**6)
    path = tmp_path / "h.sock"
    limit = net_host.CHAT_LINES + net_host.CHAT_SLACK

    async def main() -> None:
        session = Session.new("bohnanza", ["Ana", "Ben"], seed=3)
        host = net_host.Host(LocalClient(session, 0), p.new_host_id())
        server = await asyncio.start_unix_server(host.handle, path, limit=p.CLIENT_LINE + 1)
        try:
            ben = RemoteClient(host.codes[1], path)
            await ben.connect()
            ana, _, _ = await joined(str(path), host.codes[0])
            for at in range(0, 2000, 50):
                lines = [p.encode(p.chat(f"{n:04d}" + "€" * 296)) for n in range(at, at + 50)]
                await ana.send(b"".join(lines) + p.encode(p.ping()))
                await ana.until("pong")
            chats = [ln for ln in session.log if ln.text.startswith("Ana: ")]
            assert net_host.CHAT_LINES <= len(chats) <= limit
            assert chats[-1].text.startswith("Ana: 1999")
            assert len(session.kept) <= limit
            late, _, first = await joined(str(path), host.spectator_code)
            assert len(p.encode(first)) < STATE_BOUND
            texts = [ln["text"] for ln in first["log"] if ln["text"].startswith("Ana: ")]
            assert texts == [ln.text for ln in chats]
            for _ in range(150):  # Ben's client follows
                if ben.log and ben.log[-1].text.startswith("Ana: 1999"):
                    break
                await asyncio.sleep(0.02)
            mine = [ln.text for ln in ben.log if ln.text.startswith("Ana: ")]
            assert mine == [ln.text for ln in chats]
            ben.stop()
            for peer in (ana, late):
                await peer.close()
        finally:
            host.stop()
            server.close()

    asyncio.run(main())


def test_a_client_that_never_reads_is_dropped(start: Callable[..., Hosted]) -> None:
    """A spectator says hello and then only writes. Ana plays a move and takes it back,
    again and again (each undo sends everyone the whole log anew): the spectator's socket
    fills, the pings it sends then wait behind, and once MAX_QUEUE of them wait it is
    dropped (its socket ends before its pongs came); Ana is served all along."""
    h = start("Ana,Ben")

    async def main() -> socket.socket:
        sleeper = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)  # (no reader task)
        sleeper.connect(h.path)
        sleeper.sendall(p.encode(p.hello(h.spectator)))
        ana, _, state = await joined(h.path, h.codes["Ana"])
        move, rid = state["legal"][0], 0
        for round_ in range(150):
            if round_ % 40 == 39:  # under the flood limit of one connection
                await ana.close()
                ana, _, _ = await joined(h.path, h.codes["Ana"])
            rid += 2
            assert await ana.act(rid, move) is None
            await ana.send(p.undo(rid + 1))
            undone = await ana.until("result", lambda m, want=rid + 1: m["id"] == want)
            assert undone["error"] is None
            ana.backlog.clear()
        sleeper.sendall(p.encode(p.ping()) * (net_host.MAX_QUEUE + 10))
        await asyncio.sleep(0.3)
        await ana.send(p.ping())
        await ana.until("pong")
        await ana.close()
        return sleeper

    sleeper = asyncio.run(main())
    sleeper.settimeout(net.WAIT)
    got, ended = b"", False
    for _ in range(100_000):  # every byte it was sent before the drop, then the end
        try:
            chunk = sleeper.recv(1 << 20)
        except OSError:  # (a reset: the host did not wait for it to read)
            ended = True
            break
        if not chunk:
            ended = True
            break
        got += chunk
    sleeper.close()
    assert ended and len(got) > 50_000  # (what its socket held)
    assert b'{"t":"pong"}' not in got  # dropped before any of them
    alive(h)


# -- item 7: a seat's own person always gets in --------------------------------------------


def test_spectators_and_silent_connections_cannot_lock_a_seat_out(
    start: Callable[..., Hosted],
) -> None:
    """MAX_SPECTATORS spectators fill their cap (the next gets a bye that says so), and
    MAX_WAITING + 4 connections say nothing (the oldest four get a bye that says so, the
    rest wait): Ana's code still gets in, and Ben's from elsewhere takes his seat over."""
    h = start()

    async def main() -> None:
        crowd = [(await joined(h.path, h.spectator))[0] for _ in range(net_host.MAX_SPECTATORS)]
        one_more = await Peer.open(h.path)
        await one_more.send(p.hello(h.spectator))
        bye = await one_more.recv()
        assert bye is not None and bye["t"] == "bye"
        assert bye["reason"] == f"this game has {net_host.MAX_SPECTATORS} spectators already"
        silent = [await Peer.open(h.path) for _ in range(net_host.MAX_WAITING + 4)]
        for peer in silent[:4]:
            bye = await peer.recv()
            assert bye is not None and bye["reason"] == p.TOO_MANY_WAITING
        ana, welcome, state = await joined(h.path, h.codes["Ana"])
        assert welcome["seat"] == 0 and state["legal"]
        ben, _, _ = await joined(h.path, h.codes["Ben"])
        ben2, welcome, _ = await joined(h.path, h.codes["Ben"])
        assert welcome["seat"] == 1 and (await ben.until("bye"))["reason"] == p.TAKEN_OVER
        await silent[-1].send(p.hello(h.spectator))  # a waiting one: the cap is full
        assert (await silent[-1].until("bye"))["reason"].endswith("spectators already")
        await crowd[0].close()  # a place comes free
        end = time.monotonic() + 60  # (until the host has counted it out, by a deadline)
        while True:
            again = await Peer.open(h.path)
            await again.send(p.hello(h.spectator))
            welcome = await again.recv()
            if welcome is None or welcome["t"] != "bye" or time.monotonic() > end:
                break
            await again.close()
            await asyncio.sleep(0.2)
        assert welcome is not None and welcome["t"] == "welcome", welcome
        assert welcome["seat"] is None
        for peer in [*crowd, one_more, *silent, ana, ben, ben2, again]:
            await peer.close()

    asyncio.run(main())
    alive(h)
