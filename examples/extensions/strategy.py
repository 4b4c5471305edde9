"""A sampling strategy: each scenario focuses on the tool with the fewest calls written or planned, ties broken
alphabetically (a plain baseline to compare strategies with).
`seer generate SPEC --strategy examples/extensions/strategy.py:Alphabetical`, or `alphabetical` once imported."""

from coordinator.samplers import STRATEGIES


class Alphabetical:
    name = "alphabetical"

    def focus(self, complexity, ctx, rng):
        cov = ctx.coverage
        return [min((t for t in cov.tools if cov.can_sample(t)), key=lambda t: (cov.expected(t), t))]


STRATEGIES.register("alphabetical", Alphabetical)
