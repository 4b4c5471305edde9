"""OpenAPI 3.0 / 3.1 (JSON or YAML): one tool per operation.

Path, query, header and cookie parameters and an `application/json` request body are merged into
one inputSchema (path parameters required; a name taken twice gets a `_<location>` suffix); the
first 2xx JSON response becomes the outputSchema; GET/HEAD are read-only, DELETE destructive.
Internal `$ref`s are resolved; 3.0's `nullable` becomes a type union.
"""

from __future__ import annotations

import re
from typing import Any

from specs.checks import ToolProblem, check_depth
from specs.errors import SpecError, expected, key
from specs.openapi_schema import from_30, merge_pieces, param_schema, wrap_output
from specs.profile import FEATURES, schema_features
from specs.refs import check_refs, pointer_path, pointer_tokens, resolve_schema
from specs.tools import RawTool

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
LOCATIONS = ("path", "query", "header", "cookie")
_IGNORED_HEADERS = {"accept", "content-type", "authorization"}  # OpenAPI: these definitions SHALL be ignored
_JSON = re.compile(r"^application/(.+\+)?json(;.*)?$|^\*/\*$", re.I)


class _Doc:
    def __init__(self, source: str, doc: dict[str, Any]) -> None:
        self.source, self.doc = source, doc
        self.v30 = str(doc.get("openapi", "")).startswith("3.0")

    def deref(self, node: Any, path: str) -> tuple[Any, str]:
        """Follow `$ref`s of parameters, bodies and responses (schemas are resolved separately)."""
        seen = set()
        while isinstance(node, dict) and isinstance(node.get("$ref"), str):
            ref = node["$ref"]
            if ref in seen:
                raise SpecError(self.source, path, f"$ref cycle through {ref!r}")
            seen.add(ref)
            target: Any = self.doc
            for t in pointer_tokens(ref):
                target = target[int(t)] if isinstance(target, list) else target[t]  # check_refs proved it exists
            node, path = target, pointer_path(ref)
        return node, path

    def schema(self, schema: Any, path: str) -> Any:
        check_depth(schema, path)
        out = resolve_schema(schema, source=self.source, path=path, root=self.doc)
        return from_30(out) if self.v30 else out


def _json_schema(content: Any) -> tuple[Any, bool] | None:
    """(schema, whether one is given) of the JSON media type of a `content` map; None without one."""
    if not isinstance(content, dict):
        return None
    for media, body in content.items():
        if _JSON.match(media) and isinstance(body, dict):
            return body.get("schema", {}), "schema" in body
    return None


def _operation_id(op: dict[str, Any]) -> str | None:
    op_id = op.get("operationId")
    return op_id if isinstance(op_id, str) and op_id.strip() else None


def _name(op: dict[str, Any], method: str, route: str, taken: set[str]) -> str:
    """`operationId`, else `method_path` sanitised, made unique against every other name."""
    if (op_id := _operation_id(op)) is not None:
        return op_id
    # camelCase words stay words (`/getChat` -> `post_get_chat`): the interpreter reads the verb in them.
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", f"{method}_{route}")
    base = re.sub(r"[^A-Za-z0-9]+", "_", spaced).strip("_").lower() or method
    name, n = base, 2
    while name in taken:
        name, n = f"{base}_{n}", n + 1
    taken.add(name)
    return name


def _parameters(d: _Doc, route: str, item: dict[str, Any], ipath: str, op: dict[str, Any], path: str) -> dict[tuple[str, str], tuple[dict[str, Any], str]]:
    """(name, in) -> (parameter, its JSON path); an operation's parameter overrides the path item's."""
    params: dict[tuple[str, str], tuple[dict[str, Any], str]] = {}
    for plist, ppath in ((item.get("parameters") or [], key(ipath, "parameters")), (op.get("parameters") or [], key(path, "parameters"))):
        if not isinstance(plist, list):
            raise expected(d.source, ppath, '"array"', plist)
        for i, p in enumerate(plist):
            p, pp = d.deref(p, key(ppath, i))
            if not isinstance(p, dict) or not isinstance(p.get("name"), str) or p.get("in") not in LOCATIONS:
                raise SpecError(d.source, pp, 'a parameter needs a string "name" and "in" (path, query, header or cookie)')
            if p["in"] == "header" and p["name"].lower() in _IGNORED_HEADERS:
                continue
            params[(p["name"], p["in"])] = (p, pp)
    for template in re.findall(r"\{([^{}]+)\}", route):  # a path parameter the document forgot to declare
        params.setdefault((template, "path"), ({"name": template, "in": "path", "schema": {"type": "string"}}, path))
    return params


