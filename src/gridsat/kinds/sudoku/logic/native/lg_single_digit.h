/*
 * Single-digit patterns: turbot fish and strong-link chains: whether the Python technique of the same name has a step on this grid (their steps:
 * lg_single_digit_steps.h).
 *
 * Each function returns 1 when the technique finds a step, 0 when it finds none, and -1 when
 * it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 *
 * Every pattern here lives on one digit, so each test looks at the digit's places only
 * (g->dpos[d]), one digit at a time, as the Python search does. A strong link is a unit
 * holding exactly two places of the digit (rows, columns and boxes; a conjugate pair); a
 * grouped link is a box whose places all lie in one row part and one column part. The
 * Python techniques search for the easiest or first pattern; these tests only ask whether
 * any pattern with at least one elimination exists, over the same links and the same
 * conditions.
 */
#ifndef GRIDSAT_LG_SINGLE_DIGIT_H
#define GRIDSAT_LG_SINGLE_DIGIT_H

#include "lg.h"

#define LGS_MAXLINKS 64 /* 27 plain links and at most 2 grouped links per box */

/* The strong links of one digit: unit, and the two ends as cell sets (one cell each for a
 * plain link); plain links first in unit order, cells ascending, as conjugate_pairs lists them. */
typedef struct {
    int n;                        /* number of links */
    int nplain;                   /* the first nplain are plain links */
    uint8_t unit[LGS_MAXLINKS];
    uint8_t cell[LGS_MAXLINKS][2]; /* ends of a plain link */
    lg_cells end[LGS_MAXLINKS][2]; /* ends as cell sets */
} lgs_links;

/* The first unit holding both cells (row, then column, then box), as the Python geometry's
 * common_unit; -1 when none. */
static inline int lgs_common_unit(int a, int b) {
    for (int k = 0; k < 3; k++)
        if (LG_CU[a][k] == LG_CU[b][k]) return LG_CU[a][k];
    return -1;
}

/* Cells that see every cell of a non-empty set. */
static lg_cells lgs_common_peers(lg_cells s) {
    lg_cells common = ~(lg_cells)0;
    while (s) {
        int c = lg_first(s);
        s &= s - 1;
        common &= LG_PEERS[c];
    }
    return common;
}

/* The plain strong links (conjugate pairs) of digit index d into L. */
static void lgs_plain_links(const LG *g, int d, lgs_links *L) {
    int n = 0;
    for (int u = 0; u < LG_UNITS; u++) {
        unsigned p = g->upos[u][d];
        if (popcount32(p) != 2) continue;
        int a = LG_UNIT[u][lg_ctz(p)];
        int b = LG_UNIT[u][lg_ctz(p & (p - 1))];
        L->unit[n] = (uint8_t)u;
        L->cell[n][0] = (uint8_t)a;
        L->cell[n][1] = (uint8_t)b;
        L->end[n][0] = lg_bit(a);
        L->end[n][1] = lg_bit(b);
        n++;
    }
    L->n = L->nplain = n;
}

/* Empty-rectangle hinges of a box: calls visit(box, inbox, rpart, ccol, ctx) for every row R
 * and column C of the box's places such that every place lies in row R or column C, when the
 * box holds at least min_cells places over two rows and two columns (the Python _box_hinges).
 * rpart is the places in row R, cpart the places in column C. Stops and returns 1 as soon as
 * visit returns 1. */
typedef int (*lgs_hinge_fn)(int box, lg_cells inbox, lg_cells rpart, lg_cells cpart, void *ctx);

static int lgs_box_hinges(lg_cells pos, int min_cells, lgs_hinge_fn visit, void *ctx) {
    for (int b = 18; b < 27; b++) {
        lg_cells inbox = pos & LG_UMASK[b];
        if (lg_popc(inbox) < min_cells) continue;
        unsigned rows = 0, cols = 0;
        lg_cells rowcells[9], colcells[9];
        memset(rowcells, 0, sizeof rowcells);
        memset(colcells, 0, sizeof colcells);
        for (lg_cells s = inbox; s; s &= s - 1) {
            int c = lg_first(s);
            rows |= 1u << (c / 9);
            cols |= 1u << (c % 9);
            rowcells[c / 9] |= lg_bit(c);
            colcells[c % 9] |= lg_bit(c);
        }
        if (popcount32(rows) == 1 || popcount32(cols) == 1) continue;
        for (unsigned rs = rows; rs; rs &= rs - 1) {
            int R = lg_ctz(rs);
            for (unsigned cs = cols; cs; cs &= cs - 1) {
                int C = lg_ctz(cs);
                if (inbox & ~(rowcells[R] | colcells[C])) continue;
                if (visit(b, inbox, rowcells[R], colcells[C], ctx)) return 1;
            }
        }
    }
    return 0;
}

