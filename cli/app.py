"""The `seer` command line: the Typer app, its root options and the error handling every subcommand shares.
Each subcommand is the function of the same name in the module of the same name (`cli/generate.py` holds
`generate`); this module only wires them.

Errors the user can fix (SeerError) become one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import sys
import threading

from cli import interrupted_while_starting

try:
    import typer
    from typer.core import TyperCommand, TyperGroup

    from coordinator.logs import configure_logging
    from schemas.errors import SeerError
except KeyboardInterrupt:
    interrupted_while_starting()


class _Switches:
    """Help that shows a switch as a switch. Typer's help gives every option a type column, `<bool>` for a
    flag as well, which invites a value (`--no-progress true`, then read as a spec file); a flag gets none."""

    def get_params(self, ctx):
        params = super().get_params(ctx)
        for p in params:
            if getattr(p, "is_flag", False) and p.metavar is None:
                p.metavar = ""
        return params


class _Starting:
    """Ctrl-C before a command's own handling starts (while the arguments are parsed, the root options applied,
    the command imports what it needs): one line and exit 130. Typer would exit 130 printing nothing, leaving the
    user to guess."""

    def make_context(self, *args, **kwargs):
        try:
            return super().make_context(*args, **kwargs)
        except KeyboardInterrupt:
            _interrupted_before()

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            _interrupted_before()


def _interrupted_before() -> None:
    typer.echo("interrupted before anything was done", err=True)
    raise typer.Exit(130) from None


class _Command(_Starting, _Switches, TyperCommand):
    pass


class _Group(_Starting, _Switches, TyperGroup):
    pass


app = typer.Typer(
    name="seer",
    cls=_Group,
    help="Agent Seer: turn tool specifications into evaluation harnesses for tool-using agents.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root(
    log_format: str = typer.Option("console", "--log-format", help="Log format on stderr: console or json."),
    log_level: str = typer.Option("warning", "--log-level", help="debug, info, warning or error."),
) -> None:
    if log_format not in ("console", "json"):
        raise typer.BadParameter("must be console or json", param_hint="--log-format")
    configure_logging(log_format, log_level)


COMMANDS = ("inspect", "generate", "validate", "serve", "run", "verify", "export", "grade", "report", "diff",
            "coverage")


def _register() -> None:
    # Each command module imports its heavy libraries inside the command, so importing them all stays cheap.
    from importlib import import_module

    for name in COMMANDS:
        app.command(name, cls=_Command)(getattr(import_module(f"cli.{name}"), name))


try:
    _register()
except KeyboardInterrupt:
    interrupted_while_starting()


COMMAND_ENDED = threading.Event()


def redeliver_swallowed_interrupts() -> None:
    """Python drops an exception raised in a __del__ method or a weakref callback, printing "Exception ignored
    in ..." with a traceback: a Ctrl-C that lands there (garbage collection while matplotlib draws, say) would
    be printed and lost, and the command would carry on. Such a Ctrl-C is signalled again, from a timer thread
    a moment later so that it is handled after the callback (and this hook) returned, where the command's own
    handler sees it. Once the command has ended (COMMAND_ENDED), there is no handler left to see it: a timer
    still pending then does nothing, rather than land in the interpreter's shutdown, where SIGINT kills the
    process (exit -2) after the command chose its exit code."""
    import os
    import signal

    previous = sys.unraisablehook

    def resignal() -> None:
        if not COMMAND_ENDED.is_set():
            os.kill(os.getpid(), signal.SIGINT)

    def hook(unraisable) -> None:
        if isinstance(unraisable.exc_value, KeyboardInterrupt):
            timer = threading.Timer(0.05, resignal)
            timer.daemon = True
            timer.start()
        else:
            previous(unraisable)

    sys.unraisablehook = hook


def _interrupted_exit() -> None:
    """End an interrupted command at once, exit 130, once it has said what it kept: files are written atomically
    and Ray is shut down before this, and the interpreter's own shutdown (atexit handlers, joins, restoring signal
    handlers) is where a late SIGINT turned exit 130 into death by SIGINT (-2) on a loaded machine."""
    import os

    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed or broken pipe: nothing more can be said there
            pass
    os._exit(130)


def main() -> None:
    redeliver_swallowed_interrupts()
    try:
        app()
    except SystemExit as e:
        if e.code == 130:  # a command's own Ctrl-C handling chose it
            _interrupted_exit()
        raise
    except SeerError as e:
        typer.echo(f"error: {e}", err=True)
        sys.exit(e.exit_code)
    except OSError as e:
        if e.filename is None:  # not about a path the user gave (a socket, a broken pipe...): a real failure
            raise
        # An --out under a file, a read-only or missing directory: the user's to fix, so one line, not a traceback.
        where = f"{e.filename} -> {e.filename2}" if e.filename2 else str(e.filename)
        typer.echo(f"error: {where}: {e.strerror or e}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        _interrupted_exit()
    finally:
        COMMAND_ENDED.set()

