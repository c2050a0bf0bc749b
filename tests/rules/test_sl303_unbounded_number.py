"""SL303 unbounded-number: numbers judged by their names, and only obvious lower bounds fixed."""

from __future__ import annotations

import pytest
from lintkit import fixed_schema, lint_tool, obj

from schema_lint.model import FixSafety


def test_sl303_judges_numbers_by_their_name_words():
    schema = obj(amount={"type": "number"}, quantity={"type": "integer"}, pageSize={"type": "integer", "minimum": 1},
                 discount_pct={"type": "number", "minimum": 0}, number_of_guests={"type": "integer"},
                 latitude={"type": "number"}, phone_number={"type": "integer"}, font_size={"type": "integer"})
    found = {d.pointer.rsplit("/", 1)[1]: d for d in lint_tool(schema, "SL303")}
    assert set(found) == {"amount", "quantity", "pageSize", "discount_pct", "number_of_guests"}
    assert "upper" in found["pageSize"].message and "lower" not in found["pageSize"].message


def test_sl303_fixes_only_obvious_lower_bounds():
    schema = obj(price={"type": "number"}, qty={"type": "integer"}, percent={"type": "number"}, limit={"type": "integer"})
    found = {d.pointer.rsplit("/", 1)[1]: d for d in lint_tool(schema, "SL303")}
    assert found["price"].fix.operations[0].value == 0
    assert found["qty"].fix.operations[0].value == 0  # a cart line set to 0 is removed
    assert found["limit"].fix.operations[0].value == 1
    assert found["percent"].fix.safety is FixSafety.SUGGESTION  # an upper bound from nothing: a person chooses it


def test_sl303_passes_bounded_enumerated_and_exclusive_bounds():
    schema = obj(amount={"type": "number", "exclusiveMinimum": 0}, count={"type": "integer", "enum": [1, 2]},
                 limit={"type": "integer", "minimum": 1, "exclusiveMaximum": 101})
    assert lint_tool(schema, "SL303") == []


@pytest.mark.parametrize("low, high", [(-9007199254740991, 9007199254740991), (-2147483648, 2147483647),
                                       (0, 9223372036854775807), (0, 1.7976931348623157e308)])
def test_sl303_a_number_types_range_is_no_bound_and_the_words_replace_it(low, high):
    """zod's `.int()` writes `Number.MAX_SAFE_INTEGER`, OpenAPI's `int32`/`int64` their ranges:
    a limit up to 2**53 - 1 is still unbounded, and the bound the words state takes its place."""
    limit = {"type": "integer", "minimum": low, "maximum": high, "description": "Results per page, at most 50."}
    (finding,) = lint_tool(obj(page_size=limit), "SL303")
    assert "upper bound" in finding.message and "a number type's range" in finding.message
    assert ("lower" in finding.message) is (low < 0)
    assert fixed_schema(obj(page_size=limit), finding)["properties"]["page_size"]["maximum"] == 50
    assert not any("upper" in f.message for f in lint_tool(obj(page_size={**limit, "maximum": 50}), "SL303"))
    assert lint_tool(obj(page_size={**limit, "maximum": 1000, "minimum": 1}), "SL303") == []  # a stated bound


@pytest.mark.parametrize("name", ["lower_limit", "upper_limit", "credit_limit", "time_limit", "balance",
                                  "account_balance"])
def test_sl303_a_range_end_a_credit_line_or_a_balance_is_no_limit_or_amount(name):
    # `lower_limit` of an integral is no page size; `minimum: 0` on a balance rejects overdrafts.
    assert lint_tool(obj(**{name: {"type": "number"}}), "SL303") == []


@pytest.mark.parametrize(("name", "description", "kind"), [
    ("guests", "The number of guests staying.", "count"),
    ("seats", "How many seats to book.", "count"),
    ("discount", "Discount as a percentage of the price.", "percentage"),
    ("age", "Age of the patient.", "age"),
])
def test_sl303_a_count_or_percentage_the_description_or_name_says(name, description, kind):
    (found,) = lint_tool(obj(**{name: {"type": "integer", "description": description}}), "SL303")
    assert found.message.startswith(f"{kind} `{name}`")


