"""Schemathesis hooks of the API contract gate (loaded by tools/test/schemathesis.toml).

The rule across GET /api/stores/location's parameters that OpenAPI cannot state: the bounding box is not inverted
(minLat <= maxLat, minLong <= maxLong; libs/stores/contracts storeBoxProblem answers 400 otherwise). A generated box
with all four edges valid numbers is reordered to keep it, so schema-valid data reaches the route's answers and every
check, positive_data_acceptance included, runs on the operation as on any other; a box of any size is answered (a
wide one for 5 by 10 degrees of it: storeSearchBox). Anything else (a bad value, a missing edge, lat or long alone)
is left as generated.

Two more rules of the same kind: GET /api/items/byEan/{ean} refuses a code whose GS1 check digit is wrong (the
schema can state only the 8 or 13 digits), so a generated code of the right length gets its right check digit;
GET /api/priceLevels refuses a from/to of the right shape that is not a day of the calendar, that is after the
other or that spans over 180 days, so two well-shaped dates are made real, ordered and brought within the limit.
And the shopping day (`date`) of the comparisons (GET /api/shoppingCartComparisons' query, the bodies of its
storeTotals and split) must be a real day within 60 days of today in Helsinki (MAX_SHOPPING_DAY_OFFSET): a
real date is brought into that window (an offset from today derived from it); one that is no day of the calendar
is left as generated, to be refused.

And POST /api/price-reports, whose rules beside the schema are the clock and other fields: a generated report of the
right shapes gets a store id of the running site (from its store list: an unknown one is a documented 400), its EAN's
right check digit, a seenAt of a minute ago (one of the right shape is any time; the window is 2 minutes ahead to 24 h
back), a regularPrice of at least its price, and comparisonPrice and comparisonUnit as a pair. A value of the wrong
shape is left as generated, to be refused.
"""

import datetime
import json
import os
import re
import urllib.request

import schemathesis

LOCATION = "/api/stores/location"
BOX_LIMITS = {"Lat": 90, "Long": 180}  # axis: largest absolute value


def _number(value):
    """A generated edge as a number, or None when it is not a finite number (text as it goes on the wire, or not)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        number = value
    elif isinstance(value, str):
        try:
            number = float(value)
        except ValueError:
            return None
    else:
        return None
    return number if number == number and abs(number) != float("inf") else None


def _as_generated(original, number):
    """The number in the form the edge was generated in (text stays text)."""
    if isinstance(original, str):
        return repr(number) if isinstance(number, float) else str(number)
    return number


BY_EAN = "/api/items/byEan/{ean}"
PRICE_LEVELS = "/api/priceLevels"
MAX_PERIOD_DAYS = 180


def _with_check_digit(code):
    """The code with its last digit replaced by the GS1 check digit of the others (weights 3 and 1 from the right)."""
    body = [int(d) for d in code[:-1]]
    total = sum(d * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(body)))
    return code[:-1] + str((10 - total % 10) % 10)


def _real_date(text):
    """A well-shaped YYYY-MM-DD as a day of the calendar (year at least 1, month 1-12, day 1-28), or None."""
    match = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", text) if isinstance(text, str) else None
    if not match:
        return None
    year, month, day = (int(g) for g in match.groups())
    return datetime.date(max(1, year), min(max(1, month), 12), min(max(1, day), 28))


def _map_by_ean(case):
    ean = (case.path_parameters or {}).get("ean")
    if isinstance(ean, str) and re.fullmatch(r"\d{8}|\d{13}", ean):
        case.path_parameters["ean"] = _with_check_digit(ean)
    return case


def _map_price_levels(case):
    if not isinstance(case.query, dict):
        return case
    start, end = _real_date(case.query.get("from")), _real_date(case.query.get("to"))
    if start is None or end is None:
        return case
    start, end = min(start, end), max(start, end)
    if (end - start).days + 1 > MAX_PERIOD_DAYS:
        end = start + datetime.timedelta(days=MAX_PERIOD_DAYS - 1)
    case.query["from"], case.query["to"] = start.isoformat(), end.isoformat()
    return case


SHOPPING_DAY_PATHS = {"/api/shoppingCartComparisons", "/api/shoppingCartComparisons/storeTotals", "/api/shoppingCartComparisons/split"}
MAX_SHOPPING_DAY_OFFSET = 60
HELSINKI_UTC_OFFSET_HOURS = 2  # the earlier of EET/EEST: a day inside the window at either offset


def _shopping_day(text):
    """A real day (a valid `format: date`) brought into the shopping-day window of today (Helsinki), or None.

    Only a date the schema admits is moved: one that is not a day of the calendar (0000-00-00, 2026-02-30) is
    invalid data, which the negative phases send to be refused, so it is left as generated."""
    try:
        real = datetime.date.fromisoformat(text) if isinstance(text, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", text) else None
    except ValueError:
        real = None
    if real is None:
        return None
    today = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=HELSINKI_UTC_OFFSET_HOURS)).date()
    # Within 58 days either way: a margin of a day at midnight's turn and for the offset's summer hour.
    offset = (real.toordinal() % (2 * (MAX_SHOPPING_DAY_OFFSET - 2) + 1)) - (MAX_SHOPPING_DAY_OFFSET - 2)
    return (today + datetime.timedelta(days=offset)).isoformat()


def _map_shopping_day(case):
    for container in (case.query, case.body):
        if isinstance(container, dict) and "date" in container:
            day = _shopping_day(container["date"])
            if day is not None:
                container["date"] = day
    return case


PRICE_REPORTS = "/api/price-reports"
# REPORT_TIME_PATTERN of libs/price-ingest/contracts/src/price-reports.ts
SEEN_AT = r"(19|20)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)"
_store_ids = []


def _known_store_ids():
    """The ids of the running site's first page of stores (HK_CONTRACT_BASE_URL, set by api-contract.mjs), read once."""
    if not _store_ids and os.environ.get("HK_CONTRACT_BASE_URL"):
        try:
            with urllib.request.urlopen(f"{os.environ['HK_CONTRACT_BASE_URL']}/api/stores/minimal?skip=0", timeout=10) as answer:
                _store_ids.extend(store["id"] for store in json.load(answer))
        except (OSError, ValueError, KeyError):
            pass
    return _store_ids


