/*
 * The exact search of gridsat._pathsearch (the ``dfs`` backend): propagation over the cell
 * set of every number, and depth-first branching on a cell that two numbers may take.
 * Unlike the local search of the other headers it is complete: within its node budget it
 * counts the numberings that keep every given up to a limit, so it proves uniqueness and
 * impossibility. It is meant for small boards (at most EX_MAX_CELLS cells, about 16x16),
 * where it decides a puzzle with givens in well under a millisecond; on sparse or large
 * boards its tree grows and the budget stops it (the caller then hands the puzzle on).
 *
 * D[v] is the set of cells number v may still take (a bitset of EXW words). Propagation
 * to a fixpoint, each rule exact (no numbering that keeps the givens is ever lost):
 *   - steps: v - 1 and v + 1 stand next to v, so D[v] lies within one move of D[v - 1]
 *     and of D[v + 1]; the forward and backward sweeps carry distance bounds from every
 *     given along the numbers (and, on rook boards, the colour parity with them);
 *   - two sides: v - 1 and v + 1 take two different cells next to v, so a cell of D[v]
 *     has at least two neighbours in D[v - 1] | D[v + 1];
 *   - taken: a cell that is the only cell of some number is no other number's;
 *   - covered: every cell takes a number, so a cell that only one number may take is that
 *     number's only cell; a cell no number may take, or two numbers with the same single
 *     cell, is a contradiction;
 *   - regions (ex_regions): the free cells split into connected regions, each run of
 *     unfixed numbers lies in one of them, and the runs fill each region exactly.
 * A solution is every D[v] a single cell after propagation: distinct cells, each next to
 * the one before. The branch (ex_pick) is binary: number v at cell c, then, in the same
 * frame, v not at c; c is a cell exactly two numbers may take where there is one.
 *
 * Plain C with no Python; pathsearch.c wraps it (``exact``). One allocation per call, no
 * state between calls; it runs without the GIL.
 */
#ifndef GRIDSAT_PATHSEARCH_EXACT_H
#define GRIDSAT_PATHSEARCH_EXACT_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"

#define EXW 4                      /* 64-bit words per cell set */
#define EX_MAX_CELLS (64 * EXW)    /* the most cells the exact search takes */

typedef struct {
    int n, limit, keep, count, stop;   /* stop: 1 limit reached, 2 budget spent */
    long long nodes, budget;
    uint64_t *nb;                      /* nb[c * EXW ..]: the neighbours of cell c */
    int W;                             /* words in use: (n + 63) / 64 */
    int C, king;                       /* > 0: a full rectangle of C columns, cells row by row: dilate by shifts */
    uint64_t all[EXW], left[EXW], right[EXW];  /* every cell; cells with a left / a right neighbour */
    uint64_t *stack;                   /* one frame per depth: D[1..n], EXW words each */
    int *sols;                         /* keep x n numbers */
} EX;

static inline __attribute__((always_inline)) int ex_pop(const uint64_t *s, int W) {
    int k = 0;
    for (int w = 0; w < W; w++) k += popcount64(s[w]);
    return k;
}

/* 0: s is empty, 1: one cell, 2: more */
static inline __attribute__((always_inline)) int ex_few(const uint64_t *s, int W) {
    int w = 0;
    while (w < W && !s[w]) w++;
    if (w == W) return 0;
    if (s[w] & (s[w] - 1)) return 2;
    while (++w < W) if (s[w]) return 2;
    return 1;
}

static inline int ex_first(const uint64_t *s) {
    for (int w = 0; w < EXW; w++) if (s[w]) return 64 * w + __builtin_ctzll(s[w]);
    return -1;
}

/* out |= s shifted by k cells (k > 0: to higher cells), 0 < |k| < 64 */
static inline __attribute__((always_inline)) void ex_shift_or(const uint64_t *s, int k, uint64_t *out, int W) {
    if (k > 0) {
        for (int w = W - 1; w >= 0; w--) out[w] |= s[w] << k | (w ? s[w - 1] >> (64 - k) : 0);
    } else {
        k = -k;
        for (int w = 0; w < W; w++) out[w] |= s[w] >> k | (w + 1 < W ? s[w + 1] << (64 - k) : 0);
    }
}

