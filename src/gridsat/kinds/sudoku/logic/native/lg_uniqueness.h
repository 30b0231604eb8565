/*
 * Uniqueness techniques: whether the Python technique of the same name has a step on this grid.
 *
 * Each function returns 1 when the technique finds a step, 0 when it finds none, and -1 when
 * it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 *
 * "unique rectangle" (techniques/uniqueness.py) has a step when some rectangle (two rows, two
 * columns, its four cells in exactly two boxes, at least two digits common to all four) has,
 * for a pair x, y of those digits, a step of type 1, 2, 4 or 3 as its _ur_check tests them;
 * when none has, it tries a unique loop of 6 or 8 cells, whose depth-first search is replayed
 * here in the same order (it examines only the first loop found from each starting cell).
 */
#ifndef GRIDSAT_LG_UNIQUENESS_H
#define GRIDSAT_LG_UNIQUENESS_H

#include "lg.h"

/* Type 3: the extras of the roofs form a naked set with j other cells of unit u. others[] are
 * the unit's other empty cells; choose from position i on (`left` still to choose, `in` the
 * chosen ones as a mask of positions, `m` their digits with the extras). */
static int lgu_type3(const LG *g, const int *others, int n, int i, int left, unsigned in,
                     unsigned m, int j) {
    if (!left) {
        if (popcount32(m) != j + 1) return 0;
        for (int t = 0; t < n; t++)
            if (!((in >> t) & 1) && (g->cands[others[t]] & m)) return 1;
        return 0;
    }
    for (; i <= n - left; i++)
        if (lgu_type3(g, others, n, i + 1, left - 1, in | (1u << i), m | g->cands[others[i]], j))
            return 1;
    return 0;
}

/* whether _ur_check finds a step on rectangle rect (in the Python's order) for digits xy */
static int lgu_ur_check(const LG *g, const int *rect, unsigned xy) {
    int roofs[4], nr = 0;
    for (int i = 0; i < 4; i++)
        if (g->cands[rect[i]] != xy) roofs[nr++] = rect[i];
    if (nr == 1) return 1; /* type 1 */
    if (nr != 2) return 0;
    int r1 = roofs[0], r2 = roofs[1];
    if (!lg_sees(r1, r2)) return 0; /* no common unit */
    unsigned e1 = g->cands[r1] & ~xy, e2 = g->cands[r2] & ~xy;
    /* type 2: the same single extra digit, seen elsewhere by both roofs */
    if (e1 == e2 && popcount32(e1) == 1 && (LG_PEERS[r1] & LG_PEERS[r2] & g->dpos[lg_ctz(e1)])) return 1;
    lg_cells roofset = lg_bit(r1) | lg_bit(r2);
    /* type 4: x or y of a shared unit only in the roofs */
    for (int k = 0; k < 3; k++) {
        int u = LG_CU[r1][k];
        if (u != LG_CU[r2][k]) continue;
        for (unsigned b = xy; b; b &= b - 1)
            if (!(g->dpos[lg_ctz(b)] & LG_UMASK[u] & ~roofset)) return 1;
    }
    /* type 3 */
    unsigned extra = e1 | e2;
    for (int k = 0; k < 3; k++) {
        int u = LG_CU[r1][k];
        if (u != LG_CU[r2][k]) continue;
        int others[LG_N], n = 0;
        for (int i = 0; i < LG_N; i++) {
            int c = LG_UNIT[u][i];
            if (g->cands[c] && c != r1 && c != r2) others[n++] = c;
        }
        for (int j = 1; j <= 3 && j <= n; j++)
            if (lgu_type3(g, others, n, 0, j, 0, extra, j)) return 1;
    }
    return 0;
}

/* the state of the unique-loop search for one digit pair and one starting cell */
typedef struct {
    const LG *g;
    unsigned xy;
    lg_cells cset;       /* cells holding both digits */
    int path[8], len;
    int cnt[LG_UNITS];   /* loop cells in each unit */
    uint32_t touched;    /* units the search has entered since its start (kept when left) */
    int found[8], nfound;
} lgu_loop;

static int lgu_dfs(lgu_loop *s, int extras) {
    int v = s->path[s->len - 1], L = s->len;
    if (L >= 6 && !(L & 1) && lg_sees(s->path[0], v) && extras >= 1) {
        int ok = 1;
        for (uint32_t t = s->touched; t; t &= t - 1)
            if (s->cnt[__builtin_ctz(t)] != 2) { ok = 0; break; }
        if (ok) {
            memcpy(s->found, s->path, sizeof s->path);
            s->nfound = L;
            return 1;
        }
    }
    if (L == 8) return 0;
    for (int i = 0; i < 20; i++) {
        int w = LG_PEER[v][i];
        if (w <= s->path[0] || !((s->cset >> w) & 1)) continue;
        int inpath = 0;
        for (int t = 1; t < L; t++)
            if (s->path[t] == w) { inpath = 1; break; }
        if (inpath) continue;
        int e = extras + (s->g->cands[w] != s->xy);
        if (e > 2) continue;
        const uint8_t *cu = LG_CU[w];
        if (s->cnt[cu[0]] >= 2 || s->cnt[cu[1]] >= 2 || s->cnt[cu[2]] >= 2) continue;
        for (int k = 0; k < 3; k++) {
            s->cnt[cu[k]]++;
            s->touched |= 1u << cu[k];
        }
        s->path[s->len++] = w;
        int done = lgu_dfs(s, e);
        s->len--;
        for (int k = 0; k < 3; k++) s->cnt[cu[k]]--;
        if (done) return 1;
    }
    return 0;
}

