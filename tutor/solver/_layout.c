/* The compiled search of Lora's layout contract (tutor/solver/layout.py is the reference).
 *
 * The same memoised minimax as layout.py's _Layout.search, over the same packed state: pile
 * sizes four bits per suit (suits in Suit.index order), hand sizes four bits per seat, the
 * player on move and the hero's pass count (only while passes score). The hero minimises
 * his final score, the other three maximise it. A table per start rank (small tables: a
 * first-card search runs one start rank after another, each within the cache), 8-byte slots;
 * a node is a table miss, counted as layout.py counts it, so node counts and the budget agree
 * with the Python search.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define NSUITS 4
#define NRANKS 8
#define NCARDS (NSUITS * NRANKS)
#define PASS_CODE (-1)
#define LEAVES_ONE 64          /* line code flag: the play left its player one card */
#define MAX_DEPTH 1024         /* far above a real hand's 32 plays and their passes */
#define HP_LIMIT (1L << 11)     /* hero's passes at the root: with the search's, below 2^13 */
#define CONST_LIMIT (1L << 16)  /* scoring constants: every score then fits an int32_t */
#define MAX_FIRST_BITS 14       /* first table size at most 2^14: most searches never rehash */
#define MIN_FIRST_BITS 6

typedef struct {
    uint32_t key;   /* 0: empty; else piles | p << 16 | hp << 18 | 1 << 31 */
    int32_t value;
} Slot;

typedef struct {
    Slot *slots;    /* NULL until the start rank is first searched */
    size_t used;
    int bits;       /* 2^bits slots */
} Table;

enum { OK = 0, OVER_BUDGET, NO_MEMORY, TOO_DEEP };

typedef struct {
    PyObject_HEAD
    /* need[r0][s][count]: the seat holding the card that pile s needs after count cards
     * under start rank r0 (a CYCLE index); -1: nobody (complete pile, or a card out of play) */
    int8_t need[NRANKS][NSUITS][16];
    int hero;
    int64_t out_points, card_points, pass_points;
    int pays_passes, double_on_start, track_passes;
    long long budget, nodes;
    Table tables[NRANKS];
    int ready, failed;
} Layout;

static inline uint32_t key_of(unsigned piles, int p, int64_t hp) {
    return (uint32_t)piles | ((uint32_t)p << 16) | ((uint32_t)hp << 18) | (1u << 31);
}

static Slot *find(Table *t, uint32_t key) {
    size_t mask = ((size_t)1 << t->bits) - 1;
    size_t i = (size_t)((key * 0x9E3779B1u) >> (32 - t->bits));
    for (;;) {
        Slot *e = &t->slots[i];
        if (e->key == key || e->key == 0) return e;
        i = (i + 1) & mask;
    }
}

/* doubles the table; 0 when out of memory (the table is then unchanged) */
static int grow(Table *t) {
    if (t->bits >= 31) return 0;   /* more positions than any layout has */
    Slot *fresh = calloc((size_t)1 << (t->bits + 1), sizeof(Slot));
    if (!fresh) return 0;
    Slot *old = t->slots;
    size_t oldcap = (size_t)1 << t->bits;
    t->slots = fresh;
    t->bits++;
    for (size_t i = 0; i < oldcap; i++)
        if (old[i].key) *find(t, old[i].key) = old[i];
    free(old);
    return 1;
}

/* the table of start rank r0, allocated on first use and sized for the positions below
 * ``piles`` (at most the product of the piles' free places, times the four seats, doubled
 * for the load factor; late positions need few); 0 when out of memory */
static int open_table(Layout *L, int r0, unsigned piles) {
    Table *t = &L->tables[r0];
    if (t->slots) return 1;
    size_t positions = 8;   /* the four seats, doubled */
    for (int s = 0; s < NSUITS; s++) {
        unsigned count = (piles >> (4 * s)) & 15;
        positions *= count < NRANKS ? NRANKS + 1 - count : 1;
    }
    int bits = MIN_FIRST_BITS;
    while (bits < MAX_FIRST_BITS && ((size_t)1 << bits) < positions) bits++;
    t->slots = calloc((size_t)1 << bits, sizeof(Slot));
    if (!t->slots) return 0;
    t->bits = bits;
    t->used = 0;
    return 1;
}

