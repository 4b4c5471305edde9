"""`seer report` end to end on hand-built harnesses and score sets: files, numbers, escaping, CLI."""

from __future__ import annotations

import json
import re
import struct
import time
from statistics import fmean

import numpy as np
import pytest
from typer.testing import CliRunner

from cli.app import app
from common.files import load_harness
from evaluation.report import build_report, split_inputs
from evaluation.report_base import Section, figure_slot
from evaluation.report_complexity import complexity_section
from evaluation.report_generation import generation_section
from evaluation.report_scores import score_sections
from schemas.errors import SeerError
from tests.evaluation.report_fixture import INJECTED, SCENARIOS_SPEC, TOOL_PARAMS, write_fixture, write_scores

SCORES = {"s1": 1.0, "s2": 0.4, "s3": 0.8, "s4": 0.6, "s5": 0.9}


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_report_writes_html_figures_and_a_summary_matching_the_harness(tmp_path):
    h = write_fixture(tmp_path / "h")
    res = build_report([h], tmp_path / "out")
    summary = json.loads(res.summary.read_text())
    gen = summary["sections"]["generation"]["harnesses"]["toy"]
    assert gen["unique_cooccurrence_pairs"] == 8 and gen["unique_transitions"] == 6
    assert gen["coverage"]["covered"] == 5
    assert {p.name for p in res.figures} == {"toy-coverage.png", "toy-cooccurrence.png", "toy-transitions.png",
                                             "toy-lengths.png"}
    assert summary["figures"] == [f"figures/{p.name}" for p in res.figures]
    html = res.html.read_text()
    for p in res.figures:
        w, h_px = png_size(p.read_bytes())
        assert w > 100 and h_px > 100
        assert f'data-file="figures/{p.name}"' in html
    assert html.count("data:image/png;base64,") == len(res.figures)
    assert "scores" not in summary["sections"] and "agreement" not in summary["sections"]


def test_text_from_the_harness_is_escaped(tmp_path):
    res = build_report([write_fixture(tmp_path / "h")], tmp_path / "out")
    html = res.html.read_text()
    assert INJECTED not in html
    assert "cleanup &lt;img src=x onerror=&quot;console.error(&#x27;injected&#x27;)&quot;&gt;" in html
    assert "<script" not in html


def test_score_sections_give_cis_distributions_failure_modes_and_agreement(tmp_path):
    h = write_fixture(tmp_path / "h")
    a = write_scores(tmp_path / "a" / "scores.jsonl", SCORES)
    b = write_scores(tmp_path / "b.jsonl", {**{k: min(1.0, v + 0.05) for k, v in SCORES.items()}, "ghost": 0.2},
                     judge="judge-b", coherence=True)
    res = build_report([h], tmp_path / "out", [a.parent, b])
    summary = json.loads(res.summary.read_text())
    sets = summary["sections"]["scores"]["sets"]
    html = res.html.read_text()
    assert html.count("<caption>Coherence</caption>") == 1  # only judge-b has coherence scores
    assert sets[1]["summary"]["coherence"]["completeness"]["mean"] == 1.0
    assert "ghost" in html  # the unmatched record is named, not dropped
    assert [s["judge"] for s in sets] == ["deterministic", "judge-b"]
    first = sets[0]
    assert first["summary"]["by_spec"]["toy"]["all"]["mean"] == pytest.approx(fmean(SCORES.values()))
    assert first["distribution"]["all"] == {"n": 5, "perfect": 0.2, "below_0_5": 0.2}
    assert first["distribution"]["simple"]["below_0_5"] == 0.5
    assert first["summary"]["failure_modes"]["selection.correctness"] == 4  # every record but s1 (1.0)
    assert sets[1]["unmatched"] == ["ghost"] and sets[1]["matched"] == 5
    pair = summary["sections"]["agreement"]["pairs"][0]
    assert pair["records"] == 5
    xs = [SCORES[k] for k in sorted(SCORES)]
    ys = [min(1.0, v + 0.05) for v in xs]
    assert pair["pearson_r"] == pytest.approx(np.corrcoef(xs, ys)[0, 1])
    assert pair["mean_shift"]["mean"] == pytest.approx(fmean(ys) - fmean(xs))


