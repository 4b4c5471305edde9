"""`seer verify`: replay a harness against the real MCP server and measure how much of it holds.

Isolation: every scenario gets a fresh sandbox directory and its own server process, so no
scenario sees what another created (the cost, server start-up per scenario, is measured and
reported). Per scenario: run `--setup`, start the server, establish the preconditions with the
suite's creating tools, then replay the calls in order with paths moved into the sandbox and
invented identifiers replaced by the real ones. A call succeeds when it gets a result without a
protocol error and without `isError`; a failure whose message says something was not found is
counted apart as a missing precondition.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import anyio

from common.files import Harness
from harness.verify_ids import IdMap, counterpart, same_shape_tokens, text_of
from harness.verify_metrics import fidelity
from harness.verify_preconditions import content_text, creator, lister, plan
from harness.verify_report import ALREADY, MISSING, NOT_FOUND, aggregate
from harness.verify_sandbox import PathMap, VerifyError, command_argv, path_parameters, run_setup
from schemas import Scenario, Tool, ToolInterpretation

FILE_NAME = "verification.json"
_KEEP_CHARS = 2000


@dataclass(frozen=True)
class VerifyOptions:
    server: str  # command line; `{sandbox}` is replaced by the scenario's sandbox
    setup: str | None = None  # shell command run in each fresh sandbox before the server starts
    sandbox: Path | None = None  # parent of the per-scenario sandboxes (kept); default: temporary, removed
    timeout: float = 30.0  # seconds for the server to start and for each call
    scenarios: tuple[str, ...] = ()  # only these ids (all when empty)
    limit: int | None = None  # at most this many scenarios, in harness order


@dataclass(frozen=True)
class Outcome:
    ok: bool
    output: Any  # structuredContent when present, else the text of the result
    error: str | None
    failure: str | None  # None | missing_precondition | tool_error | protocol_error


class Suite:
    """What verification needs to know about the harness's tools."""

    def __init__(self, harness: Harness):
        self.tools: dict[str, Tool] = harness.tool_map()
        self.interps: dict[str, ToolInterpretation] = {i.tool: i for i in harness.interpretations}
        self.path_params = {n: path_parameters(self.interps.get(n), t.input_schema) for n, t in self.tools.items()}
        self.context_params = {p.name for i in self.interps.values() for p in i.parameters if p.role.value == "context"}
        self.dir_creator = creator("directory", self.tools, self.interps)
        names = harness.manifest.name_map  # namespaced name -> "spec:original name"
        only = harness.manifest.sources[0].name if len(harness.manifest.sources) == 1 else ""
        self.spec = {n: t.spec or (names[n].split(":", 1)[0] if n in names else only) for n, t in self.tools.items()}
        self.original = {n: t.original_name or (names[n].split(":", 1)[1] if ":" in names.get(n, "") else n)
                         for n, t in self.tools.items()}

    def real_name(self, tool: str) -> str:
        return self.original.get(tool, tool)


def _result_output(result: Any) -> tuple[Any, str]:
    text = "\n".join(getattr(c, "text", "") for c in result.content if getattr(c, "type", "") == "text")
    return (result.structured_content if result.structured_content is not None else text), text


async def _call(client: Any, name: str, arguments: dict[str, Any], timeout: float) -> Outcome:
    from mcp import types

    request = types.CallToolRequest(params=types.CallToolRequestParams(name=name, arguments=arguments))
    try:
        # sent raw: the SDK's call_tool rejects structured content that breaks the outputSchema, and
        # that real output is exactly what fidelity has to measure
        result = await client.session.send_request(request, types.CallToolResult, request_read_timeout_seconds=timeout)
    except Exception as e:  # noqa: BLE001 - a JSON-RPC error, a timeout or a dead server: all are failures
        msg = f"{type(e).__name__}: {e}".strip()
        return Outcome(False, None, msg[:500], MISSING if _missing(msg) else "protocol_error")
    output, text = _result_output(result)
    if result.is_error:
        return Outcome(False, text, text[:500], MISSING if _missing(text) else "tool_error")
    return Outcome(True, output, None, None)


