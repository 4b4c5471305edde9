"""`seer inspect` end to end: the table, `--json`, and bad input as one line with exit code 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from tests.conftest import EXAMPLES, dev_spec
from tests.specs.helpers import tool, write
from tests.specs.test_corpus import SPECS, TABLE

SEER = str(Path(sys.executable).with_name("seer"))


def _seer(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.run([SEER, *args], capture_output=True, text=True, timeout=120, cwd=cwd, env=env)


@pytest.mark.parametrize("name", SPECS)
def test_inspect_json_on_each_corpus_spec(name: str) -> None:
    result = CliRunner().invoke(app, ["inspect", str(dev_spec(name)), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    [p] = out["profile"]["specs"]
    tools, params, optional, out_schema, annot, _ = TABLE[name]
    assert (p["name"], p["tools"], p["with_output_schema"], p["with_annotations"]) == (name, tools, out_schema, annot)
    assert (round(p["params_per_tool"], 2), round(p["optional_ratio"], 2)) == (params, optional)
    assert out["sources"][0]["tool_count"] == tools and len(out["sources"][0]["sha256"]) == 64
    assert out["skipped"] == [] and out["name_map"] == {}


def test_inspect_table_for_all_corpus_specs_and_both_examples_in_a_subprocess() -> None:
    paths = [str(dev_spec(n)) for n in SPECS] + [str(EXAMPLES / "bookshop-openapi.yaml"), str(EXAMPLES / "travel-functions.json")]
    result = _seer("inspect", *paths)
    assert result.returncode == 0, result.stderr
    rows = {line.split("│")[1].strip(): line for line in result.stdout.splitlines() if line.startswith("│")}
    assert set(rows) == set(SPECS) | {"bookshop-openapi", "travel-functions", "all"}
    cells = [c.strip() for c in rows["azure"].split("│")[1:-1]]
    assert cells[:5] == ["azure", "mcp", "235", "11.41", "0.82"]
    assert [c.strip() for c in rows["bookshop-openapi"].split("│")[1:4]] == ["bookshop-openapi", "openapi", "7"]
    assert [c.strip() for c in rows["travel-functions"].split("│")[1:4]] == ["travel-functions", "functions", "5"]
    total = [c.strip() for c in rows["all"].split("│")[1:4]]
    assert total == ["all", "mixed", str(sum(v[0] for v in TABLE.values()) + 12)]
    assert "tools renamed as spec__tool" in result.stderr


def test_inspect_openapi_example_json_from_another_directory(tmp_path: Path) -> None:
    result = _seer("inspect", "--json", str(EXAMPLES / "bookshop-openapi.yaml"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    p = json.loads(result.stdout)["profile"]
    assert (p["kind"], p["tools"], p["with_output_schema"], p["with_annotations"]) == ("openapi", 7, 6, 4)


def test_skipped_tools_are_warned_on_stderr_and_listed_in_json(tmp_path: Path) -> None:
    bad = tool("bad", properties={"n": {"type": "integer", "minimum": 3, "maximum": 1}})
    path = write(tmp_path, "s.json", [tool("good"), bad])
    table = _seer("inspect", str(path))
    assert table.returncode == 0
    assert "warning: skipped s/'bad' at [1].inputSchema.properties.n: unsatisfiable: minimum 3 > maximum 1" in table.stderr
    out = json.loads(_seer("inspect", "--json", str(path)).stdout)
    assert out["skipped"] == [
        {"spec": "s", "tool": "bad", "path": "[1].inputSchema.properties.n", "reason": "unsatisfiable: minimum 3 > maximum 1"}
    ]
    assert out["profile"]["tools"] == 1 and out["profile"]["skipped"] == 1


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("bad.json", '{"tools": [', "bad.json: not valid JSON: Expecting value at line 1 column 12"),
        ("empty.json", "", "empty.json: empty file (expected JSON or YAML)"),
        ("x.json", json.dumps({"tools": [{"name": "a", "inputSchema": {"type": "string"}}]}),
         'x.json: tools[0].inputSchema.type: expected "object", got "string"'),
        ("dup.json", json.dumps([{"name": "a", "inputSchema": {"type": "object"}}] * 2),
         "dup.json: [1].name: duplicate tool name 'a' (first at [0])"),
    ],
)
def test_bad_input_is_one_line_on_stderr_with_exit_code_2(tmp_path: Path, name: str, content: str, expected: str) -> None:
    write(tmp_path, name, content)
    result = _seer("inspect", name, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == f"error: {expected}\n"
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_a_missing_spec_file_and_no_spec_at_all_exit_2(tmp_path: Path) -> None:
    missing = _seer("inspect", str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and "nope.json: cannot read" in missing.stderr and "Traceback" not in missing.stderr
    nothing = _seer("inspect")
    assert nothing.returncode == 2 and nothing.stderr.strip() == "error: seer: no spec given: pass spec files and/or --server commands"


def test_a_server_that_cannot_start_exits_2_naming_the_command() -> None:
    result = _seer("inspect", "--server", "/nonexistent/mcp-server --flag")
    assert result.returncode == 2
    assert result.stderr.strip() == "error: server '/nonexistent/mcp-server --flag': cannot start: No such file or directory"

