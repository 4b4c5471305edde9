"""The records of a listed company and its stock, by the names finance gives them (kinds.py matches a kind's last
words to one of them): a balance sheet's assets, liabilities and equity that add up, a cash-flow statement's three
flows, an income statement whose profit is less than its revenue, valuation ratios, and a day's price bar whose
low and high hold its open and close. Amounts are in the currency of the market the symbol trades on.

A kind's words name it only together (`balance sheet`, `cash flow`): a `sheet` alone is a spreadsheet's, a `flow`
a workflow's, so each phrase is matched whole, or a word that means nothing else (`kline`, `ohlc`).
"""

from __future__ import annotations

import random
import re
from datetime import date, timedelta
from typing import Any

from faker.providers.currency import Provider as CurrencyTable

from engines.offline.kind_fields import TICKER, Draw, count, num, pick
from engines.offline.world import Organisation

# (a 6-digit A-share code, optionally with its exchange; Hong Kong, Tokyo, London and European listings by suffix)
_MARKETS = ((re.compile(r"\d{6}(\.(SZ|SH|SS|BJ))?", re.I), "CNY"), (re.compile(r".+\.HK", re.I), "HKD"),
            (re.compile(r".+\.T", re.I), "JPY"), (re.compile(r".+\.L", re.I), "GBP"),
            (re.compile(r".+\.(DE|PA|AS|MI|MC)", re.I), "EUR"))


def currency(rng: random.Random, org: Organisation, topic: str) -> str:
    """The currency a stock's figures are reported in: its market's, by the symbol's form."""
    said = topic.strip()
    return next((c for form, c in _MARKETS if form.fullmatch(said)), "CNY" if org.locale.startswith("zh") else "USD")


def _quarter_end(rng: random.Random, org: Organisation, topic: str) -> str:
    """The last day of a reported quarter, in the last two years."""
    year = rng.choice((2024, 2025, 2025))
    return rng.choice((f"{year}-03-31", f"{year}-06-30", f"{year}-09-30", f"{year}-12-31"))


def _trading_day(rng: random.Random, org: Organisation, topic: str) -> str:
    """A weekday of the last months (markets are closed at weekends)."""
    day = date(2026, 1, 5) + timedelta(days=rng.randint(0, 60))
    return (day - timedelta(days=max(0, day.weekday() - 4))).isoformat()


# Currencies by their ISO 4217 codes (Faker's table): a currency listed is `{code: BRL, name: Brazilian real, …}`.
_ISO = dict(CurrencyTable.currencies)
_SIGNS = {"BRL": "R$", "CAD": "CA$", "AUD": "A$", "MXN": "MX$", "NZD": "NZ$", "HKD": "HK$", "SGD": "S$"}  # (table: "$")


def _currency_code(rng: random.Random, org: Organisation, topic: str) -> str:
    return topic.upper() if topic.upper() in _ISO else rng.choice(("USD", "EUR", "GBP", "JPY", "BRL", "CHF", "CAD",
                                                                   "AUD", "INR", "MXN", "CNY", "SEK"))


