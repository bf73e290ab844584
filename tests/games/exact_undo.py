"""The make/unmake check every game's conformance test performs on each action."""


def apply_and_check_undo(state, action):
    """Apply ``action`` by its string, then check that undo restores the exact previous state and
    that pushing it again gives the same state as applying it. Returns the snapshot before."""
    assert action in state.legal_actions()
    before = state.snapshot()
    state.apply(str(action))
    after = state.snapshot()
    assert state.undo() == action
    assert state.snapshot() == before
    state.push(action)
    assert state.snapshot() == after
    return before