def test_sl303_limits_of_what_they_count_are_still_limits():
    (found,) = lint_tool(obj(result_limit={"type": "integer"}), "SL303")
    assert found.message == "limit `result_limit` has no lower or upper bound"


def test_sl303_a_percentage_that_measures_a_change_has_no_natural_bounds():
    # A fund's yearly yield may be negative or over 100 percent.
    schema = obj(yearly_yield={"type": "number", "description": "The yearly yield of the fund as a percentage."})
    assert lint_tool(schema, "SL303") == []


@pytest.mark.parametrize("name, description", [
    ("charge1", "The quantity of charge on the first body."),   # BFCL calculate_electrostatic_potential
    ("charge", "The charge to apply."),
])
def test_sl303_a_charge_alone_is_no_evidence_of_a_non_negative_amount(name, description):
    """An electric charge may be negative: the word that also names a fee gives a
    suggestion, not a fix, unless the description speaks of money."""
    (found,) = lint_tool(obj(**{name: {"type": "number", "description": description}}), "SL303")
    assert found.fix.safety is FixSafety.SUGGESTION
    assert "electric charge" in found.fix.description


@pytest.mark.parametrize("name, description, reason", [
    ("charge", "The amount to charge the customer's card, in USD.", "the name `charge` says amount"),
    ("charge1", "The charge, which must be non-negative.", 'the description says "must be non-negative"'),
    ("amount", "The amount of the payment.", "the name `amount` says amount"),
])
def test_sl303_a_charge_of_money_or_a_stated_sign_still_gets_its_fix(name, description, reason):
    (found,) = lint_tool(obj(**{name: {"type": "number", "description": description}}), "SL303")
    assert found.fix.safety is FixSafety.UNSAFE and reason in found.fix.description
    assert [(o.path.rsplit("/", 1)[1], o.value) for o in found.fix.operations] == [("minimum", 0)]


@pytest.mark.parametrize("name", ["num1", "num2", "num_a", "numB"])
def test_sl303_num_with_a_digit_or_letter_is_a_number_not_a_count(name):
    # BFCL `math.gcd(num1, num2)`: "the first number", which may be negative.
    assert lint_tool(obj(**{name: {"type": "integer", "description": "The first number."}}), "SL303") == []


@pytest.mark.parametrize("name, kind", [("num_items", "count"), ("numGuests", "count"),
                                        ("number_of_items", "count"), ("num_results", "limit")])
def test_sl303_num_before_what_it_counts_is_still_a_count(name, kind):
    (found,) = lint_tool(obj(**{name: {"type": "integer"}}), "SL303")
    assert found.message.startswith(f"{kind} `{name}`") and found.fix.safety is FixSafety.UNSAFE


def test_sl303_a_limit_takes_the_maximum_its_words_state_in_items():
    (found,) = lint_tool(obj(limit={"type": "integer", "description": "Maximum 100 items."}), "SL303")
    assert [(o.path.rsplit("/", 1)[1], o.value) for o in found.fix.operations] == [("maximum", 100), ("minimum", 1)]
    assert found.fix.description == ('add `maximum: 100` (the description says "Maximum 100 items") and '
                                     '`minimum: 1` (the name `limit` says limit)')


@pytest.mark.parametrize("name, schema", [
    ("limit", {"type": "integer", "description": "Results to return, at most 50."}),
    ("amount", {"type": "number", "description": "Amount in cents, up to 1000000."}),
    ("page_size", {"type": "integer", "description": "Rows per page (max 200)."}),
    ("quantity", {"type": "integer", "description": "How many, at least 2."}),
    ("discount_pct", {"type": "number", "description": "Discount, at most 50."}),
])
def test_sl303_one_fix_leaves_nothing_for_a_second(name, schema):
    """Where the words state one side and the name the other, both are one fix: a second
    `--fix` (of a file, or of a tool's Python source, which is fixed in one pass) finds
    nothing more to add (a percentage's lower side has no bound to take from its name)."""
    (found,) = lint_tool(obj(**{name: schema}), "SL303")
    again = lint_tool(fixed_schema(obj(**{name: schema}), found), "SL303")
    assert [d.fix for d in again if d.fix is not None and d.fix.safety is not FixSafety.SUGGESTION] == []


