"""A small stdio MCP server (official SDK) that lists its tools over several pages.

Usage: python paged_tools_server.py TOOLS PAGE_SIZE [--repeat-cursor]
Tool i is `tool_<i>` with one integer argument. `--repeat-cursor` makes every page hand back
the same cursor, which a correct client must detect instead of looping forever.
"""

from __future__ import annotations

import sys

import anyio
import mcp_types as types
from mcp.server import Server
from mcp.server.stdio import stdio_server


def main() -> None:
    total, size = int(sys.argv[1]), int(sys.argv[2])
    repeat = "--repeat-cursor" in sys.argv

    async def list_tools(ctx, params):  # noqa: ANN001 - SDK handler signature
        start = int(params.cursor) if params is not None and params.cursor else 0
        end = min(start + size, total)
        tools = [
            types.Tool(
                name=f"tool_{i}",
                description=f"Tool number {i}.",
                input_schema={"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]},
            )
            for i in range(start, end)
        ]
        cursor = "1" if repeat else (str(end) if end < total else None)
        return types.ListToolsResult(tools=tools, next_cursor=cursor)

    server = Server("paged", on_list_tools=list_tools)

    async def run() -> None:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(run)


if __name__ == "__main__":
    main()
