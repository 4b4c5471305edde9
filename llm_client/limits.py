"""Request pacing for the gateway: at most N in flight, rpm/tpm over a sliding minute, budget caps."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from dataclasses import dataclass

from llm_client.protocol import BudgetExceeded


class RateLimiter:
    """Sliding 60-second windows of requests and tokens; `acquire` waits until one more request fits.

    Tokens are estimated before sending and corrected with the provider's count afterwards.
    Only used from the gateway's own event loop, so no lock is needed.
    """

    WINDOW = 60.0

    def __init__(self, rpm: int | None, tpm: int | None, clock=time.monotonic):
        self.rpm, self.tpm, self._clock = rpm, tpm, clock
        self._sent: deque[list] = deque()  # [time, tokens]

    def _trim(self, now: float) -> None:
        while self._sent and now - self._sent[0][0] >= self.WINDOW:
            self._sent.popleft()

    def wait_time(self, tokens: int) -> float:
        """Seconds until a request of `tokens` fits (0 when it fits now)."""
        now = self._clock()
        self._trim(now)
        waits = [0.0]
        if self.rpm is not None and len(self._sent) >= self.rpm:
            waits.append(self._sent[len(self._sent) - self.rpm][0] + self.WINDOW - now)
        if self.tpm is not None and self._sent:
            excess = sum(e[1] for e in self._sent) + min(tokens, self.tpm) - self.tpm
            for at, t in self._sent:  # the oldest entries must leave the window first
                if excess <= 0:
                    break
                excess -= t
                waits.append(at + self.WINDOW - now)
        return max(waits)

    async def acquire(self, tokens: int) -> list:
        """Wait for room, then record the request; the returned entry is corrected by `settle`."""
        while (delay := self.wait_time(tokens)) > 0:
            await asyncio.sleep(delay)
        entry = [self._clock(), tokens]
        self._sent.append(entry)
        return entry

    @staticmethod
    def settle(entry: list, actual_tokens: int) -> None:
        entry[1] = actual_tokens


@dataclass
class BudgetGuard:
    """Caps on model requests, tokens and dollars. Requests are reserved before dispatch so the
    call cap holds exactly under concurrency; tokens and cost are checked as they arrive."""

    max_calls: int | None = None
    max_tokens: int | None = None
    max_cost: float | None = None
    calls: int = 0
    tokens: int = 0
    cost: float = 0.0

    def reserve(self) -> None:
        """Count one request about to be sent (every attempt counts: the provider sees it)."""
        if self.max_calls is not None and self.calls >= self.max_calls:
            raise BudgetExceeded(f"LLM call budget reached ({self.calls} of --max-calls {self.max_calls})")
        if self.max_tokens is not None and self.tokens >= self.max_tokens:
            raise BudgetExceeded(f"LLM token budget reached ({self.tokens} of max_tokens {self.max_tokens})")
        if self.max_cost is not None and self.cost >= self.max_cost:
            raise BudgetExceeded(f"LLM cost budget reached (${self.cost:.4f} of --max-cost ${self.max_cost})")
        self.calls += 1

    def charge(self, tokens: int, cost: float | None) -> None:
        self.tokens += tokens
        self.cost += cost or 0.0

    @property
    def exhausted(self) -> bool:
        return (
            (self.max_calls is not None and self.calls >= self.max_calls)
            or (self.max_tokens is not None and self.tokens >= self.max_tokens)
            or (self.max_cost is not None and self.cost >= self.max_cost)
        )
