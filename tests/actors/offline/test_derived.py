"""Fields that follow from others in one record agree with them: a 16:9 picture is 16 wide for 9 high."""

from __future__ import annotations

import json
import re

from actors.offline.derived import in_proportion
from coordinator.pipeline import generate_local
from schemas import RunConfig
from specs import load_suite


def test_a_height_follows_the_width_and_the_aspect_ratio():
    assert in_proportion({"aspectRatio": "16:9", "width": 1920, "height": 1920}) == \
        {"aspectRatio": "16:9", "width": 1920, "height": 1080}
    assert in_proportion([{"ratio": "3x4", "image_width": 900, "image_height": 5}])[0]["image_height"] == 1200
    odd = {"aspect_ratio": "wide", "width": 10, "height": 3}  # no ratio it can read: left alone
    assert in_proportion(odd) == odd and in_proportion({"aspectRatio": "1:1", "width": True, "height": 4})["height"] == 4


def test_generated_pictures_are_as_tall_as_their_ratio_says(tmp_path):
    ratio = {"type": "string", "enum": ["1:1", "16:9", "9:16", "4:3", "3:4"], "description": "Aspect ratio"}
    schema = {"type": "object", "required": ["prompt"],
              "properties": {"prompt": {"type": "string", "description": "What the image shows"}, "aspectRatio": ratio}}
    tools = [{"name": "generate_image", "description": "Generate an image from a text prompt.", "inputSchema": schema}]
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    manifest, scenarios = generate_local(load_suite([tmp_path / "spec.json"]), RunConfig.model_validate({"seed": 7}),
                                         str(tmp_path / "h"))
    assert manifest.failures == []
    checked = 0
    for sc in scenarios:
        for c in sc.calls:
            out = json.loads(c.output)
            if {"aspectRatio", "width", "height"} <= out.keys():
                a, b = map(int, re.split(r"[:x]", out["aspectRatio"]))
                assert abs(out["height"] - out["width"] * b / a) <= 1, out
                checked += 1
    assert checked
