/*
 * Basic fish: whether the Python technique of the same name has a step on this grid.
 *
 * Each function returns 1 when the technique finds a step, 0 when it finds none, and -1 when
 * it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 *
 * The Python test (techniques/fish.py), for each digit, rows as base lines then columns:
 * every choice of k base lines, each holding the digit in 2..k places, whose places together
 * lie in exactly k cover lines, is a step when a cover line holds the digit outside the base
 * lines.
 */
#ifndef GRIDSAT_LG_FISH_H
#define GRIDSAT_LG_FISH_H

#include "lg.h"

/* Whether some k of the n base-line masks m[] (their line numbers in line[]), from position i
 * on, joined to the chosen ones (lines `base`, places `cover`, `left` still to choose), cover
 * exactly k lines of which one holds the digit outside the base lines; cross[x] is the
 * digit's places in cover line x, as a mask of base-line numbers. */
static int lgf_choose(const uint16_t *m, const int *line, int n, int i, int left, unsigned base,
                      unsigned cover, int k, const uint16_t *cross) {
    if (!left) {
        if (popcount32(cover) != k) return 0;
        for (unsigned c = cover; c; c &= c - 1)
            if (cross[lg_ctz(c)] & ~base) return 1;
        return 0;
    }
    for (; i <= n - left; i++) {
        unsigned cv = cover | m[i];
        if (popcount32(cv) > k) continue; /* a union only grows: this choice can never cover k lines */
        if (lgf_choose(m, line, n, i + 1, left - 1, base | (1u << line[i]), cv, k, cross)) return 1;
    }
    return 0;
}

/* the fish of size k (2 x-wing, 3 swordfish, 4 jellyfish) */
static int lgf_fish(LG *g, int k, unsigned digits) {
    for (int d = 0; d < LG_N; d++) {
        if (!(digits >> d & 1)) continue;
        for (int rows = 1; rows >= 0; rows--) {
            uint16_t m[LG_N], cross[LG_N];
            int line[LG_N], n = 0;
            for (int y = 0; y < LG_N; y++) {
                unsigned p = g->upos[rows ? y : 9 + y][d];
                int pc = popcount32(p);
                cross[y] = g->upos[rows ? 9 + y : y][d];
                if (pc >= 2 && pc <= k) {
                    m[n] = (uint16_t)p;
                    line[n++] = y;
                }
            }
            if (n >= k && lgf_choose(m, line, n, 0, k, 0, 0, k, cross)) return 1;
        }
    }
    return 0;
}

/* Each fish test keeps the last grid it found nothing on (lg.h): a fish of digit d reads
 * only d's places, so only the digits some cell lost since are searched. */
static lg_fail_memo LGF_MEMO[3];

/* x-wing */
static int lg_x_wing(LG *g) {
    LG_MEMO_TEST(&LGF_MEMO[0], g, touch, digits, lgf_fish(g, 2, digits));
}

/* swordfish */
static int lg_swordfish(LG *g) {
    LG_MEMO_TEST(&LGF_MEMO[1], g, touch, digits, lgf_fish(g, 3, digits));
}

/* jellyfish */
static int lg_jellyfish(LG *g) {
    LG_MEMO_TEST(&LGF_MEMO[2], g, touch, digits, lgf_fish(g, 4, digits));
}

#endif
