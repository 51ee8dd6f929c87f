"""Every stored snapshot belongs to a test. syrupy (4.8.0) reports an unused snapshot only in a
single process: under pytest-xdist (README's `-n 2`) it skips that check, so this test does it
for every mode. A snapshot of pytest-textual-snapshot is one file,
tests/__snapshots__/MODULE/TEST.svg, named by the test's name with its parameters."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
SNAPSHOTS = TESTS / "__snapshots__"


def collected(modules: list[str]) -> set[str]:
    """The node ids pytest collects in these test modules (in a process of its own)."""
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist", *modules],
        cwd=TESTS.parent,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    return {line.strip() for line in out.stdout.splitlines() if "::" in line}


def test_every_snapshot_file_belongs_to_a_collected_test() -> None:
    files = sorted(SNAPSHOTS.glob("*/*"))
    assert files, "no snapshots found"
    modules = sorted({f"tests/{f.parent.name}.py" for f in files})
    assert all((TESTS.parent / m).is_file() for m in modules), modules
    ids = collected(modules)
    unused = [
        str(f.relative_to(TESTS))
        for f in files
        if f.suffix != ".svg" or f"tests/{f.parent.name}.py::{f.stem}" not in ids
    ]
    assert not unused, f"snapshots no test takes (remove them): {unused}"
