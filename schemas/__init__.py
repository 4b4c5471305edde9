"""Pydantic data contracts for every artifact Agent Seer reads or writes."""

from schemas._base import json_type
from schemas.config import (
    STAGES,
    Budget,
    ConfigError,
    EngineSelection,
    LLMSettings,
    RunConfig,
    Workers,
    load_config,
)
from schemas.errors import SeerError
from schemas.interpretation import Action, ParameterInterpretation, ParameterRole, ToolInterpretation
from schemas.manifest import (
    FORMAT_VERSION,
    Counts,
    Coverage,
    DimensionCoverage,
    Failure,
    GeneratorInfo,
    Manifest,
    StageUsage,
    UncoveredTool,
    Usage,
)
from schemas.scenario import (
    Call,
    Complexity,
    Entity,
    Grounding,
    MockOutput,
    Scenario,
    ScenarioRequest,
    Task,
    Turn,
    WorkflowState,
)
from schemas.scores import COHERENCE, DIMENSIONS, Agreement, Interval, PassK, RecordScore, ScoreSummary, TurnScore
from schemas.tool import SkippedTool, SpecKind, SpecSource, Tool, ToolSuite
from schemas.transcript import InjectedFault, ServerEvent, ToolCallRecord, Transcript, TranscriptTurn

__all__ = [
    "json_type",
    "STAGES", "Budget", "ConfigError", "EngineSelection", "LLMSettings", "RunConfig", "Workers", "load_config",
    "Action", "ParameterInterpretation", "ParameterRole", "ToolInterpretation",
    "FORMAT_VERSION", "Counts", "Coverage", "DimensionCoverage", "Failure", "GeneratorInfo", "Manifest", "StageUsage",
    "UncoveredTool", "Usage",
    "Call", "Complexity", "Entity", "Grounding", "MockOutput", "Scenario", "ScenarioRequest", "Task", "Turn",
    "WorkflowState",
    "COHERENCE", "DIMENSIONS", "Agreement", "Interval", "PassK", "RecordScore", "ScoreSummary", "TurnScore",
    "SeerError",
    "SkippedTool", "SpecKind", "SpecSource", "Tool", "ToolSuite",
    "InjectedFault", "ServerEvent", "ToolCallRecord", "Transcript", "TranscriptTurn",
]
