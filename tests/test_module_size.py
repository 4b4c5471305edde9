"""No module of the packages is over 400 lines, but the ones listed here, which are still to be split: each may
only shrink (lower its number when it does), and one that got under the limit must leave the list."""

from __future__ import annotations

from tests.test_layers import LAYERS, ROOT

LIMIT = 400
TO_SPLIT = {
    "engines/offline/slots.py": 531,
    "engines/offline/interpret.py": 448,
    "engines/offline/values_vocab.py": 692,
    "engines/offline/values_names.py": 556,
    "engines/offline/mock.py": 810,
    "engines/offline/scenario.py": 755,
    "engines/offline/prose.py": 907,
    "engines/offline/render.py": 708,
}


def sizes() -> dict[str, int]:
    return {str(p.relative_to(ROOT)): len(p.read_text().splitlines())
            for package in LAYERS for p in sorted((ROOT / package).rglob("*.py"))}


def test_no_module_is_over_the_limit_and_the_listed_ones_only_shrink():
    found = sizes()
    assert {m: n for m, n in found.items() if n > LIMIT and m not in TO_SPLIT} == {}
    assert {m: (found.get(m), n) for m, n in TO_SPLIT.items() if not LIMIT < found.get(m, 0) <= n} == {}
