/* The compiled double-dummy search core of tutor.solver (see tutor/solver/compiled.py).
 *
 * The search of tutor/solver/search.py over the same Problem data: hands as bit masks (a
 * block of bits per effective suit, trumps highest), the follow obligation as data (trump
 * mask, "any" / "trump" / "overtrump" when void, overtrumping on a trump lead), and the
 * objective: the winner w of a trick of index i scores weights[w] * (trick_value +
 * trick_index_values[i] + card points of its cards), plus, for each sweep rule ("one player
 * takes all of a set"), weights[s] * bonus when seat s took every card of the set.
 *
 * Techniques, as in the Python search: fail-soft alpha-beta with principal variation search
 * at the leads; a transposition table of (lower, upper) bounds and the best lead at trick
 * boundaries, keyed on the hands with ranks renumbered among the cards still in play (a
 * block whose cards score differently keeps the pattern of scores beside it), the leader
 * and the sweep status; touching cards of one hand that score alike searched once; static
 * bounds from the points still to be won, the sweeps still open, and in plain trick counts
 * the leader's quick tricks and the top trumps of one hand; the move order of search.py's
 * order() (the table's best lead, else the last best lead with as many cards left; winners
 * of the leader who wants the trick; ranks and points in the direction each seat wants;
 * against a lone hero the suits he cannot duck first and those he is void in last); the
 * last trick resolved directly.
 *
 * The C core keeps no Python object during a search; the Python side (compiled.py) hands it
 * the problem's constants once and positions as integers.
 */
#include "_search_common.h"
#include <string.h>

#define MAXN 8
#define MAXBITS 64
#define MAXTRICKS 64
#define MAXSW 4
#define MAXPAT 8
#define NOBODY (-1)
#define SPLIT (-2)
#define BIG (INT64_MAX / 4)
/* table entries: [meta][key words][lower][upper][best]; meta 0 marks an empty slot */
#define MAXCAP (1u << 20)

/* an open-addressing hash table of fixed-size slots: kw key words (the first never 0: an
   empty slot is all zeros) and the payload */
typedef struct {
    uint64_t *slots;
    size_t cap, used, cap0;
    int kw, stride;
} Table;

typedef struct {
    PyObject_HEAD
    int n, total, W, sh, nb, values_ok, plain, trump_run, valorder, hero, has_val;
    uint64_t suitm[MAXBITS];   /* per block */
    uint64_t trump;
    int voidany, voidover, otl;
    int64_t wi[MAXN];
    int maxs[MAXN];
    int64_t wmin, wmax, wlo, whi;
    int64_t val[MAXBITS];      /* points per bit */
    int sig[MAXBITS];          /* how a bit scores (points, sweep sets) as a small class */
    int uniform[MAXBITS];      /* per block: its cards all score alike */
    int patbits, npat;         /* pattern of scores of non-uniform blocks in the key */
    int keymode[MAXBITS];      /* per block: KEY_RENUMBER, KEY_PATTERN or KEY_RAW */
    int patslot[MAXBITS];      /* per pattern block: its word in the key */
    int patshift[MAXBITS];     /* and its place in that word */
    uint64_t *patw;            /* 8-bit blocks: [block][live ranks] -> pattern word */
    int64_t *valsum;           /* 8-bit blocks: [block][cards] -> their points */

    int64_t tv;
    int64_t idxv[MAXTRICKS + 1];
    int64_t idxsum[MAXTRICKS + 2];
    int nsw;
    uint64_t swm[MAXSW];
    int64_t swb[MAXSW];
    int swby[MAXSW][MAXN];
    int64_t swtight[MAXSW][MAXN], swtight_max[MAXSW], sw_all_lo[MAXSW], sw_all_hi[MAXSW];
    unsigned char mode[MAXN][MAXN][MAXN];
    unsigned char lead_high[MAXN], lead_wins[MAXN], lead_vs_hero[MAXN], quick[MAXN];
    uint64_t kills[MAXN][MAXTRICKS + 1];
    uint64_t H[MAXN];
    /* the transposition table */
    Table tt;
    int nkey;
    /* partition search (DDS's winning ranks): entries that keep only the ranks that decided
       their value, grouped by leader, sweep status and suit lengths */
    int part, hb, fb, sb, nlens, ngroup;
    uint64_t forced;           /* cards whose ranks always count (scoring, overtrump duties) */
    int pcls[MAXBITS];         /* per bit: its scoring class in the entries' patterns */
    Table groups;
    size_t part_entries;
    uint64_t rel;              /* the cards whose ranks decided the value just returned */
    long long nodes, limit;
    int exceeded;
} Core;


/* 8-bit blocks (every game here): per (cards in play, a hand's cards) of a block, the hand's
   cards that top a run of touching cards (their renumbering: PEXT8) */
static uint8_t TOPS8[256][256];

static void init_tables(void) {
    fill_pext8();
    for (int lb = 0; lb < 256; lb++) {
        for (int hb = 0; hb < 256; hb++) {
            int tops = 0, prev_mine = 0;
            for (int i = 7; i >= 0; i--) {
                if (!((lb >> i) & 1)) continue;
                int mine = (hb >> i) & 1;
                if (mine && !prev_mine) tops |= 1 << i;
                prev_mine = mine;
            }
            TOPS8[lb][hb] = (uint8_t)(tops & hb);
        }
    }
}

enum { KEY_RENUMBER, KEY_PATTERN, KEY_RAW };

static inline uint64_t suit_of(Core *c, uint64_t bit) {
    return c->suitm[bitidx(bit) >> c->sh];
}

/* -- sweep status: 4 bits per rule holding status + 2 ----------------------------------- */
static inline int sw_get(unsigned sw, int i) { return (int)((sw >> (4 * i)) & 15) - 2; }
static inline unsigned sw_set(unsigned sw, int i, int s) {
    return (sw & ~(15u << (4 * i))) | ((unsigned)(s + 2) << (4 * i));
}

static unsigned sweep_update(Core *c, unsigned sw, uint64_t tm, int w) {
    for (int i = 0; i < c->nsw; i++) {
        if (!(tm & c->swm[i])) continue;
        int s = sw_get(sw, i);
        if (s == NOBODY) sw = sw_set(sw, i, c->swby[i][w]);
        else if (s != w && s != SPLIT) sw = sw_set(sw, i, SPLIT);
    }
    return sw;
}

static int64_t sweep_bonus(Core *c, unsigned sw) {
    int64_t v = 0;
    for (int i = 0; i < c->nsw; i++) {
        int s = sw_get(sw, i);
        if (s >= 0) v += c->wi[s] * c->swb[i];
    }
    return v;
}

static inline uint64_t legal(Core *c, uint64_t h, int k, uint64_t best, uint64_t led) {
    return follow_duty(h, k, best, led, c->trump, c->voidany, c->voidover, c->otl);
}

/* the legal cards that top a run of touching cards (no other card in play between them,
   same block, same scoring): the others of a run give the same values */
static uint64_t candidates_by_loop(Core *c, uint64_t h, uint64_t lg, uint64_t live);

static inline uint64_t candidates(Core *c, uint64_t h, uint64_t lg, uint64_t live) {
    if (c->W != 8) return candidates_by_loop(c, h, lg, live);
    uint64_t out = 0, m = lg;
    while (m) {
        int blk = bitidx(m) >> 3;
        uint64_t bm = c->suitm[blk];
        if (c->uniform[blk]) {
            int base = blk << 3;
            out |= ((uint64_t)TOPS8[(live >> base) & 255][(h >> base) & 255] << base) & lg & bm;
        } else {
            out |= candidates_by_loop(c, h, lg & bm, live);
        }
        m &= ~bm;
    }
    return out;
}