def test_schema_complexity_correlations_at_spec_and_tool_level(tmp_path):
    dirs, score_paths, spec_means = [], [], {}
    for i, (spec, offset) in enumerate([("small", 0.0), ("medium", -0.1), ("large", -0.35)]):
        dirs.append(write_fixture(tmp_path / spec, spec=spec, extra_params=3 * i))
        scores = {k: max(0.0, v + offset) for k, v in SCORES.items()}
        score_paths.append(write_scores(tmp_path / f"{spec}.jsonl", scores, spec=spec))
        spec_means[spec] = fmean(scores.values())
    merged = tmp_path / "all.jsonl"
    merged.write_text("".join(p.read_text() for p in score_paths))
    res = build_report(dirs, tmp_path / "out", [merged], builders=(complexity_section,))
    section = json.loads(res.summary.read_text())["sections"]["complexity"]
    profiles = section["profiles"]
    base = sum(len(p) for p, _ in TOOL_PARAMS.values()) / len(TOOL_PARAMS)
    assert [profiles[s]["params_per_tool"] for s in ("small", "medium", "large")] == pytest.approx(
        [base, base + 3, base + 6])
    corr = section["by_scores"][0]["correlations"]
    xs = [profiles[s]["params_per_tool"] for s in ("small", "medium", "large")]
    ys = [spec_means[s] for s in ("small", "medium", "large")]
    assert corr["params_per_tool"]["spec_r"] == pytest.approx(np.corrcoef(xs, ys)[0, 1])
    assert corr["params_per_tool"]["spec_n"] == 3 and corr["params_per_tool"]["spec_r"] < -0.9
    assert corr["tools"]["spec_r"] is None  # every spec has 7 tools: a constant series has no r
    # Tool level: one point per (spec, called tool), the mean score of the records calling it.
    points = []
    for i, (spec, offset) in enumerate([("small", 0.0), ("medium", -0.1), ("large", -0.35)]):
        for tool, (params, _) in TOOL_PARAMS.items():
            using = [max(0.0, SCORES[sid] + offset) for sid, _, _, seq, _, _ in SCENARIOS_SPEC if tool in seq]
            if using:
                points.append((len(params) + 3 * i, fmean(using)))
    assert corr["params_per_tool"]["tool_n"] == len(points) == 15
    assert corr["params_per_tool"]["tool_r"] == pytest.approx(np.corrcoef(*zip(*points))[0, 1])
    assert corr["tools"]["tool_r"] is None and corr["tools"]["tool_n"] is None


def test_two_harnesses_of_the_same_spec_get_distinct_names(tmp_path):
    res = build_report([write_fixture(tmp_path / "run1"), write_fixture(tmp_path / "run2")], tmp_path / "out")
    summary = json.loads(res.summary.read_text())
    assert [h["name"] for h in summary["harnesses"]] == ["toy (run1)", "toy (run2)"]
    assert len(res.figures) == 8
    assert "<caption>Overview</caption>" in res.html.read_text()


def test_plugged_in_sections_are_rendered_in_order_with_their_figures_in_place(tmp_path):
    from evaluation.report import default_sections
    from evaluation.report_base import Figure

    h = write_fixture(tmp_path / "h")
    png = build_report([h], tmp_path / "o1").figures[0].read_bytes()

    def extra(ctx):
        assert ctx.names == ("toy",)
        return Section("verification", "Verification", f"<p>before</p>{figure_slot('ver-x')}<p>after</p>",
                       (Figure("ver-x", "A plug-in figure", png),), {"executable": 0.5})

    res = build_report([h], tmp_path / "o2", builders=(*default_sections(), extra, lambda ctx: None))
    html = res.html.read_text()
    assert html.index('id="generation"') < html.index('id="verification"')
    assert html.index("<p>before</p>") < html.index('id="fig-ver-x"') < html.index("<p>after</p>")
    assert (tmp_path / "o2" / "figures" / "ver-x.png").read_bytes() == png
    assert json.loads(res.summary.read_text())["sections"]["verification"] == {"executable": 0.5}
    with pytest.raises(ValueError, match="share the id"):
        build_report([h], tmp_path / "o3", builders=(extra, extra))


