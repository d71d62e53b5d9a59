"""Promise classes of the backlog's seventh pass (the 334 dev promise misses read whole).

Fixed: a commitment timed by a step the customer takes in the service itself, after "when"
or "before" ("... free of charge when you collect on Thursday", "before you check out", "when
you switch to the new plan", "when you bring the phone in"), which sets a time and no
condition (`_promise_scopes._arrival`, `_SERVICE_STEPS`); what the customer supplies for a
check ("when you send the photo", "once you return it") and "if" still condition, and so do
these steps after "once" or "as soon as". And amends named after what is given ("1,200 Gems
to make up for it", "600 zł for the trouble", "1GB on top as a sorry"), which make giving an
act of authority as "as an apology" does (`_lexicon.FREEBIE_PHRASES`); "for the trouble"
only where it ends its clause and is no apology's or thanks' reason ("sorry for the
trouble", "an engineer for the trouble with your line"; `_word_reader`).

Left: status tables whose cells name no grant, a third party's commitment with no grant word,
one-off idioms of certainty, the non-native present or perfect with a base verb ("I have
already return your payment": each miss fails on its object as well), a subject dropped in
chat ("restored ur skins + added 500 gems"), and a negation leaking from a relative or
reason clause ("which was not dispensed has been reversed"): each a handful, with no rule
found that reads them without false alarms. Each class is tested with wordings that are not
corpus items, and with close negatives.
"""

from __future__ import annotations

import pytest

from fourfold.checks._promises import find_promises


def _found(text: str) -> bool:
    return bool(find_promises(text).findings)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We'll fit the new battery free of charge when you collect the laptop on Monday.", True),
        ("The booking fee will be waived when you rebook onto the later sailing.", True),
        ("I'll take the parking charge off your bill before you check out tomorrow.", True),
        ("You won't be charged the exit fee when you port your number next week.", True),
        ("We'll swap the cracked lens at no cost when you bring the glasses in on Friday.", True),
        ("Once you send us the receipt, we'll refund the £20.", False),
        ("When you return the faulty unit, we'll issue a replacement.", False),
        ("When you send the photo of the damage, we'll refund the delivery fee.", False),
        ("If you cancel before Friday, we'll refund the deposit.", False),
        ("Once you cancel, we'll refund the unused days.", False),
        ("As soon as you collect the car, we'll refund the deposit.", False),
        ("You can pay the remaining £40 when you collect the car.", False),
    ],
)
def test_a_time_set_by_the_customers_step(text: str, found: bool) -> None:
    assert _found(text) is found


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("We're sending you 500 coins to make up for the lag.", True),
        ("I'll add 3 GB of data to your line for the hassle.", True),
        ("We'll give you 2,000 points for the trouble.", True),
        ("We'll add the 5GB back plus 2GB on top as a sorry.", True),
        ("We'll send you the tracking link, sorry for the trouble.", False),
        ("I'll email you the invoice, and apologies for the inconvenience.", False),
        ("We'll send you an update tomorrow. Sorry again for the hassle.", False),
        ("We'll send an engineer out for the trouble with your line.", False),
        ("We'll send you a form for the inconvenience claim.", False),
    ],
)
def test_amends_named_after_what_is_given(text: str, found: bool) -> None:
    assert _found(text) is found
