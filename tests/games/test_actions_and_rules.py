"""Action strings and Rules resolution, shared by every game."""
from dataclasses import dataclass

import pytest

from tutor import CardError, IllegalAction, RulesError
from tutor.cards import parse_card
from tutor.games.actions import Action, Choose, Discard, Draw, Name, Pass, Play, parse_action
from tutor.games.base import RulesBase, resolve_rules

VERBS = {"play": "card", "pass": None, "name": "suit", "draw": "cards", "choose": "word",
         "order_up": None}


@pytest.mark.parametrize("action", [Play("10H"), Pass(), Name("hearts"), Draw("7C 8D"), Draw(()),
                                    Choose("queens"), Action("order_up")])
def test_canonical_strings_parse_back(action):
    assert parse_action(str(action), VERBS) == action


def test_canonical_forms():
    assert str(Play("10H")) == "play TH"
    assert str(Name("♠")) == "name S"
    assert str(Draw("7C 8D")) == "draw 7C 8D"
    assert str(Discard("9s")) == "discard 9S"
    assert Play("AS").card == parse_card("AS")


def test_lenient_spellings():
    assert parse_action("PLAY 10♥", VERBS) == Play("TH")
    assert parse_action("order up", VERBS) == Action("order_up")
    assert parse_action("order-up", VERBS) == Action("order_up")


@pytest.mark.parametrize("text,fragment", [("jump", "not an action"), ("play", "exactly one card"),
                                           ("play AS KS", "exactly one card"), ("pass now", "takes nothing"),
                                           ("name", "one suit"), ("", "expected an action")])
def test_bad_action_strings(text, fragment):
    with pytest.raises(IllegalAction, match=fragment):
        parse_action(text, VERBS)


def test_bad_card_in_action_is_a_card_error():
    with pytest.raises(CardError, match="'ZZ'"):
        parse_action("play ZZ", VERBS)


@dataclass(frozen=True)
class ToyRules(RulesBase):
    CHOICES = {"deck": ("24", "32")}
    deck: str = "24"
    joker: bool = False
    target: int = 10

    def validate(self):
        if self.joker and self.deck == "32":
            raise RulesError("the Joker goes with the 24-card deck here")


PRESETS = {"big": {"deck": "32"}, "wild": {"joker": True}, "short": {"target": 5},
           "small": {"deck": "24"}}


def test_rules_resolution_from_presets_dicts_and_overrides():
    assert resolve_rules(ToyRules, PRESETS) == ToyRules()
    assert resolve_rules(ToyRules, PRESETS, "big+short") == ToyRules(deck="32", target=5)
    assert resolve_rules(ToyRules, PRESETS, {"target": 7}) == ToyRules(target=7)
    assert resolve_rules(ToyRules, PRESETS, "wild", target=3) == ToyRules(joker=True, target=3)
    rules = ToyRules()
    assert resolve_rules(ToyRules, PRESETS, rules) is rules


@pytest.mark.parametrize("spec,fragment", [
    ("huge", "unknown preset"), ({"colour": 1}, "unknown option 'colour'"),
    ({"deck": "36"}, "not allowed"), ({"joker": "yes"}, "true or false"),
    ({"target": 2.5}, "whole number"), ("big+wild", "Joker goes with"), ("big+small", "disagree"),
    (42, "preset name or a dict")])
def test_bad_rules_are_rejected_with_a_reason(spec, fragment):
    with pytest.raises(RulesError, match=fragment):
        resolve_rules(ToyRules, PRESETS, spec)