static uint64_t candidates_by_loop(Core *c, uint64_t h, uint64_t lg, uint64_t live) {
    uint64_t out = 0, m = lg, prev = 0;
    while (m) {
        uint64_t b = topbit(m);
        m ^= b;
        if (!(prev && suit_of(c, b) == suit_of(c, prev)
              && !(live & ~h & (prev - 1) & above(b))
              && c->sig[bitidx(b)] == c->sig[bitidx(prev)]))
            out |= b;
        prev = b;
    }
    return out;
}

/* -- move order (search.py's order()) ---------------------------------------------------- */
typedef struct { uint64_t c; int64_t key; } Move;

/* stable insertion sort by key, ascending */
static void sort_moves(Move *mv, int count) {
    for (int i = 1; i < count; i++) {
        Move x = mv[i];
        int j = i - 1;
        while (j >= 0 && mv[j].key > x.key) { mv[j + 1] = mv[j]; j--; }
        mv[j + 1] = x;
    }
}

static int push_up(uint64_t m, uint64_t *out, int k) {      /* low to high */
    while (m) { uint64_t b = m & -m; m ^= b; out[k++] = b; }
    return k;
}

static int push_down(uint64_t m, uint64_t *out, int k) {    /* high to low */
    while (m) { uint64_t b = topbit(m); m ^= b; out[k++] = b; }
    return k;
}

/* a follower's order: 0 win cheaply, 1 duck high, 2 keep high cards, 3 shed high cards;
   with points to shed or avoid, the cards that do not take the trick go by their points */
static int follow_order(Core *c, int p, int k, uint64_t cand, uint64_t wbit, int wpos,
                        uint64_t ledm, uint64_t *out) {
    uint64_t winners = cand & (ledm | c->trump) & above(wbit);
    uint64_t losers = cand ^ winners;
    int mode = c->mode[p][wpos][k];
    int cnt = 0;
    if (!c->valorder) {
        switch (mode) {
        case 0: cnt = push_up(winners, out, 0); return push_up(losers, out, cnt);
        case 1: cnt = push_down(losers, out, 0); return push_down(winners, out, cnt);
        case 2: cnt = push_up(losers, out, 0); return push_up(winners, out, cnt);
        default: return push_down(cand, out, 0);
        }
    }
    Move duck[MAXBITS];
    int nd = 0;
    uint64_t tmp[MAXBITS];
    if (mode == 3) {
        int t = push_down(cand, tmp, 0);
        for (int i = 0; i < t; i++) { duck[i].c = tmp[i]; duck[i].key = -c->val[bitidx(tmp[i])]; }
        sort_moves(duck, t);
        for (int i = 0; i < t; i++) out[i] = duck[i].c;
        return t;
    }
    int t = (mode == 1) ? push_down(losers, tmp, 0) : push_up(losers, tmp, 0);
    for (int i = 0; i < t; i++) {
        duck[nd].c = tmp[i];
        duck[nd].key = mode == 1 ? -c->val[bitidx(tmp[i])] : c->val[bitidx(tmp[i])];
        nd++;
    }
    sort_moves(duck, nd);
    if (mode == 0) {
        cnt = push_up(winners, out, 0);
        for (int i = 0; i < nd; i++) out[cnt++] = duck[i].c;
        return cnt;
    }
    for (int i = 0; i < nd; i++) out[cnt++] = duck[i].c;
    return mode == 1 ? push_down(winners, out, cnt) : push_up(winners, out, cnt);
}

static int lead_order(Core *c, int p, uint64_t cand, uint64_t h, uint64_t live,
                      uint64_t first, uint64_t *out) {
    int cnt = 0;
    if (first & cand) {
        out[cnt++] = first;
        cand ^= first;
    }
    if (c->lead_wins[p]) {
        /* his sure winners first (no higher card of the suit held by another) */
        uint64_t others = live & ~h, rest = cand, m = cand;
        while (m) {
            uint64_t b = c->has_val ? (m & -m) : topbit(m);
            m ^= b;
            if (!(others & suit_of(c, b) & above(b))) { out[cnt++] = b; rest ^= b; }
        }
        return push_up(rest, out, cnt);
    }
    Move mv[MAXBITS];
    int nm = 0;
    uint64_t m = cand;
    int rmask = c->W - 1;
    while (m) {
        uint64_t b = m & -m;
        m ^= b;
        int i = bitidx(b);
        /* by rank within the block, ties by block: (rank, bit) ascending, or all reversed */
        int64_t key = ((int64_t)(i & rmask) << 8) | i;
        mv[nm].c = b;
        mv[nm].key = c->lead_high[p] ? -key : key;
        nm++;
    }
    sort_moves(mv, nm);
    if (c->valorder) {
        int64_t sign = c->maxs[p] ? -1 : 1;
        for (int i = 0; i < nm; i++) mv[i].key = sign * c->val[bitidx(mv[i].c)];
        sort_moves(mv, nm);
    }
    if (c->lead_vs_hero[p] && c->hero >= 0 && c->H[c->hero]) {
        /* a lone hero led to: last the suits he is void in; in plain trick counts first
           those he cannot duck (his lowest card of the suit beats the lead) */
        uint64_t hh = c->H[c->hero];
        int plain = c->lead_vs_hero[p] == 1;
        uint64_t can[MAXBITS], voids[MAXBITS];
        int ncan = 0, nvoid = 0;
        for (int i = 0; i < nm; i++) {
            uint64_t b = mv[i].c;
            uint64_t hb = hh & suit_of(c, b);
            if (!hb) voids[nvoid++] = b;
            else if (plain && !((hb & -hb) < b)) out[cnt++] = b;
            else can[ncan++] = b;
        }
        for (int i = 0; i < ncan; i++) out[cnt++] = can[i];
        for (int i = 0; i < nvoid; i++) out[cnt++] = voids[i];
        return cnt;
    }
    for (int i = 0; i < nm; i++) out[cnt++] = mv[i].c;
    return cnt;
}

/* -- transposition table ----------------------------------------------------------------- */
/* the key of the position at a trick start: hands with ranks renumbered among the cards in
   play, the pattern of scores of non-uniform blocks, leader and sweep status */
static void make_key(Core *c, int leader, unsigned sw, uint64_t *key) {
    int n = c->n;
    uint64_t *hk = key + 1;
    uint64_t *pat = key + 1 + n;
    memset(hk, 0, sizeof(uint64_t) * (n + c->npat));
    for (int blk = 0; blk < c->nb; blk++) {
        int base = blk * c->W;
        uint64_t bm = c->suitm[blk];
        int mode = c->keymode[blk];
        if (mode == KEY_RAW) {
            for (int p = 0; p < n; p++) hk[p] |= c->H[p] & bm;
            continue;
        }
        uint64_t lb = 0;
        for (int p = 0; p < n; p++) lb |= c->H[p] & bm;
        if (c->W == 8) {
            int live8 = (int)(lb >> base);
            for (int p = 0; p < n; p++)
                hk[p] |= (uint64_t)PEXT8[live8][(c->H[p] >> base) & 255] << base;
            if (mode == KEY_PATTERN) pat[c->patslot[blk]] |= c->patw[blk * 256 + live8];
            continue;
        }
        int j = 0;
        uint64_t pw = 0;
        while (lb) {
            uint64_t b = lb & -lb;
            lb ^= b;
            for (int p = 0; p < n; p++) {
                if (c->H[p] & b) { hk[p] |= 1ULL << (base + j); break; }
            }
            if (mode == KEY_PATTERN) pw |= (uint64_t)c->sig[bitidx(b)] << (j * c->patbits);
            j++;
        }
        if (mode == KEY_PATTERN) pat[c->patslot[blk]] |= pw << c->patshift[blk];
    }
    key[0] = 1ULL << 63 | (uint64_t)sw << 8 | (uint64_t)leader;
}

