"""A tool that computes answers with the result worked out from its arguments, takes operands its operation
allows, and is asked as a person asks a calculator; a tool that only shares a word with one computes nothing."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

from actors.local import generate_local
from engines.offline import compute
from engines.offline.interpret import interpret_tool
from schemas import RunConfig, Tool
from specs import load_suite


def _tool(name: str, desc: str, props: dict, req: tuple = (), output: dict | None = None) -> dict:
    tool = {"name": name, "description": desc,
            "inputSchema": {"type": "object", "properties": props, "required": list(req)}}
    return {**tool, "outputSchema": output} if output else tool


def _generate(tmp_path: Path, tools: list[dict]):
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    suite = load_suite([tmp_path / "spec.json"])
    return generate_local(suite, RunConfig.model_validate({"seed": 7}), str(tmp_path / "h"))


_NUM = {"type": "number"}
_CALCULATOR = [
    _tool("multiply", "Multiplies two numbers together.", {"a": _NUM, "b": _NUM}, ("a", "b")),
    _tool("subtract", "Subtract the second number from the first.", {"minuend": _NUM, "subtrahend": _NUM},
          ("subtrahend", "minuend")),
    _tool("divide", "Divide two numbers.", {"numerator": _NUM, "denominator": _NUM}, ("numerator", "denominator")),
    _tool("mean", "Average of a list of numbers.", {"numbers": {"type": "array", "items": _NUM}}, ("numbers",)),
    _tool("arcsin", "Arcsine of a number, in radians.", {"number": _NUM}, ("number",)),
    _tool("calculate", "Calculates/evaluates the given expression.", {"expression": {"type": "string"}}, ("expression",)),
    _tool("power", "Raise a base to an exponent.", {"base": _NUM, "exponent": _NUM}, ("base", "exponent"),
          output={"type": "object", "properties": {"result": _NUM}, "required": ["result"]}),
]


def _expected(tool: str, args: dict) -> float:
    if tool == "multiply":
        return args["a"] * args["b"]
    if tool == "subtract":
        return args["minuend"] - args["subtrahend"]
    if tool == "divide":
        return args["numerator"] / args["denominator"]
    if tool == "mean":
        return sum(args["numbers"]) / len(args["numbers"])
    if tool == "arcsin":
        return math.asin(args["number"])
    if tool == "power":
        return args["base"] ** args["exponent"]
    return compute.evaluate(args["expression"])


def test_a_calculator_answers_with_the_result_of_its_operands_and_is_asked_as_a_question(tmp_path):
    manifest, scenarios = _generate(tmp_path, _CALCULATOR)
    assert manifest.coverage.ratio == 1.0 and manifest.failures == []
    seen = set()
    for s in scenarios:
        for c in s.calls:
            got = c.output if isinstance(c.output, dict) else json.loads(c.output)
            got = got["result"] if isinstance(got, dict) else got
            # (results are shown to ten decimal places: at most 5e-11 from the exact value, whatever its size)
            assert math.isclose(got, _expected(c.tool, c.arguments), rel_tol=1e-9, abs_tol=5e-11), \
                (c.tool, c.arguments, c.output)
            seen.add(c.tool)
            if c.tool == "arcsin":
                assert -1 <= c.arguments["number"] <= 1
            if c.tool == "calculate":
                assert compute.evaluate(c.arguments["expression"]) is not None  # arithmetic, not a script
        if s.complexity == "simple":
            assert "run the" not in s.instruction and " with a " not in s.instruction, s.instruction
            assert "warnings" not in s.follow_up and "finish cleanly" not in s.follow_up
    assert seen == {t["name"] for t in _CALCULATOR}


def test_operands_vary_between_calls_instead_of_repeating_a_handful_of_numbers(tmp_path):
    manifest, scenarios = _generate(tmp_path, _CALCULATOR[:1])
    pairs = [(c.arguments["a"], c.arguments["b"]) for s in scenarios for c in s.calls]
    assert len(pairs) >= 5 and len(set(pairs)) == len(pairs)
    assert len({b for _, b in pairs}) >= len(pairs) - 1


def test_tools_that_share_a_word_with_an_operation_compute_nothing():
    tools = [_tool("add_item", "Add an item to a list.", {"list_id": {"type": "integer"}, "quantity": {"type": "integer"}},
                   ("list_id", "quantity")),
             _tool("get_log", "Read a log entry.", {"log_id": {"type": "integer"}}, ("log_id",)),
             _tool("get_product", "Read a product.", {"product_id": {"type": "string"}}, ("product_id",)),
             _tool("browser_evaluate", "Evaluate a JavaScript expression on the page.",
                   {"expression": {"type": "string"}}, ("expression",)),
             _tool("multiply", "Multiplies two numbers together.", {"a": _NUM, "b": _NUM}, ("a", "b"))]
    found = {}
    for t in tools:
        it = interpret_tool(Tool(name=t["name"], description=t["description"], spec="s", input_schema=t["inputSchema"]))
        found[t["name"]] = compute.operation(t["name"], it, t["inputSchema"])
    assert found == {"add_item": None, "get_log": None, "get_product": None, "browser_evaluate": None,
                     "multiply": "binary"}


def test_an_expression_is_evaluated_never_executed():
    assert compute.evaluate("12 * (3 + 4)") == 84
    assert compute.evaluate("2^10") == 1024 and compute.evaluate("sqrt(144) + 3") == 15
    assert compute.evaluate("__import__('os').system('true')") is None
    assert compute.evaluate("9 ** 9 ** 9") is None and compute.evaluate("((2**40)**64)**64") is None  # no runaway powers
    assert compute.evaluate("1 / 0") is None and compute.evaluate("(" * 5000 + "1" + ")" * 5000) is None
    assert compute.evaluate("+".join(["1"] * 30000)) is None  # too deep to walk: no answer, no crash
    for seed in range(20):
        assert compute.evaluate(compute.expression(random.Random(seed))) is not None


def test_a_conversion_between_units_its_name_pairs_converts(tmp_path):
    tools = [_tool("degreesToRadians", "Converts degrees to radians.", {"number": _NUM}, ("number",)),
             _tool("celsius_to_fahrenheit", "Convert a temperature.", {"celsius": _NUM}, ("celsius",))]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.coverage.ratio == 1.0 and manifest.failures == []
    for c in (c for s in scenarios for c in s.calls):
        x = next(iter(c.arguments.values()))
        want = math.radians(x) if c.tool == "degreesToRadians" else x * 9 / 5 + 32
        assert math.isclose(json.loads(c.output), want, rel_tol=1e-9), (c.tool, c.arguments, c.output)


def test_a_tool_that_reads_records_out_of_a_file_answers_with_records_not_a_file_manager_s_lines(tmp_path):
    tools = [_tool("get_alerts_from_pcap_file", "Processes a PCAP file with Suricata and returns the alerts.",
                   {"pcap_file": {"type": "string", "description": "Path to the PCAP file"}}, ("pcap_file",)),
             _tool("get_suricata_version", "Version of the Suricata engine.", {})]
    manifest, scenarios = _generate(tmp_path, tools)
    assert manifest.failures == []
    calls = [c for s in scenarios for c in s.calls]
    alerts = [c for c in calls if c.tool == "get_alerts_from_pcap_file"]
    assert alerts and all(c.arguments["pcap_file"].endswith(".pcap") for c in alerts)
    for c in alerts:
        assert not c.output.startswith(("[DIR]", "[FILE]", "Successfully")) and json.loads(c.output.split("\n")[0])
