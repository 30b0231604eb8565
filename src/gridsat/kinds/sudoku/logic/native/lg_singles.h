/*
 * Singles and intersections: whether the Python technique of the same name has a step on this grid.
 *
 * Each function returns 1 when the technique finds a step, 0 when it finds none, and -1 when
 * it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 */
#ifndef GRIDSAT_LG_SINGLES_H
#define GRIDSAT_LG_SINGLES_H

#include "lg.h"

/* full house: a unit with one empty cell, and that cell has one candidate */
static int lg_full_house(LG *g) {
    for (int u = 0; u < LG_UNITS; u++) {
        lg_cells e = g->empty & LG_UMASK[u];
        if (e && !(e & (e - 1))) {
            unsigned m = g->cands[lg_first(e)];
            if (m && !(m & (m - 1))) return 1;
        }
    }
    return 0;
}

static int lg_hidden_single_units(LG *g, int from, int to) {
    for (int u = from; u < to; u++)
        for (int d = 0; d < LG_N; d++) {
            unsigned p = g->upos[u][d];
            if (p && !(p & (p - 1))) return 1;
        }
    return 0;
}

/* hidden single (box): a digit with one place left in a box */
static int lg_hidden_single_box(LG *g) {
    return lg_hidden_single_units(g, 18, 27);
}

/* hidden single (line): a digit with one place left in a row or column */
static int lg_hidden_single_line(LG *g) {
    return lg_hidden_single_units(g, 0, 18);
}

/*
 * Locked candidates over every box x line intersection (boxes in order, then the box's three
 * rows and three columns). For digit d with places p inside the intersection: pointing when d
 * has no place in the rest of the box and some place in the rest of the line (those go),
 * claiming the other way round. With `direct`, the step counts only when, without the
 * eliminated places, d has exactly one place left in one of the two other units of the base's
 * kind crossing the cover unit (the other boxes along the line for pointing, the other lines
 * of the same kind through the box for claiming).
 */
static int lgsin_locked(const LG *g, int pointing, int direct) {
    for (int b = 0; b < 9; b++) {
        lg_cells bm = LG_UMASK[18 + b];
        for (int k = 0; k < 6; k++) {
            int row = k < 3;
            int line = row ? (b / 3) * 3 + k : 9 + (b % 3) * 3 + (k - 3);
            lg_cells lm = LG_UMASK[line];
            lg_cells common = bm & lm;
            lg_cells base = pointing ? bm & ~common : lm & ~common;
            lg_cells cover = pointing ? lm & ~common : bm & ~common;
            for (int d = 0; d < LG_N; d++) {
                lg_cells p = g->dpos[d];
                if (!(p & common) || (p & base) || !(p & cover)) continue;
                if (!direct) return 1;
                for (int j = 0; j < 3; j++) {
                    lg_cells left;
                    if (pointing) {
                        /* the boxes along the line: j-th box of the band or of the stack */
                        int b2 = row ? (b / 3) * 3 + j : (b % 3) + 3 * j;
                        if (b2 == b) continue;
                        left = p & LG_UMASK[18 + b2] & ~lm;
                    } else {
                        /* the lines of the same kind through the box */
                        int l2 = row ? (b / 3) * 3 + j : 9 + (b % 3) * 3 + j;
                        if (l2 == line) continue;
                        left = p & LG_UMASK[l2] & ~bm;
                    }
                    if (left && !(left & (left - 1))) return 1;
                }
            }
        }
    }
    return 0;
}

/* direct pointing: a pointing whose eliminations leave a hidden single in another box along the line */
static int lg_direct_pointing(LG *g) {
    return lgsin_locked(g, 1, 1);
}

/* direct claiming: a claiming whose eliminations leave a hidden single in a parallel line through the box */
static int lg_direct_claiming(LG *g) {
    return lgsin_locked(g, 0, 1);
}

/* naked single: a cell with one candidate */
static int lg_naked_single(LG *g) {
    for (int c = 0; c < LG_CELLS; c++) {
        unsigned m = g->cands[c];
        if (m && !(m & (m - 1))) return 1;
    }
    return 0;
}

/* pointing: a digit of a box confined to one line, with a place in the rest of the line */
static int lg_pointing(LG *g) {
    return lgsin_locked(g, 1, 0);
}

/* claiming: a digit of a line confined to one box, with a place in the rest of the box */
static int lg_claiming(LG *g) {
    return lgsin_locked(g, 0, 0);
}

#endif
