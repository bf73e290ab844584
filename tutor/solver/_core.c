/* The compiled double-dummy search core of tutor.solver (see tutor/solver/compiled.py).
 *
 * The same search as tutor/solver/search.py over the same Problem data: hands as bit masks
 * (a block of bits per effective suit, trumps highest), the follow obligation as data
 * (trump mask, "any" / "trump" / "overtrump" when void, overtrumping on a trump lead), and a
 * linear objective: the winner of a trick of index i scores weights[w] * (trick_value +
 * trick_index_values[i] + card points of its cards). Sweeps are not handled here: problems
 * with sweep rules stay with the Python search.
 *
 * Fail-soft alpha-beta; a transposition table of (lower, upper) bounds and the best lead at
 * trick boundaries, keyed on the exact hands and the leader (open addressing, grown by
 * doubling); touching cards of one hand that score alike searched once; static bounds from
 * the points still to be won; the last trick resolved directly; the table's best lead first,
 * followers winning cheaply or ducking low.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define MAXN 8
#define MAXBITS 64
#define MAXTRICKS 64

typedef struct {
    uint64_t h[MAXN];
    int64_t lo, hi;
    uint64_t best;
    int32_t leader;   /* -1: empty slot */
} Entry;

typedef struct {
    PyObject_HEAD
    int n, total, sh, values_ok;
    uint64_t suitm[MAXBITS];   /* per block */
    int nb;
    uint64_t trump;
    int voidany, voidover, otl;
    int64_t wi[MAXN];
    int maxs[MAXN];
    int64_t val[MAXBITS];      /* points per bit */
    int64_t tv;
    int64_t idxv[MAXTRICKS + 1];
    int64_t idxsum[MAXTRICKS + 2];
    int64_t wlo, whi;
    uint64_t H[MAXN];
    Entry *tt;
    size_t cap, used;
    long long nodes, limit;
    int exceeded;
} Core;

static inline int popc(uint64_t x) { return __builtin_popcountll(x); }
static inline uint64_t topbit(uint64_t x) { return 1ULL << (63 - __builtin_clzll(x)); }
static inline int bitidx(uint64_t x) { return __builtin_ctzll(x); }

static inline uint64_t suit_of(Core *c, uint64_t bit) {
    return c->suitm[bitidx(bit) >> c->sh];
}

/* the follow obligation (problem.py's _legal_rule) */
static inline uint64_t legal(Core *c, uint64_t h, int k, uint64_t best, uint64_t led) {
    if (k == 0) return h;
    uint64_t follow = h & led;
    if (follow) {
        if (c->otl && led == c->trump) {
            uint64_t over = follow & ~((best << 1) - 1);
            return over ? over : follow;
        }
        return follow;
    }
    if (c->voidany) return h;
    uint64_t mine = h & c->trump;
    if (!mine) return h;
    if (c->voidover && (best & c->trump)) {
        uint64_t over = mine & ~((best << 1) - 1);
        return over ? over : mine;
    }
    return mine;
}

/* the legal cards that top a run of touching cards (no other card in play between them,
   same block, same points): the others of a run give the same values */
static uint64_t candidates(Core *c, uint64_t h, uint64_t lg, uint64_t live) {
    uint64_t out = 0, m = lg, prev = 0;
    while (m) {
        uint64_t b = topbit(m);
        m ^= b;
        if (prev && suit_of(c, b) == suit_of(c, prev)
                && !(live & ~h & (prev - 1) & ~((b << 1) - 1))
                && c->val[bitidx(b)] == c->val[bitidx(prev)]) {
            /* same run as prev */
        } else {
            out |= b;
        }
        prev = b;
    }
    return out;
}

static uint64_t hash_key(Core *c, int leader) {
    uint64_t x = (uint64_t)leader * 0x9E3779B97F4A7C15ULL;
    for (int p = 0; p < c->n; p++) {
        x ^= c->H[p] + 0x9E3779B97F4A7C15ULL + (x << 6) + (x >> 2);
        x *= 0xBF58476D1CE4E5B9ULL;
    }
    return x ^ (x >> 31);
}

