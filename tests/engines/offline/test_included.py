"""What a call's switches ask its result to include is there, and what they leave out is not; a switch that
says which records (`include_archived`) or how (`return_json`) names no field."""

from __future__ import annotations

import json

from actors.local import generate_local
from engines.offline.included import switched_fields
from schemas import RunConfig
from specs import load_suite


def test_a_field_a_switch_names_is_in_each_record_when_asked_and_not_when_left_out(tmp_path):
    image = {"type": "boolean", "description": "Whether to include cover images in the response"}
    last = {"type": "boolean", "description": "Whether to include each chat's last message"}
    tools = [{"name": "get-all-breeds", "description": "Get a list of all supported dog breeds and their IDs",
              "inputSchema": {"type": "object", "properties": {"includeImage": image}, "required": ["includeImage"]}},
             {"name": "list_chats", "description": "List the chats.",
              "inputSchema": {"type": "object", "properties": {"include_last_message": last},
                              "required": ["include_last_message"]}}]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "s.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    seen = set()
    for c in (c for s in scenarios for c in s.calls):
        rows = json.loads(c.output) if isinstance(c.output, str) else c.output
        field, on = ("image_url", c.arguments["includeImage"]) if c.tool == "get-all-breeds" else \
            ("last_message", c.arguments["include_last_message"])
        assert rows and all((field in r) is on for r in rows), (c.arguments, rows)
        seen.add((c.tool, on))
    assert ("get-all-breeds", True) in seen and ("list_chats", False) in seen


def test_which_records_or_how_is_no_field():
    assert switched_fields({"include_archived": True, "returnJson": False, "include_all": True, "limit": 5}) == {}
    assert switched_fields({"includeImage": True, "with_tags": False}) == {"image": True, "tags": False}
