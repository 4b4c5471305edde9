"""Checkpoint and resume: the harness directory doubles as the journal of a running generation.

While a run is going, every finished scenario is appended (fsync'ed) to scenarios.jsonl as it
completes, then one line per finished request goes to `.seer-run/journal.jsonl` (which tools
the written scenario used, whether it was kept, its failures and usage). manifest.json says
`partial: true` from the start. A crash therefore leaves a loadable partial harness, and
`--resume` replays the journal: finished requests are not redone, unfinished ones are, and the
final harness is the one an uninterrupted run writes. The journal is removed when a run completes.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import Field

from common.files import (
    INTERPRETATIONS, MANIFEST, RUN_DIR, SCENARIOS, TASKS, TOOLS, append_jsonl, iter_jsonl, write_json, write_jsonl,
)
from schemas import Failure, Manifest, Scenario, StageUsage, Task, ToolInterpretation, ToolSuite
from schemas._base import Contract
from schemas.errors import SeerError

JOURNAL = "journal.jsonl"
RUN_META = "run.json"
INTERPRETED = "interpreted.json"
HARNESS_FILES = (MANIFEST, TOOLS, INTERPRETATIONS, SCENARIOS, TASKS)


class ResumeError(SeerError):
    """The output directory cannot be written to or resumed from; the message says why."""


class Record(Contract):
    """One finished request in the journal."""

    index: int
    id: str
    written: list[str] | None = Field(default=None, description="Tools the written scenario called; null if writing failed.")
    reached: dict[str, list[str]] | None = Field(
        default=None, description="The written scenario's part of each coverage dimension (coordinator/dimensions.py).")
    kept: bool = False
    failures: list[Failure] = Field(default_factory=list)
    usage: dict[str, StageUsage] = Field(default_factory=dict)


class Interpreted(Contract):
    failures: list[Failure] = Field(default_factory=list)
    usage: StageUsage = Field(default_factory=StageUsage)


@dataclass
class Restored:
    """What a previous, interrupted run of the same configuration had finished."""

    interpretations: list[ToolInterpretation] | None = None
    interpreted: Interpreted | None = None
    records: dict[int, Record] = field(default_factory=dict)
    scenarios: dict[str, Scenario] = field(default_factory=dict)


def fingerprint(suite: ToolSuite, settings: dict) -> str:
    """What must not change between a run and its resumption: the specs and the generation settings."""
    doc = {"sources": sorted(s.sha256 for s in suite.sources), "tools": [t.name for t in suite.tools], **settings}
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()


class Checkpoint:
    def __init__(self, out: str | Path):
        self.out = Path(out)
        self.run_dir = self.out / RUN_DIR

    # -- opening -------------------------------------------------------------------------------
    def claim(self, fp: str, *, force: bool) -> None:
        """Before a fresh run into `out`: a harness there made from other specs or settings, or another
        run's unfinished work, is someone's result and is not replaced without `force`; with it, both are
        cleared (files that are no part of a harness are never touched). The same run's own harness is
        simply written again."""
        if not self.out.is_dir():
            return
        if force:
            shutil.rmtree(self.run_dir, ignore_errors=True)
            self._clear()
            return
        manifest = self.out / MANIFEST
        if self.run_dir.exists() or not manifest.is_file():
            return  # open() says what to do with an unfinished run
        try:
            previous = json.loads(manifest.read_text(encoding="utf-8"))["generator"]["run_id"]
        except (OSError, ValueError, KeyError, TypeError):
            previous = None
        if previous != "run-" + fp[:12]:
            made = f" ({previous})" if previous else ""
            raise ResumeError(f"{self.out}: holds a harness made from other specs or settings{made}; "
                              "pass --force to replace it or choose another --out")

    def open(self, fp: str, *, resume: bool) -> Restored:
        """Prepare the directory; with `resume`, return what the interrupted run had finished."""
        if self.run_dir.is_dir() and not (self.run_dir / RUN_META).exists():
            # Interrupted between making its journal directory and recording its fingerprint: it did nothing
            # yet, so a fresh start is what both a resume and a new run of it amount to.
            shutil.rmtree(self.run_dir, ignore_errors=True)
            resume = False  # (the fresh start below clears what harness files there are)
        if resume:
            return self._restore(fp)
        if self.out.exists():
            if not self.out.is_dir():
                raise ResumeError(f"{self.out}: exists and is not a directory")
            if self.run_dir.exists():
                raise ResumeError(f"{self.out}: holds an unfinished run; pass --resume to continue it, --force to "
                                  "replace it, or choose another --out")
            foreign = sorted(p.name for p in self.out.iterdir() if p.name.removesuffix(".tmp") not in HARNESS_FILES)
            if foreign:
                raise ResumeError(f"{self.out}: not empty and not a harness (has {foreign[0]}); choose another --out")
            self._clear()
        self.run_dir.mkdir(parents=True, exist_ok=True)
        write_json(self.run_dir / RUN_META, {"fingerprint": fp})
        (self.out / SCENARIOS).touch()
        return Restored()

    def _clear(self) -> None:
        """Remove the harness files (and a temporary one that a kill left mid-write), nothing else."""
        for name in HARNESS_FILES:
            (self.out / name).unlink(missing_ok=True)
            (self.out / f"{name}.tmp").unlink(missing_ok=True)

    def _restore(self, fp: str) -> Restored:
        meta_path = self.run_dir / RUN_META
        if not meta_path.is_file():
            if (self.out / MANIFEST).is_file():
                raise ResumeError(f"{self.out}: the run there already finished; nothing to resume")
            raise ResumeError(f"{self.out}: no interrupted run to resume ({meta_path} missing)")
        try:
            previous = json.loads(meta_path.read_text(encoding="utf-8"))["fingerprint"]
        except (OSError, ValueError, KeyError):
            raise ResumeError(f"{meta_path}: unreadable run metadata") from None
        if previous != fp:
            raise ResumeError(f"{self.out}: was started with other specs or generation settings; resume with the same ones")
        restored = Restored()
        interp = self.run_dir / INTERPRETED
        if interp.is_file():
            restored.interpreted = Interpreted.model_validate_json(interp.read_text(encoding="utf-8"))
            restored.interpretations = [
                ToolInterpretation.model_validate(o) for _, o in iter_jsonl(self.out / INTERPRETATIONS)
            ]
        scen_path = self.out / SCENARIOS
        if scen_path.is_file():
            for _, obj in iter_jsonl(scen_path, tolerate_torn_tail=True):
                s = Scenario.model_validate(obj)
                restored.scenarios[s.id] = s
        journal = self.run_dir / JOURNAL
        if journal.is_file():
            for _, obj in iter_jsonl(journal, tolerate_torn_tail=True):
                rec = Record.model_validate(obj)
                # A kept record whose scenario line was lost (torn) is redone, not half-restored.
                if not rec.kept or rec.id in restored.scenarios:
                    restored.records[rec.index] = rec
        # Rewrite both files without a torn tail so that later appends start on a fresh line.
        write_jsonl(scen_path, [restored.scenarios[r.id] for _, r in sorted(restored.records.items()) if r.kept])
        write_jsonl(journal, [r for _, r in sorted(restored.records.items())])
        return restored

    # -- during the run ------------------------------------------------------------------------
    def begin(self, suite: ToolSuite) -> None:
        """Make the directory a loadable (partial) harness from the first moment."""
        write_json(self.out / TOOLS, suite.tools_list())

    def save_interpretations(self, interpretations: list[ToolInterpretation], done: Interpreted) -> None:
        write_jsonl(self.out / INTERPRETATIONS, interpretations)
        write_json(self.run_dir / INTERPRETED, done.model_dump(mode="json"))

    def append(self, record: Record, scenario: Scenario | None) -> None:
        if scenario is not None:
            append_jsonl(self.out / SCENARIOS, scenario)
        append_jsonl(self.run_dir / JOURNAL, record)

    def write_manifest(self, manifest: Manifest) -> None:
        write_json(self.out / MANIFEST, manifest.model_dump(mode="json", by_alias=True))

    # -- the end -------------------------------------------------------------------------------
    def finish(self, suite: ToolSuite, scenarios: list[Scenario], manifest: Manifest) -> None:
        """Write the harness in request order; a complete run also drops its journal."""
        write_json(self.out / TOOLS, suite.tools_list())
        write_jsonl(self.out / SCENARIOS, scenarios)
        write_jsonl(self.out / TASKS, [Task.from_scenario(s) for s in scenarios])
        self.write_manifest(manifest)
        if not manifest.partial:
            shutil.rmtree(self.run_dir, ignore_errors=True)
