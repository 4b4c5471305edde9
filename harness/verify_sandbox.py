"""The sandbox a scenario runs in, and how the scenario's paths land inside it.

A scenario is written for an imagined machine (`/srv/acme/api`, `notes.md`); the real server
only sees one temporary directory. Every path-like argument is moved into that directory: the
scenario's context paths (a repository path, a working directory) become the sandbox itself, a
path under one of them keeps its relative part, any other absolute path is re-rooted under the
sandbox and a relative one is joined to it. The mapping is deterministic, so the same imagined
path always lands on the same real one within a scenario.
"""

from __future__ import annotations

import re
import shlex
import subprocess
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from schemas import Scenario, ToolInterpretation
from schemas.errors import SeerError

# entity kinds whose identifiers are paths; parameter names that hold paths when no interpretation says so
PATH_KINDS = frozenset({"file", "directory", "folder", "dir", "path", "repository", "repo", "workspace"})
_PATH_NAME = re.compile(r"(^|_)(path|paths|file|files|dir|directory|folder|source|destination|root|cwd)s?$", re.I)
_URL = re.compile(r"^[a-z][a-z0-9+.-]*://", re.I)


class VerifyError(SeerError):
    """Bad input to `seer verify` (server command, setup command, sandbox); the message names it."""


def command_argv(cmd: str, sandbox: Path, what: str) -> list[str]:
    """`cmd` split like a shell would, with `{sandbox}` replaced in every word. The server runs with
    the sandbox as its working directory, so words naming an existing relative path are made absolute."""
    try:
        argv = shlex.split(cmd)
    except ValueError as e:
        raise VerifyError(f"{what} {cmd!r}: cannot parse the command line: {e}") from None
    if not argv:
        raise VerifyError(f"{what}: empty command")
    out = []
    for a in argv:
        if "{sandbox}" in a:
            out.append(a.replace("{sandbox}", str(sandbox)))
        elif not a.startswith("-") and not Path(a).is_absolute() and ("/" in a or Path(a).is_file()) and Path(a).exists():
            out.append(str(Path(a).resolve()))
        else:
            out.append(a)
    return out


def run_setup(cmd: str, sandbox: Path, timeout: float) -> str | None:
    """Run the `--setup` command (through the shell, cwd = sandbox). None when it worked, else why not."""
    line = cmd.replace("{sandbox}", shlex.quote(str(sandbox)))
    try:
        done = subprocess.run(line, shell=True, cwd=sandbox, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"setup did not finish within {timeout:g} s"
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or [""]
        return f"setup exited with {done.returncode}: {tail[0][:200]}"
    return None


def path_parameters(interp: ToolInterpretation | None, schema: dict[str, Any]) -> frozenset[str]:
    """Top-level parameters of a tool whose values are paths (or lists of paths)."""
    names = set()
    roles = {p.name: p for p in interp.parameters} if interp else {}
    for name in (schema.get("properties") or {}):
        p = roles.get(name)
        if p is not None and (p.entity in PATH_KINDS or p.role.value == "context"):
            names.add(name)
        elif _PATH_NAME.search(name):
            names.add(name)
    return frozenset(names)


@dataclass
class PathMap:
    """Imagined paths of one scenario -> real paths inside its sandbox."""

    sandbox: Path
    roots: tuple[str, ...] = ()  # the scenario's context paths, longest first
    seen: dict[str, str] = field(default_factory=dict)

    @classmethod
    def for_scenario(cls, sandbox: Path, scenario: Scenario, context_params: set[str]) -> "PathMap":
        roots = {v for v in scenario.state.context.values() if isinstance(v, str) and v.startswith("/")}
        # a context parameter (e.g. repo_path) names the same place in every call of the scenario
        for call in scenario.calls:
            for name in context_params:
                v = call.arguments.get(name)
                if isinstance(v, str) and v.startswith("/"):
                    roots.add(v)
        return cls(sandbox, tuple(sorted((_norm(r) for r in roots), key=len, reverse=True)))

    def real(self, value: str) -> str:
        real = self.seen[value] = self._real(value)
        return real

    def holds(self, value: str, real: str) -> bool:
        """Whether `real` is where the sandbox already puts `value` (nothing to learn)."""
        return self._real(value) == _norm(real)

    def _real(self, value: str) -> str:
        if _URL.match(value) or not value.strip():
            return value
        key = _norm(value)
        for root in self.roots:
            if key == root or key.startswith(root + "/"):
                rel = key[len(root):].lstrip("/")
                break
        else:
            rel = key.lstrip("/")
        return str(self.sandbox / rel) if rel not in ("", ".") else str(self.sandbox)

    def map_arguments(self, arguments: dict[str, Any], names: frozenset[str]) -> dict[str, Any]:
        out = dict(arguments)
        for name in names & out.keys():
            v = out[name]
            if isinstance(v, str):
                out[name] = self.real(v)
            elif isinstance(v, list):
                out[name] = [self.real(x) if isinstance(x, str) else x for x in v]
        return out

    def imagined(self, text: str) -> str:
        """Real output text with the sandbox prefix taken out, to compare with the mock's text."""
        return text.replace(str(self.sandbox) + "/", "").replace(str(self.sandbox), ".")


def _norm(path: str) -> str:
    p = str(PurePosixPath(path.replace("\\", "/")))
    return "/" if p == "/" else p.rstrip("/")
