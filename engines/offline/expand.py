"""The offline expander: split a mocked scenario into dialogue turns at phase boundaries.

A boundary falls where the workflow moves between inspecting (read, list, search, analyze,
navigate) and changing things, or where a call needs a value an earlier output revealed. Each
later turn opens by quoting a concrete value from an earlier output; a boundary with nothing to
quote is dropped. Fewer than two turns left means no expansion: one turn with every call.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from common.json_values import leaves
from common.taxonomy import same_kind, tokens
from engines.base import EngineContext, Outcome
from engines.offline import prose, text
from engines.offline.nested import unwrap
from engines.offline.outputs import in_output, listed_rows, output_objects
from engines.offline.relations import relation
from engines.offline.scenario import interpretations_for, see_through
from engines.offline.verdicts import verdict_remark
from schemas import Action, Call, ParameterRole, Scenario, ToolInterpretation, Turn

MAX_TURNS = 4
# What a follow-up may ask to do next with a record just shown: look closer, fetch it; not change, run or delete
# it (a change needs what to change, which nobody has said yet; "close the alert" may be what was just done).
_ONWARD = frozenset({Action.read, Action.analyze, Action.transfer, Action.list})
_REMOVES = frozenset({"delete", "remove", "destroy", "drop", "purge", "erase", "trash"})  # (gone, not unprotected)


# (a decimal number whole: `5489.73`, not `5489`)
_SALIENT = re.compile(r"https?://[\w./%?=&#-]+|[\w.+-]+@[\w-]+\.[\w.]+|/[\w./-]{4,}|\b\d+\.\d+\b(?!\.\d)|"
                      r"\b[\w-]*\d[\w:-]{3,}\b|\b[a-z]+[-_:][\w:-]{3,}\b")


_STAMP = re.compile(r"^\d{4}-\d{2}-\d{2}|^\d{9,}\.\d+$")


def salient(output: Any, asked: dict[str, Any] | None = None) -> str | None:
    """A concrete value worth quoting from an output (an email, a path, an ID-like token) that
    stands in it as a whole token; never one the call was given (`asked`): an empty search that echoes its
    path shows nothing to remark on."""
    if output is None:
        return None
    given = {v for v in leaves(asked or {}) if isinstance(v, str)}
    data = output
    if isinstance(output, str) and output[:1] in "[{":
        try:  # a JSON text result: its values are the candidates, each whole
            data = json.loads(output)
        except ValueError:
            data = output
    texts = [data] if isinstance(data, str) else [v for v in leaves(data) if isinstance(v, str)]
    # ID-like tokens first (paths, emails, keys with digits), then short plain values ("rightclick")
    cands = [m.group(0).rstrip(".,;:") for t in texts for m in _SALIENT.finditer(t)
             if not re.match(r":\s", t[m.end() - m.group(0).endswith(":"):m.end() + 2])]  # (no label: `expire_seconds: 9`)
    words = texts + [ln.split(": ", 1)[1] for t in texts for ln in t.splitlines() if ": " in ln]  # `key: value` lines
    cands += [t for t in words if 3 <= len(t) <= 60 and " " not in t and not t.startswith("http")]
    for c in cands:
        if _STAMP.match(c) or re.fullmatch(r"(19|20)\d\d", c) or c in given:  # (nor a timestamp or a year)
            continue
        if len(c) >= 3 and in_output(c, output):
            return c
    return None


def _found_nothing(output: Any) -> bool:
    """Whether an output is an empty listing or search (`{"total_count": 0, "items": []}`, "No matches found")."""
    if isinstance(output, str) and (output.strip() == "[]" or re.search(r"\bno (matches|results)\b|\bnothing found\b",
                                                                       output, re.I)):
        return True
    records = output_objects(output, max_depth=0)
    lists = [v for r in records for v in r.values() if isinstance(v, list)]
    return bool(lists) and not any(lists) or any(r.get("total_count") == 0 for r in records)


_NOTABLE = ("title", "name", "display_name", "subject", "headline", "status", "state", "conclusion", "severity",
            "conditions", "summary")


def notable(output: Any, asked: dict[str, Any] | None = None) -> tuple[str, str] | None:
    """(field, value) worth remarking on in an output: a title, a name or a state the first record shows, as a
    short string standing whole in it; never a value the call was given (`asked`): that is no news."""
    given = {json.dumps(v) for v in (asked or {}).values() if isinstance(v, str)}
    records = output_objects(output, max_depth=1)
    for field in _NOTABLE:
        for rec in records[:2]:  # a search's wrapper, then its first hit
            value = rec.get(field)
            if isinstance(value, str) and 2 <= len(value) <= 60 and "`" not in value and not _STAMP.match(value) \
                    and in_output(value, output) and json.dumps(value) not in given:
                return field, value
    return None


class OfflineExpander:
    """Expand engine `offline`: deterministic, uses only the scenario and its mock outputs."""

    def __init__(self, ctx: EngineContext):
        self.ctx = ctx
        # A tool whose arguments sit inside one object parameter is said as that object's fields ("list the
        # attachments up to 2026-03-17"), as the scenario writer said it, not "with data `{…}`" (nested.py).
        self.wrapped = {n: w for n, t in ctx.suite.by_name().items() if (w := unwrap(t)) is not None}
        self.its = see_through(interpretations_for(ctx.suite, ctx.interpretations), self.wrapped, ctx.suite)
        self._onward_tools: list[tuple[str, str, str, tuple[str, ...]]] | None = None

    def _inner(self, c: Call) -> tuple[dict[str, Any], dict[str, int]]:
        """A call's arguments and sources as its tool is read: a wrapped tool's inner object and paths."""
        wrap = self.wrapped.get(c.tool)
        if wrap is None or not isinstance(c.arguments.get(wrap[0]), dict):
            return c.arguments, c.sources
        pre = f"{wrap[0]}."
        return c.arguments[wrap[0]], {k.removeprefix(pre): v for k, v in c.sources.items()}

    def expand(self, scenario: Scenario) -> Outcome[Scenario]:
        scenario = scenario.model_copy(update={"instruction": _picked_by_name(scenario)})
        turns = self._turns(scenario)
        if len(turns) < 2:
            turns = scenario.single_turn()
        return Outcome(item=scenario.model_copy(update={"turns": turns, "follow_up": self._follow_up(scenario)}))

    def _follow_up(self, s: Scenario) -> str:
        """The next question about what the last result showed (a state, a figure), now that the outputs exist;
        the scenario's own follow-up when the result shows nothing to ask about."""
        last = s.calls[-1] if s.calls else None
        if last is None:
            return s.follow_up
        step = prose.Step(last.tool, self.its[last.tool], self._inner(last)[0], ())
        records = output_objects(last.output, max_depth=1)
        rng = random.Random(f"follow:{s.seed}:next")
        onward = self._next_step(s, records, rng)
        if onward is not None and rng.random() < 0.8:  # (what the spec's tools can do next, most often)
            return onward
        asked = prose.grounded_follow_up(step, records, random.Random(f"follow:{s.seed}"))
        # (else a stock question this result can answer: no "are there more" when all came back)
        return asked or prose.follow_up(step, random.Random(f"follow:{s.seed}:stock"), records)

    def _next_step(self, s: Scenario, records: list[dict[str, Any]], rng: random.Random) -> str | None:
        """The next thing a person asks of what the last call showed, from what the spec's own tools can do with
        it: "Could you download the paper `2403.01234` next?" after a search, "Could you list the comments on the
        issue `KIT-7` next?" after an update: a tool the scenario did not call that needs one of the records shown
        and, besides, only what the last call was given (the same base, the same table). None where none does."""
        last = s.calls[-1]
        given = self._inner(last)[0]
        kind = self.its[last.tool].entity
        if self.its[last.tool].action is Action.delete:  # (what was deleted is nothing to look at: that it is gone is)
            return self._gone(last.tool, kind, given, rng)
        called = {c.tool for c in s.calls}
        rows = [r for r in records if "total_count" not in r]
        asks = []
        for tool, name, takes, also in self._onward():
            if tool in called or not same_kind(takes, kind) or not all(n in given for n in also):
                continue
            it = self.its[tool]
            for rec in rows[1:2] + rows[:1]:  # (the first row is the one the workflow already took)
                value = rec.get(name, rec.get("id"))
                if isinstance(value, (str, int)) and not isinstance(value, bool) and in_output(value, last.output):
                    ask = prose.clause(prose.Step(tool, it, {name: value, **{n: given[n] for n in also}}, ()), [], {})
                    asks.append(f"pull up {ask[5:]}" if ask.startswith("read ") else ask)  # (not "read the release")
                    break
        if not asks:
            return None
        ask = rng.choice(asks)
        return rng.choice((f"Could you {ask} next?", f"Can you {ask} as well?", f"While you're at it, could you {ask}?"))

    def _gone(self, deleter: str, kind: str, given: dict[str, Any], rng: random.Random) -> str | None:
        """After a delete, the listing that would show it gone ("Could you list the databases again to check it's
        gone?"), where the spec has one that needs only what the delete was given; else None."""
        if not set(tokens(deleter)) & _REMOVES:
            return None  # (a branch unprotected is still there)
        for tool in sorted(self.its):
            it = self.its[tool]
            needs = [p.name for p in it.parameters if p.required]
            # (of the very kind deleted, where it was, not filtered by it)
            if it.action is Action.list and it.entity == kind and all(n in given for n in needs) and not any(
                    p.required and p.entity == kind for p in it.parameters):
                ask = prose.clause(prose.Step(tool, it, {n: given[n] for n in needs}, ()), [], {})
                return rng.choice((f"Could you {ask} again to check it's gone?",
                                   f"Can you {ask} once more so I can see it's no longer there?"))
        return None

    def _onward(self) -> list[tuple[str, str, str, tuple[str, ...]]]:
        """(tool, parameter, kind, other required parameters) of the tools that look closer at, list what is in,
        or fetch one record given by its ID, and, besides, only IDs of where it is (a base and a table), read once
        per suite (a follow-up is written for every scenario)."""
        if self._onward_tools is None:
            self._onward_tools = []
            for tool in sorted(self.its):
                it = self.its[tool]
                required = [p for p in it.parameters if p.required]
                if it.action not in _ONWARD or not required or any(
                        p.role is not ParameterRole.identifier or not p.entity for p in required):
                    continue
                for p in required:  # (which one takes the record shown: the others come from the last call)
                    also = tuple(q.name for q in required if q is not p)
                    self._onward_tools.append((tool, p.name, p.entity, also))
        return self._onward_tools

    def _phase(self, scenario: Scenario, i: int) -> bool:
        return self.its[scenario.calls[i].tool].action in text.INSPECT

    def _turns(self, s: Scenario) -> list[Turn]:
        n = len(s.calls)
        cuts = [k for k in range(1, n) if self._phase(s, k) != self._phase(s, k - 1)
                or any(src == k - 1 for src in s.calls[k].sources.values())]
        if not cuts and n >= 3:
            cuts = [1]  # one long inspection: look first, then follow up on what was seen
        groups: list[list[int]] = []
        start = 0
        for k in cuts + [n]:
            group = list(range(start, k))
            quote = self._quote(s, group, groups) if groups else None
            if groups and (quote is None or len(groups) >= MAX_TURNS):
                groups[-1] += group
            else:
                groups.append(group)
            start = k
        if len(groups) < 2:
            return []
        described: set[str] = set()  # values whose record a turn already read off: later turns just name them
        return [self._turn(s, g, groups[:t], described) for t, g in enumerate(groups)]

    def _quote(self, s: Scenario, group: list[int], before: list[list[int]]) -> tuple[int, Any] | None:
        """(earlier call, value) a turn can quote: a value it uses first, else any id the earlier outputs show
        (see `_uses` to tell the two apart)."""
        earlier = [i for g in before for i in g]
        found: list[tuple[int, Any]] = []
        for k in group:
            for arg, src in sorted(s.calls[k].sources.items()):
                try:
                    value = s.calls[k].argument_at(arg)  # a nested one by its path (`relations[0].from`)
                except KeyError:
                    continue
                value = value[0] if isinstance(value, list) and value else value
                if src in earlier and in_output(value, s.calls[src].output):
                    # (from the latest result that showed it: after a read of the paper a listing found, "so
                    # `2403.01234` shows …", not "`2403.01234` is in the paper list" once more)
                    found.append((max(i for i in earlier if i >= src and in_output(value, s.calls[i].output)), value))
        if found:  # the most recent output the turn builds on
            return max(found, key=lambda f: f[0])
        for i in reversed(earlier):  # else what the latest result showed: what it created, or a value in it
            made = next((e.id for e in s.state.entities if e.created_by == i and in_output(e.id, s.calls[i].output)), None)
            value = made if made is not None else salient(s.calls[i].output, s.calls[i].arguments)
            if value is None and not _found_nothing(s.calls[i].output):
                value = salient(s.calls[i].output)  # (the record it read, by the key it was read with)
            if value is not None:
                return i, value
        return None

    def _turn(self, s: Scenario, group: list[int], before: list[list[int]], described: set[str] | None = None) -> Turn:
        """A turn in the user's words; values from earlier turns' outputs are stated, not referred to."""
        offset = group[0]
        rng = random.Random(f"turns:{s.seed}:{offset}")
        steps = [prose.Step(c.tool, self.its[c.tool], args,
                            tuple(text.Ref(arg, self._kind(s, k, arg), src, False) for arg, src in sorted(sources.items())
                                  if src >= offset)) for k, c in enumerate(s.calls) for args, sources in [self._inner(c)]]
        clauses = prose.joined(group, [prose.clause(steps[k], steps, s.state.context, offset) for k in group], steps)
        if not before:
            return Turn(user=prose.request(clauses, rng, str(s.meta.get("intro", ""))), calls=group)
        src, value = self._quote(s, group, before) or (None, None)
        used = self._uses(s, group, value)
        seen = notable(s.calls[src].output, s.calls[src].arguments) if src is not None and not used else None
        noun = prose.result_noun(steps, src)
        judged = next((verdict_remark(r, noun, rng)
                       for r in output_objects(s.calls[src].output, max_depth=0)), None) if src is not None else None
        acted = src is not None and used and any(str(v) == str(value) for v in leaves(s.calls[src].arguments))
        if judged is not None:  # a checker's verdict: what it found, not the input it was given back
            opener = judged
        elif acted and described is not None and str(value) in described:
            # the call before worked on the very record this turn goes on with, already read off: react to what
            # it came to and go on with "it" ("Good, `2403.01234` is completed now. Can you read it?")
            opener = prose.acknowledged(next(iter(output_objects(s.calls[src].output, max_depth=0)), None), value, rng)
            clauses = prose.as_it(clauses, value)
        elif seen is not None and (shown := self._facts(s, src, seen[1], described)) is not None:
            opener = prose.lead(seen[1], noun, rng, used=False, made=False, shown=shown)  # what its record showed
        elif seen is not None:  # nothing of it is taken: react to what the result said, in words
            opener = tally(self.its[s.calls[src].tool], s.calls[src].output, rng) or prose.remark(seen[0], seen[1], noun, rng)
        else:
            made = any(e.created_by == src and str(e.id) == str(value) for e in s.state.entities)
            tied = src is not None and relation(steps[src].it, steps[src].args) is not None
            opener = prose.lead(value, noun, rng, used=used, made=made, tied=tied,
                                shown=self._facts(s, src, value, described))
            if used and text.show(value) in opener:  # ("`X` looks right: … Can you read it?")
                clauses = prose.as_it(clauses, value)
        return Turn(user=prose.request(clauses, rng, opener, start=False), calls=group)

    @staticmethod
    def _facts(s: Scenario, src: int | None, value: Any, described: set[str] | None = None) -> str | None:
        """What the record holding `value` in call `src`'s output showed besides it ("running, region eu-west"),
        the first time a turn quotes it (`described` holds the values already read off)."""
        if src is None or described is not None and str(value) in described:
            return None
        if described is not None:
            described.add(str(value))
        row = next((r for r in output_objects(s.calls[src].output, max_depth=1)
                    if any(str(v) == str(value) for v in r.values())), None)
        return text.facts(row, value) if row is not None else None

    @staticmethod
    def _uses(s: Scenario, group: list[int], value: Any) -> bool:
        """Whether the turn's calls take the quoted value (else the turn only acknowledges what it saw)."""
        needle = str(value)
        return any(needle in json.dumps(s.calls[k].arguments, ensure_ascii=False) for k in group)

    def _kind(self, s: Scenario, k: int, arg: str) -> str:
        it = self.its[s.calls[k].tool]
        return next((p.entity for p in it.parameters if p.name == arg and p.entity), "value")


