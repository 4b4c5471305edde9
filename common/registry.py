"""One pattern for every extension point (engines, sampling strategies, graders, input and export formats, report
sections): a Registry of named things of one kind.

A name is looked up among the things registered in this process (`register`: tests, plugins loaded by hand),
then the built-in ones, written as "module:attribute" references so that a heavy module (litellm, matplotlib) is
imported only when its thing is used, then those installed packages declare in the registry's entry-point group
(`[project.entry-points."agent_seer.strategies"] mine = "pkg.mod:Mine"`). Command-line choices come from names().
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Generic, Mapping, TypeVar

T = TypeVar("T")


class Unknown(KeyError):
    """A name no registry entry has; the message lists the known ones."""

    def __str__(self) -> str:
        return str(self.args[0])


class Lazy:
    """A picklable "module:attribute" reference, resolved where it is called (a Ray worker imports the module)."""

    def __init__(self, ref: str):
        self.ref = ref

    def load(self) -> Any:
        module, _, attr = self.ref.partition(":")
        return getattr(importlib.import_module(module), attr)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.load()(*args, **kwargs)


class Registry(Generic[T]):
    def __init__(self, kind: str, builtin: Mapping[str, str] | None = None, group: str | None = None):
        self.kind, self.group = kind, group
        self._builtin = dict(builtin or {})
        self._registered: dict[str, T] = {}
        self._scanned: tuple[tuple[str, ...], dict[str, str]] | None = None  # (sys.path, installed ones)

    def register(self, name: str, thing: T) -> None:
        self._registered[name] = thing

    def unregister(self, name: str) -> None:
        """Forget a thing `register` added (built-in and installed ones stay)."""
        self._registered.pop(name, None)

    def _installed(self) -> dict[str, str]:
        """The group's entry points, read again only when sys.path changed: reading them scans every installed
        distribution's metadata (milliseconds), and input formats are looked up once per spec file."""
        if self.group is None:
            return {}
        if self._scanned is None or self._scanned[0] != tuple(sys.path):
            from importlib.metadata import entry_points

            self._scanned = (tuple(sys.path), {ep.name: ep.value for ep in entry_points(group=self.group)})
        return self._scanned[1]

    def names(self) -> list[str]:
        """Built-in names in the order they were written (where order matters, report sections, format detection,
        it is theirs), then registered ones in the order registered, then installed ones alphabetically."""
        names = dict.fromkeys([*self._builtin, *self._registered, *sorted(self._installed())])
        return list(names)

    def __contains__(self, name: str) -> bool:
        return name in self._registered or name in self._builtin or name in self._installed()

    def ref(self, name: str) -> T | Lazy:
        """The thing, or for a built-in or installed one a Lazy reference to it (to ship to another process)."""
        if name in self._registered:
            return self._registered[name]
        ref = self._builtin.get(name) or self._installed().get(name)
        if ref is None:
            raise Unknown(f"unknown {self.kind} {name!r}; known: {', '.join(self.names())}")
        return Lazy(ref)

    def get(self, name: str) -> T:
        """The thing named `name`, imported if needed; Unknown (a KeyError) names the known ones."""
        thing = self.ref(name)
        return thing.load() if isinstance(thing, Lazy) else thing
