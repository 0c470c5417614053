"""Schemathesis hooks of the API contract gate (loaded by tools/test/schemathesis.toml).

The rules across GET /api/stores/location's parameters that OpenAPI cannot state: the bounding box is not inverted
(minLat <= maxLat, minLong <= maxLong) and spans at most 5 degrees of latitude and 10 of longitude
(libs/gateway/api/src/controllers/stores.controller.ts answers 400 otherwise). A generated box with all four edges
valid numbers is reordered and shrunk to keep them, so schema-valid data reaches the route's answers and every
check, positive_data_acceptance included, runs on the operation as on any other. Anything else (a bad value, a
missing edge, lat or long alone) is left as generated.
"""

import math

import schemathesis

LOCATION = "/api/stores/location"
MAX_BOX_DEGREES = {"Lat": (90, 5), "Long": (180, 10)}  # axis: (largest absolute value, widest span)


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


@schemathesis.hook
def map_case(context, case):
    if case.operation.path != LOCATION or not isinstance(case.query, dict):
        return case
    query = case.query
    for axis, (limit, span) in MAX_BOX_DEGREES.items():
        low_key, high_key = f"min{axis}", f"max{axis}"
        low, high = _number(query.get(low_key)), _number(query.get(high_key))
        if low is None or high is None or abs(low) > limit or abs(high) > limit:
            continue
        if low <= high and high - low <= span:
            continue
        low, high = min(low, high), max(low, high)
        if high - low > span:
            high = low + span
            while high - low > span:  # the sum rounded up: the route computes maxLat - minLat the same way
                high = math.nextafter(high, -math.inf)
        query[low_key] = _as_generated(query[low_key], low)
        query[high_key] = _as_generated(query[high_key], high)
    return case
