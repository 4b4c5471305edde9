"""The whole product end to end, as a user runs it, on every spec of the corpus and on examples/.

Per case: `seer inspect --json`, `seer generate --in-process --json` (offline, default config),
`seer validate`, `seer run --agent oracle` and `--agent faulty:wrong_value,skipped_call`, `seer grade`
of both runs, then one `seer report` over every harness with every score set. Each command is a
subprocess of the installed CLI; exit codes, wall time and anything on stderr that looks like a
traceback are recorded. The oracle must score 1.0 and the faulty agent below 1.0.

Usage: python bench/e2e_corpus.py [--out DIR] [--only NAME ...] [--markdown]
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
SPECS = Path(__file__).resolve().parent / "dev-specs"
FAULTS = "faulty:wrong_value,skipped_call"


def cases() -> dict[str, list[Path]]:
    out = {p.stem: [p] for p in sorted(SPECS.glob("*.json"))}
    ex = ROOT / "examples"
    out["multi:fs+memory+git-ref"] = [ex / "filesystem.json", ex / "memory.json", ex / "git-reference.json"]
    out["ex:bookshop-openapi"] = [ex / "bookshop-openapi.yaml"]
    out["ex:travel-functions"] = [ex / "travel-functions.json"]
    return out


def seer(*args: str, timeout: float = 900) -> tuple[int, float, str, str]:
    t0 = time.perf_counter()
    p = subprocess.run([str(Path(sys.executable).parent / "seer"), *args], capture_output=True, text=True,
                       timeout=timeout, env={**os.environ, "RAY_AUTH_MODE": "disabled"})
    return p.returncode, time.perf_counter() - t0, p.stdout, p.stderr


def _json(text: str) -> dict:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return {}


def run_case(name: str, specs: list[Path], work: Path) -> dict:
    h, rec = work / "h", {"case": name, "rc": {}, "seconds": {}, "tracebacks": []}

    def step(label: str, *args: str) -> tuple[int, str]:
        rc, secs, out, err = seer(*args)
        rec["rc"][label], rec["seconds"][label] = rc, round(secs, 2)
        if "Traceback" in err or "Traceback" in out:
            rec["tracebacks"].append(label)
        return rc, out

    _, out = step("inspect", "inspect", *map(str, specs), "--json")
    rec["tools"] = _json(out).get("profile", {}).get("tools")
    _, out = step("generate", "generate", *map(str, specs), "--out", str(h), "--in-process", "--json",
                  "--no-progress")
    g = _json(out)
    rec["scenarios"] = g.get("counts", {}).get("scenarios")
    rec["coverage"] = g.get("coverage", {}).get("ratio")
    manifest = _json((h / "manifest.json").read_text()) if (h / "manifest.json").exists() else {}
    rec["manifest_failures"] = len(manifest.get("failures", []))
    rec["uncovered"] = [u.get("tool") if isinstance(u, dict) else u
                        for u in manifest.get("coverage", {}).get("uncovered", [])]
    _, out = step("validate", "validate", str(h))
    v = _json(out)
    rec["problems"] = v.get("problem_count")
    rec["problem_codes"] = sorted({p["code"] for p in v.get("problems", [])})
    for agent, tag in (("oracle", "oracle"), (FAULTS, "faulty")):
        step(f"run_{tag}", "run", str(h), "--agent", agent, "--out", str(work / f"run-{tag}"), "--no-progress")
        _, out = step(f"grade_{tag}", "grade", str(h), str(work / f"run-{tag}"), "--out", str(work / f"s-{tag}"))
        rec[f"{tag}_score"] = _json(out).get("overall", {}).get("arithmetic")
    rec["ok"] = (all(rc == 0 for rc in rec["rc"].values()) and not rec["tracebacks"]
                 and rec["oracle_score"] == 1.0 and (rec["faulty_score"] or 1.0) < 1.0 and rec["problems"] == 0)
    return rec


def markdown(rows: list[dict], report: dict) -> str:
    head = ("| case | tools | scenarios | coverage | problems | oracle | faulty | manifest failures | "
            "exit codes (insp/gen/val/run/grade) | gen s | total s | ok |\n|" + "---|" * 12)
    lines = [head]
    for r in rows:
        rc = r["rc"]
        codes = "/".join(str(rc.get(k, "-")) for k in ("inspect", "generate", "validate", "run_oracle", "grade_oracle"))
        codes += f" · faulty {rc.get('run_faulty', '-')}/{rc.get('grade_faulty', '-')}"
        faulty = r.get("faulty_score")
        lines.append(
            f"| {r['case']} | {r.get('tools')} | {r.get('scenarios')} | {r.get('coverage')} | {r.get('problems')} | "
            f"{r.get('oracle_score')} | {'-' if faulty is None else round(faulty, 3)} | {r.get('manifest_failures')} | "
            f"{codes} | {r['seconds'].get('generate')} | {round(sum(r['seconds'].values()), 1)} | "
            f"{'yes' if r['ok'] else 'NO'} |")
    lines.append(f"\n`seer report` over all {len(rows)} harnesses and {2 * len(rows)} score sets: exit "
                 f"{report['rc']}, {report['seconds']} s, traceback: {report['traceback']}.")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--only", nargs="*", default=None)
    ap.add_argument("--markdown", action="store_true")
    a = ap.parse_args()
    work = a.out or Path(tempfile.mkdtemp(prefix="seer-e2e-"))
    rows = []
    for name, specs in cases().items():
        if a.only and name not in a.only:
            continue
        d = work / name.replace(":", "-")
        d.mkdir(parents=True, exist_ok=True)
        rec = run_case(name, specs, d)
        rows.append(rec)
        print(json.dumps(rec), file=sys.stderr, flush=True)
    dirs = [work / r["case"].replace(":", "-") for r in rows]
    scores = [str(d / f"s-{t}") for d in dirs for t in ("oracle", "faulty") if (d / f"s-{t}").exists()]
    rc, secs, _, err = seer("report", *[str(d / "h") for d in dirs], "--scores", *scores, "--out", str(work / "report"))
    report = {"rc": rc, "seconds": round(secs, 1), "traceback": "Traceback" in err}
    (work / "e2e.json").write_text(json.dumps({"rows": rows, "report": report}, indent=1))
    print(markdown(rows, report) if a.markdown else json.dumps({"rows": rows, "report": report}, indent=1))


if __name__ == "__main__":
    main()
