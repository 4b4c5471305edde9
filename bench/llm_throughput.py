"""LLM engine throughput: illustrator (64 tools) against a local OpenAI-compatible server that answers
after 300 ms, with --concurrency 32, through real litellm and the gateway; then the same job with the
cache warm. Drives the coordinator's in-process pipeline (coordinator/pipeline.py) with enough threads
to keep 32 requests in flight; the gateway enforces the limit.

    /work/venv/bin/python bench/llm_throughput.py [--latency 0.3] [--concurrency 32]

Ideal wall time = max(requests x latency / concurrency, critical path), where the critical path is
one latency per dependent step: interpretation waves, then per coverage round a scenario, and the
last round's mock and expansion.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from actors.llm.gateway import LLMGateway  # noqa: E402
from coordinator.coordinator import Coordinator  # noqa: E402
from coordinator.pipeline import run_local  # noqa: E402
from schemas import EngineSelection, LLMSettings, RunConfig  # noqa: E402
from specs import load_suite  # noqa: E402
from tests.actors.llm.scripted_model import ScriptedModel  # noqa: E402
from tests.fakellm import FakeLLM  # noqa: E402


class ServerProcess:
    """The fake server in its own process (as a provider would be), so it does not share our GIL."""

    def __init__(self, latency: float):
        self.latency = latency

    @staticmethod
    def _serve(latency: float, conn) -> None:
        with FakeLLM(responder=ScriptedModel(), latency=latency) as server:
            conn.send(server.base_url)
            conn.recv()

    def __enter__(self) -> str:
        ctx = multiprocessing.get_context("fork")
        self._conn, child = ctx.Pipe()
        self._proc = ctx.Process(target=self._serve, args=(self.latency, child), daemon=True)
        self._proc.start()
        return self._conn.recv()

    def __exit__(self, *exc) -> None:
        self._conn.send("stop")
        self._proc.join(timeout=15)


def run(suite, cfg: RunConfig, out: Path, threads: int):
    """(manifest, startup seconds, generation seconds, rounds). Startup is the gateway's creation (litellm's
    import, paid once per run like the gateway actor's start); generation is everything after it."""
    t0 = time.perf_counter()
    LLMGateway.shared(cfg.llm, cfg.budget)  # the engines below share this one
    t1, c1 = time.perf_counter(), time.process_time()
    coord = Coordinator(suite, cfg, out=str(out))
    manifest = run_local(coord, threads=threads)
    t2, c2 = time.perf_counter(), time.process_time()
    LLMGateway.close_shared()
    return manifest, t1 - t0, t2 - t1, coord.progress().round, c2 - c1


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec", default=str(ROOT.parent / "shared" / "specs" / "illustrator.json"))
    ap.add_argument("--latency", type=float, default=0.3)
    ap.add_argument("--concurrency", type=int, default=32)
    args = ap.parse_args()
    suite = load_suite([args.spec])
    with tempfile.TemporaryDirectory() as tmp, ServerProcess(args.latency) as base_url:
        settings = LLMSettings(model="openai/bench", api_base=base_url, concurrency=args.concurrency,
                               cache_path=str(Path(tmp) / "cache.sqlite"), timeout_s=30)
        cfg = RunConfig(engines=EngineSelection(interpret="llm", scenario="llm", mock="llm", expand="llm"), llm=settings)
        threads = args.concurrency + 8
        cold, startup_s, cold_s, rounds, cpu_s = run(suite, cfg, Path(tmp) / "cold", threads)
        stats = httpx.get(base_url.replace("/v1", "/_stats")).json()
        cold_requests, max_in_flight = stats["requests"], stats["max_in_flight"]
        warm, _, warm_s, _, warm_cpu = run(suite, cfg, Path(tmp) / "warm", threads)
        warm_requests = httpx.get(base_url.replace("/v1", "/_stats")).json()["requests"] - cold_requests
    u = cold.usage.total
    covered = max(1, cold.coverage.covered_tools)
    interpret_waves = math.ceil(len(suite.tools) / args.concurrency)
    critical = args.latency * (interpret_waves + rounds + 2)
    ideal = max(cold_requests * args.latency / args.concurrency, critical)
    print(f"spec: {Path(args.spec).name} ({len(suite.tools)} tools), latency {args.latency}s, concurrency {args.concurrency}")
    print(f"startup (gateway + litellm import, once per run): {startup_s:.2f}s")
    print(f"cold: {cold_s:.2f}s wall, {cold_requests} requests, {rounds} rounds, max in flight {max_in_flight}, "
          f"{cold.counts.scenarios} scenarios, coverage {cold.coverage.covered_tools}/{cold.coverage.total_tools}")
    print(f"ideal: {ideal:.2f}s (requests x latency / concurrency = {cold_requests * args.latency / args.concurrency:.2f}s, "
          f"critical path = {critical:.2f}s) -> ratio {cold_s / ideal:.2f}")
    print(f"CPU in this process (pipeline + gateway + litellm): {cpu_s:.2f}s cold = {1000 * cpu_s / cold_requests:.0f} ms "
          f"per request, {warm_cpu:.2f}s warm; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"per covered tool: {cold_requests / covered:.2f} requests, "
          f"{(u.prompt_tokens + u.completion_tokens) / covered:.0f} tokens ({u.prompt_tokens} prompt + {u.completion_tokens} completion in all)")
    print(f"warm cache: {warm_s:.2f}s wall, {warm_requests} requests, {warm.usage.total.cache_hits} cache hits")


if __name__ == "__main__":
    main()