static inline uint64_t hash_words(const uint64_t *w, int count) {
    uint64_t x = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < count; i++) {
        x ^= w[i] + 0x9E3779B97F4A7C15ULL + (x << 6) + (x >> 2);
        x *= 0xBF58476D1CE4E5B9ULL;
    }
    return x ^ (x >> 31);
}

static int table_init(Table *t, int kw, int stride, size_t cap0) {
    if (t->slots && t->kw == kw && t->stride == stride && t->cap == cap0) {
        memset(t->slots, 0, t->cap * t->stride * sizeof(uint64_t));
    } else {
        PyMem_Free(t->slots);
        t->slots = PyMem_Calloc(cap0 * stride, sizeof(uint64_t));
        if (!t->slots) { PyErr_NoMemory(); return 0; }
        t->cap = cap0;
    }
    t->cap0 = cap0;
    t->kw = kw;
    t->stride = stride;
    t->used = 0;
    return 1;
}

static void table_clear(Table *t) {
    if (t->slots) memset(t->slots, 0, t->cap * t->stride * sizeof(uint64_t));
    t->used = 0;
}

/* empty, at ``cap`` slots: a fresh allocation unless the size is already right (a large
   table is cheaper to allocate afresh, its pages zeroed as they are touched, than to clear) */
static int table_resize(Table *t, size_t cap) {
    if (!t->slots) return 1;
    if (t->cap != cap) {
        uint64_t *slots = PyMem_Calloc(cap * t->stride, sizeof(uint64_t));
        if (!slots) { PyErr_NoMemory(); return 0; }
        PyMem_Free(t->slots);
        t->slots = slots;
        t->cap = cap;
        t->used = 0;
    } else {
        table_clear(t);
    }
    return 1;
}

static int table_reset(Table *t) { return table_resize(t, t->cap0); }

/* the slot of key: its own, or the empty one where it would go */
static uint64_t *table_find(Table *t, const uint64_t *key) {
    size_t mask = t->cap - 1;
    size_t i = (size_t)hash_words(key, t->kw) & mask;
    for (;;) {
        uint64_t *e = t->slots + i * t->stride;
        if (!e[0]) return e;
        int same = 1;
        for (int w = 0; w < t->kw; w++) if (e[w] != key[w]) { same = 0; break; }
        if (same) return e;
        i = (i + 1) & mask;
    }
}

static int table_grow(Table *t) {
    size_t old_cap = t->cap;
    uint64_t *old = t->slots;
    uint64_t *slots = PyMem_Calloc(old_cap * 2 * t->stride, sizeof(uint64_t));
    if (!slots) return 0;
    t->slots = slots;
    t->cap = old_cap * 2;
    for (size_t i = 0; i < old_cap; i++) {
        uint64_t *e = old + i * t->stride;
        if (e[0]) memcpy(table_find(t, e), e, sizeof(uint64_t) * t->stride);
    }
    PyMem_Free(old);
    return 1;
}

/* the slot of key, made if new (its payload zero); *cleared set when the table was full at
   its size limit (or could not grow) and was emptied to make room */
static uint64_t *table_add(Table *t, const uint64_t *key, int *cleared, int *fresh) {
    uint64_t *e = table_find(t, key);
    *fresh = !e[0];
    if (e[0]) return e;
    if ((t->used + 1) * 2 > t->cap) {
        if (t->cap >= MAXCAP || !table_grow(t)) {
            table_clear(t);
            *cleared = 1;
        }
        e = table_find(t, key);
    }
    memcpy(e, key, sizeof(uint64_t) * t->kw);
    t->used++;
    return e;
}

static void store(Core *c, uint64_t *key, int64_t lo, int64_t hi, uint64_t best) {
    int cleared = 0, fresh = 0;
    uint64_t *e = table_add(&c->tt, key, &cleared, &fresh);
    int kw = c->tt.kw;
    e[kw] = (uint64_t)lo;
    e[kw + 1] = (uint64_t)hi;
    e[kw + 2] = best;
}

/* -- partition search ------------------------------------------------------------------ */

/* the pattern of the position at a trick start: per block the holder and scoring class of
   each card in play from the top (a field of sb bits each, from the word's top), and the
   suit lengths of each hand */
static void part_pattern(Core *c, uint64_t live, uint64_t *seq, uint64_t *lens) {
    /* lens: the suit lengths of each hand, then per block the sorted classes of its cards
       that always count (a pattern keeps them all, so a position with more of them below
       the pattern's depth must not match) */
    memset(lens, 0, sizeof(uint64_t) * c->ngroup);
    for (int blk = 0; blk < c->nb; blk++) {
        uint64_t bm = c->suitm[blk];
        uint64_t lb = live & bm;
        uint64_t w = 0;
        int j = 1, nk = 0;
        int kinds[MAXBITS];
        while (lb) {
            uint64_t b = topbit(lb);
            lb ^= b;
            int p = 0;
            while (!(c->H[p] & b)) p++;
            int k = c->pcls[bitidx(b)];
            w |= (uint64_t)((p << c->fb) | k) << (64 - c->sb * j);
            j++;
            if (k) {
                int i = nk++;
                while (i > 0 && kinds[i - 1] > k) { kinds[i] = kinds[i - 1]; i--; }
                kinds[i] = k;
            }
        }
        uint64_t kw = 0;
        for (int i = 0; i < nk; i++) kw = kw << 8 | (uint64_t)kinds[i];
        lens[c->nlens + blk] = kw;
        seq[blk] = w;
        for (int p = 0; p < c->n; p++) {
            int f = (p * c->nb + blk) * 4;
            lens[f >> 6] |= (uint64_t)popc(c->H[p] & bm) << (f & 63);
        }
    }
}

static inline uint64_t top_fields(Core *c, int d) {
    return d ? ~0ULL << (64 - c->sb * d) : 0;
}

/* the cards of a pattern (its depth per block) in this position: each block's top cards */
static uint64_t pattern_cards(Core *c, uint64_t dw, uint64_t live) {
    uint64_t out = 0;
    for (int blk = 0; blk < c->nb; blk++) {
        int d = (int)((dw >> (4 * blk)) & 15);
        uint64_t lb = live & c->suitm[blk];
        while (d-- > 0 && lb) { uint64_t t = topbit(lb); out |= t; lb ^= t; }
    }
    return out;
}

/* a group's entries: [depths][the pattern cut to those depths, a word per block][lower]
   [upper][best], in an array of its own (the group's slot holds count, room and pointer) */
#define GROUP_LIMIT 256            /* entries kept per group; past it, the oldest give way */
#define PART_LIMIT (1u << 22)      /* entries in all: past it, the table starts afresh */

static inline int part_stride(Core *c) { return 1 + c->nb + 3; }

/* the entries of every group freed and the groups emptied */
static void groups_clear(Core *c) {
    Table *t = &c->groups;
    if (!t->slots) return;
    int gk = t->kw;
    for (size_t i = 0; i < t->cap; i++) {
        uint64_t *g = t->slots + i * t->stride;
        if (g[0]) PyMem_Free((void *)(uintptr_t)g[gk + 2]);
    }
    table_clear(t);
    c->part_entries = 0;
}

static inline int part_matches(Core *c, const uint64_t *e, const uint64_t *seq) {
    uint64_t dw = e[0];
    for (int blk = 0; blk < c->nb; blk++)
        if ((seq[blk] & top_fields(c, (int)((dw >> (4 * blk)) & 15))) != e[1 + blk]) return 0;
    return 1;
}

