"""Tools that compute: a calculator's `multiply(a, b)`, `sum(numbers)`, `sqrt(number)`, `calculate(expression)`.

Their answer is the result worked out from the arguments, not a record of a finished run; their operands are
numbers the operation takes (an arcsine's within [-1, 1], a divisor other than zero) and varied, as a person
asking would pick them; the request asks for the sum ("work out 98 times 111"), not "run the multiply with a 98
and b 111". An operation is known by a word of the tool's name ("add", "quotient", "arcsin") and the shape of
its parameters (two numbers, one list of numbers, one number, an expression), never by a product: a tool named
`add_item` or taking anything besides its operands is no calculator.
"""

from __future__ import annotations

import ast
import math
import operator
import random
import re
import statistics
from dataclasses import dataclass
from typing import Any, Callable

from common.taxonomy import tokens
from engines.offline.text import said, said_list
from schemas import ToolInterpretation

Number = int | float

# word of a tool's name -> (the operation, how a person says it: "{a} times {b}")
_BINARY: dict[str, tuple[Callable[[Number, Number], Number], str]] = {}
for _words, _fn, _said in (
        ("add addition plus sum", operator.add, "{a} plus {b}"),
        ("subtract subtraction sub minus difference", operator.sub, "{a} minus {b}"),
        ("multiply multiplication mul times product", operator.mul, "{a} times {b}"),
        ("divide division div quotient", operator.truediv, "{a} divided by {b}"),
        ("modulo mod modulus remainder", operator.mod, "{a} mod {b}"),
        ("power pow exponent exponentiate exponentiation", operator.pow, "{a} to the power of {b}")):
    for _w in _words.split():
        _BINARY[_w] = (_fn, _said)

_AGGREGATE: dict[str, tuple[Callable[[list[Number]], Number], str]] = {}
for _words, _fn, _said in (
        ("sum add total addition", sum, "the sum of {xs}"),
        ("average mean avg", statistics.mean, "the average of {xs}"),
        ("median", statistics.median, "the median of {xs}"),
        ("mode", statistics.mode, "the most common of {xs}"),
        ("max maximum largest", max, "the largest of {xs}"),
        ("min minimum smallest", min, "the smallest of {xs}"),
        ("product multiply", math.prod, "the product of {xs}"),
        ("stdev std deviation", statistics.stdev, "the standard deviation of {xs}"),
        ("variance", statistics.variance, "the variance of {xs}")):
    for _w in _words.split():
        _AGGREGATE[_w] = (_fn, _said)