_NAMING = ("name", "title", "display_name", "subject", "headline", "full_name")
_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


_FIRST = re.compile(r"\bthe first (?:one|[a-z]+(?: [a-z]+)? in the [a-z ]+? (?:list|results))\b")


def _picked_by_name(s: Scenario) -> str:
    """The instruction with the one record it picks from a listing ("get all projects and read the first one")
    named as the user knows it, by the name the listing shows ("… read the one named `tracking-gateway`"): a
    person asks for the record they mean, not for whichever comes first. Left as it is where the request picks
    more than one, or the name is not the listing's only such."""
    if len(_FIRST.findall(s.instruction)) != 1:
        return s.instruction
    picks = [(s.calls[src].output, s.calls[k].argument_at(arg)) for k, c in enumerate(s.calls)
             for arg, src in c.sources.items() if _from_rows(s, k, arg)]
    if len(picks) != 1:
        return s.instruction
    rows = listed_rows(picks[0][0])
    row = next((r for r in rows if any(str(r.get(f)) == str(picks[0][1]) for f in ("id", "key", "uuid", "number"))), None)
    name = next((row[f] for f in _NAMING if isinstance(row.get(f), str) and 2 <= len(row[f]) <= 60), None) \
        if row is not None else None
    if name is None or sum(1 for r in rows if name in r.values()) != 1 or str(picks[0][1]) == name:
        return s.instruction
    return _FIRST.sub(f"the one named {text.show(name)}", s.instruction, count=1)


