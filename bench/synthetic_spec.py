"""Write the synthetic 1,000-tool spec as an MCP tools/list file, for `seer generate` and the coordinator benchmarks.

The tools themselves come from `offline_speed.synthetic_suite` (20 services x 50 verb_noun tools over
shared entity kinds, 40% with an outputSchema), so every benchmark measures the same spec.

Usage: python bench/synthetic_spec.py [--tools 1000] [--out bench/synthetic-1000.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from offline_speed import synthetic_suite  # noqa: E402


def write_spec(path: Path, n_tools: int = 1000, seed: int = 0) -> Path:
    path.write_text(json.dumps(synthetic_suite(n_tools, seed).tools_list(), indent=1) + "\n", encoding="utf-8")
    return path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tools", type=int, default=1000)
    ap.add_argument("--out", type=Path, default=None)
    a = ap.parse_args()
    out = a.out or Path(f"/tmp/synthetic-{a.tools}.json")
    print(write_spec(out, a.tools))


if __name__ == "__main__":
    main()