static void free_tables(Layout *L) {
    for (int r0 = 0; r0 < NRANKS; r0++) {
        free(L->tables[r0].slots);
        L->tables[r0].slots = NULL;
        L->tables[r0].used = 0;
    }
}

/* layout.py's _Layout.final: the hero's score when ``out`` goes out */
static inline int64_t final_score(const Layout *L, int out, int first_rank, uint64_t sizes,
                                  int64_t hp) {
    int64_t mult = (L->double_on_start && first_rank) ? 2 : 1;
    if (out == L->hero)
        return L->out_points + (L->pays_passes ? mult * L->pass_points * hp : 0);
    return mult * (L->card_points * (int64_t)((sizes >> (4 * L->hero)) & 15)
                   + L->pass_points * hp);
}

static int64_t value(Layout *L, int r0, unsigned piles, int p, uint64_t sizes, int64_t hp,
                     int depth) {
    Table *t = &L->tables[r0];
    uint32_t key = key_of(piles, p, L->track_passes ? hp : 0);
    Slot *e = find(t, key);
    if (e->key) return e->value;
    int bits = t->bits;
    if (++L->nodes > L->budget) { L->failed = OVER_BUDGET; return 0; }
    if (depth >= MAX_DEPTH) { L->failed = TOO_DEEP; return 0; }
    int8_t (*need)[16] = L->need[r0];
    int nxt = (p + 1) & 3, have = 0, hero_moves = p == L->hero;
    int64_t best = 0;
    for (int s = 0; s < NSUITS; s++) {
        unsigned count = (piles >> (4 * s)) & 15;
        if (need[s][count] != p) continue;
        uint64_t left = sizes - (1ULL << (4 * p));
        int64_t x;
        if (!((left >> (4 * p)) & 15))
            x = final_score(L, p, count == 0, left, hp);
        else {
            x = value(L, r0, piles + (1u << (4 * s)), nxt, left, hp, depth + 1);
            if (L->failed) return 0;
        }
        if (!have || (hero_moves ? x < best : x > best)) best = x;
        have = 1;
    }
    if (!have) {
        best = value(L, r0, piles, nxt, sizes, hp + hero_moves, depth + 1);
        if (L->failed) return 0;
    }
    if (2 * (t->used + 1) > ((size_t)1 << t->bits)) {
        if (!grow(t)) {
            L->failed = NO_MEMORY;
            return 0;
        }
        e = find(t, key);
    } else if (e->key || t->bits != bits) {
        e = find(t, key);   /* the search below grew the table or took this slot */
    }
    e->key = key;
    e->value = (int32_t)best;   /* in range: see CONST_LIMIT */
    t->used++;
    return best;
}

/* a Python error for a failed search; NULL always. A budget run out is not an error. */
static PyObject *failure(Layout *L) {
    int why = L->failed;
    L->failed = OK;
    if (why == OVER_BUDGET) Py_RETURN_NONE;
    if (why == NO_MEMORY) return PyErr_NoMemory();
    PyErr_SetString(PyExc_RecursionError,
                    "the layout position has no legal play for anyone (cards out of play)");
    return NULL;
}

static int parse_position(PyObject *const *args, Py_ssize_t nargs, const char *name, int *r0,
                          unsigned *piles, int *p, uint64_t *sizes, int64_t *hp) {
    if (nargs != 5) {
        PyErr_Format(PyExc_TypeError, "%s takes 5 arguments (r0, piles, p, sizes, hp)", name);
        return 0;
    }
    long long v[5];
    for (int i = 0; i < 5; i++) {
        v[i] = PyLong_AsLongLong(args[i]);
        if (v[i] == -1 && PyErr_Occurred()) return 0;
    }
    if (v[0] < 0 || v[0] >= NRANKS || v[1] < 0 || v[1] >= (1LL << 16) || v[2] < 0 || v[2] > 3
        || v[3] < 0 || v[3] >= (1LL << 16) || v[4] < 0 || v[4] >= HP_LIMIT) {
        PyErr_SetString(PyExc_ValueError, "layout position out of range");
        return 0;
    }
    *r0 = (int)v[0];
    *piles = (unsigned)v[1];
    *p = (int)v[2];
    *sizes = (uint64_t)v[3];
    *hp = v[4];
    return 1;
}

