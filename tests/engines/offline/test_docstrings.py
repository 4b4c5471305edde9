"""A Python tool's docstring says what its parameters hold and what it answers with: NumPy's and Google's
sections are both read, and the keys a Returns section lists are the fields of the result."""

from __future__ import annotations

import json
import re
from pathlib import Path

from actors.local import generate_local
from engines.offline.values_describe import param_docs, returned_fields
from schemas import RunConfig
from specs import load_suite

POKER = '''
    Suggests poker actions based on the current game state.
    Parameters:
    ----------
    my_cards_input : str
        The player's two cards as a space-separated string of rank+suit
        (e.g., 'As Kh')
    community_input : str
        The community cards as a space-separated string (e.g., 'Jd 10c 7h'), or empty if none
    Returns:
    -------
    dict
        A dictionary containing:
        - 'win_probability': float, the calculated probability of winning the hand
        - 'suggested_action': str, the recommended action (fold, check/call, bet/raise)
        - 'best_hand': str or None, description of the best hand currently possible
    '''


def test_numpy_and_google_parameter_sections_are_read_with_their_continued_lines():
    docs = param_docs(POKER)
    assert docs["my_cards_input"].endswith("(e.g., 'As Kh')") and "community_input" in docs
    google = "Set a field.\n\n    Args:\n        name (str): The hash key,\n            written in full.\n        key: The field.\n"
    assert param_docs(google) == {"name": "The hash key, written in full.", "key": "The field."}
    assert param_docs("Parameters are given in the body.") == {}


def test_the_keys_a_returns_section_lists_are_typed_fields_with_their_choices():
    fields = dict(returned_fields(POKER))
    assert list(fields) == ["win_probability", "suggested_action", "best_hand"]
    assert fields["win_probability"]["type"] == "number"
    assert fields["suggested_action"]["enum"] == ["fold", "check/call", "bet/raise"]
    assert returned_fields("Get it.\n\nReturns:\n    str: The translated identifier.\n") == ()


def test_a_tool_answers_with_what_its_docstring_says_and_is_given_what_its_parameters_take(tmp_path):
    schema = {"type": "object", "required": ["my_cards_input", "community_input"],
              "properties": {"my_cards_input": {"type": "string"}, "community_input": {"type": "string"}}}
    nim = {"type": "object", "required": ["piles"], "properties": {"piles": {"type": "string"}}}
    tools = [{"name": "analyse_poker_cards", "description": POKER, "inputSchema": schema},
             {"name": "get_best_nim_move", "inputSchema": nim, "description":
              "Determine the best move in a Nim game.\n\n    Args:\n        piles: A list of integers representing "
              "the number of objects in each pile.\n"}]
    (tmp_path / "spec.json").write_text(json.dumps({"tools": tools}))
    manifest, scenarios = generate_local(load_suite([tmp_path / "spec.json"]), RunConfig.model_validate({"seed": 7}),
                                         str(tmp_path / "h"))
    assert manifest.failures == []
    analysed = piles = 0
    for sc in scenarios:
        for c in sc.calls:
            if c.tool == "analyse_poker_cards":
                out = json.loads(c.output)
                assert 0 <= out["win_probability"] <= 1 and out["suggested_action"] in ("fold", "check/call", "bet/raise")
                assert c.arguments["my_cards_input"] == "As Kh"
                analysed += 1
            else:
                assert isinstance(json.loads(c.arguments["piles"]), list), c.arguments
                piles += 1
    assert analysed and piles


LISTINGS = """Scrapes listings for a given location and dates.

    Returns:
        str: JSON string containing a list of listings, each with:
            - listing_id: Unique listing identifier
            - price: Price per night or total (e.g., "$39 CAD per night")
            - price_qualifier: Additional price context (e.g., "per night")
            - listing_type: Type of listing (Entire home, Private room, Shared room)
"""


def test_an_example_in_parentheses_is_an_example_not_a_choice_named_eg():
    fields = dict(returned_fields(LISTINGS))
    assert fields["price"].get("examples") == ["$39 CAD per night"] and "enum" not in fields["price"]
    assert fields["price_qualifier"].get("examples") == ["per night"] and "enum" not in fields["price_qualifier"]
    assert fields["listing_type"]["enum"] == ["Entire home", "Private room", "Shared room"]  # a list is still a list


def test_a_listed_record_s_own_kind_id_is_its_id(tmp_path):
    import json

    from engines.offline.pipeline import Pipeline, cover_suite
    from evaluation import scenario_checks as q
    from specs import load_suite

    tools = [{"name": "search_listings", "description": LISTINGS, "inputSchema": {
        "type": "object", "properties": {"place": {"type": "string"}}, "required": ["place"]}}]
    (tmp_path / "s.json").write_text(json.dumps({"tools": tools}))
    pipe = Pipeline(load_suite([tmp_path / "s.json"]))
    rows = [o for seed in range(2) for s in cover_suite(pipe, seed)[0] for c in s.calls
            for o in q.output_objects(c.output, max_depth=2) if "listing_id" in o and "id" in o]
    assert rows and all(str(o["listing_id"]) == str(o["id"]) for o in rows), rows[:2]


def test_a_bulleted_parameter_list_gives_each_parameter_its_text_and_quoted_choices():
    """FastMCP docstrings often list parameters as bullets ("- chart_type: chart type ("line", "bar", "pie",
    etc.)"); each gets its own text, and a value is drawn from the choices it quotes."""
    import random

    from engines.offline.values import ValueGenerator
    from engines.offline.values_describe import param_docs
    from engines.offline.world import make_org

    doc = ("Render a chart from tabular data.\n\n    Parameters:\n    - chart_type: chart type (\"line\", \"bar\", \"pie\","
           " etc.)\n    - output_format: \"mermaid\", \"mcp_image\", or \"mcp_text\"\n")
    docs = param_docs(doc)
    assert set(docs) == {"chart_type", "output_format"} and "mcp_image" in docs["output_format"]
    drawn = {ValueGenerator(make_org(s), random.Random(s)).value({"type": "string"}, name="output_format",
                                                                description=docs["output_format"]) for s in range(6)}
    assert drawn <= {"mermaid", "mcp_image", "mcp_text"}, drawn
