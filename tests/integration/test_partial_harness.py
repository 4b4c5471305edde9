"""Stop `seer generate` at any moment, by SIGKILL or by Ctrl-C, from its first second on: what it leaves is
a partial harness that `seer validate` reports as such and nothing else, and `--resume` finishes it into the
harness an undisturbed run writes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from actors.local import run_local
from coordinator.coordinator import Coordinator
from harness.validate import validate_harness
from schemas import RunConfig
from specs import load_suite
from tests.conftest import dev_spec
from tests.coordinator.helpers import harness_bytes

SEER = [sys.executable, "-m", "cli", "generate"]
SEED, MIN_PER_TOOL = 5, 2


@pytest.fixture(scope="module")
def undisturbed(tmp_path_factory):
    out = tmp_path_factory.mktemp("undisturbed") / "h"
    run_local(Coordinator(load_suite([dev_spec("azure")]), RunConfig(seed=SEED, min_per_tool=MIN_PER_TOOL), out=str(out)))
    return harness_bytes(out)


def _lines(path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def _reached(point, out, started) -> bool:
    kind, at = point
    if kind == "seconds":
        return time.monotonic() - started >= at
    if kind == "file":
        return (out / at).exists()
    return _lines(out / "scenarios.jsonl") >= at


def _before_our_code(stderr: str) -> bool:
    """A Ctrl-C that the interpreter met before running any of our code: no output, or a traceback whose frames
    are all the interpreter's own start-up (`<frozen site>`, `<frozen importlib._bootstrap>`...)."""
    frames = [ln for ln in stderr.splitlines() if ln.lstrip().startswith("File ")]
    return all("<frozen " in f for f in frames) and (stderr == "" or stderr.rstrip().endswith("KeyboardInterrupt"))


# From the first instant (before the specs are even read) to the middle of the coverage rounds.
POINTS = [("seconds", 0.0), ("seconds", 0.2), ("seconds", 0.5), ("seconds", 1.0), ("file", ".seer-run"), ("file", "tools.json"),
          ("file", "interpretations.jsonl"), ("lines", 1), ("lines", 40)]


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGINT], ids=["kill-9", "ctrl-c"])
@pytest.mark.parametrize("point", POINTS, ids=[f"{k}-{v}" for k, v in POINTS])
def test_an_interrupted_run_leaves_a_valid_partial_harness_that_resume_completes(tmp_path, undisturbed, point, signum):
    out = tmp_path / "h"
    args = [str(dev_spec("azure")), "--out", str(out), "--seed", str(SEED), "--min-per-tool", str(MIN_PER_TOOL),
            "--no-progress"]
    proc = subprocess.Popen(SEER + args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    started = time.monotonic()
    while not _reached(point, out, started) and proc.poll() is None:
        time.sleep(0.005)
    if proc.poll() is not None:
        pytest.fail(f"the run ended before {point}; use a longer one: {proc.stderr.read()[-300:]}")
    os.killpg(proc.pid, signum)
    _, err = proc.communicate(timeout=60)
    if signum == signal.SIGINT and proc.returncode != 130 and _before_our_code(err):
        # Ctrl-C in the interpreter's own start-up (tens of milliseconds, more on a loaded machine), before it
        # runs a line of ours: Python ends by SIGINT or prints where its start-up was. Nothing may be written.
        assert point[0] == "seconds" and not out.exists(), err
    elif signum == signal.SIGINT:
        assert proc.returncode == 130, err
        [line] = [ln for ln in err.splitlines() if ln.strip()]  # one line, never a traceback or nothing at all
        assert line.startswith("interrupted"), err
    else:
        assert proc.returncode == -signal.SIGKILL

    resumable = out.is_dir() and any(out.iterdir())
    if resumable:
        codes = [p.code for p in validate_harness(out).problems]
        assert codes == ["partial_harness"], validate_harness(out).problems[:3]
    if signum == signal.SIGINT:  # the advice printed is the one that works
        resumable = resumable and "--resume" in err
    done = subprocess.run(SEER + args + (["--resume"] if resumable else []), capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-600:]
    assert validate_harness(out).problems == []
    assert harness_bytes(out) == undisturbed