static Entry *probe(Core *c, int leader, int create) {
    size_t mask = c->cap - 1;
    size_t i = (size_t)hash_key(c, leader) & mask;
    for (;;) {
        Entry *e = &c->tt[i];
        if (e->leader < 0) {
            if (!create) return NULL;
            return e;
        }
        if (e->leader == leader && memcmp(e->h, c->H, sizeof(uint64_t) * c->n) == 0)
            return e;
        i = (i + 1) & mask;
    }
}

static int grow(Core *c) {
    size_t old_cap = c->cap;
    Entry *old = c->tt;
    size_t cap = old_cap * 2;
    Entry *tt = PyMem_Malloc(cap * sizeof(Entry));
    if (!tt) return 0;
    for (size_t i = 0; i < cap; i++) tt[i].leader = -1;
    c->tt = tt;
    c->cap = cap;
    uint64_t save[MAXN];
    memcpy(save, c->H, sizeof save);
    for (size_t i = 0; i < old_cap; i++) {
        if (old[i].leader < 0) continue;
        memcpy(c->H, old[i].h, sizeof(uint64_t) * MAXN);
        Entry *e = probe(c, old[i].leader, 1);
        *e = old[i];
    }
    memcpy(c->H, save, sizeof save);
    PyMem_Free(old);
    return 1;
}

static void store(Core *c, int leader, int64_t lo, int64_t hi, uint64_t best) {
    Entry *e = probe(c, leader, 1);
    if (e->leader < 0) {
        if (c->used * 2 >= c->cap) {
            /* past 4M entries, start afresh rather than grow */
            if (c->cap >= (1u << 22)) {
                for (size_t i = 0; i < c->cap; i++) c->tt[i].leader = -1;
                c->used = 0;
            } else if (!grow(c)) {
                return;
            }
            e = probe(c, leader, 1);
        }
        memset(e->h, 0, sizeof e->h);
        memcpy(e->h, c->H, sizeof(uint64_t) * c->n);
        e->leader = leader;
        e->lo = lo;
        e->hi = hi;
        e->best = best;
        c->used++;
        return;
    }
    if (lo > e->lo) e->lo = lo;
    if (hi < e->hi) e->hi = hi;
    if (best) e->best = best;
}

static int64_t trick_node(Core *c, int leader, int64_t alpha, int64_t beta);

/* player p plays the k-th card (k >= 1) of trick index ti */
static int64_t follow(Core *c, int p, int k, uint64_t wbit, int wpos, uint64_t ledm,
                      int64_t tv, uint64_t tm, int ti, int64_t alpha, int64_t beta) {
    c->nodes++;
    uint64_t h = c->H[p];
    uint64_t lg = legal(c, h, k, wbit, ledm);
    uint64_t live = tm;
    for (int q = 0; q < c->n; q++) live |= c->H[q];
    uint64_t cand = candidates(c, h, lg, live);
    int mx = c->maxs[p];
    int last = (k + 1 == c->n);
    int nextp = (p + 1) % c->n;
    uint64_t winm = ledm | c->trump;
    /* order: partner winning -> low cards first; else the cheapest winners, then low cards */
    uint64_t first = 0;
    if (c->maxs[wpos] != mx) {
        uint64_t beats = 0, m = cand;
        while (m) {
            uint64_t b = m & -m;
            m ^= b;
            if ((b & winm) && b > wbit) beats |= b;
        }
        first = beats;
    }
    int64_t best = mx ? INT64_MIN : INT64_MAX;
    for (int pass = 0; pass < 2; pass++) {
        uint64_t m = pass == 0 ? (cand & first) : (cand & ~first);
        while (m) {
            uint64_t b = m & -m;
            m ^= b;
            uint64_t nw = wbit;
            int np = wpos;
            if ((b & winm) && b > wbit) { nw = b; np = p; }
            int64_t ntv = tv + c->val[bitidx(b)];
            int64_t v;
            c->H[p] = h ^ b;
            if (last) {
                int64_t g = c->wi[np] * (ntv + c->tv + c->idxv[ti]);
                v = trick_node(c, np, alpha - g, beta - g) + g;
            } else {
                v = follow(c, nextp, k + 1, nw, np, ledm, ntv, tm | b, ti, alpha, beta);
            }
            c->H[p] = h;
            if (c->exceeded) return 0;
            if (mx) {
                if (v > best) best = v;
                if (best > alpha) alpha = best;
            } else {
                if (v < best) best = v;
                if (best < beta) beta = best;
            }
            if (alpha >= beta) return best;
        }
    }
    return best;
}

