/*
 * Extra constraints for the generic search (core_impl.h), compiled from a compact array of
 * 32-bit integers (no Python here: core.c reads the buffer and wraps the result).
 *
 * The array is a sequence of records ``type, len, payload[len]``:
 *
 *   EXT_CAGE   (1): total, cell...          distinct digits; adding up to ``total`` unless it
 *                                           is -1 (a sum needs a board of at most 16x16)
 *   EXT_LESS   (2): a, b, d                 digit(b) >= digit(a) + d (a thermometer's step:
 *                                           d = 1; a slow thermometer's: d = 0)
 *   EXT_LINEAR (3): rhs, cell, weight, ...  sum of weight * digit(cell) == rhs (an arrow: the
 *                                           shaft's cells weigh 1, the circle's -1, a pill's
 *                                           -10 and -1)
 *   EXT_MASK   (4): cell, mask              the cell's digit is one of ``mask`` (bit v-1 for v)
 *   EXT_PAIR   (5): a, b, m1, ..., mn       digit(a) = u allows digit(b) in ``m_u`` only (a
 *                                           relation between two cells: a dot, an XV, a
 *                                           negative rule's pair)
 *   EXT_SUM    (6): total, cell...          the digits of the cells add up to ``total``
 *                                           (0..EXT_SUM_MAX), digits may repeat (a little
 *                                           killer's diagonal)
 *
 * Propagation (core_ext_impl.h) is sound, never complete: a cage keeps the digits of the
 * sets of distinct digits that fit its open cells and the rest of its sum (a table of every
 * set of digits by size and sum, built once per board size), and places a digit every such
 * set holds when one open cell can take it; a step and a linear sum narrow the cells'
 * bounds; a mask keeps its digits; a pair keeps in each cell the digits with a partner
 * in the other; a sum keeps in each cell the digits that some digits of the other cells
 * complete (the sums of each prefix and the sums each suffix needs, as 64-bit sets), once
 * its bounds leave some cell less room than a full range of digits. On a fully placed state each is an exact check, so every solution the search
 * records keeps every rule.
 */
#ifndef GRIDSAT_CORE_EXT_H
#define GRIDSAT_CORE_EXT_H

#include "core_base.h"

#include <stdio.h>

enum { EXT_CAGE = 1, EXT_LESS = 2, EXT_LINEAR = 3, EXT_MASK = 4, EXT_PAIR = 5, EXT_SUM = 6 };

/* the largest total of a sum record (its sets of sums are 64-bit words) and its most cells */
#define EXT_SUM_MAX 63
#define EXT_SUM_CELLS 64

/* the largest board a cage with a sum takes (its table lists every subset of the digits) */
#define EXT_SUM_N 16
/* bounds on a linear sum's weights and right-hand side (no overflow in 64 bits) */
#define EXT_MAX_WEIGHT 1000000
#define EXT_MAX_RHS 1000000000

typedef struct {
    int n, ncells;
    int ncons;
    int *type;   /* per constraint */
    int *off;    /* ncons + 1 offsets into data: each constraint's payload (without type, len) */
    int *len;    /* per constraint: its payload's length */
    int *data;
} Ext;

/* Every subset of the digits 1..n (bit v-1 for v) by size k and sum s:
   ext_subs[n][ext_suboff[n][k * (smax + 1) + s] .. ext_suboff[n][k * (smax + 1) + s + 1]),
   smax = n (n + 1) / 2. Built once per size (with the GIL held) and kept. */
static uint16_t *ext_subs[EXT_SUM_N + 1];
static int *ext_suboff[EXT_SUM_N + 1];

static int ext_tables(int n) {
    if (n < 1 || n > EXT_SUM_N) return -1;
    if (ext_subs[n]) return 0;
    int smax = n * (n + 1) / 2, slots = (n + 1) * (smax + 1);
    int *off = calloc((size_t)slots + 1, sizeof(int));
    uint16_t *subs = malloc(sizeof(uint16_t) * ((size_t)1 << n));
    int *fill = malloc(sizeof(int) * (size_t)slots);
    if (!off || !subs || !fill) { free(off); free(subs); free(fill); return -1; }
    for (uint32_t m = 0; m < ((uint32_t)1 << n); m++) {
        int k = popcount32(m), s = 0;
        for (int v = 0; v < n; v++) if (m >> v & 1u) s += v + 1;
        off[k * (smax + 1) + s + 1]++;
    }
    for (int i = 0; i < slots; i++) off[i + 1] += off[i];
    memcpy(fill, off, sizeof(int) * (size_t)slots);
    for (uint32_t m = 0; m < ((uint32_t)1 << n); m++) {
        int k = popcount32(m), s = 0;
        for (int v = 0; v < n; v++) if (m >> v & 1u) s += v + 1;
        subs[fill[k * (smax + 1) + s]++] = (uint16_t)m;
    }
    free(fill);
    ext_subs[n] = subs;
    ext_suboff[n] = off;
    return 0;
}

