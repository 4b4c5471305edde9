"""Every input format lands in the same normalised ToolSuite."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import jsonschema
import pytest

from specs import SpecError, load_suite, profile
from tests.conftest import EXAMPLES
from tests.specs.helpers import rejected, tool, write

WEATHER = tool("get_weather", properties={"city": {"type": "string"}}, required=["city"])


@pytest.mark.parametrize(
    "doc",
    [
        {"tools": [WEATHER]},
        [WEATHER],
        {"jsonrpc": "2.0", "id": 3, "result": {"tools": [WEATHER], "nextCursor": None}},
    ],
    ids=["tools-list", "bare-list", "json-rpc-envelope"],
)
def test_the_three_mcp_shapes_give_the_same_tool(tmp_path: Path, doc: object) -> None:
    suite = load_suite([write(tmp_path, "weather.json", doc)])
    [t] = suite.tools
    assert t.mcp_dict() == {**WEATHER}
    assert (t.spec, suite.sources[0].kind, suite.sources[0].name) == ("weather", "mcp", "weather")


PARAMS = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}


@pytest.mark.parametrize(
    "doc",
    [
        [{"type": "function", "function": {"name": "get_weather", "description": "d", "parameters": PARAMS}}],
        {"tools": [{"type": "function", "function": {"name": "get_weather", "description": "d", "parameters": PARAMS}}]},
        [{"name": "get_weather", "description": "d", "parameters": PARAMS}],
        {"functions": [{"name": "get_weather", "description": "d", "parameters": PARAMS}]},
    ],
    ids=["wrapped-list", "assistants-tools", "flat-list", "legacy-functions"],
)
def test_openai_function_forms(tmp_path: Path, doc: object) -> None:
    suite = load_suite([write(tmp_path, "fn.json", doc)])
    [t] = suite.tools
    assert (t.name, t.description, t.input_schema) == ("get_weather", "d", PARAMS)
    assert suite.sources[0].kind == "functions"


def test_function_errors_point_into_the_wrapped_form(tmp_path: Path) -> None:
    doc = [{"type": "function", "function": {"name": "f", "parameters": {"type": "array"}}}]
    msg = rejected(write(tmp_path, "fn.json", doc))
    assert msg == 'fn.json: [0].function.parameters.type: expected "object", got "array"'


def test_the_function_calling_example() -> None:
    suite = load_suite([EXAMPLES / "travel-functions.json"])
    assert [t.name for t in suite.tools] == ["search_flights", "hold_seat", "book_hotel", "convert_currency", "list_saved_trips"]
    assert suite.tool("list_saved_trips").input_schema == {"type": "object", "properties": {}}
    p = profile(suite)
    assert (p.kind, p.tools, p.max_depth, p.features["enum"], p.features["pattern"]) == ("functions", 5, 2, 1, 4)
    assert round(p.params_per_tool, 2) == 3.0  # 5 + 2 + 5 + 3 + 0 over 5 tools


# --- OpenAPI -------------------------------------------------------------------------------


def _ops() -> dict:
    return {t.name: t for t in load_suite([EXAMPLES / "bookshop-openapi.yaml"]).tools}


def test_openapi_names_come_from_operation_id_or_method_and_path() -> None:
    assert sorted(_ops()) == sorted(
        ["search_books", "add_book", "get_book", "patch_books_isbn", "remove_book", "place_order", "get_category_tree"]
    )


def test_openapi_parameters_and_body_merge_into_one_input_schema() -> None:
    ops = _ops()
    search = ops["search_books"].input_schema
    assert list(search["properties"]) == ["q", "genre", "limit", "X-Store-Id"]  # query, then header
    assert "required" not in search
    assert search["properties"]["q"]["description"] == "Words to look for in the title or author name."
    assert search["properties"]["q"]["examples"] == ["le guin"]
    assert search["properties"]["genre"]["enum"][0] == "fiction"  # $ref to components resolved
    assert search["properties"]["limit"]["maximum"] == 100  # parameter $ref resolved
    order = ops["place_order"].input_schema
    assert order["required"] == ["Idempotency-Key", "customer_email", "lines"]
    patch = ops["patch_books_isbn"].input_schema
    assert list(patch["properties"]) == ["isbn", "price", "stock"] and patch["required"] == ["isbn"]


def test_openapi_hints_and_output_schemas() -> None:
    ops = _ops()
    assert ops["get_book"].annotations == {"readOnlyHint": True}
    assert ops["remove_book"].annotations == {"destructiveHint": True}
    assert ops["add_book"].annotations is None
    assert ops["remove_book"].output_schema is None  # 204 without content
    assert ops["place_order"].output_schema["required"] == ["order_id", "status", "total"]
    listing = ops["search_books"].output_schema  # an array response is wrapped: MCP results are objects
    assert listing["required"] == ["result"] and listing["properties"]["result"]["type"] == "array"
    tree = ops["get_category_tree"].output_schema
    assert tree["properties"]["children"]["items"] == {"$ref": "#/$defs/Category"}
    jsonschema.validate({"id": 1, "name": "a", "children": [{"id": 2, "name": "b", "children": []}]}, tree)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"id": 1, "name": "a", "children": [{"id": "two", "name": "b"}]}, tree)
    book = {"isbn": "9780000000001", "title": "t", "authors": ["x"], "price": 3.5, "stock": 2}
    jsonschema.validate(book, ops["get_book"].output_schema)


OPENAPI_30 = {
    "openapi": "3.0.3",
    "info": {"title": "t", "version": "1"},
    "paths": {
        "/items/{id}": {
            "put": {
                "parameters": [
                    {"name": "id", "in": "path", "schema": {"type": "string"}},
                    {"name": "id", "in": "query", "schema": {"type": "integer"}},
                    {"name": "Accept", "in": "header", "schema": {"type": "string"}},
                    {"name": "trace", "in": "header", "required": True, "schema": {"type": "string"}},
                ],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}},
                },
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}}},
            },
            "head": {"responses": {"200": {"description": "exists"}}},
            "get": {"responses": {"200": {"description": "untyped", "content": {"application/json": {}}}}},
        },
        "/upload": {
            "post": {
                "operationId": "upload",
                "requestBody": {"required": True, "content": {"multipart/form-data": {"schema": {"type": "object"}}}},
                "responses": {"201": {"description": "ok"}},
            }
        },
    },
    "components": {
        "schemas": {
            "Item": {
                "type": "object",
                "required": ["id", "name"],
                "properties": {
                    "id": {"type": "string"},
                    "name": {"type": "string", "nullable": True},
                    "size": {"type": "integer", "minimum": 0, "exclusiveMinimum": True},
                    "colour": {"type": "string", "enum": ["red", "blue"], "nullable": True},
                    "meta": {"allOf": [{"type": "object"}], "nullable": True},
                },
            }
        }
    },
}


def test_openapi_30_json_collisions_nullable_and_skips(tmp_path: Path) -> None:
    suite = load_suite([write(tmp_path, "items.json", OPENAPI_30)])
    put = suite.tool("put_items_id").input_schema
    # path wins the plain name; the query parameter and the body field get a location suffix
    assert list(put["properties"]) == ["id", "id_query", "trace", "id_body", "name", "size", "colour", "meta"]
    assert put["required"] == ["id", "trace", "id_body", "name"]
    assert put["properties"]["name"]["type"] == ["string", "null"]
    assert put["properties"]["colour"]["enum"] == ["red", "blue", None]
    assert put["properties"]["size"] == {"type": "integer", "exclusiveMinimum": 0}
    assert put["properties"]["meta"] == {"anyOf": [{"allOf": [{"type": "object"}]}, {"type": "null"}]}
    assert "nullable" not in json.dumps(suite.tool("put_items_id").output_schema)
    assert suite.tool("head_items_id").annotations == {"readOnlyHint": True}
    assert suite.tool("get_items_id").output_schema is None  # a JSON response without a schema says nothing
    [skip] = suite.skipped
    assert (skip.tool, skip.path) == ("upload", 'paths["/upload"].post.requestBody.content')
    assert "no application/json" in skip.reason
    jsonschema.validate({"id": "a", "trace": "t", "id_body": "b", "name": None, "colour": None}, put)


def test_openapi_dangling_ref_rejects_with_the_document_path(tmp_path: Path) -> None:
    doc = json.loads(json.dumps(OPENAPI_30))
    doc["components"]["schemas"]["Item"]["properties"]["owner"] = {"$ref": "#/components/schemas/User"}
    assert rejected(write(tmp_path, "items.json", doc)) == (
        "items.json: components.schemas.Item.properties.owner.$ref: dangling $ref '#/components/schemas/User': nothing at that location"
    )


def test_openapi_unsupported_version_is_rejected(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match=r"unsupported OpenAPI version '4.0.0'"):
        load_suite([write(tmp_path, "v4.json", {"openapi": "4.0.0", "paths": {}})])


# --- several specs -------------------------------------------------------------------------


def test_several_specs_namespace_only_the_colliding_names(tmp_path: Path) -> None:
    a = write(tmp_path, "alpha.json", [tool("search"), tool("only_a")])
    b = write(tmp_path, "beta.json", [tool("search"), tool("only_b")])
    suite = load_suite([a, b])
    assert [t.name for t in suite.tools] == ["alpha__search", "only_a", "beta__search", "only_b"]
    assert suite.name_map == {"alpha__search": "alpha:search", "beta__search": "beta:search"}
    assert suite.tool("beta__search").original_name == "search"
    assert [(s.name, s.sha256) for s in suite.sources] == [
        ("alpha", hashlib.sha256(a.read_bytes()).hexdigest()),
        ("beta", hashlib.sha256(b.read_bytes()).hexdigest()),
    ]


def test_specs_with_the_same_file_name_get_distinct_spec_names(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    suite = load_suite([write(tmp_path / "a", "api.json", [tool("x")]), write(tmp_path / "b", "api.json", [tool("x")])])
    assert [t.name for t in suite.tools] == ["api__x", "api_2__x"]
    assert [s.name for s in suite.sources] == ["api", "api_2"]


def test_a_namespaced_name_never_collides_with_an_existing_one(tmp_path: Path) -> None:
    a = write(tmp_path, "a.json", [tool("x"), tool("b__x")])
    b = write(tmp_path, "b.json", [tool("x")])
    names = [t.name for t in load_suite([a, b]).tools]
    assert len(set(names)) == 3 and "b__x" in names and "a__x" in names


def test_no_spec_at_all_is_an_error() -> None:
    with pytest.raises(SpecError, match="no spec given"):
        load_suite([])


def test_a_missing_file_is_an_error_naming_it(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match=r"nope\.json: cannot read"):
        load_suite([tmp_path / "nope.json"])


def test_tools_json_round_trips_through_the_loader(tmp_path: Path) -> None:
    """The harness's tools.json is itself a valid spec that loads to the same tools."""
    suite = load_suite([EXAMPLES / "bookshop-openapi.yaml", EXAMPLES / "memory.json"])
    again = load_suite([write(tmp_path, "tools.json", suite.tools_list())])
    assert again.tools_list() == suite.tools_list()


