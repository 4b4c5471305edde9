"""What a history, activity or audit tool answers about one record (`getIssueHistory`, `get_user_activity`):
the changes that led to the record as it reads now, oldest first, not the record again.

The events agree with the record: the first is its creation (at its `created_at` where it has one), each later
one sets a field to the value the record holds now, and the last is at its `updated_at` where it has one, so a
read of the record and of its history tell the same story."""

from __future__ import annotations

import random
import re
from datetime import datetime, timedelta
from typing import Any

from common.taxonomy import tokens
from engines.offline import chrono
from schemas import Action, ToolInterpretation

_WORDS = frozenset({"history", "activity", "activities", "changelog", "timeline", "revisions", "changes", "audit"})
# Fields a person changes on a record, most telling first; identity, references and timestamps never are.
_TELLING = ("state", "status", "priority", "assignee", "owner", "title", "name", "due_date", "estimate", "labels")
_EARLIER = {"state": ("backlog", "todo", "open", "triage"), "status": ("draft", "pending", "open", "new"),
            "priority": ("low", "medium", "none")}
_FORMAT = "%Y-%m-%dT%H:%M:%SZ"


def is_history(tool: str, it: ToolInterpretation) -> bool:
    """A look at one record's changes: the tool's name says history (not its kind: a `get_history_entry` reads
    one) and its description speaks of changes (a channel's history is its messages, a price history prices)."""
    return it.action is Action.read and bool(set(tokens(tool)) & _WORDS) and not set(tokens(it.entity)) & _WORDS \
        and bool(_CHANGES.search(it.functionality))


_CHANGES = re.compile(r"\b(chang(e|es|ed)|edits?|edited|modifications?|modified|revisions?|audit|activit(y|ies)|"
                      r"updates)\b", re.I)


def _changeable(record: dict[str, Any]) -> list[str]:
    fields = [k for k in record if isinstance(record[k], (str, int, float, list)) and not isinstance(record[k], bool)
              and k != "id" and not k.endswith(("_id", "Id", "_at", "At", "_ids", "Ids")) and chrono.when(record[k]) is None]
    key = {f: (_TELLING.index(f.lower()) if f.lower() in _TELLING else len(_TELLING)) for f in fields}
    return sorted(fields, key=lambda f: key[f])


def events(record: dict[str, Any], kind: str, subject: str, people: list[str], now: datetime,
           rng: random.Random, born: datetime | None = None) -> dict[str, Any]:
    """`{"<kind>_id": subject, "history": [...]}` for the record as it reads now; `born` is when the workflow
    made or first saw it, where the record does not say when it was created."""
    created = chrono.when(record.get("created_at") or record.get("createdAt")) or born
    updated = chrono.when(record.get("updated_at") or record.get("updatedAt"))
    end = min(updated or now, now)
    start = created if created is not None and created < end else end - timedelta(days=rng.randint(3, 40))
    changed = _changeable(record)[: rng.randint(1, 3)]
    span = max((end - start).total_seconds(), len(changed) + 1.0)
    moments = sorted(start + timedelta(seconds=rng.uniform(0, span)) for _ in changed)
    if changed and updated is not None and updated <= now:
        moments[-1] = updated  # the latest change is when the record says it was last changed
    out: list[dict[str, Any]] = [{"id": f"evt_{rng.getrandbits(40):010x}", "action": "created",
                                  "actor": rng.choice(people), "created_at": start.strftime(_FORMAT)}]
    for field, at in zip(changed, moments):
        event: dict[str, Any] = {"id": f"evt_{rng.getrandbits(40):010x}", "action": "updated", "field": field}
        before = [v for v in _EARLIER.get(field.lower(), ()) if v != record[field]]
        if before:
            event["from"] = rng.choice(before)
        elif isinstance(record[field], (int, float)) and not isinstance(record[field], bool):
            event["from"] = type(record[field])(record[field] * rng.choice((0.5, 2)))
        event.update({"to": record[field], "actor": rng.choice(people), "created_at": at.strftime(_FORMAT)})
        out.append(event)
    return {f"{kind}_id": subject, "history": out}