/* Whether a pattern exists depends only on the digit's places, and from one step of a path
 * to the next most digits keep theirs: the answers per digit are kept in a small table
 * keyed by (pattern, digit, places), compared in full (so a clash only costs a search). */
#define LGS_MEMO 4096
static struct {
    lg_cells pos;
    uint8_t key;  /* pattern * 16 + digit + 1; 0 for an empty slot */
    uint8_t has;
} lgs_memo[LGS_MEMO];

static inline unsigned lgs_slot(int pattern, int d, lg_cells pos) {
    uint64_t h = (uint64_t)pos * 0x9E3779B97F4A7C15ull ^ (uint64_t)(pos >> 64) * 0xC2B2AE3D27D4EB4Full;
    h ^= (uint64_t)(pattern * 16 + d) * 0x165667B19E3779F9ull;
    return (unsigned)(h >> 52) & (LGS_MEMO - 1);
}

/* The memoised answer of `pattern` for digit index d with places pos: 0 or 1, -1 unknown. */
static inline int lgs_memo_get(int pattern, int d, lg_cells pos, unsigned *slot) {
    *slot = lgs_slot(pattern, d, pos);
    if (lgs_memo[*slot].key == pattern * 16 + d + 1 && lgs_memo[*slot].pos == pos) return lgs_memo[*slot].has;
    return -1;
}

static inline int lgs_memo_put(unsigned slot, int pattern, int d, lg_cells pos, int has) {
    lgs_memo[slot].pos = pos;
    lgs_memo[slot].key = (uint8_t)(pattern * 16 + d + 1);
    lgs_memo[slot].has = (uint8_t)has;
    return has;
}

/* ---- turbot fish: skyscraper, two-string kite, turbot fish, empty rectangle ---- */

/* Two strong links x=y and z=w with y seeing z: a place seeing x and w (not y or z) goes. */
static int lgs_turbot_digit(const lgs_links *L, lg_cells pos) {
    for (int i = 0; i < L->n; i++) {
        int u1 = L->unit[i];
        for (int j = i + 1; j < L->n; j++) {
            int u2 = L->unit[j];
            int a1 = L->cell[i][0], a2 = L->cell[i][1], b1 = L->cell[j][0], b2 = L->cell[j][1];
            if (a1 == b1 || a1 == b2 || a2 == b1 || a2 == b2) continue;
            for (int o1 = 0; o1 < 2; o1++) {
                int x = o1 ? a2 : a1, y = o1 ? a1 : a2;
                for (int o2 = 0; o2 < 2; o2++) {
                    int z = o2 ? b2 : b1, w = o2 ? b1 : b2;
                    int wu = lgs_common_unit(y, z);
                    if (wu < 0 || wu == u1 || wu == u2) continue;
                    if (lg_sees(x, w)) {
                        int cu = lgs_common_unit(x, w);
                        if (cu == u1 || cu == u2) continue;
                    }
                    if (LG_PEERS[x] & LG_PEERS[w] & pos & ~(lg_bit(y) | lg_bit(z))) return 1;
                }
            }
        }
    }
    return 0;
}

typedef struct {
    const lgs_links *L;
    lg_cells pos;
} lgs_er_ctx;

/* One empty-rectangle hinge against every strong link outside the box. */
static int lgs_er_hinge(int box, lg_cells inbox, lg_cells rpart, lg_cells ccol, void *vctx) {
    const lgs_er_ctx *ctx = (const lgs_er_ctx *)vctx;
    const lgs_links *L = ctx->L;
    lg_cells boxm = LG_UMASK[box];
    lg_cells cpart = inbox & ~rpart;
    (void)ccol;
    if (!cpart) return 0;
    lg_cells seen_r = lgs_common_peers(rpart), seen_c = lgs_common_peers(cpart);
    for (int i = 0; i < L->nplain; i++)
        for (int o = 0; o < 2; o++) {
            int a = L->cell[i][o], bb = L->cell[i][o ^ 1];
            if (((boxm >> a) & 1) || ((boxm >> bb) & 1)) continue;
            lg_cells pa = LG_PEERS[a];
            lg_cells base = LG_PEERS[bb] & ctx->pos & ~boxm & ~lg_bit(a);
            if (!(rpart & ~pa) && (base & seen_c)) return 1;
            if (!(cpart & ~pa) && (base & seen_r)) return 1;
        }
    return 0;
}

/* turbot fish (4.0-4.2), or else an empty rectangle (4.3) */
static int lgs_turbot_or_er(LG *g, int d) {
    lgs_links L;
    lg_cells pos = g->dpos[d];
    lgs_plain_links(g, d, &L);
    if (L.n >= 2 && lgs_turbot_digit(&L, pos)) return 1;
    lgs_er_ctx ctx = {&L, pos};
    return lgs_box_hinges(pos, 2, lgs_er_hinge, &ctx);
}

