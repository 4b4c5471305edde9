"""How an offline scenario reads: the user's request, title, per-call explanations, novelty, follow-up.

A request opens with a goal (what the user wants done and why), says the shared context once and
then asks for each call in plain sentences with varied connectors. Every argument value is written
out as the user would type it (`text.show`), except values the agent must take from an earlier
output: those are named by where they come from ("the first run in the run list"), never by a
step number and never guessed. All choices of wording come from the `rng` the caller passes, so a
seed gives the same words.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from common.taxonomy import UNNAMED, said_once, singular, third_person, tokens, with_article
from engines.offline import compute
from engines.offline.chrono import SINCE, UNTIL
from engines.offline.derived import figure
from engines.offline.homes import CONTAINERS, home
from engines.offline.own_words import described_action, named_verb, stated_action
from engines.offline.places import said_place
from engines.offline.relations import past, relation, relation_goal
from engines.offline.states import state_set
from engines.offline.structured import said_argument
from engines.offline.text import (INSPECT, Ref, humanise, is_code, label, plural, said, said_list, shape, show, switch,
                                 undescribed, verb)
from engines.offline.values_vocab import of_people
from engines.offline.verdicts import is_checker
from schemas import Action, ParameterRole, ToolInterpretation

_CHANGE = {Action.create, Action.update, Action.delete, Action.transfer, Action.configure, Action.execute}
_QUERY = ("query", "q", "pattern", "search", "keyword", "keywords", "filter", "text_query")
_QUALIFIERS = {"allowed", "latest", "recent", "failed", "pending", "open", "active", "current", "default", "unread", "starred"}
# Words a name and description may agree on that say less than the action's own verb.
_NOT_SAID = frozenset({"get", "do", "perform", "handle", "manage", "process", "use", "make", "provide", "return", "is"})
_READ_VERBS = {"list", "get", "read", "search", "find", "fetch", "show", "query", "retrieve", "describe", "view", "browse"}
_RESULT_WORDS = {"tree", "list", "listing", "info", "details", "log", "history", "summary", "status", "diff", "report"}
_ORDINAL = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


@dataclass(frozen=True)
class Step:
    """One call as the wording sees it."""

    tool: str
    it: ToolInterpretation
    args: dict[str, Any]
    refs: tuple[Ref, ...]


def result_noun(steps: list[Step], k: int) -> str:
    """How the user refers to step k's result: `the search results`, `the file you created`; when two
    steps would read the same, by the tool (`the directory tree result`), and by order if the tool repeats."""
    it = steps[k].it
    rel = relation(it, steps[k].args)
    if rel is not None:  # "the issue you added to the cycle"
        kinds = {p.name: p.entity or it.entity for p in it.parameters}
        return f"the {label(kinds[rel.moved])} you {past(rel.verb)} {rel.prep} the {label(kinds[rel.holder])}"
    base = {Action.create: f"{label(it.entity)} you created", Action.search: "search results",
            Action.list: f"{label(it.entity)} list", Action.read: f"{label(it.entity)} details"}.get(it.action) \
        or _as_result(_said_name(steps[k]))
    if sum(1 for s in steps if _noun_key(s) == _noun_key(steps[k])) > 1:
        nouns = {s.tool: _tool_noun(s.tool) if _sayable(s.tool) else _as_result(_said_name(s)) for s in steps}
        base = nouns[steps[k].tool]
        if list(nouns.values()).count(base) > 1:  # `ai_list_layers` and `ae_list_layers`: the whole name tells them apart
            if _sayable(steps[k].tool):
                base = f"{humanise(steps[k].tool)} result"
            else:  # two unsayable tools that did the same to the same kind: by the order they came in
                alike = [j for j, st in enumerate(steps) if nouns[st.tool] == base]
                base = f"{_ORDINAL[min(alike.index(k), 7)]} {base}"
        same = [j for j, s in enumerate(steps) if s.tool == steps[k].tool]
        if len(same) > 1:
            base = f"{_ORDINAL[min(same.index(k), 7)]} {base}"
    return f"the {base}"


def _as_result(name: str) -> str:
    """`channel details`, `station list` as they are; `app definition update result`."""
    return name if name.endswith(("details", "list", "results")) else f"{name} result"


_ACTION_NOUNS = {Action.update: "update", Action.delete: "deletion", Action.execute: "run", Action.transfer: "transfer",
                 Action.configure: "settings", Action.analyze: "analysis", Action.navigate: "page",
                 Action.read: "details", Action.list: "list", Action.search: "search results", Action.create: "creation"}


def _sayable(tool: str) -> bool:
    """Whether a person could say the tool's name: not a path (`patch-/automation/v4/actions/{appId}`) nor a long
    generated operation ID."""
    return not re.search(r"[/{}]", tool) and len(humanise(tool).split()) <= 5


def _said_name(step: Step) -> str:
    """The tool as a user names its result: its name where one could say it, else what it did to what
    (`the app definition update`)."""
    if _sayable(step.tool):
        return humanise(step.tool)
    return f"{label(step.it.entity)} {_ACTION_NOUNS.get(step.it.action, step.it.action.value)}"


def _tool_noun(tool: str) -> str:
    """What a tool shows as a user names it: its name after its verb, as is when that already reads as a result
    (`list_allowed_directories` -> `allowed directories`, `directory_tree` -> `directory tree`), else with
    `result` (`get_issue` -> `issue result`)."""
    words = humanise(tool).split()
    verb = next((i for i, w in enumerate(words[:-1]) if w in _READ_VERBS), None)
    if verb is not None:  # `jira_get_all_projects` -> `projects`: a prefix before the verb goes too, and `all`
        words = words[verb + 1:]
    if len(words) > 1 and words[0] == "all":
        words = words[1:]
    if words[-1] in _RESULT_WORDS or (words[-1].endswith("s") and not words[-1].endswith("ss")):
        return " ".join(words)
    if len(words) > 2 and words[1] in ("for", "of", "in", "by") and words[0].endswith("s"):
        return " ".join(words[:2] + ["the"] + words[2:])  # `characters for comic` -> `characters for the comic`
    return " ".join(words + ["result"])


def _noun_key(s: Step) -> tuple[Any, ...]:
    return (s.it.action, s.it.entity if s.it.action is not Action.search else "", s.tool
            if s.it.action not in (Action.search, Action.list, Action.read, Action.create) else "")


def source(ref: Ref, steps: list[Step]) -> str:
    """`the first run in the run list`, `the workflow from the workflow details`."""
    kind = label(ref.kind)
    made = steps[ref.step]
    rel = relation(made.it, made.args)
    tied = next((n for n in (rel.moved, rel.holder) if next(p for p in made.it.parameters if p.name == n).entity
                 == ref.kind), None) if rel is not None else None
    if tied is not None:  # the record a relation was given is one the request already named
        earlier = next((r for r in made.refs if r.param == tied), None)
        return source(earlier, steps) if earlier is not None else f"the same {kind}"
    noun = result_noun(steps, ref.step)
    if noun == f"the {kind} you created":
        return noun
    return f"the first {kind} in {noun}" if ref.first else f"the {kind} from {noun}"


def _scalar_ok(v: Any) -> bool:
    return isinstance(v, (str, int)) and not isinstance(v, bool)


def _subject(step: Step, skip: set[str] = frozenset()) -> str | None:
    """The parameter naming what the call acts on: an identifier of its own kind, else (not for a
    listing, whose own-kind IDs are filters) any identifier."""
    ids = [p for p in step.it.parameters if p.name in step.args and p.name not in skip and p.entity
           and p.role in (ParameterRole.identifier, ParameterRole.target)]
    listing = step.it.action in (Action.list, Action.search)
    own = [p for p in ids if p.entity == step.it.entity]
    other = [p for p in ids if p.entity != step.it.entity and p.role is ParameterRole.identifier]
    pick = (other or []) if listing else (own or other)
    return pick[0].name if pick else None


def _worked(step: Step) -> compute.Computation | None:
    """What a calculator's call works out, when the request states its operands (none comes from a result)."""
    return compute.computation(step.tool, step.it, step.args) if not step.refs else None


