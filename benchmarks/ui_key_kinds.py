"""Where a hand-over's and a privacy screen's CPU goes, each kind of key apart (issue #25):
ui_latency's Bohnanza keys (5 people, then 3 rounds of the out-of-turn chooser) in a real
pseudo-terminal, the bohn process traced from its first frame on. For every key, from its
Key event to the end of the first frame it writes (`App._display`), the thread's CPU: in
all, by phase (`refresh_table`, `Compositor.reflow` and its arrangement, `render_update`,
the frame's `render_segments`, styling) and by widget rendered (`StylesCache.render_widget`:
calls, rows not in its line cache, rows, CPU). Kinds: "handover" (Enter on the privacy
screen), "opens-privacy" (a key that shows it), else the key's name. `--profile`: also a
cProfile of each of the two kinds (OUT.handover.prof, OUT.opens-privacy.prof; the times
then are cProfile's, about 3x; `--profile-all`: of every kind, OUT.KIND.prof). `--game`:
dice or excalibohn instead (ui_latency's keys of that game); `--all`: phases and widgets of
every kind, not only the two.

    cd benchmarks && PYTHONPATH=.. python ui_key_kinds.py TREE OUT.json [KEYS] [--profile]
        [--profile-all] [--game bohnanza|dice|excalibohn] [--all]
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ui_latency as ul  # noqa: E402

TRACER = r"""
import cProfile, json, os, runpy, signal, sys, time
PROFILE = bool(os.environ.get("KINDS_PROFILE"))
clock = time.thread_time
on = [False]
cur = {"prof": None, "kind": None, "t": 0.0, "ph": {}}
profs, cpu, phases, rows = {}, {}, {}, {}
def timed(cls, name, label):
    f = getattr(cls, name)
    def w(*a, **k):
        if cur["prof"] is None:
            return f(*a, **k)
        t = clock()
        try:
            return f(*a, **k)
        finally:
            cur["ph"][label] = cur["ph"].get(label, 0.0) + clock() - t
    setattr(cls, name, w)
def install():
    from textual import events
    from textual._compositor import Compositor, LayoutUpdate
    from textual._styles_cache import StylesCache
    from textual.app import App
    from bohn_tui.ui.screens.handover import HandOver
    from bohn_tui.ui.screens.privacy import PrivacyScreen
    from bohn_tui.ui.screens.table import TableScreen
    oe = App.on_event
    async def on_event(self, event):
        if on[0] and isinstance(event, events.Key) and cur["prof"] is None:
            p = cProfile.Profile()
            cur.update(prof=p, kind=event.key, t=clock(), ph={})
            if PROFILE:
                p.enable()
        return await oe(self, event)
    App.on_event = on_event
    disp = App._display
    def _display(self, screen, renderable):
        out = disp(self, screen, renderable)
        p = cur["prof"]
        if p is not None and renderable is not None and not self._batch_count:
            p.disable()
            k = cur["kind"]
            c = cpu.setdefault(k, [0, 0.0])
            c[0] += 1
            c[1] += clock() - cur["t"]
            ph = phases.setdefault(k, {})
            for name, v in cur["ph"].items():
                ph[name] = ph.get(name, 0.0) + v
            profs.setdefault(k, []).append(p)
            cur["prof"] = None
        return out
    App._display = _display
    rw = StylesCache.render_widget
    def render_widget(self, widget, crop):
        if cur["prof"] is None:
            return rw(self, widget, crop)
        dirty = sum(1 for y in crop.line_range if y in self._dirty_lines or y not in self._cache)
        t = clock()
        out = rw(self, widget, crop)
        t = clock() - t
        w = rows.setdefault(cur["kind"], {}).setdefault(
            f"{type(widget).__name__}#{widget.id}", [0, 0, 0, 0.0]
        )
        w[0] += 1; w[1] += dirty; w[2] += len(out); w[3] += t
        return out
    StylesCache.render_widget = render_widget
    ac = PrivacyScreen.action_confirm
    def action_confirm(self):
        if cur["prof"] is not None:
            cur["kind"] = "handover"
        return ac(self)
    PrivacyScreen.action_confirm = action_confirm
    ho = HandOver.hand_over
    def hand_over(self, seat):
        if cur["prof"] is not None and cur["kind"] != "handover":
            cur["kind"] = "opens-privacy"
        return ho(self, seat)
    HandOver.hand_over = hand_over
    timed(TableScreen, "refresh_table", "refresh_table")
    timed(Compositor, "reflow", "reflow")
    timed(Compositor, "_arrange_root", "arrange (in reflow or a region)")
    timed(Compositor, "render_update", "render_update")
    timed(LayoutUpdate, "render_segments", "render_segments")
    timed(App, "update_styles", "update_styles")
def dump(*_):
    import pstats
    out = os.environ["BOHN_PROFILE"]
    if PROFILE:
        every = os.environ.get("KINDS_PROFILE") == "all"
        kinds = list(profs) if every else ("handover", "opens-privacy")
        for k in kinds:
            if profs.get(k):
                st = pstats.Stats(profs[k][0])
                for p in profs[k][1:]:
                    st.add(p)
                st.dump_stats(f"{out}.{k}.prof")
    with open(out, "w") as f:
        json.dump({"cpu": cpu, "rows": rows, "phases": phases}, f)
    os._exit(0)
signal.signal(signal.SIGUSR1, lambda *_: on.__setitem__(0, True))
signal.signal(signal.SIGTERM, dump)
import textual.app
import bohn_tui.ui.screens.table
install()
sys.argv = ["bohn_tui", *sys.argv[1:]]
runpy.run_module("bohn_tui", run_name="__main__", alter_sys=True)
"""


def main() -> None:
    argv = sys.argv[1:]
    game = "bohnanza"
    if "--game" in argv:
        i = argv.index("--game")
        game = argv[i + 1]
        del argv[i : i + 2]
    flags = {"--profile", "--profile-all", "--all"}
    args = [a for a in argv if a not in flags]
    if "--profile" in argv:
        os.environ["KINDS_PROFILE"] = "1"
    if "--profile-all" in argv:
        os.environ["KINDS_PROFILE"] = "all"
    tree, out = args[0], os.path.abspath(args[1])
    keys = int(args[2]) if len(args) > 2 else 100
    ul.PROFILED = TRACER
    passes = 3 if game == "bohnanza" else 0
    ul.key_latency(keys, tree, out, policy=ul.policies()[game], pass_keys=passes)
    d = json.load(open(out))
    print(f"{tree}: kind, keys, CPU to the frame (ms a key)")
    for k, (n, t) in sorted(d["cpu"].items(), key=lambda kv: -kv[1][0]):
        print(f"  {k:16} {n:4} {t / n * 1000:7.2f}")
    shown = list(d["cpu"]) if "--all" in argv else ("handover", "opens-privacy")
    for k in shown:
        if k not in d["cpu"]:
            continue
        n = d["cpu"][k][0]
        print(f"{k}: phase, ms a key")
        for name, v in sorted(d["phases"].get(k, {}).items(), key=lambda kv: -kv[1]):
            print(f"  {name:34} {v / n * 1000:6.2f}")
        print(f"{k}: widget rendered: renders, rows not cached, rows, ms (a key)")
        for w, (c, dr, r, t) in sorted(d["rows"].get(k, {}).items(), key=lambda kv: -kv[1][3]):
            print(f"  {w:34} {c / n:5.2f} {dr / n:6.1f} {r / n:6.1f} {t / n * 1000:6.2f}")


if __name__ == "__main__":
    main()