MARKET_KINDS: tuple[tuple[str, dict[str, Draw]], ...] = (
    ("currency|currencies", {"code": _currency_code, "name": pick(""), "symbol": pick("")}),
    ("balance sheet|balancesheet", {
        "report_date": _quarter_end, "currency": currency, "total_assets": count(10**8, 3 * 10**12),
        "total_liabilities": count(10**7, 10**12), "total_equity": count(10**7, 10**12),
        "cash_and_equivalents": count(10**6, 10**11), "current_assets": count(10**7, 10**12)}),
    ("cash flow|cashflow|cash flow statement|cashflow statement", {
        "report_date": _quarter_end, "currency": currency, "operating_cash_flow": count(10**6, 10**11),
        "investing_cash_flow": count(10**6, 5 * 10**10), "financing_cash_flow": count(10**6, 5 * 10**10),
        "capital_expenditure": count(10**6, 3 * 10**10)}),
    ("income statement|profit statement|profit and loss", {
        "report_date": _quarter_end, "currency": currency, "total_revenue": count(10**7, 4 * 10**11),
        "gross_profit": count(10**6, 10**11), "operating_income": count(10**6, 10**11),
        "net_income": count(10**6, 10**11), "eps": num(0.05, 12, 2)}),
    ("financial metric|financial ratio|key metric|valuation metric|financial indicator", {
        "report_date": _quarter_end, "pe_ratio": num(4, 60, 2), "pb_ratio": num(0.4, 12, 2),
        "roe_percent": num(-5, 35, 2), "gross_margin_percent": num(5, 75, 2), "debt_to_equity": num(0.05, 3, 2),
        "dividend_yield_percent": num(0, 6, 2)}),
    ("hist|historical price|price history|stock history|kline|candle|candlestick|ohlc|ohlcv|daily bar", {
        "date": _trading_day, "open": num(2, 900, 2), "high": num(2, 900, 2), "low": num(2, 900, 2),
        "close": num(2, 900, 2), "volume": count(10_000, 90_000_000)}),
    ("dividend", {"ex_date": _trading_day, "amount_per_share": num(0.05, 3.5, 3), "currency": currency,
                  "frequency": pick("quarterly", "quarterly", "semi-annual", "annual")}),
)
MARKET_BY_PHRASE = {p: fields for phrases, fields in MARKET_KINDS for p in phrases.split("|")}


def market_fields(words: list[str]) -> dict[str, Draw] | None:
    """The fields of a market kind its last words name (`balance sheet`, `cash flow`, `kline`), else None."""
    for n in (3, 2, 1):
        if len(words) >= n and (fields := MARKET_BY_PHRASE.get(" ".join(words[-n:]))) is not None:
            return fields
    return None


def cohere(out: dict[str, Any], rng: random.Random, org: Organisation, topic: str) -> None:
    """Figures that add up, in place: equity is assets less liabilities, a bar's low and high hold its open and
    close, profits fall below revenue, outflows are negative; a stock's price is in its market's currency."""
    if out.get("code") in _ISO and "symbol" in out:  # a currency's name and sign are its code's
        out.update(name=_ISO[out["code"]], symbol=_SIGNS.get(out["code"]) or CurrencyTable.currency_symbols.get(
            out["code"], out["code"]))
    if "currency" in out and TICKER.fullmatch(topic):
        out["currency"] = currency(rng, org, topic)
    if isinstance(out.get("total_assets"), int) and "total_liabilities" in out:
        assets = out["total_assets"]
        out["total_liabilities"] = int(assets * rng.uniform(0.3, 0.85))
        out["total_equity"] = assets - out["total_liabilities"]
        out["current_assets"] = int(assets * rng.uniform(0.2, 0.6))
        out["cash_and_equivalents"] = int(out["current_assets"] * rng.uniform(0.1, 0.5))
    if isinstance(out.get("total_revenue"), int) and "net_income" in out:
        revenue = out["total_revenue"]
        out["gross_profit"] = int(revenue * rng.uniform(0.2, 0.7))
        out["operating_income"] = int(out["gross_profit"] * rng.uniform(0.2, 0.7))
        out["net_income"] = int(out["operating_income"] * rng.uniform(0.5, 0.85))
    if isinstance(out.get("operating_cash_flow"), int) and "investing_cash_flow" in out:
        out["investing_cash_flow"] = -abs(out["investing_cash_flow"])
        out["capital_expenditure"] = -int(abs(out["operating_cash_flow"]) * rng.uniform(0.1, 0.6))
        out["financing_cash_flow"] *= rng.choice((-1, 1))
        out["free_cash_flow"] = out["operating_cash_flow"] + out["capital_expenditure"]
    if all(isinstance(out.get(k), float) for k in ("open", "high", "low", "close")):
        base = out["open"]
        out["close"] = round(base * rng.uniform(0.96, 1.04), 2)
        out["high"] = round(max(base, out["close"]) * rng.uniform(1.0, 1.02), 2)
        out["low"] = round(min(base, out["close"]) * rng.uniform(0.98, 1.0), 2)