def _api(paths: dict, **components: dict) -> dict:
    return {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": paths, "components": components}


def test_a_generated_name_never_takes_an_explicit_operation_id(tmp_path: Path) -> None:
    ok = {"200": {"description": "ok"}}
    doc = _api({"/users": {"get": {"responses": ok}}, "/people": {"get": {"operationId": "get_users", "responses": ok}}})
    names = [t.name for t in load_suite([write(tmp_path, "api.json", doc)]).tools]
    assert names == ["get_users_2", "get_users"]


def test_an_undeclared_path_template_parameter_is_still_a_required_argument(tmp_path: Path) -> None:
    doc = _api({"/orders/{order_id}/lines": {"get": {"operationId": "lines", "responses": {"200": {"description": "ok"}}}}})
    schema = load_suite([write(tmp_path, "api.json", doc)]).tool("lines").input_schema
    assert schema == {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]}


def test_a_broken_parameter_behind_a_ref_is_reported_at_its_definition(tmp_path: Path) -> None:
    doc = _api({"/a": {"get": {"parameters": [{"$ref": "#/components/parameters/Bad"}], "responses": {}}}}, parameters={"Bad": {"name": "x"}})
    assert rejected(write(tmp_path, "api.json", doc)).startswith('api.json: components.parameters.Bad: a parameter needs a string "name" and "in"')


