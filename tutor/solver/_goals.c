/* The compiled yes/no goal search of tutor.solver.goals (see tutor/solver/compiled_goals.py).
 *
 * The same boolean minimax as goals.GoalSearch, node for node: the goal's side tries to make
 * the formula true, every other seat plays against it. Hands are bit masks of a Problem (a
 * block of bits per effective suit, trumps highest); the follow obligation is data (trump
 * mask, "any" / "trump" / "overtrump" when void, overtrumping a trump lead). Each atom is
 * "running value >= 0", the running value moving by coef[winner] * points of the trick.
 * The formula comes as a postfix program over the atoms' three-valued status.
 *
 * At trick starts: a formula already decided returns at once; else a table keyed on the
 * hands (ranks renumbered among the cards in play where no card scores on its own), the
 * leader and the atoms' clamped values. A lead that gave the side to move what it wanted,
 * with as many cards left, is tried first; touching equivalent cards are searched once.
 */
#include "_search_common.h"
#include <string.h>

#define MAXN 8
#define MAXBITS 64
#define MAXATOMS 32
#define MAXPROG 4096
/* a decided atom's value in the table key (goals.DECIDED) */
#define DECIDED ((int64_t)1 << 40)
/* bounds on what comes from Python, so that every sum stays far inside int64: points and
   coefficients up to 2^20 (a hand's points then stay below 2^27, an atom's move below 2^47),
   running values up to 2^50 */
#define MAXCOEF ((int64_t)1 << 20)
#define MAXVALUE ((int64_t)1 << 50)

#define VCACHE 1024

enum { OP_ATOM, OP_ALL, OP_ANY, OP_NOT, OP_EXACTLY };

typedef struct {
    PyObject_HEAD
    int n, nb, sh, natoms, normalised, anyval;
    uint64_t suitm[MAXBITS];   /* per block */
    uint64_t valid;            /* bits inside some block */
    uint64_t trump;
    int voidany, voidover, otl;
    int side[MAXN];
    int64_t val[MAXBITS];      /* points per bit index */
    int64_t tval, bonus;
    int64_t colw[MAXN][MAXATOMS];   /* per winner: how a point moves each atom */
    int64_t up[MAXATOMS], down[MAXATOMS];
    int32_t *prog;
    int proglen;
    /* the formula's verdict per atom status (two bits an atom), direct mapped */
    uint64_t vcode[VCACHE];
    int8_t vvalue[VCACHE];   /* -2: empty */
    uint64_t kills[MAXN][MAXBITS + 2];   /* per leader and cards left: the last killing lead */
    /* transposition table: keys of klen words, and per slot a tag (see slot_of) */
    int64_t *keys;
    uint64_t *tags;
    size_t cap, used;
    int klen;
    int ready;   /* initialised without error */
    uint64_t H[MAXN];
    long long nodes, tally, budget;
    int exceeded, failed;
} GoalCore;


static inline uint64_t block_of(GoalCore *g, uint64_t bit) {
    return g->suitm[bitidx(bit) >> g->sh];
}

static inline uint64_t legal(GoalCore *g, uint64_t h, int k, uint64_t best, uint64_t led) {
    return follow_duty(h, k, best, led, g->trump, g->voidany, g->voidover, g->otl);
}

/* three-valued truth of the formula: 1, 0, or -1 (not decided yet) */
static int verdict(GoalCore *g, const int8_t *status) {
    int8_t stack[MAXPROG];
    int sp = 0;
    const int32_t *p = g->prog, *end = g->prog + g->proglen;
    while (p < end) {
        int op = *p++;
        if (op == OP_ATOM) {
            stack[sp++] = status[*p++];
        } else if (op == OP_NOT) {
            int8_t v = stack[sp - 1];
            stack[sp - 1] = v < 0 ? v : !v;
        } else {
            int k = 0;
            if (op == OP_EXACTLY) k = *p++;
            int count = *p++;
            int yes = 0, unknown = 0;
            for (int i = sp - count; i < sp; i++) {
                if (stack[i] > 0) yes++;
                else if (stack[i] < 0) unknown++;
            }
            sp -= count;
            int8_t out;
            if (op == OP_ALL) out = (yes == count) ? 1 : (yes + unknown == count ? -1 : 0);
            else if (op == OP_ANY) out = yes ? 1 : (unknown ? -1 : 0);
            else if (yes > k || yes + unknown < k) out = 0;
            else out = unknown ? -1 : (yes == k);
            stack[sp++] = out;
        }
    }
    return stack[0];
}

