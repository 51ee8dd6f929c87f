"""How often the host builds a state's parts (issue #25), for several source trees side by
side: a Host of `bohn_tui.net.host` in a process of each tree (PYTHONPATH), on a real Unix
socket, 7 people and 10 spectators as raw protocol clients in the same process; the seat the
state names as the decider plays a random legal action, `--actions` times, each once all 17
have the new state. Counted per action: public views built (`view(None)`), seats' views,
state lines encoded (and bytes encoded), against the 17 connections served.

    python benchmarks/host_builds.py --tree before=/work/wt-perf-before --tree after=. \\
        [--actions 100]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

ONE = r"""
import asyncio, json, random, sys, tempfile, time
from collections import Counter
from pathlib import Path
from bohn_tui.net import host as net_host
from bohn_tui.net import protocol as p
from bohn_tui.play.client import LocalClient
from bohn_tui.play.session import Session

NAMES = ["P1", "P2", "P3", "P4", "P5", "P6", "P7"]
count = Counter()
plain_encode = p.encode
def encode(m):
    out = plain_encode(m)
    if m.get("t") == "state":
        count["lines"] += 1
        count["bytes"] += len(out)
    return out
p.encode = encode

async def main(actions):
    session = Session.new("bohnanza", NAMES, seed=1)
    client = LocalClient(session, 0)
    plain_view = client.view
    def view(seat):
        count["public" if seat is None else "seat"] += 1
        return plain_view(seat)
    client.view = view
    host = net_host.Host(client, p.new_host_id())
    path = Path(tempfile.mkdtemp()) / "h.sock"
    server = await asyncio.start_unix_server(host.handle, path, limit=p.CLIENT_LINE + 1)
    peers = []
    codes = [host.codes[s] for s in range(len(NAMES))] + [host.spectator_code] * 10
    for code in codes:
        r, w = await asyncio.open_unix_connection(path, limit=p.HOST_LINE + 1)
        w.write(p.encode(p.hello(code)))
        peers.append([r, w, None])
    async def state_of(peer):
        while True:
            m = json.loads(await peer[0].readline())
            if m["t"] == "state":
                peer[2] = m
                return m
    for peer in peers:
        await state_of(peer)
    rng = random.Random(1)
    count.clear()
    done = 0
    for i in range(actions):
        st = peers[0][2]
        if st["over"]:
            break
        seat = st["decider"] if st["decider"] is not None else st["waiting_for"][0]
        legal = peers[seat][2]["legal"]
        peers[seat][1].write(p.encode(p.act(i, rng.choice(legal))))
        version = st["version"]
        for peer in peers:
            while peer[2]["version"] <= version:
                await state_of(peer)
        done += 1
    out = {k: v / done for k, v in count.items()}
    out["actions"] = done
    for peer in peers:
        peer[1].close()
    host.stop()
    server.close()
    print(json.dumps(out))

asyncio.run(main(int(sys.argv[1])))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--tree", action="append", metavar="NAME=PATH", required=True)
    ap.add_argument("--actions", type=int, default=100)
    args = ap.parse_args()
    for t in args.tree:
        name, _, path = t.partition("=")
        path = os.path.abspath(path)
        env = dict(os.environ, PYTHONPATH=path)
        run = subprocess.run(
            [sys.executable, "-c", ONE, str(args.actions)],
            env=env, cwd=path, capture_output=True, text=True, check=True,
        )  # fmt: skip
        o = json.loads(run.stdout.strip().splitlines()[-1])
        print(
            f"[{name}] per action over {o['actions']} actions, 17 connections: public views "
            f"{o.get('public', 0):.2f}, seats' views {o.get('seat', 0):.2f}, state lines "
            f"encoded {o.get('lines', 0):.2f} ({o.get('bytes', 0) / 1024:.0f} KiB)"
        )


if __name__ == "__main__":
    main()