static int64_t last_trick(Core *c, int leader, int ti) {
    uint64_t lead = c->H[leader];
    uint64_t winm = suit_of(c, lead) | c->trump;
    uint64_t wbit = lead;
    int wpos = leader;
    int64_t pts = c->val[bitidx(lead)] + c->tv + c->idxv[ti];
    for (int j = 1; j < c->n; j++) {
        int p = (leader + j) % c->n;
        uint64_t b = c->H[p];
        pts += c->val[bitidx(b)];
        if ((b & winm) && b > wbit) { wbit = b; wpos = p; }
    }
    return c->wi[wpos] * pts;
}

static int64_t trick_node(Core *c, int leader, int64_t alpha, int64_t beta) {
    uint64_t h = c->H[leader];
    if (!h) return 0;
    int r = popc(h);
    int ti = c->total - r;
    c->nodes++;
    if (r == 1) return last_trick(c, leader, ti);
    if (c->nodes > c->limit) {
        c->exceeded = 1;
        return 0;
    }
    uint64_t live = 0;
    for (int q = 0; q < c->n; q++) live |= c->H[q];
    int64_t lo = INT64_MIN / 4, hi = INT64_MAX / 4;
    if (c->values_ok) {
        int64_t R = c->tv * r + c->idxsum[ti];
        uint64_t m = live;
        while (m) { uint64_t b = m & -m; m ^= b; R += c->val[bitidx(b)]; }
        lo = c->wlo * R;
        hi = c->whi * R;
        if (lo >= beta || lo == hi) return lo;
        if (hi <= alpha) return hi;
    }
    uint64_t hint = 0;
    Entry *e = probe(c, leader, 0);
    if (e) {
        if (e->lo >= beta) return e->lo;
        if (e->hi <= alpha) return e->hi;
        if (e->lo == e->hi) return e->lo;
        if (e->lo > lo) lo = e->lo;
        if (e->hi < hi) hi = e->hi;
        hint = e->best;
        /* the table's bounds and the static ones together may settle the value */
        if (lo >= hi || lo >= beta) return lo;
        if (hi <= alpha) return hi;
    }
    if (lo > alpha) alpha = lo;
    if (hi < beta) beta = hi;
    int64_t a0 = alpha, b0 = beta;
    uint64_t cand = candidates(c, h, h, live);
    int mx = c->maxs[leader];
    int nextp = (leader + 1) % c->n;
    int64_t best = mx ? INT64_MIN : INT64_MAX;
    uint64_t bestc = 0;
    if (!(hint & cand)) hint = 0;
    /* the table's best lead, then high cards first */
    uint64_t m = cand & ~hint;
    uint64_t b = hint ? hint : 0;
    for (;;) {
        if (!b) {
            if (!m) break;
            b = topbit(m);
            m ^= b;
        }
        c->H[leader] = h ^ b;
        int64_t v = follow(c, nextp, 1, b, leader, suit_of(c, b), c->val[bitidx(b)], b, ti,
                           alpha, beta);
        c->H[leader] = h;
        if (c->exceeded) return 0;
        if (mx ? v > best : v < best) { best = v; bestc = b; }
        if (mx) { if (best > alpha) alpha = best; }
        else { if (best < beta) beta = best; }
        b = 0;
        if (alpha >= beta) break;
    }
    if (best <= a0) store(c, leader, INT64_MIN / 4, best, bestc);
    else if (best >= b0) store(c, leader, best, INT64_MAX / 4, bestc);
    else store(c, leader, best, best, bestc);
    return best;
}