/* -- transposition table ----------------------------------------------------------------- */

/* a slot's tag: the key's hash with its two low bits replaced by the result + 1 (0: empty) */
#define TAG_RESULT 3ULL

static uint64_t hash_words(const int64_t *key, int len) {
    uint64_t x = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < len; i++) {
        x ^= (uint64_t)key[i] + 0x9E3779B97F4A7C15ULL + (x << 6) + (x >> 2);
        x *= 0xBF58476D1CE4E5B9ULL;
    }
    return x ^ (x >> 31);
}

static inline int same_key(const int64_t *a, const int64_t *b, int len) {
    for (int i = 0; i < len; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

/* the slot holding key (hash h), or the empty slot where it would go */
static size_t slot_of(GoalCore *g, const int64_t *key, uint64_t h) {
    size_t mask = g->cap - 1;
    size_t i = (size_t)(h >> 2) & mask;
    uint64_t want = h & ~TAG_RESULT;
    for (;;) {
        uint64_t tag = g->tags[i];
        if (!tag) return i;
        if ((tag & ~TAG_RESULT) == want && same_key(g->keys + i * g->klen, key, g->klen))
            return i;
        i = (i + 1) & mask;
    }
}

static int table_alloc(GoalCore *g, size_t cap) {
    if (cap > ((size_t)-1) / (sizeof(int64_t) * (size_t)g->klen)) return 0;
    int64_t *keys = PyMem_Malloc(cap * sizeof(int64_t) * g->klen);
    uint64_t *tags = PyMem_Calloc(cap, sizeof(uint64_t));
    if (!keys || !tags) {
        PyMem_Free(keys);
        PyMem_Free(tags);
        return 0;
    }
    int64_t *old_keys = g->keys;
    uint64_t *old_tags = g->tags;
    size_t old_cap = g->cap;
    g->keys = keys;
    g->tags = tags;
    g->cap = cap;
    for (size_t i = 0; i < old_cap; i++) {
        uint64_t tag = old_tags[i];
        if (!tag) continue;
        /* the tag keeps the hash bits the slot index is taken from */
        size_t j = (size_t)(tag >> 2) & (cap - 1);
        while (g->tags[j]) j = (j + 1) & (cap - 1);
        memcpy(g->keys + j * g->klen, old_keys + i * g->klen, sizeof(int64_t) * g->klen);
        g->tags[j] = tag;
    }
    PyMem_Free(old_keys);
    PyMem_Free(old_tags);
    return 1;
}

/* the table holds every entry (as the reference's dict does): grown, never emptied */
static int table_store(GoalCore *g, const int64_t *key, uint64_t h, int result) {
    if ((g->used + 1) * 2 > g->cap && !table_alloc(g, g->cap * 2)) {
        g->failed = 1;
        return 0;
    }
    size_t i = slot_of(g, key, h);
    if (!g->tags[i]) {
        memcpy(g->keys + i * g->klen, key, sizeof(int64_t) * g->klen);
        g->used++;
    }
    g->tags[i] = (h & ~TAG_RESULT) | (uint64_t)(result + 1);
    return 1;
}

/* the hands as keyed: with no card scoring on its own, each block's cards in play renumbered
   to its lowest ranks without gaps (search.py's _compress) */
static void hands_key(GoalCore *g, int64_t *out) {
    int n = g->n;
    if (!g->normalised) {
        for (int p = 0; p < n; p++) out[p] = (int64_t)g->H[p];
        return;
    }
    if (g->sh == 3) {
        uint64_t live = 0;
        for (int p = 0; p < n; p++) live |= g->H[p];
        uint64_t renum[MAXN] = {0};
        for (int b = 0; b < g->nb; b++) {
            int s = 8 * b;
            const uint8_t *row = PEXT8[(live >> s) & 0xFF];
            for (int p = 0; p < n; p++)
                renum[p] |= (uint64_t)row[(g->H[p] >> s) & 0xFF] << s;
        }
        for (int p = 0; p < n; p++) out[p] = (int64_t)renum[p];
        return;
    }
    uint64_t renum[MAXN] = {0};
    int width = 1 << g->sh;
    for (int b = 0; b < g->nb; b++) {
        uint64_t blk = g->suitm[b], live = 0;
        for (int p = 0; p < n; p++) live |= g->H[p] & blk;
        int j = b * width;
        while (live) {
            uint64_t c = live & -live;
            live ^= c;
            for (int p = 0; p < n; p++) {
                if (g->H[p] & c) {
                    renum[p] |= 1ULL << j;
                    break;
                }
            }
            j++;
        }
    }
    for (int p = 0; p < n; p++) out[p] = (int64_t)renum[p];
}

/* -- search ------------------------------------------------------------------------------ */

static int play(GoalCore *g, int p, int k, uint64_t wbit, int wpos, uint64_t ledm, int64_t pts,
                uint64_t live, const int64_t *acc);

/* 1 / 0: whether the side can make sure of the goal; -1: budget spent or out of memory */
static int trick_start(GoalCore *g, int leader, const int64_t *acc) {
    int n = g->n, na = g->natoms;
    uint64_t live = 0;
    for (int p = 0; p < n; p++) live |= g->H[p];
    int left = popc(g->H[leader]);
    int64_t rem = g->tval * left + (left ? g->bonus : 0);
    if (g->anyval) {
        uint64_t m = live;
        while (m) {
            uint64_t b = m & -m;
            m ^= b;
            rem += g->val[bitidx(b)];
        }
    }
    int8_t status[MAXATOMS];
    int64_t key[MAXN + 1 + MAXATOMS];
    int64_t *akey = key + n + 1;
    uint64_t code = 0;
    for (int a = 0; a < na; a++) {
        int64_t v = acc[a];
        if (v + rem * g->down[a] >= 0) {
            status[a] = 1;
            akey[a] = DECIDED;
            code |= 1ULL << (2 * a);
        } else if (v + rem * g->up[a] < 0) {
            status[a] = 0;
            akey[a] = -DECIDED;
            code |= 2ULL << (2 * a);
        } else {
            status[a] = -1;
            akey[a] = v;
        }
    }
    size_t vi = (size_t)((code * 0x9E3779B97F4A7C15ULL) >> 54);   /* 10 bits: VCACHE */
    int v;
    if (g->vvalue[vi] != -2 && g->vcode[vi] == code) {
        v = g->vvalue[vi];
    } else {
        v = verdict(g, status);
        g->vcode[vi] = code;
        g->vvalue[vi] = (int8_t)v;
    }
    if (v >= 0) return v;
    hands_key(g, key);
    key[n] = leader;
    uint64_t h = hash_words(key, g->klen);
    uint64_t tag = g->tags[slot_of(g, key, h)];
    if (tag) return (int)(tag & TAG_RESULT) - 1;
    int r = play(g, leader, 0, 0, leader, 0, 0, live, acc);
    if (r < 0) return r;
    if (!table_store(g, key, h, r)) return -1;
    return r;
}

static int play(GoalCore *g, int p, int k, uint64_t wbit, int wpos, uint64_t ledm, int64_t pts,
                uint64_t live, const int64_t *acc) {
    g->nodes++;
    g->tally++;
    if (g->tally > g->budget) {
        g->exceeded = 1;
        return -1;
    }
    int n = g->n;
    uint64_t h = g->H[p];
    uint64_t lg = legal(g, h, k, wbit, ledm);
    int want = g->side[p];
    int q = (p + 1) % n;
    int last = k == n - 1;
    uint64_t m = lg, first = 0;
    int left = 0;
    if (k == 0) {
        /* the lead that last made the goal (or broke it) with this leader and as many
           cards left goes first */
        left = popc(h);
        first = g->kills[p][left] & lg;
        m ^= first;
    }
    while (m || first) {
        uint64_t c;
        if (first) {
            c = first;
            first = 0;
        } else {
            c = topbit(m);   /* high to low */
            m ^= c;
        }
        uint64_t blk = block_of(g, c);
        uint64_t above = live & blk & ~((c << 1) - 1);
        uint64_t nxt = above & -above;
        int64_t vc = g->val[bitidx(c)];
        if (nxt && (nxt & lg) && g->val[bitidx(nxt)] == vc)
            continue;   /* the next live card up is ours, as good and as legal */
        uint64_t w;
        int wp;
        uint64_t led;
        if (k == 0) {
            w = c; wp = p; led = blk;
        } else if ((c & (ledm | g->trump)) && c > wbit) {
            w = c; wp = p; led = ledm;
        } else {
            w = wbit; wp = wpos; led = ledm;
        }
        g->H[p] = h ^ c;
        int r;
        if (last) {
            int64_t gain = g->tval + pts + vc;
            if (!g->H[p]) gain += g->bonus;
            int64_t next[MAXATOMS];
            for (int a = 0; a < g->natoms; a++) next[a] = acc[a] + g->colw[wp][a] * gain;
            r = trick_start(g, wp, next);
        } else {
            r = play(g, q, k + 1, w, wp, led, pts + vc, live, acc);
        }
        g->H[p] = h;
        if (r < 0) return r;
        if (r == want) {
            if (k == 0) g->kills[p][left] = c;
            return want;
        }
    }
    return !want;
}

/* -- Python type ------------------------------------------------------------------------- */

static int bad(const char *message) {
    PyErr_SetString(PyExc_ValueError, message);
    return 0;
}

static int init_error(const char *message) {
    PyErr_SetString(PyExc_ValueError, message);
    return -1;
}

/* the postfix program: every operand present, atoms in range, one value left */
static int check_program(GoalCore *g) {
    int depth = 0, i = 0;
    while (i < g->proglen) {
        int op = g->prog[i++];
        if (op == OP_ATOM) {
            if (i >= g->proglen || g->prog[i] < 0 || g->prog[i] >= g->natoms)
                return bad("formula: atom index out of range");
            i++;
            depth++;
        } else if (op == OP_NOT) {
            if (depth < 1) return bad("formula: Not without a part");
        } else if (op == OP_ALL || op == OP_ANY || op == OP_EXACTLY) {
            if (op == OP_EXACTLY) {
                if (i >= g->proglen) return bad("formula: Exactly without k");
                i++;
            }
            if (i >= g->proglen) return bad("formula: missing part count");
            int count = g->prog[i++];
            if (count < 0 || count > depth) return bad("formula: wrong part count");
            depth -= count - 1;
        } else {
            return bad("formula: unknown operation");
        }
    }
    if (depth != 1) return bad("formula: not one formula");
    return 1;
}

static int read_program(GoalCore *g, PyObject *seq) {
    int64_t *tmp = PyMem_Malloc(sizeof(int64_t) * MAXPROG);
    if (!tmp) { PyErr_NoMemory(); return 0; }
    Py_ssize_t len;
    if (!read_ints(seq, tmp, MAXPROG, &len, "formula")) { PyMem_Free(tmp); return 0; }
    PyMem_Free(g->prog);
    g->proglen = 0;
    g->prog = PyMem_Malloc(sizeof(int32_t) * (len ? len : 1));
    if (!g->prog) { PyMem_Free(tmp); PyErr_NoMemory(); return 0; }
    for (Py_ssize_t i = 0; i < len; i++) {
        if (tmp[i] < INT32_MIN || tmp[i] > INT32_MAX) {
            PyMem_Free(tmp);
            return bad("formula: number out of range");
        }
        g->prog[i] = (int32_t)tmp[i];
    }
    g->proglen = (int)len;
    PyMem_Free(tmp);
    return 1;
}

/* GoalCore(suit_masks, width, trump, voidany, voidover, otl, side, values, trick_value,
            bonus, coef, up, down, program, normalised)
   side: per seat position, plays for the goal; values: points per bit index; coef: per
   atom, its coefficient per seat position; program: the formula in postfix
   (0 i: atom i, 1 c: all of the last c, 2 c: any, 3: not, 4 k c: exactly k) */
static int GoalCore_init(GoalCore *g, PyObject *args, PyObject *kw) {
    PyObject *suitm, *side, *values, *coef, *up, *down, *program;
    int width, voidany, voidover, otl, normalised;
    unsigned long long trump;
    long long tval, bonus;
    if (!PyArg_ParseTuple(args, "OiKpppOOLLOOOOp", &suitm, &width, &trump, &voidany,
                          &voidover, &otl, &side, &values, &tval, &bonus, &coef, &up, &down,
                          &program, &normalised))
        return -1;
    g->ready = 0;
    Py_ssize_t nb, n, nv, na, nu, nd;
    int64_t tmp[MAXN];
    if (width < 1 || width > 64 || (width & (width - 1)))
        return init_error("width: a power of two up to 64");
    if (!read_masks(suitm, g->suitm, MAXBITS, &nb, "suit masks")) return -1;
    if (nb < 1 || nb * width > MAXBITS) return init_error("too many card bits");
    if (!read_ints(side, tmp, MAXN, &n, "side")) return -1;
    if (n < 2) return init_error("a trick needs at least two seats");
    memset(g->val, 0, sizeof g->val);
    if (!read_ints(values, g->val, MAXBITS, &nv, "card values")) return -1;
    if (tval < 0 || bonus < 0 || tval > MAXCOEF || bonus > MAXCOEF)
        return init_error("trick value or bonus out of range");
    g->anyval = 0;
    for (int i = 0; i < MAXBITS; i++) {
        if (g->val[i] < 0 || g->val[i] > MAXCOEF) return init_error("card value out of range");
        if (g->val[i]) g->anyval = 1;
    }
    PyObject *rows = PySequence_Fast(coef, "coef");
    if (!rows) return -1;
    na = PySequence_Fast_GET_SIZE(rows);
    if (na > MAXATOMS) {
        Py_DECREF(rows);
        return init_error("too many atoms");
    }
    memset(g->colw, 0, sizeof g->colw);
    for (Py_ssize_t a = 0; a < na; a++) {
        int64_t row[MAXN];
        Py_ssize_t len;
        if (!read_ints(PySequence_Fast_GET_ITEM(rows, a), row, MAXN, &len, "coef row")) {
            Py_DECREF(rows);
            return -1;
        }
        if (len != n) {
            Py_DECREF(rows);
            return init_error("coef row: one coefficient per seat");
        }
        for (int p = 0; p < n; p++) {
            if (row[p] > MAXCOEF || row[p] < -MAXCOEF) {
                Py_DECREF(rows);
                return init_error("coefficient out of range");
            }
            g->colw[p][a] = row[p];
        }
    }
    Py_DECREF(rows);
    if (!read_ints(up, g->up, MAXATOMS, &nu, "up")) return -1;
    if (!read_ints(down, g->down, MAXATOMS, &nd, "down")) return -1;
    if (nu != na || nd != na) return init_error("up and down: one per atom");
    for (int a = 0; a < na; a++)
        if (g->up[a] < 0 || g->up[a] > MAXCOEF || g->down[a] > 0 || g->down[a] < -MAXCOEF)
            return init_error("atom bounds out of range");
    g->n = (int)n;
    g->nb = (int)nb;
    g->natoms = (int)na;
    g->sh = __builtin_ctz((unsigned)width);
    g->valid = nb * width == 64 ? ~0ULL : (1ULL << (nb * width)) - 1;
    g->trump = trump;
    g->voidany = voidany || !trump;
    g->voidover = voidover;
    g->otl = otl && trump;
    g->tval = tval;
    g->bonus = bonus;
    g->normalised = normalised;
    for (int p = 0; p < n; p++) g->side[p] = tmp[p] != 0;
    if (!read_program(g, program) || !check_program(g)) return -1;
    memset(g->kills, 0, sizeof g->kills);
    memset(g->vcode, 0, sizeof g->vcode);
    memset(g->vvalue, -2, sizeof g->vvalue);
    g->klen = g->n + 1 + g->natoms;
    PyMem_Free(g->keys);
    PyMem_Free(g->tags);
    g->keys = NULL;
    g->tags = NULL;
    g->cap = 0;
    g->used = 0;
    if (!table_alloc(g, 1 << 10)) { PyErr_NoMemory(); return -1; }
    g->nodes = 0;
    g->ready = 1;
    return 0;
}

static void GoalCore_dealloc(GoalCore *g) {
    PyMem_Free(g->prog);
    PyMem_Free(g->keys);
    PyMem_Free(g->tags);
    Py_TYPE(g)->tp_free((PyObject *)g);
}

/* wins(hands, trick, leader, acc, tally, budget): True / False, whether the side can make
   sure of the goal with the trick's cards already played; None when the node count shared
   through tally (a one-element list, updated) passed budget */
static PyObject *GoalCore_wins(GoalCore *g, PyObject *args) {
    PyObject *hands, *trick, *accs, *tally;
    int leader;
    long long budget;
    if (!PyArg_ParseTuple(args, "OOiOO!L", &hands, &trick, &leader, &accs, &PyList_Type,
                          &tally, &budget))
        return NULL;
    if (!g->ready) {
        PyErr_SetString(PyExc_ValueError, "GoalCore not initialised");
        return NULL;
    }
    int n = g->n;
    Py_ssize_t nh, nt, na;
    uint64_t H[MAXN], T[MAXN];
    int64_t acc[MAXATOMS];
    if (!read_masks(hands, H, MAXN, &nh, "hands")) return NULL;
    if (nh != n) return bad("wrong number of hands"), NULL;
    if (!read_masks(trick, T, MAXN, &nt, "trick")) return NULL;
    if (nt >= n) return bad("the trick is already complete"), NULL;
    if (leader < 0 || leader >= n) return bad("leader out of range"), NULL;
    if (!read_ints(accs, acc, MAXATOMS, &na, "atom values")) return NULL;
    if (na != g->natoms) return bad("one running value per atom"), NULL;
    for (int a = 0; a < na; a++)
        if (acc[a] > MAXVALUE || acc[a] < -MAXVALUE) return bad("atom value out of range"), NULL;
    uint64_t live = 0;
    for (int p = 0; p < n; p++) {
        if (H[p] & ~g->valid) return bad("a card outside the suit blocks"), NULL;
        live |= H[p];
    }
    for (int i = 0; i < nt; i++) {
        if (popc(T[i]) != 1 || (T[i] & ~g->valid)) return bad("a trick card is not one bit"), NULL;
        live |= T[i];
    }
    if (PyList_GET_SIZE(tally) != 1) return bad("tally: a one-element list"), NULL;
    long long count = PyLong_AsLongLong(PyList_GET_ITEM(tally, 0));
    if (count == -1 && PyErr_Occurred()) return NULL;
    /* the counters only ever grow by one a node: far below the top of 64 bits */
    if (count < 0 || count > ((long long)1 << 62)) return bad("tally out of range"), NULL;
    if (g->nodes > ((long long)1 << 62)) return bad("node count out of range"), NULL;
    memcpy(g->H, H, sizeof(uint64_t) * n);
    g->tally = count;
    g->budget = budget;
    g->exceeded = 0;
    g->failed = 0;
    int r;
    if (nt == 0) {
        r = trick_start(g, leader, acc);
    } else {
        uint64_t wbit = 0, ledm = 0;
        int wpos = leader;
        int64_t pts = 0;
        for (int i = 0; i < nt; i++) {
            uint64_t c = T[i];
            if (i == 0) {
                wbit = c;
                ledm = block_of(g, c);
            } else if ((c & (ledm | g->trump)) && c > wbit) {
                wbit = c;
                wpos = (leader + i) % n;
            }
            pts += g->val[bitidx(c)];
        }
        r = play(g, (leader + (int)nt) % n, (int)nt, wbit, wpos, ledm, pts, live, acc);
    }
    PyObject *newcount = PyLong_FromLongLong(g->tally);
    if (!newcount) return NULL;
    if (PyList_SetItem(tally, 0, newcount) < 0) return NULL;
    if (g->failed) return PyErr_NoMemory();
    if (r < 0) Py_RETURN_NONE;
    return PyBool_FromLong(r);
}

static PyObject *GoalCore_get_nodes(GoalCore *g, void *closure) {
    return PyLong_FromLongLong(g->nodes);
}

static PyObject *GoalCore_get_entries(GoalCore *g, void *closure) {
    return PyLong_FromSize_t(g->used);
}

static PyMethodDef GoalCore_methods[] = {
    {"wins", (PyCFunction)GoalCore_wins, METH_VARARGS,
     "whether the goal's side can make sure of the goal"},
    {NULL}
};

static PyGetSetDef GoalCore_getset[] = {
    {"nodes", (getter)GoalCore_get_nodes, NULL, "nodes searched", NULL},
    {"entries", (getter)GoalCore_get_entries, NULL, "transposition table entries", NULL},
    {NULL}
};

static PyTypeObject GoalCoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tutor.solver._goals.GoalCore",
    .tp_basicsize = sizeof(GoalCore),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "compiled boolean minimax of one goal over one problem's shape",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)GoalCore_init,
    .tp_dealloc = (destructor)GoalCore_dealloc,
    .tp_methods = GoalCore_methods,
    .tp_getset = GoalCore_getset,
};