def _operation(d: _Doc, method: str, op: dict[str, Any], params: dict[tuple[str, str], tuple[dict[str, Any], str]], path: str, name: str) -> RawTool:
    pieces: list[tuple[str, str, Any, bool]] = []  # (name, location, resolved schema, required)
    features = dict.fromkeys(FEATURES, 0)
    for loc in LOCATIONS:
        for (pname, ploc), (p, pp) in params.items():
            if ploc != loc:
                continue
            raw = param_schema(p)
            for k, v in schema_features(raw, root=False).items():
                features[k] += v
            pieces.append((pname, loc, d.schema(raw, key(pp, "schema")), loc == "path" or p.get("required") is True))
    body = op.get("requestBody")
    if body is not None:
        body, bp = d.deref(body, key(path, "requestBody"))
        if not isinstance(body, dict):
            raise expected(d.source, bp, '"object" (a request body)', body)
        found = _json_schema(body.get("content"))
        required = body.get("required") is True
        if found is None:
            if required:
                raise ToolProblem(key(bp, "content"), "the request body has no application/json media type")
        else:
            for k, v in schema_features(found[0], root=False).items():
                features[k] += v
            pieces.append(("body", "body", d.schema(found[0], key(key(bp, "content"), "application/json")), required))
    out_schema = None
    responses = op.get("responses") or {}
    if not isinstance(responses, dict):
        raise expected(d.source, key(path, "responses"), '"object"', responses)
    for code in sorted((c for c in responses if str(c)[0] == "2"), key=str):
        resp, rp = d.deref(responses[code], key(key(path, "responses"), str(code)))
        found = _json_schema(resp.get("content") if isinstance(resp, dict) else None)
        if found is not None and found[1]:
            out_schema = wrap_output(d.schema(found[0], key(rp, "content")))
            break
    annotations = {"readOnlyHint": True} if method in ("get", "head") else {"destructiveHint": True} if method == "delete" else None
    summary, description = op.get("summary"), op.get("description")
    return RawTool(
        path=path,
        name=name,
        name_path=key(path, "operationId"),
        input_schema=merge_pieces(pieces),
        input_path=path,
        description=description if isinstance(description, str) and description.strip() else summary,
        description_path=key(path, "description"),
        output_schema=out_schema,
        output_path=key(path, "responses"),
        annotations=annotations,
        title=summary if isinstance(summary, str) and description else None,
        resolved=True,
        features=features,
    )


def openapi_raws(source: str, doc: dict[str, Any]) -> list[RawTool]:
    """Raw tools of an OpenAPI 3.x document. A broken document raises SpecError; a defective
    operation becomes a RawTool whose problem surfaces when it is built (and it is skipped)."""
    if "swagger" in doc and "openapi" not in doc:
        raise SpecError(source, "swagger", "Swagger/OpenAPI 2.0 is not supported; convert it to OpenAPI 3")
    version = str(doc.get("openapi"))
    if not re.match(r"^3\.[01](\.|$)", version):
        raise SpecError(source, "openapi", f"unsupported OpenAPI version {version!r} (3.0 and 3.1 are)")
    paths = doc.get("paths") or {}
    if not isinstance(paths, dict):
        raise expected(source, "paths", '"object"', paths)
    check_refs(doc, source)
    d = _Doc(source, doc)
    raws: list[RawTool] = []
    taken = {
        i for item in paths.values() if isinstance(item, dict)
        for m in METHODS if isinstance(item.get(m), dict) and (i := _operation_id(item[m])) is not None
    }
    for route, item in paths.items():
        item, ipath = d.deref(item, key("paths", route))
        if not isinstance(item, dict):
            raise expected(source, ipath, '"object" (a path item)', item)
        for method in METHODS:
            op = item.get(method)
            if op is None:
                continue
            opath = key(ipath, method)
            if not isinstance(op, dict):
                raise expected(source, opath, '"object" (an operation)', op)
            name = _name(op, method, route, taken)
            try:
                raws.append(_operation(d, method, op, _parameters(d, route, item, ipath, op, opath), opath, name))
            except ToolProblem as p:
                raws.append(_broken(opath, name, p))
            except RecursionError:
                raws.append(_broken(opath, name, ToolProblem(opath, "schema nested too deeply to process")))
    return raws


def _broken(path: str, name: str, problem: ToolProblem) -> RawTool:
    """A placeholder that build_tools records as skipped (keeps skipping in one place)."""
    return RawTool(path=path, name=name, name_path=key(path, "operationId"), input_schema={"type": "object"},
                   input_path=path, resolved=True, problem=problem)