# word -> (operation, how it is said, the operands it takes: (low, high, whole numbers only))
_UNARY: dict[str, tuple[Callable[[Number], Number], str, tuple[float, float, bool]]] = {}
for _words, _fn, _said, _domain in (
        ("sqrt squareroot", math.sqrt, "the square root of {a}", (2, 2500, True)),
        ("factorial", math.factorial, "{a} factorial", (3, 15, True)),
        ("abs absolute", abs, "the absolute value of {a}", (-900, -1, False)),
        ("square", lambda x: x * x, "{a} squared", (2, 99, False)),
        ("cube", lambda x: x ** 3, "{a} cubed", (2, 30, False)),
        ("log ln logarithm", math.log, "the natural log of {a}", (2, 500, False)),
        ("log10", math.log10, "the base-10 log of {a}", (2, 100_000, False)),
        ("exp", math.exp, "e to the power of {a}", (0.5, 8, False)),
        ("sin sine", math.sin, "the sine of {a}", (0.1, 3.1, False)),
        ("cos cosine", math.cos, "the cosine of {a}", (0.1, 3.1, False)),
        ("tan tangent", math.tan, "the tangent of {a}", (0.1, 1.4, False)),
        ("arcsin asin", math.asin, "the arcsine of {a}", (-0.95, 0.95, False)),
        ("arccos acos", math.acos, "the arccosine of {a}", (-0.95, 0.95, False)),
        ("arctan atan", math.atan, "the arctangent of {a}", (-20, 20, False)),
        ("floor", math.floor, "{a} rounded down", (1, 500, False)),
        ("ceil ceiling", math.ceil, "{a} rounded up", (1, 500, False)),
        ("round", round, "{a} rounded to the nearest whole number", (1, 500, False)),
        ("reciprocal", lambda x: 1 / x, "one over {a}", (2, 64, False)),
        ("degreestoradians", math.radians, "{a} degrees in radians", (15, 360, True)),
        ("radianstodegrees", math.degrees, "{a} radians in degrees", (0.1, 6.2, False)),
        ("celsiustofahrenheit", lambda c: c * 9 / 5 + 32, "{a} °C in Fahrenheit", (-20, 40, True)),
        ("fahrenheittocelsius", lambda f: (f - 32) * 5 / 9, "{a} °F in Celsius", (-4, 104, True)),
        ("celsiustokelvin", lambda c: c + 273.15, "{a} °C in kelvin", (-20, 40, True)),
        ("kelvintocelsius", lambda k: k - 273.15, "{a} K in Celsius", (250, 320, True)),
        ("fahrenheittokelvin", lambda f: (f - 32) * 5 / 9 + 273.15, "{a} °F in kelvin", (-4, 104, True)),
        ("kelvintofahrenheit", lambda k: (k - 273.15) * 9 / 5 + 32, "{a} K in Fahrenheit", (250, 320, True))):
    for _w in _words.split():
        _UNARY[_w] = (_fn, _said, _domain)

# Words a calculator's tool name holds beside its operation (`add_two_numbers`, `calculate_sum`, `math_sqrt`).
_FILLER = frozenset({"a", "b", "and", "two", "numbers", "number", "num", "nums", "of", "the", "x", "y", "n", "values",
                     "value", "integers", "integer", "int", "ints", "floats", "float", "tool", "math", "calc",
                     "calculate", "calculator", "compute", "get", "find", "do", "perform", "operation", "list", "array",
                     "set", "root", "natural", "by", "to", "an", "arithmetic", "mathematical", "simple", "basic",
                     "convert", "conversion", "converter", "temperature", "angle"})
# The operand a binary operation takes first, and the one it takes second, by name.
_FIRST = frozenset({"a", "x", "first", "left", "lhs", "minuend", "dividend", "numerator", "base", "num1", "number1",
                    "first_number", "firstnumber", "n1", "value1", "operand1"})
_SECOND = frozenset({"b", "y", "second", "right", "rhs", "subtrahend", "divisor", "denominator", "exponent", "power",
                     "num2", "number2", "second_number", "secondnumber", "n2", "value2", "operand2"})
# Names of operands: a calculator's `x`, `numbers`, `value`.
_OPERANDS = frozenset({"x", "y", "n", "a", "b", "number", "numbers", "num", "nums", "value", "values", "val", "input",
                       "operand", "operands", "list", "array", "data", "angle", "radians", "degrees", "temperature",
                       "temp", "celsius", "fahrenheit", "kelvin"})
# Parameters holding an expression to evaluate, and the words that say a tool evaluates arithmetic.
EXPRESSION_NAMES = frozenset({"expression", "expr", "equation", "calculation", "math_expression", "formula",
                              "mathematical_expression", "math"})
_MATH = re.compile(r"\bmath(s|ematical|ematics)?\b|\barithmetic\b|\bcalculat(e|es|or|ion|ions)\b|\bequation", re.I)
_NOT_MATH = re.compile(r"javascript|\bjs\b|browser|\bpage\b|\bjq\b|jsonata|xpath|spreadsheet|excel|\bcell\b|"
                       r"latex|\bsolve\b|derivative|integral", re.I)


def speaks_math(text: str) -> bool:
    """Whether a tool's text says it works out arithmetic (not a script's or a sheet's expression, nor an equation to
    solve); the opening of a description says what the tool is for, its examples may show anything."""
    text = text[:240]
    return bool(_MATH.search(text)) and not _NOT_MATH.search(text)