def test_a_request_body_that_is_not_an_object_is_rejected(tmp_path: Path) -> None:
    doc = _api({"/a": {"post": {"requestBody": "json please", "responses": {}}}})
    msg = rejected(write(tmp_path, "api.json", doc))
    assert msg == 'api.json: paths["/a"].post.requestBody: expected "object" (a request body), got "string"'


def test_tools_never_share_schema_objects(tmp_path: Path) -> None:
    """Path-level parameters and YAML aliases reuse one object; each tool gets its own copy."""
    doc = (
        "openapi: 3.1.0\ninfo: {title: t, version: '1'}\n"
        "x-shared: &shared {type: object, properties: {id: {type: integer}}}\n"
        "paths:\n  /things/{id}:\n    parameters:\n      - {name: id, in: path, schema: {type: string}}\n"
        "    get: {operationId: get_thing, responses: {'200': {description: ok, content: {application/json: {schema: *shared}}}}}\n"
        "    put: {operationId: put_thing, responses: {'200': {description: ok, content: {application/json: {schema: *shared}}}}}\n"
    )
    suite = load_suite([write(tmp_path, "things.yaml", doc)])
    get, put = suite.tool("get_thing"), suite.tool("put_thing")
    assert get.input_schema == put.input_schema and get.output_schema == put.output_schema
    get.input_schema["properties"]["id"]["description"] = "changed"
    get.output_schema["properties"]["id"]["minimum"] = 1
    assert "description" not in put.input_schema["properties"]["id"]
    assert "minimum" not in put.output_schema["properties"]["id"]
