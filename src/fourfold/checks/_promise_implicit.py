"""The rules for grants told with the agent's act left implicit, gathered for `_promises`.

Round 117 of the corpus told what authority does from where the customer stands, with no one
named as doing it: a charge that no longer stands (`_promise_standing`), a sum paid to the
customer's account (`_promise_payouts`), money on its way to them (`_promise_arriving`), a
thing of theirs sent or made free (`_promise_free_things`), a price of theirs cut or held
(`_promise_prices`), a loss that cannot happen (`_promise_certainties`), something better at
the same price (`_promise_same_price`), a decision not to charge (`_promise_decisions`), a
charge said not made (`_promise_unapplied`, round 128; one that reverses by itself, round
255), an arrival in the present made
certain (`_promise_present_sure`, round 132), a chat reply's shapes (`_promise_chat`, round
135), a grant told deep in a staff e-mail (`_promise_staff`, round 133), an undertaking with a
verb read otherwise or a fronted frame (`_promise_undertakings`, round 139), a loss said not
to come (`_promise_no_loss`, round 139), a label's value naming an upgrade's target
(`_promise_label_values`, round 139), a settlement in a formal letter's words
(`_promise_settlements`, round 145), a grant or certainty told in a saying
(`_promise_sayings`, round 151), a fee taken off the customer's record in the present passive
(`_promise_removed`, round 153), a gesture handed over with "please accept"
(`_promise_accepted`, round 161), a rate named for the favour it does (`_promise_favour_rates`,
round 165), a grant told by "we" in the present simple
(`_promise_present_grants`, round 169), a loss ruled out by an assurance or in the present
progressive (`_promise_assured_losses`, round 195), a price of the customer's told lower by
its figures (`_promise_lowered`, round 210), a claim or a return told approved in a headline
(`_promise_approved`, round 219), a grant told by where it rests or goes, or whose it is to
pay (`_promise_results`, round 225), money said not to leave the customer's account
(`_promise_kept_money`, rounds 219 and 225), a remedy named free in a verbless note
(`_promise_verbless`, rounds 219 and 225), a cost said to rest with us
(`_promise_costs_taken`, round 239), a sum the speaker commits to send "you"
(`_promise_sums_sent`, round 247), an act of authority carried out by a light verb
(`_promise_carried_out`, round 245), a move of the customer's at the price they paid
(`_promise_kept_rate`, round 251), a state held for certain or a forecast sealed as sure
(`_promise_sure_states`, round 251), a grant an act of ours came with
(`_promise_with_grants`, round 269), a status line's or table row's charge and the value
that gives it (`_promise_cells`, the dev split's backlog), a grant in the value of a label
naming the agent's own step (`_promise_own_steps`, the backlog's fifth pass), a charge of
this case taken back in the passive, done now (`_promise_taken_back`, the fifteenth pass), a
charge or a rise ruled out with a word of certainty (`_promise_sure_nots`, the sixteenth pass),
an outcome made certain by an idiom of certainty anywhere in its sentence
(`_promise_sure_idioms`, the seventeenth pass), a count of a game's or a scheme's tokens
given (`_promise_tokens_given`, the seventeenth pass), a grant ticked off on its line
(`_promise_checked`, the twentieth pass), an act of any verb committed or done at no charge
(`_promise_free_acts`, the twenty-first pass);
and subjects read past an aside (`_promise_asides`).
Each module holds one of these; this one lists their rules, their anchors and their first
tests, so the detector takes them in three names.
"""

from __future__ import annotations

from collections.abc import Callable

