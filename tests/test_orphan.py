"""A door's child ends with its door (net/orphan.py): a process whose parent is killed
(SIGKILL: no hang-up reaches a pty's child that way) ends itself within a look or two,
instead of spinning on its dead terminal (orphaned lobbies did, at a quarter of a core)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

CHILD = (
    "from bohn_tui.net.orphan import end_with_parent; end_with_parent(0.05);"
    " import time; time.sleep(60)"
)
PARENT = f"""
import subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", {CHILD!r}])
print(child.pid, flush=True)
time.sleep(60)
"""


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_a_child_ends_when_its_parent_is_killed() -> None:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    parent = subprocess.Popen([sys.executable, "-c", PARENT], stdout=subprocess.PIPE, env=env)
    assert parent.stdout is not None
    child = int(parent.stdout.readline())
    time.sleep(0.3)
    assert _alive(child)  # it runs while its parent does
    parent.kill()
    parent.wait(5)
    end = time.monotonic() + 10
    while _alive(child) and time.monotonic() < end:
        time.sleep(0.05)
    assert not _alive(child), "the child lives on after its parent was killed"
