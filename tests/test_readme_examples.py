"""The README's example scenarios are what `seer generate` writes today, not an older engine's output."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT, dev_spec

_HEADER = re.compile(r"`seer generate bench/dev-specs/(\w[\w-]*)\.json --out h` → `h/scenarios\.jsonl`, `(scn-\d+)`:\n\n```json\n(.*?)```", re.S)


def _examples() -> list[tuple[str, str, str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return _HEADER.findall(text[text.index("## Example scenarios"):])


def test_the_readme_shows_three_example_scenarios():
    assert [spec for spec, _, _ in _examples()] == ["filesystem", "github", "redis"]


@pytest.mark.parametrize("spec, scenario_id, shown", _examples(), ids=lambda v: v if isinstance(v, str) and len(v) < 20 else "")
def test_an_example_scenario_is_the_current_output(tmp_path, spec, scenario_id, shown):
    out = tmp_path / "h"
    done = subprocess.run([sys.executable, "-m", "cli", "generate", str(dev_spec(spec)), "--out", str(out),
                           "--in-process", "--no-progress"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-500:]
    written = {s["id"]: s for s in map(json.loads, (out / "scenarios.jsonl").read_text(encoding="utf-8").splitlines())}
    assert json.loads(shown) == written[scenario_id]  # regenerate the README block when the engine changes
