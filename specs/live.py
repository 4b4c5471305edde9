"""A live MCP server: start `CMD ARGS` over stdio with the official SDK client and read every page
of `tools/list`. Whatever goes wrong (cannot start, exits, never answers) becomes one SpecError
naming the command, within a bounded time."""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import json
import os
import re
import shlex
import tempfile
from pathlib import Path
from typing import Any

import anyio

from schemas.tool import SkippedTool, SpecSource, Tool
from specs.errors import SpecError
from specs.mcp import list_raws
from specs.tools import build_tools

MAX_PAGES = 10_000


def _argv(cmd: str) -> list[str]:
    try:
        argv = shlex.split(cmd)
    except ValueError as e:
        raise SpecError(f"server {cmd!r}", "", f"cannot parse the command line: {e}") from None
    if not argv:
        raise SpecError("server ''", "", "empty server command")
    return argv


_LAUNCHERS = re.compile(r"^(python[0-9.]*|node|npx|uvx|bunx|deno|pipx|uv)$")


def server_name(cmd: str) -> str:
    """The spec name of a live server: its executable's file name, or for a launcher such as
    `python`, `node` or `npx` the script, module or package it runs."""
    argv = _argv(cmd)
    name = Path(argv[0]).name
    if _LAUNCHERS.match(name):
        rest = argv[1:]
        if rest[:1] == ["run"] or rest[:1] == ["tool"]:
            rest = rest[1:]
        for i, a in enumerate(rest):
            if a == "-m" and i + 1 < len(rest):
                return rest[i + 1]
            if not a.startswith("-"):
                return Path(a).stem
    return name


def _leaf(exc: BaseException) -> BaseException:
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


def stdio_client_for(argv: list[str], timeout: float, errlog: Any, *, cwd: str | None = None) -> Any:
    """An SDK `Client` (enter it with `async with`) for the server `argv` over stdio; its stderr goes to
    `errlog`. `seer verify` uses it too."""
    from mcp.client import Client
    from mcp.client.stdio import StdioServerParameters, stdio_client

    # the user's own environment: servers often need tokens or settings from it
    params = StdioServerParameters(command=argv[0], args=argv[1:], env=dict(os.environ), cwd=cwd)
    # the transport is built here (not by Client) so that the server's stderr goes to `errlog`
    return Client(stdio_client(params, errlog=errlog), cache=None, read_timeout_seconds=timeout)


async def _list_tools(argv: list[str], timeout: float, errlog: Any) -> list[dict[str, Any]]:
    tools: list[dict[str, Any]] = []
    with anyio.fail_after(timeout):
        async with stdio_client_for(argv, timeout, errlog) as client:
            cursor: str | None = None
            seen: set[str] = set()
            for _ in range(MAX_PAGES):
                page = await client.list_tools(cursor=cursor)
                tools += [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in page.tools]
                cursor = page.next_cursor
                if cursor is None:
                    return tools
                if cursor in seen:
                    raise RuntimeError(f"tools/list pagination repeats the cursor {cursor!r}")
                seen.add(cursor)
    raise RuntimeError(f"tools/list has more than {MAX_PAGES} pages")


def _stderr_tail(errlog: Any) -> str:
    errlog.seek(0)
    lines = [ln.strip() for ln in errlog.read()[-4000:].splitlines() if ln.strip()]
    return f" (server stderr: {lines[-1][:200]})" if lines else ""


def fetch_tools(cmd: str, timeout: float) -> list[dict[str, Any]]:
    """All tools the server lists, as MCP JSON dicts. Raises SpecError naming `cmd` on any failure."""
    argv = _argv(cmd)
    where = f"server {cmd!r}"
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace") as errlog:
        try:
            try:
                asyncio.get_running_loop()
            except RuntimeError:
                return anyio.run(_list_tools, argv, timeout, errlog)
            # called from async code: run the client on a fresh event loop in a worker thread
            with concurrent.futures.ThreadPoolExecutor(1) as pool:
                return pool.submit(anyio.run, _list_tools, argv, timeout, errlog).result()
        except BaseException as e:  # noqa: BLE001 - every failure becomes one line naming the command
            leaf = _leaf(e)
            if isinstance(leaf, KeyboardInterrupt):
                raise leaf from None
            if isinstance(leaf, TimeoutError):
                problem = f"no tools/list answer within {timeout:g} s"
            elif isinstance(leaf, OSError):
                problem = f"cannot start: {leaf.strerror or leaf}"
            else:
                problem = f"failed to list its tools: {type(leaf).__name__}: {leaf}"
            raise SpecError(where, "", problem + _stderr_tail(errlog)) from None


def live_tools(cmd: str, spec: str, *, timeout: float) -> tuple[list[Tool], list[SkippedTool], SpecSource]:
    """Tools of a live server, checked like a spec file (paths refer to the tools/list result)."""
    listed = fetch_tools(cmd, timeout)
    raws, _ = list_raws(f"server {cmd!r}", listed, "tools")
    tools, skipped = build_tools(f"server {cmd!r}", spec, raws)
    canonical = json.dumps({"tools": listed}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hashlib.sha256(canonical.encode()).hexdigest()
    return tools, skipped, SpecSource(name=spec, kind="live", location=cmd, sha256=digest, tool_count=len(tools))
