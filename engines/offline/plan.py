"""Which tools a scenario calls, in which order: walks the ToolGraph around the focus tools.

Simple: the focus tool alone, or with one neighbour on the same entity (a listing before a read,
a read after a write). Complex: 3-8 calls following data flow (producers before consumers),
at least two distinct tools and two action classes (one where the spec offers no other).
"""

from __future__ import annotations

import random

from common.graph import ToolGraph
from common.taxonomy import VERBS, same_kind, singular, tokens
from engines.base import StageError
from schemas import Action, ScenarioRequest, ToolInterpretation

_PRODUCE = {Action.list, Action.search, Action.create}
_VERIFY = {Action.read, Action.list, Action.analyze, Action.search}
MAX_CALLS = 8


class Planner:
    def __init__(self, graph: ToolGraph, its: dict[str, ToolInterpretation], spec_of: dict[str, str],
                 carriers: dict[str, bool]):
        self.graph, self.its, self.spec_of, self.carriers = graph, its, spec_of, carriers
        self.by_spec: dict[str, list[str]] = {}
        self._n_classes: dict[str, int] = {}
        # Only listings have twins (_twin): checked first, since a dense graph offers thousands of candidates.
        self._listings = frozenset(t for t, it in its.items() if it.action is Action.list)
        for name, spec in spec_of.items():
            self.by_spec.setdefault(spec, []).append(name)

    def _pick(self, cands: list[str], rng: random.Random, uncovered: set[str], spec: str) -> str:
        weights = [(4.0 if c in uncovered else 1.0) * (2.0 if self.spec_of[c] == spec else 1.0) for c in cands]
        return rng.choices(cands, weights=weights, k=1)[0]

    def _related(self, a: str, b: str) -> bool:
        return same_kind(self.its[a].entity, self.its[b].entity)

    def sequence(self, req: ScenarioRequest, rng: random.Random) -> list[str]:
        unknown = [f for f in req.focus_tools if f not in self.its]
        if unknown:
            raise StageError(f"focus tool {unknown[0]!r} is not in the suite", "focus_tools")
        uncovered = set(req.uncovered_tools)
        if req.complexity == "simple":
            return self._simple(req.focus_tools[0], rng, uncovered)
        return self._complex(list(dict.fromkeys(req.focus_tools)), rng, uncovered)

    def _simple(self, f: str, rng: random.Random, uncovered: set[str]) -> list[str]:
        spec, it = self.spec_of[f], self.its[f]
        options: list[list[str]] = [[f]]
        preds = [p for p in self.graph.predecessors(f) if self.spec_of[p] == spec and self._related(p, f)
                 and self.its[p].action in _PRODUCE and self.carriers[p] and not self._twin(p, f)]
        if preds:
            options.append([self._pick(preds, rng, uncovered, spec), f])
        if it.action in (Action.create, Action.update, Action.transfer):
            succs = [s for s in self.graph.successors(f) if self.spec_of[s] == spec and self._related(s, f)
                     and self.its[s].action in _VERIFY]
            if succs:
                options.append([f, self._pick(succs, rng, uncovered, spec)])
        return rng.choice(options)

    def _complex(self, focus: list[str], rng: random.Random, uncovered: set[str]) -> list[str]:
        f, extras = focus[0], focus[1:]
        spec = self.spec_of[f]
        target = max(1, min(rng.randint(3, 6), MAX_CALLS - len(extras)))
        seq = [f]
        stuck = 0
        while len(seq) < target and stuck < 2:
            backward = len(seq) == 1 or rng.random() < 0.5
            grown = self._grow(seq, backward, rng, uncovered, spec) or self._grow(seq, not backward, rng, uncovered, spec)
            stuck = 0 if grown else stuck + 1
        if len(seq) == 1 and not extras:
            self._pair(seq, rng, uncovered, spec)
        for k, extra in enumerate(extras):
            self._attach(seq, extra, len(extras) - k - 1, rng, uncovered)
        if len(seq) < 3 or len({self.its[t].action for t in seq}) < 2:
            self._fill(seq, rng, uncovered, spec)
        self._feed(seq, rng, uncovered, spec)
        self._open_with_lookups(seq, focus, spec)
        # Deletions go last: nothing after them may use what they removed.
        seq.sort(key=lambda t: self.its[t].action is Action.delete)
        while len(seq) > MAX_CALLS:  # over budget: drop helpers, never a focus tool
            seq.remove(next(t for t in reversed(seq) if t not in focus))
        if len({self.its[t].action for t in seq}) < 2 and len(seq) == MAX_CALLS:
            seq.remove(next(t for t in reversed(seq) if t not in focus))
            self._fill(seq, rng, uncovered, spec)
        if len(seq) == 2 and len(self.by_spec[spec]) == 2:
            self._again(seq)
        if len(seq) < 3 or len(set(seq)) < 2 or len({self.its[t].action for t in seq}) < min(2, self._classes(spec)):
            raise StageError(f"no complex workflow around {f!r}: its spec offers too few related tools", "calls")
        return seq

    def _open_with_lookups(self, seq: list[str], focus: list[str], spec: str) -> None:
        """A lookup that takes nothing (`get_project_id`, `list_traces`) opens the workflow, where a person
        starts; a second one adds a step nothing feeds, so a helper beyond the first gives way to a tool that
        takes something (focus tools always stay)."""
        bare = [t for t in seq if not self.its[t].parameters and self.its[t].action in _VERIFY]
        if not bare:
            return
        need = min(2, self._classes(spec))
        for extra in bare[1:]:
            rest = [t for t in seq if t != extra]
            if extra not in focus and len(rest) >= 3 and len({self.its[t].action for t in rest}) >= need:
                seq.remove(extra)
        seq.sort(key=lambda t: t not in bare)

    def _again(self, seq: list[str]) -> None:
        """A spec of two tools: the user repeats the step that takes a value on a second item (reads a second
        result of the search, checks a second city), the only way its workflow reaches three calls."""
        takes = [t for t in seq if self.its[t].parameters and self.its[t].action is not Action.delete]
        fed = [t for t in takes if set(self.graph.predecessors(t)) & set(seq)]
        if fed or takes:
            seq.append((fed or takes)[-1])

    def _classes(self, spec: str) -> int:
        """How many action classes the spec's tools offer: a spec of chart makers only makes things."""
        if spec not in self._n_classes:
            self._n_classes[spec] = len({self.its[t].action for t in self.by_spec[spec]})
        return self._n_classes[spec]

    def _attach(self, seq: list[str], extra: str, later: int, rng, uncovered) -> None:
        """Place a further focus tool where data flows into it: after a producer already in the
        workflow, else behind a producer of its own when there is room, else at the end."""
        if extra in seq:
            return
        feeding = [i for i, t in enumerate(seq) if extra in self.graph.successors(t) and not self._twin(extra, t)]
        if feeding:
            seq.insert(feeding[-1] + 1, extra)
            return
        if MAX_CALLS - len(seq) - later >= 3:  # keep one slot for a second action class
            cands = [p for p in self.graph.predecessors(extra) if p not in seq and self.carriers[p]
                     and self.its[p].action is not Action.delete and not self._twin(p, extra)]
            if cands:
                seq.append(self._pick(cands, rng, uncovered, self.spec_of[extra]))
        seq.append(extra)

    def _feed(self, seq: list[str], rng, uncovered, spec) -> None:
        """A call whose values some tool of the spec produces, with no such producer before it in the workflow,
        gets one placed just before it while there is room: a user looks a thing up before acting on it,
        rather than acting on an ID from nowhere."""
        k = 1
        while k < len(seq) and len(seq) < MAX_CALLS:
            preds = [p for p in self.graph.predecessors(seq[k]) if self.carriers[p]
                     and self.its[p].action is not Action.delete and not self._twin(p, seq[k])]
            if preds and not set(preds) & set(seq[:k]):
                fresh = [p for p in preds if p not in seq]
                if fresh:
                    seq.insert(k, self._pick(fresh, rng, uncovered, spec))
                    k += 1
            k += 1

    def _twin(self, a: str, b: str) -> bool:
        """Two listings of one kind that take the same things (`list_directory` and `directory_tree` of a path):
        a person runs one of them, not both back to back."""
        ia, ib = self.its[a], self.its[b]
        if not (ia.action is ib.action is Action.list and same_kind(ia.entity, ib.entity)
                and set(ia.required_parameters) == set(ib.required_parameters)):
            return False
        pa, pb = {p.name for p in ia.parameters}, {p.name for p in ib.parameters}
        # (one takes nothing the other does not, and one is the kind's plain listing: `Groups_GetDatapoints` and
        # `Retargeting_GetDatapoints` list the datapoints of different things)
        plain = not self._scope(a) or not self._scope(b)
        return (pa <= pb or pb <= pa) and plain

    def _scope(self, tool: str) -> set[str]:
        """The words of a tool's name besides its kind and verbs: what it lists them of (`groups`), or how."""
        it = self.its[tool]
        kind = {singular(w) for w in tokens(it.entity)}
        return {w for w in tokens(tool) if singular(w) not in kind and w not in VERBS and w not in ("all", "list")}

    def _grow(self, seq: list[str], backward: bool, rng, uncovered, spec) -> bool:
        if backward:
            cands = [p for p in self.graph.predecessors(seq[0]) if p not in seq and self.carriers[p]
                     and self.its[p].action is not Action.delete
                     and (p not in self._listings or not any(self._twin(p, t) for t in seq))]
            if cands:
                seq.insert(0, self._pick(cands, rng, uncovered, spec))
                return True
            return False
        cands = [s for t in reversed(seq) for s in self.graph.successors(t) if s not in seq
                 and (s not in self._listings or not any(self._twin(s, t) for t in seq))]
        if any(self.its[t].action is Action.delete for t in seq):
            cands = [c for c in cands if self.its[c].action is not Action.delete]
        if cands:
            seq.append(self._pick(list(dict.fromkeys(cands)), rng, uncovered, spec))
            return True
        return False

    def _pair(self, seq: list[str], rng, uncovered, spec) -> None:
        """An isolated focus tool: add a producer and its consumers from the same spec around it,
        so the workflow still hands values from one call to the next."""
        f = seq[0]
        producers = [t for t in self.by_spec[spec] if t != f and self.carriers[t]
                     and self.its[t].action is not Action.delete and self.graph.successors(t)]
        if not producers:
            return
        related = [t for t in producers if self._related(t, f) or set(self.its[t].tags) & set(self.its[f].tags)]
        p = self._pick(related or producers, rng, uncovered, spec)
        consumers = [c for c in self.graph.successors(p) if c != f and self.spec_of[c] == spec] or \
                    [c for c in self.graph.successors(p) if c != f]
        if not consumers:
            return
        c1 = self._pick(consumers, rng, uncovered, spec)
        seq[:] = [p, c1, f] if self.its[f].action not in _VERIFY else [p, f, c1]
        rest = [c for c in consumers if c != c1]
        if rest and rng.random() < 0.7:
            seq.append(self._pick(rest, rng, uncovered, spec))

    def _fill(self, seq: list[str], rng, uncovered, spec) -> None:
        """No data flow left: add same-spec tools on a related entity (else any), inspections first."""
        pool = [t for t in self.by_spec[spec] if t not in seq and not any(self._twin(t, s) for s in seq)]
        related = [t for t in pool if any(self._related(t, s) for s in seq)]
        classes = min(2, self._classes(spec))
        while pool and (len(seq) < 3 or len({self.its[t].action for t in seq}) < classes) and len(seq) < MAX_CALLS:
            actions = {self.its[t].action for t in seq}
            fresh = [t for t in related if self.its[t].action not in actions] or \
                [t for t in pool if self.its[t].action not in actions]  # a second action class, if only elsewhere
            cands = fresh if len(seq) >= 2 and fresh else (related or pool)
            # A tool that takes what the workflow already shows goes after it (the user acts on what they saw);
            # else one that takes something at all, before a tool that takes nothing.
            fed = [t for t in cands if set(self.graph.predecessors(t)) & set(seq)]
            cands = fed or [t for t in cands if self.its[t].parameters] or cands
            pick = self._pick(cands, rng, uncovered, spec)
            pool.remove(pick)
            if pick in related:
                related.remove(pick)
            if self.its[pick].action in _VERIFY and self.its[pick].action is not Action.read and pick not in fed:
                seq.insert(0, pick)
            else:
                seq.append(pick)
