"""The certifier against a brute force through the engine's own moves, on small endings; and
``check --write`` completing a hand-written half puzzle for each game."""

import random

import pytest

from tutor import games, puzzles
from tutor.cli import main
from tutor.puzzles import GoalSpec, Puzzle
from tutor.puzzles.certify import card_classes
from tutor.puzzles.mine import candidate


# ---------------------------------------------------------------- brute force on the engine
def _side(state, hero):
    if state.game == "euchre":
        return {s for s in state.active_seats if s % 2 == hero % 2} if state.players == 4 \
            else {hero}
    if state.game == "raub":
        d = state.declarer
        return {d} if hero == d else {s for s in state.active_seats if s != d}
    if state.game == "clabber":
        return {s for s in range(state.players) if state.side(s) == state.side(hero)}
    return {hero}


def _final(state, start, hero):
    """The hand's value for the hero's side, read off the engine at the end."""
    if state.game in ("euchre", "raub"):
        return sum(state.tricks_won[s] for s in _side(state, hero))
    if state.game == "clabber":
        side = state.side(hero)
        return state.card_points_by_side()[side] - start.card_points_by_side()[side]
    return state.result().points[hero]


def brute(state, start, hero, minimise):
    """Plain minimax over state.legal_actions() with push/undo."""
    if state.to_move is None:
        return _final(state, start, hero)
    mine = state.to_move in _side(state, hero)
    values = []
    for a in state.legal_actions():
        state.push(a)
        values.append(brute(state, start, hero, minimise))
        state.undo()
    good = min if minimise else max
    bad = max if minimise else min
    return good(values) if mine else bad(values)


def brute_moves(state, hero, minimise):
    start = state.copy()
    out = {}
    for a in state.legal_actions():
        state.push(a)
        out[str(a)] = brute(state, start, hero, minimise)
        state.undo()
    return out


def brute_classes(state, moves, ok):
    """Equivalent cards from the engine's rank order: one hand, one effective suit, no live
    card of another hand or of the trick between them, the same outcome."""
    rules = state.trick_rules
    hand = state.hands[state.to_move]
    live = [c for s in state.active_seats for c in state.hands[s]] + [c for _, c in state.trick]
    legal = [str(a)[5:] for a in state.legal_actions()]
    from tutor.cards import parse_card
    cards = sorted((parse_card(c) for c in legal), key=lambda c: (rules.suit_of(c).value,
                                                                  rules.order[c]))
    groups = []
    for c in cards:
        if groups:
            p = groups[-1][-1]
            between = [x for x in live if x not in hand and rules.suit_of(x) == rules.suit_of(c)
                       and rules.order[p] < rules.order[x] < rules.order[c]]
            if (rules.suit_of(p) == rules.suit_of(c) and not between
                    and moves[f"play {p}"] == moves[f"play {c}"]
                    and ok(moves[f"play {p}"]) == ok(moves[f"play {c}"])):
                groups[-1].append(c)
                continue
        groups.append([c])
    return sorted(sorted(str(c) for c in g) for g in groups)


CASES = [("euchre", 3), ("raub", 3), ("clabber", 3), ("lora", 3)]


