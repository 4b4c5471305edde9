"""structlog setup, done once at the CLI edge. Logs go to stderr; stdout is for results (and MCP stdio)."""

from __future__ import annotations

import logging
import sys

import structlog


class _StderrLogger:
    """Writes to whatever sys.stderr is at call time (test runners swap and close it)."""

    def msg(self, message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    log = debug = info = warning = warn = error = critical = exception = fatal = msg


def _stderr_logger_factory(*_args: object) -> _StderrLogger:
    return _StderrLogger()


def configure_logging(fmt: str = "console", level: str = "info") -> None:
    lvl = getattr(logging, level.upper(), logging.INFO)
    renderer = (
        structlog.processors.JSONRenderer()
        if fmt == "json"
        else structlog.dev.ConsoleRenderer(colors=sys.stderr.isatty())
    )
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(lvl),
        logger_factory=_stderr_logger_factory,
        cache_logger_on_first_use=False,
    )


def ensure_configured() -> None:
    """Library use without the CLI: keep structlog's stdout default from printing debug lines.

    The CLI configures logging itself; this only applies a quiet stderr setup when nobody did.
    """
    if not structlog.is_configured():
        configure_logging("console", "warning")