@dataclass(frozen=True)
class Computation:
    """What one call works out, and how a person asks for it."""

    result: Number
    said: str  # the question in words: "98 times 111"


# Units a conversion tool names from and to (`celsius_to_fahrenheit`, `degreesToRadians`): the operation the pair is.
_UNITS = {"celsius": "celsius", "c": "celsius", "fahrenheit": "fahrenheit", "f": "fahrenheit", "kelvin": "kelvin",
          "degrees": "degrees", "degree": "degrees", "deg": "degrees", "radians": "radians", "radian": "radians",
          "rad": "radians"}


def _op_words(tool: str) -> list[str]:
    """The tool name's words with a compound operation as one word (`square_root`: squareroot; `celsius_to_kelvin`:
    celsiustokelvin)."""
    words = tokens(tool)
    if "square" in words and "root" in words:
        words = [w for w in words if w not in ("square", "root")] + ["squareroot"]
    units = [(k, _UNITS[w]) for k, w in enumerate(words) if w in _UNITS]
    if len(units) == 2 and units[0][1] != units[1][1] and f"{units[0][1]}to{units[1][1]}" in _UNARY:
        words = [w for k, w in enumerate(words) if k not in (units[0][0], units[1][0]) and w != "to"] + \
            [f"{units[0][1]}to{units[1][1]}"]
    return words


