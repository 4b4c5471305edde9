"""`seer grade|report` (not available yet)."""

from coordinator.unavailable import not_available


def grade() -> None:
    """Grade agent transcripts against the oracle (not available yet)."""
    not_available("grade")


def report() -> None:
    """Write an HTML report (not available yet)."""
    not_available("report")
