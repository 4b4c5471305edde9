"""What a git server prints (`git log` blocks, `git show` with a diff, `git status`, branch lists) for a tool
named `git_…`, from the commits and branches the call shows."""

from __future__ import annotations

import random
from typing import Any

from common.taxonomy import tokens
from engines.offline.usual import extras
from engines.offline.world import Organisation
from schemas import Action, Entity, ToolInterpretation


def git_text(tool: str, it: ToolInterpretation, args: dict[str, Any], shown: list[Entity], target: Entity | None,
         org: Organisation, rng: random.Random) -> str | None:
    """What the git server prints: `git log` blocks, `git show` with a diff, `git status`, branch lists."""
    words = set(tokens(tool))
    commits = [e for e in shown if e.kind == "commit"]
    subject = next(iter(commits), None) or (target if target is not None and target.kind == "commit" else None)
    if it.action in (Action.list, Action.search) and commits and len(commits) == len(shown):
        return "\n\n".join(_commit(e, org, show_diff=False) for e in commits)
    if it.action in (Action.list, Action.search) and shown and all(e.kind == "branch" for e in shown):
        return "\n".join(("* " if k == 0 else "  ") + e.id for k, e in enumerate(shown))
    first = (commits or shown or ([target] if target is not None else [None]))[0]
    if it.action is Action.create and "commit" in words and first is not None:
        return f"Changes committed successfully with hash {first.id}"
    if it.action is Action.create and "branch" in words and first is not None:
        base = next((v for k, v in args.items() if "base" in k and isinstance(v, str)), None)
        return f"Created branch '{first.id}'" + (f" from '{base}'" if base else "")
    if "checkout" in words:
        branch = next((v for k, v in args.items() if "branch" in k and isinstance(v, str)), first.id if first else "main")
        return f"Switched to branch '{branch}'"
    if "add" in words:
        files = [f for v in args.values() for f in (v if isinstance(v, list) else []) if isinstance(f, str)]
        return "Files staged successfully: " + ", ".join(files or [e.id for e in shown])
    if "reset" in words:
        return "All staged changes reset"
    if "init" in words:
        return f"Initialized empty Git repository in {next((v for v in args.values() if isinstance(v, str) and v.startswith('/')), '.')}/.git/"
    if "status" in words:
        branch = next((e.id for e in shown if e.kind == "branch"), rng.choice(org.branches))
        return (f"On branch {branch}\nChanges not staged for commit:\n  modified:   {_repo_file(org, rng)}\n\n"
                + "\n".join(e.id for e in shown if e.id != branch)).rstrip()
    if it.action in (Action.read, Action.analyze) and ("diff" in words or "show" in words):
        head = _commit(subject, org, show_diff=False) + "\n\n" if subject is not None and "show" in words else ""
        rest = "\n".join(e.id for e in shown if e is not subject)
        return (head + _diff(org, rng) + ("\n" + rest if rest else "")).strip()
    return None


def _commit(e: Entity, org: Organisation, show_diff: bool) -> str:
    rec = extras("commit", org, random.Random(f"{org.seed}:{e.kind}:{e.id}"))
    return f"Commit: {e.id}\nAuthor: {rec['author']}\nDate: {rec['date']}\nMessage: {e.attributes.get('message', rec['message'])}"


def _repo_file(org: Organisation, rng: random.Random) -> str:
    return f"src/{rng.choice(org.nouns)}_{rng.choice(('cache', 'export', 'retry', 'client'))}.py"


def _diff(org: Organisation, rng: random.Random) -> str:
    f = _repo_file(org, rng)
    a, b = rng.choice((5, 10, 15)), rng.choice((30, 45, 60))
    return (f"diff --git a/{f} b/{f}\nindex {rng.getrandbits(28):07x}..{rng.getrandbits(28):07x} 100644\n--- a/{f}\n"
            f"+++ b/{f}\n@@ -{rng.randint(3, 40)},6 +{rng.randint(3, 40)},6 @@\n-TIMEOUT_SECONDS = {a}\n+TIMEOUT_SECONDS = {b}")