/* out = the cells one move from a cell of s */
static inline __attribute__((always_inline)) void ex_dilate(const EX *e, const uint64_t *s, uint64_t *out, int W) {
    memset(out, 0, sizeof(uint64_t) * EXW);
    if (e->C) {  /* a full rectangle: shifts of the whole set */
        uint64_t l[EXW], r[EXW];
        int C = e->C;
        for (int w = 0; w < W; w++) { l[w] = s[w] & e->left[w]; r[w] = s[w] & e->right[w]; }
        ex_shift_or(r, 1, out, W); ex_shift_or(l, -1, out, W);
        ex_shift_or(s, C, out, W); ex_shift_or(s, -C, out, W);
        if (e->king) {
            ex_shift_or(r, C + 1, out, W); ex_shift_or(l, C - 1, out, W);
            ex_shift_or(r, 1 - C, out, W); ex_shift_or(l, -C - 1, out, W);
        }
        for (int w = 0; w < W; w++) out[w] &= e->all[w];
        return;
    }
    for (int w = 0; w < W; w++)
        for (uint64_t b = s[w]; b; b &= b - 1) {
            const uint64_t *m = e->nb + (size_t)(64 * w + __builtin_ctzll(b)) * EXW;
            for (int j = 0; j < W; j++) out[j] |= m[j];
        }
}

/* two = the cells with at least two neighbours in s (one: at least one) */
static inline __attribute__((always_inline)) void ex_dilate2(const EX *e, const uint64_t *s, uint64_t *one, uint64_t *two, int W) {
    memset(one, 0, sizeof(uint64_t) * EXW); memset(two, 0, sizeof(uint64_t) * EXW);
    if (e->C) {
        uint64_t l[EXW], r[EXW], t[EXW];
        int C = e->C, k = e->king ? 8 : 4;
        const int sh[8] = {1, -1, C, -C, C + 1, C - 1, 1 - C, -C - 1};
        for (int w = 0; w < W; w++) { l[w] = s[w] & e->left[w]; r[w] = s[w] & e->right[w]; }
        for (int d = 0; d < k; d++) {
            const uint64_t *src = d == 1 || d == 5 || d == 7 ? l : d == 0 || d == 4 || d == 6 ? r : s;
            memset(t, 0, sizeof t);
            ex_shift_or(src, sh[d], t, W);
            for (int w = 0; w < W; w++) { two[w] |= one[w] & t[w]; one[w] |= t[w]; }
        }
        for (int w = 0; w < W; w++) { one[w] &= e->all[w]; two[w] &= e->all[w]; }
        return;
    }
    for (int w = 0; w < W; w++)
        for (uint64_t b = s[w]; b; b &= b - 1) {
            const uint64_t *m = e->nb + (size_t)(64 * w + __builtin_ctzll(b)) * EXW;
            for (int j = 0; j < W; j++) { two[j] |= one[j] & m[j]; one[j] |= m[j]; }
        }
}

/* D &= m; 1 if D changed, -1 if it became empty */
static inline __attribute__((always_inline)) int ex_and(uint64_t *D, const uint64_t *m, int W) {
    int changed = 0, any = 0;
    for (int w = 0; w < W; w++) {
        uint64_t x = D[w] & m[w];
        changed |= x != D[w];
        any |= x != 0;
        D[w] = x;
    }
    return any ? changed : -1;
}

#define EX_MAXK 64  /* the most regions the region rule looks at (past it the rule is skipped) */

/* The region rule: the cells no number holds alone fall into connected regions; a run of
 * numbers without a single cell between two fixed ones (or an end) lies in one region, and
 * every cell of a region takes a number. So the runs that can only go into a region fit in it,
 * and the runs that can go there fill it; a region that needs every run it can take gets each
 * of them, and a region filled by the runs that can only go there takes no other. 0 on a
 * contradiction; else *lo..*hi the numbers it changed (*hi = 0: none). */
