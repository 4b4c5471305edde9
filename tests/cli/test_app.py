"""The `seer` entry point: every subcommand is wired, and the CLI edge turns bad flags into errors."""

from __future__ import annotations

import subprocess
import sys

SUBCOMMANDS = ("inspect", "generate", "validate", "serve", "run", "grade", "report", "verify", "export", "diff", "coverage")


def _seer(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cli", *args], capture_output=True, text=True, timeout=120)


def test_help_lists_every_subcommand():
    out = _seer("--help")
    assert out.returncode == 0
    for name in SUBCOMMANDS:
        assert name in out.stdout


def test_each_subcommand_is_the_function_of_its_name_in_the_module_of_its_name():
    from pathlib import Path

    import cli
    from cli.app import app

    modules = {p.stem for p in Path(cli.__file__).parent.glob("*.py")} - {"__init__", "__main__", "app"}
    assert modules == set(SUBCOMMANDS)
    for command in app.registered_commands:
        assert command.callback.__module__ == f"cli.{command.name}" and command.callback.__name__ == command.name


def test_help_shows_switches_as_switches_and_valued_options_with_their_type():
    import re

    for args in [("--help",), *((name, "--help") for name in SUBCOMMANDS)]:
        out = _seer(*args)
        assert out.returncode == 0, args
        assert "<bool>" not in out.stdout, args
        lines = {m.group(1): m.group(2) for m in re.finditer(r"(--[a-z-]+)\s+(<\w+>)?", out.stdout)}
        assert lines["--help"] is None, args
        if args[0] == "generate":
            assert lines["--no-progress"] is None and lines["--resume"] is None and lines["--seed"] == "<int>"


def test_unknown_log_format_is_rejected_without_traceback():
    out = _seer("--log-format", "xml", "inspect", "--help")
    assert out.returncode != 0
    assert "Traceback" not in out.stderr


def test_every_option_and_argument_of_every_subcommand_has_help_text():
    import typer.main

    from cli.app import app

    group = typer.main.get_command(app)
    assert sorted(group.commands) == sorted(SUBCOMMANDS)
    missing = [f"{name} {p.opts[0] if p.opts else p.name}" for name, cmd in group.commands.items()
               for p in cmd.params if p.name != "help" and not getattr(p, "help", None)]
    assert missing == []


def test_an_output_path_that_cannot_be_created_is_one_error_line_naming_it(tmp_path):
    from tests.conftest import EXAMPLES

    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    out = _seer("generate", str(EXAMPLES / "memory.json"), "--out", str(blocker / "h"), "--in-process", "--no-progress")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.strip().splitlines() == [f"error: {blocker / 'h' / '.seer-run'}: Not a directory"]


def test_a_ctrl_c_python_would_drop_in_a_finaliser_is_signalled_again_not_printed(monkeypatch):
    import time

    import pytest

    from cli.app import redeliver_swallowed_interrupts

    monkeypatch.setattr(sys, "unraisablehook", sys.unraisablehook)  # put back after the test

    class Finaliser:
        def __del__(self):
            raise KeyboardInterrupt  # as when Ctrl-C lands while garbage collection runs this

    redeliver_swallowed_interrupts()
    with pytest.raises(KeyboardInterrupt):
        Finaliser()  # dropped at once: Python reports the exception to sys.unraisablehook
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # the SIGINT sent again arrives here, outside the finaliser
            time.sleep(0.01)


def test_a_swallowed_ctrl_c_is_not_signalled_again_once_the_command_has_ended(monkeypatch):
    """After the command chose its exit code nothing would handle the SIGINT sent again: in the interpreter's
    shutdown it would kill the process instead (exit -2)."""
    import signal
    import time

    from cli.app import COMMAND_ENDED, redeliver_swallowed_interrupts

    monkeypatch.setattr(sys, "unraisablehook", sys.unraisablehook)
    received = []
    previous = signal.signal(signal.SIGINT, lambda *_: received.append(1))
    COMMAND_ENDED.set()
    try:
        class Finaliser:
            def __del__(self):
                raise KeyboardInterrupt

        redeliver_swallowed_interrupts()
        Finaliser()
        time.sleep(0.5)  # ten times the delay of a redelivery
    finally:
        COMMAND_ENDED.clear()
        signal.signal(signal.SIGINT, previous)
    assert received == []


def test_an_interrupted_command_ends_once_it_has_said_what_it_kept_without_the_interpreters_shutdown(tmp_path):
    """After the one line, the process exits 130 at once: the interpreter's shutdown (atexit handlers here) is
    where a late SIGINT could turn that exit into death by SIGINT."""
    from tests.conftest import dev_spec

    marker = tmp_path / "atexit-ran"
    code = ("import atexit, os, signal, sys, threading, time\n"
            f"atexit.register(lambda: open({str(marker)!r}, 'w').close())\n"
            "from cli.app import main\n"
            f"sys.argv = ['seer', 'generate', {str(dev_spec('azure'))!r}, '--out', {str(tmp_path / 'h')!r}, "
            "'--min-per-tool', '3', '--no-progress']\n"
            "def interrupt():  # once the run has begun: its partial manifest is there\n"
            f"    while not os.path.exists({str(tmp_path / 'h' / 'manifest.json')!r}):\n"
            "        time.sleep(0.01)\n"
            "    os.kill(os.getpid(), signal.SIGINT)\n"
            "threading.Thread(target=interrupt, daemon=True).start()\n"
            "main()\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 130, r.stderr[-500:]
    assert r.stderr.startswith("interrupted: partial harness in "), r.stderr[-500:]
    assert not marker.exists()


def test_ctrl_c_while_the_arguments_are_read_is_one_line_and_exit_130():
    """Typer turns a Ctrl-C outside a command's own code (parsing, the root callback) into exit 130 with no
    word; ours says what happened."""
    import typer
    from typer.testing import CliRunner

    from cli.app import _Command, _Group

    def interrupt(value: str) -> str:
        raise KeyboardInterrupt

    demo = typer.Typer(cls=_Group)

    @demo.callback()
    def root(level: str = typer.Option("x", "--level", callback=interrupt)) -> None:
        pass

    @demo.command(cls=_Command)
    def hello() -> None:
        pass

    res = CliRunner().invoke(demo, ["hello"])
    assert (res.exit_code, res.stderr) == (130, "interrupted before anything was done\n")