static void part_store(Core *c, const uint64_t *gkey, const uint64_t *seq, uint64_t live,
                       uint64_t rel, int64_t lo, int64_t hi, uint64_t best) {
    rel = (rel | c->forced) & live;
    uint64_t dw = 0;
    for (int blk = 0; blk < c->nb; blk++) {
        uint64_t bm = c->suitm[blk];
        uint64_t rb = rel & bm;
        if (!rb) continue;
        uint64_t low = rb & -rb;
        int d = popc(live & bm & ~(low - 1));
        dw |= (uint64_t)d << (4 * blk);
    }
    Table *t = &c->groups;
    if (c->part_entries >= PART_LIMIT) groups_clear(c);
    /* room for a new group first (emptying the table frees the groups' arrays) */
    if ((t->used + 1) * 2 > t->cap && (t->cap >= MAXCAP || !table_grow(t))) groups_clear(c);
    int cleared = 0, fresh = 0;
    uint64_t *g = table_add(t, gkey, &cleared, &fresh);
    int gk = c->groups.kw, es = part_stride(c);
    uint64_t count = g[gk], room = g[gk + 1];
    uint64_t *arr = (uint64_t *)(uintptr_t)g[gk + 2];
    uint64_t cut[MAXBITS];
    for (int blk = 0; blk < c->nb; blk++)
        cut[blk] = seq[blk] & top_fields(c, (int)((dw >> (4 * blk)) & 15));
    for (uint64_t i = 0; i < count; i++) {
        uint64_t *e = arr + i * es;
        if (e[0] != dw || memcmp(e + 1, cut, sizeof(uint64_t) * c->nb)) continue;
        /* the same pattern already bounded: both bounds hold */
        int64_t olo = (int64_t)e[1 + c->nb], ohi = (int64_t)e[2 + c->nb];
        e[1 + c->nb] = (uint64_t)(lo > olo ? lo : olo);
        e[2 + c->nb] = (uint64_t)(hi < ohi ? hi : ohi);
        if (best) e[3 + c->nb] = best;
        return;
    }
    uint64_t *e;
    if (count < room) {
        e = arr + count * es;
        g[gk] = count + 1;
        c->part_entries++;
    } else if (room < GROUP_LIMIT) {
        uint64_t nroom = room ? room * 2 : 4;
        uint64_t *na = PyMem_Realloc(arr, nroom * es * sizeof(uint64_t));
        if (!na) return;   /* no memory: the value is simply not kept */
        g[gk + 1] = nroom;
        g[gk + 2] = (uint64_t)(uintptr_t)na;
        e = na + count * es;
        g[gk] = count + 1;
        c->part_entries++;
    } else {
        e = arr + (c->nodes % count) * es;   /* a full group: one entry gives way */
    }
    e[0] = dw;
    memcpy(e + 1, cut, sizeof(uint64_t) * c->nb);
    e[1 + c->nb] = (uint64_t)lo;
    e[2 + c->nb] = (uint64_t)hi;
    e[3 + c->nb] = best;
}

/* -- the search ---------------------------------------------------------------------------- */
static int64_t trick_node(Core *c, int leader, unsigned sw, int64_t alpha, int64_t beta);

/* player p plays the k-th card (k >= 1) of trick index ti; tv: the trick's points so far,
   tm: its cards */
static int64_t follow(Core *c, int p, int k, uint64_t wbit, int wpos, uint64_t ledm,
                      int64_t tv, uint64_t tm, int ti, unsigned sw, uint64_t live,
                      int64_t alpha, int64_t beta) {
    c->nodes++;
    uint64_t h = c->H[p];
    uint64_t lg = legal(c, h, k, wbit, ledm);
    uint64_t moves[MAXBITS];
    int nm;
    if (!(lg & (lg - 1))) {
        moves[0] = lg;
        nm = 1;
    } else {
        uint64_t cand = candidates(c, h, lg, live);
        if (!(cand & (cand - 1))) { moves[0] = cand; nm = 1; }
        else nm = follow_order(c, p, k, cand, wbit, wpos, ledm, moves);
    }
    int mx = c->maxs[p];
    int last = (k + 1 == c->n);
    int nextp = (p + 1) % c->n;
    uint64_t winm = ledm | c->trump;
    int64_t best = mx ? INT64_MIN : INT64_MAX;
    /* partition search: the cards whose ranks decided; at the trick's last card, the
       winner's rank counts where it beat a card of its own suit */
    uint64_t rel = 0, wsm = 0, wsuit = 0;
    if (c->part && last) {
        wsm = suit_of(c, wbit);
        wsuit = (tm & wsm) ^ wbit;
    }
    for (int i = 0; i < nm; i++) {
        uint64_t b = moves[i];
        uint64_t nw = wbit;
        int np = wpos;
        if ((b & winm) && b > wbit) { nw = b; np = p; }
        int64_t ntv = tv + c->val[bitidx(b)];
        int64_t v;
        c->H[p] = h ^ b;
        if (last) {
            int64_t g = c->wi[np] * (ntv + c->tv + c->idxv[ti]);
            unsigned nsw = c->nsw ? sweep_update(c, sw, tm | b, np) : sw;
            v = trick_node(c, np, nsw, alpha - g, beta - g) + g;
        } else {
            v = follow(c, nextp, k + 1, nw, np, ledm, ntv, tm | b, ti, sw, live, alpha, beta);
        }
        c->H[p] = h;
        if (c->exceeded) return 0;
        if (c->part) {
            rel |= c->rel;
            if (last) {
                if (np == p) { if (tm & suit_of(c, b)) rel |= b; }
                else if (wsuit || (b & wsm)) rel |= wbit;
            }
        }
        if (mx) {
            if (v > best) { best = v; if (best > alpha) alpha = best; }
        } else {
            if (v < best) { best = v; if (best < beta) beta = best; }
        }
        if (alpha >= beta) break;
    }
    c->rel = rel;
    return best;
}

static int64_t last_trick(Core *c, int leader, int ti, unsigned sw) {
    uint64_t lead = c->H[leader];
    uint64_t winm = suit_of(c, lead) | c->trump;
    uint64_t wbit = lead, tm = lead;
    int wpos = leader;
    int64_t pts = c->val[bitidx(lead)] + c->tv + c->idxv[ti];
    for (int j = 1; j < c->n; j++) {
        int p = (leader + j) % c->n;
        uint64_t b = c->H[p];
        tm |= b;
        pts += c->val[bitidx(b)];
        if ((b & winm) && b > wbit) { wbit = b; wpos = p; }
    }
    int64_t v = c->wi[wpos] * pts;
    if (c->nsw) v += sweep_bonus(c, sweep_update(c, sw, tm, wpos));
    /* the winning card's rank decided the trick only if it beat a card of its own suit */
    c->rel = ((tm ^ wbit) & suit_of(c, wbit)) ? wbit : 0;
    return v;
}

/* how many of the block's highest cards in play the hand holds in a row */
static inline int top_run(uint64_t lb, uint64_t hb) {
    int k = 0;
    while (lb) {
        uint64_t t = topbit(lb);
        if (!(hb & t)) break;
        k++;
        lb ^= t;
    }
    return k;
}

/* tricks the leader can cash from the top: his top trumps, and his top cards of the other
   suits when nobody else holds a trump */
static int quick_tricks(Core *c, uint64_t h, uint64_t live) {
    int k = 0;
    if (c->trump) {
        if (h & c->trump) k = top_run(live & c->trump, h & c->trump);
        if (live & ~h & c->trump) return k;
    }
    for (int blk = 0; blk < c->nb; blk++) {
        uint64_t bm = c->suitm[blk];
        if (bm == c->trump) continue;
        if (h & bm) k += top_run(live & bm, h & bm);
    }
    return k;
}

/* the cards that make the leader's quick tricks (see quick_tricks) */
static uint64_t quick_cards(Core *c, uint64_t h, uint64_t live) {
    uint64_t out = 0;
    int others_trump = c->trump && (live & ~h & c->trump);
    for (int blk = 0; blk < c->nb; blk++) {
        uint64_t bm = c->suitm[blk];
        if (bm != c->trump && others_trump) continue;
        uint64_t lb = live & bm;
        int k = top_run(lb, h & bm);
        while (k-- > 0) { uint64_t t = topbit(lb); out |= t; lb ^= t; }
    }
    return out;
}

