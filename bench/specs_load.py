"""Spec loading speed: the 10,000-tool case, the 235-tool azure spec, the whole corpus, a 10 MB
description, and a live server. Prints one line per case; numbers go in bench/RESULTS.md.

Usage: python bench/specs_load.py [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from specs import load_suite, profile

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "bench" / "dev-specs"


def _many_tools(n: int) -> dict:
    return {
        "tools": [
            {
                "name": f"tool_{i:05d}",
                "description": f"Tool {i}: reads record {i} of a store.",
                "inputSchema": {
                    "type": "object",
                    "properties": {
                        "id": {"type": "integer", "minimum": 0},
                        "mode": {"type": "string", "enum": ["fast", "safe"]},
                        f"field_{i}": {"type": "string", "maxLength": 64},
                    },
                    "required": ["id"],
                },
            }
            for i in range(n)
        ]
    }


def _time(label: str, paths: list[Path], servers: list[str], repeat: int) -> None:
    times, cpu = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        suite = load_suite(paths, servers)
        profile(suite)
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)  # stable on a shared machine, unlike wall time
    tracemalloc.start()
    load_suite(paths, servers)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"{label:36s} tools={len(suite.tools):6d}  wall median {statistics.median(times):6.3f} s  "
          f"cpu median {statistics.median(cpu):6.3f} s  peak Python memory {peak / 1e6:6.1f} MB")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    repeat = ap.parse_args().repeat
    with tempfile.TemporaryDirectory() as tmp:
        many = Path(tmp) / "many.json"
        many.write_text(json.dumps(_many_tools(10_000)))
        big = Path(tmp) / "big.json"
        big.write_text(json.dumps({"tools": [{"name": "big", "description": "x" * 10_500_000, "inputSchema": {"type": "object"}}]}))
        _time("10,000 tools (load + profile)", [many], [], repeat)
        _time("10 MB description", [big], [], repeat)
        if CORPUS.exists():
            _time("azure (235 tools)", [CORPUS / "azure.json"], [], repeat)
            _time("all 19 corpus specs (987 tools)", sorted(CORPUS.glob("*.json")), [], repeat)
        _time("bookshop OpenAPI example", [ROOT / "examples" / "bookshop-openapi.yaml"], [], repeat)
        git = ROOT / ".servers" / "git-venv" / "bin" / "mcp-server-git"
        if git.exists():
            repo = Path(tmp) / "repo"
            subprocess.run(["git", "init", "-q", str(repo)], check=True)
            _time("live mcp-server-git (start + list)", [], [f"{git} --repository {repo}"], repeat)
    print(f"python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