def test_sl303_no_lower_bound_from_the_name_joins_the_words_where_the_number_is_signed():
    schema = {"type": "number", "description": "Charge in coulombs, at most 5."}
    found = lint_tool(obj(charge=schema), "SL303")
    assert all(o.path.rsplit("/", 1)[1] != "minimum" for d in found if d.fix for o in d.fix.operations)


@pytest.mark.parametrize("name, description", [
    ("quantity", "Units to add to stock (negative to remove)."),
    ("amount", "Adjustment amount; use a negative amount for a credit."),
    ("qty", "Stock to add; may be negative."),
    ("price_adjustment", "Price adjustment, positive or negative."),
    ("count", "A signed count of the change since yesterday."),
    ("fee", "The fee to apply; a value below zero is a rebate."),
    ("fee", "Processing fee. Rebates are passed as a fee under 0."),
    ("discount_amount", "Discount amount, as a number under zero."),
    # Said with a minus, a sign to flip, or a change either way.
    ("quantity", "Quantity sold; returns are recorded as minus quantities."),
    ("net_amount", "Income minus expenses for the period."),
    ("amount", "Amount to move. To move money the other way, flip the sign."),
    ("delta", "How many seats to add or remove."),
    ("adjustment", "The number of units to add to inventory; to remove, send fewer than zero."),
    ("budget", "Budget variance against plan (overspend shows as a deficit)."),
])
def test_sl303_a_number_the_description_says_may_be_negative_gets_no_lower_bound_from_its_name(name, description):
    """The name's evidence gives way to the words: `minimum: 0` on a quantity that is
    negative to remove stock rejects every removal."""
    (found,) = lint_tool(obj(**{name: {"type": "number", "description": description}}), "SL303")
    assert found.fix is None or not any(o.path.endswith("/minimum") for o in found.fix.operations)


@pytest.mark.parametrize("name, description", [
    ("quantity", "Units to order; must not be negative."),
    ("amount", "The amount; negative values are rejected."),
    ("quantity", "Units to order (no negative numbers)."),
    ("amount", "The amount, a non negative number of dollars."),
    ("amount", "The amount; values below zero are rejected."),
])
def test_sl303_a_sign_ruled_out_keeps_the_name_s_lower_bound(name, description):
    (found,) = lint_tool(obj(**{name: {"type": "number", "description": description}}), "SL303")
    assert found.fix.safety is FixSafety.UNSAFE and any(o.path.endswith("/minimum") for o in found.fix.operations)


@pytest.mark.parametrize("name, description", [
    ("amount", "The integer amount in cents (or local equivalent) to apply to the customer's credit balance."),
    ("amount", "Amount of the ledger entry, in the account's currency."),
    ("amount", "The amount to adjust the wallet by, in cents."),
    ("fee", "Fee to debit from or credit to the merchant account."),
    ("credit_amount", "In cents."),
    ("quantity", "Units to adjust the stock level by."),
    ("quantity_delta", "Units."),
])
def test_sl303_a_number_applied_to_a_balance_gets_only_a_suggested_lower_bound(name, description):
    """A credit or a correction is negative though the words do not say "negative":
    `minimum: 0` on Stripe's customer balance `amount` rejects every credit."""
    (found,) = lint_tool(obj(**{name: {"type": "integer", "description": description}}), "SL303")
    assert found.fix.safety is FixSafety.SUGGESTION and "balance" in found.fix.description


@pytest.mark.parametrize("name, description", [
    ("amount", "The amount to charge to the credit card, in cents."),
    ("quantity", "Units to order."),
    ("count", "Number of ledger entries to return."),       # a count is never below zero
    ("base_price", "The base price of the product before dynamic adjustments."),
])
def test_sl303_a_payment_or_a_count_near_those_words_keeps_the_name_s_lower_bound(name, description):
    (found,) = lint_tool(obj(**{name: {"type": "integer", "description": description}}), "SL303")
    assert found.fix.safety is FixSafety.UNSAFE and any(o.path.endswith("/minimum") for o in found.fix.operations)


