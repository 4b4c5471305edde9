"""The `llm` engine: four stage engines that ask a model through one gateway (litellm, imported only there)."""

from actors.llm.gateway import LLMGateway
from actors.llm.protocol import (
    BudgetExceeded,
    LLMConfigError,
    LLMError,
    LLMRequest,
    LLMResult,
    LLMUnavailable,
)
from actors.llm.stages import LLMExpander, LLMInterpreter, LLMMocker, LLMScenarioWriter

__all__ = [
    "BudgetExceeded", "LLMConfigError", "LLMError", "LLMGateway", "LLMRequest", "LLMResult", "LLMUnavailable",
    "LLMExpander", "LLMInterpreter", "LLMMocker", "LLMScenarioWriter",
]