/* static bounds of the future value; *prel: the cards whose ranks they rest on */
static void static_bounds(Core *c, int leader, int r, int ti, unsigned sw, uint64_t live,
                          int64_t *plo, int64_t *phi, uint64_t *prel) {
    int64_t lo = -BIG, hi = BIG;
    *prel = 0;
    if (c->values_ok) {
        int64_t P = c->tv * r + c->idxsum[ti];
        if (c->has_val) {
            if (c->valsum) {
                for (int blk = 0; blk < c->nb; blk++)
                    P += c->valsum[blk * 256 + ((live >> (blk * 8)) & 255)];
            } else {
                uint64_t m = live;
                while (m) { uint64_t b = m & -m; m ^= b; P += c->val[bitidx(b)]; }
            }
        }
        lo = c->wlo * P;
        hi = c->whi * P;
        for (int i = 0; i < c->nsw; i++) {
            int s = sw_get(sw, i);
            if (s == SPLIT) continue;
            if (s >= 0) {
                int64_t fixed = c->wi[s] * c->swb[i];
                if (live & c->swm[i]) {
                    lo += (fixed < 0 ? fixed : 0) + c->swtight[i][s];
                    hi += fixed > 0 ? fixed : 0;
                } else {
                    lo += fixed;
                    hi += fixed;
                }
            } else {
                lo += c->sw_all_lo[i];
                hi += c->sw_all_hi[i];
                if (live & c->swm[i]) lo += c->swtight_max[i];
            }
        }
    }
    if (c->plain) {
        uint64_t h = c->H[leader];
        if (c->quick[leader]) {
            int k = quick_tricks(c, h, live);
            if (k) {
                if (c->maxs[leader]) {
                    int64_t q = c->tv * (k * c->wi[leader] + (c->wmin < 0 ? c->wmin * (r - k) : 0));
                    if (q > lo) { lo = q; if (c->part) *prel = quick_cards(c, h, live); }
                } else {
                    int64_t q = c->tv * (k * c->wi[leader] + (c->wmax > 0 ? c->wmax * (r - k) : 0));
                    if (q < hi) { hi = q; if (c->part) *prel = quick_cards(c, h, live); }
                }
            }
        }
        if (c->trump_run && !c->part) {
            uint64_t tl = live & c->trump;
            if (tl) {
                uint64_t top = topbit(tl);
                int th = 0;
                while (!(c->H[th] & top)) th++;
                int k = top_run(tl, c->H[th] & c->trump);
                int64_t q = c->tv * (k * c->wi[th] + c->wlo * (r - k));
                if (q > lo) lo = q;
                q = c->tv * (k * c->wi[th] + c->whi * (r - k));
                if (q < hi) hi = q;
            }
        }
    }
    *plo = lo;
    *phi = hi;
}

static int64_t lead(Core *c, int leader, unsigned sw, int ti, uint64_t live, uint64_t first,
                    int64_t alpha, int64_t beta, uint64_t *bestc_out) {
    uint64_t h = c->H[leader];
    uint64_t cand = candidates(c, h, h, live);
    uint64_t moves[MAXBITS];
    int nm;
    if (!(cand & (cand - 1))) { moves[0] = cand; nm = 1; }
    else nm = lead_order(c, leader, cand, h, live, first, moves);
    int mx = c->maxs[leader];
    int nextp = (leader + 1) % c->n;
    int64_t best = mx ? INT64_MIN : INT64_MAX;
    uint64_t bestc = 0, rel = 0;
    for (int i = 0; i < nm; i++) {
        uint64_t b = moves[i];
        uint64_t ledm = suit_of(c, b);
        int64_t cv = c->val[bitidx(b)];
        int64_t v;
        c->H[leader] = h ^ b;
        if (bestc && beta - alpha > 1) {
            /* not the first lead: a null window, widened only if it beats the best */
            if (mx) {
                v = follow(c, nextp, 1, b, leader, ledm, cv, b, ti, sw, live, alpha, alpha + 1);
                if (!c->exceeded && alpha < v && v < beta)
                    v = follow(c, nextp, 1, b, leader, ledm, cv, b, ti, sw, live, v - 1, beta);
            } else {
                v = follow(c, nextp, 1, b, leader, ledm, cv, b, ti, sw, live, beta - 1, beta);
                if (!c->exceeded && alpha < v && v < beta)
                    v = follow(c, nextp, 1, b, leader, ledm, cv, b, ti, sw, live, alpha, v + 1);
            }
        } else {
            v = follow(c, nextp, 1, b, leader, ledm, cv, b, ti, sw, live, alpha, beta);
        }
        c->H[leader] = h;
        if (c->exceeded) return 0;
        rel |= c->rel;
        if (mx) {
            if (v > best) { best = v; bestc = b; if (v > alpha) alpha = v; }
        } else {
            if (v < best) { best = v; bestc = b; if (v < beta) beta = v; }
        }
        if (alpha >= beta) break;
    }
    *bestc_out = bestc;
    c->rel = rel;
    return best;
}

static int64_t part_trick_node(Core *c, int leader, unsigned sw, int r, int ti, uint64_t live,
                               int64_t lo, int64_t hi, uint64_t rel, int64_t alpha,
                               int64_t beta);

static int64_t trick_node(Core *c, int leader, unsigned sw, int64_t alpha, int64_t beta) {
    uint64_t h = c->H[leader];
    if (!h) {
        c->rel = 0;
        return c->nsw ? sweep_bonus(c, sw) : 0;
    }
    int r = popc(h);
    int ti = c->total - r;
    if (r == 1) {
        c->nodes++;
        return last_trick(c, leader, ti, sw);
    }
    if (c->nodes > c->limit) {
        c->exceeded = 1;
        return 0;
    }
    uint64_t live = 0;
    for (int q = 0; q < c->n; q++) live |= c->H[q];
    int64_t lo, hi;
    uint64_t rel;
    static_bounds(c, leader, r, ti, sw, live, &lo, &hi, &rel);
    c->rel = rel;
    if (lo >= beta || lo == hi) return lo;
    if (hi <= alpha) return hi;
    if (c->part) return part_trick_node(c, leader, sw, r, ti, live, lo, hi, rel, alpha, beta);
    uint64_t key[1 + MAXN + MAXPAT];
    make_key(c, leader, sw, key);
    int kw = c->tt.kw;
    uint64_t *e = table_find(&c->tt, key);
    uint64_t hint = 0;
    if (e[0]) {
        int64_t elo = (int64_t)e[kw], ehi = (int64_t)e[kw + 1];
        if (elo > lo) { lo = elo; if (lo >= beta) return lo; }
        if (ehi < hi) { hi = ehi; if (hi <= alpha) return hi; }
        if (lo == hi) return lo;
        hint = e[kw + 2] & h;
    }
    int64_t a = alpha > lo ? alpha : lo;
    int64_t b = beta < hi ? beta : hi;
    uint64_t first = hint ? hint : c->kills[leader][r];
    uint64_t bestc = 0;
    int64_t v = lead(c, leader, sw, ti, live, first, a, b, &bestc);
    if (c->exceeded) return 0;
    if (v <= a) { if (v < hi) hi = v; }
    else if (v >= b) { if (v > lo) lo = v; }
    else lo = hi = v;
    store(c, key, lo, hi, bestc);
    c->kills[leader][r] = bestc;
    return v;
}

/* trick_node with partition entries: every entry of the position's group whose pattern the
   position matches bounds its value; the value found is stored under the pattern of the
   cards that decided it */
