from pathlib import Path

import pytest

from coordinator.samplers import sampler_names
from schemas import RunConfig, load_config

CONFIGS = Path(__file__).resolve().parents[2] / "configs"


@pytest.mark.parametrize("name", ["default", "llm", "large-spec", "cluster"])
def test_every_preset_loads_and_names_a_known_strategy(name):
    cfg = load_config(CONFIGS / f"{name}.yaml")
    assert cfg.strategy in sampler_names()


def test_the_default_preset_is_the_built_in_default():
    assert load_config(CONFIGS / "default.yaml") == RunConfig()