/* -- Python type ------------------------------------------------------------------------ */

static int read_ints(PyObject *seq, int64_t *out, Py_ssize_t max, Py_ssize_t *count,
                     const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return 0;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > max) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: too many entries", what);
        return 0;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        PyObject *o = PySequence_Fast_GET_ITEM(fast, i);
        long long v = PyLong_AsLongLong(o);
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return 0; }
        out[i] = v;
    }
    if (count) *count = len;
    Py_DECREF(fast);
    return 1;
}

static int read_masks(PyObject *seq, uint64_t *out, Py_ssize_t max, Py_ssize_t *count,
                      const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return 0;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > max) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: too many entries", what);
        return 0;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        unsigned long long v = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == (unsigned long long)-1 && PyErr_Occurred()) { Py_DECREF(fast); return 0; }
        out[i] = v;
    }
    if (count) *count = len;
    Py_DECREF(fast);
    return 1;
}

/* Core(suit_masks, width, trump, voidany, voidover, otl, weights, hero_side, values,
        trick_value, trick_index_values, total_tricks); values: points per bit index */
static int Core_init(Core *c, PyObject *args, PyObject *kw) {
    PyObject *suitm, *weights, *maxs, *values, *idxv;
    int width, voidany, voidover, otl, total;
    unsigned long long trump;
    long long tv;
    if (!PyArg_ParseTuple(args, "OiKpppOOOLOi", &suitm, &width, &trump, &voidany, &voidover,
                          &otl, &weights, &maxs, &values, &tv, &idxv, &total))
        return -1;
    Py_ssize_t nb, n, nm, nv, ni;
    int64_t tmp[MAXBITS];
    if (!read_masks(suitm, c->suitm, MAXBITS, &nb, "suit masks")) return -1;
    if (!read_ints(weights, c->wi, MAXN, &n, "weights")) return -1;
    if (!read_ints(maxs, tmp, MAXN, &nm, "hero side")) return -1;
    if (nm != n || n < 2) {
        PyErr_SetString(PyExc_ValueError, "hero side and weights differ in length");
        return -1;
    }
    memset(c->val, 0, sizeof c->val);
    if (!read_ints(values, c->val, MAXBITS, &nv, "card values")) return -1;
    memset(c->idxv, 0, sizeof c->idxv);
    if (total < 0 || total > MAXTRICKS) {
        PyErr_SetString(PyExc_ValueError, "too many tricks");
        return -1;
    }
    if (!read_ints(idxv, c->idxv, MAXTRICKS + 1, &ni, "trick index values")) return -1;
    c->n = (int)n;
    c->nb = (int)nb;
    c->sh = __builtin_ctz((unsigned)width);
    c->trump = trump;
    c->voidany = voidany || !trump;
    c->voidover = voidover;
    c->otl = otl && trump;
    c->tv = tv;
    c->total = total;
    int64_t wmin = c->wi[0], wmax = c->wi[0];
    for (int p = 0; p < n; p++) {
        c->maxs[p] = tmp[p] != 0;
        if (c->wi[p] < wmin) wmin = c->wi[p];
        if (c->wi[p] > wmax) wmax = c->wi[p];
    }
    c->wlo = wmin < 0 ? wmin : 0;
    c->whi = wmax > 0 ? wmax : 0;
    int ok = tv >= 0;
    for (int i = 0; i < MAXBITS; i++) if (c->val[i] < 0) ok = 0;
    for (int i = 0; i <= MAXTRICKS; i++) if (c->idxv[i] < 0) ok = 0;
    c->values_ok = ok;
    c->idxsum[total] = 0;
    c->idxsum[total + 1] = 0;
    for (int i = total - 1; i >= 0; i--) c->idxsum[i] = c->idxsum[i + 1] + c->idxv[i];
    if (!c->tt) {
        c->cap = 1 << 12;
        c->tt = PyMem_Malloc(c->cap * sizeof(Entry));
        if (!c->tt) { PyErr_NoMemory(); return -1; }
    }
    for (size_t i = 0; i < c->cap; i++) c->tt[i].leader = -1;
    c->used = 0;
    c->nodes = 0;
    return 0;
}

