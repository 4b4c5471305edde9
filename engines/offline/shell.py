"""What a command run through a shell or terminal tool prints: its exit code, standard output and standard
error, as the command itself would write them (`pytest -q` a pass count, `git status` a clean tree), not an
echo of the call. Unknown commands print nothing and succeed, as most quiet tools do."""

from __future__ import annotations

import random
import re
from typing import Any

from common.taxonomy import tokens
from engines.offline.world import Organisation

# Argument names that hold the command line a tool runs.
_COMMAND_WORDS = frozenset({"command", "cmd", "commandline", "shell", "script"})


def command_of(args: dict[str, Any]) -> str | None:
    """The command line a call runs: the value of its `command`/`cmd`/`script` argument, if one is given."""
    for name, value in args.items():
        words = tokens(name)
        if words and words[-1] in _COMMAND_WORDS and isinstance(value, str) and value.strip() \
                and "\n" not in value.strip() and len(value) <= 300:
            return value.strip()
    return None


def workdir_of(args: dict[str, Any]) -> str | None:
    """The directory a call runs its command in (`cwd`, `working_dir`, `directory`), if it names one."""
    return next((v for k, v in args.items() if isinstance(v, str) and set(tokens(k)) & _WORKDIR), None)


_WORKDIR = frozenset({"cwd", "workdir", "directory", "dir", "working"})


def ran(command: str, org: Organisation, rng: random.Random, cwd: str | None = None) -> dict[str, Any]:
    """The result of running `command`: its exit code and what it printed."""
    return {"exit_code": 0, "stdout": _printed(command, org, rng, cwd), "stderr": ""}


def _printed(command: str, org: Organisation, rng: random.Random, cwd: str | None) -> str:
    head, _, rest = command.partition(" ")
    head = head.rsplit("/", 1)[-1]
    if head == "pytest" or "pytest" in command:
        n = rng.randint(18, 240)
        return f"{'.' * min(n, 60)}\n{n} passed in {rng.uniform(0.8, 40):.2f}s"
    if re.match(r"(npm|yarn|pnpm) (run )?test", command):
        n = rng.randint(3, 12)
        tests = rng.randint(20, 300)
        return f"Test Suites: {n} passed, {n} total\nTests:       {tests} passed, {tests} total"
    if re.search(r"\blint\b|eslint|ruff|flake8|pylint", command):
        return ""  # a clean lint prints nothing
    if command.startswith("git status"):
        return f"On branch {org.branches[0]}\nnothing to commit, working tree clean"
    if command.startswith("git log"):
        return "\n".join(f"{rng.getrandbits(28):07x} {m}" for m in rng.sample(_COMMITS, 3))
    if head == "echo":
        return rest.strip("'\"")
    if head == "pwd":
        return cwd or f"/srv/{org.slug}"
    if head == "whoami":
        return org.people[0].username
    if head == "uname":
        return "Linux"
    if head == "ls":
        return "\n".join(sorted(f.rsplit("/", 1)[-1] for f in org.files[:5]))
    if head in ("node", "python", "python3") and "--version" in rest:
        return "v20.11.1" if head == "node" else "Python 3.11.9"
    return ""


_COMMITS = ("Fix retry on timeout", "Bump dependencies", "Add pagination to list endpoint", "Update README",
            "Refactor config loading", "Handle empty responses")
