"""An engine for one stage: an expander that keeps every scenario one user turn (a single-turn benchmark).
Pick it with `engines: {expand: single-turn}` in a --config file."""

from engines.base import EngineContext, Outcome
from engines.registry import register


class SingleTurn:
    def __init__(self, ctx: EngineContext):
        self.ctx = ctx

    def expand(self, scenario):
        return Outcome(scenario.model_copy(update={"turns": []}))  # not expanded: one turn holds every call


register("expand", "single-turn", SingleTurn)
