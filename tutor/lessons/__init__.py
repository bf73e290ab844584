"""What the lessons share, so that a notebook cell stays one or two lines a learner never needs
to read: one module per course (``tutor.lessons.euchre``, ``.lora``, ``.raub``, ``.clabber``)
holding the small set-ups, pictures and exercise builders its lessons use more than once.

Nothing here decides a rule: every fact comes from :mod:`tutor.games`; these helpers only
choose what to show and phrase it for the learner.
"""
