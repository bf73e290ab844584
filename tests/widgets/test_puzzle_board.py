"""The puzzle board driven through the handlers its buttons call, checked against the solver
and the puzzle library; the learner's record goes to a temporary data directory."""

import re

import pytest

from tutor import games, progress, puzzles, solver
from tutor.puzzles import Decision, GoalSpec, Puzzle, Wrong, rating
from tutor.widgets import PuzzleBoard
from tutor.widgets.puzzle_board import SaveAsPuzzle, my_puzzles_path, save_as_puzzle

# North (seat 2) leads; only the J♣ takes two of the last three tricks (checked below).
LEAD = {"hands": {"0": "JS QH 9H", "1": "9S KC TH", "2": "TD JC KD", "3": "TS AC AH"},
        "trump": "H", "leader": 2, "tricks_won": {"NS": 1, "EW": 1}}
# South (seat 0) leads; the 10♠ first keeps all three tricks (North ruffs with the left bower).
CASH = {"hands": {"0": "JH AH TS", "1": "9H QS KS", "2": "JD 9C TC", "3": "AS KC QC"},
        "trump": "H", "leader": 0, "maker": 0, "tricks_won": {"0": 1, "1": 1}}


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_DATA_DIR", str(tmp_path))
    return tmp_path


def lead_puzzle(**changes):
    base = Puzzle(id="t-lead", title="Lead the right club", game="euchre", position=dict(LEAD),
                  hero=2, goal=GoalSpec(text="Your side must take two of the last three tricks.",
                                        target=3),
                  themes=("lead through",), difficulty={"level": 1})
    return base.with_(**changes)


def cash_puzzle(**changes):
    """A puzzle with its solution tree written out (as the certifier writes it)."""
    base = Puzzle(
        id="t-cash", title="The side card first", game="euchre", position=dict(CASH), hero=0,
        goal=GoalSpec(text="Your side must take all of the last three tricks.", target=4),
        solution=(Decision(before=(), seat=0, accept=(("TS",),), play="play TS",
                           reply=("play QS", "play JD", "play AS"),
                           hints=("Which of your cards can wait?", "Trumps keep; side cards do not.",
                                  "Lead the 10♠."),
                           why="North ruffs it and your trumps take the rest.",
                           wrong=(Wrong(cards=("JH",), cost=1,
                                        refutation=("play JH", "play 9H", "play JD", "play QC",
                                                    "play TS", "play KS", "play 9C", "play AS",
                                                    "play KC", "play AH", "play QS", "play TC"),
                                        why="Leading trumps draws North's left bower: the 10♠ "
                                            "then loses to East's A♠."),
                                  Wrong(cards=("AH",), cost=1,
                                        refutation=("play AH", "play 9H", "play JD", "play QC",
                                                    "play 9C", "play KC", "play JH", "play QS",
                                                    "play TS", "play KS", "play TC", "play AS"),
                                        why="North's left bower must fall on your A♥."))),),
        explanation="Play the side card while partner can still ruff it.",
        themes=("ruff", "cash the side winner"), difficulty={"level": 2})
    return base.with_(**changes)


def lead_tree_puzzle():
    """The lead puzzle with a tree whose wrong class is the 10♦ and K♦ (touching cards in the
    live order: no diamond between them is in play), refuted by the library's best play."""
    p = lead_puzzle(id="t-lead-tree")
    after = p.start_state()
    after.apply("play TD")
    line = ("play TD",) + tuple(puzzles.play_out(p, after))
    wrong = Wrong(cards=("TD", "KD"), cost=1, refutation=line, why="The diamond sets up East.")
    return p.with_(solution=(Decision(before=(), seat=2, accept=(("JC",),), play="play JC",
                                      hints=("a", "b", "c"), wrong=(wrong,)),))


def board_for(*items, **options):
    return PuzzleBoard(list(items), **options)


