"""Pacing, budget caps and cache keys (no network, no litellm)."""

from __future__ import annotations

import pytest

from llm_client.cache import ResponseCache, cache_key
from llm_client.limits import BudgetGuard, RateLimiter
from llm_client.protocol import BudgetExceeded, LLMRequest, UsageBook, parse_json
from schemas import StageUsage


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_rpm_window_makes_the_next_request_wait_until_the_oldest_leaves_it() -> None:
    clock = Clock()
    lim = RateLimiter(rpm=2, tpm=None, clock=clock)
    lim._sent.extend([[clock.now, 10], [clock.now + 5, 10]])
    clock.now += 10
    assert lim.wait_time(10) == pytest.approx(50.0)
    clock.now += 50
    assert lim.wait_time(10) == 0.0


def test_tpm_window_counts_settled_token_numbers() -> None:
    clock = Clock()
    lim = RateLimiter(rpm=None, tpm=1000, clock=clock)
    first = [clock.now, 900]
    lim._sent.append(first)
    assert lim.wait_time(200) == pytest.approx(60.0)
    RateLimiter.settle(first, 300)  # the provider counted fewer tokens than estimated
    assert lim.wait_time(200) == 0.0


def test_budget_guard_reserves_calls_exactly_and_stops_on_cost() -> None:
    g = BudgetGuard(max_calls=2, max_cost=1.0)
    g.reserve()
    g.reserve()
    with pytest.raises(BudgetExceeded, match="max-calls 2"):
        g.reserve()
    g2 = BudgetGuard(max_cost=1.0)
    g2.reserve()
    g2.charge(100, 1.5)
    assert g2.exhausted
    g3 = BudgetGuard(max_tokens=50)
    g3.charge(60, None)
    with pytest.raises(BudgetExceeded, match="token budget"):
        g3.reserve()


def test_cache_key_changes_with_every_input_that_decides_the_answer(tmp_path) -> None:
    base = LLMRequest.of([{"role": "user", "content": "x"}], response_schema={"type": "object"}, seed=1)
    k = cache_key("m", base, 0.7)
    assert k == cache_key("m", LLMRequest.of([{"role": "user", "content": "x"}], response_schema={"type": "object"}, seed=1), 0.7)
    variants = [
        cache_key("other", base, 0.7), cache_key("m", base, 0.0),
        cache_key("m", LLMRequest.of([{"role": "user", "content": "y"}], response_schema={"type": "object"}, seed=1), 0.7),
        cache_key("m", LLMRequest.of([{"role": "user", "content": "x"}], response_schema={"type": "array"}, seed=1), 0.7),
        cache_key("m", LLMRequest.of([{"role": "user", "content": "x"}], response_schema={"type": "object"}, seed=2), 0.7),
    ]
    assert len({k, *variants}) == 6
    # the stage label and item name are bookkeeping, not part of the question
    assert cache_key("m", LLMRequest.of([{"role": "user", "content": "x"}], response_schema={"type": "object"}, seed=1,
                                        stage="judge", item="q"), 0.7) == k
    cache = ResponseCache(tmp_path / "c.sqlite")
    cache.put(k, {"content": "hi"})
    assert ResponseCache(tmp_path / "c.sqlite").get(k) == {"content": "hi"} and len(cache) == 1


def test_replies_in_code_fences_or_with_raw_control_characters_are_read() -> None:
    assert parse_json('```json\n{"a": 1}\n```') == ({"a": 1}, None)
    assert parse_json('{"a": "line\nbreak"}') == ({"a": "line\nbreak"}, None)
    value, err = parse_json('{"a": ')
    assert value is None and "not valid JSON" in err


def test_usage_book_sums_per_stage_and_unknown_cost_stays_unknown() -> None:
    book = UsageBook()
    book.add("mock", StageUsage(requests=1, prompt_tokens=10, cost_usd=0.5))
    book.add("mock", StageUsage(requests=2, completion_tokens=5, cost_usd=None))
    book.add("scenario", StageUsage(cache_hits=1, cost_usd=0.0))
    assert book.stages["mock"].requests == 3 and book.stages["mock"].cost_usd is None
    assert book.stages["scenario"].cache_hits == 1 and book.stages["scenario"].cost_usd == 0.0


def test_the_same_model_name_on_another_server_is_another_cache_entry() -> None:
    req = LLMRequest.of([{"role": "user", "content": "x"}])
    assert cache_key("openai/m", req, 0.7, "http://a/v1") != cache_key("openai/m", req, 0.7, "http://b/v1")
