"""A small real stdio MCP server (official SDK) for `seer verify` tests: the tools of
tests/harness/builders.py, backed by a real directory and an in-memory issue tracker.

Usage: python verify_fake_server.py ROOT
Paths outside ROOT are refused (isError), like the filesystem reference server. Issues are
numbered from 100, so a harness whose mock said #42 only works if verify maps the number.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import anyio
import mcp_types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.harness.builders import TOOLS_DOC  # noqa: E402


def main() -> None:
    root = Path(sys.argv[1]).resolve()
    issues: dict[int, dict] = {}

    def inside(p: str) -> Path:
        path = Path(p).resolve()
        if path != root and root not in path.parents:
            raise PermissionError(f"Access denied - path outside allowed directories: {p}")
        return path

    def result(text: str, structured: dict | None = None, error: bool = False) -> types.CallToolResult:
        return types.CallToolResult(content=[types.TextContent(type="text", text=text)],
                                    structured_content=structured, is_error=error)

    def call(name: str, a: dict) -> types.CallToolResult:
        if name == "write_file":
            path = inside(a["path"])
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(a["content"])
            return result(f"Successfully wrote to {a['path']}")
        if name == "read_file":
            text = inside(a["path"]).read_text()
            return result(text, {"content": text})
        if name == "list_directory":
            entries = sorted(inside(a["path"]).iterdir())
            return result("\n".join(f"[{'DIR' if e.is_dir() else 'FILE'}] {e.name}" for e in entries))
        if name == "delete_file":
            inside(a["path"]).unlink()
            return result(f"Deleted {a['path']}")
        if name == "create_issue":
            n = 100 + len(issues)
            issues[n] = {"number": n, "title": a["title"], "state": "open"}
            out = {"number": n, "title": a["title"], "url": f"https://tracker.test/issues/{n}"}
            return result(json.dumps(out), out)
        if name == "get_issue":
            n = a["issue_number"]
            if n not in issues:
                return result(f"Issue {n} not found", error=True)
            return result(json.dumps(issues[n]), issues[n])
        raise ValueError(f"Unknown tool: {name}")

    async def list_tools(ctx, params):  # noqa: ANN001 - SDK handler signature
        return types.ListToolsResult(tools=[types.Tool.model_validate(t) for t in TOOLS_DOC])

    async def call_tool(ctx, params):  # noqa: ANN001 - SDK handler signature
        try:
            return call(params.name, params.arguments or {})
        except FileNotFoundError as e:
            return result(f"ENOENT: no such file or directory, open '{e.filename}'", error=True)
        except PermissionError as e:
            return result(str(e), error=True)

    server = Server("verify-fake", on_list_tools=list_tools, on_call_tool=call_tool)

    async def run() -> None:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(run)


if __name__ == "__main__":
    main()
