"""LLM engine throughput: illustrator (64 tools) against a local OpenAI-compatible server that answers
after 300 ms, with --concurrency 32, through real litellm and the gateway; then the same job with the
cache warm. With --ray, runs the `seer generate` command itself (Ray); without, the coordinator's
in-process pipeline (actors/local.py) with enough threads to keep 32 requests in flight.

    /work/venv/bin/python bench/llm_throughput.py [--ray] [--repeat N] [--timeline] [--latency 0.3] [--concurrency 32]
        [--spec SPEC] [--baseline]

With --baseline, the cold run's requests are then sent again twice over, through the gateway and through a bare
`litellm.acompletion` loop, in this process: the gateway's CPU per request against litellm's own.

Before each run a machine probe prints the gateway's own CPU per request at that moment: the ratio follows it.

Ideal wall time = max(requests x latency / concurrency, critical path), where the critical path is
one latency per dependent step: interpretation waves, then per coverage round a scenario, and the
last round's mock and expansion.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from actors.local import run_local  # noqa: E402
from coordinator.coordinator import Coordinator  # noqa: E402
from llm_client.gateway import LLMGateway  # noqa: E402
from schemas import EngineSelection, LLMSettings, Manifest, RunConfig  # noqa: E402
from specs import load_suite  # noqa: E402
from tests.engines.llm.scripted_model import ScriptedModel, stage_of  # noqa: E402
from tests.fakellm import FakeLLM, json_reply  # noqa: E402


class ServerProcess:
    """The fake server in its own process (as a provider would be), so it does not share our GIL.
    `timeline` holds, after exit, (arrival time, stage) of every request, for `--timeline`."""

    def __init__(self, latency: float, fixed: dict | None = None, keep_bodies: bool = False):
        self.latency = latency
        self.fixed = fixed  # answer every request with this object (the machine probe) instead of the scripted model
        self.keep_bodies = keep_bodies  # bring every request body back too (`--baseline` replays them)
        self.timeline: list[tuple[float, str]] = []
        self.bodies: list[dict] = []

    @staticmethod
    def _serve(latency: float, fixed: dict | None, keep: bool, conn) -> None:
        model, seen = ScriptedModel(), []

        def respond(body):
            seen.append((time.time(), stage_of(body), body if keep else None))
            return json_reply(fixed) if fixed is not None else model(body)

        with FakeLLM(responder=respond, latency=latency) as server:
            conn.send(server.base_url)
            conn.recv()
        conn.send(seen)

    def __enter__(self) -> "ServerProcess":
        ctx = multiprocessing.get_context("fork")
        self._conn, child = ctx.Pipe()
        self._proc = ctx.Process(target=self._serve, args=(self.latency, self.fixed, self.keep_bodies, child), daemon=True)
        self._proc.start()
        self.base_url = self._conn.recv()
        return self

    def __exit__(self, *exc) -> None:
        self._conn.send("stop")
        seen = self._conn.recv() if self._conn.poll(15) else []
        self.timeline = [(at, stage) for at, stage, _ in seen]
        self.bodies = [body for _, _, body in seen if body is not None]
        self._proc.join(timeout=15)


def print_timeline(timeline: list[tuple[float, str]], latency: float, until: float) -> None:
    """Per stage, in 100 ms bins from the first request: how many requests arrived (cold run only)."""
    t0 = timeline[0][0]
    stages = list(dict.fromkeys(stage for _, stage in timeline))
    bins = int((until - t0) / 0.1) + 1
    print(f"requests arriving per 100 ms (a reply leaves {latency:.1f}s after its request arrives):")
    for stage in stages:
        row = [0] * bins
        for at, s in timeline:
            if s == stage and at <= until:
                row[int((at - t0) / 0.1)] += 1
        print(f"  {stage[:22]:22s} " + " ".join(f"{n:2d}" if n else " ." for n in row))


def machine_probe(requests: int = 200, callers: int = 32) -> float:
    """CPU milliseconds the gateway alone spends per request on this machine right now: `requests` identical
    completions from `callers` threads against the server answering at once. The ratio below is set by CPU on the
    critical path, and this shared machine's speed moves by 2-3x within hours; the probe says which speed a
    ratio was measured at."""
    prompt = [{"role": "system", "content": "Interpret the tool described in the data block. " * 60},
              {"role": "user", "content": "<data>" + json.dumps({"name": "tool", "description": "x " * 600}) + "</data>"}]
    with ServerProcess(0.0, fixed={"probe": "answer " * 60}) as server:
        gw = LLMGateway(LLMSettings(model="openai/probe", api_base=server.base_url, concurrency=callers, cache=False, timeout_s=30))

        def one(i: int) -> None:
            gw.complete(prompt + [{"role": "user", "content": f"item {i}"}], stage="probe", item=str(i),
                        response_schema={"type": "object"})
        try:
            with ThreadPoolExecutor(callers) as pool:
                list(pool.map(one, range(callers)))  # connections opened, lazy set-up done
                gc.collect()
                gc.disable()  # a full collection over litellm's import heap would land at random in the timing
                try:
                    c0 = time.process_time()
                    list(pool.map(one, range(requests)))
                    return 1000 * (time.process_time() - c0) / requests
                finally:
                    gc.enable()
        finally:
            gw.close()


def retry_aware_critical_path(out: Path, tools: int, concurrency: int, latency: float) -> tuple[float, dict[int, int]]:
    """The critical path with each scenario request's attempts counted: a round is planned once every scenario
    of the one before is written, so a round lasts as many latencies as its slowest scenario took attempts (a
    reply rejected by the checks is asked again, one more dependent step). Read from the harness the run
    wrote: kept scenarios carry their round; a dropped request belongs to the round of the kept request
    before it (a round's requests have consecutive indices). Returns (seconds, attempts -> rounds)."""
    manifest = json.loads((out / "manifest.json").read_text())
    retried: dict[int, int] = {}
    final: dict[int, int] = {}
    for f in manifest["failures"]:
        if f["stage"] == "scenario" and f["item"].startswith("scn-"):
            i = int(f["item"].split("-")[1])
            if f.get("recovered_by") == "retry":
                retried[i] = retried.get(i, 0) + 1
            elif f.get("attempts"):
                final[i] = f["attempts"]
    rounds = {s["meta"]["index"]: s["meta"]["round"]
              for s in map(json.loads, (out / "scenarios.jsonl").read_text().splitlines())}
    slowest: dict[int, int] = {}
    current = 1
    for i in range(max([*rounds, *final, *retried, 0]) + 1):
        current = rounds.get(i, current)
        slowest[current] = max(slowest.get(current, 0), final.get(i, retried.get(i, 0) + 1))
    steps = math.ceil(tools / concurrency) + sum(slowest.values()) + 2
    by_attempts: dict[int, int] = {}
    for a in slowest.values():
        by_attempts[a] = by_attempts.get(a, 0) + 1
    return steps * latency, by_attempts


def _gateway_kw(body: dict) -> dict:
    """The LLMRequest fields that produced a recorded request body."""
    rf = body.get("response_format") or {}
    schema = (rf.get("json_schema") or {}).get("schema") or rf.get("schema")
    kw = {"stage": stage_of(body) or "replay", "response_schema": schema, "cache": False,
          "temperature": body.get("temperature"), "seed": body.get("seed"), "max_tokens": body.get("max_tokens")}
    if schema is not None and rf.get("json_schema"):
        kw["schema_name"] = rf["json_schema"].get("name", "reply")
    if body.get("tools"):
        kw["tools"] = tuple(body["tools"])
        kw["tool_choice"] = body.get("tool_choice")
    return kw


def replay_cpu(bodies: list[dict], concurrency: int, rounds: int = 2) -> dict[str, list[float]]:
    """CPU milliseconds per request of this process sending the recorded requests again (a) through the gateway from
    `concurrency` threads, as the stages do, and (b) as a bare asyncio loop of `litellm.acompletion` calls with the
    same arguments and at most `concurrency` in flight. Both against one fresh server answering like the run's (the
    scripted model, replies of the same sizes) at once; interleaved `rounds` times, the gateway first in odd rounds."""
    import asyncio

    import litellm

    out: dict[str, list[float]] = {"gateway": [], "litellm": []}
    with ServerProcess(0.0) as server:
        gw = LLMGateway(LLMSettings(model="openai/bench", api_base=server.base_url, concurrency=concurrency,
                                    cache=False, timeout_s=60))
        items = [(body["messages"], _gateway_kw(body)) for body in bodies]

        def through_gateway() -> None:
            with ThreadPoolExecutor(concurrency) as pool:
                list(pool.map(lambda it: gw.complete(it[0], item="replay", **it[1]), items))

        def bare() -> None:
            async def all_of() -> None:
                sem = asyncio.Semaphore(concurrency)

                async def one(body: dict) -> None:
                    args = {k: body[k] for k in ("messages", "temperature", "seed", "max_tokens", "tools",
                                                 "tool_choice", "response_format") if body.get(k) is not None}
                    async with sem:
                        await litellm.acompletion(model="openai/bench", api_base=server.base_url, api_key="bench",
                                                  timeout=60, num_retries=0, max_retries=0, **args)
                await asyncio.gather(*(one(b) for b in bodies))
            asyncio.run(all_of())

        try:
            through_gateway()  # connections opened, lazy imports and set-up done, for both
            bare()
            for r in range(rounds):
                for name, fn in ((("gateway", through_gateway), ("litellm", bare)) if r % 2 == 0
                                 else (("litellm", bare), ("gateway", through_gateway))):
                    gc.collect()
                    c0 = time.process_time()
                    fn()
                    out[name].append(1000 * (time.process_time() - c0) / len(bodies))
        finally:
            gw.close()
    return out


def run_in_process(suite, cfg: RunConfig, out: Path, threads: int) -> dict:
    """The coordinator's in-process pipeline; the gateway is created first (litellm's import is startup)."""
    t0 = time.perf_counter()
    LLMGateway.shared(cfg.llm, cfg.budget)  # the engines below share this one
    t1, c1 = time.perf_counter(), time.process_time()
    coord = Coordinator(suite, cfg, out=str(out))
    manifest = run_local(coord, threads=threads)
    t2, c2 = time.perf_counter(), time.process_time()
    LLMGateway.close_shared()
    return {"manifest": manifest, "wall": t2 - t0, "startup": t1 - t0, "rounds": coord.progress().round, "cpu": c2 - c1}


def run_cli(suite, cfg: RunConfig, out: Path, threads: int) -> dict:
    """`seer generate SPEC --engine llm --model ... --api-base ... --concurrency N` as a user runs it (its own
    Ray instance, coordinator actor, worker actors, gateway actor); the cache lives under XDG_CACHE_HOME."""
    s = cfg.llm
    cmd = [str(Path(sys.executable).parent / "seer"), "generate", *(src.location for src in suite.sources), "--out", str(out), "--engine", "llm",
           "--model", s.model, "--api-base", s.api_base, "--concurrency", str(s.concurrency), "--no-progress", "--json"]
    env = {**os.environ, "XDG_CACHE_HOME": str(Path(s.cache_path).parent), "RAY_AUTH_MODE": "disabled"}
    t0 = time.perf_counter()
    done = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"seer generate failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    manifest = Manifest.model_validate_json((out / "manifest.json").read_text(encoding="utf-8"))
    rounds = max((json.loads(line)["meta"]["round"] for line in (out / "scenarios.jsonl").read_text().splitlines()), default=0)
    return {"manifest": manifest, "wall": time.perf_counter() - t0, "startup": None, "rounds": rounds, "cpu": None}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec", default=str(ROOT / "bench" / "dev-specs" / "illustrator.json"))
    ap.add_argument("--latency", type=float, default=0.3)
    ap.add_argument("--concurrency", type=int, default=32)
    ap.add_argument("--ray", action="store_true", help="run the seer generate command (Ray actors) instead of in-process")
    ap.add_argument("--timeline", action="store_true", help="print when each stage's requests reached the server")
    ap.add_argument("--repeat", type=int, default=1, help="measure this many times (the machine's state moves single runs)")
    ap.add_argument("--baseline", action="store_true", help="after the cold run, replay its requests through the gateway "
                    "and through a bare litellm.acompletion loop and compare their CPU per request")
    args = ap.parse_args()
    suite = load_suite([args.spec])
    ratios, probes = [], []
    for _ in range(args.repeat):
        probes.append(machine_probe())
        print(f"machine probe: the gateway alone uses {probes[-1]:.1f} ms of CPU per request now")
        ratios.append(measure(suite, args))
    if len(ratios) > 1:
        print(f"ratios to ideal over {len(ratios)} runs (machine probe, ms): "
              f"{', '.join(f'{r:.2f} ({p:.1f})' for r, p in zip(ratios, probes))}; "
              f"median {statistics.median(ratios):.2f}, best {min(ratios):.2f}, worst {max(ratios):.2f}")


def measure(suite, args) -> float:
    """One cold run (fresh server and cache) and its warm rerun; prints them and returns the window / ideal ratio."""
    run = run_cli if args.ray else run_in_process
    with tempfile.TemporaryDirectory() as tmp, ServerProcess(args.latency, keep_bodies=args.baseline) as server:
        base_url = server.base_url
        stats_url = base_url.replace("/v1", "/_stats")
        settings = LLMSettings(model="openai/bench", api_base=base_url, concurrency=args.concurrency,
                               cache_path=str(Path(tmp) / "agent-seer" / "llm-cache.sqlite"), timeout_s=30)
        cfg = RunConfig(engines=EngineSelection(interpret="llm", scenario="llm", mock="llm", expand="llm"), llm=settings)
        threads = args.concurrency + 8
        cold = run(suite, cfg, Path(tmp) / "cold", threads)
        stats = httpx.get(stats_url).json()
        retry_critical, by_attempts = retry_aware_critical_path(Path(tmp) / "cold", len(suite.tools), args.concurrency,
                                                                args.latency)
        warm = run(suite, cfg, Path(tmp) / "warm", threads)
        warm_requests = httpx.get(stats_url).json()["requests"] - stats["requests"]
    requests = stats["requests"]
    window = stats["last_at"] - stats["first_at"] + args.latency  # first request sent -> last reply
    m = cold["manifest"]
    u = m.usage.total
    covered = max(1, m.coverage.covered_tools)
    critical = args.latency * (math.ceil(len(suite.tools) / args.concurrency) + cold["rounds"] + 2)
    ideal = max(requests * args.latency / args.concurrency, critical)
    print(f"{'ray' if args.ray else 'in-process'}: {Path(args.spec).name} ({len(suite.tools)} tools), latency "
          f"{args.latency}s, concurrency {args.concurrency}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"cold: {cold['wall']:.2f}s wall in all" + (f" ({cold['startup']:.2f}s gateway start = litellm import)"
                                                      if cold["startup"] is not None else "")
          + f"; {requests} requests, {cold['rounds']} rounds, max in flight {stats['max_in_flight']}, "
          f"{m.counts.scenarios} scenarios, coverage {m.coverage.covered_tools}/{m.coverage.total_tools}")
    print(f"generation window (first request -> last reply): {window:.2f}s; ideal {ideal:.2f}s "
          f"(requests x latency / concurrency = {requests * args.latency / args.concurrency:.2f}s, "
          f"critical path = {critical:.2f}s) -> ratio {window / ideal:.2f}")
    print(f"critical path counting each round's slowest scenario attempts ({', '.join(f'{n} rounds of {a}' for a, n in sorted(by_attempts.items()))}): "
          f"{retry_critical:.2f}s -> ratio {window / max(ideal, retry_critical):.2f}")
    if cold["cpu"] is not None:
        print(f"CPU in this process (pipeline + gateway + litellm): {cold['cpu']:.2f}s = "
              f"{1000 * cold['cpu'] / requests:.0f} ms per request; warm run {warm['cpu']:.2f}s")
    print(f"per covered tool: {requests / covered:.2f} requests, {(u.prompt_tokens + u.completion_tokens) / covered:.0f} "
          f"tokens ({u.prompt_tokens} prompt + {u.completion_tokens} completion in all)")
    print(f"warm cache: {warm['wall']:.2f}s wall, {warm_requests} requests, {warm['manifest'].usage.total.cache_hits} cache hits")
    if args.timeline:
        print_timeline(server.timeline, args.latency, stats["last_at"])
    if args.baseline:
        cpu = replay_cpu(server.bodies[:requests], args.concurrency)
        g, b = statistics.median(cpu["gateway"]), statistics.median(cpu["litellm"])
        print(f"CPU per request replaying the cold run's {requests} requests (ms; rounds "
              f"{', '.join(f'{x:.1f}/{y:.1f}' for x, y in zip(cpu['gateway'], cpu['litellm']))}): gateway {g:.1f}, "
              f"bare litellm.acompletion loop {b:.1f} -> ratio {g / b:.2f}")
    return window / ideal


if __name__ == "__main__":
    main()