/* the position of a value() or line() call read, and its start rank's table opened */
static int enter(Layout *L, PyObject *const *args, Py_ssize_t nargs, const char *name, int *r0,
                 unsigned *piles, int *p, uint64_t *sizes, int64_t *hp) {
    if (!L->ready) {
        PyErr_SetString(PyExc_RuntimeError, "Layout was not initialised");
        return 0;
    }
    if (!parse_position(args, nargs, name, r0, piles, p, sizes, hp)) return 0;
    if (!open_table(L, *r0, *piles)) { PyErr_NoMemory(); return 0; }
    return 1;
}

static PyObject *Layout_value(Layout *L, PyObject *const *args, Py_ssize_t nargs) {
    int r0, p;
    unsigned piles;
    uint64_t sizes;
    int64_t hp;
    if (!enter(L, args, nargs, "value", &r0, &piles, &p, &sizes, &hp)) return NULL;
    int64_t v = value(L, r0, piles, p, sizes, hp, 0);
    if (L->failed) return failure(L);
    return PyLong_FromLongLong(v);
}

/* The principal variation from a position (start rank known, no call due), as layout.py's
 * _layout_line picks it: at each step the first suit, in Suit.index order, whose play has
 * the best value, else a pass. Codes: suit * 8 + CYCLE index (| LEAVES_ONE when the play
 * leaves its player one card), PASS_CODE for a pass. None when the budget runs out. */
static PyObject *Layout_line(Layout *L, PyObject *const *args, Py_ssize_t nargs) {
    int r0, p;
    unsigned piles;
    uint64_t sizes;
    int64_t hp;
    if (!enter(L, args, nargs, "line", &r0, &piles, &p, &sizes, &hp)) return NULL;
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (int step = 0;; step++) {
        if (step >= MAX_DEPTH) {
            L->failed = TOO_DEEP;
            break;
        }
        int8_t (*need)[16] = L->need[r0];
        uint64_t left = sizes - (1ULL << (4 * p));
        int gone = !((left >> (4 * p)) & 15), hero_moves = p == L->hero;
        int pick = -1;
        int64_t best = 0;
        for (int s = 0; s < NSUITS; s++) {
            unsigned count = (piles >> (4 * s)) & 15;
            if (need[s][count] != p) continue;
            int64_t x = gone ? final_score(L, p, count == 0, left, hp)
                             : value(L, r0, piles + (1u << (4 * s)), (p + 1) & 3, left, hp, 0);
            if (L->failed) break;
            if (pick < 0 || (hero_moves ? x < best : x > best)) {
                best = x;
                pick = s;
            }
        }
        if (L->failed) break;
        long code;
        if (pick < 0)
            code = PASS_CODE;
        else {
            unsigned count = (piles >> (4 * pick)) & 15;
            code = pick * NRANKS + (long)((r0 + count) % NRANKS);
            if (!gone && ((left >> (4 * p)) & 15) == 1) code |= LEAVES_ONE;
        }
        PyObject *item = PyLong_FromLong(code);
        if (!item || PyList_Append(out, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(item);
        if (pick < 0) {
            hp += hero_moves;
        } else {
            if (gone) break;
            piles += 1u << (4 * pick);
            sizes = left;
        }
        p = (p + 1) & 3;
    }
    if (L->failed) {
        Py_DECREF(out);
        return failure(L);
    }
    return out;
}

static int fits(long long x) { return x > -CONST_LIMIT && x < CONST_LIMIT; }

static int Layout_init(Layout *L, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"owner", "hero", "out_points", "card_points", "pass_points",
                             "pays_passes", "double_on_start_rank", "budget", NULL};
    PyObject *owner;
    int hero, pays, dbl;
    long long outp, cardp, passp, budget;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OiLLLppL", kwlist, &owner, &hero, &outp,
                                     &cardp, &passp, &pays, &dbl, &budget))
        return -1;
    if (hero < 0 || hero > 3) {
        PyErr_SetString(PyExc_ValueError, "hero must be a seat 0-3");
        return -1;
    }
    if (!fits(outp) || !fits(cardp) || !fits(passp)) {
        PyErr_SetString(PyExc_ValueError, "scoring constants out of range for the compiled search");
        return -1;
    }
    PyObject *seq = PySequence_Fast(owner, "owner must be a sequence of 32 seats");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != NCARDS) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "owner must hold 32 seats (suit * 8 + CYCLE index)");
        return -1;
    }
    int8_t own[NSUITS][NRANKS];
    for (int i = 0; i < NCARDS; i++) {
        long o = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (o == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (o < -1 || o > 3) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "an owner is a seat 0-3 or -1");
            return -1;
        }
        own[i / NRANKS][i % NRANKS] = (int8_t)o;
    }
    Py_DECREF(seq);
    free_tables(L);   /* __init__ called again: a fresh search */
    L->ready = 1;
    memset(L->need, -1, sizeof L->need);
    for (int r0 = 0; r0 < NRANKS; r0++)
        for (int s = 0; s < NSUITS; s++)
            for (int count = 0; count < NRANKS; count++)
                L->need[r0][s][count] = own[s][(r0 + count) % NRANKS];
    L->hero = hero;
    L->out_points = outp;
    L->card_points = cardp;
    L->pass_points = passp;
    L->pays_passes = pays;
    L->double_on_start = dbl;
    L->track_passes = passp != 0;
    L->budget = budget;
    L->nodes = 0;
    L->failed = OK;
    return 0;
}