static void ext_free(Ext *e) {
    if (!e) return;
    free(e->type); free(e->off); free(e->len); free(e->data);
    free(e);
}

/* Compile ``words`` (``count`` records' worth of int32) for an n x n board. NULL with
   ``*err`` set to a message (written into ``buf`` of ``size`` bytes) on a malformed array. */
static Ext *ext_compile(int n, const int32_t *words, size_t nwords, char *buf, size_t size, const char **err) {
    int ncells = n * n;
    *err = NULL;
    size_t ncons = 0, i = 0;
    /* a first pass checks the records and counts them */
    while (i < nwords) {
        if (nwords - i < 2) { snprintf(buf, size, "record at word %zu is cut short", i); goto bad; }
        int32_t type = words[i], len = words[i + 1];
        if (len < 0 || (size_t)len > nwords - i - 2) {
            snprintf(buf, size, "record %zu at word %zu: length %d runs past the array", ncons, i, (int)len);
            goto bad;
        }
        const int32_t *p = words + i + 2;
        if (type == EXT_CAGE) {
            if (len < 2 || len - 1 > n) {
                snprintf(buf, size, "record %zu: a cage of %d cells on a %dx%d board", ncons, (int)len - 1, n, n);
                goto bad;
            }
            int32_t total = p[0];
            if (total != -1) {
                if (n > EXT_SUM_N) {
                    snprintf(buf, size, "record %zu: a cage sum needs a board of at most %dx%d", ncons,
                             EXT_SUM_N, EXT_SUM_N);
                    goto bad;
                }
                if (total < 0 || total > n * (n + 1) / 2) {
                    snprintf(buf, size, "record %zu: cage sum %d is outside 0..%d", ncons, (int)total, n * (n + 1) / 2);
                    goto bad;
                }
            }
            for (int32_t k = 1; k < len; k++) {
                if (p[k] < 0 || p[k] >= ncells) {
                    snprintf(buf, size, "record %zu: cell %d is outside 0..%d", ncons, (int)p[k], ncells - 1);
                    goto bad;
                }
                for (int32_t j = 1; j < k; j++)
                    if (p[j] == p[k]) {
                        snprintf(buf, size, "record %zu: cell %d is twice in the cage", ncons, (int)p[k]);
                        goto bad;
                    }
            }
        } else if (type == EXT_LESS) {
            if (len != 3) { snprintf(buf, size, "record %zu: a step has 3 words, not %d", ncons, (int)len); goto bad; }
            for (int k = 0; k < 2; k++)
                if (p[k] < 0 || p[k] >= ncells) {
                    snprintf(buf, size, "record %zu: cell %d is outside 0..%d", ncons, (int)p[k], ncells - 1);
                    goto bad;
                }
            if (p[0] == p[1] || p[2] < -n || p[2] > n) {
                snprintf(buf, size, "record %zu: a step from cell %d to cell %d by %d", ncons, (int)p[0], (int)p[1],
                         (int)p[2]);
                goto bad;
            }
        } else if (type == EXT_LINEAR) {
            if (len < 3 || len % 2 == 0 || len > 8 * ncells + 1) {
                snprintf(buf, size, "record %zu: a sum of %d words", ncons, (int)len);
                goto bad;
            }
            if (p[0] < -EXT_MAX_RHS || p[0] > EXT_MAX_RHS) {
                snprintf(buf, size, "record %zu: the sum %d is out of range", ncons, (int)p[0]);
                goto bad;
            }
            for (int32_t k = 1; k < len; k += 2) {
                if (p[k] < 0 || p[k] >= ncells) {
                    snprintf(buf, size, "record %zu: cell %d is outside 0..%d", ncons, (int)p[k], ncells - 1);
                    goto bad;
                }
                if (p[k + 1] == 0 || p[k + 1] < -EXT_MAX_WEIGHT || p[k + 1] > EXT_MAX_WEIGHT) {
                    snprintf(buf, size, "record %zu: weight %d is 0 or out of range", ncons, (int)p[k + 1]);
                    goto bad;
                }
            }
        } else if (type == EXT_SUM) {
            if (len < 2 || len - 1 > EXT_SUM_CELLS || p[0] < 0 || p[0] > EXT_SUM_MAX) {
                snprintf(buf, size, "record %zu: a sum of %d cells to %d (at most %d cells, totals 0..%d)", ncons,
                         (int)len - 1, len > 0 ? (int)p[0] : -1, EXT_SUM_CELLS, EXT_SUM_MAX);
                goto bad;
            }
            for (int32_t k = 1; k < len; k++) {
                if (p[k] < 0 || p[k] >= ncells) {
                    snprintf(buf, size, "record %zu: cell %d is outside 0..%d", ncons, (int)p[k], ncells - 1);
                    goto bad;
                }
                for (int32_t j = 1; j < k; j++)
                    if (p[j] == p[k]) {
                        snprintf(buf, size, "record %zu: cell %d is twice in the sum", ncons, (int)p[k]);
                        goto bad;
                    }
            }
        } else if (type == EXT_MASK || type == EXT_PAIR) {
            int cells = type == EXT_MASK ? 1 : 2, want = type == EXT_MASK ? 2 : 2 + n;
            uint32_t full = n >= 32 ? 0xffffffffu : ((uint32_t)1 << n) - 1;
            if (len != want) {
                snprintf(buf, size, "record %zu: a %s has %d words, not %d", ncons,
                         type == EXT_MASK ? "mask" : "pair", want, (int)len);
                goto bad;
            }
            for (int k = 0; k < cells; k++)
                if (p[k] < 0 || p[k] >= ncells) {
                    snprintf(buf, size, "record %zu: cell %d is outside 0..%d", ncons, (int)p[k], ncells - 1);
                    goto bad;
                }
            if (type == EXT_PAIR && p[0] == p[1]) {
                snprintf(buf, size, "record %zu: a pair of cell %d with itself", ncons, (int)p[0]);
                goto bad;
            }
            for (int k = cells; k < len; k++)
                if ((uint32_t)p[k] & ~full) {
                    snprintf(buf, size, "record %zu: digit mask %d is outside 1..%d", ncons, (int)p[k], n);
                    goto bad;
                }
        } else {
            snprintf(buf, size, "record %zu: unknown type %d", ncons, (int)type);
            goto bad;
        }
        ncons++;
        i += 2 + (size_t)len;
    }
    Ext *e = calloc(1, sizeof(Ext));
    if (!e) { snprintf(buf, size, "out of memory"); goto bad; }
    e->n = n;
    e->ncells = ncells;
    e->ncons = (int)ncons;
    e->type = malloc(sizeof(int) * (ncons + 1));
    e->off = malloc(sizeof(int) * (ncons + 1));
    e->len = malloc(sizeof(int) * (ncons + 1));
    e->data = malloc(sizeof(int) * (nwords + 1));
    if (!e->type || !e->off || !e->len || !e->data) { ext_free(e); snprintf(buf, size, "out of memory"); goto bad; }
    size_t k = 0, at = 0;
    int sums = 0;
    for (i = 0; i < nwords; k++) {
        int32_t len = words[i + 1];
        e->type[k] = words[i];
        e->len[k] = len;
        e->off[k] = (int)at;
        memcpy(e->data + at, words + i + 2, sizeof(int32_t) * (size_t)len);
        if (words[i] == EXT_CAGE && words[i + 2] != -1) sums = 1;
        at += (size_t)len;
        i += 2 + (size_t)len;
    }
    e->off[ncons] = (int)at;
    if (sums && ext_tables(n) < 0) { ext_free(e); snprintf(buf, size, "out of memory"); goto bad; }
    return e;
bad:
    *err = buf;
    return NULL;
}

/* the lowest and highest digit of a non-empty candidate word */
static inline int ext_lo(uint32_t m) { return ctz64(m) + 1; }
static inline int ext_hi(uint32_t m) {
#if defined(__GNUC__) || defined(__clang__)
    return 32 - __builtin_clz(m);
#else
    int v = 0;
    while (m) { m >>= 1; v++; }
    return v;
#endif
}
/* the digits lo..hi as a candidate word of an n-digit board (empty when lo > hi) */
static inline uint32_t ext_range(int lo, int hi, int n) {
    if (lo < 1) lo = 1;
    if (hi > n) hi = n;
    if (lo > hi) return 0;
    uint64_t up = ((uint64_t)1 << hi) - 1, down = ((uint64_t)1 << (lo - 1)) - 1;
    return (uint32_t)(up & ~down);
}
/* floor and ceiling of a / b for b != 0 */
static inline int64_t ext_floor(int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
static inline int64_t ext_ceil(int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

#endif /* GRIDSAT_CORE_EXT_H */
