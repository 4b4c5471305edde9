"""`seer validate|serve|run|verify` (not available yet)."""

from coordinator.unavailable import not_available


def validate() -> None:
    """Check a harness against its own tools (not available yet)."""
    not_available("validate")


def serve() -> None:
    """Serve a harness as an MCP server (not available yet)."""
    not_available("serve")


def run() -> None:
    """Run an agent against a harness (not available yet)."""
    not_available("run")


def verify() -> None:
    """Replay a harness against the real MCP server (not available yet)."""
    not_available("verify")
