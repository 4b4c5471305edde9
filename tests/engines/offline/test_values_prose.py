"""Words a slot asks for, in its register: a chat's `query` described as the message to send is words to a model,
not a search's few words; a `text` described as the user's idea or requirements is a brief of what they want built,
not a message to a colleague; a request says such a message as what is asked, not as what is matched."""

from __future__ import annotations

import json
import random

from actors.local import generate_local
from engines.offline.values import ValueGenerator
from engines.offline.world import make_org
from schemas import RunConfig
from specs import load_suite


def _values(name: str, description: str, role: str = "filter") -> list[str]:
    return [ValueGenerator(make_org(s), random.Random(s)).value({"type": "string", "description": description},
                                                                name=name, role=role) for s in range(10)]


def test_a_chat_query_is_a_message_to_a_model_and_a_search_query_a_few_words():
    for v in _values("query", "The chat message to send"):
        assert len(v.split()) >= 5 and v.endswith((".", "?")), v
    for v in _values("query", "The search query or question to look up"):
        assert len(v.split()) <= 4, v


def test_a_text_described_as_an_idea_is_a_brief_of_what_to_build():
    briefs = _values("text", "User's idea/requirements to turn into a technical design document.", role="content")
    messages = _values("text", "Message body", role="content")
    assert not set(briefs) & set(messages)
    assert all(not v.startswith(("Quick reminder", "Thanks for", "Can we move", "Following up")) for v in briefs), briefs


def test_a_request_asks_a_chat_its_message(tmp_path):
    tools = [{"name": "chat", "description": "Chat with the assistant.",
              "inputSchema": {"type": "object", "required": ["query"],
                              "properties": {"query": {"type": "string", "description": "The chat message to send"}}}}]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "s.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    asked = [s.instruction for s in scenarios if s.calls[0].tool == "chat"]
    assert asked and all(" matching " not in a for a in asked), asked
    assert any(json.dumps(s.calls[0].arguments["query"])[1:-1] in s.instruction for s in scenarios)