def clause(step: Step, steps: list[Step], context: dict[str, Any], start: int = 0) -> str:
    """One call as an imperative clause: `list the runs of workflow `56228` (actor `infra`)`."""
    it, args = step.it, step.args
    worked = _worked(step)
    if worked is not None:  # "work out 98 times 111", not "run the multiply with a 98 and b 111"
        return compute.clause(worked, compute.operation(step.tool, it) or "", random.Random(f"{step.tool}:{worked.said}"))
    roles = {p.name: p for p in it.parameters}
    refs = {r.param: r for r in step.refs}
    skip = {n for n, p in roles.items() if p.role is ParameterRole.context and n in context and args.get(n) == context[n]}
    listing = it.action in (Action.list, Action.search)
    obj = f"the {plural(it.entity)}" if listing else (
        f"a new {label(it.entity)}" if it.action is Action.create else f"the {label(it.entity)}")
    # ("the open issues", but `open_nodes` opens nodes: not "open the open node")
    qualifier = next((w for w in tokens(step.tool) if w in _QUALIFIERS and w != verb(it).split()[0]), None)
    if qualifier and obj.startswith("the "):  # get_latest_release: "the latest release"
        obj = f"the {qualifier} {obj[4:]}"
    elif "random" in tokens(step.tool) and it.action is Action.read and obj.startswith("the "):
        obj = f"a random {obj[4:]}"  # `random-pokemon`: "pick a random pokemon", not "read the pokemon"
    subject = _subject(step, skip)
    same = _carried(step, steps, start)
    if subject is not None:
        kind = roles[subject].entity or it.entity
        named = source(refs[subject], steps) if subject in refs else \
            f"the same {label(kind)}" if subject in same else None
        value = args[subject]
        few = isinstance(value, list) and 1 <= len(value) <= 3 and all(map(_scalar_ok, value))
        # (a few named at once, `names: ["Oskar"]`, are said as a person names them: "the node Oskar")
        shown, many = (said_list(value), len(value) > 1) if few else (said(value), False)
        if named is None and not (_scalar_ok(value) or few):
            subject = None
        elif it.action is Action.navigate and isinstance(value, str) and "://" in value:
            obj = f"to {named or shown}"
        elif listing or kind != it.entity:
            prep = "in" if kind in CONTAINERS else "for"
            obj += f" {prep} {named or f'the {plural(kind) if many else label(kind)} {shown}'}"
        else:
            obj = named or (f"the {plural(kind)} {shown}" if many else f"{obj} {shown}")
    rel = relation(it, args)
    if rel is not None:  # "add the issue `KIT-79` to the cycle 12259": both records, as they meet
        def named(n: str) -> str:
            kind = roles[n].entity or it.entity
            if n in refs:
                return source(refs[n], steps)
            if n in same:
                return f"the same {label(kind)}"
            many = isinstance(args[n], list) and len(args[n]) != 1
            return f"the {plural(kind) if many else label(kind)} {said(args[n])}"
        obj, subject = f"{named(rel.moved)} {rel.prep} {named(rel.holder)}", rel.moved
        skip = skip | {rel.holder}
    own_path = next((n for n, p in roles.items() if listing and subject is None and p.entity == it.entity
                     and n in args and n not in skip and isinstance(args[n], str)
                     and args[n].startswith("/")), None)
    if own_path is not None:
        obj += f" in {source(refs[own_path], steps) if own_path in refs else said(args[own_path])}"
        subject = own_path
    parts: dict[str, str] = {}  # what each remaining argument is said as
    lead = to = where = ""
    asked: str | None = None
    for name, value in args.items():
        at_home = home(it, args, name) if name not in skip and name != subject else None
        if at_home is not None and (name in refs or name in same or _scalar_ok(value)):  # "in the same project"
            where += f" {at_home[0]} " + (source(refs[name], steps) if name in refs else f"the same {label(at_home[1])}"
                                          if name in same else f"the {label(at_home[1])} {said(value)}")
        elif name in skip or name == subject:
            continue
        elif name in refs and subject in refs and (refs[name].step, refs[name].kind) == (refs[subject].step, refs[subject].kind):
            parts[name] = f"{humanise(name)} set to that same {label(refs[name].kind)}"
        elif name in refs:
            parts[name] = f"{humanise(name)} set to {source(refs[name], steps)}"
        elif name in same:
            parts[name] = f"the same {humanise(name)}"
        elif name.lower() in _QUERY and not lead and isinstance(value, str) and not is_code(value):
            lead = f" {'asking' if value.rstrip().endswith(('.', '?', '!')) else 'matching'} {said(value)}"
            asked = value
        elif roles.get(name) is not None and roles[name].role is ParameterRole.target and not to:
            to = f" to {said(value)}"
        elif isinstance(value, bool):
            parts[name] = switch(name, value, listing)  # "including details", not "return details `true`"
        else:
            parts[name] = said_argument(name, value)  # (in words where words say it: "labels bug and urgent")
    at, placed = said_place(args, set(refs) | same)  # "at Busan (35.1796, 129.0756)", not "with latitude … and …"
    lead, parts = where + lead + at, {n: t for n, t in parts.items() if n not in placed}
    spans, spanned = _bounds(args, [n for n in parts if n not in refs and n not in same], listing)
    # (switches go last, after what the call is given: "with resource type notes, including details")
    switched = [n for n in parts if isinstance(args.get(n), bool) and n not in refs and n not in same]
    tail = _with([t for n, t in parts.items() if n not in spanned and n not in switched]) + spans
    tail += _switches([parts[n] for n in switched], bool(tail))
    if rel is not None:
        return f"{rel.verb} {obj}{to}{lead}{tail}"
    if it.action is Action.search and asked is not None and subject is None and not to and not own_path:
        # "run a web search for ...", "run an exa search for ...": reads well whether the kind is a noun or a product
        return f"run {with_article(label(it.entity) + ' search')} for {said(asked)}{tail}"
    if subject is not None and subject not in refs and subject not in same and is_checker(step.tool, it):
        own = described_action(it)  # "validate URL safety for `http://…`": what is checked, in the tool's words
        if own is not None and _scalar_ok(args[subject]):
            return f"{own} for {said(args[subject])}{to}{lead}{tail}"
    # ("repair broken JSON text", not "run the repair text": where a person's verb would only be "run", the
    # description's own words say what the call does)
    generic_verb = verb(it).split()[0] == "run" and named_verb(it) is None
    if (subject is None or it.entity == UNNAMED or generic_verb) and not own_path and not to and rel is None:
        # Nothing names what the call acts on: the tool's own words say what it does better than its name
        # ("detect prompt injection attempts", not "analyze the prompt injection detector"; "Input text into the iOS
        # Simulator", not "run the resource"), with the argument it acts on said among the others.
        # ("fetch recent company headlines for the stock symbol AMD", "list the pipelines of the first project in …")
        own, stated = stated_action(it, {n: v for n, v in args.items() if (n in parts or n == subject)
                                         and n not in refs and n not in same}, extra=3 if it.entity == UNNAMED else 0,
                                   same={n for n in same if n in parts or n == subject} - set(refs),
                                   sources={n: source(r, steps) for n, r in refs.items()})
        if own is not None:
            if spans:  # "get weather for Madrid from 2026-03-12 to 2026-03-19", not "… between start and end dates from …"
                own = _RANGE_WORDS.sub("", own)
            own = _POINT_WORDS.sub("", own) if at else own  # "get the forecast at Seoul (…)", not "for a location at …"
            ends = next((n for n in parts if n not in stated and n not in switched and n not in spanned
                         and n != subject and own.lower().endswith(humanise(n).lower())), None)
            if ends is not None:  # "set the API key to `tok_…`", not "set the API key with api key `tok_…`"
                to_it = " to" if own.split()[0].lower() in ("set", "change", "update", "configure") else ""
                own, stated = f"{own}{to_it} {said(args[ends])}", stated | {ends}
            on = [] if subject is None or subject in stated else [
                f"{humanise(subject)} set to {source(refs[subject], steps)}" if subject in refs else
                f"the same {humanise(subject)}" if subject in same else f"{humanise(subject)} {said(args[subject])}"]
            given = _with(on + [t for n, t in parts.items() if n not in stated | spanned and n not in switched]) + spans
            return f"{own}{lead}{given}{_switches([parts[n] for n in switched if n not in stated], bool(given))}"
    if generic_verb and undescribed(it) and not own_path and rel is None:
        # A tool nothing describes, whose name gives no verb either (`somar`, `revisa`, `python_repl`): asked for by
        # its name, as someone trying out a server does ("use `somar` with a 59 and b 164"), not "run the somar".
        on = [] if subject is None else [
            f"{humanise(subject)} set to {source(refs[subject], steps)}" if subject in refs else
            f"the same {humanise(subject)}" if subject in same else f"{humanise(subject)} {said(args[subject])}"]
        given = _with(on + [t for n, t in parts.items() if n not in spanned and n not in switched]) + spans
        return f"use `{step.tool}`{to}{lead}{given}{_switches([parts[n] for n in switched], bool(given))}"
    own_verb = named_verb(it)
    if own_verb is not None and own_verb not in _NOT_SAID and own_verb != verb(it).split()[0]:
        return f"{own_verb} {obj}{to}{lead}{tail}"  # "play the card …", not "run the card …"
    return f"{'pick' if obj.startswith('a random ') else verb(step.it)} {obj}{to}{lead}{tail}"


