"""Wording primitives for offline scenarios: verbs, entity labels, values as typed, categories.

The sentences themselves (request, title, explanations, novelty, follow-up) are in `prose`.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from typing import Any

from common.taxonomy import VERBS, participle, plural_noun, tokens
from schemas import Action, ToolInterpretation

VERB = {
    Action.read: "read", Action.list: "list", Action.search: "search for", Action.create: "create",
    Action.update: "update", Action.delete: "delete", Action.execute: "run", Action.navigate: "open",
    Action.configure: "configure", Action.analyze: "analyze", Action.transfer: "transfer", Action.other: "use",
}
INSPECT = {Action.read, Action.list, Action.search, Action.analyze, Action.navigate}
# Name verbs that read well in a sentence ("click the element", "merge the branch"); command
# mnemonics (hset, lpop, ls) and vague ones (get, make) keep the action's generic verb.
_PLAIN = set("""click hover drag fill press scroll select submit upload navigate open close switch focus merge rebase
rename move edit replace resize rotate align reset restore pause resume assign mark resolve lock unlock export import
download copy sync pull push save publish subscribe deploy trigger cancel dismiss archive approve evaluate execute run
start stop send test validate verify audit analyze diagnose compare inspect checkout clone fork apply convert kick ban
unban acknowledge pin unpin mute unmute block unblock reject snooze escalate react vote star unstar research calculate
decode detect expand optimize terminate follow unfollow reopen unarchive like unlike invite restart retry complete
uncomplete undelete""".split())

_MAX_INLINE = 400


def label(entity: str) -> str:
    return entity.replace("_", " ")


def plural(entity: str) -> str:
    """`issue` -> `issues`, `policy` -> `policies`, `child` -> `children`, `pull request` -> `pull requests` (inflect)."""
    return plural_noun(label(entity))


def show(value: Any) -> str:
    """A value as the user would type it: strings in backticks, everything else as compact JSON."""
    if isinstance(value, str):
        return f"`{value}`"
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return f"`{text}`" if len(text) <= _MAX_INLINE else f"```{text}```"


# words (`IBM`, `EUR` too), slugs, e-mail addresses
_WORD = re.compile(r"[A-Za-z][a-z]+|[A-Z]{1,6}|[a-z]+(?:[-_][a-z]+)+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_NUMBER = re.compile(r"-?\d+(\.\d+)?")
_DAY = re.compile(r"\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d)?(\.\d+)?(Z|[+-]\d\d:\d\d)?)?")


def humanise(name: str) -> str:
    """`perPage` -> `per page`, `issue_number` -> `issue number`."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).replace("_", " ").replace("-", " ")
    return " ".join(w.lower() if not w.isupper() or len(w) > 4 else w for w in spaced.split())


# A switch said by its name's first word: `include_archived: true` "including archived", `use_cache: false` "without
# using cache"; the states a switch may be named by alone (`private`), said as filters or marks (listing?, value).
_SWITCH_HEADS = {
    **dict.fromkeys(("include", "with", "show", "return", "fetch", "get", "load", "expand", "display", "add", "list"),
                    ("including {}", "without {}")),
    **dict.fromkeys(("exclude", "omit", "hide", "no", "without"), ("without {}", "including {}")),
    "skip": ("skipping {}", "without skipping {}"), "ignore": ("ignoring {}", "without ignoring {}"),
    "use": ("using {}", "without using {}"), "allow": ("allowing {}", "without allowing {}"),
    "enable": ("with {} enabled", "with {} disabled"), "disable": ("with {} disabled", "with {} enabled"),
    "only": ("{} only", "not only {}"),
}
_STATES = frozenset({"public", "private", "active", "hidden", "visible", "draft", "done", "open", "closed", "pinned",
                     "starred", "unread", "read", "favorite", "default", "internal", "verified", "deleted"})
_STATE_SAID = {(True, True): "{} only", (True, False): "not {}", (False, True): "marked {}", (False, False): "marked not {}"}


def switch(name: str, value: bool, listing: bool | None = None) -> str:
    """A boolean said by what its name switches ("including details", "as a dry run"), or by the state it names."""
    words = humanise(name).split()
    head, rest = (words[0].lower(), " ".join(words[1:])) if words else ("", "")
    state = rest if head == "is" and rest else head if len(words) == 1 and (
        head in _STATES or len(head) > 5 and head.endswith("ed") and head not in _SWITCH_HEADS) else None
    if state is not None and listing is not None:  # ("completed only", "not completed", "marked completed", …)
        return _STATE_SAID[listing, value].format(state)
    if head in _SWITCH_HEADS and rest:
        return _SWITCH_HEADS[head][0 if value else 1].format(rest)
    if len(words) > 1 and words[-1].lower() == "only":
        return f"{' '.join(words[:-1])} only" if value else f"not only {' '.join(words[:-1])}"
    if " ".join(words).lower() == "dry run":
        return "as a dry run" if value else "for real, not as a dry run"
    return f"with {' '.join(words)} {'on' if value else 'off'}"