def _missing(message: str) -> bool:
    return bool(NOT_FOUND.search(message))


def _trim(value: Any) -> Any:
    if isinstance(value, str) and len(value) > _KEEP_CHARS:
        return value[:_KEEP_CHARS] + "…"
    if isinstance(value, list):
        return [_trim(v) for v in value[:50]]
    if isinstance(value, dict):
        return {k: _trim(v) for k, v in value.items()}
    return value


class ScenarioRun:
    """One scenario against one fresh server process."""

    def __init__(self, suite: Suite, scenario: Scenario, sandbox: Path, client: Any, timeout: float):
        self.suite, self.scenario, self.client, self.timeout = suite, scenario, client, timeout
        self.paths = PathMap.for_scenario(sandbox, scenario, suite.context_params)
        self.ids = IdMap()
        self.real: dict[int, Any] = {}
        self.kinds = {e.id: e.kind for e in [*scenario.state.preconditions, *scenario.state.entities]}

    async def _send(self, tool: str, arguments: dict[str, Any]) -> tuple[dict[str, Any], Outcome]:
        mapped = self.paths.map_arguments(self.ids.apply(arguments), self.suite.path_params.get(tool, frozenset()))
        await self._ensure_parents(tool, mapped)
        return mapped, await _call(self.client, self.suite.real_name(tool), mapped, self.timeout)

    async def _ensure_parents(self, tool: str, mapped: dict[str, Any]) -> None:
        """A created or moved path's directory is an implied precondition: made with the suite's own tool."""
        interp = self.suite.interps.get(tool)
        maker = self.suite.dir_creator
        if maker is None or interp is None or interp.action.value not in ("create", "update", "transfer"):
            return
        for p in interp.parameters:
            v = mapped.get(p.name)
            if p.role.value in ("identifier", "target") and isinstance(v, str) and p.name in self.suite.path_params[tool]:
                parent = Path(v).parent
                if str(parent).startswith(str(self.paths.sandbox)) and not parent.exists():
                    key = next(iter(self.suite.path_params[maker] or {"path"}))
                    await _call(self.client, self.suite.real_name(maker), {key: str(parent)}, self.timeout)

    async def preconditions(self) -> list[dict[str, Any]]:
        done = []
        for step in plan(self.scenario, self.suite.tools, self.suite.interps):
            rec: dict[str, Any] = {"kind": step.entity.kind, "id": step.entity.id, "tool": step.tool}
            if step.tool is None:
                rec.update(ok=False, error=step.reason)
            else:
                _, out = await self._send(step.tool, step.arguments)
                existed = not out.ok and bool(ALREADY.search(out.error or ""))
                rec.update(ok=out.ok or existed, error=None if existed else out.error)
                if existed:
                    rec["via"] = "already there"
                elif out.ok:
                    self._learn(step.entity.id, counterpart(step.entity.id, "", out.output, kind=step.entity.kind))
            if not rec["ok"] and step.tool is None and self._write_into_sandbox(step.entity):
                rec.update(ok=True, error=None, via="written into the sandbox")
            if not rec["ok"] and await self._existing(step.entity, step.arguments):
                rec.update(ok=True, error=None, via="mapped onto an existing one")
            done.append(rec)
        return done

    def _write_into_sandbox(self, entity: Any) -> bool:
        """A file or directory no tool of the suite can make (git has no tool that writes files) is put
        into the sandbox directly, as a setup step would: it is plain local state the server reads."""
        if entity.kind not in ("file", "directory", "folder"):
            return False
        path = Path(self.paths.real(entity.id))
        if not str(path).startswith(str(self.paths.sandbox)):
            return False
        if entity.kind == "file":
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.exists():
                path.write_text(content_text(entity), encoding="utf-8")
        else:
            path.mkdir(parents=True, exist_ok=True)
        return True

    async def _existing(self, entity: Any, shared: dict[str, Any]) -> bool:
        """An entity that cannot be created (a commit with nothing staged) stands for one the suite's list
        tool shows, e.g. a commit of the `--setup` history, when its id has a recognisable shape."""
        name = lister(entity.kind, self.suite.tools, self.suite.interps)
        if name is None:
            return False
        props = self.suite.tools[name].input_schema.get("properties") or {}
        context = {**self.scenario.state.context, **{k: v for k, v in shared.items() if k in self.suite.context_params}}
        _, out = await self._send(name, {k: v for k, v in context.items() if k in props})
        taken = set(self.ids.known.values())
        free = [t for t in same_shape_tokens(entity.id, text_of(out.output), entity.kind) if t not in taken] if out.ok else []
        if not free:
            return False
        self.ids.learn(entity.id, free[0])
        return True

    def _learn_sources(self, index: int) -> None:
        call = self.scenario.calls[index]
        producers = dict(call.sources)
        for e in self.scenario.state.entities:  # an argument naming an entity an earlier call created
            if e.created_by is not None and e.created_by < index:
                for k, v in call.arguments.items():
                    if v == e.id or (isinstance(v, list) and e.id in v):
                        producers.setdefault(k, e.created_by)
        for arg, j in producers.items():
            if j not in self.real or arg not in call.arguments:
                continue
            values = call.arguments[arg] if isinstance(call.arguments[arg], list) else [call.arguments[arg]]
            for v in values:
                if isinstance(v, (str, int)) and not isinstance(v, bool) and v not in self.ids.known:
                    mock = self.scenario.calls[j].output
                    self._learn(v, counterpart(str(v), mock, self.real[j], kind=self.kinds.get(str(v))))

    def _learn(self, value: str | int, real: str | None) -> None:
        """Learns a real counterpart, unless it is the sandbox path the value maps to anyway (a real
        output names paths inside the sandbox; learning one would put the sandbox in front twice)."""
        if real is not None and isinstance(value, str) and value.startswith("/") and self.paths.holds(value, real):
            return
        self.ids.learn(value, real)

    async def replay(self) -> list[dict[str, Any]]:
        records = []
        for i, call in enumerate(self.scenario.calls):
            self._learn_sources(i)
            sent, out = await self._send(call.tool, call.arguments)
            rec: dict[str, Any] = {"index": i, "tool": call.tool, "arguments": _trim(sent), "ok": out.ok,
                                   "failure": out.failure, "error": out.error}
            if out.ok:
                self.real[i] = out.output
                tool = self.suite.tools.get(call.tool)
                real = self.paths.imagined(out.output) if isinstance(out.output, str) else out.output
                rec["fidelity"] = fidelity(call.output, _unsandbox(real, self.paths), tool.output_schema if tool else None)
                rec["real_output"] = _trim(out.output)
            records.append(rec)
        return records


