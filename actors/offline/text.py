"""Wording for offline scenarios: per-call clauses, instruction, title, category, novelty, follow-up.

Every value a call needs is written out, except values the agent reads from an earlier output;
those are described by where they come from ("the file that step 1 returns"), never guessed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from actors.offline.taxonomy import VERBS, tokens
from schemas import Action, ParameterRole, ToolInterpretation

VERB = {
    Action.read: "read", Action.list: "list", Action.search: "search for", Action.create: "create",
    Action.update: "update", Action.delete: "delete", Action.execute: "run", Action.navigate: "open",
    Action.configure: "configure", Action.analyze: "analyze", Action.transfer: "transfer", Action.other: "use",
}
INSPECT = {Action.read, Action.list, Action.search, Action.analyze, Action.navigate}
# Name verbs that read well in a sentence ("click the element", "merge the branch"); command
# mnemonics (hset, lpop, ls) and vague ones (get, make) keep the action's generic verb.
_PLAIN = set("""click hover drag fill press scroll select submit upload navigate open close switch focus
merge rebase rename move edit replace resize rotate align reset restore pause resume assign
mark resolve lock unlock export import download copy sync pull push save publish subscribe
deploy trigger cancel dismiss archive approve evaluate execute run start stop send test
validate verify audit analyze diagnose compare inspect checkout clone fork apply convert""".split())

_MAX_INLINE = 400


def label(entity: str) -> str:
    return entity.replace("_", " ")


def plural(entity: str) -> str:
    word = label(entity)
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")


def show(value: Any) -> str:
    """A value as the user would type it: strings in backticks, everything else as compact JSON."""
    if isinstance(value, str):
        return f"`{value}`"
    text = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    return f"`{text}`" if len(text) <= _MAX_INLINE else f"```{text}```"


@dataclass(frozen=True)
class Ref:
    """An argument whose value the agent takes from an earlier call's output."""

    param: str
    kind: str
    step: int  # index of the call whose output holds it
    first: bool = False  # the source lists several: the wanted one is listed first


def clause(tool: str, it: ToolInterpretation, args: dict[str, Any], refs: list[Ref],
           context: dict[str, Any], offset: int = 0) -> str:
    """One call as an imperative clause: "list the commits with maxCount `5`".

    `refs` are written as where the value comes from (step numbers shifted down by `offset`);
    context parameters holding the scenario's context value are said once, in the instruction;
    every other argument is written out."""
    ref_params = {r.param for r in refs}
    context = {p.name for p in it.parameters if p.role is ParameterRole.context
               and p.name in context and args.get(p.name) == context[p.name]}
    head = f"{verb(it)} {object_phrase(it)}"
    parts = [f"{r.param} set to the {'first ' if r.first else ''}{label(r.kind)} {'listed in' if r.first else 'from'} "
             f"step {r.step + 1 - offset}'s result" for r in refs]
    for name, value in args.items():
        if name in ref_params or name in context:
            continue
        parts.append(f"{name} {show(value)}")
    return head + (" with " + ", ".join(parts) if parts else "")


def instruction(clauses: list[str], context: dict[str, Any], intro: str) -> str:
    lead = intro
    if context:
        lead += " Work in " + ", ".join(f"{k} {show(v)}" for k, v in context.items()) + "."
    steps = " ".join(f"Step {i + 1}: {c[0].upper()}{c[1:]}." for i, c in enumerate(clauses))
    return f"{lead} {steps}".strip()


def verb(it: ToolInterpretation) -> str:
    """The verb for a call: the tool name's own verb when it reads well, else the action's."""
    if it.action not in (Action.create, Action.list, Action.search, Action.read):
        for word in tokens(it.tool):
            if word in VERBS and VERBS[word] is it.action:
                return word if word in _PLAIN else VERB[it.action]
    return VERB[it.action]


def object_phrase(it: ToolInterpretation) -> str:
    """`the branches` for a listing, `a new tag` for a creation, `the commit` otherwise."""
    if it.action in (Action.list, Action.search):
        return f"the {plural(it.entity)}"
    if it.action is Action.create:
        word = label(it.entity)
        return f"{'an' if word[:1] in 'aeiou' else 'a'} new {word}"
    return f"the {label(it.entity)}"


def title(steps: list[ToolInterpretation]) -> str:
    seen: list[str] = []
    for it in steps:
        phrase = f"{verb(it)} {plural(it.entity) if it.action in (Action.list, Action.search) else label(it.entity)}"
        if phrase not in seen:
            seen.append(phrase)
    head = ", then ".join(seen[:3]) + (" and more" if len(seen) > 3 else "")
    return head[0].upper() + head[1:]


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


def novelty(tools: list[str], handoffs: int, focus: list[str], entities: list[str]) -> str:
    flow = f"{handoffs} value hand-off{'s' if handoffs != 1 else ''}" if handoffs else "no value hand-offs"
    return (f"Exercises {', '.join(f'`{f}`' for f in focus)} in the sequence {' -> '.join(tools)} "
            f"over {', '.join(sorted(set(map(label, entities))))} ({flow}).")


def follow_up(last: ToolInterpretation, subject: tuple[str, str] | None) -> str:
    """A natural next question about what the last call acted on (`subject` = (kind, id))."""
    what = f"the {label(subject[0])} {show(subject[1])}" if subject else f"the {label(last.entity)}"
    if last.action in (Action.create, Action.update, Action.transfer, Action.configure):
        return f"Can you show me {what} now, to confirm the change took effect?"
    if last.action is Action.delete:
        return f"Is anything else still referring to {what} that we should clean up?"
    if last.action in (Action.list, Action.search):
        return f"Which of those {plural(last.entity)} changed most recently?"
    return f"What should I change next about {what}?"
