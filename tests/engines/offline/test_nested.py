from engines.offline.nested import unwrap
from schemas import Tool

_DEFS = {"Input": {"type": "object", "properties": {"layer_name": {"type": "string"}}, "required": ["layer_name"]}}


def test_a_single_required_object_parameter_is_seen_through_with_its_defs():
    tool = Tool(name="t", input_schema={"type": "object", "$defs": _DEFS, "required": ["params"],
                                        "properties": {"params": {"$ref": "#/$defs/Input"}}})
    name, inner = unwrap(tool)
    assert name == "params" and inner.input_schema["properties"] == _DEFS["Input"]["properties"]
    assert inner.input_schema["$defs"] == _DEFS and tool.input_schema["properties"]["params"] == {"$ref": "#/$defs/Input"}


def test_other_shapes_are_left_alone():
    two = {"type": "object", "$defs": _DEFS, "required": ["params"],
           "properties": {"params": {"$ref": "#/$defs/Input"}, "x": {"type": "string"}}}
    optional = {"type": "object", "$defs": _DEFS, "properties": {"params": {"$ref": "#/$defs/Input"}}}
    free = {"type": "object", "required": ["data"], "properties": {"data": {"type": "object"}}}
    assert all(unwrap(Tool(name="t", input_schema=s)) is None for s in (two, optional, free))