@pytest.mark.parametrize("game,k", CASES)
def test_move_values_and_classes_match_a_brute_force(game, k):
    checked = 0
    for i in range(40):
        contract = "minimum" if game == "lora" and i % 2 else ("queens" if game == "lora"
                                                                else None)
        state, hero = candidate(game, i, seed=11, cards=k, contract=contract)
        if state is None:
            continue
        half = puzzles.from_moment(state, hero)
        st = half.start_state()
        minimise = game == "lora"
        bf = brute_moves(st.copy(), hero, minimise)
        judged = puzzles.move_values(half, st)
        assert {str(j.action): j.value for j in judged} == bf
        best = (min if minimise else max)(bf.values())
        assert best == half.goal.target
        ok = (lambda v: v <= best) if minimise else (lambda v: v >= best)
        assert {str(j.action): j.ok for j in judged} == {a: ok(v) for a, v in bf.items()}
        ours = sorted(sorted(str(j.action)[5:] for j in cls) for cls in card_classes(st, judged))
        assert ours == brute_classes(st, bf, ok)
        # certified puzzles: one winning class; every refutation reaches the wrong card's value
        cert = puzzles.certify(half)
        if cert.ok:
            d = cert.decisions[0]
            assert len(d.winners) == 1
            for cls in d.classes:
                if cls[0].ok:
                    continue
                line = d.refutations[str(cls[0].action)[5:]]
                end = d.state.copy()
                for a in line:
                    end.apply(a)
                assert end.is_over
                assert _final(end, half.start_state(), hero) == cls[0].value
        checked += 1
    assert checked >= 20


def test_raub_dd1_from_the_rules_file():
    """Rules 24.5 DD1: K♣ is the only winning lead, then 7♣ the only second lead."""
    state = games.position("raub", hands={0: "QH 7D KC 7C", 1: "JS AH KD 8C"}, trump="H",
                           declarer=0)
    half = puzzles.from_moment(state, 0, preset="declarer_makes")
    cert = puzzles.certify(half)
    assert cert.ok, cert.report()
    assert [d.play for d in cert.decisions] == ["play KC", "play 7C"]
    first = cert.decisions[0]
    assert sorted(str(c[0].action) for c in first.classes if not c[0].ok) == [
        "play 7C", "play 7D", "play QH"]
    assert first.reply == ("play 8C",)


def test_two_winning_classes_are_not_certified():
    state = games.position("euchre", hands={0: "JH AH TS", 1: "9H QS KS", 2: "JD 9C TC",
                                            3: "AS KC QC"}, trump="H", leader=0, maker=0,
                           tricks_won={0: 1, 1: 1})
    half = puzzles.from_moment(state, 0, target=3)     # two tricks more: any card does it
    cert = puzzles.certify(half)
    assert not cert.ok and "no decision" in cert.report()


HALF = {
    "euchre": '''
[[puzzle]]
id = "half-euchre"
game = "euchre"
hero = 0
goal = { text = "", target = 4 }
position = { trump = "H", leader = 0, maker = 0, tricks_won = { 0 = 1, 1 = 1 }, hands = { 0 = "JH AH TS", 1 = "9H QS KS", 2 = "JD 9C TC", 3 = "AS KC QC" } }
''',
    "raub": '''
[[puzzle]]
id = "half-raub"
game = "raub"
hero = 0
goal = { text = "Take the two tricks you need.", target = 2 }
position = { trump = "H", declarer = 0, hands = { 0 = "QH 7D KC 7C", 1 = "JS AH KD 8C" } }
''',
    "clabber": '''
[[puzzle]]
id = "half-clabber"
game = "clabber"
hero = 0
goal = { text = "", target = 63 }
position = { trump = "H", leader = 3, trick = ["KC"], maker = 2, players = 4, hands = { 0 = "QD JH QS", 1 = "TC 9H JS", 2 = "9C TH QH", 3 = "KD KS" } }
''',
    "lora": '''
[[puzzle]]
id = "half-lora"
game = "lora"
hero = 0
goal = { text = "", target = 0 }
position = { contract = "queens", leader = 0, tricks_won = { 0 = 1, 2 = 2, 3 = 2 }, hands = { 0 = "QC JH QH", 1 = "8D QD KS", 2 = "9D TD KH", 3 = "7C 9C QS" } }
''',
}


