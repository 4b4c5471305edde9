"""The stateful mock world of one scenario: what `seer serve` and `seer run` execute tool calls against.

A call equivalent to an oracle call (same tool, equivalent arguments) gets that call's mock
output. Any other valid call is *off-script*: its output comes from the offline engine and is
then made consistent with the world's state, which starts from the scenario's WorkflowState and
follows every call served so far (a created entity can be read back and appears in listings; a
deleted one is gone).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from common.json_values import canonical_arguments, normalize_value, schema_error_text, text_of, unusable_value
from harness.listings import DIR_KINDS, patch_item_listing, patch_json_listing, patch_text_listing
from harness.not_found import Sightings, closed_identifier, norm, not_found_text
from harness.offscript import OffScriptMocker, fallback_mocker, mocker_for, stable_seed, structured_output
from harness.roles import entity_kind, identifier_argument, target_argument, tool_action
from schemas import Scenario, Tool, ToolInterpretation, WorkflowState


class UnknownToolError(KeyError):
    """The call names a tool the harness does not have (a protocol error, not a tool result)."""


@dataclass(frozen=True)
class CallResult:
    """What the world answered. `output` is the structuredContent object when the tool has an outputSchema."""

    tool: str
    output: Any
    is_error: bool = False
    error: str | None = None
    oracle_index: int | None = None
    source: str = "oracle"  # oracle | state (known entity) | engine | fallback (engine failed) | invalid

    @property
    def text(self) -> str:
        return self.error if self.error and self.output is None else text_of(self.output)


@dataclass
class _Thing:
    kind: str
    id: str
    attributes: dict[str, Any] = field(default_factory=dict)
    deleted: bool = False
    off_script: bool = False  # created by a call the oracle does not have


class MockWorld:
    """One scenario's world. Not thread-safe: serve it from one event loop."""

    def __init__(
        self,
        scenario: Scenario,
        tools: dict[str, Tool],
        interpretations: dict[str, ToolInterpretation] | None = None,
        *,
        mocker: OffScriptMocker | None = None,
    ) -> None:
        self.scenario = scenario
        self.tools = tools
        self.interpretations = interpretations or {}
        self.mocker = mocker or mocker_for(list(tools.values()), self.interpretations)
        self.seed = scenario.seed if scenario.seed is not None else stable_seed(scenario.id)
        self.served: list[int] = []  # oracle indices in the order they were served
        self.off_script_calls = 0
        # The engine's view of the world: what exists before the first call, grown by every served call.
        self.state = WorkflowState(preconditions=scenario.state.preconditions, context=scenario.state.context,
                                   entities=[e for e in scenario.state.entities if e.created_by is None])
        self._things: dict[str, _Thing] = {}
        for e in [*scenario.state.preconditions, *(e for e in scenario.state.entities if e.created_by is None)]:
            self._remember(e.kind, e.id, dict(e.attributes))
        # What the scenario shows exists (a closed world for paths and minted ids: see harness.not_found).
        self.sightings = Sightings()
        self.sightings.add([scenario.instruction, scenario.follow_up, [t.user for t in scenario.turns],
                            scenario.state.model_dump(mode="json")])
        for c in scenario.calls:
            self.sightings.add_call(c.arguments, c.output)
        self._oracle_keys = [
            (c.tool, canonical_arguments(c.arguments, tools[c.tool].input_schema) if c.tool in tools else None)
            for c in scenario.calls
        ]

    # -- public -------------------------------------------------------------------------------------------
    def call(self, tool_name: str, arguments: dict[str, Any] | None) -> CallResult:
        """Answer one tools/call. Raises UnknownToolError for a tool the harness does not have."""
        tool = self.tools.get(tool_name)
        if tool is None:
            raise UnknownToolError(tool_name)
        args = arguments if isinstance(arguments, dict) else {}
        problem = unusable_value(args) or schema_error_text(tool.input_schema, args)
        if problem is not None:
            return CallResult(tool_name, None, True, f"Invalid arguments for {tool_name}: {problem}", None, "invalid")
        index = self._match(tool, args)
        gone = self._deleted_target(tool, args)
        if index is not None and gone is not None:
            # The agent deleted what this oracle call reads: the world, not the script, decides.
            self.served.append(index)
            return CallResult(tool_name, None, True, self._not_found(tool, args, gone.kind), index, "state")
        if index is not None:
            self.served.append(index)
            known = {e.id for e in self.state.entities}
            revealed = [e for e in self.scenario.state.entities if e.created_by == index]
            self.state.entities.extend(e for e in revealed if e.id not in known)
            for e in revealed:  # what this oracle call created can now be read back and listed
                self._remember(e.kind, e.id, dict(e.attributes))
            call = self.scenario.calls[index]
            output = call.output
            if not call.is_error and tool_action(tool, self.interpretations.get(tool.name)) == "list":
                # The oracle listing cannot know what the agent created off-script; add those, nothing else.
                output = self._with_listing(tool, args, output, only_off_script=True)
            self._apply(tool, args, output if not call.is_error else None)
            return CallResult(tool_name, output, call.is_error, text_of(output) if call.is_error else None,
                              index, "oracle")
        return self._off_script(tool, args)

    def oracle_index(self, tool_name: str, arguments: dict[str, Any]) -> int | None:
        """The oracle call this call is equivalent to (without serving it), if any."""
        tool = self.tools.get(tool_name)
        return None if tool is None else self._match(tool, arguments)

    def entity_ids(self) -> list[str]:
        return sorted(str(t.id) for t in self._things.values() if not t.deleted)

    def _deleted_target(self, tool: Tool, args: dict[str, Any]) -> _Thing | None:
        interp = self.interpretations.get(tool.name)
        id_arg = identifier_argument(tool, interp, args)
        thing = self._things.get(self._key(args[id_arg])) if id_arg else None
        if thing is not None and thing.deleted and tool_action(tool, interp) in ("read", "update", "delete"):
            return thing
        return None

    # -- matching -----------------------------------------------------------------------------------------
    def _match(self, tool: Tool, args: dict[str, Any]) -> int | None:
        key = (tool.name, canonical_arguments(args, tool.input_schema))
        hits = [i for i, k in enumerate(self._oracle_keys) if k == key]
        if not hits:
            return None
        fresh = [i for i in hits if i not in self.served]
        # A repeated call gets the output of the last time it was served (a re-read sees the same thing).
        return fresh[0] if fresh else hits[-1]

    # -- state ----------------------------------------------------------------------------------------------
    def _key(self, ident: Any) -> str:
        return norm(ident)  # issue 7 is issue "7": ids come as numbers from calls and as text from the state

    def _remember(self, kind: str, ident: str, attributes: dict[str, Any]) -> _Thing:
        thing = self._things.get(self._key(ident))
        if thing is None or thing.deleted:
            thing = _Thing(kind, ident, attributes)
            self._things[self._key(ident)] = thing
        else:
            thing.attributes.update(attributes)
        return thing

    def _apply(self, tool: Tool, args: dict[str, Any], output: Any, *, off_script: bool = False) -> _Thing | None:
        """Follow the effect of a served call on the world; returns the entity it acted on."""
        interp = self.interpretations.get(tool.name)
        action = tool_action(tool, interp)
        id_arg = identifier_argument(tool, interp, args)
        if id_arg is None:
            return None
        ident = args[id_arg]
        thing = self._things.get(self._key(ident))
        attrs = {k: v for k, v in args.items() if k != id_arg}
        target = target_argument(interp, args, id_arg)
        if action == "update" and target is not None and thing is not None and not thing.deleted:
            # move/rename: the entity now lives under the target id, the old id is gone
            thing.deleted = True
            moved = self._remember(thing.kind, args[target], {**thing.attributes, **attrs})
            moved.off_script = moved.off_script or off_script
            return moved
        if action in ("create", "update"):
            fresh = thing is None or thing.deleted
            thing = self._remember(entity_kind(tool, interp), ident, attrs)
            thing.off_script = thing.off_script or (fresh and off_script)
            return thing
        if action == "delete":
            # a thing known only from what was shown (a listed file) is remembered as gone, so listings drop it
            thing = thing or self._remember(entity_kind(tool, interp), ident, {})
            thing.deleted = True
            return thing
        if action == "read" and (thing is None or thing.deleted) and output is not None:
            return self._remember(entity_kind(tool, interp), ident, {"_read": {tool.name: output}})
        if action == "read" and thing is not None and output is not None:
            thing.attributes.setdefault("_read", {})[tool.name] = output
        return thing

    # -- off-script ------------------------------------------------------------------------------------------
    def _off_script(self, tool: Tool, args: dict[str, Any]) -> CallResult:
        interp = self.interpretations.get(tool.name)
        action = tool_action(tool, interp)
        id_arg = identifier_argument(tool, interp, args)
        thing = self._things.get(self._key(args[id_arg])) if id_arg else None
        gone = self._deleted_target(tool, args)
        if gone is not None:
            return CallResult(tool.name, None, True, self._not_found(tool, args, gone.kind), None, "state")
        if self._unheard_of(tool, args, action, id_arg, thing):
            return CallResult(tool.name, None, True, self._not_found(tool, args, entity_kind(tool, interp)), None,
                              "state")
        if action == "read" and thing is not None and tool.name in thing.attributes.get("_read", {}):
            return CallResult(tool.name, thing.attributes["_read"][tool.name], source="state")
        known = {k: v for k, v in (thing.attributes if thing else {}).items() if not k.startswith("_")}
        # Off-script calls are numbered after the oracle's, so the engine never confuses them with oracle calls.
        index = len(self.scenario.calls) + self.off_script_calls
        self.off_script_calls += 1
        source = "state" if thing is not None else "engine"
        try:
            output, self.state = self.mocker(tool, args, self.state, self.seed, index)
        except Exception:  # an engine bug must not take the server down; the fallback still follows the state
            output, _ = fallback_mocker(tool, args, self.state, self.seed, index)
            source = "fallback"
        if action == "list":
            output = self._with_listing(tool, args, output)
        # The call's own identifier wins over invented values (get_issue 7 answers about issue 7), and a read
        # returns what the world remembers of the entity (content written off-script reads back).
        overlay = dict(known) if action == "read" else {}
        if id_arg is not None:
            overlay.update({id_arg: args[id_arg], id_arg.replace("-", "_").split("_")[-1]: args[id_arg]})
        if tool.output_schema:
            props = tool.output_schema.get("properties") or {}
            if isinstance(output, dict):
                output = {**output, **{k: v for k, v in overlay.items() if k in props}}
            fill_hints = {**known, **args, **overlay}
            if id_arg is not None:
                fill_hints.update({k: args[id_arg] for k in ("id", "name", "path", "key") if k not in fill_hints})
            output = structured_output(tool, fill_hints, output)
        elif not isinstance(output, str):
            output = text_of(output)
        if action == "read" and not tool.output_schema and "content" in known:
            output = text_of(known["content"])
        if action in ("create", "update") and id_arg and not tool.output_schema and str(args[id_arg]) not in output:
            output = f"{output}\n{entity_kind(tool, interp)}: {args[id_arg]}"
        self._apply(tool, args, output, off_script=True)
        self.sightings.add_call(args, output)
        return CallResult(tool.name, output, source=source)

    def _unheard_of(self, tool: Tool, args: dict[str, Any], action: str, id_arg: str | None, thing: _Thing | None
                    ) -> bool:
        """A read, change or listing of a path or minted id that nothing in this world has shown."""
        if id_arg is None or thing is not None or action not in ("read", "update", "delete", "list"):
            return False
        ident = args[id_arg]
        if action == "list" and not (isinstance(ident, str) and "/" in ident):
            return False  # a listing filtered by a name or id: an empty answer, not a missing thing
        return closed_identifier(id_arg, ident) and ident not in self.sightings

    def _not_found(self, tool: Tool, args: dict[str, Any], kind: str) -> str:
        interp = self.interpretations.get(tool.name)
        id_arg = identifier_argument(tool, interp, args) or next(iter(args), "id")
        return not_found_text(args, id_arg, args.get(id_arg, ""), tool_action(tool, interp), kind)

    def _with_listing(self, tool: Tool, args: dict[str, Any], output: Any, *, only_off_script: bool = False) -> Any:
        """Make a listing include every live entity it should show (those under a listed path, or of its kind)."""
        kind = entity_kind(tool, self.interpretations.get(tool.name))
        scope = next((v for k, v in args.items() if isinstance(v, str) and "/" in v), None)
        prefix = str(normalize_value(scope)).rstrip("/") + "/" if scope is not None else None
        wanted, gone = [], []
        for thing in self._things.values():
            if only_off_script and not thing.off_script and not thing.deleted:
                continue
            if prefix is not None:
                inside = str(normalize_value(thing.id)).startswith(prefix)
            else:
                inside = thing.kind == kind
            if inside:
                (gone if thing.deleted else wanted).append(str(thing.id))  # ids may be numbers: compare as text
        wanted.sort()
        if isinstance(output, str) and output[:1] in "[{":
            patched = patch_json_listing(output, kind, wanted, gone)
            if patched is not None:
                return patched
        dirs = {str(t.id) for t in self._things.values() if t.kind.lower() in DIR_KINDS}
        placed = [(w, w in dirs) for w in wanted]  # (id, is a directory)
        if isinstance(output, str):
            return patch_text_listing(output, prefix, placed, gone)
        if isinstance(output, dict) and tool.output_schema:
            props = tool.output_schema.get("properties") or {}
            if not any(isinstance(sub, dict) and sub.get("type") == "array" for sub in props.values()):
                # A text listing wrapped in one string property ({"content": "..."}): patch the text.
                name = next((k for k, v in output.items() if isinstance(v, str)), None)
                if name is not None:
                    return {**output, name: self._with_listing(tool, args, output[name], only_off_script=only_off_script)}
            for name, sub in props.items():
                if isinstance(sub, dict) and sub.get("type") == "array":
                    items = patch_item_listing(list(output.get(name) or []), sub.get("items") or {}, prefix,
                                                placed, gone)
                    return {**output, name: items}
        return output