static int64_t part_trick_node(Core *c, int leader, unsigned sw, int r, int ti, uint64_t live,
                               int64_t lo, int64_t hi, uint64_t rel, int64_t alpha,
                               int64_t beta) {
    uint64_t h = c->H[leader];
    uint64_t seq[MAXBITS], lens[4 + MAXBITS];
    part_pattern(c, live, seq, lens);
    uint64_t meta = 1ULL << 63 | (uint64_t)sw << 8 | (uint64_t)leader;
    uint64_t gkey[1 + 4 + MAXBITS];
    gkey[0] = meta;
    memcpy(gkey + 1, lens, sizeof(uint64_t) * c->ngroup);
    uint64_t *g = table_find(&c->groups, gkey);
    uint64_t hint = 0;
    if (g[0]) {
        int gk = c->groups.kw, es = part_stride(c), nb = c->nb;
        uint64_t count = g[gk];
        const uint64_t *arr = (const uint64_t *)(uintptr_t)g[gk + 2];
        for (uint64_t i = 0; i < count; i++) {
            const uint64_t *e = arr + i * es;
            if (!part_matches(c, e, seq)) continue;
            int64_t elo = (int64_t)e[1 + nb], ehi = (int64_t)e[2 + nb];
            int used = 0;
            if (elo > lo) { lo = elo; used = 1; }
            if (ehi < hi) { hi = ehi; used = 1; }
            if (used) {
                rel |= pattern_cards(c, e[0], live);
                if (lo >= beta || hi <= alpha || lo == hi) {
                    c->rel = rel;
                    return (lo >= beta || lo == hi) ? lo : hi;
                }
            }
            if (!hint) hint = e[3 + nb] & h;
        }
    }
    int64_t a = alpha > lo ? alpha : lo;
    int64_t b = beta < hi ? beta : hi;
    uint64_t first = hint ? hint : c->kills[leader][r];
    uint64_t bestc = 0;
    int64_t v = lead(c, leader, sw, ti, live, first, a, b, &bestc);
    if (c->exceeded) return 0;
    if (v <= a) { if (v < hi) hi = v; }
    else if (v >= b) { if (v > lo) lo = v; }
    else lo = hi = v;
    rel |= c->rel;
    part_store(c, gkey, seq, live, rel, lo, hi, bestc);
    c->rel = rel;
    c->kills[leader][r] = bestc;
    return v;
}

/* -- Python type ------------------------------------------------------------------------ */

static int read_exact(PyObject *seq, int64_t *out, Py_ssize_t want, const char *what) {
    Py_ssize_t got = 0;
    if (!read_ints(seq, out, want, &got, what)) return 0;
    if (got != want) {
        PyErr_Format(PyExc_ValueError, "%s: %zd entries, %zd wanted", what, got, want);
        return 0;
    }
    return 1;
}