def test_the_positions_are_what_the_puzzles_say():
    lead = lead_puzzle().start_state()
    values = solver.solve(lead, hero=2).moves
    assert [str(a) for a, v in values.items() if v == 3] == ["play JC"]
    cash = cash_puzzle().start_state()
    values = solver.solve(cash, hero=0).moves
    assert {str(a) for a, v in values.items() if v == 4} == {"play TS"}
    for wrong in cash_puzzle().solution[0].wrong:       # each refutation is legal and costs 1
        state = cash_puzzle().start_state()
        assert values[state.parse_action(f"play {wrong.cards[0]}")] == 4 - wrong.cost
        for action in wrong.refutation:
            state.apply(action)
        assert state.is_over and state.tricks_won[0] + state.tricks_won[2] == 4 - wrong.cost


def test_only_the_learners_legal_cards_are_buttons_with_their_action_as_tooltip():
    board = board_for(lead_puzzle())
    assert board.state.to_move == 2
    assert set(board.card_buttons) == {"play JC", "play KD", "play TD"}
    for action, button in board.card_buttons.items():
        assert action in {str(a) for a in board.state.legal_actions()}
        assert button.tooltip == action and "tutor-card" in button._dom_classes
    for button in (board.hint_button, board.retry_button, board.solution_button, board.next_button):
        assert "tutor-action" in button._dom_classes and button.tooltip


def test_a_wrong_card_is_answered_by_the_solvers_best_defence():
    board = board_for(lead_puzzle())
    before = board.state.copy()
    assert board.play("play TD") is False
    assert board.mode == "failed"
    after_wrong = before.copy()
    after_wrong.apply("play TD")
    seat, reply = board.state.actions[len(after_wrong.actions)]
    assert seat == after_wrong.to_move == 3
    values = solver.solve(after_wrong, hero=2).moves
    assert values[reply] == min(values.values())          # East's reply is a refutation
    assert values[reply] < 3
    assert "10♦" in board.message and "short of the two you need" in board.message
    assert "How the defence beats it" in board.static_html()
    assert board.play("play JC") is None and "Retry" in board.message   # refused while failed


def test_retry_from_the_mistake_restores_the_exact_state():
    board = board_for(lead_puzzle())
    snapshot = board.state.snapshot()
    log = list(board.log)
    board.play("play KD")
    assert board.state.snapshot() != snapshot
    assert board.retry() is True
    assert board.state.snapshot() == snapshot and board.log == log
    assert board.mode == "play" and "K♦" in board.message
    assert board.retry() is None and "no mistake" in board.message   # nothing to go back to
    assert board.state.snapshot() == snapshot


def test_the_tree_judges_on_the_main_line_and_its_refutation_is_played():
    board = board_for(cash_puzzle())
    assert board.play("play AH") is False
    tree = cash_puzzle().solution[0].wrong[1]
    # the defence answers along the tree's line until it is North's turn: North is the
    # learner's partner, so the learner would play his cards
    assert [str(a) for _, a in board.state.actions] == ["play AH", "play 9H"]
    assert board.state.to_move == 2
    assert board.message == tree.why
    page = board.static_html()
    assert "you A♥, West 9♥, North J♦, East Q♣: North wins" in page
    assert "you 10♠, West K♠, North 10♣, East A♠: East wins" in page
    assert board.retry() and board.play("play TS") is True
    assert [str(a) for _, a in board.state.actions] == ["play TS", "play QS"]   # West's reply
    assert "North ruffs it" in board.message
    assert board.play("play JD") is True                                         # North's ruff
    assert [str(a) for _, a in board.state.actions][2:] == ["play JD", "play AS"]


def test_a_wrong_cards_twin_follows_the_trees_refutation_with_the_cards_swapped():
    p = lead_tree_puzzle()
    tree = p.solution[0].wrong[0]
    board = board_for(p)
    assert board.play("play KD") is False
    swapped = [{"play TD": "play KD", "play KD": "play TD"}.get(a, a) for a in tree.refutation]
    played = [str(a) for _, a in board.state.actions]
    assert played == swapped[:len(played)] and len(played) >= 2
    check = p.start_state()
    for action in swapped:
        check.apply(action)                    # the swapped line is legal to the end
    assert check.is_over
    assert board.message == "The diamond sets up East."


def test_playing_it_through_solves_it_with_the_explanation():
    board = board_for(cash_puzzle())
    board.play("play TS")
    while board.mode == "play":
        assert board.state.to_move in (0, 2)
        assert board.play(next(iter(board.card_buttons))) is True
    assert board.mode == "solved" and board.state.is_over
    assert board.message.startswith("Solved!")
    assert cash_puzzle().explanation in board.message
    assert puzzles.is_success(cash_puzzle(), board.state)


