"""A call that does something answers with what it came to: tests passed, a message's ID, a simulator running."""

from __future__ import annotations

import json

from actors.local import generate_local
from schemas import RunConfig
from specs import load_suite


def _tool(name: str, description: str, **props) -> dict:
    return {"name": name, "description": description,
            "inputSchema": {"type": "object", "properties": {k: {"type": v} for k, v in props.items()}}}


def _outputs(tmp_path, tools: list[dict]) -> dict[str, list[dict]]:
    """Every JSON-object output per tool of a generated harness."""
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    manifest, scenarios = generate_local(load_suite([tmp_path / "spec.json"]), RunConfig.model_validate({"seed": 7}),
                                         str(tmp_path / "h"))
    assert manifest.failures == []
    out: dict[str, list[dict]] = {}
    for s in scenarios:
        for c in s.calls:
            try:
                got = json.loads(c.output) if isinstance(c.output, str) else c.output
            except ValueError:
                continue
            if isinstance(got, dict):
                out.setdefault(c.tool, []).append(got)
    return out


def test_runs_sends_and_measurements_answer_with_their_outcome_not_a_bare_completion(tmp_path):
    tools = [_tool("flutter_test", "Run Flutter tests with optional coverage", cwd="string", coverage="boolean"),
             _tool("measure_download_speed", "Measure download speed using incremental file sizes.",
                   size_limit="string"),
             _tool("run_complete_test", "Run a complete speed test returning all metrics in a single call."),
             _tool("send_message", "", recipient="string", message="string"),
             _tool("ios_boot_simulator", "Boot an iOS simulator", udid="string"),
             _tool("ios_shutdown_simulator", "Shutdown an iOS simulator", udid="string"),
             _tool("test_service_connection", "Test connection to the API and get user information")]
    out = _outputs(tmp_path, tools)
    for run in out["flutter_test"]:  # a test run counts its tests, and its verdict follows the failures
        assert run["passed"] + run["failed"] + run["skipped"] == run["tests"]
        assert run["status"] == ("failed" if run["failed"] else "passed") and "finished_at" in run
    assert all(set(r) >= {"download_mbps", "measured_at"} and "upload_mbps" not in r and 1 < r["download_mbps"] < 10_000
               for r in out["measure_download_speed"])
    # a *speed* test is no test suite: figures for all three measures, no pass counts
    assert all({"download_mbps", "upload_mbps", "latency_ms"} <= set(r) and "passed" not in r
               for r in out["run_complete_test"])
    for sent in out["send_message"]:  # a message gets an ID of its own; what it was sent with stays
        assert sent["status"] == "sent" and sent["message_id"] and sent["message_id"] != sent.get("recipient")
        assert "finished_at" not in sent and "sent_at" in sent
    assert all(r["state"] == "running" and "started_at" in r for r in out["ios_boot_simulator"])
    assert all(r["state"] == "shutdown" and "stopped_at" in r for r in out["ios_shutdown_simulator"])
    assert all(r["connected"] is True and r["latency_ms"] > 0 for r in out["test_service_connection"])
    assert not any(r.get("status") == "completed" for rows in out.values() for r in rows)


def test_an_http_post_operation_is_no_message_sent_and_an_export_writes_the_file_it_was_told(tmp_path):
    tools = [_tool("post_api_account_login", "Logs a user in", username="string", password="string"),
             _tool("post_notifications_test", "Send test notification to current user"),
             {"name": "export_table_data", "description": "Export table data to a JSON or CSV file",
              "inputSchema": {"type": "object", "required": ["tableName", "outputPath"], "properties": {
                  "tableName": {"type": "string"},
                  "outputPath": {"type": "string", "description": "absolute path of the file to write, e.g. /tmp/t.csv"}}}}]
    out = _outputs(tmp_path, tools)
    assert out["post_api_account_login"] and all(r.get("status") != "sent" and r.get("authenticated") is True
                                                  for r in out["post_api_account_login"])
    # a test notification is sent, it runs no test suite
    assert out["post_notifications_test"] and all(r.get("status") == "sent" and "passed" not in r
                                                  for r in out["post_notifications_test"])
    for r in out["export_table_data"]:
        assert r["file"].startswith("/") and r["size_bytes"] > 0
        assert r.get("format") in (None, r["file"].rsplit(".", 1)[-1])


def test_a_stop_of_a_record_with_a_state_of_its_own_sets_that_state_and_adds_no_second_one(tmp_path):
    tools = [_tool("start_timer", "Start a timer for a task", taskId="string"),
             {"name": "get_task", "description": "Get a task", "inputSchema": {
                 "type": "object", "required": ["taskId"], "properties": {"taskId": {"type": "string"}}},
              "outputSchema": {"type": "object", "properties": {"id": {"type": "string"},
                                                                "status": {"enum": ["ACTIVE", "DONE"]}}}}]
    out = _outputs(tmp_path, tools)
    assert all(not ({"status", "state"} <= set(r)) for r in out["start_timer"])


def test_a_closed_tab_is_closed(tmp_path):
    tabs = {"type": "object", "properties": {"tabIds": {"type": "array", "items": {"type": "number"}}}}
    tools = [{"name": "get-list-of-open-tabs", "description": "Get the list of open tabs in the user's browser",
              "inputSchema": {"type": "object"}},
             {"name": "close-browser-tabs", "description": "Close tabs in the user's browser by tab IDs",
              "inputSchema": tabs}]
    out = _outputs(tmp_path, tools)
    closed = out["close-browser-tabs"]
    assert closed and all(r.get("status", r.get("state")) == "closed" and "closed_at" in r for r in closed)
    # IDs the schema types as numbers are whole numbers all the same
    assert all(isinstance(r["id"], int) or str(r["id"]).isdigit() for r in closed if "id" in r)


def test_a_program_run_prints_what_the_program_it_was_given_prints(tmp_path):
    from engines.offline.values_query import printed

    tools = [{"name": "python_repl", "description": "Interactive Python REPL that maintains session state.",
              "inputSchema": {"type": "object", "required": ["code"], "properties": {
                  "code": {"type": "string", "description": "Python code to execute"}}}}]
    out = _outputs(tmp_path, tools)
    runs = out["python_repl"]
    assert runs
    for r in runs:  # the run shows what the program prints
        assert r["exit_code"] == 0 and r["stdout"].strip()
    assert printed("import math\nprint(round(math.sqrt(1764), 2))") == "42.0"
    assert printed("rows = [{'name': 'a-1', 'total': 3}, {'name': 'a-2', 'total': 9}]\n"
                   "print(max(rows, key=lambda r: r['total']))") == "{'name': 'a-2', 'total': 9}"
    assert printed("print('hello')") is None  # nothing is run: only the programs the engine writes are known


def test_a_model_asked_something_answers_with_text_on_what_it_was_asked(tmp_path):
    tools = [_tool("sampleLLM", "Samples from an LLM using MCP's sampling feature", prompt="string",
                   maxTokens="integer"),
             _tool("ask_gpt", "Ask the AI model a question", question="string")]
    for t, asked in zip(tools, ("prompt", "question")):
        t["inputSchema"]["required"] = [asked]
    out = _outputs(tmp_path, tools)
    answers = out["sampleLLM"] + out["ask_gpt"]
    assert answers
    for got in answers:
        assert isinstance(got.get("text"), str) and len(got["text"].split()) >= 8, got
        assert got.get("status") != "completed" and "finished_at" not in got
