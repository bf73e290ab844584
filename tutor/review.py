"""Review of a played hand: the double-dummy cost of every card, in the game's own units.

    from tutor import review
    for card in review.review_hand(state, seats=[0]):
        print(card.seat, card.action, card.cost)

The search lives in :mod:`tutor.solver.review`; this module is the public entry point of the
design's ``tutor.review`` layer.
"""

from .solver.review import CardReview, review_hand

__all__ = ["CardReview", "review_hand"]