def test_show_solution_steps_through_the_certified_line():
    board = board_for(cash_puzzle())
    board.play("play JH")
    assert board.show_solution() is True
    assert board.mode == "solution" and board.state.actions == ()
    tree = cash_puzzle().solution[0]
    line = [str(s.action) for s in board.solution_steps]
    assert line[:4] == [tree.play, *tree.reply]
    start = cash_puzzle().start_state()
    for text in line:
        start.apply(text)                 # every step is legal, to the end of the hand
    assert start.is_over and puzzles.is_success(cash_puzzle(), start)
    assert board.step(1) and [str(a) for _, a in board.state.actions] == ["play TS"]
    assert tree.why in board.message
    assert board.step(3) and len(board.state.actions) == 4
    assert board.step(-2) and len(board.state.actions) == 2
    assert board.step(-5) and board.state.actions == ()
    assert board.step(-1) is None and "start of the solution" in board.message
    assert board.step(len(line)) and board.state.is_over
    assert board.step(1) is None and "end of the solution" in board.message
    assert board.play("play TS") is None and board.state.is_over


def test_hint_ladder_nudge_principle_card_then_says_it_is_done():
    board = board_for(cash_puzzle())
    hints = cash_puzzle().solution[0].hints
    assert [board.hint() for _ in range(3)] == list(hints)
    last = board.hint()
    assert "last step" in last and board.state.actions == ()
    assert all(h in board.static_html() for h in ("Which of your cards", "Trumps keep"))


def test_hint_ladder_off_the_tree_comes_from_the_library_and_the_solver():
    board = board_for(lead_puzzle())                  # no tree: the library asks the solver
    ladder = [board.hint() for _ in range(3)]
    assert ladder == list(puzzles.hints_at(lead_puzzle(), lead_puzzle().start_state()))
    assert "J♣" in ladder[-1] and "J♣" not in " ".join(ladder[:-1])
    assert "last step" in board.hint()


def test_hint_at_a_partners_turn_is_worked_out_from_the_solver():
    board = board_for(cash_puzzle())
    board.play("play TS")                             # West answers; North (partner) to play
    assert board.state.to_move == 2
    nudge, principle, card = board.hint(), board.hint(), board.hint()
    assert nudge.startswith("Only one of North's three possible cards keeps the goal")
    assert principle == "The card to find is a trump." and card == "Play the J♦."
    values = solver.solve(board.state, hero=0).moves
    assert [str(a) for a, v in values.items() if v == 4] == ["play JD"]


def test_no_hint_when_there_is_no_decision():
    board = board_for(lead_puzzle())
    board.play("play TD")
    assert board.hint() is None and "No hint" in board.message


def test_a_refused_card_changes_nothing_and_says_why():
    board = board_for(cash_puzzle())
    before = board.state.snapshot()
    assert board.play("play 9H") is None             # West's card
    assert board.state.snapshot() == before and board.message
    assert board.play("play ZZ") is None and "ZZ" in board.message
    assert board.state.snapshot() == before and board.mode == "play"


def test_next_previous_and_choose_within_the_set():
    board = board_for(lead_puzzle(), cash_puzzle(), lead_puzzle(id="t-lead-2", title="Again"))
    assert board.puzzle.id == "t-lead" and board.previous() is None
    assert "first puzzle" in board.message and board.puzzle.id == "t-lead"
    board.play("play TD")
    assert board.next() and board.puzzle.id == "t-cash" and board.mode == "play"
    assert board.state.actions == () and "Puzzle 2 of 3" in board.static_html()
    assert board.next() and board.next() is None and "last puzzle" in board.message
    assert board.previous() and board.puzzle.id == "t-cash"
    assert board.choose("t-lead-2") and board.puzzle.title == "Again"
    assert board.choose(1) and board.puzzle.id == "t-lead"
    assert board.choose(9) is None and board.puzzle.id == "t-lead"


