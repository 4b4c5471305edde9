"""Spec ingestion: MCP tools/list, OpenAPI 3.x, OpenAI functions and live MCP servers -> ToolSuite."""

from specs.errors import SpecError
from specs.loader import load_suite, parse_document
from specs.profile import SpecProfile, profile, schema_features

__all__ = ["SpecError", "SpecProfile", "load_suite", "parse_document", "profile", "schema_features"]
