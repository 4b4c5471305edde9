"""Every command in the README's shell blocks can run as written on a fresh clone: its executable is ours,
a standard tool, or installed by an earlier README line, and every file it reads is in the repository or
written by an earlier README command. The commands are parsed with `seer`'s own argument parser."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer.main

from cli.app import app
from tests.conftest import ROOT

# Found on any machine that follows the quick start (Python with its venv, pip; npm and git for the servers).
STANDARD = {"python", "python3", "pip", "npm", "git", "env", ".", "source", ".venv/bin/pip", ".venv/bin/seer", "seer"}
OUTPUTS = {"out", "transcript", "sandbox"}  # path options a command writes, never reads
_FENCE = re.compile(r"```bash\n(.*?)```", re.S)


def _commands() -> list[tuple[int, list[str]]]:
    """(README line, argv) for every simple command of every bash block, in order."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    out = []
    for block in _FENCE.finditer(text):
        first = text[: block.start(1)].count("\n") + 1
        for k, line in enumerate(block.group(1).replace("\\\n", " ").splitlines()):
            words = shlex.split(line, comments=True)
            while words:
                cut = next((i for i, w in enumerate(words) if w in ("&&", ";", "|")), len(words))
                if words[:cut]:
                    out.append((first + k, words[:cut]))
                words = words[cut + 1:]
    return out


def _installed(argv: list[str]) -> set[str]:
    """Executables an install command provides: a PyPI package's console script of the same name or, when it is
    installed here, the console scripts its metadata declares; an npm
    package of the MCP reference servers, `@modelcontextprotocol/server-X`, provides `mcp-server-X`."""
    if argv[:2] in (["pip", "install"], [".venv/bin/pip", "install"]):
        words = {w for w in argv[2:] if not w.startswith("-")}
        return words | {script for w in words for script in _console_scripts(w)}
    if argv[:2] == ["npm", "install"]:
        return {"mcp-server-" + w.split("/server-", 1)[1] for w in argv[2:] if "/server-" in w}
    return set()


def _console_scripts(requirement: str) -> set[str]:
    """The commands an installed distribution provides under another name (`inspect-ai` gives `inspect`)."""
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        dist = distribution(re.split(r"[\[<>=!~ ]", requirement, maxsplit=1)[0])
    except PackageNotFoundError:
        return set()
    return {ep.name for ep in dist.entry_points if ep.group == "console_scripts"}


def _executable(argv: list[str]) -> str:
    words = [w for w in argv if not re.match(r"^[A-Z_][A-Z0-9_]*=", w)]  # leading VAR=value assignments
    if words and words[0] == "env":
        words = [w for w in words[1:] if "=" not in w]
    return words[0]


def _reads_and_writes(argv: list[str]) -> tuple[list[str], list[str]]:
    """Paths a command reads and writes (a `> FILE` redirection is a write)."""
    writes = []
    if ">" in argv:
        writes.append(argv[argv.index(">") + 1])
        argv = argv[: argv.index(">")]
    exe = _executable(argv)
    if exe.endswith("seer"):
        group = typer.main.get_command(app)
        cmd = group.commands[argv[1]]
        ctx = cmd.make_context(argv[1], list(argv[2:]), resilient_parsing=True)
        reads = []
        for p in cmd.params:
            value = ctx.params.get(p.name)
            kind = getattr(p, "type_descriptor", None)
            if kind is None or not (kind.is_path or kind.annotation == list[Path]) or value in (None, [], ()):
                continue
            values = [str(v) for v in (value if isinstance(value, (list, tuple)) else [value])]
            (writes if p.name in OUTPUTS else reads).extend(values)
        servers = ctx.params.get("server") or []
        for server in [servers] if isinstance(servers, str) else servers:  # one for verify, several for generate
            reads.append("exe:" + _executable(shlex.split(server)))
        return reads, writes
    if exe in ("python", "python3") and len(argv) > 1 and argv[1].endswith(".py"):
        return [argv[1]], [argv[argv.index("--out") + 1]] if "--out" in argv else []
    return [], writes


def test_the_readme_has_commands_for_every_subcommand():
    seen = {argv[1] for _, argv in _commands() if _executable(argv).endswith("seer") and len(argv) > 1}
    assert seen >= {"inspect", "generate", "validate", "serve", "run", "grade", "report", "verify", "export", "diff"}


def test_every_readme_command_can_run_as_written():
    installed, written = set(STANDARD), set()
    problems = []
    for line, argv in _commands():
        exe = _executable(argv)
        if exe not in installed and not exe.startswith(".venv/bin/"):
            problems.append(f"README line {line}: {exe!r} is not installed by any earlier line")
        reads, writes = _reads_and_writes(argv)
        for path in reads:
            if path.startswith("exe:"):
                if path[4:] not in installed:
                    problems.append(f"README line {line}: server {path[4:]!r} is not installed by any earlier line")
            elif not (ROOT / path).exists() and Path(path).parts[0] not in written:
                problems.append(f"README line {line}: {path} is neither in the repository nor written earlier")
        written |= {Path(w).parts[0] for w in writes}
        installed |= _installed(argv)
        if argv[:3] == ["python3", "-m", "venv"]:
            installed.add(".venv/bin/seer")
    assert problems == []


@pytest.mark.parametrize("line, expected", [
    ('seer verify h --server "env A={sandbox}/m.jsonl mcp-server-memory" --json', ["h", "exe:mcp-server-memory"]),
    ("seer generate examples/x.json --out h -c configs/y.yaml", ["examples/x.json", "configs/y.yaml"]),
])
def test_the_parser_finds_what_a_command_reads(line, expected):
    reads, writes = _reads_and_writes(shlex.split(line))
    assert sorted(reads) == sorted(expected)
