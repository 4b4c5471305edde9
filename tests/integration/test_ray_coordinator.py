"""The coordinator on a real local Ray instance: determinism across worker counts, a killed worker."""

from __future__ import annotations

import os
import time

import pytest

os.environ.setdefault("RAY_AUTH_MODE", "disabled")

import tests.coordinator.engines  # noqa: E402,F401  (registers the test engines)
from actors import ray_runtime, ray_start  # noqa: E402
from actors.local import run_local  # noqa: E402
from coordinator.coordinator import Coordinator  # noqa: E402
from schemas import RunConfig  # noqa: E402
from specs import load_suite  # noqa: E402
from tests.conftest import EXAMPLES  # noqa: E402
from tests.coordinator.helpers import harness_bytes  # noqa: E402

SUITE = load_suite([EXAMPLES / "filesystem.json"])


@pytest.fixture(scope="module")
def ray_local(tmp_path_factory):
    markers = tmp_path_factory.mktemp("markers")
    os.environ["SEER_TEST_MARKERS"] = str(markers)  # inherited by the worker processes of a Ray started now
    ray_start.shutdown()  # a Ray left by another module would not have the variable
    # 4 logical CPUs (Ray does not pin them to cores) so that a stage may run 2 worker processes.
    ray_start.init(num_cpus=4, object_store_memory=80 * 1024 * 1024)
    yield markers
    ray_start.shutdown()


def test_harness_is_the_same_with_one_or_four_workers_threaded_or_not_and_without_ray(ray_local, tmp_path):
    cfg = RunConfig(seed=5, min_per_tool=2, batch_size=8)
    # Four workers as two processes of two threads each: parallel across and within processes.
    four = cfg.model_copy(update={"workers": cfg.workers.model_copy(update={"scenario": 4, "mock": 4, "per_actor": 2})})
    m1 = ray_runtime.run_ray(SUITE, cfg, str(tmp_path / "one"))
    m4 = ray_runtime.run_ray(SUITE, four, str(tmp_path / "four"))
    run_local(Coordinator(SUITE, cfg, out=str(tmp_path / "local")))
    assert m1.coverage.ratio == 1.0 and m1.counts.scenarios >= 8 and not m1.partial
    assert m4 == m1
    ref = harness_bytes(tmp_path / "local")
    assert harness_bytes(tmp_path / "one") == ref
    assert harness_bytes(tmp_path / "four") == ref


def test_a_worker_killed_mid_call_is_restarted_and_the_run_ends_as_an_undisturbed_one(ray_local, tmp_path):
    markers = ray_local
    cfg = RunConfig.model_validate({"seed": 2, "batch_size": 8, "engines": {"mock": "blocking-offline"},
                                    "workers": {"mock": 1}})
    (markers / "killed").touch()  # the reference run does not block
    run_local(Coordinator(SUITE, cfg, out=str(tmp_path / "undisturbed")))
    (markers / "killed").unlink()

    host = ray_runtime.start_host(SUITE, cfg, str(tmp_path / "killed"))
    done = host.run.remote()
    deadline = time.monotonic() + 120
    while not (markers / "started").exists():
        assert time.monotonic() < deadline, "the mock worker never reached the blocking call"
        time.sleep(0.05)
    import ray

    [worker] = ray.get(host.workers.remote("mock"))
    pid_before = int((markers / "started").read_text())
    (markers / "killed").touch()
    ray.kill(worker, no_restart=False)
    result = ray.get(done, timeout=180)
    assert "manifest" in result
    assert ray.get(worker.__ray_call__.remote(lambda self: os.getpid())) != pid_before  # a new process
    assert not [f for f in result["manifest"]["failures"] if f["stage"] == "mock"]
    # workers settle their start-up heap (gc.freeze) so that full collections do not pause the run
    scenario_worker = ray.get(host.workers.remote("scenario"))[0]
    assert ray.get(scenario_worker.__ray_call__.remote(lambda self: __import__("gc").get_freeze_count())) > 10_000
    assert harness_bytes(tmp_path / "killed") == harness_bytes(tmp_path / "undisturbed")


def test_a_local_instance_runs_without_rays_per_call_observability(ray_local):
    import ray

    @ray.remote(num_cpus=0)
    def settings() -> dict:
        return {name: os.environ.get(name) for name in ray_start._LOCAL_RAY_SETTINGS}

    # the workers (and the raylet that starts them) inherit what ray_start.init set before starting Ray
    assert ray.get(settings.remote()) == {name: "0" for name in ray_start._LOCAL_RAY_SETTINGS}