static int64_t imin(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t imax(int64_t a, int64_t b) { return a > b ? a : b; }

/* Core(shape) with shape a dict of the problem's constants (see compiled.py's core_shape) */
static int Core_init(Core *c, PyObject *args, PyObject *kw) {
    PyObject *d;
    if (!PyArg_ParseTuple(args, "O!", &PyDict_Type, &d)) return -1;
#define ITEM(name) PyObject *o_##name = PyDict_GetItemString(d, #name); \
    if (!o_##name) { PyErr_SetString(PyExc_KeyError, #name); return -1; }
    ITEM(suit_masks) ITEM(width) ITEM(trump) ITEM(void_any) ITEM(void_over) ITEM(otl)
    ITEM(weights) ITEM(hero_side) ITEM(values) ITEM(signatures) ITEM(uniform)
    ITEM(trick_value) ITEM(trick_index_values) ITEM(total) ITEM(sweep_masks)
    ITEM(sweep_bonuses) ITEM(sweep_by) ITEM(sweep_tight) ITEM(modes) ITEM(lead_high)
    ITEM(lead_wins) ITEM(lead_vs_hero) ITEM(hero) ITEM(quick) ITEM(plain) ITEM(trump_run)
    ITEM(values_ok) ITEM(value_order) ITEM(live) ITEM(partition) ITEM(partition_classes)
#undef ITEM
    Py_ssize_t nb, n, nm, nv, ni, nsw, nsb;
    int64_t tmp[MAXN * MAXN * MAXN];
    memset(c->suitm, 0, sizeof c->suitm);
    if (!read_masks(o_suit_masks, c->suitm, MAXBITS, &nb, "suit masks")) return -1;
    if (!read_ints(o_weights, c->wi, MAXN, &n, "weights")) return -1;
    if (n < 2) { PyErr_SetString(PyExc_ValueError, "fewer than two seats"); return -1; }
    if (!read_ints(o_hero_side, tmp, MAXN, &nm, "hero side")) return -1;
    if (nm != n) { PyErr_SetString(PyExc_ValueError, "hero side and weights differ"); return -1; }
    for (int p = 0; p < n; p++) c->maxs[p] = tmp[p] != 0;
    memset(c->val, 0, sizeof c->val);
    if (!read_ints(o_values, c->val, MAXBITS, &nv, "card values")) return -1;
    int64_t sig[MAXBITS] = {0};
    if (!read_ints(o_signatures, sig, MAXBITS, NULL, "signatures")) return -1;
    int64_t uni[MAXBITS] = {0};
    if (!read_ints(o_uniform, uni, MAXBITS, NULL, "uniform blocks")) return -1;
    long total = PyLong_AsLong(o_total);
    long width = PyLong_AsLong(o_width);
    long hero = PyLong_AsLong(o_hero);
    long long tv = PyLong_AsLongLong(o_trick_value);
    unsigned long long trump = PyLong_AsUnsignedLongLong(o_trump);
    if (PyErr_Occurred()) return -1;
    if (total < 0 || total > MAXTRICKS) { PyErr_SetString(PyExc_ValueError, "too many tricks"); return -1; }
    if (width < 1 || width > 64 || (width & (width - 1)) || nb * width > MAXBITS) {
        PyErr_SetString(PyExc_ValueError, "bad block width");
        return -1;
    }
    memset(c->idxv, 0, sizeof c->idxv);
    if (!read_ints(o_trick_index_values, c->idxv, MAXTRICKS + 1, &ni, "trick index values"))
        return -1;
    if (!read_masks(o_sweep_masks, c->swm, MAXSW, &nsw, "sweep masks")) return -1;
    if (!read_ints(o_sweep_bonuses, c->swb, MAXSW, &nsb, "sweep bonuses")) return -1;
    if (nsb != nsw) { PyErr_SetString(PyExc_ValueError, "sweep rules differ"); return -1; }
    if (!read_exact(o_sweep_by, tmp, nsw * n, "sweep by")) return -1;
    for (int i = 0; i < nsw; i++) for (int p = 0; p < n; p++) c->swby[i][p] = (int)tmp[i * n + p];
    if (!read_exact(o_sweep_tight, tmp, nsw * n, "sweep tightening")) return -1;
    for (int i = 0; i < nsw; i++) for (int p = 0; p < n; p++) c->swtight[i][p] = tmp[i * n + p];
    if (!read_exact(o_modes, tmp, n * n * n, "follow modes")) return -1;
    for (int i = 0; i < n * n * n; i++) c->mode[i / (n * n)][(i / n) % n][i % n] = (unsigned char)tmp[i];
    if (!read_exact(o_lead_high, tmp, n, "lead high")) return -1;
    for (int p = 0; p < n; p++) c->lead_high[p] = tmp[p] != 0;
    if (!read_exact(o_lead_wins, tmp, n, "lead wins")) return -1;
    for (int p = 0; p < n; p++) c->lead_wins[p] = tmp[p] != 0;
    if (!read_exact(o_lead_vs_hero, tmp, n, "lead vs hero")) return -1;
    for (int p = 0; p < n; p++) c->lead_vs_hero[p] = (unsigned char)tmp[p];
    if (!read_exact(o_quick, tmp, n, "quick tricks")) return -1;
    for (int p = 0; p < n; p++) c->quick[p] = tmp[p] != 0;
    /* partition entries: the scoring classes of the patterns and the cards always kept */
    int64_t pcls[MAXBITS] = {0};
    if (!read_ints(o_partition_classes, pcls, MAXBITS, NULL, "partition classes")) return -1;
    int maxcls = 0;
    for (int i = 0; i < MAXBITS; i++) {
        if (pcls[i] < 0 || pcls[i] > 255) { PyErr_SetString(PyExc_ValueError, "bad class"); return -1; }
        c->pcls[i] = (int)pcls[i];
        if (c->pcls[i] > maxcls) maxcls = c->pcls[i];
    }
    c->forced = 0;
    for (int i = 0; i < MAXBITS; i++) if (c->pcls[i]) c->forced |= 1ULL << i;
    c->hb = 1;
    while ((1 << c->hb) < n) c->hb++;
    c->fb = 0;
    while ((1 << c->fb) <= maxcls) c->fb++;
    c->sb = c->hb + c->fb;
    /* the patterns' fields fit a word per block, and a block's sorted classes a word */
    int few_classes = 1;
    for (int blk = 0; blk < nb; blk++)
        if (popc(c->forced & c->suitm[blk]) > 8) few_classes = 0;
    c->part = PyObject_IsTrue(o_partition) && c->sb * width <= 64 && n * nb <= 64 && few_classes;

    c->n = (int)n;
    c->nb = (int)nb;
    c->W = (int)width;
    c->sh = __builtin_ctz((unsigned)width);
    c->trump = trump;
    c->voidany = PyObject_IsTrue(o_void_any) || !trump;
    c->voidover = PyObject_IsTrue(o_void_over);
    c->otl = PyObject_IsTrue(o_otl) && trump;
    c->plain = PyObject_IsTrue(o_plain);
    c->trump_run = PyObject_IsTrue(o_trump_run);
    c->values_ok = PyObject_IsTrue(o_values_ok);
    c->valorder = PyObject_IsTrue(o_value_order);
    if (PyErr_Occurred()) return -1;
    c->hero = (int)hero;
    c->tv = tv;
    c->total = (int)total;
    c->nsw = (int)nsw;
    c->has_val = 0;
    for (int i = 0; i < MAXBITS; i++) if (c->val[i]) c->has_val = 1;
    c->wmin = c->wmax = c->wi[0];
    for (int p = 0; p < n; p++) { c->wmin = imin(c->wmin, c->wi[p]); c->wmax = imax(c->wmax, c->wi[p]); }
    c->wlo = imin(c->wmin, 0);
    c->whi = imax(c->wmax, 0);
    for (int i = 0; i < nsw; i++) {
        int64_t lo = 0, hi = 0, tmax = c->swtight[i][0];
        for (int p = 0; p < n; p++) {
            lo = imin(lo, c->wi[p] * c->swb[i]);
            hi = imax(hi, c->wi[p] * c->swb[i]);
            tmax = imax(tmax, c->swtight[i][p]);
        }
        c->sw_all_lo[i] = lo;
        c->sw_all_hi[i] = hi;
        c->swtight_max[i] = tmax;
    }
    c->idxsum[total] = 0;
    c->idxsum[total + 1] = 0;
    for (int i = (int)total - 1; i >= 0; i--) c->idxsum[i] = c->idxsum[i + 1] + c->idxv[i];
    /* the key: renumbered hands, and for a block whose cards score differently the pattern
       of scores of its cards in play beside them; a block whose cards in play all score
       differently keeps its raw cards (renumbering would merge nothing) */
    int maxsig = 0;
    for (int i = 0; i < MAXBITS; i++) {
        if (sig[i] < 0 || sig[i] > 255) { PyErr_SetString(PyExc_ValueError, "bad signature"); return -1; }
        c->sig[i] = (int)sig[i];
        if (c->sig[i] > maxsig) maxsig = c->sig[i];
    }
    c->patbits = 1;
    while ((1 << c->patbits) <= maxsig) c->patbits++;
    c->npat = 0;
    uint64_t live_all = 0;
    if (!read_masks(o_live, &live_all, 1, NULL, "cards in play")) return -1;
    int npatblocks = 0;
    for (int blk = 0; blk < nb; blk++) {
        c->uniform[blk] = uni[blk] != 0;
        c->keymode[blk] = KEY_RENUMBER;
        if (c->uniform[blk]) continue;
        uint64_t seen_sigs[4] = {0};
        int distinct = 1;
        uint64_t m = live_all & c->suitm[blk];
        while (m) {
            int i = bitidx(m);
            m &= m - 1;
            int sg = c->sig[i];
            if (seen_sigs[sg >> 6] & (1ULL << (sg & 63))) distinct = 0;
            seen_sigs[sg >> 6] |= 1ULL << (sg & 63);
        }
        /* patterns share key words: as many blocks' fields in a word as fit */
        int field = (int)width * c->patbits;
        int per_word = field <= 64 ? 64 / field : 0;
        if (distinct || !per_word || npatblocks >= MAXPAT * per_word) {
            c->keymode[blk] = KEY_RAW;
        } else {
            c->keymode[blk] = KEY_PATTERN;
            c->patslot[blk] = npatblocks / per_word;
            c->patshift[blk] = (npatblocks % per_word) * field;
            npatblocks++;
            c->npat = c->patslot[blk] + 1;
        }
    }
    PyMem_Free(c->patw);
    PyMem_Free(c->valsum);
    c->patw = NULL;
    c->valsum = NULL;
    if (width == 8) {
        c->patw = PyMem_Calloc((size_t)nb * 256, sizeof(uint64_t));
        c->valsum = PyMem_Calloc((size_t)nb * 256, sizeof(int64_t));
        if (!c->patw || !c->valsum) { PyErr_NoMemory(); return -1; }
        for (int blk = 0; blk < nb; blk++) {
            for (int lb = 0; lb < 256; lb++) {
                uint64_t pw = 0;
                int64_t pts = 0;
                int j = 0;
                for (int i = 0; i < 8; i++) {
                    if (!((lb >> i) & 1)) continue;
                    pw |= (uint64_t)c->sig[blk * 8 + i] << (j * c->patbits);
                    pts += c->val[blk * 8 + i];
                    j++;
                }
                c->patw[blk * 256 + lb] = c->keymode[blk] == KEY_PATTERN ? pw << c->patshift[blk] : 0;
                c->valsum[blk * 256 + lb] = pts;
            }
        }
    }
    /* a larger problem starts with a larger table: growing it costs a rehash each time */
    int cards = popc(live_all);
    size_t cap0 = (size_t)1 << (cards >= 28 ? 15 : cards >= 24 ? 12 : 10);
    c->nkey = c->n + c->npat;
    if (!table_init(&c->tt, 1 + c->nkey, 1 + c->nkey + 3, c->part ? 16 : cap0)) return -1;
    if (c->part) {
        c->nlens = (int)((n * nb * 4 + 63) / 64);
        c->ngroup = c->nlens + (int)nb;
        groups_clear(c);
        if (!table_init(&c->groups, 1 + c->ngroup, 1 + c->ngroup + 3, cap0 / 4)) return -1;
    }
    c->nodes = 0;
    memset(c->kills, 0, sizeof c->kills);
    return 0;
}

static void Core_dealloc(Core *c) {
    PyMem_Free(c->tt.slots);
    groups_clear(c);
    PyMem_Free(c->groups.slots);
    PyMem_Free(c->patw);
    PyMem_Free(c->valsum);
    Py_TYPE(c)->tp_free((PyObject *)c);
}

/* the future value after player p plays b as the k-th card of trick ti */
static int64_t after_move(Core *c, int p, int k, uint64_t b, uint64_t wbit, int wpos,
                          uint64_t ledm, int64_t tv, uint64_t tm, int ti, unsigned sw,
                          int64_t alpha, int64_t beta) {
    uint64_t h = c->H[p];
    if (k == 0) { wbit = b; wpos = p; ledm = suit_of(c, b); }
    else if ((b & (ledm | c->trump)) && b > wbit) { wbit = b; wpos = p; }
    tv += c->val[bitidx(b)];
    tm |= b;
    int64_t v;
    c->H[p] = h ^ b;
    if (k + 1 == c->n) {
        int64_t g = c->wi[wpos] * (tv + c->tv + c->idxv[ti]);
        unsigned nsw = c->nsw ? sweep_update(c, sw, tm, wpos) : sw;
        v = trick_node(c, wpos, nsw, alpha - g, beta - g) + g;
    } else {
        uint64_t live = tm;
        for (int q = 0; q < c->n; q++) live |= c->H[q];
        v = follow(c, (p + 1) % c->n, k + 1, wbit, wpos, ledm, tv, tm, ti, sw, live, alpha,
                   beta);
    }
    c->H[p] = h;
    return v;
}

/* the position's arguments as search() and search_moves() read them */
static int read_position(Core *c, PyObject *hands, int p, int k, int wpos, int ti,
                         PyObject *swseq, unsigned *sw) {
    Py_ssize_t nh;
    if (!read_masks(hands, c->H, MAXN, &nh, "hands")) return 0;
    int64_t swv[MAXSW];
    Py_ssize_t ns = 0;
    if (nh != c->n || p < 0 || p >= c->n || wpos < 0 || wpos >= c->n || k < 0 || k >= c->n
            || ti < 0 || ti >= c->total || !read_ints(swseq, swv, MAXSW, &ns, "sweeps")
            || ns != c->nsw) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "position out of range");
        return 0;
    }
    *sw = 0;
    for (int i = 0; i < c->nsw; i++) {
        if (swv[i] < SPLIT || swv[i] >= c->n) {
            PyErr_SetString(PyExc_ValueError, "bad sweep status");
            return 0;
        }
        *sw = sw_set(*sw, i, (int)swv[i]);
    }
    return 1;
}