def test_a_large_suite_is_shown_as_top_n_and_groups_not_as_a_hairball(tmp_path):
    """235 tools in 47 name groups: bounded figure sizes; each figure says what it shows and leaves out."""
    from tests.evaluation.report_fixture import write_synthetic

    root = write_synthetic(tmp_path / "big", tools=235, groups=47, scenarios=300, seed=3)
    res = build_report([root], tmp_path / "out")
    for p in res.figures:
        w, h = png_size(p.read_bytes())
        assert w <= 2000 and h <= 1400, (p.name, w, h)
    html = res.html.read_text()
    summary = json.loads(res.summary.read_text())["sections"]["generation"]["harnesses"]["big"]
    pairs = summary["unique_cooccurrence_pairs"]
    assert pairs > 500
    assert "histogram over all 235 tools; 15 most and 15 least called of 235 tools" in html
    in_pairs = {t for s in load_harness(root).scenarios if len(set(s.tools)) > 1 for t in s.tools}
    in_transitions = {t for s in load_harness(root).scenarios if len(s.tools) > 1 for t in s.tools}
    graph = re.search(rf"Tools \(top 20 of {len(in_pairs)} tools, (\d+) strongest of {pairs} pairs\); "
                      r"Tool groups by name prefix \(top 20 of 47 tool groups, (\d+) strongest of (\d+) pairs\)", html)
    assert graph and int(graph[1]) <= 45 and int(graph[2]) <= 45 < int(graph[3])
    assert (f"Tools (top 15 of {len(in_transitions)} tools, the rest aggregated); "
            "Tool groups by name prefix (top 15 of 47 groups, the rest aggregated)") in html
    called = {t for s in load_harness(root).scenarios for t in s.tools}
    uncovered = [u["tool"] for u in summary["coverage"]["uncovered"]]
    assert uncovered == [f"g{i % 47}_op{i}" for i in range(235) if f"g{i % 47}_op{i}" not in called]
    assert uncovered[-3:] == ["g44_op232", "g45_op233", "g46_op234"]


def test_split_inputs_and_the_cli(tmp_path):
    h = write_fixture(tmp_path / "h")
    a = write_scores(tmp_path / "a.jsonl", SCORES)
    b = write_scores(tmp_path / "b.jsonl", SCORES, judge="other")
    assert split_inputs([h, b], [a]) == ([h], [a, b])
    with pytest.raises(SeerError, match="not a harness directory"):
        split_inputs([h, tmp_path / "nope"], [])
    runner = CliRunner()
    out = tmp_path / "out"
    result = runner.invoke(app, ["report", str(h), "--scores", str(a), str(b), "--out", str(out)])
    assert result.exit_code == 0, result.output
    printed = json.loads(result.stdout)
    assert printed["report"] == str(out / "report.html")
    summary = json.loads((out / "summary.json").read_text())
    assert [s["judge"] for s in summary["scores"]] == ["deterministic", "other"]


