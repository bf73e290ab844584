"""The search's inner loop, generated per problem without the features it does not use.

A trick count needs neither card points nor sweep states nor trick indices; passing them
through every call would cost time at each node. The template below marks lines with
``#@FEATURE`` (kept only with the feature) or ``#@!FEATURE`` (kept only without it);
``{VP}``/``{SP}`` in the signatures expand to the extra parameters. The result is plain
Python, compiled once per problem shape and cached.

With a :class:`~tutor.solver.trickloop.Shape`, the whole-trick loops of
:mod:`tutor.solver.trickloop` are written into the same factory and ``trick_node`` enters
them; the per-card functions then serve positions entered in the middle of a trick.
"""

from __future__ import annotations

from . import trickloop

TEMPLATE = r'''
def factory(G):
    H = G["H"]; TT = G["TT"]; VALORDER = G["VALORDER"]
    key_of = G["key_of"]; last_trick = G["last_trick"]
    static_bounds = G["static_bounds"]; sweep_update = G["sweep_update"]
    sweep_bonus = G["sweep_bonus"]; BudgetExceeded = G["BudgetExceeded"]
    budget = G["budget"]; INF = G["INF"]; n = G["n"]; SH = G["SH"]; SUITM = G["SUITM"]
    TRUMP = G["TRUMP"]; VOIDANY = G["VOIDANY"]; VOIDOVER = G["VOIDOVER"]; OTL = G["OTL"]
    WI = G["WI"]; MAXS = G["MAXS"]; VAL = G["VAL"]; TV = G["TV"]; IDXV = G["IDXV"]
    TOTAL = G["TOTAL"]; NEXT = G["NEXT"]; DES = G["DES"]; LEAD_WANTS_WIN = G["LEAD_WANTS_WIN"]
    LEAD_HIGH = G["LEAD_HIGH"]; OPP_AFTER = G["OPP_AFTER"]; RANKMASK = G["RANKMASK"]
    SHIFTALL = G["SHIFTALL"]; WMIN = G["WMIN"]; WMAX = G["WMAX"]; IDXSUM = G["IDXSUM"]
    TOPS = G["TOPS"]; tops_miss = G["tops_miss"]; BM = G["BM"]; W = G["W"]
    LOWMASK = G["LOWMASK"]; MODE = G["MODE"]; ORDERS = G["ORDERS"]
    LEAD_VS_HERO = G["LEAD_VS_HERO"]; HERO = G["HERO"]
    RAW = {}
    LEADS = {}   # (cards, leader, lone hero's hand) -> the lead order (see order())
    # per leader and cards left: the best lead of the last position searched (killer move)
    KILLS = tuple([0] * (TOTAL + 1) for _ in range(n))
    NOKILLS = (0,) * (TOTAL + 1)
    TRUMP_RUN = G["TRUMP_RUN"]; TOPSEQ = G["TOPSEQ"]; top_run = G["top_run"]; TS = G["TS"]
    ORDB = G["ORDB"]; SWM = G["SWM"]; SWB = G["SWB"]; SPLIT = G["SPLIT"]; NOBODY = G["NOBODY"]
    QUICK = G["QUICK"]; quick_tricks = G["quick_tricks"]; quick_cards = G["quick_cards"]
    quick_plain = G["quick_plain"]
    store = G["store"]; rel_of = G["rel_of"]; LASTREL = G["LASTREL"]; SWTIGHT = G["SWTIGHT"]
    def VAL_OF(c):
        return VAL.get(c, 0)

    WLO = WMIN if WMIN < 0 else 0
    WHI = WMAX if WMAX > 0 else 0
    LASTPT = TV + IDXV[TOTAL - 1]
    nodes = 0
    lead_best = 0
    LIVE = 0
    REL = 0   # cards whose ranks decided the value just returned (partition search)

    def trick_node(leader{VR}{SS}, alpha, beta):
        nonlocal nodes, lead_best, LIVE, REL
        h = H[leader]
        if not h:
            REL = 0  #@PART
            return sweep_bonus(sw)  #@SW
            return 0  #@!SW
        if not h & (h - 1):
            nodes += 1
            v = last_trick(leader, TOTAL - 1, {SWV})
            REL = LASTREL[0]  #@PART
            return v
        if nodes > budget:
            raise BudgetExceeded()
        live = {LIVEEXPR}
        r = h.bit_count()
        rel = 0  #@PART
        lo, hi = static_bounds({REM}, r, TOTAL - r, sw, live)  #@SW
        lo, hi = static_bounds(rem, r, TOTAL - r, (), live)  #@VALNOSW
        P = TV * r + IDXSUM[TOTAL - r]  #@PLAIN
        lo = WMIN * P if WMIN < 0 else 0  #@PLAIN
        hi = WMAX * P if WMAX > 0 else 0  #@PLAIN
        if QUICK[leader]:  #@PLAIN
            k = quick_tricks(h, live)  #@PLAIN
            if k:  #@PLAIN
                if MAXS[leader]:  #@PLAIN
                    q = TV * (k * WI[leader] + (WMIN * (r - k) if WMIN < 0 else 0))  #@PLAIN
                    if q > lo:  #@PLAIN
                        lo = q  #@PLAIN
                        rel = quick_cards(h, live)  #@PLAINPART
                else:  #@PLAIN
                    q = TV * (k * WI[leader] + (WMAX * (r - k) if WMAX > 0 else 0))  #@PLAIN
                    if q < hi:  #@PLAIN
                        hi = q  #@PLAIN
                        rel = quick_cards(h, live)  #@PLAINPART
        if TRUMP_RUN:  #@PLAIN
            tl = live & TRUMP  #@PLAIN
            if tl:  #@PLAIN
                top = 1 << (tl.bit_length() - 1)  #@PLAIN
                th = 0  #@PLAIN
                while not H[th] & top:  #@PLAIN
                    th += 1  #@PLAIN
                k = TOPSEQ.get(((tl >> TS) << W) | ((H[th] & TRUMP) >> TS))  #@PLAIN
                if k is None:  #@PLAIN
                    k = top_run(tl >> TS, (H[th] & TRUMP) >> TS)  #@PLAIN
                q = TV * (k * WI[th] + WLO * (r - k))  #@PLAIN
                if q > lo:  #@PLAIN
                    lo = q  #@PLAIN
                q = TV * (k * WI[th] + WHI * (r - k))  #@PLAIN
                if q < hi:  #@PLAIN
                    hi = q  #@PLAIN
        if lo >= beta:
            REL = rel  #@PART
            return lo
        if hi <= alpha:
            REL = rel  #@PART
            return hi
        if lo == hi:
            REL = rel  #@PART
            return lo
        rk = ({HANDS}, leader, sw)  #@SW
        rk = ({HANDS}, leader)  #@!SW
        key = RAW.get(rk)
        if key is None:
            key = key_of(leader, {SWV})
            RAW[rk] = key
        hint = 0
        e = TT.get(key)  #@!PART
        if e is not None:  #@!PART
            if e[0] > lo:  #@!PART
                lo = e[0]  #@!PART
                if lo >= beta:  #@!PART
                    return lo  #@!PART
            if e[1] < hi:  #@!PART
                hi = e[1]  #@!PART
                if hi <= alpha:  #@!PART
                    return hi  #@!PART
            if lo == hi:  #@!PART
                return lo  #@!PART
            hint = e[2] & h  #@!PART
        gk, seq = key  #@PART
        grp = TT.get(gk)  #@PART
        if grp is not None:  #@PART
            for mask, slot in grp.items():  #@PART
                e = slot[1].get(seq & mask)  #@PART
                if e is not None:  #@PART
                    used = False  #@PART
                    if e[0] > lo:  #@PART
                        lo = e[0]  #@PART
                        used = True  #@PART
                    if e[1] < hi:  #@PART
                        hi = e[1]  #@PART
                        used = True  #@PART
                    if used:  #@PART
                        rel |= slot[2].get(live) or rel_of(live, slot)  #@PART
                        if lo >= beta or hi <= alpha or lo == hi:  #@PART
                            REL = rel  #@PART
                            return lo if lo >= beta or lo == hi else hi  #@PART
                    if not hint:  #@PART
                        hint = e[2] & h  #@PART
        a = alpha if alpha > lo else lo
        b = beta if beta < hi else hi
        lead_best = hint or KILLS[leader][r]
        saved = LIVE
        LIVE = live
        v = lead(leader{VL0}{SL0}, a, b)
        LIVE = saved
        if v <= a:
            if v < hi:
                hi = v
        elif v >= b:
            if v > lo:
                lo = v
        else:
            lo = hi = v
        if e is None:  #@!PART
            TT[key] = [lo, hi, lead_best]  #@!PART
        else:  #@!PART
            e[0] = lo; e[1] = hi; e[2] = lead_best  #@!PART
        KILLS[leader][r] = lead_best
        rel |= REL  #@PART
        store(gk, seq, live, rel, lo, hi, lead_best)  #@PART
        REL = rel  #@PART
        return v

    def order(p, k, cand, h, wbit, wpos, ledm, live, hero_hand=0):
        des = DES[p]
        out = []
        if k == 0:
            if lead_best & cand:
                out.append(lead_best)
                cand ^= lead_best
            if LEAD_WANTS_WIN[p]:
                rest = cand
                others = live & ~h
                m = cand
                # where cards carry points, side-suit winners before trump ones (Clabber);
                # the whole-trick loops write this order out (trickloop.source)
                while m:
                    c = 1 << (m.bit_length() - 1)  #@!VAL
                    c = m & -m  #@VAL
                    m ^= c
                    if not (others & SUITM[(c.bit_length() - 1) >> SH] & ~((c << 1) - 1)):
                        out.append(c)
                        rest ^= c
                while rest:
                    c = rest & -rest
                    rest ^= c
                    out.append(c)
            else:
                lkey = (cand, p, hero_hand if LEAD_VS_HERO[p] else 0)   # the rest ignore it
                rest = LEADS.get(lkey)
                if rest is not None:
                    out += rest
                    return out
                m = cand
                tmp = []
                while m:
                    c = m & -m
                    m ^= c
                    tmp.append((((c.bit_length() - 1) & RANKMASK), c))
                tmp.sort(reverse=LEAD_HIGH[p])
                if VALORDER:
                    # penalty points: the hero's side leads its dearest cards first, the
                    # other side its cheapest (rank order among cards of equal points)
                    sign = -1 if MAXS[p] else 1
                    tmp.sort(key=lambda rc: sign * VAL_OF(rc[1]))
                if LEAD_VS_HERO[p] and hero_hand:
                    # a lone hero, led to by the other side: last the leads of a suit he is
                    # void in; in plain trick counts first those he cannot duck (his lowest
                    # card of the suit beats the lead) (Minimum 7% fewer nodes, Tricks 10%,
                    # Queens and Libyan queens 10%, the king of hearts 7%)
                    cannot = []
                    can = []
                    void = []
                    plain = LEAD_VS_HERO[p] == 1
                    for _, c in tmp:
                        hb = hero_hand & SUITM[(c.bit_length() - 1) >> SH]
                        if not hb:
                            void.append(c)
                        elif plain and not hb & -hb < c:
                            cannot.append(c)
                        else:
                            can.append(c)
                    rest = cannot + can + void
                else:
                    rest = [c for _, c in tmp]
                LEADS[lkey] = rest
                out += rest
            return out
        winners = cand & (ledm | TRUMP) & ~((wbit << 1) - 1)
        losers = cand ^ winners
        mine = des[p]
        theirs = des[wpos]
        wmask = winners
        if mine > theirs:
            while winners:
                c = winners & -winners
                winners ^= c
                out.append(c)
            while losers:
                c = losers & -losers
                losers ^= c
                out.append(c)
        elif mine < theirs:
            while losers:
                c = 1 << (losers.bit_length() - 1)
                losers ^= c
                out.append(c)
            while winners:
                c = 1 << (winners.bit_length() - 1)
                winners ^= c
                out.append(c)
        elif LEAD_WANTS_WIN[p] or OPP_AFTER[p][k]:
            while losers:
                c = losers & -losers
                losers ^= c
                out.append(c)
            while winners:
                c = winners & -winners
                winners ^= c
                out.append(c)
        else:
            while cand:
                c = 1 << (cand.bit_length() - 1)
                cand ^= c
                out.append(c)
        if VALORDER:
            # penalty points: cards that do not take the trick go by their points, most first
            # onto a trick this player wants to load, fewest first otherwise
            beat = [c for c in out if c & wmask]
            duck = [c for c in out if not c & wmask]
            if mine > theirs:
                duck.sort(key=VAL_OF)
                out = beat + duck
            elif mine < theirs:
                duck.sort(key=VAL_OF, reverse=True)
                out = duck + beat
            elif LEAD_WANTS_WIN[p] or OPP_AFTER[p][k]:
                duck.sort(key=VAL_OF)
                out = duck + beat
            else:
                out.sort(key=VAL_OF, reverse=True)
        return out

    def lead(p{VP0}{SP0}, alpha, beta):
        nonlocal nodes, lead_best, REL
        nodes += 1
        rel = 0  #@PART
        h = H[p]
        live = LIVE
        cand = 0
        m = h
        while m:
            blk = (m.bit_length() - 1) >> SH
            sh = blk << SH
            lb = (live >> sh) & BM
            hb = (h >> sh) & BM
            t = TOPS[blk].get((lb << W) | hb)
            if t is None:
                t = tops_miss(blk, lb, hb)
            cand |= (t << sh) & m
            m &= LOWMASK[blk]
        if cand & (cand - 1):
            moves = order(p, 0, cand, h, 0, p, 0, live, H[HERO] if HERO >= 0 else 0)
        else:
            moves = (cand,)
        q = NEXT[p]
        bestc = 0
        if MAXS[p]:
            best = -INF
            for c in moves:
                H[p] = h ^ c
                cv = VAL.get(c, 0)  #@VAL
                led = SUITM[(c.bit_length() - 1) >> SH]
                if bestc and beta - alpha > 1:
                    # not the first lead: a null window, widened only if it beats the best
                    v = FIRST(q, 1, c, p, led{VLEAD}{SLEAD}, alpha, alpha + 1)
                    if alpha < v < beta:
                        v = FIRST(q, 1, c, p, led{VLEAD}{SLEAD}, v - 1, beta)
                else:
                    v = FIRST(q, 1, c, p, led{VLEAD}{SLEAD}, alpha, beta)
                H[p] = h
                rel |= REL  #@PART
                if v > best:
                    best = v
                    bestc = c
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        else:
            best = INF
            for c in moves:
                H[p] = h ^ c
                cv = VAL.get(c, 0)  #@VAL
                led = SUITM[(c.bit_length() - 1) >> SH]
                if bestc and beta - alpha > 1:
                    # not the first lead: a null window, widened only if it beats the best
                    v = FIRST(q, 1, c, p, led{VLEAD}{SLEAD}, beta - 1, beta)
                    if alpha < v < beta:
                        v = FIRST(q, 1, c, p, led{VLEAD}{SLEAD}, alpha, v + 1)
                else:
                    v = FIRST(q, 1, c, p, led{VLEAD}{SLEAD}, alpha, beta)
                H[p] = h
                rel |= REL  #@PART
                if v < best:
                    best = v
                    bestc = c
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        lead_best = bestc
        REL = rel  #@PART
        return best

    def follow(p, k, wbit, wpos, ledm{VP}{SP}, alpha, beta):
        nonlocal nodes, REL
        nodes += 1
        rel = 0  #@PART
        h = H[p]
        legal = h & ledm
        if legal:
            if OTL and ledm == TRUMP:
                legal = (legal & ~((wbit << 1) - 1)) or legal
        elif VOIDANY:
            legal = h
        else:
            legal = h & TRUMP
            if not legal:
                legal = h
            elif VOIDOVER and wbit & TRUMP:
                legal = (legal & ~((wbit << 1) - 1)) or legal
        if not legal & (legal - 1):
            moves = (legal,)
        else:
            live = LIVE
            cand = 0
            m = legal
            while m:
                blk = (m.bit_length() - 1) >> SH
                sh = blk << SH
                lb = (live >> sh) & BM
                hb = (h >> sh) & BM
                t = TOPS[blk].get((lb << W) | hb)
                if t is None:
                    t = tops_miss(blk, lb, hb)
                cand |= (t << sh) & m
                m &= LOWMASK[blk]
            if not cand & (cand - 1):
                moves = (cand,)
            else:
                winners = cand & (ledm | TRUMP) & ~((wbit << 1) - 1)
                okey = (((cand << SHIFTALL) | winners) << 2) | MODE[p][wpos][k]
                moves = ORDERS.get(okey)
                if moves is None:
                    moves = ORDERS[okey] = tuple(order(p, k, cand, h, wbit, wpos, ledm,
                                                       live))
        q = NEXT[p]
        k1 = k + 1
        nxt = last_play if k1 == n - 1 else follow
        winm = ledm | TRUMP
        if MAXS[p]:
            best = -INF
            for c in moves:
                H[p] = h ^ c
                cv = VAL.get(c, 0)  #@VAL
                if c & winm and c > wbit:
                    v = nxt(q, k1, c, p, ledm{VCHILD}{SCHILD}, alpha, beta)
                else:
                    v = nxt(q, k1, wbit, wpos, ledm{VCHILD}{SCHILD}, alpha, beta)
                H[p] = h
                rel |= REL  #@PART
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        else:
            best = INF
            for c in moves:
                H[p] = h ^ c
                cv = VAL.get(c, 0)  #@VAL
                if c & winm and c > wbit:
                    v = nxt(q, k1, c, p, ledm{VCHILD}{SCHILD}, alpha, beta)
                else:
                    v = nxt(q, k1, wbit, wpos, ledm{VCHILD}{SCHILD}, alpha, beta)
                H[p] = h
                rel |= REL  #@PART
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        REL = rel  #@PART
        return best

    def last_play(p, k, wbit, wpos, ledm{VP}{SP}, alpha, beta):
        nonlocal nodes, REL
        nodes += 1
        rel = 0  #@PART
        h = H[p]
        legal = h & ledm
        if legal:
            if OTL and ledm == TRUMP:
                legal = (legal & ~((wbit << 1) - 1)) or legal
        elif VOIDANY:
            legal = h
        else:
            legal = h & TRUMP
            if not legal:
                legal = h
            elif VOIDOVER and wbit & TRUMP:
                legal = (legal & ~((wbit << 1) - 1)) or legal
        if not legal & (legal - 1):
            moves = (legal,)
        else:
            live = LIVE
            cand = 0
            m = legal
            while m:
                blk = (m.bit_length() - 1) >> SH
                sh = blk << SH
                lb = (live >> sh) & BM
                hb = (h >> sh) & BM
                t = TOPS[blk].get((lb << W) | hb)
                if t is None:
                    t = tops_miss(blk, lb, hb)
                cand |= (t << sh) & m
                m &= LOWMASK[blk]
            if not cand & (cand - 1):
                moves = (cand,)
            else:
                winners = cand & (ledm | TRUMP) & ~((wbit << 1) - 1)
                okey = (((cand << SHIFTALL) | winners) << 2) | MODE[p][wpos][k]
                moves = ORDERS.get(okey)
                if moves is None:
                    moves = ORDERS[okey] = tuple(order(p, k, cand, h, wbit, wpos, ledm,
                                                       live))
        winm = ledm | TRUMP
        # the trick's winning card counts as deciding only if it beat a card of its own suit
        played = LIVE & ~({LIVEEXPR})  #@PART
        wsm = SUITM[(wbit.bit_length() - 1) >> SH]  #@PART
        wsuit = played & wsm ^ wbit  #@PART
        if MAXS[p]:
            best = -INF
            for c in moves:
                H[p] = h ^ c
                wp = p if (c & winm and c > wbit) else wpos
                cv = VAL.get(c, 0)  #@VAL
                g = WI[wp] * (TV + tv + cv + IDXV[TOTAL - 1 - H[wp].bit_count()])  #@VAL
                g = WI[wp] * (TV + IDXV[TOTAL - 1 - H[wp].bit_count()])  #@!VAL
                v = trick_node(wp{VNEXT}{SNEXT}, alpha - g, beta - g) + g
                if wp == p:  #@PART
                    if played & SUITM[(c.bit_length() - 1) >> SH]:  #@PART
                        rel |= c  #@PART
                elif wsuit or c & wsm:  #@PART
                    rel |= wbit  #@PART
                rel |= REL  #@PART
                H[p] = h
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        else:
            best = INF
            for c in moves:
                H[p] = h ^ c
                wp = p if (c & winm and c > wbit) else wpos
                cv = VAL.get(c, 0)  #@VAL
                g = WI[wp] * (TV + tv + cv + IDXV[TOTAL - 1 - H[wp].bit_count()])  #@VAL
                g = WI[wp] * (TV + IDXV[TOTAL - 1 - H[wp].bit_count()])  #@!VAL
                v = trick_node(wp{VNEXT}{SNEXT}, alpha - g, beta - g) + g
                if wp == p:  #@PART
                    if played & SUITM[(c.bit_length() - 1) >> SH]:  #@PART
                        rel |= c  #@PART
                elif wsuit or c & wsm:  #@PART
                    rel |= wbit  #@PART
                rel |= REL  #@PART
                H[p] = h
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        REL = rel  #@PART
        return best

    FIRST = last_play if n == 2 else follow
    RAWALL = ()   # the whole-trick loops' maps of raw hands
#TRICKS#

    def play(p, k, wbit, wpos, ledm{VP}{SP}, alpha, beta):
        if k == 0:
            return lead(p{VPASS0}{SPASS0}, alpha, beta)
        if k == n - 1:
            return last_play(p, k, wbit, wpos, ledm{VPASS}{SPASS}, alpha, beta)
        return follow(p, k, wbit, wpos, ledm{VPASS}{SPASS}, alpha, beta)

    def node_count():
        return nodes

    def set_live(value):
        nonlocal LIVE
        old = LIVE
        LIVE = value
        return old

    def set_budget(value):
        nonlocal budget
        budget = value

    def reset():
        """Forget the last search (its table is the caller's) and its memos, which live no
        longer than a search: the loops then serve another search of the same shape."""
        nonlocal nodes, lead_best, LIVE, REL
        nodes = lead_best = LIVE = REL = 0
        RAW.clear()
        for raw in RAWALL:
            raw.clear()
        for kills in KILLS:
            kills[:] = NOKILLS
        LEADS.clear()
        if VALORDER:
            ORDERS.clear()
            for memo in ORDB:
                memo.clear()

    return trick_node, play, node_count, set_live, order, set_budget, reset
'''

