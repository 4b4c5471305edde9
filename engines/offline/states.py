"""States a call's verb moves its record to, and the state the record must be in before: `complete_task` leaves
a task completed and works on one still open, `reopen_task` on one completed, `resume` on one paused."""

from __future__ import annotations

from common.taxonomy import tokens


# Verbs that move a record to a state of its own (`complete_task`, `archive_project`, `stop_tunnel`): the state.
_STATE_VERBS = {"complete": "completed", "finish": "completed", "reopen": "open", "archive": "archived",
                "unarchive": "active", "close": "closed", "resolve": "resolved", "approve": "approved", "reject": "rejected",
                "pause": "paused", "resume": "active", "suspend": "suspended", "stop": "stopped", "start": "running",
                "publish": "published", "unpublish": "draft", "confirm": "confirmed", "activate": "active",
                "deactivate": "inactive", "enable": "enabled", "disable": "disabled", "lock": "locked", "unlock": "unlocked",
                "acknowledge": "acknowledged", "ack": "acknowledged", "snooze": "snoozed", "block": "blocked",
                "unblock": "active", "escalate": "escalated", "uncomplete": "open"}


def state_set(tool: str) -> str | None:
    """The state a tool's verb moves its record to, where its name opens on such a verb (after a namespace)."""
    return next((_STATE_VERBS[t] for t in tokens(tool)[:3] if t in _STATE_VERBS), None)


# The state a record is in for such a verb to make sense: one reopens what is completed, resumes what is paused.
_BEFORE = {"complete": "open", "finish": "in_progress", "reopen": "completed", "archive": "active", "unarchive": "archived",
           "close": "open", "resolve": "open", "approve": "pending", "reject": "pending", "pause": "running",
           "resume": "paused", "suspend": "active", "stop": "running", "start": "stopped", "publish": "draft",
           "unpublish": "published", "confirm": "pending", "activate": "inactive", "deactivate": "active",
           "enable": "disabled", "disable": "enabled", "lock": "unlocked", "unlock": "locked", "acknowledge": "triggered",
           "ack": "triggered", "unblock": "blocked", "block": "active", "escalate": "open", "uncomplete": "completed",
           "undelete": "deleted"}


def state_before(tool: str) -> str | None:
    """The state a record is in before a tool's state verb moves it (see `state_set`)."""
    return next((_BEFORE[t] for t in tokens(tool)[:3] if t in _BEFORE), None)
