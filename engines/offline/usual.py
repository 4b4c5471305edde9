"""Fields a record of a common software kind usually carries besides its ID (a run's status and branch, an
issue's title and state, a comment's body and author), drawn for the organisation: what a record shows where
the spec says nothing else of its kind (render.described keeps those the spec's own text speaks of)."""

from __future__ import annotations

import random
from typing import Any

from common.taxonomy import tokens
from engines.offline import values_formats as fmt
from engines.offline.values_vocab import org_topic
from engines.offline.world import Organisation

_RUNS = {"run", "job", "build", "workflow", "pipeline", "deployment", "check", "task", "execution"}
_TICKETS = {"issue", "pull", "request", "ticket", "story", "bug", "epic", "incident", "alert"}
_NOTES = {"comment", "review", "message", "note", "observation", "reply", "post", "thread"}
_PEOPLE = {"user", "member", "person", "people", "account", "collaborator", "assignee"}


def extras(kind: str, org: Organisation, rng: random.Random) -> dict[str, Any]:
    """Fields a record of this kind typically carries besides its ID."""
    words = set(tokens(kind))
    who = org.people[rng.randrange(len(org.people))]
    topic = f"{rng.choice(org.nouns)} {org_topic(org, rng)}"
    if "release" in words:
        major, minor = rng.randint(1, 4), rng.randint(0, 20)
        return {"tag_name": f"v{major}.{minor}.0", "name": f"v{major}.{minor}.0 — {topic} fixes", "author": who.username,
                "published_at": fmt.last_touched(rng), "draft": False, "prerelease": False,
                "assets": [{"name": f"{rng.choice(org.services)}-v{major}.{minor}.0.tar.gz",
                            "size": rng.randint(200_000, 9_000_000)}]}
    if "artifact" in words:
        return {"name": rng.choice(("coverage-report", "build-output", "test-results", "sbom")),
                "size_in_bytes": rng.randint(20_000, 4_000_000), "expired": False, "created_at": fmt.last_touched(rng)}
    if words & {"repository", "repo"}:
        return {"full_name": f"{org.slug}/{rng.choice(org.services)}", "private": True,
                "default_branch": "main", "updated_at": fmt.last_touched(rng)}
    if words & _RUNS:
        done = rng.random() < 0.7
        return {"status": "completed" if done else rng.choice(("in_progress", "queued")),
                "conclusion": rng.choice(("success", "success", "failure")) if done else None,
                "head_branch": rng.choice(org.branches), "created_at": fmt.last_touched(rng)}
    if words & _TICKETS:
        return {"title": f"Fix {topic} in {rng.choice(org.services)}", "state": rng.choice(("open", "open", "closed")),
                "user": who.username, "created_at": fmt.last_touched(rng)}
    if words & _NOTES:
        return {"body": f"Looked into the {topic}; details are in the run logs.", "author": who.username,
                "created_at": fmt.last_touched(rng)}
    if "commit" in words:
        return {"message": f"Fix {topic}", "author": who.email, "date": fmt.last_touched(rng)}
    if words & {"branch", "tag", "ref"}:
        return {"protected": rng.random() < 0.3, "updated_at": fmt.last_touched(rng)}
    if words & _PEOPLE:
        return {"display_name": who.name, "email": who.email}
    if words & {"element", "locator", "button", "field", "input"}:
        return {"tag": rng.choice(("button", "input", "a", "div")), "displayed": True, "enabled": True,
                "text": rng.choice(("Submit", "Save changes", "Next", f"{rng.choice(org.nouns).capitalize()} settings"))}
    if words & {"cookie"}:
        return {"domain": org.domain, "path": "/", "secure": True, "expiry": rng.choice((900, 3600, 86400))}
    if words & {"page", "tab", "browser", "window", "url", "screenshot"}:
        return {"title": f"{rng.choice(org.nouns).capitalize()} · {org.name}", "status": 200}
    if words & {"channel", "conversation"}:
        return {"is_private": rng.random() < 0.3, "num_members": rng.randint(4, 80), "topic": topic}
    if words & {"artboard", "layer", "frame", "selection", "shape", "rectangle", "comp", "composition", "sequence"}:
        return {"name": f"{rng.choice(org.nouns).capitalize()} {rng.choice(('Header', 'Background', 'Logo', 'Card'))}",
                "visible": True, "locked": False, "bounds": [0, 0, rng.choice((640, 1280, 1920)), rng.choice((480, 720, 1080))]}
    if words & {"file", "document", "blob"}:
        return {"size": rng.randint(1_200, 48_000), "modified": fmt.last_touched(rng)}
    if "key" in words and words & {"api", "access", "secret", "private", "public", "ssh", "signing", "license"}:
        # an API key is a credential, shown by its name and a masked prefix, never a cache entry
        return {"name": f"{rng.choice(org.services)}-{rng.choice(('ci', 'prod', 'local'))}",
                "prefix": f"sk_{rng.getrandbits(24):06x}", "created_at": fmt.last_touched(rng)}
    if "key" in words:  # a key of a key-value store
        return {"type": rng.choice(("string", "hash", "list")), "ttl": rng.choice((-1, 3600, 86400))}
    return {"updated_at": fmt.last_touched(rng)}  # nothing is known of this kind: an honest timestamp, no borrowed person


# Names a record gives one fact under: a spec's `ticket_status` is the ticket's status, so a usual `state` drawn
# beside it could only contradict it (`"ticket_status": "OPEN", "state": "closed"`).
_ONE_FACT = (frozenset({"status", "state"}), frozenset({"content", "body", "text"}), frozenset({"title", "subject"}))


def held_facts(own: dict[str, Any], kind: str) -> list[list[str]]:
    """The words of the fields in `own` that state one of those facts of the record itself: bare or after the kind's
    own name (a ticket's `ticket_status`; a pull request's `commit_title` is another thing's)."""
    mine = ([], tokens(kind), tokens(kind)[-1:])
    return [w for w in map(tokens, own) if w and w[:-1] in mine and any(w[-1] in a for a in _ONE_FACT)]


def said_otherwise(name: str, held: list[list[str]]) -> bool:
    """Whether a field `held` (see `held_facts`) already states the fact field `name` would, under another name."""
    aspect = next((a for a in _ONE_FACT if name in a), None)
    return aspect is not None and any(w[-1] in aspect for w in held if w != [name])