_CACHE: dict = {}


def build(n: int, has_values: bool, has_sweeps: bool, partition: bool = False,
          loops: trickloop.Shape | None = None):
    """The factory of (trick_node, play, node_count, set_live, order) for this problem shape.

    Signatures: ``trick_node(leader[, rem][, sw], alpha, beta)`` and
    ``play(p, k, wbit, wpos, ledm[, tv, rem][, tm, sw], alpha, beta)``.
    """
    if partition:
        loops = None
    key = (n, has_values, has_sweeps, partition, loops)
    factory = _CACHE.get(key)
    if factory is not None:
        return factory
    flags = {"VAL": has_values, "SW": has_sweeps,
             "VALNOSW": has_values and not has_sweeps,
             "PLAIN": not has_values and not has_sweeps, "PART": partition,
             "PLAINPART": partition and not has_values and not has_sweeps}
    lines = []
    for line in TEMPLATE.splitlines():
        if "  #@" in line:
            code, tag = line.rsplit("  #@", 1)
            neg = tag.startswith("!")
            want = flags[tag.lstrip("!")]
            if want == neg:
                continue
            line = code
        lines.append(line)
    src = "\n".join(lines)
    if loops is None:
        src = src.replace("#TRICKS#\n", "")
    else:
        # whole tricks as nested loops; trick_node becomes their entry
        # with one sweep rule, a second set without sweeps takes over once it is closed
        tags = ("", "NS") if has_sweeps and loops.nsw == 1 else ("",)
        rams = "".join(f"    KILL{p} = KILLS[{p}]\n" for p in range(n))
        for tag in tags:
            rams += "".join(f"    RAW{tag}{p} = {{}}\n" for p in range(n))
            rams += f"    RAWS{tag} = ({''.join(f'RAW{tag}{p}, ' for p in range(n))})\n"
        loops_src = "".join(trickloop.source(n, loops, has_values, has_sweeps and not tag, tag)
                            for tag in tags)
        # the trick functions are entered with cards in hand
        empty = ("        if not H[leader]:\n"
                 + ("            return sweep_bonus(sw)\n" if has_sweeps else
                    "            return 0\n"))
        if len(tags) > 1:
            entry = ("    def trick_node(leader{VR}{SS}, alpha, beta):\n" + empty +
                     "        if sw[0] == SPLIT:\n"
                     "            return TRICKSNS[leader]({HANDS}{VR}, alpha, beta)\n"
                     "        return TRICKS[leader]({HANDS}{VR}{SS}, alpha, beta)\n")
        else:
            entry = ("    def trick_node(leader{VR}{SS}, alpha, beta):\n" + empty +
                     "        return TRICKS[leader]({HANDS}{VR}{SS}, alpha, beta)\n")
        rams += f"    RAWALL = ({''.join(f'RAW{tag}{p}, ' for tag in tags for p in range(n))})\n"
        src = src.replace("#TRICKS#\n", rams + loops_src + entry)
    fill = {
        "VR": ", rem" if has_values else "",
        "SS": ", sw" if has_sweeps else "",
        "V0": ", 0, rem" if has_values else "",
        "S0": ", 0, sw" if has_sweeps else "",
        "VP": ", tv, rem" if has_values else "",
        "SP": ", tm, sw" if has_sweeps else "",
        "VNEXT": ", rem - cv" if has_values else "",
        "SNEXT": ", sweep_update(sw, tm | c, wp)" if has_sweeps else "",
        "VCHILD": ", tv + cv, rem - cv" if has_values else "",
        "SCHILD": ", tm | c, sw" if has_sweeps else "",
        "REM": "rem" if has_values else "0",
        "HANDS": ", ".join(f"H[{i}]" for i in range(n)),
        "VP0": ", rem" if has_values else "",
        "SP0": ", sw" if has_sweeps else "",
        "VLEAD": ", cv, rem - cv" if has_values else "",
        "SLEAD": ", c, sw" if has_sweeps else "",
        "VPASS0": ", rem" if has_values else "",
        "SPASS0": ", sw" if has_sweeps else "",
        "VPASS": ", tv, rem" if has_values else "",
        "SPASS": ", tm, sw" if has_sweeps else "",
        "VL0": ", rem" if has_values else "",
        "SL0": ", sw" if has_sweeps else "",
        "LIVEEXPR": " | ".join(f"H[{i}]" for i in range(n)),
        "SWV": "sw" if has_sweeps else "()",
    }
    for name, value in fill.items():
        src = src.replace("{" + name + "}", value)
    namespace: dict = {}
    exec(compile(src, f"<solver hot path n={n} values={has_values} sweeps={has_sweeps} "
                      f"partition={partition}>",
                 "exec"), namespace)
    factory = namespace["factory"]
    _CACHE[key] = factory
    return factory
