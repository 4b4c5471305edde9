"""What the mock world answers when a call names something its world does not hold.

A scenario's world is closed for the things the agent works *in*: files under its directories and records
the system minted ids for. A read, update or delete of such an identifier that nothing in the scenario has
ever shown (its request, state, oracle calls and outputs, and everything served since) answers the way the
real tool reports something missing, rather than inventing it. Names and URLs stay open: `get_weather(city)`
or `fetch(url)` look things up in a world larger than the scenario, so an unseen one is answered about.
"""

from __future__ import annotations

import posixpath
import re
from typing import Any

from common.json_values import normalize_value, scalar_leaves

_SPLIT = re.compile(r"[\s,;|()\[\]{}<>\"'`]+")
_PATH_NAMES = ("path", "file", "filename", "filepath", "file_path", "dir", "directory", "folder")
_REVISION_NAMES = ("ref", "rev", "revision", "commit", "sha", "commit_sha", "branch", "branch_name", "tag")
_REMOTE_NAMES = ("owner", "repo", "repository", "bucket", "project", "org", "organization", "workspace", "site",
                 "drive", "container", "account", "space")
_MINTED_VALUE = re.compile(
    r"^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{7,40}|[A-Za-z]{1,6}_(?=[A-Za-z]*\d)[A-Za-z0-9]{6,})$",
    re.IGNORECASE)


def norm(value: Any) -> str:
    """One text form per identifier: `7`, `7.0` and `"7"` agree; paths are normalised as for call matching."""
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(normalize_value(value)) if isinstance(value, str) else str(value)


def _is_path(name: str, value: Any) -> bool:
    if not isinstance(value, str) or "://" in value or not value.strip():
        return False
    low = name.lower()
    named = low in _PATH_NAMES or low.endswith(("path", "_file", "_dir", "_directory", "_folder"))
    return named or value.startswith(("/", "~/", "./")) or re.match(r"^[A-Za-z]:[\\/]", value) is not None


def closed_identifier(name: str, value: Any) -> bool:
    """Whether an identifier names something only the scenario's world can hold (a path, a minted id)."""
    if _is_path(name, value):
        return True
    if isinstance(value, str) and ("://" in value or " " in value.strip()):
        return False  # a URL or a phrase: looked up in the open world
    low = name.lower()
    minted_name = (low == "id" or low.endswith(("_id", "_uuid", "_number", "_sha")) or name.endswith("Id")
                   or low in ("uuid", "key", "number"))
    return minted_name or (isinstance(value, str) and _MINTED_VALUE.match(value.strip()) is not None)


class Sightings:
    """Every identifier-like text a world has shown: whole strings, their tokens, and listed names joined to
    the path they were listed under."""

    def __init__(self) -> None:
        self._seen: set[str] = set()

    def __contains__(self, ident: Any) -> bool:
        return norm(ident) in self._seen

    def add(self, value: Any, scopes: tuple[str, ...] = ()) -> None:
        for v in scalar_leaves(value):
            if isinstance(v, str):
                self._text(v, scopes)
            elif not isinstance(v, bool):
                self._seen.add(norm(v))

    def add_call(self, arguments: dict[str, Any], output: Any) -> None:
        """A call and its answer; names in the answer also count as under the call's path arguments."""
        scopes = tuple(v for k, v in arguments.items() if _is_path(k, v))
        self.add(arguments)
        self.add(output, scopes)

    def _text(self, text: str, scopes: tuple[str, ...]) -> None:
        tokens = [text.strip(), *(t.strip(".:").lstrip("#@") for t in _SPLIT.split(text))]
        for token in filter(None, tokens):
            paths = [token] + [posixpath.join(s, token) for s in scopes if not token.startswith("/")]
            for path in paths:
                self._seen.add(norm(path))
                # a path shown means its directories exist too
                while "/" in path.strip("/") and not path.startswith(("http:", "https:")):
                    path = posixpath.dirname(path.rstrip("/"))
                    self._seen.add(norm(path))


def family(tool_arguments: dict[str, Any], id_arg: str, ident: Any) -> str:
    """filesystem | revision | record: how the tool reports a missing thing."""
    names = {k.lower() for k in tool_arguments}
    remote = bool(names & set(_REMOTE_NAMES))
    if _is_path(id_arg, ident) and (not remote or str(ident).startswith("/")):
        return "filesystem"
    if id_arg.lower() in _REVISION_NAMES and any(_is_path(k, v) for k, v in tool_arguments.items() if k != id_arg):
        return "revision"  # a local repository's revision: git's own words
    return "record"


_SYSCALL = {"read": "open", "list": "scandir", "update": "open", "delete": "unlink"}


def not_found_text(arguments: dict[str, Any], id_arg: str, ident: Any, action: str, kind: str) -> str:
    """The error text a real tool of this family gives for a missing thing."""
    fam = family(arguments, id_arg, ident)
    if fam == "filesystem":
        return f"Error: ENOENT: no such file or directory, {_SYSCALL.get(action, 'stat')} '{ident}'"
    if fam == "revision":
        return f"fatal: ambiguous argument '{ident}': unknown revision or path not in the working tree."
    shown = f"'{ident}'" if isinstance(ident, str) else ident
    return f"Not found: no such {kind}: {shown}"
