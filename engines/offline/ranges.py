"""Slots that close a range another slot opens: `end_time` and `start_time`, `until` and `since`, `checkout`
and `checkin`, `meeting_end_time` and `meeting_start_time`. The closing value is drawn after the opening one
(values_names.later_than_counterpart), and an object's keys are filled in that order (values_containers)."""

from __future__ import annotations

from functools import lru_cache

_COUNTERPARTS = {"end": "start", "stop": "start", "until": "since", "before": "after", "max": "min", "to": "from",
                 "last": "first", "end_line": "start_line", "end_date": "start_date", "end_time": "start_time",
                 "to_date": "from_date", "until_date": "since_date", "checkout": "checkin", "check_out": "check_in",
                 "return": "departure", "return_date": "departure_date", "checkout_date": "checkin_date",
                 "check_out_date": "check_in_date", "todate": "fromdate", "totime": "fromtime", "enddate": "startdate",
                 "endtime": "starttime", "maxdate": "mindate"}


@lru_cache(maxsize=4096)
def partner(w: str) -> str | None:
    """The name of the slot `w` closes (`until` -> `since`, `end_time` -> `start_time`), if any."""
    return _COUNTERPARTS.get(w) or next((w.replace(a, b, 1) for a, b in _COUNTERPARTS.items()
                                        if "_" not in a and w.startswith(a + "_")), None) \
        or next((w[: -len(a)] + b for a, b in _COUNTERPARTS.items() if "_" not in a and w.endswith("_" + a)), None) \
        or _inner_partner(w)


_INNER = {"end": "start", "stop": "start", "until": "since", "checkout": "checkin"}


def _inner_partner(w: str) -> str | None:
    """A word inside the name closes the range (`meeting_end_time` -> `meeting_start_time`)."""
    parts = w.split("_")
    return next(("_".join(b if p == a else p for p in parts) for a, b in _INNER.items() if a in parts[1:-1]), None)
