"""A seat's process imports lean (issue #25): what Textual imports as it starts but a seat
never uses is a stand-in until its first use (`Deferred`, DEFERRED), and the modules it
imports from source keep no docstrings (`without_docstrings`). What anything does is
unchanged: a stand-in's first use imports the real module; a docstring is only read by
help() and the like, which a seat's process never runs. cli_join.lean_seat calls
`lean_imports` before anything else is imported (a door's seat process: spare.py)."""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import sys
import types
from collections.abc import Sequence
from opcode import opmap
from typing import Any

# modules Textual imports as it starts and uses only to deliver a file (a screenshot saved:
# `App.deliver_binary`), for a toast's identity, or for a stylesheet's error message: a seat
# uses none of them before its first toast, and platformdirs alone imports tempfile, shutil
# and its archives' bz2 and lzma (~1.6 MiB of each seat's process in all: benchmarks/README.md).
# Each is a stand-in (`Deferred`) until its first use, which imports the real module: the
# same behaviour. A name Textual takes out of one as it starts is listed: "uuid4", a
# function (a forwarder to the real one, which imports the module at its first call),
# "IgnoreReturnCallbackType=textual._types", an object the module re-exports from there
# (given at once: the same object), or "Decimal:class", a class (`LaterClass`).
DEFERRED = {
    "platformdirs": ("user_downloads_path",),
    "uuid": ("uuid4",),  # a toast's identity (textual.notifications)
    "mimetypes": (),
    "difflib": ("get_close_matches",),  # a stylesheet's "did you mean" (textual.suggestions)
    "bz2": (),  # shutil's (Textual's driver asks it the terminal's size): for its archives
    "lzma": (),
    "locale": (),  # subprocess's (asyncio imports it): a text-mode child's encoding
    "asyncio.sslproto": (),  # TLS, which a seat never speaks (without_tls)
    # Textual's re-exports for its documentation: with them the tree, directory tree,
    # select and placeholder widgets, none of them a seat's; the command palette takes one
    "textual.types": ("IgnoreReturnCallbackType=textual._types",),
    # fractions' (Textual's layouts make Fractions): `isinstance(x, (float, Decimal))` in
    # Fraction(x), for a Decimal, which no seat makes
    "decimal": ("Decimal:class",),
    # logging's and asyncio's, to print an error (the C asyncio takes extract_stack as it
    # starts, for a debugging event loop)
    "traceback": ("extract_stack",),
    "rich.table": ("Table:class",),  # textual.design's, for a debugging table of its colours
}


class Deferred(types.ModuleType):
    """A module's stand-in in sys.modules until its first use: reading any other of its
    names imports the real module (which replaces the stand-in in sys.modules) and gives
    back the real one's. A package's stand-in has its `__path__` (a submodule is found)."""

    __homes__: dict[str, str]  # the names it re-exports: where each is from

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)  # what an import or a scan of sys.modules asks
        home = self.__dict__.get("__homes__", {}).get(name)
        if home is not None:
            return getattr(importlib.import_module(home), name)
        return getattr(real_module(self.__name__), name)


def real_module(name: str) -> types.ModuleType:
    """The module `name`, imported now if only its stand-in was there (whose names then
    all are the real module's: what was bound to the stand-in reads those)."""
    stand_in = sys.modules.get(name)
    if isinstance(stand_in, Deferred):
        sys.modules.pop(name, None)
        for key in [k for k in vars(stand_in) if not k.startswith("__")]:
            delattr(stand_in, key)
    return importlib.import_module(name)


def defer(name: str, names: tuple[str, ...] = ()) -> None:
    """Put a stand-in for the module `name` in sys.modules, unless it is imported already;
    each of `names` is there at once: a forwarder to the real module's function,
    ("NAME=MODULE") the object the real module re-exports from MODULE, or ("NAME:class")
    a `LaterClass`."""
    if name in sys.modules:
        return
    found = spec_of(name)
    if found is None:
        return
    stand_in = Deferred(name)
    stand_in.__spec__ = found  # importlib.util.find_spec(name) finds it as before
    if found.submodule_search_locations is not None:
        stand_in.__path__ = list(found.submodule_search_locations)
    stand_in.__homes__ = dict(n.split("=", 1) for n in names if "=" in n)
    for later in (n.removesuffix(":class") for n in names if n.endswith(":class")):
        setattr(stand_in, later, LaterClass(name, later))
    for function in (n for n in names if "=" not in n and ":" not in n):

        def forward(*args: Any, _name: str = function, **kwargs: Any) -> Any:
            return getattr(real_module(name), _name)(*args, **kwargs)

        forward.__name__ = forward.__qualname__ = function
        setattr(stand_in, function, forward)
    sys.modules[name] = stand_in