static int ex_regions(const EX *e, uint64_t *F, int *lo, int *hi) {
    int n = e->n, W = e->W, k = 0, nr = 0;
    uint64_t freec[EXW], rem[EXW], comp[EX_MAXK][EXW], near[EXW];
    int size[EX_MAXK], need[EX_MAXK], can[EX_MAXK];
    int rs[EX_MAX_CELLS / 2 + 1], re[EX_MAX_CELLS / 2 + 1];
    uint64_t rc[EX_MAX_CELLS / 2 + 1];
    *lo = n + 1; *hi = 0;
    memcpy(freec, e->all, sizeof freec);
    for (int v = 1; v <= n; v++) {
        const uint64_t *D = F + (size_t)v * EXW;
        if (ex_few(D, W) == 1) for (int w = 0; w < W; w++) freec[w] &= ~D[w];
    }
    memcpy(rem, freec, sizeof rem);
    for (int c; (c = ex_first(rem)) >= 0; k++) {
        if (k == EX_MAXK) return 1;
        uint64_t *K = comp[k];
        memset(K, 0, sizeof(uint64_t) * EXW);
        K[c / 64] = 1ULL << (c % 64);
        for (;;) {
            ex_dilate(e, K, near, W);
            int grew = 0;
            for (int w = 0; w < W; w++) { uint64_t x = (near[w] & freec[w]) | K[w]; grew |= x != K[w]; K[w] = x; }
            if (!grew) break;
        }
        for (int w = 0; w < W; w++) rem[w] &= ~K[w];
        size[k] = ex_pop(K, W); need[k] = can[k] = 0;
    }
    if (k <= 1) return 1;  /* one region: every run goes there, and they fill it (the cover rule) */
    for (int v = 1; v <= n; v++) {
        if (ex_few(F + (size_t)v * EXW, W) == 1) continue;
        int a = v;
        while (v < n && ex_few(F + (size_t)(v + 1) * EXW, W) > 1) v++;
        const uint64_t *A = F + (size_t)a * EXW, *B = F + (size_t)v * EXW;
        uint64_t cand = 0;
        for (int j = 0; j < k; j++) {
            int ia = 0, ib = 0;
            for (int w = 0; w < W; w++) { ia |= (A[w] & comp[j][w]) != 0; ib |= (B[w] & comp[j][w]) != 0; }
            if (ia && ib) cand |= 1ULL << j;
        }
        if (!cand) return 0;
        int len = v - a + 1;
        if (!(cand & (cand - 1))) need[__builtin_ctzll(cand)] += len;
        for (uint64_t b = cand; b; b &= b - 1) can[__builtin_ctzll(b)] += len;
        rs[nr] = a; re[nr] = v; rc[nr++] = cand;
    }
    for (int j = 0; j < k; j++) if (need[j] > size[j] || can[j] < size[j]) return 0;
    for (int i = 0; i < nr; i++) {
        if (!(rc[i] & (rc[i] - 1))) continue;
        uint64_t mask[EXW];
        memcpy(mask, freec, sizeof mask);
        int any = 0;
        for (uint64_t b = rc[i]; b; b &= b - 1) {
            int j = __builtin_ctzll(b);
            if (can[j] == size[j]) { any = 1; for (int w = 0; w < W; w++) mask[w] &= comp[j][w]; }
            else if (need[j] == size[j]) { any = 1; for (int w = 0; w < W; w++) mask[w] &= ~comp[j][w]; }
        }
        if (!any) continue;
        for (int v = rs[i]; v <= re[i]; v++) {
            int r = ex_and(F + (size_t)v * EXW, mask, W);
            if (r < 0) return 0;
            if (r) { *lo = v < *lo ? v : *lo; *hi = v > *hi ? v : *hi; }
        }
    }
    return 1;
}

/* the rules of the header to a fixpoint over frame F (D[v] at F + v * EXW), after the
 * numbers lo..hi changed; 0 on a contradiction. The sweeps go on past lo..hi only while
 * they change something. */