static int lg_turbot_fish(LG *g) {
    for (int d = 0; d < LG_N; d++) {
        unsigned slot;
        int has = lgs_memo_get(2, d, g->dpos[d], &slot);
        if (has < 0) has = lgs_memo_put(slot, 2, d, g->dpos[d], lgs_turbot_or_er(g, d));
        if (has) return 1;
    }
    return 0;
}

/* ---- chains of k strong links joined by weak links (X-chains) ---- */

typedef struct {
    const lgs_links *L;
    lg_cells pos;
    int k;
    int x;              /* first cell of the chain */
    int first;          /* its link: the last link has a higher index (a chain read backwards
                           is the same chain, with the same eliminations) */
    lg_cells xseen;     /* places seeing x */
    uint64_t adj[2 * LGS_MAXLINKS]; /* adj[node]: nodes (2*link+end) whose cell sees the node's cell */
} lgs_chain;

/* Extend a plain chain whose last link ends at node `last`; depth links used so far. */
static int lgs_plain_dfs(const lgs_chain *S, int last, int depth, uint64_t used, lg_cells cells) {
    const lgs_links *L = S->L;
    if (depth == S->k) {
        int y = L->cell[last >> 1][last & 1];
        if (lg_sees(S->x, y)) {
            int cu = lgs_common_unit(S->x, y);
            for (uint64_t u = used; u; u &= u - 1)
                if (L->unit[__builtin_ctzll(u)] == cu) return 0;
        }
        return (S->xseen & LG_PEERS[y] & ~cells) != 0;
    }
    if (!(S->xseen & ~cells)) return 0; /* no place could see both ends */
    for (uint64_t m = S->adj[last]; m; m &= m - 1) {
        int nd = __builtin_ctzll(m);
        int li = nd >> 1;
        if (((used >> li) & 1) || (depth == S->k - 1 && li < S->first)) continue;
        int z = L->cell[li][nd & 1], w = L->cell[li][(nd & 1) ^ 1];
        lg_cells zw = lg_bit(z) | lg_bit(w);
        if (cells & zw) continue;
        if (lgs_plain_dfs(S, nd ^ 1, depth + 1, used | (1ull << li), cells | zw)) return 1;
    }
    return 0;
}

/* Whether digit index d has a chain of k plain strong links with an elimination. */
static int lgs_plain_chain(const lgs_links *L, lg_cells pos, int k) {
    if (L->nplain < k) return 0;
    lgs_chain S;
    S.L = L;
    S.pos = pos;
    S.k = k;
    int nn = 2 * L->nplain;
    uint64_t inunit[LG_UNITS]; /* the nodes in each unit */
    memset(inunit, 0, sizeof inunit);
    for (int a = 0; a < nn; a++) {
        int c = L->cell[a >> 1][a & 1];
        for (int t = 0; t < 3; t++) inunit[LG_CU[c][t]] |= 1ull << a;
    }
    for (int a = 0; a < nn; a++) {
        const uint8_t *cu = LG_CU[L->cell[a >> 1][a & 1]];
        uint64_t same = inunit[cu[0]] & inunit[cu[1]]; /* nodes on the same cell */
        S.adj[a] = (inunit[cu[0]] | inunit[cu[1]] | inunit[cu[2]]) & ~same & ~(3ull << (a & ~1));
    }
    for (int a = 0; a < nn; a++) {
        int li = a >> 1;
        S.x = L->cell[li][a & 1];
        S.first = li;
        S.xseen = LG_PEERS[S.x] & pos;
        if (lgs_plain_dfs(&S, a ^ 1, 1, 1ull << li, L->end[li][0] | L->end[li][1])) return 1;
    }
    return 0;
}

/* The grouped links of one digit (boxes with an empty rectangle of three places or more),
 * appended after the plain links: for each hinge, the row part against the rest, and the
 * column part against the rest (the Python _group_links). */
static int lgs_group_hinge(int box, lg_cells inbox, lg_cells rpart, lg_cells ccol, void *vctx) {
    lgs_links *L = (lgs_links *)vctx;
    lg_cells parts[2] = {rpart, ccol};
    for (int p = 0; p < 2; p++) {
        lg_cells rest = inbox & ~parts[p];
        if (!rest || L->n >= LGS_MAXLINKS) continue;
        L->unit[L->n] = (uint8_t)box;
        L->end[L->n][0] = parts[p];
        L->end[L->n][1] = rest;
        L->n++;
    }
    return 0;
}

typedef struct {
    int k, n;                /* links, nodes */
    lg_cells pos;
    const lg_cells *node;    /* node i: end i & 1 of link i >> 1 */
    const uint8_t (*cell)[2]; /* cells of the plain links */
    lg_cells seen[2 * LGS_MAXLINKS];
    lg_cells next[2 * LGS_MAXLINKS]; /* as node sets (n <= 128), once `done` has the node */
    lg_cells done;
    int nplain;              /* links below are plain, the others grouped */
    int first;               /* first node of the chain */
} lgs_gchain;

