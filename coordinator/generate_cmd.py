"""`seer generate` (not available yet)."""

from coordinator.unavailable import not_available


def generate() -> None:
    """Generate a harness from specs (not available yet)."""
    not_available("generate")