static void Core_dealloc(Core *c) {
    PyMem_Free(c->tt);
    Py_TYPE(c)->tp_free((PyObject *)c);
}

/* search(hands, p, k, wbit, wpos, ledm, tv, tm, ti, alpha, beta, limit): the fail-soft
   future value with p on move as the k-th card of trick ti (k == 0: p leads), or None when
   the node counter passed limit */
static PyObject *Core_search(Core *c, PyObject *args) {
    PyObject *hands;
    int p, k, wpos, ti;
    unsigned long long wbit, ledm, tm;
    long long tv, alpha, beta, limit;
    if (!PyArg_ParseTuple(args, "OiiKiKLKiLLL", &hands, &p, &k, &wbit, &wpos, &ledm, &tv,
                          &tm, &ti, &alpha, &beta, &limit))
        return NULL;
    Py_ssize_t nh;
    if (!read_masks(hands, c->H, MAXN, &nh, "hands")) return NULL;
    if (nh != c->n) {
        PyErr_SetString(PyExc_ValueError, "wrong number of hands");
        return NULL;
    }
    c->limit = limit;
    c->exceeded = 0;
    int64_t v;
    if (k == 0) v = trick_node(c, p, alpha, beta);
    else v = follow(c, p, k, wbit, wpos, ledm, tv, tm, ti, alpha, beta);
    if (c->exceeded) Py_RETURN_NONE;
    return PyLong_FromLongLong(v);
}

static PyObject *Core_clear(Core *c, PyObject *noargs) {
    for (size_t i = 0; i < c->cap; i++) c->tt[i].leader = -1;
    c->used = 0;
    Py_RETURN_NONE;
}

/* the table's entries as (hands, leader, lower, upper) (for tests) */
static PyObject *Core_table(Core *c, PyObject *noargs) {
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (size_t i = 0; i < c->cap; i++) {
        Entry *e = &c->tt[i];
        if (e->leader < 0) continue;
        PyObject *hands = PyTuple_New(c->n);
        if (!hands) { Py_DECREF(out); return NULL; }
        for (int p = 0; p < c->n; p++)
            PyTuple_SET_ITEM(hands, p, PyLong_FromUnsignedLongLong(e->h[p]));
        PyObject *row = Py_BuildValue("(NiLL)", hands, e->leader, (long long)e->lo,
                                      (long long)e->hi);
        if (!row || PyList_Append(out, row) < 0) { Py_XDECREF(row); Py_DECREF(out); return NULL; }
        Py_DECREF(row);
    }
    return out;
}

static PyObject *Core_get_nodes(Core *c, void *closure) {
    return PyLong_FromLongLong(c->nodes);
}

static PyObject *Core_get_entries(Core *c, void *closure) {
    return PyLong_FromSize_t(c->used);
}

static PyMethodDef Core_methods[] = {
    {"search", (PyCFunction)Core_search, METH_VARARGS, "fail-soft future value"},
    {"table", (PyCFunction)Core_table, METH_NOARGS, "the table's entries (for tests)"},
    {"clear", (PyCFunction)Core_clear, METH_NOARGS, "empty the transposition table"},
    {NULL}
};

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_get_nodes, NULL, "nodes searched", NULL},
    {"entries", (getter)Core_get_entries, NULL, "transposition table entries", NULL},
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
    return m;
}