@pytest.mark.parametrize("game", sorted(HALF))
def test_check_write_completes_a_half_puzzle(game, tmp_path, capsys):
    path = tmp_path / f"{game}.toml"
    path.write_text(HALF[game], encoding="utf-8")
    assert main(["puzzles", "check", str(path)]) == 1          # half-written: not yet
    assert "half-written" in capsys.readouterr().out
    assert main(["puzzles", "check", "--write", str(path)]) == 0
    assert main(["puzzles", "check", str(path)]) == 0
    (p,) = puzzles.load(path)
    assert p.is_certified and p.solution and p.title and p.goal.text and p.explanation
    assert p.difficulty["level"] in range(1, 6)
    for d in p.solution:
        assert len(d.accept) == 1 and len(d.hints) == 3 and d.why
        assert all(w.refutation and w.why for w in d.wrong)
    # the board's walk: the main line is accepted, the defence replies, the goal is reached
    state = p.start_state()
    while state.to_move is not None:
        if state.to_move == p.hero:
            d = p.decision_at(state)
            state.apply(d.play if d else puzzles.best_for_hero(p, state).action)
        else:
            state.apply(puzzles.defence_reply(p, state))
    assert puzzles.is_success(p, state)
    # a wrong card at the first decision is refuted: the goal is lost
    d = p.solution[0]
    if d.wrong:
        wrong = p.start_state()
        for a in d.before:
            wrong.apply(a)
        wrong.apply(f"play {d.wrong[0].cards[0]}")
        assert puzzles.judge(p, wrong) == "failed"


def test_an_edited_position_voids_the_certificate(tmp_path):
    path = tmp_path / "e.toml"
    path.write_text(HALF["raub"], encoding="utf-8")
    assert main(["puzzles", "check", "--write", "--quiet", str(path)]) == 0
    text = path.read_text(encoding="utf-8").replace('need = 2', 'need = 1')
    text = text.replace("target = 2", "target = 1")
    path.write_text(text, encoding="utf-8")
    assert main(["puzzles", "check", str(path)]) == 1


def test_verdicts_on_and_off_the_main_line():
    coll = puzzles.load(__import__("pathlib").Path(__file__).resolve().parents[2]
                        / "puzzles" / "raub")
    p = next(q for q in coll if len(q.solution) >= 2)
    state = p.start_state()
    d = p.solution[0]
    right = puzzles.verdict(p, state, d.play)
    assert right.ok and not right.free and right.why == d.why and right.decision == d
    if d.wrong:
        w = puzzles.verdict(p, state, d.wrong[0].cards[0])
        assert not w.ok and w.refutation == d.wrong[0].refutation and w.why == d.wrong[0].why
    assert puzzles.hints_at(p, state) == d.hints
    # off the main line the solver judges alike: a fresh copy of the tree is not used
    bare = p.with_(solution=())
    again = puzzles.verdict(bare, state, d.play)
    assert again.ok and again.accepted == d.accept and again.decision is None
    if d.wrong:
        w2 = puzzles.verdict(bare, state, d.wrong[0].cards[0])
        assert not w2.ok and w2.cost == d.wrong[0].cost
        assert w2.refutation == d.wrong[0].refutation and "If you" in w2.why
    assert len(puzzles.hints_at(bare, state)) == 3
    assert state.actions == p.start_state().actions        # nothing was played


def test_a_certified_position_is_built_on_its_certificate_and_checked_afresh_by_check(
        tmp_path, capsys, monkeypatch):
    from tutor.games import history
    path = tmp_path / "lora.toml"
    path.write_text(HALF["lora"], encoding="utf-8")
    assert main(["puzzles", "check", "--write", str(path)]) == 0
    searched = []
    search = history._search

    def counted(facts, budget=None):
        searched.append(facts.tricks)
        return search(facts, budget)

    monkeypatch.setattr(history, "_search", counted)
    p = puzzles.load(path)[0]
    assert p.is_certified and searched == []        # its certificate vouches for the position
    p.start_state()
    assert searched == []
    p.with_(certified={}).start_state()             # no certificate: the earlier tricks searched
    assert searched == [5]
    searched.clear()
    assert main(["puzzles", "check", str(path)]) == 0
    assert searched and set(searched) == {5}        # check looks again for itself
    assert "1 of 1 puzzles certified" in capsys.readouterr().out