static inline __attribute__((always_inline)) int ex_propagate_w(const EX *e, uint64_t *F, int lo, int hi, const int W) {
    int n = e->n;
    uint64_t near[EXW], once[EXW], twice[EXW], taken[EXW];
    while (lo <= hi) {
        int top = hi, nlo = n + 1, nhi = 0;
        for (int v = lo + 1; v <= n; v++) {  /* steps forward */
            ex_dilate(e, F + (size_t)(v - 1) * EXW, near, W);
            int r = ex_and(F + (size_t)v * EXW, near, W);
            if (r < 0) return 0;
            if (r) top = v > top ? v : top;
            else if (v > top) break;
        }
        for (int v = top - 1; v >= 1; v--) {  /* steps backward */
            ex_dilate(e, F + (size_t)(v + 1) * EXW, near, W);
            if (v > 1) {  /* v - 1 and v + 1 at two distinct neighbours */
                uint64_t u[EXW], one[EXW], two[EXW];
                for (int w = 0; w < W; w++) u[w] = F[(size_t)(v - 1) * EXW + w] | F[(size_t)(v + 1) * EXW + w];
                ex_dilate2(e, u, one, two, W);
                for (int w = 0; w < W; w++) near[w] &= two[w];
            }
            int r = ex_and(F + (size_t)v * EXW, near, W);
            if (r < 0) return 0;
            if (r) { nlo = v < nlo ? v : nlo; nhi = v > nhi ? v : nhi; }
            else if (v < lo && v < nlo) break;
        }
        memset(once, 0, sizeof once); memset(twice, 0, sizeof twice); memset(taken, 0, sizeof taken);
        for (int v = 1; v <= n; v++) {
            const uint64_t *D = F + (size_t)v * EXW;
            for (int w = 0; w < W; w++) { twice[w] |= once[w] & D[w]; once[w] |= D[w]; }
            if (ex_few(D, W) == 1) {
                for (int w = 0; w < W; w++) { if (taken[w] & D[w]) return 0; taken[w] |= D[w]; }  /* a cell twice */
            }
        }
        for (int w = 0; w < W; w++) if (once[w] != e->all[w]) return 0;  /* a cell uncovered */
        for (int v = 1; v <= n; v++) {
            uint64_t *D = F + (size_t)v * EXW;
            if (ex_few(D, W) == 1) continue;
            uint64_t only[EXW], keep[EXW];
            int k;
            for (int w = 0; w < W; w++) { only[w] = D[w] & ~twice[w]; keep[w] = ~taken[w]; }
            if ((k = ex_few(only, W)) > 1) return 0;  /* two cells that only v may take */
            int r = ex_and(D, k ? only : keep, W);
            if (r < 0) return 0;
            if (r) { nlo = v < nlo ? v : nlo; nhi = v > nhi ? v : nhi; }
        }
        if (nhi == 0 && !ex_regions(e, F, &nlo, &nhi)) return 0;  /* (at the fixpoint of the rest) */
        lo = nlo > 1 ? nlo - 1 : 1; hi = nhi;  /* (lo - 1: a changed number constrains the one before too) */
        if (nhi == 0) break;
    }
    return 1;
}

/* ex_propagate_w with the number of words a constant, so that its loops unroll */
static int ex_propagate(const EX *e, uint64_t *F, int lo, int hi) {
    switch (e->W) {
    case 1: return ex_propagate_w(e, F, lo, hi, 1);
    case 2: return ex_propagate_w(e, F, lo, hi, 2);
    case 3: return ex_propagate_w(e, F, lo, hi, 3);
    default: return ex_propagate_w(e, F, lo, hi, EXW);
    }
}

static void ex_found(EX *e, const uint64_t *F) {
    if (e->count < e->keep) {
        int *out = e->sols + (size_t)e->count * e->n;
        for (int v = 1; v <= e->n; v++) out[ex_first(F + (size_t)v * EXW)] = v;
    }
    if (++e->count >= e->limit) e->stop = 1;
}

/* the branch of frame F: a cell that exactly two numbers may still take (they are not
 * fixed), and the number of the two with two cells if there is one; else the number with the
 * fewest cells and its first cell. 0 when every number is fixed. */
static inline __attribute__((always_inline)) int ex_pick(const EX *e, const uint64_t *F, int *cell, const int W) {
    int n = e->n, best = 0, size = EX_MAX_CELLS + 1, c;
    uint64_t c1[EXW] = {0}, c2[EXW] = {0}, c3[EXW] = {0};
    for (int v = 1; v <= n; v++) {  /* counts of numbers per cell, saturating at three */
        const uint64_t *D = F + (size_t)v * EXW;
        if (ex_few(D, W) < 2) continue;
        for (int w = 0; w < W; w++) { c3[w] |= c2[w] & D[w]; c2[w] |= c1[w] & D[w]; c1[w] |= D[w]; }
    }
    for (int w = 0; w < W; w++) c2[w] &= ~c3[w];
    if ((c = ex_first(c2)) >= 0) {
        uint64_t bit = 1ULL << (c % 64);
        for (int v = 1; v <= n; v++) {
            const uint64_t *D = F + (size_t)v * EXW;
            if (D[c / 64] & bit) {
                if (!best) best = v;
                if (ex_few(D, W) == 2) { best = v; break; }
            }
        }
        *cell = c;
        return best;
    }
    for (int v = 1; v <= n; v++) {
        int k = ex_pop(F + (size_t)v * EXW, W);
        if (k > 1 && k < size) { size = k; best = v; }
    }
    if (best) *cell = ex_first(F + (size_t)best * EXW);
    return best;
}

