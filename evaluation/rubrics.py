"""The judges' rubric contracts: pydantic output models whose field descriptions the judge model reads.

`TurnRubric` is the paper's tool-calling rubric for one user turn (0-10 sub-scores in four
dimensions), `CoherenceRubric` its coherence rubric (1-3 per criterion), `Judgment` one whole
record. The cascading penalties are written into the descriptions for the model *and* enforced
when a reply is parsed (`TurnRubric.cascade`), so a judge that forgets them is corrected rather
than trusted.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

# Scores are enums rather than ranges: grammar-constrained decoders (llama.cpp) enforce `enum` but
# not `minimum`/`maximum`, so even a small local model cannot answer out of range.
Score = Literal[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
Level = Literal[1, 2, 3]


class TurnRubric(BaseModel):
    """Tool-calling scores for one user turn. Every score is an integer from 0 (worst) to 10 (best)."""

    model_config = ConfigDict(extra="forbid")

    turn: int = Field(ge=0, description="Index of the user turn this rubric scores: 0 for the first, then 1, 2, ... in order.")
    usage_necessity: Score = Field(description=(
        "Were tools called exactly when the turn needed them? 10: tools were used when the request needed them "
        "and not when it could be answered without them; 0: the opposite."))
    unnecessary_calls: int = Field(ge=0, description=(
        "How many calls were unnecessary (repeated, redundant or unrelated). Reported, not scored."))
    selection_correctness: Score = Field(description=(
        "Were the tools called the right ones for what the turn asks? Calls to nonexistent tools score 0."))
    selection_specificity: Score = Field(description=(
        "Was the most specific suitable tool chosen each time, rather than a generic or unrelated one?"))
    selection_completeness: Score = Field(description=(
        "Were all the tools the turn needs called? 10: none missing; 0: none of the needed ones called."))
    ordering_sequence_logic: Score | None = Field(default=None, description=(
        "Were the calls made in a logical order? null when the turn needs fewer than two calls."))
    ordering_dependency_handling: Score | None = Field(default=None, description=(
        "When a call needs a value from an earlier call's output, was the earlier call made first and its "
        "output used? null when the turn needs fewer than two calls."))
    ordering_execution_efficiency: Score | None = Field(default=None, description=(
        "Was the turn done without redundant or repeated calls? null when the turn needs fewer than two calls."))
    wrong_parameter_name: bool = Field(description=(
        "True when any call used a parameter name the tool does not declare (misspelt or invented)."))
    missing_required_parameter: bool = Field(description=(
        "True when any call left out a parameter the tool's inputSchema lists as required."))
    wrong_value: bool = Field(description=(
        "True when any argument value is wrong for the request. A value copied from an earlier tool output "
        "of the same conversation is not wrong; the same value written differently (5 and 5.0, a path with "
        "a trailing slash) is not wrong."))
    arguments_completeness: Score = Field(description="Were all needed parameters supplied?")
    arguments_name: Score = Field(description="Are all parameter names exactly those the tool declares?")
    arguments_value: Score = Field(description=(
        "Are the argument values right? MUST be 0 when wrong_parameter_name or missing_required_parameter is true."))
    arguments_type: Score = Field(description=(
        "Does every value have the JSON type the schema declares? MUST be 0 when wrong_parameter_name, "
        "missing_required_parameter or wrong_value is true."))
    arguments_format: Score = Field(description=(
        "Is every value written in the expected format (dates, paths, identifiers, patterns)? MUST be 0 when "
        "wrong_parameter_name, missing_required_parameter or wrong_value is true."))
    arguments_relevancy: Score = Field(description=(
        "Does every argument belong in its call (no irrelevant extras)? MUST be 0 when wrong_value is true."))

    @model_validator(mode="after")
    def cascade(self) -> "TurnRubric":
        """Apply the cascading penalties whatever the judge wrote."""
        if self.wrong_parameter_name or self.missing_required_parameter:
            self.arguments_value = self.arguments_type = self.arguments_format = 0
        elif self.wrong_value:
            self.arguments_type = self.arguments_format = self.arguments_relevancy = 0
        return self


class CoherenceRubric(BaseModel):
    """Coherence of the whole dialogue. Each criterion: 1 poor, 2 acceptable, 3 good."""

    model_config = ConfigDict(extra="forbid")

    logical_flow: Level = Field(description="Do the turns follow from each other in a sensible order?")
    completeness: Level = Field(description="Does the dialogue accomplish everything the user asked for?")
    conciseness: Level = Field(description="Is it free of needless steps, repetition and padding?")
    topic_relevance: Level = Field(description="Does every turn stay on the user's topic?")
    context_retention: Level = Field(description=(
        "Do later turns use what earlier turns established (names, identifiers, results)?"))


class Judgment(BaseModel):
    """A judge's verdict on one record: one TurnRubric per user turn, in order, then coherence."""

    model_config = ConfigDict(extra="forbid")

    turns: list[TurnRubric] = Field(description="Exactly one entry per user turn, in the order the turns are given.")
    coherence: CoherenceRubric
    rationale: str = Field(description="Two or three sentences naming the main problems found, or 'none'.")
