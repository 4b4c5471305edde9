"""Asking a model: the gateway (litellm, imported only there; caching, rate and budget limits, retries), the
local model server (llama-cpp-python), and the request and error types. The LLM engine, the LLM judges and
`seer run`'s agents all ask through it; it imports only `schemas`."""

from llm_client.gateway import LLMGateway
from llm_client.protocol import (
    BudgetExceeded,
    LLMConfigError,
    LLMError,
    LLMRequest,
    LLMResult,
    LLMUnavailable,
)

__all__ = ["BudgetExceeded", "LLMConfigError", "LLMError", "LLMGateway", "LLMRequest", "LLMResult", "LLMUnavailable"]