@pytest.mark.parametrize("name, description", [
    ("limit", "Results per page, e.g. 250."),
    ("page_size", "How many records to return; the service caps pages at 1,000 records."),
    ("percent", "Share of the quota, in basis points (10000 = all of it)."),
])
def test_sl303_suggests_no_conventional_maximum_below_a_number_the_words_name(name, description):
    (found,) = lint_tool(obj(**{name: {"type": "integer", "minimum": 0, "description": description}}), "SL303")
    assert not any(op.path.endswith("/maximum") and op.value == 100 for op in (found.fix.operations if found.fix else ()))


def test_sl303_still_suggests_the_conventional_maximum_where_no_larger_number_is_named():
    (found,) = lint_tool(obj(limit={"type": "integer", "minimum": 1, "description": "Results per page (see 2 examples)."}),
                         "SL303")
    assert found.fix.safety is FixSafety.SUGGESTION and found.fix.operations[0].value == 100


@pytest.mark.parametrize("description", [
    "The maximum number of results. A value of 0 indicates no limit.",
    "Maximum number of entries. The API throws a BadRequestError for values lower than 0.",
    "Results per page; -1 returns every result.",
])
def test_a_name_gives_no_lower_bound_above_a_number_the_words_name(description):
    """The name's obvious bound (`minimum: 1` of a limit) would refuse a value the words may
    offer: the finding stays, with no lower bound proposed."""
    (found,) = lint_tool(obj(results_limit={"type": "integer", "description": description}), "SL303")
    assert not [o for o in (found.fix.operations if found.fix else ()) if o.path.endswith("/minimum")]


@pytest.mark.parametrize("description, kind", [
    ("Percentage of the budget to allocate.", "percentage"),
    ("The discount percentage.", "percentage"),
    ("Discount as a percentage of the price.", "percentage"),
    # A percentage the value leads to is not the value: a year is no percentage.
    ("The season (year) you want to find winning percentage for.", None),
    ("Year for which to compute the approval percentage.", None),
])
def test_sl303_a_description_makes_a_percentage_only_of_the_value_itself(description, kind):
    found = lint_tool(obj(season={"type": "integer", "description": description}), "SL303")
    assert [f.message.split(" ")[0] for f in found] == ([kind] if kind else [])


@pytest.mark.parametrize("name, description, reported", [
    ("age", "Age of the applicant in years.", True),
    ("min_age", "Youngest age of the audience.", True),
    ("patient_age", "Age of the patient in days.", True),
    # How old data may be: a duration, with no upper bound by nature.
    ("maxAge", "Maximum age in milliseconds of cached content to accept.", False),
    ("max_age_seconds", "How stale a result may be.", False),
    ("maxAge", "Cached pages younger than this are served from the cache.", False),
])
def test_sl303_an_age_of_data_is_no_persons_age(name, description, reported):
    found = lint_tool(obj(**{name: {"type": "integer", "description": description}}), "SL303")
    assert bool(found) is reported


@pytest.mark.parametrize("description, offers_no_limit", [
    ("Max results. 0 means no limit.", True),
    ("Max results; -1 for unlimited.", True),
    ("Max results, without any upper limit.", True),
    ("Max results to return.", False),
])
def test_sl303_suggests_no_conventional_maximum_where_the_words_offer_no_limit(description, offers_no_limit):
    (finding,) = lint_tool(obj(max_results={"type": "integer", "minimum": 0, "description": description}), "SL303")
    suggested = finding.fix is not None and finding.fix.safety is FixSafety.SUGGESTION
    assert suggested is not offers_no_limit
    assert ("offers no limit" in finding.message) is offers_no_limit


def test_sl303_and_sl403_read_no_bound_the_words_give_a_neighbouring_property():
    """"Page number, starting at 1; page_size is at most 100" gave `page` a `maximum: 100`;
    "Results to return. Combine with offset (max 10000)" a limit its offset's."""
    schema = obj(page={"type": "integer", "description": "Page number, starting at 1; page_size is at most 100."},
                 page_size={"type": "integer"},
                 limit={"type": "integer", "description": "Results to return. Combine with offset (max 10000)."},
                 offset={"type": "integer"})
    (page,) = lint_tool(schema, "SL403")
    assert page.pointer.endswith("/page") and [op.value for op in page.fix.operations] == [1]
    limit = next(d for d in lint_tool(schema, "SL303") if d.pointer.endswith("/limit"))
    assert limit.fix is None or all(op.path.endswith("/minimum") for op in limit.fix.operations)
