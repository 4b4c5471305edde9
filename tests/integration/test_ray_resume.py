"""SIGKILL the whole `seer generate` (driver, local Ray and workers), then `--resume`: same harness as an undisturbed run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

from actors.local import run_local
from common.files import load_harness
from coordinator.coordinator import Coordinator
from schemas import RunConfig
from specs import load_suite
from tests.conftest import dev_spec
from tests.coordinator.helpers import harness_bytes

SEER = [sys.executable, "-m", "cli", "generate"]


def _lines(path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def test_a_sigkilled_run_resumes_to_the_undisturbed_harness(tmp_path):
    spec = dev_spec("azure")
    out = tmp_path / "h"
    args = [str(spec), "--out", str(out), "--min-per-tool", "3", "--seed", "11", "--no-progress", "--ray"]
    env = {**os.environ, "RAY_AUTH_MODE": "disabled"}
    proc = subprocess.Popen(SEER + args, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 300
    while _lines(out / "scenarios.jsonl") < 30:
        assert proc.poll() is None, f"generate ended before it could be killed: {proc.stderr.read()[-500:]}"
        assert time.monotonic() < deadline, "generation did not start within 300 s"
        time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)

    partial = load_harness(out)
    assert partial.manifest.partial is True
    kept_before = len(partial.scenarios)
    assert kept_before >= 30

    resumed = subprocess.run(SEER + args + ["--resume", "--json"], env=env, capture_output=True, text=True,
                             timeout=600)
    assert resumed.returncode == 0, resumed.stderr[-800:]
    summary = json.loads(resumed.stdout)
    assert summary["partial"] is False and summary["coverage"]["ratio"] == 1.0

    suite = load_suite([spec])
    run_local(Coordinator(suite, RunConfig(seed=11, min_per_tool=3), out=str(tmp_path / "undisturbed")))
    assert harness_bytes(out) == harness_bytes(tmp_path / "undisturbed")
    ids = [s.id for s in load_harness(out).scenarios]
    assert len(ids) == len(set(ids)) > kept_before
