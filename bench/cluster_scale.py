"""A generated spec on a local Ray cluster started as a user would: `ray start --head` and, for two nodes, a second
`ray start --address` on the same machine, each node given 1 CPU; `seer generate --address` against it, beside the
default in-process run, with the harness compared byte for byte.

    python bench/cluster_scale.py [--tools 10000] [--nodes 1 2] [--workdir DIR]

Per run: wall time, CPU of every process the run used (the command, and for a cluster the Ray processes, read
sampled from /proc while they run), peak RSS of the command, coverage, scenarios, and the stage calls each node ran.
The cluster's processes carry a marker in their environment and are stopped by it, never by `ray stop`, which
would stop every Ray instance on the machine.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from synthetic_spec import write_spec  # noqa: E402

BIN = Path(sys.executable).parent
MARK = "SEER_BENCH_CLUSTER"


def harness_digest(out: Path) -> str:
    """Every file of the harness directory (the manifest too): the same bytes wherever the run ran."""
    h = hashlib.sha256()
    for p in sorted(out.iterdir()):
        if p.is_file():
            h.update(p.name.encode() + b"\0" + p.read_bytes())
    return h.hexdigest()[:16]


def _marked(mark: str) -> list[int]:
    pids = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as f:
                if f"{MARK}={mark}".encode() in f.read().split(b"\0"):
                    pids.append(int(name))
        except OSError:
            continue
    return pids


def _cpu_seconds(pids: list[int]) -> float:
    """User + system CPU of these processes and their reaped children so far (from /proc/PID/stat)."""
    tick, total = os.sysconf("SC_CLK_TCK"), 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += sum(int(v) for v in fields[11:15]) / tick  # utime stime cutime cstime
        except (OSError, IndexError, ValueError):
            continue
    return total


class Cluster:
    def __init__(self, nodes: int):
        self.nodes, self.mark = nodes, uuid.uuid4().hex
        self.tmp = Path(tempfile.mkdtemp(prefix="ray", dir="/tmp"))  # Ray's socket paths must stay short
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.address = f"127.0.0.1:{self.port}"
        self.env = {**os.environ, MARK: self.mark, "RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0"}

    def __enter__(self) -> "Cluster":
        common = ["--num-cpus", "1", "--object-store-memory", str(300 * 1024 * 1024), "--disable-usage-stats"]
        self._ray(["start", "--head", "--port", str(self.port), "--include-dashboard", "false",
                   "--temp-dir", str(self.tmp), *common])
        for _ in range(self.nodes - 1):
            self._ray(["start", "--address", self.address, *common])
        return self

    def _ray(self, args: list[str]) -> None:
        done = subprocess.run([str(BIN / "ray"), *args], env=self.env, capture_output=True, text=True, timeout=180)
        if done.returncode != 0:
            raise SystemExit(f"ray {' '.join(args[:2])} failed: {done.stderr.strip()[-400:]}")

    def cpu_during(self, run) -> tuple[object, float]:
        """`run()`'s result and the CPU the cluster's processes spent meanwhile. Read from every process every
        0.2 s, each process's last reading kept: Ray's workers end with the job without being accounted to
        their raylet, so their CPU is readable only while they live (what ends within 0.2 s of a reading is lost)."""
        base = {pid: _cpu_seconds([pid]) for pid in _marked(self.mark)}
        last = dict(base)
        stop = threading.Event()

        def watch() -> None:
            while not stop.wait(0.2):
                for pid in _marked(self.mark):
                    last[pid] = _cpu_seconds([pid]) or last.get(pid, 0.0)

        t = threading.Thread(target=watch, daemon=True)
        t.start()
        try:
            result = run()
        finally:
            time.sleep(1)
            stop.set()
            t.join()
        return result, sum(cpu - base.get(pid, 0.0) for pid, cpu in last.items())

    def __exit__(self, *exc) -> None:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            for pid in _marked(self.mark):
                try:
                    os.kill(pid, sig)
                except OSError:
                    pass
            time.sleep(3)


def generate(spec: Path, out: Path, extra: list[str], env: dict | None = None, cluster: Cluster | None = None) -> dict:
    """`seer generate` under /usr/bin/time (wall, CPU and peak RSS of the command and the children it reaps), plus,
    on a cluster, the CPU the cluster's processes spent meanwhile."""
    measured = out.parent / f"{out.name}.time"
    cmd = ["/usr/bin/time", "-f", "%e %U %S %M", "-o", str(measured),
           str(BIN / "seer"), "generate", str(spec), "--out", str(out), "--no-progress", "--json", *extra]
    run = lambda: subprocess.run(cmd, env=env, capture_output=True, text=True)  # noqa: E731
    done, ray_cpu = cluster.cpu_during(run) if cluster else (run(), 0.0)
    if done.returncode != 0:
        raise SystemExit(f"seer generate {' '.join(extra)} failed ({done.returncode}): {done.stderr.strip()[-600:]}")
    wall, user, system, rss_kb = measured.read_text().split()[-4:]
    return {"wall": float(wall), "cpu": float(user) + float(system) + ray_cpu, "rss_mb": int(rss_kb) / 1024,
            "summary": json.loads(done.stdout), "digest": harness_digest(out)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tools", type=int, default=10000)
    ap.add_argument("--nodes", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--workdir", type=Path, default=None)
    a = ap.parse_args()
    work = a.workdir or Path(tempfile.mkdtemp(prefix="cluster-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    spec = write_spec(work / f"synthetic-{a.tools}.json", a.tools)
    rows = [("in process (default)", generate(spec, work / "local", ["--in-process"]))]
    for n in a.nodes:
        with Cluster(n) as cluster:
            # The command runs unmarked: its CPU is /usr/bin/time's to count, not the cluster's as well.
            env = {k: v for k, v in cluster.env.items() if k != MARK}
            rows.append((f"Ray, {n} node{'s' * (n > 1)} x 1 CPU",
                         generate(spec, work / f"ray{n}", ["--address", cluster.address], env, cluster)))
    base = rows[0][1]["digest"]
    print(f"{a.tools} tools; harness digest in process {base}")
    print("| run | wall (s) | CPU (s) | peak RSS of the command (MB) | coverage | scenarios | same harness | calls per node |")
    print("|---|---|---|---|---|---|---|---|")
    for name, r in rows:
        s = r["summary"]
        nodes = "; ".join(f"{node[:8]}: " + ", ".join(f"{st} {c}" for st, c in per.items())
                          for node, per in sorted(s.get("nodes", {}).items())) or "-"
        print(f"| {name} | {r['wall']:.1f} | {r['cpu']:.1f} | {r['rss_mb']:.0f} | {s['coverage']['ratio']:.0%} "
              f"| {s['counts']['scenarios']} | {'yes' if r['digest'] == base else 'NO'} | {nodes} |")


if __name__ == "__main__":
    main()
