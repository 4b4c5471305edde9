"""`seer generate` end to end, as a user runs it: wall time (Ray start-up and shutdown included) and peak memory.

Peak memory is the largest sum of resident memory over the whole process tree (the command, and the
Ray processes and workers it starts), sampled every 50 ms from /proc; the largest single process is
reported beside it. Cases: the filesystem example (target <= 2 s by default) and the synthetic 1,000-tool
spec, each run three ways side by side: the default command, `--in-process` and `--ray` (a private local
Ray instance).

Usage: python bench/generate_e2e.py [--cases filesystem synthetic] [--modes default in-process ray] [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from synthetic_spec import write_spec  # noqa: E402

PAGE = os.sysconf("SC_PAGE_SIZE")


def _tree(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                stat = Path(f"/proc/{d}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(d))
    out, todo = [], [root]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def _rss(pid: int) -> int:
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE
    except (OSError, IndexError, ValueError):
        return 0


def run(args: list[str]) -> dict:
    env = {**os.environ, "RAY_AUTH_MODE": "disabled"}
    t0 = time.perf_counter()
    # Output goes to files: a pipe nobody reads while the command runs could fill up and block it.
    out_f, err_f = tempfile.TemporaryFile("w+"), tempfile.TemporaryFile("w+")
    proc = subprocess.Popen([sys.executable, "-m", "cli", "generate", *args, "--json", "--no-progress"],
                            stdout=out_f, stderr=err_f, text=True, env=env, cwd=ROOT)
    peak_sum = peak_one = 0
    while proc.poll() is None:
        sizes = [_rss(p) for p in _tree(proc.pid)]
        peak_sum, peak_one = max(peak_sum, sum(sizes)), max(peak_one, max(sizes, default=0))
        time.sleep(0.05)
    wall = time.perf_counter() - t0
    out_f.seek(0)
    err_f.seek(0)
    out, err = out_f.read(), err_f.read()
    if proc.returncode != 0:
        raise SystemExit(f"generate failed ({proc.returncode}): {err[-600:]}")
    summary = json.loads(out)
    return {"wall_s": round(wall, 2), "peak_tree_mb": round(peak_sum / 2**20), "peak_process_mb": round(peak_one / 2**20),
            "scenarios": summary["counts"]["scenarios"], "coverage": summary["coverage"]["ratio"]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", nargs="+", default=["filesystem", "synthetic"])
    ap.add_argument("--modes", nargs="+", default=["default", "in-process", "ray"])
    ap.add_argument("--repeat", type=int, default=1, help="runs per case and mode, interleaved (median reported)")
    a = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="seer-e2e-"))
    specs = {"filesystem": ROOT / "examples" / "filesystem.json"}
    if "synthetic" in a.cases:
        specs["synthetic"] = write_spec(tmp / "synthetic-1000.json", 1000)
    print("| spec | mode | wall time (s) | peak memory, process tree (MB) | largest process (MB) | scenarios | coverage "
          f"| scenarios.jsonl as {a.modes[0]}'s |")
    print("|---|---|---|---|---|---|---|---|")
    flags = {"default": [], "in-process": ["--in-process"], "ray": ["--ray"]}
    for case in a.cases:
        runs: dict[str, list[dict]] = {mode: [] for mode in a.modes}
        for i in range(a.repeat):  # modes interleaved, so that a change in the machine's load hits them all alike
            for mode in a.modes:
                runs[mode].append(run([str(specs[case]), "--out", str(tmp / f"{case}-{mode}-{i}"), *flags[mode]]))
        first = (tmp / f"{case}-{a.modes[0]}-0" / "scenarios.jsonl").read_bytes()
        for mode, rs in runs.items():
            same = (tmp / f"{case}-{mode}-0" / "scenarios.jsonl").read_bytes() == first
            r = sorted(rs, key=lambda x: x["wall_s"])[len(rs) // 2]
            print(f"| {case} | {mode} | {r['wall_s']} | {r['peak_tree_mb']} | {r['peak_process_mb']} | "
                  f"{r['scenarios']} | {r['coverage']:.0%} | {'yes' if same else 'NO'} |", flush=True)

if __name__ == "__main__":
    main()
