"""`--server`: tools/list from live MCP servers over stdio, all pages, and every way a server can fail."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from specs import SpecError, load_suite, profile
from tests.conftest import EXAMPLES, SERVERS, require_executable

PAGED = Path(__file__).with_name("paged_tools_server.py")
SEER = str(Path(sys.executable).with_name("seer"))


@pytest.fixture
def git_repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "README.md").write_text("hello\n")
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com"}
    subprocess.run(["git", "-C", str(repo), "add", "README.md"], check=True)
    subprocess.run(["git", "-C", str(repo), "commit", "-q", "-m", "first"], check=True, env=env)
    return repo


def test_seer_inspect_server_on_the_real_mcp_server_git(git_repo: Path) -> None:
    exe = require_executable(SERVERS / "git-venv" / "bin" / "mcp-server-git", "the PyPI mcp-server-git reference server")
    cmd = f"{exe} --repository {git_repo}"
    result = subprocess.run([SEER, "inspect", "--server", cmd, "--json"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    [source] = out["sources"]
    assert (source["name"], source["kind"], source["location"]) == ("mcp-server-git", "live", cmd)
    # examples/ carries the capture from this server (and, unlike ../shared, is there in a clean clone)
    reference = {t["name"]: t for t in json.loads((EXAMPLES / "git-reference.json").read_text())["tools"]}
    captured = set(reference)
    suite = load_suite([], [cmd])
    names = {t.name for t in suite.tools}
    assert out["profile"]["tools"] == len(names) >= 10
    # the captured corpus spec came from this same server: most of its tools are still there
    assert len(names & captured) >= 10 and "git_status" in names
    assert suite.tool("git_status").input_schema == reference["git_status"]["inputSchema"]
    assert suite.tool("git_status").annotations == reference["git_status"]["annotations"]
    assert all(t.spec == "mcp-server-git" and t.input_schema["type"] == "object" for t in suite.tools)
    assert profile(suite).with_annotations == sum(1 for t in suite.tools if t.annotations)


def test_every_page_of_tools_list_is_read() -> None:
    suite = load_suite([], [f"{sys.executable} {PAGED} 23 5"])
    assert [t.name for t in suite.tools] == [f"tool_{i}" for i in range(23)]
    assert suite.sources[0].name == "paged_tools_server" and suite.sources[0].tool_count == 23


def test_a_live_server_and_a_file_with_the_same_tool_names_are_namespaced(tmp_path: Path) -> None:
    spec = tmp_path / "local.json"
    spec.write_text(json.dumps({"tools": [{"name": "tool_1", "inputSchema": {"type": "object"}}]}))
    suite = load_suite([spec], [f"{sys.executable} {PAGED} 3 2"])
    assert [t.name for t in suite.tools] == ["local__tool_1", "tool_0", "paged_tools_server__tool_1", "tool_2"]


def test_a_server_repeating_its_cursor_is_an_error_not_a_hang() -> None:
    with pytest.raises(SpecError, match="pagination repeats the cursor"):
        load_suite([], [f"{sys.executable} {PAGED} 10 2 --repeat-cursor"], server_timeout=20)


def test_a_server_that_exits_at_once_is_one_line_with_its_stderr() -> None:
    cmd = f"{sys.executable} -c \"import sys; print('config file missing', file=sys.stderr); sys.exit(3)\""
    with pytest.raises(SpecError) as info:
        load_suite([], [cmd], server_timeout=20)
    msg = str(info.value)
    assert msg.startswith(f"server {cmd!r}: failed to list its tools") and "\n" not in msg
    assert msg.endswith("(server stderr: config file missing)")


def test_a_server_that_never_answers_times_out() -> None:
    cmd = f"{sys.executable} -c \"import time; time.sleep(60)\""
    started = time.monotonic()
    with pytest.raises(SpecError, match=r"no tools/list answer within 1 s"):
        load_suite([], [cmd], server_timeout=1)
    assert time.monotonic() - started < 30  # bounded: the timeout plus the SDK's shutdown grace


def test_a_command_that_does_not_exist_is_named_in_the_error() -> None:
    with pytest.raises(SpecError, match=r"^server '/no/such/server --x': cannot start: No such file or directory$"):
        load_suite([], ["/no/such/server --x"])


def test_an_unparsable_command_line_is_an_error() -> None:
    with pytest.raises(SpecError, match="cannot parse the command line"):
        load_suite([], ['server "unterminated'])


def test_load_suite_also_works_when_called_from_async_code() -> None:
    import anyio

    async def inside_a_loop() -> int:
        return len(load_suite([], [f"{sys.executable} {PAGED} 4 3"]).tools)

    assert anyio.run(inside_a_loop) == 4