def test_filters_by_theme_and_level():
    items = [lead_puzzle(), cash_puzzle(), cash_puzzle(id="t-cash-3", difficulty={"level": 3})]
    board = PuzzleBoard(items, theme="ruff")
    assert [c.id for c in board.shown] == ["t-cash", "t-cash-3"]
    assert board.filter(theme="RUFF", level=3) and [c.id for c in board.shown] == ["t-cash-3"]
    assert board.filter(theme="no such theme") is None and "no such theme" in board.message
    assert [c.id for c in board.shown] == ["t-cash-3"]
    assert board.filter() and len(board.shown) == 3 and board.puzzle.id == "t-cash-3"
    board.level_menu.value = 1                       # the menu calls the same handler
    assert [c.id for c in board.shown] == ["t-lead"]
    assert PuzzleBoard(items, level=2).puzzle.id == "t-cash"
    with pytest.raises(Exception, match="level 5"):
        PuzzleBoard(items, level=5)


def test_rating_is_updated_and_stored_once_per_puzzle(data_dir):
    board = board_for(lead_puzzle(), cash_puzzle())
    assert "rating starts with your first puzzle" in board.progress_text()
    board.play("play TD")                             # a failed first attempt
    board.retry()
    board.play("play JC")
    store = progress.Store(data_dir / "progress.json")
    assert [a["solved"] for a in store.attempts("t-lead")] == [False]
    after_fail = rating.Rating.from_dict(store.rating("learner", "euchre"))
    assert after_fail.rating < rating.DEFAULT.rating and after_fail.rd < rating.DEFAULT.rd
    assert store.rating("puzzle", "t-lead")["rating"] > 1100      # the puzzle won
    assert f"rating: {after_fail.rating:.0f}" in board.status.value
    board.next()
    board.play("play TS")
    while board.mode == "play":
        board.play(next(iter(board.card_buttons)))
    store = progress.Store(data_dir / "progress.json")
    assert [a["solved"] for a in store.attempts("t-cash")] == [True]
    assert store.rating("learner", "euchre")["rating"] > after_fail.rating
    assert len(store.attempts("t-lead")) == 1                      # the retry was practice
    assert "Solved 1 of the 2" in board.progress_text()


def test_showing_the_card_or_the_solution_is_not_a_solve():
    board = board_for(cash_puzzle())
    for _ in range(3):
        board.hint()
    board.play("play TS")
    while board.mode == "play":
        board.play(next(iter(board.card_buttons)))
    assert [a["solved"] for a in progress.Store().attempts("t-cash")] == [False]
    other = board_for(lead_puzzle())
    other.show_solution()
    assert [a["solved"] for a in progress.Store().attempts("t-lead")] == [False]


def test_static_picture_hides_the_hidden_seats():
    board = board_for(cash_puzzle(hidden=(1, 3)))
    bundle = board._repr_mimebundle_()
    page, text = bundle["text/html"], bundle["text/plain"]
    for card in ("nine of hearts", "queen of spades", "ace of spades", "king of clubs"):
        assert card not in page.lower()
    assert "jack of hearts" in page.lower() and page.count('class="tt-card tt-back"') == 6
    assert "3 hidden cards" in text and "Q♠" not in text and "J♥" in text
    assert "You (South)" in text and "Partner (North)" in text
    assert "Goal: Your side must take all" in text
    assert "Solution" not in page
    teacher = board.teacher_html()
    assert "Solution" in teacher and "10♠" in teacher and "while partner can still ruff" in teacher


def test_after_a_wrong_card_the_hidden_hands_stay_hidden():
    board = board_for(cash_puzzle(hidden=(1, 3)))
    board.play("play JH")
    page = board.static_html()
    assert "How the defence beats it" in page and "you J♥, West 9♥" in page
    assert "K♠" not in page.split("How the defence beats it")[1]     # West's later card
    open_board = board_for(cash_puzzle())
    open_board.play("play JH")
    assert "West K♠" in open_board.static_html()                      # all face up: the whole line


def test_the_widget_shows_backs_for_hidden_seats_too():
    board = board_for(cash_puzzle(hidden=(1,)))
    east = [w.value for cell in board.cells.values() for w in cell.children
            if hasattr(w, "value") and "tt-back" in w.value]
    assert len(east) == 1 and east[0].count("tt-back") == 3


def test_a_bare_position_is_a_puzzle_judged_by_the_solver():
    state = lead_puzzle().start_state()
    board = PuzzleBoard(state)
    assert board.coach.goal_text and board.coach.side == {0, 2}
    assert board.play("play KD") is False
    assert board.retry() and board.play("play JC") is True


