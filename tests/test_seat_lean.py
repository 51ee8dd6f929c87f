"""A seat's process imports lean (issue #25, bohn_tui/lean.py, from cli_join.lean_seat):
the modules Textual imports and a seat does not use are stand-ins until their first use,
which imports the real module, and the modules read from source keep no docstrings; so
everything behaves as before."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bohn_tui.lean import DEFERRED, Deferred, LeanSourceLoader, defer

ROOT = Path(__file__).resolve().parent.parent

DOCS = '''"""The module's docstring."""
def plain(x):
    """A docstring."""
    return x + 1
def same(x):
    """same"""
    return "same"
async def later():
    """Another."""
    return [f"{c}" for c in "ab"], (lambda: "lam")()
class Outer:
    """A class's."""
    class Inner:
        """Inside."""
        def method(self):
            """A method's."""
            return "m"
'''

PACKAGE = {
    "lean_pkg/__init__.py": "from lean_pkg.part import twice\nLOADED = True\n",
    "lean_pkg/part.py": "def twice(x):\n    return 2 * x\n",
    "lean_mod.py": (
        "from lean_home import THING\n"
        "def shout(s, end='!'):\n    return s.upper() + end\nVALUE = 7\n"
    ),
    "lean_home.py": "THING = object()\n",
    "lean_docs.py": DOCS,
    "lean_cls.py": "class Num:\n    TEN = 10\n    def __init__(self, n):\n        self.n = n\n",
    "lean_user.py": (
        "from lean_cls import Num\ndef check(x):\n    return isinstance(x, (float, Num))\n"
    ),
}


@pytest.fixture
def modules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    for name, text in PACKAGE.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    names = ("lean_pkg", "lean_pkg.part", "lean_mod", "lean_home", "lean_docs", "lean_cls")
    for name in (*names, "lean_user"):
        sys.modules.pop(name, None)


def test_a_stand_in_imports_the_real_module_at_its_first_use(modules: Path) -> None:
    defer("lean_mod", ("shout",))
    import lean_mod  # type: ignore[import-not-found]

    assert isinstance(sys.modules["lean_mod"], Deferred)
    from lean_mod import shout  # a named function: a forwarder, nothing imported yet

    assert isinstance(sys.modules["lean_mod"], Deferred)
    assert shout("bohn", end="?") == "BOHN?"  # its first call imports the real module
    assert not isinstance(sys.modules["lean_mod"], Deferred)
    assert lean_mod.VALUE == 7  # the stand-in bound before gives the real one's names
    assert shout.__name__ == "shout"
    assert lean_mod.shout is not shout  # the stand-in bound before reads the real one now


def test_a_name_it_re_exports_is_the_same_object_from_its_home(modules: Path) -> None:
    defer("lean_mod", ("THING=lean_home",))
    from lean_mod import THING  # type: ignore[import-not-found]

    assert isinstance(sys.modules["lean_mod"], Deferred)
    import lean_home  # type: ignore[import-not-found]

    assert THING is lean_home.THING
    import lean_mod

    assert lean_mod.VALUE == 7
    assert lean_mod.THING is THING


def test_a_class_of_a_module_not_imported_has_no_instances_until_it_is(modules: Path) -> None:
    defer("lean_cls", ("Num:class",))
    import lean_user  # type: ignore[import-not-found]

    assert lean_user.check(1.5) and not lean_user.check(object())
    assert not issubclass(int, lean_user.Num)
    assert isinstance(sys.modules["lean_cls"], Deferred)  # nothing imported for these
    num = lean_user.Num(3)  # a call imports the module: a real instance
    import lean_cls  # type: ignore[import-not-found]

    assert type(num) is lean_cls.Num and num.n == 3 and lean_user.check(num)
    assert issubclass(lean_cls.Num, lean_user.Num) and lean_user.Num.TEN == 10

    class Mine(lean_user.Num):  # type: ignore[misc,name-defined]
        pass

    assert Mine.__mro__[1] is lean_cls.Num and lean_user.check(Mine(1))


def test_any_other_name_imports_it_too_and_a_package_keeps_its_submodules(
    modules: Path,
) -> None:
    defer("lean_pkg")
    import lean_pkg  # type: ignore[import-not-found]

    assert isinstance(sys.modules["lean_pkg"], Deferred)
    assert not hasattr(lean_pkg, "__file__")  # a scan of sys.modules imports nothing
    assert isinstance(sys.modules["lean_pkg"], Deferred)
    assert lean_pkg.LOADED is True
    assert lean_pkg.twice(4) == 8
    assert sys.modules["lean_pkg"].LOADED is True
    defer("lean_pkg")  # imported already: nothing changes
    assert not isinstance(sys.modules["lean_pkg"], Deferred)


def test_a_submodule_is_found_beneath_a_stand_in(modules: Path) -> None:
    defer("lean_pkg")
    from lean_pkg.part import twice  # type: ignore[import-not-found]

    assert twice(3) == 6
    import lean_pkg

    assert lean_pkg.LOADED is True


def test_a_module_read_from_source_keeps_no_docstrings_and_does_the_same(modules: Path) -> None:
    import asyncio
    import importlib.util

    found = importlib.util.find_spec("lean_docs")
    assert found is not None and found.origin is not None
    spec = importlib.util.spec_from_file_location(
        "lean_docs", found.origin, loader=LeanSourceLoader("lean_docs", found.origin)
    )
    assert spec is not None and spec.loader is not None
    docs = importlib.util.module_from_spec(spec)
    sys.modules["lean_docs"] = docs
    spec.loader.exec_module(docs)
    assert docs.__doc__ is None
    assert docs.plain.__doc__ is None and docs.plain(1) == 2
    assert docs.same(0) == "same"  # its docstring is a string its code returns: kept
    assert docs.later.__doc__ is None
    assert asyncio.run(docs.later()) == (["a", "b"], "lam")
    assert docs.Outer.__doc__ is None and docs.Outer.Inner.__doc__ is None
    assert docs.Outer.Inner.method.__doc__ is None and docs.Outer.Inner().method() == "m"


def test_a_module_that_is_not_there_gets_no_stand_in() -> None:
    defer("no_such_module_here")
    assert "no_such_module_here" not in sys.modules


# a seat's process as spare.py warms it: Textual started, none of the deferred modules
# imported; what Textual uses them for still works (each imported then)
SEAT = """
import sys
from bohn_tui import spare
spare.warm("join")
from bohn_tui.lean import DEFERRED, Deferred
print(sorted(n for n in DEFERRED if not isinstance(sys.modules.get(n), Deferred)))
import textual.app, textual.notifications, textual.suggestions
import platformdirs
print(textual.app.user_downloads_path() == platformdirs.user_downloads_path())
print(len(textual.notifications.Notification("hi").identity))
print(textual.suggestions.get_suggestion("colr", ["color", "width"]))
print(textual.app.mimetypes.guess_type("a.png")[0], len(textual.app.uuid.uuid4().hex))
import subprocess
print(subprocess.run(["echo", "x"], capture_output=True, text=True).stdout.strip())
print(bool(subprocess.locale.getencoding()))
from fractions import Fraction
print(Fraction(0.5) + Fraction("1/4"), end=" ")
print(sorted(n for n in DEFERRED if isinstance(sys.modules.get(n), Deferred)))
from textual.types import DirEntry
print(DirEntry.__name__, isinstance(sys.modules["textual.types"], Deferred))
import textual.widget, asyncio.events
print(textual.widget.Widget.__doc__, textual.widget.Widget.mount.__doc__, asyncio.events.__doc__)
import textual.design, logging, io
table = textual.design.Table("a")
print(type(table).__name__, isinstance(table, textual.design.Table))
async def boom():
    raise ValueError("v")
loop = asyncio.new_event_loop()
loop.set_debug(True)  # a task's source traceback: the C asyncio's extract_stack
task = loop.create_task(boom())
loop.run_until_complete(asyncio.sleep(0.01))
print(type(task.exception()).__name__, bool(task._source_traceback))
out = io.StringIO()
logging.basicConfig(stream=out)
try:
    raise KeyError("k")
except KeyError:
    logging.getLogger("x").exception("caught")
print(out.getvalue().splitlines()[-1])
"""


def test_a_seats_process_imports_none_of_them_and_textual_still_uses_them(
    tmp_path: Path,
) -> None:
    out = subprocess.run(
        [sys.executable, "-c", SEAT],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
        timeout=120,
        check=True,
    ).stdout.split("\n")
    assert out[:5] == ["[]", "True", "36", "color", "image/png 32"]
    deferred = (
        "['asyncio.sslproto', 'bz2', 'decimal', 'lzma', 'rich.table', 'textual.types', 'traceback']"
    )
    assert out[5:9] == ["x", "True", f"3/4 {deferred}", "DirEntry False"]
    assert out[9] == "None None None"  # Textual's and the standard library's: no docstrings
    assert out[10:13] == ["Table True", "ValueError True", "KeyError: 'k'"]
    assert set(DEFERRED) >= {"platformdirs", "uuid", "mimetypes", "difflib", "locale"}


def test_a_submodules_stand_in_is_put_without_importing_its_package(modules: Path) -> None:
    defer("lean_pkg.part")
    assert "lean_pkg" not in sys.modules
    assert isinstance(sys.modules["lean_pkg.part"], Deferred)
    import lean_pkg

    assert lean_pkg.twice(5) == 10  # the package's own import of it: the real one