def _unsandbox(value: Any, paths: PathMap) -> Any:
    if isinstance(value, str):
        return paths.imagined(value)
    if isinstance(value, list):
        return [_unsandbox(v, paths) for v in value]
    if isinstance(value, dict):
        return {k: _unsandbox(v, paths) for k, v in value.items()}
    return value


async def _verify_all(suite: Suite, scenarios: list[Scenario], options: VerifyOptions,
                      progress: Callable[[dict[str, Any]], None] | None) -> list[dict[str, Any]]:
    results = []
    for n, scenario in enumerate(scenarios):
        sandbox, temporary = _sandbox_for(options, scenario.id)
        try:
            rec = await verify_scenario(suite, scenario, options, sandbox)
        finally:
            if temporary:
                shutil.rmtree(sandbox, ignore_errors=True)
        if not temporary:
            rec["sandbox"] = str(sandbox)
        if n == 0 and rec["error"] and "startup_seconds" not in rec and not rec["error"].startswith("--setup"):
            raise VerifyError(rec["error"])  # the server cannot even start: no point going on
        results.append(rec)
        if progress:
            progress(rec)
    return results


async def verify_scenario(suite: Suite, scenario: Scenario, options: VerifyOptions, sandbox: Path) -> dict[str, Any]:
    from specs.live import stdio_client_for

    rec: dict[str, Any] = {"id": scenario.id, "complexity": scenario.complexity, "specs": scenario.specs,
                           "error": None, "preconditions": [], "calls": []}
    started = time.perf_counter()
    if options.setup:
        problem = await anyio.to_thread.run_sync(run_setup, options.setup, sandbox, options.timeout)
        if problem:
            rec.update(error=f"--setup: {problem}", seconds=round(time.perf_counter() - started, 3), completed=False)
            return rec
    argv = command_argv(options.server, sandbox, "--server")
    budget = options.timeout * (len(scenario.calls) + len(scenario.state.preconditions) + 2)
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8", errors="replace") as errlog:
        try:
            with anyio.fail_after(budget):
                async with stdio_client_for(argv, options.timeout, errlog, cwd=str(sandbox)) as client:
                    rec["startup_seconds"] = round(time.perf_counter() - started, 3)
                    run = ScenarioRun(suite, scenario, sandbox, client, options.timeout)
                    rec["preconditions"] = await run.preconditions()
                    rec["calls"] = await run.replay()
        except BaseException as e:  # noqa: BLE001 - the server died or never started: one line, named
            leaf = e
            while isinstance(leaf, BaseExceptionGroup) and leaf.exceptions:
                leaf = leaf.exceptions[0]
            if isinstance(leaf, (KeyboardInterrupt, anyio.get_cancelled_exc_class())) and not isinstance(leaf, TimeoutError):
                raise
            errlog.seek(0)
            tail = [ln for ln in errlog.read()[-2000:].splitlines() if ln.strip()][-1:]
            rec["error"] = f"server {options.server!r}: {type(leaf).__name__}: {leaf}" + (f" (stderr: {tail[0][:200]})" if tail else "")
    rec["seconds"] = round(time.perf_counter() - started, 3)
    rec["completed"] = rec["error"] is None and all(c["ok"] for c in rec["calls"])
    return rec


