"""The harness in use: reading and writing harness directories, validation, serving, agent runs, verification."""

from common.files import (
    INTERPRETATIONS,
    MANIFEST,
    SCENARIOS,
    TASKS,
    TOOLS,
    Harness,
    HarnessError,
    append_jsonl,
    iter_jsonl,
    load_harness,
    load_models,
    write_json,
    write_jsonl,
)

__all__ = [
    "INTERPRETATIONS", "MANIFEST", "SCENARIOS", "TASKS", "TOOLS", "Harness", "HarnessError",
    "append_jsonl", "iter_jsonl", "load_harness", "load_models", "write_json", "write_jsonl",
]
