"""Where a table key's screen update goes, by widget and by phase (issue #25): a game's
keys of ui_latency.py (GAME: bohnanza, 5 people, the default; dice; excalibohn) in a real
pseudo-terminal, the bohn process traced from its first frame on: per widget the repaints
(`StylesCache.render_widget`: calls, rows, thread CPU) and the rows re-rendered
(`StylesCache.render_line`), per phase the CPU (`refresh_table`, the screen's update
timer, its layout, `render_update`, `_display`), and who asked for each layout. The
counts do not move with the machine's load; the CPU does.

    cd benchmarks && PYTHONPATH=.. python ui_repaint.py TREE OUT.json [KEYS [GAME]]
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ui_latency as ul  # noqa: E402

TRACER = r"""
import json, os, runpy, signal, sys, time
from collections import defaultdict
on = [False]
stats = defaultdict(lambda: [0, 0, 0.0])  # name -> calls, lines, cpu
phase = defaultdict(lambda: [0, 0.0])
lines = defaultdict(lambda: [0, 0.0])
sources = defaultdict(int)
clock = time.thread_time
keyrec = []  # per key: [key, {label: cpu}]
def wrap(cls, name, label):
    f = getattr(cls, name)
    def w(*a, **k):
        if not on[0]:
            return f(*a, **k)
        t = clock()
        try:
            return f(*a, **k)
        finally:
            dt = clock() - t
            p = phase[label]; p[0] += 1; p[1] += dt
            if keyrec:
                r = keyrec[-1][1]; r[label] = r.get(label, 0.0) + dt
                r[label + " calls"] = r.get(label + " calls", 0) + 1
    setattr(cls, name, w)
def install():
    from textual._styles_cache import StylesCache
    from textual.screen import Screen
    from textual.app import App
    from textual._compositor import Compositor
    from textual.widget import Widget
    rw = StylesCache.render_widget
    def render_widget(self, widget, crop):
        if not on[0]:
            return rw(self, widget, crop)
        t = clock()
        out = rw(self, widget, crop)
        s = stats[f"{type(widget).__name__}#{widget.id}"]
        s[0] += 1; s[1] += len(out); s[2] += clock() - t
        return out
    StylesCache.render_widget = render_widget
    rl = StylesCache.render_line
    cur = [None]
    def render_widget2(self, widget, crop, _rw=StylesCache.render_widget):
        cur[0] = f"{type(widget).__name__}#{widget.id}"
        return _rw(self, widget, crop)
    StylesCache.render_widget = render_widget2
    def render_line(self, *a, **k):
        if not on[0]:
            return rl(self, *a, **k)
        t = clock()
        out = rl(self, *a, **k)
        s = lines[cur[0]]
        s[0] += 1; s[1] += clock() - t
        return out
    StylesCache.render_line = render_line
    wrap(Screen, "_refresh_layout", "layout")
    import traceback
    wr = Widget.refresh
    def refresh(self, *regions, repaint=True, layout=False, recompose=False):
        if on[0] and layout and not self._layout_required:
            st = traceback.extract_stack(limit=8)[:-1]
            where = " < ".join(
                f"{f.name}@{f.filename.rsplit('/', 1)[-1]}:{f.lineno}" for f in reversed(st[-5:])
            )
            sources[f"{type(self).__name__}#{self.id}: {where}"] += 1
        return wr(self, *regions, repaint=repaint, layout=layout, recompose=recompose)
    Widget.refresh = refresh
    wrap(Compositor, "update_widgets", "update_widgets")
    wrap(Compositor, "render_update", "render_update")
    wrap(App, "_display", "display")
    wrap(Screen, "_on_timer_update", "timer_update(total)")
    wrap(App, "_check_bindings", "key handling (_check_bindings)")
    wrap(Widget, "render", "Widget.render")
    from textual import events
    oe = App.on_event
    async def on_event(self, event):
        if on[0] and isinstance(event, events.Key):
            keyrec.append([event.key, {}])
        return await oe(self, event)
    App.on_event = on_event
    from bohn_tui.ui.screens.table import TableScreen
    wrap(TableScreen, "refresh_table", "refresh_table")
def dump(*_):
    with open(os.environ["BOHN_PROFILE"], "w") as f:
        json.dump(
            {"widgets": stats, "phases": phase, "lines": lines, "sources": sources, "keys": keyrec},
            f,
        )
    os._exit(0)
def start(*_):
    on[0] = True
signal.signal(signal.SIGUSR1, start)
signal.signal(signal.SIGTERM, dump)
import textual.app, bohn_tui.ui.screens.table
install()
sys.argv = ["bohn_tui", *sys.argv[1:]]
runpy.run_module("bohn_tui", run_name="__main__", alter_sys=True)
"""
ul.PROFILED = TRACER
tree, out = sys.argv[1], sys.argv[2]
keys = int(sys.argv[3]) if len(sys.argv) > 3 else 100
game = sys.argv[4] if len(sys.argv) > 4 else "bohnanza"
policy = ul.policies()[game]
bursts, rss, helps = ul.key_latency(keys, tree, os.path.abspath(out), policy=policy)
d = json.load(open(out))
n = len(bursts)
cpu = sum(b.cpu for _, b in bursts) / n * 1000
frames = sum(b.frames for _, b in bursts)
size = sum(b.size for _, b in bursts) / n
print(f"{tree} {game}: {n} keys, CPU per key {cpu:.1f} ms, frames {frames}, bytes {size:.0f}/key")
print("widget: calls, lines, CPU ms total, ms/call, ms per key")
for k, (c, rows, t) in sorted(d["widgets"].items(), key=lambda kv: -kv[1][2]):
    print(f"  {k:34} {c:5} {rows:6} {t * 1000:8.1f} {t / c * 1000:6.2f} {t / n * 1000:6.2f}")
print("phase: calls, CPU ms total, ms per key")
for k, (c, t) in sorted(d["phases"].items(), key=lambda kv: -kv[1][1]):
    print(f"  {k:34} {c:5} {t * 1000:8.1f} {t / n * 1000:6.2f}")
print("render_line (dirty lines re-rendered): lines, CPU ms total, ms per key")
for k, (c, t) in sorted(d["lines"].items(), key=lambda kv: -kv[1][1]):
    print(f"  {k:34} {c:5} {t * 1000:8.1f} {t / n * 1000:6.2f}")
print("layout requests: count, widget: stack")
for k, c in sorted(d["sources"].items(), key=lambda kv: -kv[1]):
    print(f"  {c:4} {k}")
print("by key (the Key events, the harness's own keys before a key included): count, CPU ms")
print("per key of refresh_table, the update timer, layouts per key, keys with a layout")
by: dict[str, list[dict[str, float]]] = {}
for key, rec in d["keys"]:
    by.setdefault(key, []).append(rec)
for key, recs in sorted(by.items(), key=lambda kv: -len(kv[1])):
    m = len(recs)
    table = sum(r.get("refresh_table", 0.0) for r in recs) / m * 1000
    timer = sum(r.get("timer_update(total)", 0.0) for r in recs) / m * 1000
    lay = sum(r.get("layout calls", 0) for r in recs) / m
    with_layout = sum(1 for r in recs if r.get("layout calls"))
    print(f"  {key:12} {m:4} {table:6.2f} {timer:6.2f} {lay:5.2f} {with_layout:4}")