class LaterClass:
    """A class of a module that only has its stand-in yet (`Deferred`): nothing is an
    instance (or a subclass) of it while the module is not imported, as nothing can be
    made of a class the module makes before it is (its own class, as decimal's Decimal),
    then what the real class says. Calling it, reading its names, or a class statement
    deriving from it imports the module and takes the real class."""

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name

    def real(self) -> type:
        return getattr(real_module(self.module), self.name)  # type: ignore[no-any-return]

    def imported(self) -> type | None:
        """The real class, if its module is imported (nothing is imported here)."""
        module = sys.modules.get(self.module)
        if module is None or isinstance(module, Deferred):
            return None
        return getattr(module, self.name)  # type: ignore[no-any-return]

    def __instancecheck__(self, obj: object) -> bool:
        real = self.imported()
        return real is not None and isinstance(obj, real)

    def __subclasscheck__(self, cls: type) -> bool:
        real = self.imported()
        return real is not None and issubclass(cls, real)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.real()(*args, **kwargs)

    def __mro_entries__(self, bases: tuple[Any, ...]) -> tuple[type]:
        return (self.real(),)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.real(), name)


def spec_of(name: str) -> importlib.machinery.ModuleSpec | None:
    """Where the module `name` is, without importing it or its packages (find_spec imports
    a submodule's package: asyncio for asyncio.sslproto, which imports that at once)."""
    package, _, _ = name.rpartition(".")
    if not package:
        return importlib.util.find_spec(name)
    above = sys.modules.get(package)
    where = getattr(above, "__path__", None) if above is not None else None
    if where is None:
        up = spec_of(package)
        where = up.submodule_search_locations if up is not None else None
    return None if where is None else importlib.machinery.PathFinder.find_spec(name, where)


def lean_imports() -> None:
    """The stand-ins of DEFERRED, and no docstrings from here on. Called again: nothing
    more happens."""
    for name, names in DEFERRED.items():
        defer(name, names)
    if not any(isinstance(f, WithoutDocstrings) for f in sys.meta_path):
        # just before the path finder: built-in and frozen modules, and any finder put
        # before it, come first as ever
        at = sys.meta_path.index(importlib.machinery.PathFinder)
        sys.meta_path.insert(at, WithoutDocstrings())


# -- docstrings -----------------------------------------------------------------------------
# They are ~1.3 MiB of a seat's process (Textual's, rich's, the standard library's and
# bohn's): what `python -OO` leaves out, without -OO's other half (no asserts) and without
# .opt-2.pyc files (the ordinary cached code is read, then its docstrings dropped).

LOAD_CONST = opmap["LOAD_CONST"]
FUNCTION = 0x0002  # CO_NEWLOCALS: a def's (or a comprehension's) code, not a class body's


def without_docstrings(code: types.CodeType) -> types.CodeType:
    """`code` and the code in it without their functions' docstrings (a function's first
    constant, its `__doc__`), but where the function's own code loads that constant too
    (an equal string in its body shares it), and lambdas' and comprehensions' first
    constants (none is a docstring)."""
    consts = list(code.co_consts)
    for i, const in enumerate(consts):
        if isinstance(const, types.CodeType):
            consts[i] = without_docstrings(const)
    if (
        code.co_flags & FUNCTION
        and not code.co_name.startswith("<")
        and consts
        and isinstance(consts[0], str)
        and not loads_first_constant(code)
    ):
        consts[0] = None
    if all(a is b for a, b in zip(consts, code.co_consts, strict=True)):
        return code
    return code.replace(co_consts=tuple(consts))


def loads_first_constant(code: types.CodeType) -> bool:
    """Whether `code` loads its first constant. (Its `co_code` is made and kept for this:
    read only of a function with a docstring, whose code is then replaced.)"""
    raw = code.co_code
    return any(raw[j] == LOAD_CONST and raw[j + 1] == 0 for j in range(0, len(raw), 2))


def drop_class_docstrings(namespace: dict[str, Any], module: str, seen: set[int]) -> None:
    """The docstrings of the classes `module` defines (and of the classes in them)."""
    for value in list(namespace.values()):
        if isinstance(value, type) and value.__module__ == module and id(value) not in seen:
            seen.add(id(value))
            if isinstance(value.__dict__.get("__doc__"), str):
                try:
                    value.__doc__ = None
                except (AttributeError, TypeError):  # a type that cannot be changed
                    continue
            drop_class_docstrings(dict(value.__dict__), module, seen)


class SourceWithoutDocstrings(importlib.machinery.SourceFileLoader):
    """A module read as ever (its cached code, else its source), without its docstrings."""

    def get_code(self, fullname: str) -> types.CodeType:
        code = super().get_code(fullname)
        assert code is not None  # the source loader's code, or its SyntaxError
        return without_docstrings(code)

    def exec_module(self, module: types.ModuleType) -> None:
        super().exec_module(module)
        module.__doc__ = None
        drop_class_docstrings(vars(module), module.__name__, set())


class WithoutDocstrings:
    """A finder of sys.meta_path (not an importlib.abc.MetaPathFinder: importlib.abc imports
    tempfile, shutil, bz2 and lzma): it finds what the path finder finds, and a module from
    source is read without docstrings."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        found = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        loader = found.loader if found is not None else None
        if found is None or type(loader) is not importlib.machinery.SourceFileLoader:
            return None  # an extension module, a namespace package: the path finder's
        found.loader = SourceWithoutDocstrings(loader.name, loader.path)
        return found
