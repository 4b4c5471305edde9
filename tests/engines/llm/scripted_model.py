"""A stand-in model for the fake server: reads Agent Seer's prompts and answers each stage validly.

It plays a competent model so tests can check the engine's plumbing (and `wrong()` plays an
incompetent one: schema-valid replies with hallucinated tools, missing calls or broken turns).
Values come from jsf and are re-drawn until they validate, like a model corrected by feedback.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from typing import Any

from jsf import JSF

from common.json_values import schema_errors
from tests.fakellm import Reply, json_reply

_FENCE = re.compile(r"<(data-[0-9a-f]{10})>\n(.*?)\n</\1>", re.S)
_VERBS = {"get": "read", "read": "read", "list": "list", "search": "search", "find": "search", "create": "create",
          "add": "create", "write": "create", "update": "update", "edit": "update", "set": "configure",
          "delete": "delete", "remove": "delete", "move": "transfer"}
_ID = re.compile(r"(id|path|name|key|sha|ref|url|file|branch)s?$", re.I)


def fenced(body: dict[str, Any]) -> Any:
    """The JSON data block of the request's last user message."""
    user = [m["content"] for m in body["messages"] if m["role"] == "user"][0]
    return json.loads(_FENCE.search(user).group(2))


def stage_of(body: dict[str, Any]) -> str:
    rf = body.get("response_format") or {}
    return (rf.get("json_schema") or {}).get("name") or rf.get("schema", {}).get("title", "")


def instance(schema: dict[str, Any], seed: int) -> Any:
    """A schema-valid instance (jsf, re-drawn until jsonschema with formats agrees)."""
    random.seed(seed)
    for _ in range(20):
        value = JSF(schema).generate()
        if not schema_errors(schema, value):
            return value
    return value


def action(name: str) -> str:
    first = re.split(r"[_\-.]|(?<=[a-z])(?=[A-Z])", name)[0].lower()
    return _VERBS.get(first, "execute")


class ScriptedModel:
    """`responder` for FakeLLM; counts the replies per stage."""

    def __init__(self) -> None:
        self.answered: dict[str, int] = {}

    def __call__(self, body: dict[str, Any]) -> Reply:
        stage = stage_of(body)
        self.answered[stage] = self.answered.get(stage, 0) + 1
        return json_reply(self.answer(stage, body))

    def answer(self, stage: str, body: dict[str, Any]) -> dict[str, Any]:
        data = fenced(body)
        seed = int(hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:8], 16)
        prompt = [m["content"] for m in body["messages"] if m["role"] == "user"][0]
        return getattr(self, stage.replace("Reply", "").lower())(data, prompt, seed)

    def interpretation(self, tool: dict[str, Any], prompt: str, seed: int) -> dict[str, Any]:
        props = tool["inputSchema"].get("properties") or {}
        return {
            "functionality": f"Runs {tool['name']} and returns its result.",
            "action": action(tool["name"]), "entity": "item",
            "parameters": [{"name": p, "role": "identifier" if _ID.search(p) else "option", "description": p}
                           for p in props],
            "use_cases": [f"use {tool['name']}", f"check with {tool['name']}"], "tags": ["general"], "produces": ["item"],
        }

    def scenario(self, tools: list[dict[str, Any]], prompt: str, seed: int) -> dict[str, Any]:
        focus = re.search(r"It must call these tools: (.*?)\.\n", prompt).group(1).split(", ")
        by_name = {t["name"]: t for t in tools}
        names = list(focus)
        if "COMPLEX" in prompt:
            acts = {action(n) for n in names}
            for t in tools:  # add tools until the structure of a complex workflow is met
                if len(names) >= 3 and len(set(names)) >= 2 and len(acts) >= 2:
                    break
                if t["name"] not in names and (len(acts) >= 2 or action(t["name"]) not in acts or len(names) < 3):
                    names.append(t["name"])
                    acts.add(action(t["name"]))
            while len(names) < 3:
                names.append(names[0])
        calls = [{"tool": n, "arguments": instance(by_name[n]["inputSchema"], seed + i), "explanation": f"step {i}"}
                 for i, n in enumerate(names)]
        mentioned = "; ".join(json.dumps(c["arguments"]) for c in calls)
        return {"title": f"Use {', '.join(focus)}", "category": "general", "calls": calls,
                "instruction": f"Please do the following with these values: {mentioned}",
                "novelty_reason": "combines the tools in a new order", "follow_up": "What changed?"}

    def mock(self, data: dict[str, Any], prompt: str, seed: int) -> dict[str, Any]:
        tools = {t["name"]: t for t in data["tools"]}
        outputs, entities = [], []
        for c in data["calls"]:
            schema = tools[c["tool"]].get("outputSchema")
            if schema is not None:
                outputs.append({"index": c["index"], "output": instance(schema, seed + c["index"])})
            else:
                ident = f"item-{c['index']}-{seed % 10_000}"
                outputs.append({"index": c["index"], "output": f"Done: created {ident}."})
                entities.append({"kind": "item", "id": ident, "created_by": c["index"]})
        preconditions, seen = [], ""
        for c in data["calls"]:  # identifiers nothing earlier produced are assumed to exist beforehand
            for name, value in c["arguments"].items():
                if _ID.search(name) and isinstance(value, str) and value not in seen:
                    preconditions.append({"kind": "item", "id": value})
            seen += json.dumps(c["arguments"], ensure_ascii=False) + json.dumps(outputs[c["index"]]["output"])
        return {"outputs": outputs, "preconditions": preconditions, "entities": entities}

    def expansion(self, data: dict[str, Any], prompt: str, seed: int) -> dict[str, Any]:
        calls = data["calls"]
        half = max(1, len(calls) // 2)
        quote = _quote(calls[:half])
        return {"turns": [{"user": data["instruction"], "calls": list(range(half))},
                          {"user": f"Good, now continue from {quote}.", "calls": list(range(half, len(calls)))}]}

    def wrong(self, body: dict[str, Any], rng: random.Random) -> Reply:
        """A schema-valid reply with wrong content (hallucinated tool, missing parameter, lost call...)."""
        stage = stage_of(body)
        good = self.answer(stage, body)
        if stage == "ScenarioReply":
            good["calls"][0]["tool"] = "delete_all_repositories"
        elif stage == "InterpretationReply":
            good["parameters"].append({"name": "hallucinated_param", "role": "option"})
        elif stage == "MockReply":
            good["outputs"] = good["outputs"][:-1] + [{"index": 99, "output": "?"}]
        else:
            good["turns"] = [{"user": "do it all", "calls": [i for t in good["turns"] for i in t["calls"]]}]
        return json_reply(good, kind="wrong")


def _quote(calls: list[dict[str, Any]]) -> str:
    """A concrete value from these calls' outputs (what a user reacting to them would mention)."""
    for c in calls:
        out = c["output"]
        if isinstance(out, str):
            m = re.search(r"item-\d+-\d+", out)
            if m:
                return m.group(0)
            continue
        stack = [out]
        while stack:
            v = stack.pop()
            if isinstance(v, str) and 3 <= len(v) <= 80:
                return v
            if isinstance(v, (int, float)) and not isinstance(v, bool) and len(str(v)) >= 3:
                return str(v)
            stack.extend(v.values() if isinstance(v, dict) else v if isinstance(v, list) else [])
    return "the results"