/* whether unique_loop (max_len 8) finds a step */
static int lgu_unique_loop(const LG *g) {
    int nbiv[1 << LG_N];
    memset(nbiv, 0, sizeof nbiv);
    for (int c = 0; c < LG_CELLS; c++)
        if (popcount32(g->cands[c]) == 2) nbiv[g->cands[c]]++;
    lgu_loop s;
    s.g = g;
    for (int x = 0; x < LG_N; x++)
        for (int y = x + 1; y < LG_N; y++) {
            unsigned xy = (1u << x) | (1u << y);
            if (nbiv[xy] < 4) continue;
            s.xy = xy;
            s.cset = g->dpos[x] & g->dpos[y];
            for (lg_cells rest = s.cset; rest; rest &= rest - 1) {
                int s0 = lg_first(rest);
                memset(s.cnt, 0, sizeof s.cnt);
                s.touched = 0;
                for (int k = 0; k < 3; k++) {
                    s.cnt[LG_CU[s0][k]] = 1;
                    s.touched |= 1u << LG_CU[s0][k];
                }
                s.path[0] = s0;
                s.len = 1;
                if (!lgu_dfs(&s, g->cands[s0] != xy)) continue;
                int extra[8] = {0}, ne = 0;
                lg_cells loop = 0;
                for (int i = 0; i < s.nfound; i++) {
                    loop |= lg_bit(s.found[i]);
                    if (g->cands[s.found[i]] != xy) extra[ne++] = s.found[i];
                }
                if (ne == 1) return 1; /* type 1 */
                unsigned e = g->cands[extra[0]] & ~xy;
                int same = 1;
                for (int i = 1; i < ne; i++)
                    if ((g->cands[extra[i]] & ~xy) != e) same = 0;
                if (!same || popcount32(e) != 1) continue;
                lg_cells common = ~(lg_cells)0;
                for (int i = 0; i < ne; i++) common &= LG_PEERS[extra[i]];
                if (common & g->dpos[lg_ctz(e)] & ~loop) return 1; /* type 2 */
            }
        }
    return 0;
}

/* unique rectangle: for each pair of rows, only the columns whose two cells share two digits
 * or more can be corners, so those are listed first and paired among themselves */
static int lg_unique_rectangle(LG *g) {
    const uint16_t *C = g->cands;
    for (int r1 = 0; r1 < LG_N; r1++)
        for (int r2 = r1 + 1; r2 < LG_N; r2++) {
            int sameband = r1 / 3 == r2 / 3;
            int cols[LG_N], nc = 0;
            unsigned both[LG_N];
            for (int c = 0; c < LG_N; c++) {
                unsigned m = C[r1 * 9 + c] & C[r2 * 9 + c];
                if (m & (m - 1)) { both[nc] = m; cols[nc++] = c; }
            }
            for (int i = 0; i < nc; i++) {
                int c1 = cols[i];
                for (int j = i + 1; j < nc; j++) {
                    int c2 = cols[j];
                    unsigned common = both[i] & both[j];
                    if (popcount32(common) < 2) continue;
                    if (sameband == (c1 / 3 == c2 / 3)) continue; /* one box or four boxes */
                    int rect[4] = {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c2, r2 * 9 + c1};
                    for (unsigned p = common; p; p &= p - 1)
                        for (unsigned q = p & (p - 1); q; q &= q - 1) {
                            unsigned xy = (p & -p) | (q & -q);
                            if (lgu_ur_check(g, rect, xy)) return 1;
                        }
                }
            }
        }
    return lgu_unique_loop(g);
}

/* bug+1: every empty cell bivalue but one with three candidates, one of which is in each of
 * that cell's units three times */
static int lg_bug_plus_one(LG *g) {
    int odd = -1;
    for (int c = 0; c < LG_CELLS; c++) {
        int k = popcount32(g->cands[c]);
        if (k == 0 || k == 2) continue;
        if (k == 3 && odd < 0)
            odd = c;
        else
            return 0;
    }
    if (odd < 0) return 0;
    for (unsigned m = g->cands[odd]; m; m &= m - 1) {
        int d = lg_ctz(m), ok = 1;
        for (int k = 0; k < 3; k++)
            if (popcount32(g->upos[LG_CU[odd][k]][d]) != 3) ok = 0;
        if (ok) return 1;
    }
    return 0;
}

#endif
