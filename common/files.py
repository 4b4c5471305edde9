"""Reading and writing harness directories (the format in README "Harness format")."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, TypeVar

from pydantic import BaseModel, ValidationError

from schemas import Manifest, Scenario, Task, Tool, ToolInterpretation
from schemas.errors import SeerError

MANIFEST = "manifest.json"
TOOLS = "tools.json"
INTERPRETATIONS = "interpretations.jsonl"
SCENARIOS = "scenarios.jsonl"
TASKS = "tasks.jsonl"
RUN_DIR = ".seer-run"  # a generation's journal while it runs; its presence means the run has not finished
REPEATS = "repeats.json"  # `seer run --repeat K`: the K run directories beneath it, in order


M = TypeVar("M", bound=BaseModel)


class HarnessError(SeerError):
    """A harness directory is missing a file or holds an invalid one; the message names which."""


def write_json(path: Path, data: object) -> None:
    """Write JSON atomically: readers never see a half-written file."""
    write_text(path, json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n")


def write_jsonl(path: Path, items: Iterable[BaseModel]) -> None:
    with _replacing(path) as tmp, tmp.open("w", encoding="utf-8") as f:
        for item in items:
            f.write(item.model_dump_json(by_alias=True) + "\n")


def write_text(path: Path, text: str) -> None:
    """Write a text file atomically (the old file, or none, until the new one is complete)."""
    with _replacing(path) as tmp:
        tmp.write_text(text, encoding="utf-8")


def write_bytes(path: Path, data: bytes) -> None:
    with _replacing(path) as tmp:
        tmp.write_bytes(data)


@contextlib.contextmanager
def _replacing(path: Path) -> Iterator[Path]:
    """A temporary file beside `path` that replaces it when the block ends; removed if the block fails
    (an error or Ctrl-C mid-write leaves the old file, or none, and no stray temporary)."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        yield tmp
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


class InterruptedAfterWriting(KeyboardInterrupt):
    """Ctrl-C arrived while a set of outputs was being written; all of them were written first."""


@contextlib.contextmanager
def sigint_recorded() -> Iterator[list[int]]:
    """Hold Ctrl-C for the block: a SIGINT arriving meanwhile is appended to the yielded list, not raised.
    Only the main thread receives signals; elsewhere nothing is held and the list stays empty."""
    if threading.current_thread() is not threading.main_thread():
        yield []
        return
    hits: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: hits.append(signum))
    try:
        yield hits
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler if previous is None else previous)


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C while a set of output files is replaced; raise it (InterruptedAfterWriting) once they all are.

    Each file is replaced atomically, but a Ctrl-C between two of them would leave a mixed set (new
    scores beside an old summary). Replacing files takes milliseconds, so the interrupt waits that long.
    """
    with sigint_recorded() as hits:
        yield
    if hits:
        raise InterruptedAfterWriting


def append_jsonl(path: Path, item: BaseModel, *, sync: bool = True) -> None:
    """Append one line and (by default) fsync, so a crash right after loses nothing."""
    try:
        line = item.model_dump_json(by_alias=True)
    except ValueError:  # a string no UTF-8 holds (an unpaired surrogate a client sent): U+FFFD in its place
        text = json.dumps(item.model_dump(mode="json", by_alias=True), ensure_ascii=False, separators=(",", ":"))
        line = re.sub("[\ud800-\udfff]", "\ufffd", text)
    with path.open("a", encoding="utf-8") as f:
        f.write(line + "\n")
        if sync:
            f.flush()
            os.fsync(f.fileno())


def read_text(path: Path) -> str:
    """The file as UTF-8 text; an unreadable or binary file is a HarnessError naming it, not a traceback."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as e:
        raise HarnessError(f"{path}: not UTF-8 text (byte {e.start}: {e.reason})") from None
    except OSError as e:
        raise HarnessError(f"{path}: cannot read: {e.strerror or e}") from None


def iter_jsonl(path: Path, *, tolerate_torn_tail: bool = False) -> Iterator[tuple[int, dict]]:
    """Yield (line number, object). A torn last line (crash mid-write) is skipped when tolerated."""
    lines = read_text(path).split("\n")
    last = len(lines) - 1
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            if tolerate_torn_tail and i == last:
                return
            raise HarnessError(f"{path}:{i + 1}: not valid JSON: {e.msg}") from None
        if not isinstance(obj, dict):
            raise HarnessError(f"{path}:{i + 1}: expected a JSON object, got {type(obj).__name__}")
        yield i + 1, obj


def load_models(path: Path, model: type[M], *, tolerate_torn_tail: bool = False) -> list[M]:
    """Every line of a JSONL file as `model`; an invalid line raises HarnessError naming file, line and field."""
    out = []
    for lineno, obj in iter_jsonl(path, tolerate_torn_tail=tolerate_torn_tail):
        try:
            out.append(model.model_validate(obj))
        except ValidationError as e:
            err = e.errors()[0]
            where = ".".join(str(x) for x in err["loc"])
            raise HarnessError(f"{path}:{lineno}: {where}: {err['msg']}") from None
    return out


@dataclass
class Harness:
    root: Path
    manifest: Manifest
    tools: list[Tool]
    interpretations: list[ToolInterpretation]
    scenarios: list[Scenario]
    tasks: list[Task]

    def partial_warning(self) -> str | None:
        """A line for stderr when generation did not finish: scores on such a harness cover only part of it."""
        if not self.manifest.partial:
            return None
        return (f"warning: {self.root} is a partial harness (generation stopped: "
                f"{self.manifest.stop_reason or 'unfinished'}); only its {len(self.scenarios)} finished scenarios are "
                "used; finish it with `seer generate ... --resume`")

    def tool_map(self) -> dict[str, Tool]:
        return {t.name: t for t in self.tools}

    def scenario(self, scenario_id: str) -> Scenario:
        for s in self.scenarios:
            if s.id == scenario_id:
                return s
        raise KeyError(scenario_id)


def load_harness(root: str | Path, *, tolerate_torn_tail: bool = True) -> Harness:
    """Load a harness directory; raises HarnessError naming the file and line of any problem."""
    root = Path(root)
    if not root.is_dir():
        raise HarnessError(f"{root}: not a harness directory")
    for name in (MANIFEST, TOOLS, SCENARIOS):
        if not (root / name).is_file():
            raise HarnessError(f"{root / name}: missing")
    try:
        manifest = Manifest.model_validate_json(read_text(root / MANIFEST))
    except ValidationError as e:
        err = e.errors()[0]
        where = "".join(f"{x}: " for x in [".".join(str(x) for x in err["loc"])] if x)
        raise HarnessError(f"{root / MANIFEST}: {where}{err['msg']}") from None
    try:
        tools_doc = json.loads(read_text(root / TOOLS))
        tools = [Tool.model_validate(t) for t in tools_doc["tools"]]
    except (json.JSONDecodeError, KeyError, TypeError, ValidationError) as e:
        raise HarnessError(f"{root / TOOLS}: invalid tools/list document: {str(e).splitlines()[0]}") from None
    interp_path = root / INTERPRETATIONS
    interpretations = load_models(interp_path, ToolInterpretation) if interp_path.exists() else []
    scenarios = load_models(root / SCENARIOS, Scenario, tolerate_torn_tail=tolerate_torn_tail)
    tasks_path = root / TASKS
    tasks = load_models(tasks_path, Task, tolerate_torn_tail=tolerate_torn_tail) if tasks_path.exists() else []
    return Harness(root, manifest, tools, interpretations, scenarios, tasks)