static void Layout_dealloc(Layout *L) {
    free_tables(L);
    Py_TYPE(L)->tp_free((PyObject *)L);
}

static PyObject *Layout_nodes(Layout *L, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(L->nodes);
}

static PyObject *Layout_size(Layout *L, void *closure) {
    (void)closure;
    size_t used = 0;
    for (int r0 = 0; r0 < NRANKS; r0++) used += L->tables[r0].used;
    return PyLong_FromSize_t(used);
}

static PyMethodDef Layout_methods[] = {
    {"value", (PyCFunction)(void (*)(void))Layout_value, METH_FASTCALL,
     "value(r0, piles, p, sizes, hp): the hero's final score, None when the budget ran out"},
    {"line", (PyCFunction)(void (*)(void))Layout_line, METH_FASTCALL,
     "line(r0, piles, p, sizes, hp): the principal variation as codes"},
    {NULL, NULL, 0, NULL}
};

static PyGetSetDef Layout_getset[] = {
    {"nodes", (getter)Layout_nodes, NULL, "positions searched (table misses)", NULL},
    {"positions", (getter)Layout_size, NULL, "positions in the table", NULL},
    {NULL, NULL, NULL, NULL, NULL}
};

static PyTypeObject LayoutType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tutor.solver._layout.Layout",
    .tp_basicsize = sizeof(Layout),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Layout(owner, hero, out_points, card_points, pass_points, pays_passes, "
              "double_on_start_rank, budget): the memoised layout search of one deal",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Layout_init,
    .tp_dealloc = (destructor)Layout_dealloc,
    .tp_methods = Layout_methods,
    .tp_getset = Layout_getset,
};

static struct PyModuleDef layoutmodule = {
    PyModuleDef_HEAD_INIT, "_layout", "compiled search of Lora's layout contract", -1, NULL
};

/* a long long constant (PyModule_AddIntConstant takes a long, 32 bits on some platforms) */
static int add_constant(PyObject *m, const char *name, long long v) {
    PyObject *o = PyLong_FromLongLong(v);
    if (!o) return -1;
    if (PyModule_AddObject(m, name, o) < 0) {
        Py_DECREF(o);
        return -1;
    }
    return 0;
}

PyMODINIT_FUNC PyInit__layout(void) {
    if (PyType_Ready(&LayoutType) < 0) return NULL;
    PyObject *m = PyModule_Create(&layoutmodule);
    if (!m) return NULL;
    Py_INCREF(&LayoutType);
    if (PyModule_AddObject(m, "Layout", (PyObject *)&LayoutType) < 0) {
        Py_DECREF(&LayoutType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "PASS", PASS_CODE) < 0
        || PyModule_AddIntConstant(m, "LEAVES_ONE", LEAVES_ONE) < 0
        || add_constant(m, "HP_LIMIT", HP_LIMIT) < 0
        || add_constant(m, "CONST_LIMIT", CONST_LIMIT) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