def test_lora_layout_puzzle_shows_the_layout():
    laid = ("7S 8S 9S TS JS QS KS AS 7H 8H 9H TH JH QH KH AH 7D 8D 9D TD JD QD KD 7C 8C 9C")
    state = games.position("lora", contract="lora", laid=laid, start_rank="7",
                           hands={0: "TC AD", 1: "JC QC", 2: "KC", 3: "AC"}, leader=0)
    board = PuzzleBoard(state)
    page = board.static_html()
    assert "lora-layout" in page and "start rank 7" in page
    assert set(board.card_buttons) | set(board.action_buttons) == {str(a) for a in state.legal_actions()}


def test_save_as_puzzle_writes_a_loadable_puzzle_in_the_learners_set(data_dir):
    hand = games.new_hand("euchre", seed=11, dealer=3)
    from tutor import bots
    while hand.phase != "play":
        hand.apply(bots.make("basic", hand.to_move, seed=1).choose(hand.view(hand.to_move)))
    start = len(hand.actions)
    for _ in range(6):
        hand.apply(bots.make("basic", hand.to_move, seed=1).choose(hand.view(hand.to_move)))
    seat, card = hand.actions[start + 4]
    saved = save_as_puzzle(hand, seat, before=start + 4)
    assert my_puzzles_path() == data_dir / "mine.toml" and my_puzzles_path().exists()
    back = puzzles.load(my_puzzles_path())
    assert back.errors == [] and [p.id for p in back] == [saved.id]
    again = back[0].start_state()
    moment = games.replay(dict(hand.record(), actions=hand.record()["actions"][:start + 4]))
    assert again.to_move == seat == back[0].hero
    assert sorted(map(sorted, again.hands)) == sorted(map(sorted, moment.hands))
    button = SaveAsPuzzle(hand, seat, start + 4)
    assert "tutor-action" in button.button._dom_classes and button.button.tooltip.startswith("Keep this moment")
    assert button.save() is None and "already" in button.message
    assert len(puzzles.load(my_puzzles_path())) == 1
    board = PuzzleBoard("mine")
    assert board.puzzle.id == saved.id and card in [a for a in board.state.legal_actions()]


def test_save_as_puzzle_refuses_a_moment_outside_the_play(data_dir):
    hand = games.new_hand("euchre", seed=11, dealer=3)
    with pytest.raises(Exception, match="card play"):
        save_as_puzzle(hand, hand.to_move)
    button = SaveAsPuzzle(hand, hand.to_move)
    assert button.save() is None and "card play" in button.message
    assert not my_puzzles_path().exists()


def test_handlers_never_raise_on_nonsense():
    board = board_for(cash_puzzle())
    before = board.state.snapshot()
    for call in (lambda: board.play(None), lambda: board.choose("x" * 500),
                 lambda: board.step("two"), lambda: board.filter(level="high")):
        call()
        assert board.state.snapshot() == before
    assert len(board.message) < 200


def test_text_and_html_name_no_engine_identifiers():
    board = board_for(cash_puzzle())
    board.play("play AH")
    page = re.sub(r"<[^>]+>", " ", board.static_html())
    page = re.sub(r"<style>.*?</style>", " ", page, flags=re.S)
    assert "play JH" not in page and "tricks_won" not in page and "play " not in board.summary()


def test_the_play_tables_review_saves_a_costly_moment_as_a_puzzle(data_dir):
    from tutor.widgets import PlayTable
    for seed in range(20):
        table = PlayTable("euchre", seed=seed, dealer=3, background=False)
        for _ in range(100):
            if table.state.is_over:
                break
            table.click(list(table.state.view(table.seat).legal)[-1])   # a careless learner
        table.review.refresh()
        if table.review.save_buttons:
            break
    else:
        pytest.fail("no costly card in 20 careless hands")
    costly = {i["index"] for i in table.review.items() if i["exact"] and i["cost"]}
    assert set(table.review.save_buttons) == costly
    index = min(costly)
    saver = table.review.save_buttons[index]
    saver.button.click()
    assert saver.puzzle is not None and "Saved" in saver.message and saver.button.disabled
    saved = puzzles.load(my_puzzles_path())[saver.puzzle.id]
    moment = games.replay(dict(table.state.record(), actions=table.state.record()["actions"][:index]))
    assert saved.start_state().to_move == table.seat == moment.to_move
    board = PuzzleBoard("mine")
    played = table.state.actions[index][1]
    assert board.play(played) is False and board.mode == "failed"   # the costly card is refuted


