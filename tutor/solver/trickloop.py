"""Whole tricks as nested loops: the search's inner loop, generated per table of seats.

A call per card costs CPython a frame, its arguments and the hand bookkeeping of a shared list;
here one function per leader plays the whole trick in ``n`` nested loops, with every seat's
side known when the code is written, hands passed as arguments, and the next trick entered by
one call. Each loop is an ordinary alpha-beta loop over that seat's cards, so the tree and the
values are those of the per-card search in :mod:`tutor.solver.hotpath`, which stays for
positions entered in the middle of a trick.

Only the features a problem uses are written: card points (``values``) and sweep states
(``sweeps``) add the running trick points and the sweep tuple to every call.

Work is done at the outermost loop it depends on: where no overtrump duty ties a follower's
legal cards to the card winning so far, his candidates are found once per lead (once per trick
when he is void) and the inner loops only fetch their order; a single candidate is played
without a loop of its own. Together these cut a fifth of the instructions of a Lora solve.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Shape", "source"]


class Shape(NamedTuple):
    """What the generated loops are specialised for."""

    maxs: tuple          # per seat position: plays for the hero's side (maximises)
    quick: tuple         # per seat position: quick tricks can bound its value as leader
    void_any: bool       # a void hand may play any card
    void_over: bool      # a void hand must trump, and overtrump a trump
    otl: bool            # on a trump lead, a trump must beat the best trump if it can
    raw_keys: bool       # renumbering ranks merges no positions: the hands are the key
    values_ok: bool      # no negative points: the points left bound the value
    nsw: int             # number of sweep rules
    trump_run: bool      # trick counts with trumps: the top trumps of one hand are sure tricks
    unit: int = 0        # the points of every scoring card when they all score alike, else 0
    no_gain: bool = False  # no trick raises the hero's side's value: the future is at most 0
    no_loss: bool = False  # no trick lowers it: the future is at least 0
    lead_wins: tuple = ()  # per seat position: as leader, wants the trick (see order())
    weights: tuple = ()    # per seat position: what a trick it takes is worth to the hero
    trick_value: int = 0   # the points of a trick (plain trick counts: the top-trump bound)


def _linear(a, b):
    """The expression ``a * k + b * r`` for integer constants, without its zero terms."""
    terms = sorted(((c, x) for c, x in ((a, "k"), (b, "r")) if c), reverse=True)
    out = ""
    for c, x in terms:
        term = x if abs(c) == 1 else f"{abs(c)} * {x}"
        out += (" - " if c < 0 else " + ") + term if out else ("-" if c < 0 else "") + term
    return out or "0"


def _legal_block(ind, shape, h, best_bit):
    """Lines setting ``legal`` for hand ``h`` with ``best_bit`` winning the trick so far, and
    ``follows`` to whether it follows suit."""
    out = [f"{ind}legal = {h} & led",
           f"{ind}follows = legal"]
    if shape.otl:
        out += [f"{ind}if legal and led == TRUMP:",
                f"{ind}    legal = (legal & ~(({best_bit} << 1) - 1)) or legal"]
    if shape.void_any:
        out += [f"{ind}if not legal:",
                f"{ind}    legal = {h}"]
    else:
        out += [f"{ind}if not legal:",
                f"{ind}    legal = {h} & TRUMP",
                f"{ind}    if not legal:",
                f"{ind}        legal = {h}"]
        if shape.void_over:
            out += [f"{ind}    elif {best_bit} & TRUMP:",
                    f"{ind}        legal = (legal & ~(({best_bit} << 1) - 1)) or legal"]
    return out


def _points(shape, card):
    """The expression of a card's points: a bit test when every scoring card scores alike
    (a third of the cost of the look-up)."""
    if shape.unit:
        return f"({shape.unit} if {card} & VALMASK else 0)"
    return f"VAL.get({card}, 0)"


def _candidates(ind, src, h, out, sure=None):
    """Lines setting ``out`` to the cards of ``src`` that top a run of equivalent cards; with
    ``sure`` (``src`` being the whole hand ``h``), also ``sure`` to those of them that no
    other hand can beat (the cards above the other hands' best of their block)."""
    lb, hb = "(live >> sh) & BM", f"({h} >> sh) & BM"
    lines = [f"{ind}{out} = {sure + ' = ' if sure else ''}0",
             f"{ind}m = {src}",
             f"{ind}while m:",
             f"{ind}    blk = (m.bit_length() - 1) >> SH",
             f"{ind}    sh = blk << SH"]
    if sure:
        # the block's cards are read twice: named once
        lines += [f"{ind}    lb = {lb}", f"{ind}    hb = {hb}"]
        lb, hb = "lb", "hb"
    lines += [f"{ind}    t = TOPS[blk].get((({lb}) << W) | ({hb}))",
              f"{ind}    if t is None:",
              f"{ind}        t = tops_miss(blk, {lb}, {hb})",
              # (t holds cards of the hand: within the whole hand it needs no mask)
              f"{ind}    {out} |= {'t << sh' if sure else '(t << sh) & m'}"]
    if sure:
        lines.append(f"{ind}    {sure} |= (t & ~((1 << (lb ^ hb).bit_length()) - 1)) << sh")
    lines.append(f"{ind}    m &= LOWMASK[blk]")
    return lines


def _update(ind, maximise, k, v, extra=(), cuts=False):
    """Alpha-beta bookkeeping of level ``k`` after a child worth ``v``; with ``cuts``, the
    test for a cut-off comes first (for seats whose first card nearly always cuts)."""
    cmp, bound, far = (">", "a", "b") if maximise else ("<", "b", "a")
    if cuts:
        return [f"{ind}if {v} {cmp}= {far}{k}:",
                f"{ind}    best{k} = {v}",
                *(f"{ind}    {e}" for e in extra),
                f"{ind}    break",
                f"{ind}if {v} {cmp} best{k}:",
                f"{ind}    best{k} = {v}",
                *(f"{ind}    {e}" for e in extra),
                f"{ind}    if {v} {cmp} {bound}{k}:",
                f"{ind}        {bound}{k} = {v}"]
    lines = [f"{ind}if {v} {cmp} best{k}:", f"{ind}    best{k} = {v}"]
    lines += [f"{ind}    {e}" for e in extra]
    lines += [f"{ind}    if {v} {cmp} {bound}{k}:",
              f"{ind}        {bound}{k} = {v}",
              f"{ind}        if a{k} >= b{k}:",
              f"{ind}            break"]
    return lines


def source(n: int, shape: Shape, values: bool, sweeps: bool, tag: str = "") -> str:
    """Source of ``TRICKS``: one function per leader, to be placed inside the hot path's
    factory (it uses that factory's names). ``tag`` names a second set (``TRICKS<tag>``,
    ``RAW<tag><seat>``...) in the same factory.

    With one sweep rule, a trick that closes the sweep (two seats have taken its cards)
    continues in the set written without sweeps, ``TRICKSNS``: from there the objective is
    the plain one, and most of the search of Hearts, Libyan queens or Tricks is past that
    point."""
    maxs = shape.maxs
    hands = ", ".join(f"h{p}" for p in range(n))
    extra = (", rem" if values else "") + (", sw" if sweeps else "")
    everyone = " | ".join(f"h{p}" for p in range(n))
    # a lone hero's hand, for the other side's lead order (see the template's order())
    hero_hand = f", h{maxs.index(True)}" if sum(maxs) == 1 else ""
    out = []
    if values and shape.unit:
        out.append("    VALMASK = sum(VAL)")
    for i in range(shape.nsw if sweeps else 0):
        out += [f"    SWM{i} = SWM[{i}]",
                f"    SWF{i} = tuple(w * SWB[{i}] for w in WI)",
                f"    SWFLO{i} = tuple(min(0, f) + t for f, t in zip(SWF{i}, SWTIGHT[{i}]))",
                f"    SWFHI{i} = tuple(max(0, f) for f in SWF{i})",
                f"    SWALLLO{i} = min(0, min(SWF{i}))",
                f"    SWTALL{i} = max(SWTIGHT[{i}])",
                f"    SWALLHI{i} = max(0, max(SWF{i}))"]
    if sweeps and shape.nsw == 1:
        out += ["    SWSPLIT = (SPLIT,)",
                "    SWBY = tuple(SWSPLIT if s == SPLIT else (s,) for s in G['SWBY'][0])"]
    for L in range(n):
        seats = [(L + k) % n for k in range(n)]
        out += [f"    def trick{tag}_{L}({hands}{extra}, alpha, beta):",
                "        nonlocal nodes, lead_best",
                f"        hl = h{L}"]
        # (the entry, trick_node, answers a position with no cards left; a trick is played
        # here only with cards in hand) the last trick: every card is forced
        out += ["        if not hl & (hl - 1):",
                "            nodes += 1",
                f"            w = hl; wp = {L}",
                "            winm = SUITM[(w.bit_length() - 1) >> SH] | TRUMP"]
        for q in seats[1:]:
            out += [f"            if h{q} & winm and h{q} > w:",
                    f"                w = h{q}; wp = {q}"]
        out.append("            v = WI[wp] * (LASTPT + rem)" if values
                   else "            v = WI[wp] * LASTPT")
        if sweeps:
            out.append(f"            v += sweep_bonus(sweep_update(sw, {everyone}, wp))")
        out += ["            return v",
                "        if nodes > budget:",
                "            raise BudgetExceeded()",
                f"        live = {everyone}",
                "        r = hl.bit_count()",
                "        ti = TOTAL - r"]
        if values and not sweeps:
            out += ["        P = rem + TV * r + IDXSUM[ti]",
                    "        lo = WLO * P",
                    "        hi = WHI * P"] if shape.values_ok else ["        lo = -INF",
                                                                  "        hi = INF"]
        elif sweeps and not shape.values_ok:
            out += ["        lo = -INF",
                    "        hi = INF"]
        elif sweeps:
            out += [f"        P = {'rem + ' if values else ''}TV * r + IDXSUM[ti]",
                    "        lo = WLO * P",
                    "        hi = WHI * P"]
            # a sweep still open adds its bonus to the bounds (see static_bounds)
            for i in range(shape.nsw):
                out += [f"        s = sw[{i}]",
                        "        if s >= 0:",
                        f"            if live & SWM{i}:",
                        f"                lo += SWFLO{i}[s]",
                        f"                hi += SWFHI{i}[s]",
                        "            else:",
                        f"                lo += SWF{i}[s]",
                        f"                hi += SWF{i}[s]",
                        "        elif s == NOBODY:",
                        f"            lo += SWALLLO{i}",
                        f"            hi += SWALLHI{i}",
                        f"            if live & SWM{i}:",
                        f"                lo += SWTALL{i}"]
        else:
            out += ["        P = TV * r + IDXSUM[ti]",
                    "        lo = WLO * P",
                    "        hi = WHI * P"]
            sign, side, fill = (">", "lo", "WLO") if maxs[L] else ("<", "hi", "WHI")
            quick = [f"q = TV * (k * WI[{L}] + {fill} * (r - k))",
                     f"if q {sign} {side}:",
                     f"    {side} = q"]
            if shape.quick[L] and not shape.trump_run:
                out += ["        k = quick_tricks(hl, live)",
                        "        if k:"]
                out += [f"            {line}" for line in quick]
            if shape.trump_run:
                # the highest trump in play wins whenever it is played, and so do the trumps
                # just below it in the same hand: its holder's tricks, whoever leads
                # (written per holder, with his weight: in plain trick counts the bounds so
                # far are the trick counts' own, which his tricks only tighten)
                out += ["        tl = live & TRUMP",
                        "        if tl:",
                        "            top = 1 << (tl.bit_length() - 1)"]
                tv = shape.trick_value
                wlo = min(0, min(shape.weights))
                whi = max(0, max(shape.weights))
                for i, p in enumerate(range(n)):
                    wi = shape.weights[p]
                    out += [f"            {'if' if i == 0 else 'elif'} h{p} & top:"
                            if i < n - 1 else "            else:",
                            "                k = TOPSEQ.get(((tl >> TS) << W) | "
                            f"((h{p} & TRUMP) >> TS))",
                            "                if k is None:",
                            f"                    k = top_run(tl >> TS, (h{p} & TRUMP) >> TS)"]
                    if wi > wlo:
                        out.append(f"                lo = {_linear(tv * (wi - wlo), tv * wlo)}")
                    if wi < whi:
                        out.append(f"                hi = {_linear(tv * (wi - whi), tv * whi)}")
                    if shape.quick[L] and p == L:
                        # the leader's quick tricks: while another hand holds a trump, his
                        # top trumps, which the bounds above count; else those and his top
                        # cards of the other suits
                        out += ["                if not tl & ~hl:",
                                "                    k += quick_plain(hl, live)"]
                        out += [f"                    {line}" for line in quick]
                if shape.quick[L]:
                    out += ["        else:",
                            "            k = quick_plain(hl, live)",
                            "            if k:"]
                    out += [f"                {line}" for line in quick]
        out += ["        if lo >= beta:",
                "            return lo",
                "        if hi <= alpha:",
                "            return hi",
                "        if lo == hi:",
                "            return lo"]
        # table entries are lists updated in place, so that the raw hands find theirs in one
        # look-up; a position met for the first time gets an entry that bounds nothing
        if shape.raw_keys:
            out += [f"        key = ({hands}, {L}{', sw' if sweeps else ''})",
                    "        e = TT.get(key)",
                    "        if e is None:",
                    "            e = TT[key] = [-INF, INF, 0]"]
        else:
            out += [f"        rk = ({hands}{', sw' if sweeps else ''})",
                    f"        e = RAW{tag}{L}.get(rk)",
                    "        if e is None:",
                    f"            key = key_of({L}, {'sw' if sweeps else '()'}, ({hands},))",
                    "            e = TT.get(key)",
                    "            if e is None:",
                    "                e = TT[key] = [-INF, INF, 0]",
                    f"            RAW{tag}{L}[rk] = e"]
        out += [
                "        elo, ehi, hint = e",
                "        if elo > lo:",
                "            lo = elo",
                "            if lo >= beta:",
                "                return lo",
                "        if ehi < hi:",
                "            hi = ehi",
                "            if hi <= alpha:",
                "                return hi",
                "        if lo == hi:",
                "            return lo",
                "        hint &= hl",
                "        a0 = wa = alpha if alpha > lo else lo",
                "        b0 = wb = beta if beta < hi else hi",
                "        PT = TV + IDXV[ti]"]
        if _probes_inline(shape, sweeps):
            # the next trick's static bounds, read by the last seat's loop
            out += ["        deep = r > 2"]
            out += ["        PC1 = TV * (r - 1) + IDXSUM[ti + 1]"] if values else [
                    "        CLO = WLO * (TV * (r - 1) + IDXSUM[ti + 1])",
                    "        CHI = WHI * (TV * (r - 1) + IDXSUM[ti + 1])"]
        out += [
                "        nodes += 1"]
        wants = L < len(shape.lead_wins) and shape.lead_wins[L]
        out += _candidates("        ", "hl", "hl", "cand", sure="sure" if wants else None)
        # no table entry: the lead that was best in the last position searched with this
        # leader and as many cards left (a killer move; a fifth fewer nodes on Clabber, 5-12%
        # on Lora; the same idea for followers measured up to half more nodes)
        out += ["        if cand & (cand - 1):",
                f"            lead_best = hint or (KILL{L}[r] & cand)"]
        if wants:
            # order()'s lead order for a leader who wants the trick, written out: the first
            # lead, then the cards no other hand can beat from the highest (where cards carry
            # points, from the lowest: side suits before trumps), then the rest from the
            # lowest
            out += ["            rest = cand & ~sure",
                    "            if lead_best & cand:",
                    "                moves0 = [lead_best]",
                    "                sure &= ~lead_best",
                    "                rest &= ~lead_best",
                    "            else:",
                    "                moves0 = []",
                    "            while sure:",
                    "                c = sure & -sure" if values else
                    "                c = 1 << (sure.bit_length() - 1)",
                    "                sure ^= c",
                    "                moves0.append(c)",
                    "            while rest:",
                    "                c = rest & -rest",
                    "                rest ^= c",
                    "                moves0.append(c)"]
        else:
            out += [f"            moves0 = order({L}, 0, cand, hl, 0, {L}, 0, live{hero_hand})"]
        out += ["        else:",
                "            moves0 = (cand,)",
                f"        best0 = {'-INF' if maxs[L] else 'INF'}",
                "        bestc = 0"]
        if _hoisted(shape):
            out.append("        " + " = ".join(f"dc{q}" for q in seats[1:]) + " = -1")
        out += ["        for c0 in moves0:",
                f"            x{L} = hl ^ c0",
                # the led block, its cards in play and its memos, shared by every follower
                "            lblk = (c0.bit_length() - 1) >> SH",
                "            lsh = lblk << SH",
                "            led = SUITM[lblk]",
                "            winm = led | TRUMP",
                "            llb = (live >> lsh) & BM",
                "            lkey = llb << W",
                "            TL = TOPS[lblk]",
                "            OL = ORDB[lblk]"]
        if _hoisted(shape):
            out.append("            " + " = ".join(f"fs{k}" for k in range(1, n)) + " = -1")
        if values:
            out.append(f"            t0 = {_points(shape, 'c0')}")
        if sweeps:
            out.append("            m0 = c0")
        out += _null_window_first(_level(1, seats, shape, values, sweeps, "            ", tag),
                                  "            ", maxs[L])
        out += _update("            ", maxs[L], 0, "best1", ("bestc = c0",))
        out += ["        v = best0",
                "        if v <= wa:",
                "            if v < hi:",
                "                hi = v",
                "        elif v >= wb:",
                "            if v > lo:",
                "                lo = v",
                "        else:",
                "            lo = hi = v",
                "        e[0] = lo",
                "        e[1] = hi",
                "        e[2] = bestc",
                f"        KILL{L}[r] = bestc",
                "        lead_best = bestc",
                "        return v",
                ""]
    out.append(f"    TRICKS{tag} = ({', '.join(f'trick{tag}_{L}' for L in range(n))},)")
    return "\n".join(out) + "\n"


def _null_window_first(lines, ind, lead_max):
    """The second seat's loop (``lines``) run as in the per-card ``lead()``: every lead after
    the first is searched with a null window at the best value so far, and searched again
    with the window from its bound to the far end when it beats that value (principal
    variation search)."""
    cut = lines.index(f"{ind}a1 = a0")
    assert lines[cut + 1] == f"{ind}b1 = b0"
    if lead_max:
        narrow, widen = "pb = a0 + 1", ("pa = best1 - 1", "pb = b0")
    else:
        narrow, widen = "pa = b0 - 1", ("pa = a0", "pb = best1 + 1")
    return (lines[:cut]
            + [f"{ind}pa = a0", f"{ind}pb = b0", f"{ind}nw = bestc and b0 - a0 > 1",
               f"{ind}if nw:", f"{ind}    {narrow}",
               f"{ind}while True:", f"{ind}    a1 = pa", f"{ind}    b1 = pb"]
            + ["    " + line for line in lines[cut + 2:]]
            + [f"{ind}    if nw and a0 < best1 < b0:", f"{ind}        nw = False",
               f"{ind}        {widen[0]}", f"{ind}        {widen[1]}",
               f"{ind}        nodes += 1", f"{ind}        continue", f"{ind}    break"])


def _level(k, seats, shape, values, sweeps, ind, tag, A=None, B=None):
    """Lines of the loop of the k-th seat to play to the trick (k >= 1), within the window
    ``A``, ``B`` (names; the previous seat's ``a<k-1>``, ``b<k-1>`` by default).

    With candidates found once per lead (:func:`_hoisted`), a seat after the second with a
    single candidate plays it without a loop: no window of its own, no bookkeeping (most
    seats, late in the hand, have one card to follow with)."""
    A = A or f"a{k - 1}"
    B = B or f"b{k - 1}"
    p = seats[k]
    w = "c0" if k == 1 else f"w{k - 1}"
    wp = str(seats[0]) if k == 1 else f"wp{k - 1}"
    out = [f"{ind}nodes += 1"]
    if _hoisted(shape) and k >= 2:
        i2 = ind + "    "
        out += _hoisted_candidates(k, p, shape, ind, single_card=True)
        out += [f"{ind}if fk{k} == 0:",
                f"{i2}c{k} = fm{k}"]
        out += _play(k, seats, shape, values, sweeps, i2, tag, A, B, single=True)
        out += [f"{ind}else:"]
        out += _hoisted_order(k, p, w, wp, i2)
        out += _loop(k, seats, shape, values, sweeps, i2, tag, A, B)
        return out
    if _hoisted(shape):
        out += _hoisted_candidates(k, p, shape, ind, single_card=False)
        out += [f"{ind}if fk{k} == 0:",
                f"{ind}    moves{k} = fm{k}",
                f"{ind}else:"]
        out += _hoisted_order(k, p, w, wp, ind + "    ")
    else:
        out += _moves(k, p, w, wp, shape, ind)
    out += _loop(k, seats, shape, values, sweeps, ind, tag, A, B)
    return out


def _loop(k, seats, shape, values, sweeps, ind, tag, A, B):
    """The k-th seat's loop over ``moves<k>`` in the window ``A``, ``B``."""
    p = seats[k]
    return ([f"{ind}a{k} = {A}",
             f"{ind}b{k} = {B}",
             f"{ind}best{k} = {'-INF' if shape.maxs[p] else 'INF'}",
             f"{ind}for c{k} in moves{k}:"]
            + _play(k, seats, shape, values, sweeps, ind + "    ", tag, f"a{k}", f"b{k}"))


def _play(k, seats, shape, values, sweeps, inner, tag, A, B, single=False):
    """The k-th seat playing ``c<k>`` in the window ``A``, ``B``: ``best<k>`` updated (the
    loop's bookkeeping) or, for a ``single`` card, set."""
    n = len(seats)
    maxs = shape.maxs
    p = seats[k]
    w = "c0" if k == 1 else f"w{k - 1}"
    wp = str(seats[0]) if k == 1 else f"wp{k - 1}"
    out = [f"{inner}x{p} = h{p} ^ c{k}"]
    if k < n - 1:
        out += [f"{inner}if c{k} & winm and c{k} > {w}:",
                f"{inner}    w{k} = c{k}",
                f"{inner}    wp{k} = {p}",
                f"{inner}else:",
                f"{inner}    w{k} = {w}",
                f"{inner}    wp{k} = {wp}"]
        if values:
            out.append(f"{inner}t{k} = t{k - 1} + {_points(shape, f'c{k}')}")
        if sweeps:
            out.append(f"{inner}m{k} = m{k - 1} | c{k}")
        out += _level(k + 1, seats, shape, values, sweeps, inner, tag, A, B)
        if single:
            out.append(f"{inner}best{k} = best{k + 1}")
        else:
            out += _update(inner, maxs[p], k, f"best{k + 1}", cuts=_cuts(shape, p))
        return out
    out += [f"{inner}wp = {p} if (c{k} & winm and c{k} > {w}) else {wp}"]
    args = ", ".join(f"x{q}" for q in range(n))
    if values:
        out += [f"{inner}tv = t{k - 1} + {_points(shape, f'c{k}')}",
                f"{inner}g = WI[wp] * (PT + tv)"]
        args += ", rem - tv"
    else:
        out.append(f"{inner}g = WI[wp] * PT")
    closes = None
    if sweeps and shape.nsw == 1:
        # (the trick functions with sweeps are entered only while the sweep is open)
        plain_args = args
        out += [f"{inner}s = sw[0]",
                f"{inner}if not (m{k - 1} | c{k}) & SWM0 or s == wp:",
                f"{inner}    nsw = sw",
                f"{inner}elif s == NOBODY:",
                f"{inner}    nsw = SWBY[wp]",
                f"{inner}else:",
                f"{inner}    nsw = SWSPLIT"]
        args += ", nsw"
        closes = [f"{inner}if nsw is SWSPLIT:",
                  f"{inner}    v = TRICKSNS[wp]({plain_args}, {A} - g, {B} - g) + g",
                  f"{inner}else:"]
        inner += "    "
    elif sweeps:
        args += f", sweep_update(sw, m{k - 1} | c{k}, wp)"
    if closes:
        out += closes
    if _probes_inline(shape, sweeps):
        # the next trick's bounds and table entry are read here (the same tests, in the
        # same order, as at the start of the next trick): most of those calls go no further
        hands = ", ".join(f"x{q}" for q in range(n))
        out += [f"{inner}if deep:"]
        if values and not shape.no_loss:
            out += [f"{inner}    CLO = WLO * (PC1 + rem - tv)"]
        if values and not shape.no_gain:
            out += [f"{inner}    CHI = WHI * (PC1 + rem - tv)"]
        # the static tests read the child's bounds shifted by the trick's points, so that
        # the child's window is worked out only when they do not settle it
        i3 = inner + "            "
        i4 = i3 + "    "
        probe = [f"{inner}    v = CLO + g",
                 f"{inner}    if v < {B}:",
                 f"{inner}        if CHI + g <= {A}:",
                 f"{inner}            v = CHI + g",
                 f"{inner}        elif CLO != CHI:",
                 f"{i3}calpha = {A} - g",
                 f"{i3}cbeta = {B} - g",
                 f"{i3}ce = RAWS{tag}[wp].get(({hands}))",
                 f"{i3}if ce is None:",
                 f"{i4}v = TRICKS{tag}[wp]({args}, calpha, cbeta)",
                 f"{i3}else:",
                 f"{i4}elo = ce[0]",
                 f"{i4}ehi = ce[1]",
                 f"{i4}if elo > CLO and elo >= cbeta:",
                 f"{i4}    v = elo",
                 f"{i4}elif ehi < CHI and ehi <= calpha:",
                 f"{i4}    v = ehi",
                 f"{i4}elif (elo if elo > CLO else CLO) == (ehi if ehi < CHI else CHI):",
                 f"{i4}    v = ehi if ehi < CHI else CHI",
                 f"{i4}else:",
                 f"{i4}    v = TRICKS{tag}[wp]({args}, calpha, cbeta)",
                 f"{i3}v += g"]
        # a bound that is always 0 is written as such
        for name, zero in (("CLO", shape.no_loss), ("CHI", shape.no_gain)):
            if zero:
                probe = [line.replace(f"{name} + g", "g").replace(name, "0") for line in probe]
        out += probe + [f"{inner}else:",
                        f"{inner}    v = TRICKS{tag}[wp]({args}, {A} - g, {B} - g) + g"]
    else:
        out += [f"{inner}v = TRICKS{tag}[wp]({args}, {A} - g, {B} - g) + g"]
    if closes:
        inner = inner[:-4]
    if single:
        out.append(f"{inner}best{k} = v")
    else:
        out += _update(inner, maxs[p], k, "v", cuts=_cuts(shape, p))
    return out


def _moves(k, p, w, wp, shape, ind):
    """Lines setting ``moves<k>``, seat ``p``'s cards to try in order, ``w`` winning the trick
    so far for seat ``wp`` (his legal cards may depend on it)."""
    i2 = ind + "    "
    i3 = i2 + "    "
    out = _legal_block(ind, shape, f"h{p}", w)
    out += [f"{ind}if not legal & (legal - 1):",
            f"{ind}    moves{k} = (legal,)",
            # following suit: one block, whose memos the lead fetched
            f"{ind}elif follows:",
            f"{i2}hb = (h{p} >> lsh) & BM",
            f"{i2}t = TL.get(lkey | hb)",
            f"{i2}if t is None:",
            f"{i2}    t = tops_miss(lblk, llb, hb)",
            f"{i2}fs{k} = t & (legal >> lsh)",
            f"{i2}if not fs{k} & (fs{k} - 1):",
            f"{i2}    moves{k} = (fs{k} << lsh,)",
            f"{i2}else:"]
    out += _follow_order(i3, k, p, w, wp)
    out += [f"{ind}else:"]
    out += _candidates(i2, "legal", f"h{p}", "cand")
    out += [f"{i2}if not cand & (cand - 1):",
            f"{i2}    moves{k} = (cand,)",
            f"{i2}else:"]
    out += _discard_order(i3, k, p, w, wp, "cand")
    return out


def _follow_order(ind, k, p, w, wp):
    """Lines setting ``moves<k>`` to the order of the candidates ``fs<k>`` (block bits) of
    seat ``p`` following suit, ``w`` winning the trick so far for seat ``wp``."""
    return [f"{ind}okey = (((fs{k} << W) | (fs{k} & ~((({w} >> lsh) << 1) - 1))) << 2) "
            f"| MODE[{p}][{wp}][{k}]",
            f"{ind}moves{k} = OL.get(okey)",
            f"{ind}if moves{k} is None:",
            f"{ind}    moves{k} = OL[okey] = tuple(order({p}, {k}, fs{k} << lsh, h{p}, {w}, {wp}, "
            f"led, live))"]


def _cuts(shape, p):
    """Whether seat ``p``'s loops test for a cut-off first: a lone hero's, whose first card
    nearly always cuts in the null-window searches of penalty contracts (99% in Queens)."""
    return shape.maxs[p] and sum(shape.maxs) == 1


def _discard_order(ind, k, p, w, wp, cands):
    """Lines setting ``moves<k>`` to the order of the candidates ``cands`` (card bits) of
    seat ``p``, void in the led suit, ``w`` winning the trick so far for seat ``wp``."""
    return [f"{ind}winners = {cands} & winm & ~(({w} << 1) - 1)",
            f"{ind}okey = ((({cands} << SHIFTALL) | winners) << 2) | MODE[{p}][{wp}][{k}]",
            f"{ind}moves{k} = ORDERS.get(okey)",
            f"{ind}if moves{k} is None:",
            f"{ind}    moves{k} = ORDERS[okey] = tuple(order({p}, {k}, {cands}, h{p}, {w}, {wp}, "
            f"led, live))"]


def _hoisted(shape):
    """Whether a follower's legal cards do not depend on the card winning the trick so far
    (no overtrump duties): his candidates then depend only on the led suit, and on nothing
    but his hand when he is void."""
    return not shape.otl and not shape.void_over


def _hoisted_candidates(k, p, shape, ind, single_card):
    """Lines finding, once per lead, the candidates ``fs<k>`` of seat ``p`` (-1 until then;
    when he is void, once per trick: ``dc<p>``) and their kind ``fk<k>``: 0 for a single
    card, ``fm<k>`` (the card itself with ``single_card``, else as a move tuple), 1 for
    several following suit (block bits), 2 for several discards."""
    i2 = ind + "    "
    i3 = i2 + "    "
    i4 = i3 + "    "
    one = "{}" if single_card else "({},)"
    out = [f"{ind}if fs{k} < 0:",
           f"{i2}if h{p} & led:",
           f"{i3}hb = (h{p} >> lsh) & BM",
           f"{i3}fs{k} = TL.get(lkey | hb)",
           f"{i3}if fs{k} is None:",
           f"{i3}    fs{k} = tops_miss(lblk, llb, hb)",
           f"{i3}if fs{k} & (fs{k} - 1):",
           f"{i3}    fk{k} = 1",
           f"{i3}else:",
           f"{i3}    fk{k} = 0",
           f"{i3}    fm{k} = {one.format(f'fs{k} << lsh')}",
           f"{i2}else:",
           f"{i3}if dc{p} < 0:",
           f"{i4}legal = h{p}"]
    if not shape.void_any:
        # a void hand must trump when it can
        out += [f"{i4}if legal & TRUMP:",
                f"{i4}    legal &= TRUMP"]
    out += _candidates(i4, "legal", f"h{p}", f"dc{p}")
    out += [f"{i3}fs{k} = dc{p}",
            f"{i3}if fs{k} & (fs{k} - 1):",
            f"{i3}    fk{k} = 2",
            f"{i3}else:",
            f"{i3}    fk{k} = 0",
            f"{i3}    fm{k} = {one.format(f'fs{k}')}"]
    return out


def _hoisted_order(k, p, w, wp, ind):
    """Lines setting ``moves<k>`` to the order of several candidates ``fs<k>`` of kind
    ``fk<k>`` (see :func:`_hoisted_candidates`), ``w`` winning the trick so far."""
    i2 = ind + "    "
    out = [f"{ind}if fk{k} == 1:"]
    out += _follow_order(i2, k, p, w, wp)
    out += [f"{ind}else:"]
    out += _discard_order(i2, k, p, w, wp, f"fs{k}")
    return out


def _probes_inline(shape, sweeps):
    """Whether the last seat's loop reads the next trick's table entry itself: only where
    that trick's first tests are the points left and the table (no quick tricks, top-trump
    runs or sweeps) and the table is reached through the raw hands."""
    return (shape.values_ok and not sweeps and not any(shape.quick) and not shape.trump_run
            and not shape.raw_keys)
