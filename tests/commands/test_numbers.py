"""Numbers on a command line are checked against their declared bounds as they are parsed, and
a refusal says what the bounds allow."""

from __future__ import annotations

import argparse

import pytest

from trainer.commands import Real, Whole
from trainer.commands.numbers import shown


@pytest.mark.parametrize(("kind", "text", "value"), [
    (Whole(1, 10), "1", 1), (Whole(1, 10), " 10 ", 10), (Whole(-10, 10), "-10", -10),
    (Whole(0), "+7", 7), (Real(0, 1), "0", 0.0), (Real(0, 1), "1", 1.0),
    (Real(0, None, above=True), "1e-9", 1e-9), (Real(0.05, 60), "0.05", 0.05)])
def test_a_number_within_its_bounds_is_taken(kind: Whole | Real, text: str,
                                             value: float) -> None:
    assert kind(text) == value


@pytest.mark.parametrize(("kind", "text", "message"), [
    (Whole(1, 10), "0", "0 is out of range: give a whole number from 1 to 10"),
    (Whole(1, 10), "11", "11 is out of range: give a whole number from 1 to 10"),
    (Whole(1, 10), "2.5", "'2.5' is not a whole number: give a whole number from 1 to 10"),
    (Whole(1, 10), "many", "'many' is not a whole number"),
    (Whole(0, 2**32 - 1), "-1", "give a whole number from 0 to 4,294,967,295"),
    (Whole(1), "0", "give a whole number of at least 1"),
    (Whole(1, 10), "9" * 5000, "is out of range: give a whole number from 1 to 10"),
    (Real(0, 1e12, above=True), "inf", "inf is out of range: give a number more than 0 and at "
                                       "most 1,000,000,000,000"),
    (Real(0, 1e12, above=True), "-inf", "-inf is out of range"),
    (Real(0, 1e12, above=True), "0", "0 is out of range: give a number more than 0"),
    (Real(0, 1e12, above=True), "nan", "'nan' is not a number: give a number more than 0"),
    (Real(0, 1), "1e999", "1e999 is out of range: give a number from 0 to 1"),
    (Real(0.01, 1e9), "1e-300", "1e-300 is out of range: give a number from 0.01 to "
                                "1,000,000,000"),
    (Real(0, 1, below=True), "1", "give a number of at least 0 and less than 1"),
    (Real(0, 1), "lots", "'lots' is not a number: give a number from 0 to 1")])
def test_a_number_outside_is_refused_with_what_the_bounds_allow(kind: Whole | Real, text: str,
                                                                message: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError) as caught:
        kind(text)
    assert message in str(caught.value)


def test_bounds_are_shown_as_a_reader_writes_them() -> None:
    assert [shown(x) for x in (1e12, 0.05, 25.0, -10, 2**32 - 1)] == [
        "1,000,000,000,000", "0.05", "25", "-10", "4,294,967,295"]