def test_the_learner_sits_at_the_bottom_with_the_table_turned_round():
    board = board_for(lead_puzzle())                  # the learner is North here
    south_cell = " ".join(w.value for w in board.cells["s"].children if hasattr(w, "value"))
    assert "You (North)" in south_cell
    assert "Partner (South)" in " ".join(w.value for w in board.cells["n"].children if hasattr(w, "value"))
    assert "West" in " ".join(w.value for w in board.cells["e"].children if hasattr(w, "value"))
    page = board.static_html()
    rows = page.split('<table class="tt-board">')[1].split("<tr>")
    assert "You (North)" in rows[-1] and "Partner (South)" in rows[1]


def test_a_partners_card_off_the_trees_reply_is_judged_and_answered_by_the_solver():
    half = Puzzle(id="t-raub", title="", game="raub", hero=1,
                  position={"trump": "C", "declarer": 0, "players": 3, "active": [0, 1, 2],
                            "leader": 1, "need": 2, "kind": "ordinary", "dealer": 2,
                            "hands": {"0": "7H 8C JS", "1": "KD TD TC", "2": "8S 8D JC"},
                            "tricks_won": {"1": 1}},
                  goal=GoalSpec(text="The defenders must take all of the last three tricks.",
                                target=4))
    p = puzzles.complete(half)
    tree = p.solution[0]
    assert tree.play == "play TC" and tree.reply[:1] == ("play JC",)
    board = board_for(p)
    assert board.coach.side == {1, 2}                  # the learner plays East's cards too
    assert board.play("play TC") and board.play("play JC")
    assert board.state.to_move == 2
    recorded = tree.reply[1] if len(tree.reply) > 1 else None
    other = next(str(a) for a in board.state.legal_actions() if str(a) != recorded)
    state = board.state.copy()
    values = solver.solve(state, hero=1).moves
    right = board.play(other)
    assert right is (values[state.parse_action(other)] == 4)
    assert "went wrong" not in board.message
    if not right:                                       # its refutation is a legal line
        check = state.copy()
        for action in board.wrong.refutation:
            check.apply(action)
        assert check.is_over
    state.apply(other)
    if not state.is_over and state.to_move == 0:       # South's answer is the solver's best
        reply = board.state.actions[len(state.actions)][1]
        answers = solver.solve(state, hero=1).moves
        assert answers[reply] == min(answers.values())


def test_after_a_partners_other_good_card_the_defence_still_answers_with_its_best():
    """The tree records one partner card in its reply; the learner may play another that keeps
    the goal. The recorded defence cards then no longer apply: the solver answers."""
    for p in puzzles.load("puzzles/euchre"):
        side = puzzles.hero_side(p, p.start_state())
        d = p.solution[0]
        state = p.start_state()
        for action in d.before + (d.play,):
            state.apply(action)
        for k, recorded in enumerate(d.reply[:-1]):
            if state.to_move in side:
                good = [str(j.action) for j in puzzles.move_values(p.with_(solution=()), state)
                        if j.ok and str(j.action) != recorded]
                if good:
                    break
            state.apply(recorded)
        else:
            continue
        break
    else:
        pytest.fail("no puzzle of the collection leaves the partner a second good card")
    board = board_for(p)
    for i, action in enumerate(d.before + (d.play,) + d.reply[:k]):
        if len(board.state.actions) == i:          # the learner's card (the board plays the rest)
            assert board.play(action) is True
    assert board.state.snapshot() == state.snapshot()
    assert board.play(good[0]) is True and board.mode in ("play", "solved")
    state.apply(good[0])
    answered = board.state.actions[len(state.actions)]
    assert answered[0] == state.to_move and answered[0] not in side
    values = solver.solve(state, hero=p.hero).moves
    assert values[answered[1]] == min(values.values())