def said(value: Any) -> str:
    """A value as a person writes it in a request: numbers, dates, plain words, slugs and e-mail addresses as
    they are (`London`, `42`, `2026-03-01`, `payment-api`, `ana@x.io`), a phrase or a message in quotes, and
    what has to be typed exactly (an ID with digits, a path, a URL, structured data) in backticks."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, str):
        if _WORD.fullmatch(value) or _NUMBER.fullmatch(value) or _DAY.fullmatch(value):
            return value
        if " " in value.strip() and not is_code(value) and len(value) <= 300:
            return f'"{value}"'
    return show(value)


_CODE = re.compile(r'[="`{}\[\]()*|<>\\\n]|^(SELECT|INSERT|UPDATE|DELETE|MATCH|WITH|query)\b|\w:(?!//)\S')


def said_list(values: list[Any]) -> str:
    """A short list of values as a person lists them: "215, 69, 166 and 223"."""
    parts = [said(v) for v in values]
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else "".join(parts)


def is_code(value: str) -> bool:
    """Whether a string is something to type exactly (a statement, an expression, a `key:value` search), not words."""
    return bool(_CODE.search(value))


@dataclass(frozen=True)
class Ref:
    """An argument whose value the agent takes from an earlier call's output."""

    param: str
    kind: str
    step: int  # index of the call whose output holds it
    first: bool = False  # the source lists several: the wanted one is listed first


def undescribed(it: ToolInterpretation) -> bool:
    """Whether nothing but the tool's name says what it does: its functionality is the interpreter's own filler
    ("Execute a somar.", for a tool whose author wrote no description)."""
    return it.functionality == f"{it.action.value.capitalize()} a {it.entity.replace('_', ' ')}."


def verb(it: ToolInterpretation) -> str:
    """The verb for a call: the tool name's own verb when it reads well, else the action's."""
    if it.action not in (Action.create, Action.list, Action.search, Action.read):
        words = tokens(it.tool)
        for i, word in enumerate(words):
            if word in VERBS and VERBS[word] is it.action:
                if i and words[i - 1] in _UNDOING:  # `alerts_undo_close`: "undo closing the alert", not "close" it
                    return f"undo {participle(word)}"
                return word if word in _PLAIN else VERB[it.action]
    return VERB[it.action]


_UNDOING = frozenset({"undo", "revert", "reverse", "rollback"})


def shape(actions: list[Action]) -> str:
    """The workflow's structural pattern, the second half of its category."""
    kinds = set(actions)
    inspect_first = actions[0] in INSPECT
    if kinds <= INSPECT:
        return "investigation" if len(actions) > 1 else "lookup"
    if Action.delete in kinds:
        return "cleanup"
    if Action.create in kinds and actions[-1] in INSPECT:
        return "create-and-verify"
    if Action.create in kinds:
        return "inspect-then-create" if inspect_first else "creation"
    if kinds & {Action.update, Action.transfer}:
        return "inspect-then-modify" if inspect_first else "modification"
    if Action.configure in kinds:
        return "configuration"
    return "automation"


def main_tags(steps: list[ToolInterpretation]) -> list[str]:
    """The workflow's tags, most used first; `search` and `general` only when nothing else applies."""
    counts: dict[str, int] = {}
    for it in steps:
        for tag in it.tags:
            counts[tag] = counts.get(tag, 0) + 1
    ranked = sorted(counts, key=lambda t: (t in ("search", "general"), -counts[t]))
    return ranked or ["general"]


def category(tags: list[str], actions: list[Action]) -> str:
    return f"{tags[0] if tags else 'general'}/{shape(actions)}"


# What a person reads off a record to tell it apart: its state first, then its name, then where or what it is.
_FACT_ORDER = (("status", "state", "phase", "health"), ("name", "title", "display_name", "full_name", "subject"),
               ("region", "location", "environment", "type", "category", "level", "severity", "language", "plan"))
_MAX_FACT = 40


def facts(row: dict[str, Any], value: Any) -> str | None:
    """What a record shows besides `value` (its ID), in words: "running, region northeurope", "Kenji Novak";
    None when it shows nothing worth saying (only IDs, timestamps, links)."""
    out: list[str] = []
    for group in _FACT_ORDER:
        for key, v in row.items():
            bare = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", key).lower().replace("-", "_")
            if bare not in group or not isinstance(v, str) or not v.strip() or v == str(value) or len(v) > _MAX_FACT \
                    or v.startswith(("http:", "https:", "/")):
                continue
            out.append(v.replace("_", " ") if group is _FACT_ORDER[0] else v if group is _FACT_ORDER[1]
                       else f"{bare.replace('_', ' ')} {v}")
            break
        if len(out) == 2:
            break
    return ", ".join(out) or None


def context_sentence(context: dict[str, Any], rng: random.Random) -> str:
    """Where every call of a request works (a workspace, a project), said once for all of them."""
    if not context:
        return ""
    items = [f"{humanise(k)} {said(v)}" for k, v in context.items()]
    where = ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else items[0]
    return rng.choice(("Everything here is in {s}.", "We're working in {s}.", "This is all for {s}.",
                       "Use {s} throughout.")).format(s=where)
