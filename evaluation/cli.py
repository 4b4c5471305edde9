"""`seer grade|report` (not available yet)."""

from coordinator.unavailable import not_available


from evaluation.grade_cmd import grade  # noqa: E402  (`seer grade` lives in its own module)


def report() -> None:
    """Write an HTML report (not available yet)."""
    not_available("report")
