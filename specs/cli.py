"""`seer inspect` (not available yet)."""

from coordinator.unavailable import not_available


def inspect() -> None:
    """Schema-complexity profile of specs (not available yet)."""
    not_available("inspect")