def _is_int(value):
    """A JSON Schema integer as generated: an int, or a float of whole value (1023.0 is an integer to the schema)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def _map_price_report(case):
    body = case.body
    if not isinstance(body, dict):
        return case
    stores = _known_store_ids()
    if _is_int(body.get("storeId")) and 1 <= body["storeId"] <= 2_147_483_647 and stores:
        body["storeId"] = stores[int(body["storeId"]) % len(stores)]
    ean = body.get("ean")
    if isinstance(ean, str) and re.fullmatch(r"\d{8}|\d{13}", ean, re.ASCII):
        body["ean"] = _with_check_digit(ean)
    if isinstance(body.get("seenAt"), str) and re.fullmatch(SEEN_AT, body["seenAt"], re.ASCII):
        body["seenAt"] = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(minutes=1)).isoformat(timespec="milliseconds")
    price, regular = body.get("price"), body.get("regularPrice")
    if _is_int(price) and _is_int(regular) and 1 <= regular < price <= 1_000_000:
        body["price"], body["regularPrice"] = regular, price
    unit, comparison = body.get("comparisonUnit"), body.get("comparisonPrice")
    if isinstance(unit, str) and re.fullmatch(r"[a-z0-9]{1,12}", unit, re.ASCII) and "comparisonPrice" not in body:
        body["comparisonPrice"] = 100
    if _is_int(comparison) and 1 <= comparison <= 100_000_000 and "comparisonUnit" not in body:
        body["comparisonUnit"] = "kg"
    return case


@schemathesis.hook
def map_case(context, case):
    if case.operation.path == BY_EAN:
        return _map_by_ean(case)
    if case.operation.path == PRICE_REPORTS and case.method.upper() == "POST":
        return _map_price_report(case)
    if case.operation.path == PRICE_LEVELS:
        return _map_price_levels(case)
    if case.operation.path in SHOPPING_DAY_PATHS:
        return _map_shopping_day(case)
    if case.operation.path != LOCATION or not isinstance(case.query, dict):
        return case
    query = case.query
    for axis, limit in BOX_LIMITS.items():
        low_key, high_key = f"min{axis}", f"max{axis}"
        low, high = _number(query.get(low_key)), _number(query.get(high_key))
        if low is None or high is None or abs(low) > limit or abs(high) > limit or low <= high:
            continue
        query[low_key] = _as_generated(query[low_key], high)
        query[high_key] = _as_generated(query[high_key], low)
    return case
