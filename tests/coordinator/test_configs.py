from pathlib import Path

import pytest

from coordinator.samplers import STRATEGIES
from schemas import RunConfig, load_config

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


@pytest.mark.parametrize("name", ["default", "llm", "large-spec", "cluster"])
def test_every_preset_loads_and_names_a_known_strategy(name):
    cfg = load_config(CONFIGS / f"{name}.yaml")
    assert cfg.strategy in STRATEGIES.names()


def test_the_default_preset_is_the_built_in_default():
    assert load_config(CONFIGS / "default.yaml") == RunConfig()


def test_llm_stages_get_at_least_one_worker_thread_per_allowed_request():
    cfg = load_config(Path("configs/llm.yaml"), **{"llm.concurrency": 32, "engines.expand": "offline"})
    assert cfg.stage_workers("interpret") == (32, 8)  # the preset's 8 workers would leave 24 requests unused
    assert cfg.stage_workers("expand") == (8, 8)  # an offline stage keeps what it was given
    small = load_config(Path("configs/llm.yaml"), **{"llm.concurrency": 2})
    assert small.stage_workers("mock") == (8, 8)  # more workers than requests in flight is the user's choice
    assert RunConfig().stage_workers("scenario") == (2, 1)
    llm = RunConfig.model_validate({"engines": {"mock": "llm"}, "llm": {"concurrency": 64}})
    assert llm.stage_workers("mock") == (64, 8)  # waiting calls share processes: at most 8 processes, fewer CPUs permitting
