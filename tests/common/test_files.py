"""Reading a damaged harness: a binary or undecodable file is one error naming it, never a traceback."""

from __future__ import annotations

import pytest

from common.files import MANIFEST, SCENARIOS, TOOLS, HarnessError, load_harness
from harness.validate import validate_harness
from tests.harness.builders import write_harness


@pytest.mark.parametrize("name", [MANIFEST, TOOLS, SCENARIOS])
def test_a_file_that_is_not_utf8_is_a_harness_error_naming_it(tmp_path, name):
    root = write_harness(tmp_path / "h")
    with (root / name).open("ab") as f:
        f.write(b"\xff\xfe\x00binary\n")
    with pytest.raises(HarnessError, match=rf"{name}: not UTF-8 text \(byte \d+"):
        load_harness(root)
    report = validate_harness(root)
    assert not report.ok
    assert [(p.code, p.file) for p in report.problems] == [("invalid_json", name)]


def test_a_manifest_that_is_not_json_names_the_file_once_without_an_empty_path(tmp_path):
    root = write_harness(tmp_path / "h")
    (root / MANIFEST).write_text("{garbage", encoding="utf-8")
    with pytest.raises(HarnessError) as e:
        load_harness(root)
    assert str(e.value).startswith(f"{root / MANIFEST}: Invalid JSON")


def test_a_partial_harness_is_named_in_a_warning_by_run_and_grade(tmp_path):
    import json

    from typer.testing import CliRunner

    from cli.app import app

    root = write_harness(tmp_path / "h")
    assert load_harness(root).partial_warning() is None
    manifest = json.loads((root / MANIFEST).read_text())
    (root / MANIFEST).write_text(json.dumps({**manifest, "partial": True, "stop_reason": "interrupted"}))
    warning = load_harness(root).partial_warning()
    assert warning.startswith(f"warning: {root} is a partial harness (generation stopped: interrupted)")
    run = CliRunner().invoke(app, ["run", str(root), "--agent", "oracle", "--out", str(tmp_path / "r"), "--no-progress"])
    assert run.exit_code == 0 and warning in run.stderr and warning not in run.stdout
    grade = CliRunner().invoke(app, ["grade", str(root), str(tmp_path / "r"), "--out", str(tmp_path / "s")])
    assert grade.exit_code == 0 and warning in grade.stderr and json.loads(grade.stdout)["records"] == 2


def test_ctrl_c_in_the_middle_of_a_write_leaves_the_old_file_and_no_temporary(tmp_path):
    from common.files import write_jsonl
    from schemas import ServerEvent

    path = tmp_path / "events.jsonl"
    write_jsonl(path, [ServerEvent(seq=0, session="s", method="tools/list")])
    old = path.read_bytes()

    def events():
        yield ServerEvent(seq=1, session="s", method="tools/list")
        raise KeyboardInterrupt  # Ctrl-C after one line of the new file was written

    with pytest.raises(KeyboardInterrupt):
        write_jsonl(path, events())
    assert path.read_bytes() == old
    assert [p.name for p in tmp_path.iterdir()] == ["events.jsonl"]


def test_a_ctrl_c_while_outputs_are_replaced_is_raised_only_after_all_of_them_are(tmp_path):
    import os
    import signal

    from common.files import InterruptedAfterWriting, interrupts_held, write_text

    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(InterruptedAfterWriting):
        with interrupts_held():
            write_text(tmp_path / "a.txt", "a")
            os.kill(os.getpid(), signal.SIGINT)  # handled at the next bytecode: recorded, not raised
            write_text(tmp_path / "b.txt", "b")
    assert (tmp_path / "a.txt").read_text() == "a" and (tmp_path / "b.txt").read_text() == "b"
    assert signal.getsignal(signal.SIGINT) is before
    with interrupts_held():  # no Ctrl-C: nothing raised
        write_text(tmp_path / "c.txt", "c")
