"""The LLM judge on a real local model (SmolLM2-135M through llama.cpp's server): the rubric contract
(enum scores, a fixed number of turn rubrics) is what constrained decoding enforces, so even this tiny
model's verdicts parse; what is shown is the path running for real, not the quality of its scores."""

from __future__ import annotations

import pytest

from evaluation.judge import Judge
from llm_client import LLMGateway
from schemas import COHERENCE, LLMSettings
from tests.evaluation.handmade import TOOLS, oracle_transcript, scenario
from tests.integration.test_llm_local_model import _llama_servers, _require_extra, mark_children

pytestmark = [pytest.mark.local_model, pytest.mark.slow]


def test_a_local_model_judges_a_transcript_and_its_server_is_stopped(tmp_path, monkeypatch):
    _require_extra()
    mark_children(monkeypatch)
    before = _llama_servers()
    settings = LLMSettings(model="local/smollm2", cache_path=str(tmp_path / "c.sqlite"), timeout_s=600,
                           transport_retries=0)
    with LLMGateway(settings) as gw:
        assert gw.describe()["concurrency"] == 1  # the local server answers one request at a time, whatever the setting
        rec = Judge(gw, TOOLS, max_retries=1).judge_transcript(scenario(), oracle_transcript())
        assert gw.usage()["judge"].requests >= 1
    assert _llama_servers() <= before
    if rec.error is None:
        assert len(rec.turns) == 2 and set(rec.coherence) == set(COHERENCE)
        assert all(0.0 <= v <= 1.0 for t in rec.turns for v in t.subdimensions.values())
        assert all(v in (0.0, 0.5, 1.0) for v in rec.coherence.values())
    else:  # a rejected verdict is explained, never scored
        assert rec.error.startswith("judge") and rec.turns == []
