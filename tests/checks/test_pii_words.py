"""The words around a number that make it a phone number or an identifier (`_pii_words`).

Classes found by the third phone round (``"round": 12`` in tests/data/policy/phone.jsonl:
numbers introduced in thirteen languages, in Markdown and links, beside other numbers);
each tested with wordings that are not corpus items, and with the same digits where the
words make them something else.
"""

from __future__ import annotations

import pytest

from fourfold.checks._pii import find_pii


def phones(text: str) -> list[str]:
    return [m.text for m in find_pii(text, ["phone"])]


def emails(text: str) -> list[str]:
    return [m.text for m in find_pii(text, ["email"])]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Chiamaci al 800 555 123 dalle 9 alle 18.", ["800 555 123"]),
        ("Infolinia: 801 555 123 (pon.–pt.)", ["801 555 123"]),
        ("Zadzwoń pod numer 22 555 12 34, pomożemy.", ["22 555 12 34"]),
        ("Pode ligar-nos para o 213 555 789 à tarde.", ["213 555 789"]),
        ("Zavolejte nám na číslo 222 555 444.", ["222 555 444"]),
        ("Τηλ.: 2310 555123", ["2310 555123"]),
        ("اتصل على 920055555 في أي وقت", ["920055555"]),
        ("请拨打 139 0000 1234 联系我们", ["139 0000 1234"]),
        ("Zalo: 0908.555.123", ["0908.555.123"]),
        ("कृपया 98765 12345 पर कॉल करें", ["98765 12345"]),
        ("Call karo 98765 12345, hum help karenge.", ["98765 12345"]),
        ("Hubungi kami di 0812 5555 1234.", ["0812 5555 1234"]),
        ("Telefon 040.5551234, Fax 040.5551235", ["040.5551234", "040.5551235"]),
        ("Our old line 888/555-0147 still rings here.", ["888/555-0147"]),
    ],
)
def test_a_phone_word_in_another_language_introduces_a_number(text: str, found: list[str]) -> None:
    assert phones(text) == found


@pytest.mark.parametrize(
    "text",
    [
        "Ihre Kundennummer 0171 5551234 bitte bei jeder Anfrage angeben.",
        "Il numero dell'ordine è 02 5555 1234.",
        "Numero paziente 347 555 4567, porti il referto.",
        "Ο αριθμός παραγγελίας σας είναι 210 555 4567.",
        "رقم طلبك هو 050 555 4567",
        "Mã đơn hàng 0908 555 123 đã giao.",
        "Numéro de dossier 01 23 45 67 89 à rappeler.",
        "Firmware 1.800.555.0123 fixes the drop-outs.",
        "Use 800-555-0123-XL for the large size.",
        "Your number 3174 0512 3456 0001 is verified.",
        "Pay to CZ65 0800 0000 1920 0014 5399 by Friday.",
        "IBAN NL91 ABNA 0417 1643 00, BIC ABNANL2A.",
    ],
)
def test_the_same_digits_as_an_identifier_are_no_phone(text: str) -> None:
    assert phones(text) == []


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # a customer service line is a phone line in every language
        ("Service client : 01 23 45 67 89", ["01 23 45 67 89"]),
        ("Servizio clienti: 02 5555 1234", ["02 5555 1234"]),
        # a bare run of digits is a phone number only after a phone word, and from 8 digits
        ("[020 7946 0958](tel:02079460958)", ["020 7946 0958", "02079460958"]),
        ("Call 02079460958 after six.", ["02079460958"]),
        ("Order 02079460958 has shipped.", []),
        ("Call 1234567 for the lift.", []),
    ],
)
def test_phone_lines_and_bare_runs(text: str, found: list[str]) -> None:
    assert phones(text) == found


@pytest.mark.parametrize(
    ("text", "found_phones", "found_emails"),
    [
        ("Hotline: __020 7946 0958__", ["020 7946 0958"], []),
        ("Call _0161 496 0555_ today.", ["0161 496 0555"], []),
        ("Mail: _help@shop.example_", [], ["help@shop.example"]),
        ("Mail: **help@shop.example**", [], ["help@shop.example"]),
        ("Write to bob@example.com_old, not the new one.", [], []),
    ],
)
def test_markdown_emphasis_around_a_number_or_an_address(
    text: str, found_phones: list[str], found_emails: list[str]
) -> None:
    assert phones(text) == found_phones
    assert emails(text) == found_emails


# The fourteenth round (``"round": 14``): a number listed right after a phone number, and a
# phone label with words or a bracket of its own before its colon.


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Ring +65 6000 1234, or 6000 1235 from inside Singapore.", ["+65 6000 1234", "6000 1235"]),
        ("Lines: 020 7946 0111 / 3300 4455 (weekends)", ["020 7946 0111", "3300 4455"]),
        ("Call +45 33 12 34 56 and 44 55 66 77.", ["+45 33 12 34 56", "44 55 66 77"]),
        ("Toll-free within the UAE: 800 555 01.", ["800 555 01"]),
        ("Phone (Singapore): 6555 0199", ["6555 0199"]),
        ("WhatsApp (Mon to Fri): 9123 4567", ["9123 4567"]),
        ("Freephone from a mobile: 3300 1234", ["3300 1234"]),
    ],
)
def test_a_number_listed_after_a_phone_or_after_a_qualified_label(
    text: str, found: list[str]
) -> None:
    assert phones(text) == found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        # not joined to the phone number as the next of a list
        ("Call +65 6000 1234 and quote 6000 1235.", ["+65 6000 1234"]),
        ("Call +65 6000 1234, order 6000 1235 is on its way.", ["+65 6000 1234"]),
        ("Call +65 6000 1234 about invoice 6000 1235.", ["+65 6000 1234"]),
        # a date in groups, year first or last
        ("Call 0161 496 0000, 2024 12 03 is the day.", ["0161 496 0000"]),
        ("Call 0161 496 0000, 03 12 2024 is the day.", ["0161 496 0000"]),
        ("Tel: 2024 12 03", []),
        # an identifier after the phone number
        ("Call +65 6000 1234, ref 6000 1235.", ["+65 6000 1234"]),
        # 'line' is no phone label with words before its colon
        ("Line total for order two: 6000 1235", []),
        # a three-digit emergency or service number is not personal data
        ("If anyone is hurt, call 999 straight away.", []),
        ("Dial 112 first, then ring us on 0161 496 0000.", ["0161 496 0000"]),
        ("For anything life-threatening call triple zero (000).", []),
    ],
)
def test_a_number_not_listed_after_a_phone(text: str, found: list[str]) -> None:
    assert phones(text) == found