/* search_moves(hands, p, k, wbit, wpos, ledm, tv, tm, ti, sw, moves, alpha, beta, limit):
   the fail-soft future value after each of moves (cards of the player on move) within
   (alpha, beta), as a list, or None when the node counter passed limit */
static PyObject *Core_search_moves(Core *c, PyObject *args) {
    PyObject *hands, *swseq, *moveseq;
    int p, k, wpos, ti;
    unsigned long long wbit, ledm, tm;
    long long tv, alpha, beta, limit;
    if (!c->tt.slots) { PyErr_SetString(PyExc_RuntimeError, "core not initialised"); return NULL; }
    if (!PyArg_ParseTuple(args, "OiiKiKLKiOOLLL", &hands, &p, &k, &wbit, &wpos, &ledm, &tv,
                          &tm, &ti, &swseq, &moveseq, &alpha, &beta, &limit))
        return NULL;
    unsigned sw;
    if (!read_position(c, hands, p, k, wpos, ti, swseq, &sw)) return NULL;
    uint64_t moves[MAXBITS];
    Py_ssize_t nm;
    if (!read_masks(moveseq, moves, MAXBITS, &nm, "moves")) return NULL;
    for (Py_ssize_t i = 0; i < nm; i++) {
        if (!moves[i] || (moves[i] & (moves[i] - 1)) || !(moves[i] & c->H[p])) {
            PyErr_SetString(PyExc_ValueError, "a move is not a card of the player on move");
            return NULL;
        }
    }
    if (alpha < -BIG) alpha = -BIG;
    if (beta > BIG) beta = BIG;
    c->limit = limit;
    c->exceeded = 0;
    PyObject *out = PyList_New(nm);
    if (!out) return NULL;
    for (Py_ssize_t i = 0; i < nm; i++) {
        int64_t v = after_move(c, p, k, moves[i], wbit, wpos, ledm, tv, tm, ti, sw, alpha, beta);
        if (c->exceeded) { Py_DECREF(out); Py_RETURN_NONE; }
        PyObject *o = PyLong_FromLongLong(v);
        if (!o) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, i, o);
    }
    return out;
}

/* search(hands, p, k, wbit, wpos, ledm, tv, tm, ti, sw, alpha, beta, limit): the fail-soft
   future value with p on move as the k-th card of trick ti (k == 0: p leads), sw the sweep
   statuses, or None when the node counter passed limit */
static PyObject *Core_search(Core *c, PyObject *args) {
    PyObject *hands, *swseq;
    int p, k, wpos, ti;
    unsigned long long wbit, ledm, tm;
    long long tv, alpha, beta, limit;
    if (!c->tt.slots) { PyErr_SetString(PyExc_RuntimeError, "core not initialised"); return NULL; }
    if (!PyArg_ParseTuple(args, "OiiKiKLKiOLLL", &hands, &p, &k, &wbit, &wpos, &ledm, &tv,
                          &tm, &ti, &swseq, &alpha, &beta, &limit))
        return NULL;
    unsigned sw;
    if (!read_position(c, hands, p, k, wpos, ti, swseq, &sw)) return NULL;
    if (alpha < -BIG) alpha = -BIG;
    if (beta > BIG) beta = BIG;
    c->limit = limit;
    c->exceeded = 0;
    int64_t v;
    if (k == 0) v = trick_node(c, p, sw, alpha, beta);
    else {
        uint64_t live = tm;
        for (int q = 0; q < c->n; q++) live |= c->H[q];
        v = follow(c, p, k, wbit, wpos, ledm, tv, tm, ti, sw, live, alpha, beta);
    }
    if (c->exceeded) Py_RETURN_NONE;
    return PyLong_FromLongLong(v);
}

/* reset(): ready for a new problem of the same shape: an empty table (shrunk back to its
   first size, which is cheaper to clear than a large one), no node counted, no killer lead */
static PyObject *Core_reset(Core *c, PyObject *noargs) {
    if (!c->tt.slots) { PyErr_SetString(PyExc_RuntimeError, "core not initialised"); return NULL; }
    groups_clear(c);
    if (!table_reset(&c->tt) || !table_reset(&c->groups)) return NULL;
    c->nodes = 0;
    memset(c->kills, 0, sizeof c->kills);
    Py_RETURN_NONE;
}

/* release(): only a small empty table while the core waits in a pool (reset() allocates
   its first size again, its pages zeroed as the search touches them) */
static PyObject *Core_release(Core *c, PyObject *noargs) {
    groups_clear(c);
    if (!table_resize(&c->tt, 16) || !table_resize(&c->groups, 16)) return NULL;
    Py_RETURN_NONE;
}

static PyObject *Core_get_nodes(Core *c, void *closure) {
    return PyLong_FromLongLong(c->nodes);
}

static PyMethodDef Core_methods[] = {
    {"search", (PyCFunction)Core_search, METH_VARARGS, "fail-soft future value"},
    {"search_moves", (PyCFunction)Core_search_moves, METH_VARARGS,
     "fail-soft future values after each of several moves"},
    {"reset", (PyCFunction)Core_reset, METH_NOARGS, "ready for a new problem of this shape"},
    {"release", (PyCFunction)Core_release, METH_NOARGS, "a small empty table while pooled"},
    {NULL}
};

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_get_nodes, NULL, "nodes searched", NULL},
    {NULL}
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tutor.solver._core.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "compiled double-dummy search over one problem's shape",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef coremodule = {
    PyModuleDef_HEAD_INIT, "_core", "compiled double-dummy search core", -1, NULL
};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    init_tables();
    PyObject *m = PyModule_Create(&coremodule);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    PyModule_AddIntConstant(m, "MAX_SEATS", MAXN);
    PyModule_AddIntConstant(m, "MAX_BITS", MAXBITS);
    PyModule_AddIntConstant(m, "MAX_TRICKS", MAXTRICKS);
    PyModule_AddIntConstant(m, "MAX_SWEEPS", MAXSW);
    return m;
}
