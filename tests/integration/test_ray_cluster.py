"""A two-node Ray cluster on one machine: worker actors spread over both nodes, the coordinator stays on the driver's."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("RAY_AUTH_MODE", "disabled")

from coordinator import runtime  # noqa: E402
from coordinator.coordinator import Coordinator  # noqa: E402
from coordinator.pipeline import run_local  # noqa: E402
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
    host = runtime.start_host(suite, cfg, str(tmp_path / "cluster"))
    manifest = runtime.run_ray(suite, cfg, str(tmp_path / "cluster"), host=host)
    placement = ray.get(host.placement.remote())
    assert manifest.coverage.ratio == 1.0
    nodes = {node for per in placement.values() for node, calls in per.items() if calls}
    assert nodes == {head, second}, placement
    assert placement["scenario"].get(second, 0) > 0 or placement["mock"].get(second, 0) > 0
    assert ray.get(host.__ray_call__.remote(lambda self: ray.get_runtime_context().get_node_id())) == head
    run_local(Coordinator(suite, cfg, out=str(tmp_path / "local")))
    assert harness_bytes(tmp_path / "cluster") == harness_bytes(tmp_path / "local")