def _sandbox_for(options: VerifyOptions, scenario_id: str) -> tuple[Path, bool]:
    if options.sandbox is None:
        return Path(tempfile.mkdtemp(prefix=f"seer-verify-{scenario_id}-")).resolve(), True
    path = (options.sandbox / scenario_id).resolve()
    if path.exists() and any(path.iterdir()):
        raise VerifyError(f"--sandbox {options.sandbox}: {path} is not empty (give a new or empty directory)")
    path.mkdir(parents=True, exist_ok=True)
    return path, False


def choose(harness: Harness, options: VerifyOptions) -> list[Scenario]:
    chosen = [s for s in harness.scenarios if not options.scenarios or s.id in options.scenarios]
    missing = set(options.scenarios) - {s.id for s in chosen}
    if missing:
        raise VerifyError(f"{harness.root}: no scenario with id {sorted(missing)[0]!r}")
    return chosen[: options.limit] if options.limit is not None else chosen


def verify_harness(harness: Harness, options: VerifyOptions,
                   progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Replay every chosen scenario; the verification report (what verification.json holds)."""
    suite = Suite(harness)
    scenarios = choose(harness, options)
    started = time.perf_counter()
    # One event loop for the whole run, not one per scenario: inside it Ctrl-C is a cancellation (the server
    # is stopped and the temporary sandbox removed); between two loops it would hit whatever ran there.
    results = anyio.run(_verify_all, suite, scenarios, options, progress)
    return aggregate(harness, options.server, options.setup, results, suite.spec,
                     seconds=round(time.perf_counter() - started, 3))