# A description's own words for the span a request states by its dates ("between start and end dates").
_RANGE_WORDS = re.compile(r"\s+(?:between|within|in|for|over|during|across)\s+(?:(?:an?|the|given|specified|specific)\s+)*"
                          r"(?:start(?:ing)?\s+and\s+end(?:ing)?(?:\s+(?:dates?|times?|datetimes?|timestamps?))?|"
                          r"(?:date|time|datetime)\s+(?:range|span|window|period|interval)s?)\b", re.I)
_POINT_WORDS = re.compile(r"\s+(?:for|at|in|of)\s+(?:(?:a|an|the|given|specific|specified|any)\s+)*(?:location|place|point|"
                          r"position|coordinates?|spot|lat(?:itude)?(?:/| and | & )lon(?:gitude)?)\b", re.I)
_SIZES = frozenset({"size", "count", "top", "n", "k"})  # (caps of a listing; elsewhere how big, how many to make)
_LIMITS = frozenset({"limit", "max_results", "maxresults", "num_results", "numresults", "count", "top_k", "topk",
                     "page_size", "pagesize", "per_page", "perpage", "max_items", "maxitems", "size", "top", "n", "k"})
_DATE = re.compile(r"\d{4}-\d\d-\d\d")


def _bounds(args: dict[str, Any], names: list[str], listing: bool = True) -> tuple[str, set[str]]:
    """Dates that bound a range and a cap on how many, as a person says them (" from 2026-01-13 to
    2026-02-01 (at most 50)"), not as parameters ("with start date …, end date … and limit 50"); a `size` or a
    `count` caps only a listing (a QR code's size is its size). Also the arguments said so."""
    start = end = cap = at = None
    for n in names:
        v, words = args[n], set(tokens(n))
        if isinstance(v, int) and not isinstance(v, bool) and v >= 0 and n.lower().replace("-", "_") in _POSITIONS \
                and listing and at is None:
            at = n
        elif isinstance(v, str) and _DATE.match(v):
            if words & SINCE and not words & UNTIL and start is None:
                start = n
            elif words & UNTIL and not words & SINCE and end is None:
                end = n
        elif isinstance(v, int) and not isinstance(v, bool) and v > 0 and (key := n.lower().replace("-", "_")) in _LIMITS \
                and (listing or key not in _SIZES):
            cap = cap or n
    if start and end and str(args[start]) > str(args[end]):  # (an end before its start is no range to say)
        start = end = None
    text = f" from {said(args[start])} to {said(args[end])}" if start and end else \
        f" since {said(args[start])}" if start else f" up to {said(args[end])}" if end else ""
    said_at = _position(at, args[at]) if at else ""
    text += f" (at most {args[cap]}{', ' + said_at if said_at else ''})" if cap else f" ({said_at})" if said_at else ""
    return text, {n for n in (start, end, cap, at) if n}


