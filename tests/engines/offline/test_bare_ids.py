"""A bare `id` is of the kind its description names ("Document ID" on `check_status` is a document's, "The Spotify
ID for the album" on `get_album_tracks` an album's), the tool's own kind where the description names that (with
other words: "ID of the LLM.txt file"), and a file's path whose description lists formats is a file of one of them."""

from __future__ import annotations

import random
import re

import pytest

from engines.offline.roles import described_kind, param_entity
from engines.offline.values import ValueGenerator
from engines.offline.world import make_org
from schemas import ParameterRole


@pytest.mark.parametrize("description, tool_entity, kind", [
    ("Document ID", "status", "document"),
    ("The ID of the task or subtask (e.g., 1 or 1.1).", "context", "task"),
    ("The Spotify ID for the album", "album_track", "album"),
    ("ID of the team membership to update", "team", "team"),  # (names the tool's own kind, with another word)
    ("The ID of the LLM.txt file to fetch. Must be obtained first.", "llm_txt", "llm_txt"),
    ("API identifier, can be a known ID from the registry", "overview", "overview"),
    ("Published document ID", "resource", "document"),
    ("Unique ID", "invoice", "invoice"),
])
def test_a_bare_id_is_of_the_kind_its_description_names(description, tool_entity, kind):
    schema = {"type": "string", "description": description}
    assert param_entity("id", schema, ParameterRole.identifier, tool_entity) == kind


def test_an_id_whose_description_names_no_kind_is_the_tool_s():
    assert described_kind("The identifier to look up") == ()
    assert param_entity("id", {"type": "string"}, ParameterRole.identifier, "invoice") == "invoice"
    # (a named ID keeps the kind its own name says, whatever its description)
    assert param_entity("userId", {"type": "string", "description": "Document ID"}, ParameterRole.identifier,
                        "status") == "user"


def _values(name: str, description: str) -> set:
    return {ValueGenerator(make_org(s), random.Random(s)).value({"type": "string", "description": description},
                                                                name=name, role="option") for s in range(12)}


def test_a_path_whose_description_lists_file_formats_is_a_file_of_one_of_them():
    got = _values("file", "Path to the document (PDF, JPG, PNG, etc.)")
    assert all(re.fullmatch(r"/\S+/\w+\.(pdf|jpg|png)", v) for v in got), got
    assert len({v.rsplit(".", 1)[1] for v in got}) > 1


def test_formats_listed_for_a_format_are_the_values():
    assert _values("format", "Output format (json, csv, xml)") <= {"json", "csv", "xml"}
    # (words that are no file formats stay the choices, for a file slot too)
    assert _values("file", "Which file to open (primary, backup)") <= {"primary", "backup"}


def test_a_path_whose_description_shows_one_stays_in_its_tree_and_type():
    shown = 'Relative path of the file in the repository (e.g., "components/sync/service/data_type_manager.cc")'
    got = _values("file_path", shown)
    assert all(re.fullmatch(r"components/sync/service/data_type_\w+\.cc", v) for v in got), got
    assert len(got) > 1
    # (a description that shows none keeps the organisation's own files)
    assert not any(v.startswith("components/") for v in _values("file_path", "Path to the file"))
