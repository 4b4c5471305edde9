"""A two-node Ray cluster on one machine: worker actors spread over both nodes, the coordinator stays on the driver's."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("RAY_AUTH_MODE", "disabled")

from actors import ray_runtime  # noqa: E402
from actors.local import run_local  # noqa: E402
from coordinator.coordinator import Coordinator  # noqa: E402
from schemas import RunConfig  # noqa: E402
from specs import load_suite  # noqa: E402
from tests.conftest import EXAMPLES  # noqa: E402
from tests.coordinator.helpers import harness_bytes  # noqa: E402


@pytest.fixture(scope="module")
def two_nodes():
    import ray
    from ray.cluster_utils import Cluster

    if ray.is_initialized():
        ray.shutdown()
    cluster = Cluster(initialize_head=True, head_node_args={
        "num_cpus": 1, "object_store_memory": 80 * 1024 * 1024, "include_dashboard": False})
    second = cluster.add_node(num_cpus=1, object_store_memory=80 * 1024 * 1024)
    ray.init(address=cluster.address, include_dashboard=False, log_to_driver=False)
    cluster.wait_for_nodes()
    yield cluster.head_node.node_id, second.node_id
    ray.shutdown()
    cluster.shutdown()


def test_work_is_placed_on_the_second_node_and_the_harness_is_unchanged(two_nodes, tmp_path):
    import ray

    head, second = two_nodes
    suite = load_suite([EXAMPLES / "filesystem.json"])
    cfg = RunConfig.model_validate({"seed": 1, "batch_size": 8, "workers": {"scenario": 2, "mock": 2}})
    host = ray_runtime.start_host(suite, cfg, str(tmp_path / "cluster"))
    manifest = ray_runtime.run_ray(suite, cfg, str(tmp_path / "cluster"), host=host)
    placement = ray.get(host.placement.remote())
    assert manifest.coverage.ratio == 1.0
    nodes = {node for per in placement.values() for node, calls in per.items() if calls}
    assert nodes == {head, second}, placement
    assert placement["scenario"].get(second, 0) > 0 or placement["mock"].get(second, 0) > 0
    assert ray.get(host.__ray_call__.remote(lambda self: ray.get_runtime_context().get_node_id())) == head
    run_local(Coordinator(suite, cfg, out=str(tmp_path / "local")))
    assert harness_bytes(tmp_path / "cluster") == harness_bytes(tmp_path / "local")


def test_seer_generate_on_the_cluster_says_which_node_ran_what(two_nodes, tmp_path):
    """`seer generate --address` against the running cluster: the summary names both nodes and the stage
    calls each one's workers finished, and the harness is the one an in-process run writes."""
    import json
    import subprocess
    import sys

    import ray

    head, second = two_nodes
    address = ray.get_runtime_context().gcs_address
    spec = EXAMPLES / "filesystem.json"
    cmd = [sys.executable, "-m", "cli", "generate", str(spec), "--no-progress", "--seed", "2"]
    done = subprocess.run([*cmd, "--out", str(tmp_path / "cluster"), "--address", address, "--json"],
                          capture_output=True, text=True, timeout=300, env={**os.environ, "RAY_AUTH_MODE": "disabled"})
    assert done.returncode == 0, done.stderr[-800:]
    nodes = json.loads(done.stdout)["nodes"]
    assert set(nodes) == {head, second}, nodes
    assert all(sum(per.values()) > 0 for per in nodes.values()), nodes
    assert sum(nodes[n].get("scenario", 0) for n in nodes) >= json.loads(done.stdout)["counts"]["scenarios"]
    local = subprocess.run([*cmd, "--out", str(tmp_path / "local"), "--in-process", "--json"],
                           capture_output=True, text=True, timeout=300)
    assert local.returncode == 0 and "nodes" not in json.loads(local.stdout)
    assert harness_bytes(tmp_path / "cluster") == harness_bytes(tmp_path / "local")
