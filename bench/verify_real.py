"""Verification of offline-engine harnesses against the real reference servers.

For each of filesystem, memory and git-reference: generate a harness from examples/ with the offline
engine (in-process, seeded), replay every scenario against the real server with `seer verify`'s
function (fresh sandbox and server process per scenario), and print executability and mock fidelity
per server and per tool, worst tools first. Servers come from .ci/install-servers.sh (.servers/).

    python bench/verify_real.py [--min-per-tool 2] [--seed 0] [--out DIR]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from common.files import load_harness, write_json  # noqa: E402
from harness.verify import VerifyOptions, verify_harness  # noqa: E402

SERVERS = ROOT / ".servers"
# A repository with some history and one staged change: a scenario asked to "commit the changes" assumes
# there are changes to commit (mcp-server-git refuses a commit with nothing staged).
GIT_SETUP = ("git init -q -b main . && for i in 1 2 3; do echo \"line $i\" >> history.txt && git add history.txt && "
             "git -c user.name=seer -c user.email=seer@example.com commit -q -m \"history $i\"; done && "
             "echo 'work in progress' > CHANGES.md && git add CHANGES.md")
TARGETS = {
    "filesystem": (f"{SERVERS}/node/node_modules/.bin/mcp-server-filesystem {{sandbox}}", None),
    "memory": (f"env MEMORY_FILE_PATH={{sandbox}}/memory.jsonl {SERVERS}/node/node_modules/.bin/mcp-server-memory", None),
    "git-reference": (f"{SERVERS}/git-venv/bin/mcp-server-git --repository {{sandbox}}", GIT_SETUP),
}


def generate(spec: str, out: Path, seed: int, min_per_tool: int) -> Path:
    from typer.testing import CliRunner

    from cli.app import app

    if (out / "manifest.json").is_file():  # an earlier run of this script: regenerate from scratch
        shutil.rmtree(out)
    res = CliRunner().invoke(app, ["generate", str(ROOT / "examples" / f"{spec}.json"), "--out", str(out),
                                   "--in-process", "--no-progress", "--seed", str(seed),
                                   "--min-per-tool", str(min_per_tool)])
    if res.exit_code != 0:
        raise SystemExit(f"generate {spec} failed: {res.output or res.exception!r}")
    return out


def pct(v: float | None) -> str:
    return "  —  " if v is None else f"{100 * v:5.1f}%"


def num(v: float | None) -> str:
    return "  — " if v is None else f"{v:4.2f}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--min-per-tool", type=int, default=2)
    ap.add_argument("--out", type=Path, default=None, help="keep harnesses and verification.json here")
    ap.add_argument("--only", action="append", default=[], help="a subset of " + ", ".join(TARGETS))
    args = ap.parse_args()
    base = args.out or Path(tempfile.mkdtemp(prefix="seer-verify-bench-"))
    for spec, (server, setup) in TARGETS.items():
        if args.only and spec not in args.only:
            continue
        harness_dir = generate(spec, base / spec, args.seed, args.min_per_tool)
        t0 = time.perf_counter()
        report = verify_harness(load_harness(harness_dir), VerifyOptions(server=server, setup=setup, timeout=60))
        write_json(harness_dir / "verification.json", report)
        o, t = report["overall"], report["timing"]
        print(f"\n## {spec}: {report['scenarios']} scenarios, {o['calls']} calls, {time.perf_counter() - t0:.1f} s "
              f"(server start-up {t['startup_seconds_mean']} s/scenario, {100 * (t['startup_share'] or 0):.0f}% of the run)")
        print(f"executability {pct(o['executability'])}  excl. missing preconditions {pct(o['executability_excluding_missing'])}"
              f"  missing-precondition failures {o['missing_precondition']}  scenarios completed {pct(report['completion_rate'])}"
              f"  preconditions established {report['preconditions']['established']}/{report['preconditions']['total']}")
        print(f"fidelity: text {num(o['text_similarity'])}  keys {num(o['key_agreement'])}  types {num(o['type_agreement'])}"
              f"  real output valid against outputSchema {pct(o['schema_valid'])}")
        print(f"{'tool':28} calls  exec.  missing  text  keys  types  top failure")
        rows = sorted(report["tools"].items(), key=lambda kv: (kv[1]["executability"] or 0, kv[1]["text_similarity"] or 0))
        for name, r in rows:
            top = (r["errors"] or [{"message": ""}])[0]["message"][:70]
            print(f"{name:28} {r['calls']:5} {pct(r['executability'])} {r['missing_precondition']:7}  "
                  f"{num(r['text_similarity'])}  {num(r['key_agreement'])}  {num(r['type_agreement'])}  {top}")
    print(f"\nharnesses and verification.json in {base}")


if __name__ == "__main__":
    main()