def _from_rows(s: Scenario, k: int, arg: str) -> bool:
    """Whether call k's `arg` is a scalar taken from the rows of an earlier listing's output."""
    try:
        value = s.calls[k].argument_at(arg)
    except KeyError:
        return False
    return isinstance(value, (str, int)) and len(listed_rows(s.calls[s.calls[k].sources[arg]].output)) > 1


def tally(it: ToolInterpretation, output: Any, rng: random.Random) -> str | None:
    """How a person takes in a listing they go on from without taking anything of it: how many came back and
    what the first are called ("OK, three projects: `fare-api`, `hotel-service` and `tracking-gateway`."), not
    one field of one row remarked on ("Interesting, name `fare-api` in the project list.")."""
    rows = listed_rows(output) if it.action in (Action.list, Action.search) else []
    if not rows:
        return None
    names = [text.show(v) for r in rows for v in [next((r[f] for f in _NAMING if isinstance(r.get(f), str)
                                                        and 2 <= len(r[f]) <= 60 and "`" not in r[f]), None)] if v]
    one, many, n = text.label(it.entity), text.plural(it.entity), len(rows)
    count = _COUNTS[n] if n < len(_COUNTS) else str(n)
    if not names:
        return None  # (a turn quotes what it saw: with no names, a value of the result does)
    if n == 1:
        return rng.choice((f"Only one {one} there: {names[0]}.", f"Just the one {one}, {names[0]}."))
    if len(names) == 1:
        return rng.choice((f"OK, {count} {many}; {names[0]} is one of them.", f"So {count} {many}, {names[0]} first."))
    if len(names) == n <= 3:
        listed = ", ".join(names[:-1]) + " and " + names[-1]
        return rng.choice((f"OK, {count} {many}: {listed}.", f"So there are {count} {many}, {listed}.",
                           f"Good, {count} {many}: {listed}."))
    return rng.choice((f"OK, {count} {many}, {names[0]} and {names[1]} among them.",
                       f"So {count} {many} in all; {names[0]} comes first.",
                       f"I see {count} {many}, starting with {names[0]}."))
