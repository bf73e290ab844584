/* What the compiled searches of tutor.solver share (_core.c, _goals.c): bit helpers, the
 * follow obligation as data, the 8-bit renumbering table and reading integer sequences from
 * Python. Included by each extension: every definition is static to it. */
#ifndef TUTOR_SEARCH_COMMON_H
#define TUTOR_SEARCH_COMMON_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* bit count without the library call a compiler emits when it may not assume the instruction */
static inline int popc(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
static inline uint64_t topbit(uint64_t x) { return 1ULL << (63 - __builtin_clzll(x)); }
static inline int bitidx(uint64_t x) { return __builtin_ctzll(x); }
static inline uint64_t above(uint64_t b) { return ~((b << 1) - 1); }   /* bits over b */

/* the follow obligation (problem.py's _legal_rule): the cards of h that may be played as the
   k-th card of a trick led in block led whose best card so far is best */
static inline uint64_t follow_duty(uint64_t h, int k, uint64_t best, uint64_t led,
                                   uint64_t trump, int voidany, int voidover, int otl) {
    if (k == 0) return h;
    uint64_t follow = h & led;
    if (follow) {
        if (otl && led == trump) {
            uint64_t over = follow & above(best);
            return over ? over : follow;
        }
        return follow;
    }
    if (voidany) return h;
    uint64_t mine = h & trump;
    if (!mine) return h;
    if (voidover && (best & trump)) {
        uint64_t over = mine & above(best);
        return over ? over : mine;
    }
    return mine;
}

/* PEXT8[live][x]: the cards x of an 8-bit block whose cards in play are live, moved to the
   lowest ranks without gaps (filled by fill_pext8 when the module loads) */
static uint8_t PEXT8[256][256];

static void fill_pext8(void) {
    for (int live = 0; live < 256; live++) {
        for (int x = 0; x < 256; x++) {
            int out = 0, j = 0;
            for (int i = 0; i < 8; i++) {
                if (!((live >> i) & 1)) continue;
                if ((x >> i) & 1) out |= 1 << j;
                j++;
            }
            PEXT8[live][x] = (uint8_t)out;
        }
    }
}

/* a sequence of at most max Python ints into out (as unsigned 64-bit masks when is_mask);
   *count its length when count is given; 0 with a Python error set on failure */
static int read_sequence(PyObject *seq, void *out, Py_ssize_t max, Py_ssize_t *count,
                         const char *what, int is_mask) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return 0;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(fast);
    if (len > max) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: too many entries", what);
        return 0;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        if (is_mask) {
            unsigned long long v = PyLong_AsUnsignedLongLong(item);
            if (v == (unsigned long long)-1 && PyErr_Occurred()) { Py_DECREF(fast); return 0; }
            ((uint64_t *)out)[i] = v;
        } else {
            long long v = PyLong_AsLongLong(item);
            if (v == -1 && PyErr_Occurred()) { Py_DECREF(fast); return 0; }
            ((int64_t *)out)[i] = v;
        }
    }
    if (count) *count = len;
    Py_DECREF(fast);
    return 1;
}

static inline int read_ints(PyObject *seq, int64_t *out, Py_ssize_t max, Py_ssize_t *count,
                            const char *what) {
    return read_sequence(seq, out, max, count, what, 0);
}

static inline int read_masks(PyObject *seq, uint64_t *out, Py_ssize_t max, Py_ssize_t *count,
                             const char *what) {
    return read_sequence(seq, out, max, count, what, 1);
}

#endif
