"""What a tool does, as understood by the interpretation stage."""

from __future__ import annotations

from enum import Enum

from pydantic import Field

from schemas._base import Contract


class Action(str, Enum):
    """The kind of operation a tool performs."""

    read = "read"
    list = "list"
    search = "search"
    create = "create"
    update = "update"
    delete = "delete"
    execute = "execute"
    navigate = "navigate"
    configure = "configure"
    analyze = "analyze"
    transfer = "transfer"
    other = "other"


class ParameterRole(str, Enum):
    """The semantic role a parameter plays in a call."""

    identifier = "identifier"
    content = "content"
    filter = "filter"
    pagination = "pagination"
    option = "option"
    target = "target"
    context = "context"
    credential = "credential"
    other = "other"


class ParameterInterpretation(Contract):
    name: str = Field(description="Parameter name exactly as in the tool's inputSchema.")
    role: ParameterRole = Field(
        description=(
            "identifier: names an existing entity (path, id, key); content: data written or sent; "
            "filter: a query or condition narrowing results; pagination: page, offset, limit, cursor; "
            "option: a flag or setting changing behaviour; target: a destination or new location; "
            "context: shared across a suite, e.g. a repository path or working directory; "
            "credential: a token or secret; other: none of these."
        )
    )
    entity: str | None = Field(default=None, description="The kind of entity the value refers to, e.g. `file`, `branch`, `key`.")
    required: bool = Field(default=False, description="True when the inputSchema lists the parameter as required.")
    description: str = Field(default="", description="One sentence on what the value means for this tool.")


class ToolInterpretation(Contract):
    """The interpretation stage's output for one tool."""

    tool: str = Field(description="Name of the interpreted tool, exactly as in the suite.")
    functionality: str = Field(description="One or two sentences on what the tool does and returns.")
    action: Action = Field(description="The main kind of operation the tool performs.")
    entity: str = Field(description="The kind of thing the tool acts on, singular and lower case, e.g. `file`, `commit`.")
    parameters: list[ParameterInterpretation] = Field(description="Every top-level parameter of the inputSchema, with its role.")
    required_parameters: list[str] = Field(description="Names of the parameters a call must provide.")
    use_cases: list[str] = Field(min_length=1, max_length=4, description="2 to 4 short, concrete situations where the tool is used.")
    tags: list[str] = Field(description="Organisational tags from a fixed taxonomy, e.g. `filesystem`, `version-control`.")
    produces: list[str] = Field(
        default_factory=list, description="Entity kinds whose identifiers appear in the tool's output (what later calls can use)."
    )
