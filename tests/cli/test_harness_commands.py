"""CLI edges of validate/serve/run: bad input is one clear error line and exit code 2, no traceback."""

from __future__ import annotations

import subprocess
import sys

from typer.testing import CliRunner

from cli.app import app
from tests.harness.builders import write_harness


def _seer(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cli", *args], capture_output=True, text=True, timeout=120)


def test_serve_unknown_scenario_is_a_one_line_error(tmp_path):
    root = write_harness(tmp_path / "h")
    res = _seer("serve", str(root), "--scenario", "nope")
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr.strip().splitlines() == [f"error: {root}: no scenario with id 'nope'"]


def test_serve_and_run_reject_a_directory_that_is_not_a_harness(tmp_path):
    for args in (["serve", str(tmp_path)], ["run", str(tmp_path), "--agent", "oracle", "--out", str(tmp_path / "r")]):
        res = _seer(*args)
        assert res.returncode == 2 and "manifest.json: missing" in res.stderr and "Traceback" not in res.stderr


def test_serve_rejects_an_unknown_transport(tmp_path):
    root = write_harness(tmp_path / "h")
    res = CliRunner().invoke(app, ["serve", str(root), "--transport", "carrier-pigeon"])
    assert res.exit_code == 2 and "stdio or http" in res.output


def test_oracle_run_never_imports_litellm(tmp_path):
    root = write_harness(tmp_path / "h")
    code = ("import sys; from cli.app import app; from typer.testing import CliRunner; "
            f"r = CliRunner().invoke(app, ['run', {str(root)!r}, '--agent', 'oracle', '--out', {str(tmp_path / 'r')!r}]); "
            "print(r.exit_code, 'litellm' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120).stdout.split()
    assert out == ["0", "False"]


def test_a_port_outside_0_to_65535_is_a_usage_error(tmp_path):
    root = write_harness(tmp_path / "h")
    res = CliRunner().invoke(app, ["serve", str(root), "--transport", "http", "--port", "99999"])
    assert res.exit_code == 2 and "'--port'" in res.output and "65535" in res.output


def test_validate_of_a_missing_directory_is_a_usage_error_not_a_report(tmp_path):
    res = _seer("validate", str(tmp_path / "nowhere"))
    assert res.returncode == 2 and res.stdout == ""
    assert res.stderr.strip().splitlines() == [f"error: {tmp_path / 'nowhere'}: does not exist; pass a harness "
                                               "directory written by seer generate"]
