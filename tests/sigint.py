"""Ctrl-C for CLI tests: start the real `seer` command, interrupt it while it works, read what it said."""

from __future__ import annotations

import re
import signal
import subprocess
import sys

SEER = [sys.executable, "-m", "cli"]


def start(*args: str, **kw) -> subprocess.Popen:
    return subprocess.Popen([*SEER, *map(str, args)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def interrupt(proc: subprocess.Popen, timeout: float = 90.0) -> tuple[int, str, str]:
    """Send SIGINT (what Ctrl-C sends) to a command that is still working; its exit code, stdout and stderr."""
    assert proc.poll() is None, "the command ended before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    stdin, proc.stdin = proc.stdin, None  # kept open: an end of input would be another reason to stop
    try:
        out, err = proc.communicate(timeout=timeout)
    finally:
        if stdin is not None:
            stdin.close()
    return proc.returncode, out, err


def one_line(stderr: str, ignore: str | None = None) -> str:
    """The single line the command printed on stderr (lines matching `ignore`, e.g. progress, left out)."""
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    lines = [ln for ln in stderr.splitlines() if ln.strip() and not (ignore and re.search(ignore, ln))]
    assert len(lines) == 1, stderr
    return lines[0]


def files(root) -> dict[str, bytes]:
    """Every file under `root` with its bytes (to show an interrupted command changed nothing)."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}
