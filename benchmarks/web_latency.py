"""The web door in a real browser (issue #27): page load to the first table frame, a key to
its updated frame (p50, p95), and the memory each browser session costs the host's machine.

A `bohn host --web 0` on 127.0.0.1 (Bohnanza, Ana, Ben and a random bot, --login-delay 0);
Debian's chromium driven by playwright (tests/helpers/browser.py, as tests/test_web.py).

- load: a new tab opens the page, the code is typed when it asks, until the first frame
  that shows Ana's table (and its parts: the page to its prompt, the code's Enter to the
  table) (`--loads` times, each tab closed before the next; its seat
  process starts anew each time: that is most of it);
- key: in one tab, `?` opens the help and `escape` closes it, from the key's press to the
  frame that shows it (`--keys` presses);
- memory: with 4 pages open at once (Ana, Ben, two spectators), the resident memory of
  their seat processes (each a `bohn join` under the web driver) and the host's own growth.

    .venv/bin/python benchmarks/web_latency.py --loads 10 --keys 30"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from helpers.browser import Page, browser, missing  # noqa: E402
from helpers.ssh import hosting  # noqa: E402


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(p / 100 * (len(xs) - 1)))]


def _rss(pid: int) -> int:
    """Resident memory of a process, in KiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _children(pid: int) -> list[int]:
    out = []
    for d in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{d}/stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            out.append(int(d))
    return out


# In the page, before its own scripts: when each binary websocket message (terminal bytes)
# arrived and when each key went down, in ms since the page's navigation began. The frame
# that made a check true is the last one the test had read then (`Page.frames`), so its time
# is the page's own, without pyte's or playwright's time to pass it on.
CLOCK = """(() => {
  const Original = window.WebSocket;
  window.__frames = []; window.__keys = [];
  window.addEventListener("keydown", () => window.__keys.push(performance.now()), true);
  window.WebSocket = function (...args) {
    const ws = new Original(...args);
    ws.addEventListener("message", (e) => {
      if (typeof e.data !== "string") window.__frames.push(performance.now());
    });
    return ws;
  };
  window.WebSocket.prototype = Original.prototype;
})();"""


def _frame(page: Page) -> float:
    """When the frame the test read last arrived (ms since the page's navigation)."""
    return float(page.page.evaluate(f"window.__frames[{page.frames - 1}]"))


def _key(page: Page) -> float:
    return float(page.page.evaluate("window.__keys[window.__keys.length - 1]"))


def _open(context: object, url: str, code: str, ready: str) -> tuple[Page, float, float, float]:
    """A new tab on the page, the code typed: the tab, the ms from the navigation to the
    prompt's frame, from its Enter to the first frame of the table, and to that frame."""
    page = Page(context, url)
    page.wait_for("Invite code:")
    prompt = _frame(page)
    page.type(code)
    page.press("Enter")
    page.wait_for(ready, timeout=30)
    table = _frame(page)
    return page, prompt, table - _key(page), table


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--loads", type=int, default=10)
    ap.add_argument("--keys", type=int, default=30)
    ap.add_argument("--data", type=Path, default=Path("/tmp/bohn-web-bench"))
    args = ap.parse_args()
    if (why := missing()) is not None:
        sys.exit(f"no browser here: {why}")
    args.data.mkdir(parents=True, exist_ok=True)
    for f in args.data.iterdir():
        if f.is_file():
            f.unlink()
    game = ("bohnanza", "--players", "Ana,Ben,bot:random", "--web", "0", "--login-delay", "0")
    with hosting(args.data, *game) as (host, info), browser() as context:
        url = info["web"]
        codes = {s["name"]: s["code"] for s in info["seats"]}
        context.add_init_script(CLOCK)
        loads, prompts, tables = [], [], []
        for _ in range(args.loads):
            page, prompt, table, load = _open(context, url, codes["Ana"], "Ana · you")
            loads.append(load)
            prompts.append(prompt)
            tables.append(table)
            page.page.close()
            time.sleep(0.3)
        page, *_ = _open(context, url, codes["Ana"], "Ana · you")
        page.wait_for("Help")
        keys = []
        for i in range(args.keys * 2):
            opening = i % 2 == 0
            page.press("?" if opening else "Escape")
            page.wait_for(
                (lambda s: "Keys" in s and "q Leave" not in s)
                if opening
                else (lambda s: "q Leave" in s)
            )
            keys.append(_frame(page) - _key(page))
            page.page.wait_for_timeout(100)
        base_host = _rss(host.pid)
        pages = [page]
        pages.append(_open(context, url, codes["Ben"], "Ben · you")[0])
        for _ in range(2):
            pages.append(_open(context, url, info["spectator"], "Waiting for")[0])
        time.sleep(1.0)
        seats = [_rss(c) for c in _children(host.pid)]
        grown = _rss(host.pid) - base_host

    def figure(ms: list[float]) -> dict[str, float]:
        return {"p50": round(_pct(ms, 50)), "p95": round(_pct(ms, 95)), "n": len(ms)}

    out = {
        "load_ms": figure(loads),
        "prompt_ms": figure(prompts),
        "code_to_table_ms": figure(tables),
        "key_ms": figure(keys),
        "seat_process_rss_mib": round(statistics.mean(seats) / 1024, 1) if seats else None,
        "seat_processes": len(seats),
        "host_growth_kib_per_session": round(grown / 3) if seats else None,
        "load": os.getloadavg()[0],
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