from ._guarantees import Shape
from ._promise_accepted import ACCEPTED, may_be_accepted
from ._promise_approved import APPROVED, may_be_approved
from ._promise_arriving import ARRIVING, may_arrive
from ._promise_assured_losses import LOSS_DENIED, may_deny_loss
from ._promise_carried_out import CARRIED_OUT, may_carry_out
from ._promise_cells import CELL_LABELS, may_be_cell
from ._promise_certainties import CERTAIN, may_be_certain
from ._promise_chat import CHAT, may_chat
from ._promise_checked import CHECKED, may_be_checked
from ._promise_costs_taken import COSTS_TAKEN, may_take_cost
from ._promise_decisions import NOT_CHARGING, may_decide
from ._promise_favour_rates import MOVED_ONTO, may_be_moved_onto
from ._promise_free_acts import FREE_ACTS, FreeActReader, may_be_free_act
from ._promise_free_things import FREE_ENDS, may_be_free
from ._promise_kept_money import KEPT_MONEY, may_keep_money
from ._promise_kept_rate import KEPT_RATE, may_keep_rate
from ._promise_label_values import LABEL_VALUES, may_be_label_value
from ._promise_lowered import LOWERED, may_be_lowered
from ._promise_no_loss import NO_LOSS, may_lose_nothing
from ._promise_own_steps import OWN_STEP_ENDS, may_be_own_step
from ._promise_payouts import OFF_BALANCE, PAID_OUT, may_be_off_balance, may_pay_out
from ._promise_present_grants import PRESENT_GRANTS, may_grant_now
from ._promise_present_sure import LANDING, may_land
from ._promise_prices import PRICED, may_price
from ._promise_removed import REMOVED, may_be_removed
from ._promise_results import RESULTS, may_be_result
from ._promise_same_price import NO_COST_ENDS, SAME, may_be_no_cost, may_be_same_price
from ._promise_sayings import SAYINGS, may_say
from ._promise_settlements import SETTLED, may_settle
from ._promise_staff import STAFF, may_be_staff
from ._promise_standing import GONE, REVERSING, STANDING, may_be_gone, may_reverse, may_stand
from ._promise_sums_sent import SUMS_SENT, may_send_sum
from ._promise_sure_idioms import SURE_IDIOMS, may_be_sure_idiom
from ._promise_sure_nots import SURE_NOTS, may_be_sure_not
from ._promise_sure_states import SURE_STATES, may_be_sure_state
from ._promise_taken_back import TAKEN_BACK, may_be_taken_back
from ._promise_tokens_given import TOKENS, may_give_tokens
from ._promise_unapplied import UNAPPLIED, may_be_unapplied
from ._promise_undertakings import UNDERTAKING, may_undertake
from ._promise_verbless import VERBLESS, may_be_verbless
from ._promise_with_grants import WITH_GRANTS, may_come_with

__all__ = ["IMPLICIT_ANCHORS", "IMPLICIT_RULES", "ImplicitReader", "may_match_implicit"]


class ImplicitReader(FreeActReader):
    """Every rule of the modules above (the last of them reads with all the others)."""


_Implicit = Callable[[ImplicitReader, int, str], "Shape | None"]

IMPLICIT_RULES: tuple[tuple[_Implicit, frozenset[str]], ...] = (
    (ImplicitReader._no_longer, STANDING),
    (ImplicitReader._not_there, STANDING),
    (ImplicitReader._paid_out, PAID_OUT),
    (ImplicitReader._arriving, ARRIVING),
    (ImplicitReader._will_be_back, ARRIVING),
    (ImplicitReader._receive_sum, ARRIVING),
    (ImplicitReader._sent_free, FREE_ENDS),
    (ImplicitReader._now_free, FREE_ENDS),
    (ImplicitReader._got_free, FREE_ENDS),
    (ImplicitReader._gift_of_theirs, FREE_ENDS),
    (ImplicitReader._price_cut, PRICED),
    (ImplicitReader._price_held, PRICED),
    (ImplicitReader._come_to_nothing, PRICED),
    (ImplicitReader._no_case, CERTAIN),
    (ImplicitReader._assured_not, CERTAIN),
    (ImplicitReader._never_again, CERTAIN),
    (ImplicitReader._told_for_sure, CERTAIN),
    (ImplicitReader._same_price, SAME),
    (ImplicitReader._better_at_no_cost, NO_COST_ENDS),
    (ImplicitReader._decided_not_to_charge, NOT_CHARGING),
    (ImplicitReader._bill_gone, GONE),
    (ImplicitReader._reverses, REVERSING),
    (ImplicitReader._off_balance, OFF_BALANCE),
    (ImplicitReader._not_applied, UNAPPLIED),
    (ImplicitReader._lands_surely, LANDING),
    (ImplicitReader._chat_promise, CHAT),
    (ImplicitReader._staff_grant, STAFF),
    (ImplicitReader._undertaking, UNDERTAKING),
    (ImplicitReader._no_loss_rule, NO_LOSS),
    (ImplicitReader._upgraded_value, LABEL_VALUES),
    (ImplicitReader._settled, SETTLED),
    (ImplicitReader._said, SAYINGS),
    (ImplicitReader._removed_now, REMOVED),
    (ImplicitReader._accepted, ACCEPTED),
    (ImplicitReader._moved_onto, MOVED_ONTO),
    (ImplicitReader._present_grant, PRESENT_GRANTS),
    (ImplicitReader._assured_no_loss, LOSS_DENIED),
    (ImplicitReader._not_happening_again, LOSS_DENIED),
    (ImplicitReader._lower_than, LOWERED),
    (ImplicitReader._brought_down, LOWERED),
    (ImplicitReader._cheaper_by, LOWERED),
    (ImplicitReader._approved_headline, APPROVED),
    (ImplicitReader._resting, RESULTS),
    (ImplicitReader._going_onto, RESULTS),
    (ImplicitReader._ours_to_cover, RESULTS),
    (ImplicitReader._sum_given_back, RESULTS),
    (ImplicitReader._money_kept, KEPT_MONEY),
    (ImplicitReader._verbless_free, VERBLESS),
    (ImplicitReader._cost_taken, COSTS_TAKEN),
    (ImplicitReader._sum_sent, SUMS_SENT),
    (ImplicitReader._carried_out, CARRIED_OUT),
    (ImplicitReader._kept_rate, KEPT_RATE),
    (ImplicitReader._surely_held, SURE_STATES),
    (ImplicitReader._sealed_sure, SURE_STATES),
    (ImplicitReader._came_with, WITH_GRANTS),
    (ImplicitReader._cost_cell, CELL_LABELS),
    (ImplicitReader._own_step_grant, OWN_STEP_ENDS),
    (ImplicitReader._taken_back, TAKEN_BACK),
    (ImplicitReader._surely_not, SURE_NOTS),
    (ImplicitReader._sure_idiom, SURE_IDIOMS),
    (ImplicitReader._tokens_given, TOKENS),
    (ImplicitReader._checked_grant, CHECKED),
    (ImplicitReader._free_act, FREE_ACTS),
)
"""Each rule, tried after the detector's older ones, and the words it can anchor at."""