/* The nodes whose every cell sees every cell of node i, on other links. */
static lg_cells lgs_gnext(lgs_gchain *S, int i) {
    if (!((S->done >> i) & 1)) {
        lg_cells m = 0, seen = S->seen[i];
        for (int j = 0; j < 2 * S->nplain; j++)
            if ((seen >> S->cell[j >> 1][j & 1]) & 1) m |= lg_bit(j);
        for (int j = 2 * S->nplain; j < S->n; j++)
            if (!(S->node[j] & ~seen)) m |= lg_bit(j);
        S->next[i] = m & ~(lg_bit(i) | lg_bit(i ^ 1));
        S->done |= lg_bit(i);
    }
    return S->next[i];
}

/* A chain read backwards is the same chain: only chains with a grouped link among their
 * first (k + 1) / 2 links are followed (the other ones have one there when read backwards). */
static int lgs_grouped_dfs(lgs_gchain *S, int last, int len, lg_cells cells, int grouped) {
    if (len == 2 * S->k)
        return grouped && (S->seen[S->first] & S->seen[last] & S->pos & ~cells) != 0;
    int final = len == 2 * S->k - 2;
    int must = len / 2 + 1 == (S->k + 1) / 2; /* the link added now is the last one that may be the first grouped */
    for (lg_cells m = lgs_gnext(S, last); m; m &= m - 1) {
        int j = lg_first(m);
        int isgroup = (j >> 1) >= S->nplain;
        if ((final || must) && !grouped && !isgroup) continue;
        int other = j ^ 1;
        lg_cells X = S->node[j], Y = S->node[other];
        if (cells & (X | Y)) continue;
        if (final && !(S->seen[S->first] & S->seen[other] & S->pos & ~(cells | X | Y))) continue;
        if (lgs_grouped_dfs(S, other, len + 2, cells | X | Y, grouped || isgroup)) return 1;
    }
    return 0;
}

/* Whether digit index d has a chain of k strong links, at least one of them grouped, with an
 * elimination (the Python _gsl_digit). L holds the plain links and gets the grouped ones. */
static int lgs_grouped_chain(lgs_links *L, lg_cells pos, int k) {
    lgs_box_hinges(pos, 3, lgs_group_hinge, L);
    if (L->n == L->nplain) return 0;
    lgs_gchain S;
    S.k = k;
    S.n = 2 * L->n;
    S.pos = pos;
    S.node = &L->end[0][0];
    S.nplain = L->nplain;
    S.cell = (const uint8_t (*)[2])L->cell;
    S.done = 0;
    for (int i = 0; i < 2 * S.nplain; i++) S.seen[i] = LG_PEERS[L->cell[i >> 1][i & 1]];
    for (int i = 2 * S.nplain; i < S.n; i++) S.seen[i] = lgs_common_peers(S.node[i]);
    for (int i = 0; i < S.n; i++) {
        if (!(S.seen[i] & pos & ~S.node[i ^ 1])) continue;
        if ((S.k + 1) / 2 == 1 && (i >> 1) < S.nplain) continue;
        S.first = i;
        if (lgs_grouped_dfs(&S, i ^ 1, 2, S.node[i] | S.node[i ^ 1], (i >> 1) >= S.nplain)) return 1;
    }
    return 0;
}

/* k strong links on one digit, plain, or with grouped links too when `grouped` (the Python
 * technique tries every digit's plain chains before any grouped one; which comes first does
 * not change whether there is one) */
static int lgs_chain_digit(LG *g, int d, int k, int grouped) {
    lgs_links L;
    lgs_plain_links(g, d, &L);
    if (lgs_plain_chain(&L, g->dpos[d], k)) return 1;
    return grouped && lgs_grouped_chain(&L, g->dpos[d], k);
}

static int lgs_strong_links(LG *g, int k, int grouped) {
    for (int d = 0; d < LG_N; d++) {
        unsigned slot;
        int has = lgs_memo_get(k + 8 * grouped, d, g->dpos[d], &slot);
        if (has < 0) has = lgs_memo_put(slot, k + 8 * grouped, d, g->dpos[d], lgs_chain_digit(g, d, k, grouped));
        if (has) return 1;
    }
    return 0;
}

/* 3 strong links (5.4-5.6), or else grouped 3 strong links (5.7) */
static int lg_three_strong_links(LG *g) {
    return lgs_strong_links(g, 3, 1);
}

/* 4 strong links */
static int lg_four_strong_links(LG *g) {
    return lgs_strong_links(g, 4, 0);
}

/* 5 strong links */
static int lg_five_strong_links(LG *g) {
    return lgs_strong_links(g, 5, 0);
}

#endif