static struct PyModuleDef goalsmodule = {
    PyModuleDef_HEAD_INIT, "_goals", "compiled yes/no goal search", -1, NULL
};

PyMODINIT_FUNC PyInit__goals(void) {
    if (PyType_Ready(&GoalCoreType) < 0) return NULL;
    fill_pext8();
    PyObject *m = PyModule_Create(&goalsmodule);
    if (!m) return NULL;
    Py_INCREF(&GoalCoreType);
    if (PyModule_AddObject(m, "GoalCore", (PyObject *)&GoalCoreType) < 0) {
        Py_DECREF(&GoalCoreType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "MAX_SEATS", MAXN) < 0
            || PyModule_AddIntConstant(m, "MAX_BITS", MAXBITS) < 0
            || PyModule_AddIntConstant(m, "MAX_ATOMS", MAXATOMS) < 0
            || PyModule_AddIntConstant(m, "MAX_PROGRAM", MAXPROG) < 0
            || PyModule_AddIntConstant(m, "MAX_COEF", (long)MAXCOEF) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    PyObject *max_value = PyLong_FromLongLong(MAXVALUE);
    if (!max_value || PyModule_AddObjectRef(m, "MAX_VALUE", max_value) < 0) {
        Py_XDECREF(max_value);
        Py_DECREF(m);
        return NULL;
    }
    Py_DECREF(max_value);
    return m;
}