def test_sections_come_from_the_registry_in_the_order_asked(tmp_path):
    import re
    import subprocess
    import sys

    from evaluation.report import SECTIONS

    h = write_fixture(tmp_path / "h")
    runner = CliRunner()
    result = runner.invoke(app, ["report", str(h), "--sections", "complexity,generation", "--out", str(tmp_path / "o")])
    assert result.exit_code == 0, result.output
    nav = re.search(r"<nav>(.*?)</nav>", (tmp_path / "o" / "report.html").read_text()).group(1)
    assert re.findall(r'href="#([^"]+)"', nav) == ["complexity", "generation"]
    proc = subprocess.run([sys.executable, "-m", "cli", "report", str(h), "--sections", "bogus", "--out",
                           str(tmp_path / "p")], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and not (tmp_path / "p").exists()
    assert proc.stderr == f"error: --sections: unknown report section 'bogus'; known: {', '.join(SECTIONS.names())}\n"
    assert SECTIONS.names()[:5] == ["generation", "scores", "agreement", "complexity", "verification"]


def test_bad_inputs_fail_with_one_line_naming_the_file(tmp_path):
    import subprocess
    import sys

    h = write_fixture(tmp_path / "h")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"scenario_id": "s1", "judge": "x", "score": 7}\n')
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(SeerError, match=f"^{re.escape(str(bad))}:1: score: "):
        build_report([h], tmp_path / "o", [bad])
    with pytest.raises(SeerError, match="scores.jsonl: no scores file"):
        build_report([h], tmp_path / "o", [empty])
    with pytest.raises(SeerError, match="missing"):
        build_report([empty], tmp_path / "o")
    # At the CLI edge: exit code 2 and a single line on stderr, no traceback.
    proc = subprocess.run([sys.executable, "-m", "cli", "report", str(h), "--scores", str(bad),
                           "--out", str(tmp_path / "o")], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip().splitlines() == [f"error: {bad}:1: score: Input should be less than or equal to 1"]


def test_score_sets_of_the_same_judge_are_told_apart_by_their_file(tmp_path):
    h = write_fixture(tmp_path / "h")
    a = write_scores(tmp_path / "oracle.jsonl", SCORES)
    b = write_scores(tmp_path / "faulty" / "scores.jsonl", {k: v / 2 for k, v in SCORES.items()})
    res = build_report([h], tmp_path / "out", [a, b.parent], builders=score_sections)
    summary = json.loads(res.summary.read_text())
    assert [s["label"] for s in summary["scores"]] == ["deterministic (oracle)", "deterministic (faulty)"]
    assert "deterministic (oracle) vs deterministic (faulty)" in res.html.read_text()
    assert summary["sections"]["agreement"]["pairs"][0]["mean_shift"]["mean"] == pytest.approx(-fmean(SCORES.values()) / 2)


def test_the_same_inputs_give_the_same_summary_and_figures_and_stale_figures_go(tmp_path):
    h = write_fixture(tmp_path / "h")
    a = write_scores(tmp_path / "a.jsonl", SCORES)
    first = build_report([h], tmp_path / "one", [a])
    (tmp_path / "two" / "figures").mkdir(parents=True)
    (tmp_path / "two" / "figures" / "old-run.png").write_bytes(b"stale")
    second = build_report([h], tmp_path / "two", [a])
    assert first.summary.read_text() == second.summary.read_text()
    assert [p.read_bytes() for p in first.figures] == [p.read_bytes() for p in second.figures]
    assert sorted(p.name for p in (tmp_path / "two" / "figures").iterdir()) == sorted(p.name for p in second.figures)


def test_a_harness_still_being_written_is_reported_and_marked_partial(tmp_path):
    root = write_fixture(tmp_path / "h")
    manifest = json.loads((root / "manifest.json").read_text())
    manifest.update(partial=True, stop_reason="interrupted")
    (root / "manifest.json").write_text(json.dumps(manifest))
    with (root / "scenarios.jsonl").open("a") as f:
        f.write('{"id": "s6", "title": "torn')  # a crash mid-line: the last line is skipped
    res = build_report([root], tmp_path / "out", builders=(generation_section,))
    assert "<b>partial</b> (interrupted)" in res.html.read_text()
    assert json.loads(res.summary.read_text())["sections"]["generation"]["harnesses"]["toy"]["scenarios"] == 5


def test_score_sets_of_several_harnesses_get_distinct_path_labels_and_no_empty_agreement_rows(tmp_path):
    hs, paths = [], []
    for spec in ("alpha", "beta"):
        hs.append(write_fixture(tmp_path / spec / "h", spec=spec))
        paths.append(write_scores(tmp_path / spec / "s-oracle" / "scores.jsonl", SCORES, spec=spec).parent)
        paths.append(write_scores(tmp_path / spec / "s-faulty" / "scores.jsonl",
                                  {k: v / 2 for k, v in SCORES.items()}, spec=spec).parent)
    res = build_report(hs, tmp_path / "out", paths, builders=score_sections)
    summary = json.loads(res.summary.read_text())
    assert [s["label"] for s in summary["scores"]] == [
        "deterministic (alpha/s-oracle)", "deterministic (alpha/s-faulty)",
        "deterministic (beta/s-oracle)", "deterministic (beta/s-faulty)"]
    ag = summary["sections"]["agreement"]
    assert [(p["a_label"], p["b_label"]) for p in ag["pairs"]] == [
        ("deterministic (alpha/s-oracle)", "deterministic (alpha/s-faulty)"),
        ("deterministic (beta/s-oracle)", "deterministic (beta/s-faulty)")]
    assert ag["disjoint_pairs"] == 4 and all(p["records"] == 5 for p in ag["pairs"])
    assert "4 pairs of score sets that share no record are not shown" in res.html.read_text()


def test_records_stamped_with_their_harness_are_matched_and_paired_only_within_it(tmp_path):
    # Two harnesses whose scenarios share ids and spec (a single-spec harness and a multi-spec one built
    # from the same spec): equal (spec, id) does not make two records the same scenario.
    hs, paths = [], []
    for name, keep in (("one", SCORES), ("multi", {k: v for k, v in SCORES.items() if k != "s5"})):
        root = write_fixture(tmp_path / name)
        m = json.loads((root / "manifest.json").read_text())
        m["generator"]["run_id"] = f"run-{name}"
        (root / "manifest.json").write_text(json.dumps(m))
        (root / "scenarios.jsonl").write_text("".join(line + "\n" for line in (root / "scenarios.jsonl").read_text()
                                                      .splitlines() if json.loads(line)["id"] in keep))
        hs.append(root)
        for kind, factor in (("oracle", 1.0), ("faulty", 0.5)):
            path = write_scores(tmp_path / name / f"s-{kind}.jsonl", {k: v * factor for k, v in SCORES.items()})
            path.write_text("".join(json.dumps({**json.loads(x), "harness": f"run-{name}"}) + "\n"
                                    for x in path.read_text().splitlines()))
            paths.append(path)
    res = build_report(hs, tmp_path / "out", paths, builders=score_sections)
    summary = json.loads(res.summary.read_text())
    ag = summary["sections"]["agreement"]
    assert [(p["a_path"], p["b_path"]) for p in ag["pairs"]] == [(str(paths[0]), str(paths[1])),
                                                                  (str(paths[2]), str(paths[3]))]
    assert ag["disjoint_pairs"] == 4
    multi_sets = summary["sections"]["scores"]["sets"][2:]
    assert all(s["unmatched"] == ["s5"] and s["matched"] == 4 for s in multi_sets)  # not taken from harness "one"


def test_ctrl_c_while_the_figures_are_drawn_leaves_the_previous_report_untouched(tmp_path):
    import os

    from tests.evaluation.report_fixture import write_synthetic
    from tests.sigint import files, interrupt, one_line, start

    root = write_synthetic(tmp_path / "big", tools=235, groups=47, scenarios=300, seed=3)  # seconds of drawing
    out = tmp_path / "out"
    build_report([root], out)
    before = files(out)
    # tasks.jsonl as a pipe: the command opening it is the sign it is past start-up and loading the harness;
    # once the (empty) task list is fed, the figures are drawn for seconds, and the interrupt lands there
    os.mkfifo(root / "tasks.jsonl")
    proc = start("report", root, "--out", out)
    for _ in range(2400):
        try:
            fd = os.open(root / "tasks.jsonl", os.O_WRONLY | os.O_NONBLOCK)  # fails until a reader has it open
            break
        except OSError:
            assert proc.poll() is None, proc.communicate()
            time.sleep(0.05)
    else:
        pytest.fail("seer report never opened tasks.jsonl")
    os.close(fd)
    code, stdout, stderr = interrupt(proc)
    assert code == 130 and stdout == ""
    assert one_line(stderr) == f"interrupted: no report written, {out} left as it was; run the command again"
    assert files(out) == before
    assert json.loads((out / "summary.json").read_text())["harnesses"][0]["name"] == "big"


def test_scatter_labels_stay_inside_the_axes_and_clear_of_each_other():
    import numpy as np

    from evaluation.figures import scatter

    # 25 points, many crowded into one corner and at the edges, with long labels
    rng = np.random.default_rng(3)
    points = [(f"a-rather-long-tool-name-number-{i}", float(x), float(y))
              for i, (x, y) in enumerate(zip(np.r_[rng.uniform(0.95, 1.0, 20), [0, 0, 1, 1, 0.5]],
                                             np.r_[rng.uniform(0.97, 1.0, 20), [0, 1, 0, 1, 0.5]]))]
    fig = scatter("t", "x", points)
    ax = fig.axes[0]
    renderer = fig.canvas.get_renderer()
    frame = ax.get_window_extent(renderer)
    boxes = [t.get_window_extent(renderer) for t in ax.texts]
    assert 1 <= len(boxes) <= 6  # the outliers, not all 25
    for k, box in enumerate(boxes):
        assert frame.x0 <= box.x0 and box.x1 <= frame.x1 and frame.y0 <= box.y0 and box.y1 <= frame.y1
        assert not any(box.overlaps(other) for other in boxes[:k])


def test_no_trend_line_through_constant_scores():
    from evaluation.figures import scatter

    constant = scatter("t", "x", [(f"p{i}", i / 4, 1.0) for i in range(5)])
    varying = scatter("t", "x", [(f"p{i}", i / 4, (i % 3) / 2) for i in range(5)])
    assert len(constant.axes[0].lines) == 0 and len(varying.axes[0].lines) == 1