def _numeric(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _ordered(names: list[str]) -> list[str]:
    """The two operands in the order the operation takes them: `minuend` before `subtrahend`, else as declared."""
    low = [re.sub(r"[^a-z0-9_]", "", n.lower()) for n in names]
    if low[1] in _FIRST or low[0] in _SECOND:
        return [names[1], names[0]]
    return names


def _clean(x: Number) -> Number:
    """A result as a calculator shows it: whole when it is whole, else to ten decimal places."""
    if isinstance(x, float) and x.is_integer() and abs(x) < 2**53:
        return int(x)
    return round(x, 10) if isinstance(x, float) else x


def _typed(schema: dict[str, Any] | None, name: str, want: str) -> bool:
    """Whether the input schema declares `name` a number ("number") or a list of numbers ("numbers"); with no
    schema at hand, the values decide (see `computation`)."""
    if schema is None:
        return True
    prop = (schema.get("properties") or {}).get(name)
    if not isinstance(prop, dict):
        return False
    types = [t.get("type") for t in prop.get("anyOf", [])] if "anyOf" in prop else [prop.get("type")]
    if want == "number":
        return any(t in ("number", "integer") for t in types)
    items = prop.get("items") if isinstance(prop.get("items"), dict) else {}
    return "array" in types and items.get("type") in ("number", "integer")


def operation(tool: str, it: ToolInterpretation, schema: dict[str, Any] | None = None) -> str | None:
    """The kind of computation a tool does ("binary", "aggregate", "unary", "expression"), or None for a tool
    that does anything else."""
    found = _classified(tool, it, schema)
    return found[0] if found else None


def _classified(tool: str, it: ToolInterpretation, schema: dict[str, Any] | None) -> tuple[str, str] | None:
    """(the kind of computation, the word of the tool's name that is its operation; "" for an expression), or
    None. Its operands must be named as operands (`a`, `numbers`, `minuend`) unless its own text speaks of
    arithmetic: `get_log(log_id)` or `set_floor(level)` compute nothing."""
    params = it.parameters
    names = [p.name for p in params]
    words = _op_words(tool)
    about = f"{tool} {it.functionality}"
    if {n.lower() for n in names} & EXPRESSION_NAMES and len(params) <= 2 and speaks_math(about):
        return "expression", ""
    ops = [w for w in words if w in _BINARY or w in _AGGREGATE or w in _UNARY]
    if len(ops) != 1 or any(w not in _FILLER and w != ops[0] for w in words):
        return None
    op = ops[0]
    plain = {re.sub(r"[^a-z0-9_]", "", n.lower()) for n in names}
    if not (plain <= _OPERANDS | _FIRST | _SECOND or _MATH.search(about) or {"math", "calc"} & set(words)):
        return None
    if len(params) == 2 and op in _BINARY and all(_typed(schema, n, "number") for n in names):
        return "binary", op
    if len(params) == 1 and op in _AGGREGATE and _typed(schema, names[0], "numbers"):
        return "aggregate", op
    if len(params) == 1 and op in _UNARY and _typed(schema, names[0], "number"):
        return "unary", op
    return None


def computation(tool: str, it: ToolInterpretation, args: dict[str, Any]) -> Computation | None:
    """What the call works out, or None where the tool computes nothing or its operands do not allow it."""
    found = _classified(tool, it, None)
    if found is None:
        return None
    kind, op = found
    try:
        if kind == "expression":
            name = next(p.name for p in it.parameters if p.name.lower() in EXPRESSION_NAMES)
            text = args.get(name)
            value = evaluate(text) if isinstance(text, str) else None
            return None if value is None else Computation(_clean(value), f"`{text}`")
        if kind == "binary":
            names = _ordered([p.name for p in it.parameters])
            a, b = (args.get(n) for n in names)
            fn, phrase = _BINARY[op]
            if not (_numeric(a) and _numeric(b)) or (fn is operator.pow and (abs(b) > 64 or abs(a) > 10**12)):
                return None
            return Computation(_clean(fn(a, b)), phrase.format(a=said(a), b=said(b)))
        name = it.parameters[0].name
        value = args.get(name)
        if kind == "aggregate":
            if not (isinstance(value, list) and len(value) >= 2 and all(_numeric(x) for x in value)):
                return None
            fn, phrase = _AGGREGATE[op]
            return Computation(_clean(fn(value)), phrase.format(xs=said_list(value)))
        fn, phrase, _ = _UNARY[op]
        if not _numeric(value) or (op == "factorial" and not (isinstance(value, int) and 0 <= value <= 20)):
            return None
        return Computation(_clean(fn(value)), phrase.format(a=said(value)))
    except (ArithmeticError, ValueError, statistics.StatisticsError):
        return None  # (a zero divisor, a negative square root: the tool's error, not a result)


def operands(tool: str, it: ToolInterpretation, args: dict[str, Any], rng: random.Random,
             schema: dict[str, Any] | None = None) -> dict[str, Any]:
    """`args` with operands a person would ask about and the operation takes: varied whole numbers (some
    with decimals), a divisor other than zero, an arcsine's within [-1, 1], a short list to add up."""
    found = _classified(tool, it, schema)
    if found is None or found[0] == "expression":
        return args
    kind, op = found
    out = dict(args)
    whole = rng.random() < 0.75

    def drawn(lo: float, hi: float, integer: bool) -> Number:
        return rng.randint(int(lo), int(hi)) if integer else round(rng.uniform(lo, hi), 2)

    if kind == "binary":
        a, b = _ordered([p.name for p in it.parameters])
        if op in ("pow", "power", "exponent", "exponentiate", "exponentiation"):
            out[a], out[b] = rng.randint(2, 12), rng.randint(2, 8)
        elif op in ("mod", "modulo", "modulus", "remainder"):
            out[a], out[b] = rng.randint(20, 999), rng.randint(3, 19)
        else:
            out[a] = drawn(12, 9_999, whole) if rng.random() < 0.5 else drawn(12, 480, whole)
            out[b] = drawn(2, 480, whole)
    elif kind == "aggregate":
        name = it.parameters[0].name
        out[name] = [drawn(2, 250, whole) for _ in range(rng.randint(3, 6))]
        if op == "mode":  # (a list whose most common value is one of its numbers twice)
            out[name] = out[name] + [rng.choice(out[name])]
            rng.shuffle(out[name])
    else:
        name = it.parameters[0].name
        lo, hi, integer = _UNARY[op][2]
        rounding = op in ("floor", "ceil", "ceiling", "round")  # (rounding a whole number is no question)
        out[name] = drawn(lo, hi, not rounding and (integer or (whole and hi - lo > 10)))
        if op in ("sqrt", "squareroot") and rng.random() < 0.5:
            out[name] = rng.randint(2, 50) ** 2  # a perfect square as often as not
    return out


_OPS: dict[type, Callable[..., Number]] = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
                                           ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv,
                                           ast.Mod: operator.mod, ast.Pow: operator.pow,
                                           ast.USub: operator.neg, ast.UAdd: operator.pos}
