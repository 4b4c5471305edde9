"""What the gateway asks of litellm before the first request: which provider a model string names, whether its key
is in the environment, the model's prices; and how error text is scrubbed of keys."""

from __future__ import annotations

import logging
import os
from typing import Any

from llm_client.protocol import LLMConfigError
from schemas import LLMSettings

PLACEHOLDER_KEY = "sk-no-key-required"  # OpenAI-compatible local servers ignore the key but clients want one
_SECRET_SUFFIXES = ("_KEY", "_TOKEN", "_SECRET", "_PASSWORD")
# Models registered at zero price in litellm's process-wide map because it had no price for them: a later
# gateway must still report their cost as unknown, not as the placeholder's $0.
_ZERO_PRICED: set[str] = set()


def redact(text: str, environ: dict[str, str] | None = None) -> str:
    """`text` with the value of every key-like environment variable replaced by `***`."""
    for name, value in (environ or os.environ).items():
        if name.upper().endswith(_SECRET_SUFFIXES) and len(value) >= 8 and value in text:
            text = text.replace(value, "***")
    return text


def check_environment(litellm: Any, model: str, api_base: str | None) -> tuple[str | None, bool]:
    """The api_key to pass explicitly (only the placeholder for keyless local servers) or None, and whether the
    model is served by an OpenAI-compatible --api-base. A model without its key is an LLMConfigError naming it."""
    try:
        provider = litellm.get_llm_provider(model=model, api_base=api_base)[1]
    except Exception:
        raise LLMConfigError(
            f"model {model!r}: unknown provider; use a litellm model string such as "
            "gemini/gemini-2.5-flash-lite or openai/<name> with --api-base"
        ) from None
    openai_compatible = provider == "openai" and bool(api_base)
    info = litellm.validate_environment(model=model)
    if info.get("keys_in_environment", True):
        return None, openai_compatible
    if api_base:
        return PLACEHOLDER_KEY, openai_compatible
    missing = " or ".join(info.get("missing_keys") or ["the provider's API key"])
    raise LLMConfigError(f"model {model!r} needs an API key: set {missing} in the environment (keys are never read "
                         "from files or flags)")


def register_prices(litellm: Any, model: str, s: LLMSettings) -> bool:
    """Prices from the settings, or for a model litellm has no price for, a zero entry: litellm then finds the model
    quickly on every response (its failed lookup costs ~10 ms of CPU each time). True when the model is unpriced,
    its cost to be reported as unknown (null)."""
    unpriced = False
    if s.input_cost_per_million is None and s.output_cost_per_million is None:
        if model in _ZERO_PRICED:  # our own placeholder from an earlier gateway in this process
            return True
        try:
            litellm.get_model_info(model)
            return False  # litellm prices it
        except Exception:
            unpriced = True
    provider = model.split("/", 1)[0] if "/" in model else "openai"
    quiet = logging.getLogger("LiteLLM")  # it warns that a custom model has no cache-token prices
    level = quiet.level
    quiet.setLevel(logging.ERROR)
    try:
        litellm.register_model({model: {
            "input_cost_per_token": (s.input_cost_per_million or 0.0) / 1e6,
            "output_cost_per_token": (s.output_cost_per_million or 0.0) / 1e6,
            "litellm_provider": provider, "mode": "chat",
        }})
    finally:
        quiet.setLevel(level)
    if unpriced:
        _ZERO_PRICED.add(model)
    else:  # priced by the settings now, whatever an earlier gateway registered
        _ZERO_PRICED.discard(model)
    return unpriced