# Where in a listing a call starts: a page number, or how many rows it skips.
_POSITIONS = {"page": "page", "page_number": "page", "pagenumber": "page", "pageidx": "page", "page_no": "page",
              "offset": "skip", "skip": "skip", "start": "skip", "start_at": "skip", "startat": "skip",
              "start_index": "skip", "startindex": "skip"}


def _position(name: str, value: int) -> str:
    """A listing's position as a person says it: "page 3", "skipping the first 40", "starting at 0" (the value
    itself, so that the agent is told it)."""
    if _POSITIONS[name.lower().replace("-", "_")] == "page":
        return f"page {value}"
    return f"skipping the first {value}" if value > 0 else "starting at 0"


def _switches(said_as: list[str], after: bool) -> str:
    """Switches said after the rest of the request (", including details") or alone (" including details")."""
    return "".join((", " if after or k else " ") + t for k, t in enumerate(said_as))


def _with(parts: list[str]) -> str:
    if not parts:
        return ""
    return " with " + (", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0])


def _carried(step: Step, steps: list[Step], start: int) -> set[str]:
    """Arguments an earlier step of the same request (from `start`: a later turn states what earlier turns
    used) was given, and said, under the same name and value: said as "the same domain", the way a person
    continues with one thing, not dictated again."""
    k = next((i for i, s in enumerate(steps) if s is step), 0)
    return {n for n, v in step.args.items() if _scalar_ok(v) and any(
        s.tool != step.tool and s.args.get(n) == v and n not in {r.param for r in s.refs} for s in steps[start:k])}


_FIRST = ("First, {c}.", "Let's start: {c}.", "To begin, {c}.", "Please {c} first.")
_MIDDLE = ("Then {c}.", "Next, {c}.", "After that, {c}.", "Once that's done, {c}.")
_LAST = ("Finally, {c}.", "Then {c}.", "Last, {c}.", "To wrap up, {c}.")
_ON = ("Now {c}.", "Next, {c}.", "Please {c} first.", "First, {c}.")
_ONLY = ("Please {c}.", "Can you {c}?", "Could you {c}?", "I need you to {c}.")
_AT_ONCE = ("Can you {c} and then {last}?", "Could you {c}, and after that {last}?", "Please {c}, then {last}.",
            "I'd like you to {c} and then {last}.")
_LEADS = ("I can see {v} in {n}.", "OK, {n} gave me {v}.", "Got it: {v} is in {n}.", "Thanks. Going by {n}, {v} is the one.")
_NOTED = ("Thanks, I see {v} in {n}.", "Noted: {v} in {n}.", "OK, {v} is in {n}; good to know.",
          "Good, {v} is in {n}, as I expected.")


_REMARKS = ("I see {f} {v} in {n}.", "So {n} gives {f} {v}; good to know.", "Interesting, {f} {v} in {n}.",
            "OK, {f} {v}, according to {n}.")


def remark(field: str, value: str, noun: str, rng: random.Random) -> str:
    """How a later turn opens when it takes nothing from the earlier result: it says what it noticed there."""
    return rng.choice(_REMARKS).format(f=humanise(field), v=show(value), n=_that(noun))


def _that(noun: str) -> str:  # (what a tool's name calls its result, "the update records result", is "that result")
    return "that result" if noun.endswith(" result") and noun.startswith("the ") else noun


# Openers that say what the quoted record showed (`facts`), as a person reading the result does.
_MADE, _MADE_SHOWN = ("OK, {v} is created.", "Good, {v} exists now.", "Done: {v} is there."), \
    ("OK, {v} is created ({f}).", "Good, {v} exists now: {f}.", "Done: {v} is there ({f}).")
_READ_OFF = ("{v} ({f}) is the one.", "Let's take {v}: {f}.", "{v} looks right: {f}.", "OK, {v} it is ({f}).")
_SEEN = ("So {v} shows {f}.", "{v}: {f}. Noted.", "I see {v} there ({f}).")


def lead(value: Any, noun: str, rng: random.Random, used: bool = True, made: bool = True, tied: bool = False,
         shown: str | None = None) -> str:
    """How a later turn opens: quoting a value from an earlier result, as one it builds on (`used`) or as
    something it noticed before moving on, with what its record showed (`shown`: "running, region eu-west")
    where it showed anything; "`X` is created" only where `X` is what was `made` (not a status); after a call
    that `tied` two records, that it went through."""
    if shown and not tied and not (noun.endswith(" you created") and made):
        said = rng.choice(_READ_OFF if used else _SEEN).format(v=show(value), f=shown)
        return said[0].upper() + said[1:]
    if noun.endswith(" you created") and made:  # (with what the new record shows: "Done: `r1` is there (queued).")
        return rng.choice(_MADE_SHOWN if shown and not tied else _MADE).format(v=show(value), f=shown)
    if tied:  # after a relation: that it holds now, not which "result" the value came from
        return rng.choice(("Good, that worked for {v}.", "OK, done: {v}.", "Thanks, {v} is sorted.",
                           "Great, that went through for {v}.")).format(v=show(value))
    return rng.choice(_LEADS if used else _NOTED).format(v=show(value), n=_that(noun))


_ACKS = ("Thanks, {v} looks good.", "Great, {v} is what I needed.", "OK, {v} checks out.", "Good, {v} it is.")
_ACK_STATES = ("Good, {v} is {s} now.", "OK, {v}: {s}.", "Great, {s} for {v}.")


def acknowledged(record: dict[str, Any] | None, value: Any, rng: random.Random) -> str:
    """How a later turn opens on the record the call before it just worked on: by the state that call left it in
    ("Good, `2403.01234` is completed now."), else by thanks, not by where its ID was seen ("`2403.01234` is in
    the paper details"); the value is said, so the turn states what it goes on with."""
    record = record or {}
    state = next((record[k] for k in ("status", "state") if isinstance(record.get(k), str)), None)
    # (the state is the record's own only where the record is that one: not a run's status said of its user)
    itself = any(str(record.get(k)) == str(value) for k in ("id", "uuid", "key", "name", "slug"))
    if state and itself and len(state) <= 24 and " " not in state.strip():
        return rng.choice(_ACK_STATES).format(s=state.lower().replace("_", " "), v=show(value))
    return rng.choice(_ACKS).format(v=show(value))


def as_it(clauses: list[str], value: Any) -> list[str]:
    """After an opening that quoted `value` ("`2403.01234` looks right: …"), the first clause that names the record
    by it says "it" ("Can you read it?"), as a person goes on about what they just pointed at, instead of
    dictating the same value twice in one breath ("… Can you read the paper `2403.01234`?")."""
    named = re.compile(r"\bthe ((?:[a-z]+ ){1,3})" + re.escape(said(value)) + r"(?![\w`./-])")
    out, done = [], False
    for c in clauses:
        found = named.findall(c)
        if not done and len(found) == 1 and c.count(said(value)) == 1:
            # (a student, a member, a customer is "them", not "it")
            c, done = named.sub("them" if of_people(found[0].split()[-1]) else "it", c), True
        out.append(c)
    return out


def joined(order: list[int], clauses: list[str], steps: list[Step]) -> list[str]:
    """A call that works on what the call just before it found is asked in the same breath: "list the tasks and
    reopen the first one", "create a new task … and complete it", not "First, list the tasks. Then reopen the
    first task in the task list." `clauses[i]` is the clause of `steps[order[i]]`."""
    out: list[str] = []
    i = 0
    while i < len(order):
        if i + 1 < len(order):
            ref = next((r for r in steps[order[i + 1]].refs if r.step == order[i]), None)
            said = source(ref, steps) if ref is not None else ""
            # (only what the call acts on: "task id set to the first one" would hide which value goes where)
            if said and clauses[i + 1].count(said) == 1 and f"set to {said}" not in clauses[i + 1] \
                    and len(clauses[i]) + len(clauses[i + 1]) < 200:
                listed = ref.first or steps[ref.step].it.action in (Action.list, Action.search)
                out.append(f"{clauses[i]} and {clauses[i + 1].replace(said, 'the first one' if listed else 'it')}")
                i += 2
                continue
        out.append(clauses[i])
        i += 1
    return out


def request(clauses: list[str], rng: random.Random, opener: str = "", start: bool = True) -> str:
    """The clauses as connected sentences after an opener; a later turn (`start` false) goes on rather than begins."""
    if len(clauses) == 1:
        body = [rng.choice(_ONLY).format(c=clauses[0])]
    elif start and len(clauses) <= 3 and sum(map(len, clauses)) < 220 and rng.random() < 0.5:
        # a few steps asked in one breath, as people write them, not as a numbered procedure
        forms = [f for f in _AT_ONCE if not opener.endswith("?") or f.endswith(".")]  # (not "Can you …? Can you …?")
        body = [rng.choice(forms).format(c=", ".join(clauses[:-1]), last=clauses[-1])]
    else:
        # after a turn's opening remark the work goes on ("Now ..."), it does not start
        body = [rng.choice([t for t in (_FIRST if start else _ON) if not t.endswith("first.") or "first" not in clauses[0]
                            ]).format(c=clauses[0])]  # (not "… the first one first.")
        turn = rng.sample(range(len(_MIDDLE)), len(_MIDDLE))  # (no connective twice running: "After that … After that")
        body += [_MIDDLE[turn[i % len(turn)]].format(c=c) for i, c in enumerate(clauses[1:-1])]
        body.append(rng.choice([t for t in _LAST if t[:4] != body[-1][:4]]).format(c=clauses[-1]))
    text = " ".join([opener] + body if opener else body).strip()
    text = re.sub(r'([.!?])"([.?])', r'\1"', text)  # a quoted message ending in a full stop ends the sentence too
    return said_once(text)


def _what(step: Step) -> str:
    """`the run `311`` when the step names its subject by a stated value, else `the run`."""
    name = _subject(step)
    p = next((p for p in step.it.parameters if p.name == name), None)
    if p is None or name in {r.param for r in step.refs} or not _scalar_ok(step.args[name]):
        return f"the {label(step.it.entity)}"
    return f"the {label(p.entity or step.it.entity)} {said(step.args[name])}"


def _kinds(steps: list[Step]) -> str:
    names = list(dict.fromkeys(plural(s.it.entity) for s in steps))[:2]
    return " and ".join(names)


def _focal(steps: list[Step]) -> int:
    """The call the request is about: the last creation in a creating workflow, else the last change."""
    form = shape([s.it.action for s in steps])
    changes = [k for k, s in enumerate(steps) if s.it.action in _CHANGE]
    creates = [k for k in changes if steps[k].it.action is Action.create]
    if not changes:
        return len(steps) - 1
    return creates[-1] if creates and "create" in form else changes[-1]


def _asked(step: Step) -> str | None:
    """What a call asks about in words (a search's query, a keyword), if it says so."""
    for p in step.it.parameters:
        v = step.args.get(p.name)
        if isinstance(v, str) and p.name.lower() in _QUERY + ("topic", "term", "terms", "question") and " " in v.strip() \
                and not is_code(v):
            return v
    return None


def _public(steps: list[Step], owned: frozenset[str]) -> bool:
    """Whether the scenario only looks things up that the user does not own: nothing is changed and the spec
    can change none of the kinds looked at (a forecast, a news search, a coin's price)."""
    return not any(s.it.action in _CHANGE for s in steps) and not any(s.it.entity in owned for s in steps)


def _public_goal(steps: list[Step], rng: random.Random) -> str:
    focal = steps[_focal(steps)]
    topic = next((q for q in map(_asked, steps) if q), None)
    if topic is not None:
        return rng.choice((f"I'm reading up on {said(topic)}.", f"I'm looking into {said(topic)}.",
                           f"I want to find out more about {said(topic)}.", f"I'm researching {said(topic)}.",
                           f"What's out there on {said(topic)}?", f"I've been asked about {said(topic)}."))
    what, looks = _what(focal), _kinds(steps)
    if len(steps) > 1:
        return rng.choice((f"I'm putting together an overview of the {looks}.", f"I want to compare the {looks}.",
                           f"Help me get the full picture on the {looks}.", f"I'm writing a short note on the {looks}.",
                           f"I need the facts on the {looks}.", f"Let's go through the {looks} together."))
    many = plural(focal.it.entity)
    if what == f"the {label(focal.it.entity)}":
        own = described_action(focal.it)  # the tool's own words
        if own is not None and len(steps) == 1:  # (the request says it: an opening that does not, so two asks differ)
            return rng.choice(("", "", "Quick one for you.", "I need a quick lookup.", "Just checking something.",
                               "One quick thing.", "Before I forget."))  # the request says the rest
        if own is not None:
            return rng.choice((f"I need to {own}.", f"Can you {own} for me?", f"I'd like to {own}."))
        return rng.choice((f"Can you look up some {many} for me?", "I need a quick lookup.", f"I'm after the latest {many}.",
                           f"I need current {many}.", f"Let's check the {many}.", f"I'm looking for {many}."))
    if len(steps) == 1:  # the request names it; an opening that named it too would say it twice
        return rng.choice(("", "", "", "Quick one for you.", "Just checking something.", "One quick thing."))
    return rng.choice((f"I'd like to know about {what}.", f"Can you look up {what} for me?", f"I'm curious about {what}.",
                       f"I need the details of {what}.", f"What can you tell me about {what}?",
                       f"I've got a question on {what}."))


def goal(steps: list[Step], rng: random.Random, owned: frozenset[str] | None = None) -> str:
    """The opening sentence: what the person is after. Looking up what nobody owns (public data) is asked
    plainly, without "our"; `owned` are the kinds the spec can change (None: all)."""
    if all(_worked(s) is not None for s in steps):  # sums to work out: nothing is looked up or made
        return rng.choice(("", "", "Quick maths question.", "Can you help me with some maths?") if len(steps) == 1 else
                          ("I've got a few numbers to work out.", "Help me check some calculations.",
                           "Some quick maths for you.", "I need a few figures worked out."))
    if owned is not None and _public(steps, owned):
        return _public_goal(steps, rng)
    form = shape([s.it.action for s in steps])
    focal = steps[_focal(steps)]
    rel = relation(focal.it, focal.args)
    if rel is not None:  # the two records a relation ties, not "a new issue"
        return relation_goal(rel, focal.it, focal.args, {r.param for r in focal.refs},
                             _kinds([s for s in steps if s.it.action in INSPECT]), rng)
    what = _what(focal)
    new = f"a new {label(focal.it.entity)}"
    looks = _kinds([s for s in steps if s.it.action in INSPECT] or steps)
    # (No "I'm on the Copper Freight team": a company nobody asked about reads as a template, whatever the spec.)
    cap = what[0].upper() + what[1:]
    table = {
        "lookup": (f"I need some details on {what}.", f"Quick question about {what}.", f"Can you check {what} for me?",
                   f"I'm looking at {what} and need a few facts."),
        "investigation": (f"I'm trying to get a clear picture of our {looks}.",
                          f"Something looks off and I want to dig into the {looks}.",
                          f"Let's go through the {looks}; I want to know where things stand.",
                          f"Before the weekly sync I'd like an overview of the {looks}."),
        "cleanup": (f"I want to clean up {what}.", f"{cap} has to go.", f"We no longer need {what}.",
                    f"Time to remove {what}."),
        "create-and-verify": (f"I need {new}, and I want to see it's really there afterwards.",
                              f"Let's add {new} and double-check the result.",
                              f"Please set up {new}; afterwards, confirm it exists.",
                              f"Can you add {new}? I'd like to see it listed when you're done."),
        "inspect-then-create": (f"Before adding {new} I want to check the existing {looks}.",
                                f"I need {new}, but let's look at the {looks} first.",
                                f"Let's review the {looks}, then add {new}."),
        "creation": (f"I need {new}.", f"Let's set up {new}.", f"Can you add {new}?", f"I'd like {new}."),
        "inspect-then-modify": (f"I need to change {what}, after a look at the {looks}.",
                                f"{cap} needs an update; let's review the {looks} first.",
                                f"Let's check the {looks}, then update {what}."),
        "modification": (f"{cap} needs an update.", f"I need to change {what}.", f"Can you update {what}?",
                         f"Some details of {what} are out of date."),
    }
    bare = what == f"the {label(focal.it.entity)}"
    if bare:  # no value names it: speak of the kind, not "the entity"
        many = plural(focal.it.entity)
        table.update({
            "lookup": (f"I need some details on our {many}.", f"Quick question about one of our {many}."),
            "cleanup": (f"Some of our {many} need cleaning up.", f"I want to remove an old {label(focal.it.entity)}."),
            "inspect-then-modify": (f"One of our {many} needs an update, after a look at the {looks}.",
                                    f"I need to change some {many}; let's review the {looks} first."),
            "modification": (f"One of our {many} needs an update.", f"I need to change some {many}.")})
    if form == "cleanup" and any(steps[r.step].it.action is Action.create for r in focal.refs if r.step < len(steps)):
        # what it removes is what it made: a round trip, not "an old" thing
        kind = label(focal.it.entity)
        table["cleanup"] = (f"I want to try {with_article(kind)} end to end: make one, then remove it again.",
                            f"Let's create a throwaway {kind} to check the flow, and delete it afterwards.")
    # A one-call request whose goal would only say the call again ("Can you help me send the email? Could you
    # send the email ...") goes straight to the call.
    own = described_action(focal.it) if bare else None
    doing = own or f"{verb(focal.it)} {what}"  # "detect prompt injection attempts", not "run the injection detector"
    if own is None and undescribed(focal.it) and verb(focal.it) == "run" and named_verb(focal.it) is None:
        doing = f"use `{focal.tool}`"  # (nothing says what it does: "I need to use `revisa`", not "run the revisa")
    fallback = ("",) if len(steps) == 1 else (f"I need to {doing}.", f"Can you help me {doing}?")
    if focal.it.action is Action.transfer:  # a download, a copy or a move changes nothing about the thing itself
        doing_it = f"{verb(focal.it)} {with_article(label(focal.it.entity)) if bare else what}"
        table["inspect-then-modify"] = (f"I need to {doing_it}, after a look at the {looks}.",
                                        f"Let's check the {looks}, then {doing_it}.",
                                        f"Before I {doing_it} I'd like to see the {looks}.")
        table["modification"] = ("", "", "Quick one for you.") if len(steps) == 1 else (
            f"I need to {doing_it}.", f"Can you help me {doing_it}?")
    if len(steps) == 1:  # "I'd like a new QR code. Please generate a new QR code …": the request says it already
        table["creation"] = ("", "", "", "Quick one for you.")
    if not bare and len(steps) == 1:  # as above: the request itself names what it asks about and does to it
        table["lookup"] = ("", "", "Quick question.", "Something I need to check.")
        if focal.it.action is not Action.transfer:
            table["modification"] = ("", f"Some details of {what} are out of date.")
        table["cleanup"] = ("", f"We no longer need {what}.")
    options = table.get(form, fallback)
    return rng.choice(options)


def title(steps: list[Step]) -> str:
    """A headline: the main thing done, and what was checked around it."""
    worked = [_worked(s) for s in steps]
    if all(w is not None for w in worked):
        return _plain(f"Work out {worked[0].said}" if len(steps) == 1 else f"Work out {len(steps)} calculations")
    changes = [k for k, s in enumerate(steps) if s.it.action in _CHANGE]
    if not changes:
        head = (f"Look up {_what(steps[0])}" if len(steps) == 1 else f"Investigate the {_kinds(steps)}")
        return _plain(head)
    k = _focal(steps)
    focal = steps[k]
    obj = _what(focal)
    if focal.it.action is Action.create and "`" not in obj:
        obj = f"a new {label(focal.it.entity)}"
    head = f"{verb(focal.it).capitalize()} {obj}"
    before = [s for s in steps[:k] if s.it.action in INSPECT]
    after = [s for s in steps[k + 1:] if s.it.action in INSPECT]
    if before and len(head) < 60:
        head += f" after checking the {_kinds(before)}"
    if after:
        head += " and verify it" if len(head) > 50 else " and verify the result"
    return _plain(head)


def _plain(s: str) -> str:
    return s.replace("`", "")


def explanation(k: int, steps: list[Step], users: dict[int, list[tuple[int, str]]]) -> str:
    """Why call k is made: what it does with which value, and which later call needs its result."""
    step = steps[k]
    head = f"{third_person(verb(step.it)).capitalize()} {_what(step) if step.it.action not in (Action.list, Action.search, Action.create) else ('the ' + plural(step.it.entity) if step.it.action is not Action.create else 'a new ' + label(step.it.entity))}"
    if step.refs:
        r = step.refs[0]
        value = step.args.get(r.param)
        value = value[0] if isinstance(value, list) and value else value
        head += f" using the {label(r.kind)} {show(value)} that `{steps[r.step].tool}` returned"
    later = users.get(k, [])
    if later:
        tools = list(dict.fromkeys(f"`{steps[j].tool}`" for j, _ in later))
        vals = list(dict.fromkeys(v for _, v in later))
        return head + f"; its result supplies {', '.join(vals[:2])} for {' and '.join(tools[:3])}."
    if k == len(steps) - 1:
        return head + ("; this is the change the user asked for." if step.it.action in _CHANGE
                       else "; this answers the user's question.")
    return head + (", as the user requested." if step.it.action in _CHANGE else _PURPOSE.get(step.it.action, (
        " so the user can look it over before moving on.",))[k % len(_PURPOSE.get(step.it.action, ("",)))])


_PURPOSE = {
    Action.read: (" so the user can see what it holds before anything changes.", " to check its current state.",
                  " to confirm what it contains."),
    Action.list: (" to see what is there first.", " to get an overview before the next step."),
    Action.search: (" to find the candidates first.", " to narrow down what the next steps work on."),
    Action.analyze: (" to see what changed.", " to check the differences first."),
    Action.navigate: (" so the next steps act on the right page.",),
}


def novelty(steps: list[Step], focus: list[str], specs: list[str], optional: list[str], rng: random.Random) -> str:
    """What makes this scenario a useful test, from its structure."""
    out: list[str] = []
    handed = [(r, k) for k, s in enumerate(steps) for r in s.refs]
    if len(specs) > 1:
        out.append(f"It crosses servers ({' and '.join(specs)}), so values must flow from one server's output "
                   f"into another's input.")
    if handed:
        r, k = handed[0]
        more = len(handed) - 1
        out.append(f"The agent must carry the {label(r.kind)} that `{steps[r.step].tool}` returns into "
                   f"`{steps[k].tool}`" + (f" (and {more} more hand-off{'s' if more > 1 else ''})" if more else "")
                   + " instead of inventing one.")
    made = {s.it.entity for s in steps if s.it.action in (Action.create, Action.update)}
    check = next((s for k, s in enumerate(steps) if s.it.action in INSPECT and s.it.entity in made
                  and any(t.it.entity == s.it.entity and t.it.action in (Action.create, Action.update)
                          for t in steps[:k])), None)
    if check is not None:
        out.append(f"It reads back what it changed with `{check.tool}`, which only works if the workflow keeps state.")
    gone = next((s for s in steps if s.it.action is Action.delete), None)
    if gone is not None:
        out.append(f"It includes a destructive `{gone.tool}` that must touch only {_what(gone)}.")
    optional = list(dict.fromkeys(optional))  # (two calls given the same option name it once)
    if optional:
        out.append(f"It needs the optional {', '.join(f'`{o}`' for o in optional[:3])} the request spells out, "
                   f"which agents tend to drop.")
    nested = next(((s.tool, n) for s in steps for n, v in s.args.items() if isinstance(v, (dict, list))), None)
    if nested and len(out) < 2:
        out.append(f"`{nested[1]}` of `{nested[0]}` is structured data the agent has to build exactly.")
    if not out:
        tool = focus[0] if focus else steps[0].tool
        out.append(f"A direct `{tool}` request: the agent has to pick this tool and fill its arguments from "
                   f"the wording alone.")
    return " ".join(out[:2])


def follow_up(step: Step, rng: random.Random, records: list[dict[str, Any]] | None = None) -> str:
    """A natural next question about what the last call acted on, asking only what any such result can answer
    (no change history of a lookup, no "who else to tell" of a chart); given the result's `records`, only what
    this one can (no "are there more" when the count says all came back, no "most recent" without dates)."""
    if _worked(step) is not None:  # a number came back: is it right, and how was it reached
        return rng.choice(("Can you double-check that?", "Is that exact, or rounded?", "How did you get that?",
                           "Can you show me the working?"))
    what = _what(step)
    many = plural(step.it.entity)
    a = step.it.action
    # (question, what the result must hold for it to be answerable: None for any result)
    if a is Action.create:  # (something new: where it is and what it holds, not whether a change went through)
        options = ((f"Can you show me {what} now so I can check it?", None),
                   (f"Does {what} look right, or is anything missing?", None),
                   (f"Where can I find {what} now?", "link"),
                   (f"Is there anything else {what} needs before it's ready?", None))
    elif a in (Action.update, Action.transfer, Action.configure):
        options = ((f"Can you show me {what} now so I can check it?", None),
                   (f"Does {what} look right now, or is anything missing?", None),
                   (f"Is there anything else {what} needs before it's ready?", None),
                   ("Can you confirm the change went through?", None))
    elif a is Action.delete:
        options = ((f"Is anything else still referring to {what} that we should clean up?", None),
                   (f"Could we restore {what} if it turns out we still need it?", None), ("Is it gone for good now?", None))
    elif a in (Action.list, Action.search):
        options = ((f"Which of those {many} should I look at first?", "rows"),
                   (f"Can you sum up what those {many} have in common?", "rows"),
                   (f"Are there more {many} beyond these?", "more"),
                   (f"Which of those {many} is the most recent?", "dated"), (f"How many {many} came back in all?", None))
    elif a is Action.execute:
        options = (("Did that finish cleanly?", None), ("What did that produce, in short?", "text"),
                   ("Were there any warnings?", None))
    else:
        options = ((f"Can you sum up the key points of {what}?", "text"),
                   (f"Is there anything in {what} I should act on?", None),
                   (f"What else should I know about {what}?", None), (f"Anything unusual in {what}?", None),
                   (f"Could you sum up {what} in two sentences for my notes?", "text"))
    if records is not None:
        options = tuple(o for o in options if _answerable(o[1], records)) or options
    return rng.choice(options)[0]


def _answerable(need: str | None, records: list[dict[str, Any]]) -> bool:
    """Whether a result's records hold what a stock follow-up asks about: more rows than shown (a larger
    total, a next page), several rows, dated rows, or some text to sum up."""
    rows = [r for r in records if "total_count" not in r]
    if need == "link":  # (a picture or a file made: its address or path)
        return any(isinstance(v, str) and re.match(r"(https?://|/)\S+$", v) for r in rows for v in r.values())
    if need == "more":
        return any(isinstance(r.get("total_count"), int) and r["total_count"] > len(rows) for r in records) or \
            any(r.get("has_more") is True or r.get("next_cursor") or r.get("next") for r in records)
    if need == "dated":
        return len(rows) >= 2 and all(any(isinstance(v, str) and re.match(r"\d{4}-\d\d-\d\d", v) for v in r.values())
                                      for r in rows)
    if need == "rows":
        return len(rows) >= 2
    if need == "text":
        return any(isinstance(v, str) and len(v.split()) >= 6 for r in records for v in r.values())
    return True


_STATE_FIELDS = ("status", "state", "phase", "conclusion", "stage", "health", "severity", "priority")
# States nobody asks "why" about.
_UNREMARKABLE = frozenset(("completed complete success succeeded successful ok done active enabled true false normal "
                           "healthy available valid none null open online running ready published approved live "
                           "connected up paid delivered confirmed resolved closed merged sent verified").split())
_NOT_FIGURES = frozenset(("id ids number no index date time at created updated timestamp epoch ts limit offset page size "
                          "count version year port latitude longitude lat lng lon code decimals block height nonce "
                          "sequence chain zoom x y rank position order width px pixels dpi").split())  # (a picture's size too)
# Figures a person wants lower (a cost, a delay, an error rate): only of these is "what would bring it below" asked.
_REDUCIBLE = frozenset(("cost price fee fees spend usage latency duration error errors failure failures debt load cpu "
                        "memory delay wait risk churn backlog queue bounce downtime gas").split())


def _field_words(key: str) -> str:
    return " ".join(tokens(key)) or key


def rows_follow_up(records: list[dict[str, Any]], rng: random.Random) -> str | None:
    """The next question about a query's rows (`{"columns": […], "rows": […]}`): about the row on top and its
    figure where the rows count something, else about the first row; None where no result holds rows."""
    rec = next((r for r in records if isinstance(r.get("rows"), list) and isinstance(r.get("columns"), list)), None)
    if rec is None:
        return None
    rows = [r for r in rec["rows"] if isinstance(r, dict)]
    if not rows:
        return "Why did that come back empty?"
    first = rows[0]
    labels = [c for c in rec["columns"] if isinstance(first.get(c), str) or isinstance(first.get(c), list) and first[c]]
    counts = [c for c in rec["columns"] if isinstance(first.get(c), int) and not isinstance(first.get(c), bool)
              and c.lower() != "id" and not c.lower().endswith(("_id", ".id"))]
    label = first[labels[0]] if labels else None
    label = label[0] if isinstance(label, list) else label
    if label is not None and counts:
        n, col = first[counts[0]], humanise(counts[0].split(".")[-1])
        many = f"{n}" if col in ("total", "count", "n", "cnt", "num") else f"{n} {col}"  # ("49", not "49 total")
        if len(rows) > 1 and all(isinstance(r.get(counts[0]), int) and r[counts[0]] <= n for r in rows):
            return rng.choice((f"Why does {show(label)} come out on top with {many}?",
                               f"What's behind the {many} for {show(label)}?"))
        return f"Can you break the {many} for {show(label)} down further?"
    if label is not None:
        return rng.choice((f"What else do we know about {show(label)}?", f"Can you narrow that down to {show(label)}?"))
    return None


def grounded_follow_up(step: Step, records: list[dict[str, Any]], rng: random.Random) -> str | None:
    """A next question about what the last call's result showed: a state it reported, a figure in it.
    None when the result shows nothing such a question could be about, or the call deleted what it shows (no
    "why is the index scaling down" of an index just deleted)."""
    if step.it.action is Action.delete:
        return None
    rows = rows_follow_up(records, rng)
    if rows is not None:
        return rows
    out = next((r["stdout"].strip().splitlines()[0] for r in records
                if isinstance(r.get("stdout"), str) and r["stdout"].strip()), None)
    if out is not None and len(out) <= 60 and re.search(r"[A-Za-z0-9]{2,}", out):
        # a program's output: what it printed, not "were there warnings" (not a line of progress dots)
        return rng.choice((f"Is {show(out)} what you'd expect there?", f"Why does it print {show(out)}?"))
    what, many = _what(step), plural(step.it.entity)
    listing = step.it.action in (Action.list, Action.search) and len(records) >= 2
    for rec in records:
        for key, value in rec.items():
            if not isinstance(value, str) or not 1 <= len(value) <= 30 or len(value.split()) > 3 \
                    or not re.fullmatch(r"[A-Za-z][A-Za-z _-]*", value):  # a state is a word, not a number or an id
                continue
            if any(t in _STATE_FIELDS for t in tokens(key)) and not re.search(r"\d{4}-\d\d-\d\d", value) and key not in \
                    step.args and value.lower() not in _UNREMARKABLE | {state_set(step.tool)}:  # (not what it just did)
                value = value.replace("_", " ").lower() if " " not in value else value  # `IN_PROGRESS`: in progress
                if listing:
                    options = (f"Why are some of these {many} {value}?",
                               f"Which of the {value} {many} should I look at first?")
                else:
                    options = (f"Why is {what} {value}, and what would change that?",
                               f"Is {_field_words(key)} {value} what we expect for {what} at this point?")
                return rng.choice(options)
    if listing:  # two of the rows by their names: a question about what came back, not about "those items"
        names = [r[k] for r in records for k in ("name", "title", "display_name", "label") if isinstance(r.get(k), str)
                 and 2 <= len(r[k]) <= 60 and not is_code(r[k])][:2]
        if len(names) == 2 and names[0] != names[1]:
            a, b = show(names[0]), show(names[1])
            return rng.choice((f"Of {a} and {b}, which should I look at first?",
                               f"What's the difference between {a} and {b}?", f"Is {b} related to {a} at all?"))
    for rec in records[:1]:
        for key, value in rec.items():
            words = tokens(key)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and words and key not in step.args \
                    and not set(words) & _NOT_FIGURES and 1 < abs(value) < 10**9 and len(key) > 1 \
                    and value not in step.args.values():  # (not "a n of 3", nor the number the call was given)
                said = _field_words(key)
                unit = figure(key, value)
                if unit is not None:  # "Is a temperature of 13.8 °C normal for the weather?"
                    name, amount = unit
                    if set(words) & _REDUCIBLE:
                        return rng.choice((f"Is {with_article(name)} of {amount} normal for {what}?",
                                           f"What would bring the {name} of {what} below {amount}?"))
                    return rng.choice((f"Is {with_article(name)} of {amount} normal for {what}?",
                                       f"What does {with_article(name)} of {amount} tell us about {what}?"))
                if singular(words[-1]) != words[-1]:  # a count (`pages`, `followers`): "117 pages", not "a pages of 117"
                    return rng.choice((f"Is {value} {said} a lot for {what}?", f"Why does {what} have {value} {said}?"))
                if set(words) & _REDUCIBLE:
                    return rng.choice((f"Is {with_article(said)} of {value} normal for {what}?",
                                       f"What would bring the {said} of {what} below {value}?"))
                return rng.choice((f"Is {with_article(said)} of {value} normal for {what}?",
                                   f"What does {with_article(said)} of {value} tell us about {what}?"))
    return None

