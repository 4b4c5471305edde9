"""A listed company's records read as finance writes them: statements that add up, a price bar whose low and high
hold its open and close, news about the stock asked for, figures in its market's currency; a `balance sheet` is no
bank balance, a `financial metric` no service telemetry."""

from __future__ import annotations

import json

from actors.local import generate_local
from engines.offline import kinds
from engines.offline.world import make_org
from schemas import RunConfig
from specs import load_suite


def test_finance_phrases_name_finance_kinds_and_their_figures_add_up():
    org = make_org(7)
    sheet = kinds.record("balance_sheet", org, "k1", "600519")
    assert sheet["total_assets"] == sheet["total_liabilities"] + sheet["total_equity"]
    assert sheet["currency"] == "CNY"  # (an A-share's code: reported in yuan)
    assert "balance" not in sheet
    income = kinds.record("income_statement", org, "k2", "AAPL")
    assert income["net_income"] < income["operating_income"] < income["gross_profit"] < income["total_revenue"]
    assert income["currency"] == "USD"
    flow = kinds.record("cash_flow", org, "k3", "0700.HK")
    assert flow["investing_cash_flow"] < 0 and flow["currency"] == "HKD"
    assert flow["free_cash_flow"] == flow["operating_cash_flow"] + flow["capital_expenditure"]
    assert "service" not in kinds.record("financial_metrics", org, "k4", "AAPL")  # (no cpu_utilization)
    for k in range(20):
        bar = kinds.record("hist", org, f"bar{k}", "MSFT")
        assert bar["low"] <= min(bar["open"], bar["close"]) <= max(bar["open"], bar["close"]) <= bar["high"]
    # (a spreadsheet's sheet and a workflow's flow are not finance's)
    assert kinds.fields_of("sheet") is None or "total_assets" not in kinds.fields_of("sheet")
    assert kinds.fields_of("flow") is None or "operating_cash_flow" not in kinds.fields_of("flow")


def test_a_stock_spec_answers_with_its_statements_and_news_of_the_stock(tmp_path):
    symbol = {"symbol": {"type": "string", "description": "Stock ticker symbol, e.g. AAPL"}}
    tools = [{"name": f"get_{k}", "description": f"Get the {k.replace('_', ' ')} of a company by its stock symbol.",
              "inputSchema": {"type": "object", "properties": symbol, "required": ["symbol"]}}
             for k in ("balance_sheet", "income_statement", "cash_flow", "news")]
    (tmp_path / "stocks.json").write_text(json.dumps({"tools": tools}))
    _, scenarios = generate_local(load_suite([tmp_path / "stocks.json"]), RunConfig(seed=7), str(tmp_path / "h"))
    seen = set()
    for s in scenarios:
        for c in s.calls:
            out = json.loads(c.output) if isinstance(c.output, str) else c.output
            seen.add(c.tool)
            if c.tool == "get_balance_sheet":
                assert out["total_assets"] == out["total_liabilities"] + out["total_equity"], out
            if c.tool == "get_news":
                assert c.arguments["symbol"] in out["title"], out
    assert seen == {t["name"] for t in tools}


def test_a_currency_listed_is_an_iso_code_with_its_own_name_and_sign():
    """`cambio-currencies-list` listed `{id, updated_at}`: a currency is its ISO 4217 code, and the name and symbol
    of that code (not another's), the one asked about where a call names it."""
    from faker.providers.currency import Provider
    from engines.offline.kinds import record
    from engines.offline.world import make_org
    names = dict(Provider.currencies)
    for k in range(6):
        rec = record("currency", make_org(k), f"c{k}", "topic")
        assert rec["code"] in names and rec["name"] == names[rec["code"]] and rec["symbol"], rec
        assert rec["code"] != "BRL" or rec["symbol"] == "R$"  # (not the dollar sign of a table)
    assert record("currencies", make_org(1), "x", "eur")["code"] == "EUR"
    assert record("currency", make_org(1), "y", "BRL")["symbol"] == "R$"