def test_a_line_in_words_starts_with_the_cards_already_on_the_table():
    from tutor.widgets.puzzle_board import line_words
    state = games.position("euchre", trump="H", leader=1, trick=["9S"], tricks_won={"NS": 1, "EW": 1},
                           hands={0: "JS QH 9H", 1: "KC TH", 2: "TD JC KD", 3: "TS AC AH"})
    words = line_words(state, ["play KD", "play TS", "play 9H"], you=2)
    assert words == ["West 9♠, you K♦, East 10♠, South 9♥: South wins"]
    assert state.trick and len(state.actions) == 0       # the state itself is not changed


def test_theme_by_words_and_level_ranges():
    items = [lead_puzzle(), cash_puzzle(), cash_puzzle(id="t-cash-3", difficulty={"level": 3})]
    assert [c.id for c in PuzzleBoard(items, theme="side winner").shown] == ["t-cash", "t-cash-3"]
    assert [c.id for c in PuzzleBoard(items, level=(2, 3)).shown] == ["t-cash", "t-cash-3"]
    board = PuzzleBoard(items)
    assert board.filter(level=7) is None and "1 to 5" in board.message and len(board.shown) == 3


def test_an_empty_own_set_says_how_to_fill_it():
    with pytest.raises(Exception, match="Save as puzzle"):
        PuzzleBoard("mine")


def test_an_unrated_board_records_nothing(data_dir):
    board = PuzzleBoard(lead_puzzle(), rated=False)
    board.play("play TD")
    board.show_solution()
    assert not (data_dir / "progress.json").exists() or progress.Store().attempts("t-lead") == []


def test_the_teacher_edition_of_a_book_prints_the_solution(monkeypatch):
    board = board_for(cash_puzzle())
    assert "Solution" not in board._repr_mimebundle_()["text/html"]
    monkeypatch.setenv("TUTOR_EDITION", "teacher")
    page = board._repr_mimebundle_()["text/html"]
    assert "tutor-teacher" in page and "Solution" in page and "while partner can still ruff" in page
    monkeypatch.setenv("TUTOR_EDITION", "student")
    assert "tutor-teacher" not in board._repr_mimebundle_()["text/html"]


def test_the_board_says_it_is_thinking_and_takes_no_click_meanwhile(monkeypatch):
    board = board_for(lead_puzzle())
    seen = {}
    judge = board.coach.judge

    def watching(state, action):
        seen["busy"] = board.busy
        seen["said"] = board.message_box.value
        seen["buttons"] = dict(board.card_buttons)
        seen["hint"] = board.hint_button.disabled
        return judge(state, action)

    monkeypatch.setattr(board.coach, "judge", watching)
    board.play("play JC")
    assert seen["busy"] and "thinking" in seen["said"]
    assert seen["buttons"] == {} and seen["hint"]       # no card and no hint while it thinks
    assert not board.busy and "thinking" not in board.message_box.value and board.card_buttons


def test_a_games_name_opens_its_shipped_collection(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                       # from any folder, as a lesson runs
    board = PuzzleBoard("raub", level=1)
    assert board.shown and all(c.game == "raub" and c.level == 1 for c in board.shown)
    assert [c.id for c in board.shown] == [p.id for p in puzzles.shipped("raub", level=1)]


def test_a_stale_save_button_saves_its_own_moment_after_the_hand_moved_on(data_dir):
    hand = games.new_hand("euchre", seed=11, dealer=3)
    from tutor import bots
    while hand.phase != "play":
        hand.apply(bots.make("basic", hand.to_move, seed=1).choose(hand.view(hand.to_move)))
    start = len(hand.actions)
    for _ in range(6):
        hand.apply(bots.make("basic", hand.to_move, seed=1).choose(hand.view(hand.to_move)))
    seat = hand.actions[start + 4][0]
    moment = games.replay(dict(hand.record(), actions=hand.record()["actions"][:start + 4]))
    button = SaveAsPuzzle(hand, seat, start + 4)
    while len(hand.actions) > start:      # the table takes the cards back (undo, retry)
        hand.undo()
    assert button.save() is not None, button.message
    saved = puzzles.load(my_puzzles_path())[0].start_state()
    assert sorted(map(sorted, saved.hands)) == sorted(map(sorted, moment.hands))