IMPLICIT_ANCHORS = (
    STANDING
    | PAID_OUT
    | ARRIVING
    | FREE_ENDS
    | PRICED
    | CERTAIN
    | SAME
    | NO_COST_ENDS
    | NOT_CHARGING
    | GONE
    | REVERSING
    | OFF_BALANCE
    | UNAPPLIED
    | LANDING
    | CHAT
    | STAFF
    | UNDERTAKING
    | NO_LOSS
    | LABEL_VALUES
    | SETTLED
    | SAYINGS
    | REMOVED
    | ACCEPTED
    | MOVED_ONTO
    | PRESENT_GRANTS
    | LOSS_DENIED
    | LOWERED
    | APPROVED
    | RESULTS
    | KEPT_MONEY
    | VERBLESS
    | COSTS_TAKEN
    | SUMS_SENT
    | CARRIED_OUT
    | KEPT_RATE
    | SURE_STATES
    | WITH_GRANTS
    | CELL_LABELS
    | OWN_STEP_ENDS
    | TAKEN_BACK
    | SURE_NOTS
    | SURE_IDIOMS
    | TOKENS
    | CHECKED
    | FREE_ACTS
)
"""Every word a rule above anchors at (and none can match without)."""

_FIRST_TESTS: tuple[tuple[frozenset[str], Callable[[list[str], int], bool]], ...] = (
    (STANDING, may_stand),
    (PAID_OUT, may_pay_out),
    (ARRIVING, may_arrive),
    (FREE_ENDS, may_be_free),
    (PRICED, may_price),
    (CERTAIN, may_be_certain),
    (SAME, may_be_same_price),
    (NO_COST_ENDS, may_be_no_cost),
    (NOT_CHARGING, may_decide),
    (GONE, may_be_gone),
    (REVERSING, may_reverse),
    (OFF_BALANCE, may_be_off_balance),
    (UNAPPLIED, may_be_unapplied),
    (LANDING, may_land),
    (CHAT, may_chat),
    (STAFF, may_be_staff),
    (UNDERTAKING, may_undertake),
    (NO_LOSS, may_lose_nothing),
    (LABEL_VALUES, may_be_label_value),
    (SETTLED, may_settle),
    (SAYINGS, may_say),
    (REMOVED, may_be_removed),
    (ACCEPTED, may_be_accepted),
    (MOVED_ONTO, may_be_moved_onto),
    (PRESENT_GRANTS, may_grant_now),
    (LOSS_DENIED, may_deny_loss),
    (LOWERED, may_be_lowered),
    (APPROVED, may_be_approved),
    (RESULTS, may_be_result),
    (KEPT_MONEY, may_keep_money),
    (VERBLESS, may_be_verbless),
    (COSTS_TAKEN, may_take_cost),
    (SUMS_SENT, may_send_sum),
    (CARRIED_OUT, may_carry_out),
    (KEPT_RATE, may_keep_rate),
    (SURE_STATES, may_be_sure_state),
    (WITH_GRANTS, may_come_with),
    (CELL_LABELS, may_be_cell),
    (OWN_STEP_ENDS, may_be_own_step),
    (TAKEN_BACK, may_be_taken_back),
    (SURE_NOTS, may_be_sure_not),
    (SURE_IDIOMS, may_be_sure_idiom),
    (TOKENS, may_give_tokens),
    (CHECKED, may_be_checked),
    (FREE_ACTS, may_be_free_act),
)


def may_match_implicit(words: list[str], i: int) -> bool:
    """Whether a rule above can match at `i` (`_promises.may_match`): its first tests."""
    w = words[i]
    return any(w in anchors and test(words, i) for anchors, test in _FIRST_TESTS)