_FUNCTIONS: dict[str, Callable[..., Number]] = {"sqrt": math.sqrt, "abs": abs, "round": round, "sin": math.sin,
                                                "cos": math.cos, "tan": math.tan, "log": math.log, "ln": math.log,
                                                "log10": math.log10, "exp": math.exp, "floor": math.floor,
                                                "ceil": math.ceil}
_CONSTANTS = {"pi": math.pi, "e": math.e}


def evaluate(text: str) -> Number | None:
    """The value of an arithmetic expression (numbers, + - * / // % ** ^, parentheses, a few functions), or None
    for anything else: parsed, never executed."""
    try:  # (a calculator's `^` is a power, binding as tightly as `**`, not Python's exclusive or)
        tree = ast.parse(text.strip().replace("^", "**"), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None

    def value(node: ast.AST) -> Number:
        if isinstance(node, ast.Constant) and _numeric(node.value):
            return node.value
        if isinstance(node, ast.Name) and node.id in _CONSTANTS:
            return _CONSTANTS[node.id]
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            left, right = value(node.left), value(node.right)
            if isinstance(node.op, ast.Pow) and (abs(right) > 64 or abs(left) > 10**12):
                raise ValueError("power too large")  # (an off-script `((2**64)**64)**64…` must not hang a server)
            return _OPS[type(node.op)](left, right)
        if isinstance(node, ast.UnaryOp) and type(node.op) in _OPS:
            return _OPS[type(node.op)](value(node.operand))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _FUNCTIONS \
                and not node.keywords and 1 <= len(node.args) <= 2:
            return _FUNCTIONS[node.func.id](*(value(a) for a in node.args))
        raise ValueError("not arithmetic")

    try:
        out = value(tree.body)
    except (ArithmeticError, ValueError, TypeError, RecursionError):
        return None
    return out if _numeric(out) else None


def expression(rng: random.Random) -> str:
    """An arithmetic expression a person would hand a calculator."""
    a, b, c = rng.randint(12, 480), rng.randint(2, 60), rng.randint(2, 25)
    return rng.choice((f"{a} * ({b} + {c})", f"({a} + {b}) / {c}", f"{a} - {b} * {c}", f"{a} / {c} + {b}",
                       f"{a} * {b} - {c}", f"({a} - {b}) * {c}", f"sqrt({c * c}) + {a}", f"{b}^2 - {c}"))


def clause(comp: Computation, kind: str, rng: random.Random) -> str:
    """The call as a person asks it, to follow "Can you …" or "Please …": "work out 98 times 111"."""
    if kind == "expression":
        return rng.choice((f"work out {comp.said}", f"evaluate {comp.said}", f"tell me what {comp.said} comes to"))
    return rng.choice((f"work out {comp.said}", f"tell me what {comp.said} is", f"calculate {comp.said}"))


_RESULT_KEYS = ("result", "value", "answer", "output", "total", "sum", "product", "difference", "quotient", "remainder")


def placed(obj: Any, result: Number) -> Any:
    """A declared output with the result in its place: the field named for a result, else its only number."""
    if not isinstance(obj, dict):
        return obj
    numbers = [k for k, v in obj.items() if _numeric(v)]
    key = next((k for k in _RESULT_KEYS for name in obj if name.lower() == k), None)
    key = next((name for name in obj if name.lower() == key), None) if key else (numbers[0] if len(numbers) == 1 else None)
    if key is None:
        return obj
    return {**obj, key: str(result) if isinstance(obj[key], str) else result}