/* frame F (depth) has been propagated: branch on number best at cell c, then, in the same
 * frame, on the rest knowing that best is not at c */
static void ex_dfs(EX *e, int depth) {
    int n = e->n, W = e->W;
    uint64_t *F = e->stack + (size_t)depth * (n + 1) * EXW, *G = F + (size_t)(n + 1) * EXW;
    for (;;) {
        int c = -1, best = W == 1 ? ex_pick(e, F, &c, 1) : W == 2 ? ex_pick(e, F, &c, 2) : ex_pick(e, F, &c, EXW);
        if (!best) { ex_found(e, F); return; }
        int w = c / 64;
        uint64_t bit = 1ULL << (c % 64);
        if (++e->nodes > e->budget) { e->stop = 2; return; }
        memcpy(G, F, sizeof(uint64_t) * (size_t)(n + 1) * EXW);
        uint64_t *D = G + (size_t)best * EXW;
        memset(D, 0, sizeof(uint64_t) * EXW);
        D[w] = bit;
        if (ex_propagate(e, G, best, best)) ex_dfs(e, depth + 1);
        if (e->stop) return;
        F[(size_t)best * EXW + w] &= ~bit;  /* (it has two cells or more: not empty) */
        if (!ex_propagate(e, F, best, best)) return;
    }
}

/* set up and run; 0, or -1 when out of memory. The caller has checked the arrays: 1 to
 * EX_MAX_CELLS cells, CSR neighbours in range, m givens at distinct cells with numbers 1..n increasing. */
static int ex_run(EX *e, int n, const int *ip, const int *ix, const int *row, const int *col, int rook,
                  int m, const int *ac, const int *av, int limit, int keep, long long budget) {
    memset(e, 0, sizeof(*e));
    e->n = n; e->W = (n + 63) / 64; e->limit = limit < 1 ? 1 : limit; e->keep = keep < 0 ? 0 : keep; e->budget = budget;
    e->nb = calloc((size_t)n * EXW, sizeof(uint64_t));
    e->stack = calloc((size_t)(n + 1) * (n + 1) * EXW, sizeof(uint64_t));  /* depth <= n: each branch fixes a number */
    e->sols = calloc((size_t)(e->keep ? e->keep : 1) * n, sizeof(int));
    if (!e->nb || !e->stack || !e->sols) return -1;
    for (int c = 0; c < n; c++)
        for (int k = ip[c]; k < ip[c + 1]; k++) e->nb[(size_t)c * EXW + ix[k] / 64] |= 1ULL << (ix[k] % 64);
    uint64_t *all = e->all, givens[EXW] = {0};
    int C = col[n - 1] + 1, full = C < 64 && n % C == 0;
    for (int c = 0; c < n && full; c++) full = row[c] == c / C && col[c] == c % C && ip[c + 1] - ip[c] <= (rook ? 4 : 8);
    for (int c = 0; c < n; c++) {
        all[c / 64] |= 1ULL << (c % 64);
        if (full && col[c] > 0) e->left[c / 64] |= 1ULL << (c % 64);
        if (full && col[c] < C - 1) e->right[c / 64] |= 1ULL << (c % 64);
    }
    if (full) { e->C = C; e->king = !rook; }
    for (int i = 0; i < m; i++) givens[ac[i] / 64] |= 1ULL << (ac[i] % 64);
    uint64_t *F = e->stack;
    for (int v = 1; v <= n; v++)
        for (int w = 0; w < EXW; w++) F[(size_t)v * EXW + w] = all[w] & ~givens[w];
    for (int i = 0; i < m; i++) {
        uint64_t *D = F + (size_t)av[i] * EXW;
        memset(D, 0, sizeof(uint64_t) * EXW);
        D[ac[i] / 64] = 1ULL << (ac[i] % 64);
    }
    e->nodes = 1;
    if (ex_propagate(e, F, 1, n)) ex_dfs(e, 0);
    return 0;
}

static void ex_free(EX *e) { free(e->nb); free(e->stack); free(e->sols); }

#endif /* GRIDSAT_PATHSEARCH_EXACT_H */
