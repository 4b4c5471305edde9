"""The `llm` engine: four stage engines that ask a model through llm_client's gateway."""

from engines.llm.stages import LLMExpander, LLMInterpreter, LLMMocker, LLMScenarioWriter

__all__ = ["LLMExpander", "LLMInterpreter", "LLMMocker", "LLMScenarioWriter"]
