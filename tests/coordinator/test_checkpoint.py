import json
from collections import deque

import pytest

import tests.coordinator.engines  # noqa: F401
from actors.local import run_local
from actors.stage import StageWorker, stage_context
from common.files import load_harness
from coordinator.checkpoint import ResumeError
from coordinator.coordinator import Coordinator
from engines.registry import factory
from tests.coordinator.engines import make_suite
from tests.coordinator.helpers import config, harness_bytes

SUITE = make_suite(30)
CFG = config(seed=3, min_per_tool=2)


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = tmp_path_factory.mktemp("ref") / "h"
    run_local(Coordinator(SUITE, CFG, out=str(out)))
    return harness_bytes(out)


def crash_after(out, steps: int, tear: bool) -> None:
    """Run `steps` stage calls, then stop dead as a SIGKILL would: no final write, maybe a torn line."""
    coord = Coordinator(SUITE, CFG, out=str(out))
    ready = deque(coord.start())
    workers = {}
    for _ in range(steps):
        t = ready.popleft()
        w = workers.get(t.stage) or workers.setdefault(
            t.stage, StageWorker(t.stage, factory(t.stage, "fake"), stage_context(coord, t.stage)))
        ready.extend(coord.on_done(t, w.run(t.payload)))
    if tear:
        with (out / "scenarios.jsonl").open("a") as f:
            f.write('{"id": "scn-9')


@pytest.mark.parametrize("steps,tear", [(10, False), (75, True), (140, True)])
def test_a_crashed_run_leaves_a_partial_harness_and_resumes_to_the_uninterrupted_result(tmp_path, reference, steps, tear):
    out = tmp_path / "h"
    crash_after(out, steps, tear)
    assert json.loads((out / "manifest.json").read_text())["partial"] is True
    partial = load_harness(out)  # a valid harness, torn tail and all
    assert len(partial.scenarios) < reference["scenarios.jsonl"].count(b"\n")
    run_local(Coordinator(SUITE, CFG, out=str(out), resume=True))
    assert harness_bytes(out) == reference


def test_an_interrupt_writes_a_sorted_partial_harness_that_resumes(tmp_path, reference):
    out = tmp_path / "h"
    seen = []

    def interrupt(progress):
        seen.append(progress)
        if progress.kept >= 9:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_local(Coordinator(SUITE, CFG, out=str(out)), on_progress=interrupt)
    h = load_harness(out)
    assert h.manifest.partial and h.manifest.stop_reason == "interrupted"
    assert [s.id for s in h.scenarios] == sorted(s.id for s in h.scenarios) == [t.id for t in h.tasks]
    assert len(h.scenarios) >= 9
    run_local(Coordinator(SUITE, CFG, out=str(out), resume=True))
    assert harness_bytes(out) == reference


def test_resume_refuses_other_settings_and_a_finished_run(tmp_path):
    out = tmp_path / "h"
    crash_after(out, 40, False)
    with pytest.raises(ResumeError, match="other specs or generation settings"):
        Coordinator(SUITE, config(seed=4, min_per_tool=2), out=str(out), resume=True)
    with pytest.raises(ResumeError, match="unfinished run; pass --resume"):
        Coordinator(SUITE, CFG, out=str(out))
    run_local(Coordinator(SUITE, CFG, out=str(out), resume=True))
    with pytest.raises(ResumeError, match="already finished"):
        Coordinator(SUITE, CFG, out=str(out), resume=True)


def test_a_directory_holding_other_files_is_not_overwritten(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(ResumeError, match="notes.txt"):
        Coordinator(SUITE, CFG, out=str(tmp_path))
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_a_finished_harness_can_be_regenerated_in_place(tmp_path, reference):
    out = tmp_path / "h"
    run_local(Coordinator(SUITE, CFG, out=str(out)))
    run_local(Coordinator(SUITE, CFG, out=str(out)))
    assert harness_bytes(out) == reference
