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

/* direct pointing */
static int lg_direct_pointing(LG *g) {
    (void)g;
    return -1;
}

/* direct claiming */
static int lg_direct_claiming(LG *g) {
    (void)g;
    return -1;
}

/* naked single: a cell with one candidate */
static int lg_naked_single(LG *g) {
    for (int c = 0; c < LG_CELLS; c++) {
        unsigned m = g->cands[c];
        if (m && !(m & (m - 1))) return 1;
    }
    return 0;
}

/* pointing */
static int lg_pointing(LG *g) {
    (void)g;
    return -1;
}

/* claiming */
static int lg_claiming(LG *g) {
    (void)g;
    return -1;
}

#endif
