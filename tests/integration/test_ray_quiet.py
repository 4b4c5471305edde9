"""`seer generate --ray` keeps the terminal clean whatever happens to a worker: a mock worker killed mid-run
is restarted by Ray with nothing from Ray on stderr, and the run completes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

from tests.conftest import dev_spec


def _workers(tag: str, name: str) -> list[int]:
    """Processes of the Ray instance started with `tag` in its environment whose title names `name`."""
    found = []
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            title = Path(f"/proc/{d}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
            if name in title and f"SEER_TEST_TAG={tag}".encode() in Path(f"/proc/{d}/environ").read_bytes():
                found.append(int(d))
        except OSError:
            continue
    return found


def test_a_worker_killed_mid_run_leaves_no_ray_lines_on_the_terminal(tmp_path):
    tag = uuid.uuid4().hex
    out = tmp_path / "h"
    env = {**os.environ, "RAY_AUTH_MODE": "disabled", "SEER_TEST_TAG": tag}
    proc = subprocess.Popen([sys.executable, "-m", "cli", "generate", str(dev_spec("azure")), "--out",
                             str(out), "--ray", "--min-per-tool", "3", "--no-progress", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    deadline = time.monotonic() + 300
    victims: list[int] = []
    while not victims:
        assert proc.poll() is None, f"the run ended before a worker could be killed: {proc.stderr.read()[-500:]}"
        assert time.monotonic() < deadline, "no mock worker appeared within 300 s"
        if (out / "scenarios.jsonl").exists() and (out / "scenarios.jsonl").stat().st_size:
            victims = _workers(tag, "ray::MockActor")
        time.sleep(0.1)
    os.kill(victims[0], signal.SIGKILL)
    stdout, stderr = proc.communicate(timeout=600)
    assert proc.returncode == 0, stderr[-800:]
    assert stderr == ""  # no "(raylet) A worker died...", no Ray log lines at all
    assert "(raylet)" not in stdout and "retries remaining" not in stdout
    summary = json.loads(stdout)  # stdout is the --json document and nothing else
    assert summary["partial"] is False and summary["coverage"]["ratio"] == 1.0
