/*
 * Naked and hidden subsets, direct and plain: whether the Python technique of the same name has a step on this grid.
 *
 * Each function returns 1 when the technique finds a step, 0 when it finds none, and -1 when
 * it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 */
#ifndef GRIDSAT_LG_SUBSETS_H
#define GRIDSAT_LG_SUBSETS_H

#include "lg.h"

/* direct hidden pair */
static int lg_direct_hidden_pair(LG *g) {
    (void)g;
    return -1;
}

/* direct hidden triple */
static int lg_direct_hidden_triple(LG *g) {
    (void)g;
    return -1;
}

/* naked pair */
static int lg_naked_pair(LG *g) {
    (void)g;
    return -1;
}

/* hidden pair */
static int lg_hidden_pair(LG *g) {
    (void)g;
    return -1;
}

/* naked triple */
static int lg_naked_triple(LG *g) {
    (void)g;
    return -1;
}

/* hidden triple */
static int lg_hidden_triple(LG *g) {
    (void)g;
    return -1;
}

/* naked quad */
static int lg_naked_quad(LG *g) {
    (void)g;
    return -1;
}

/* hidden quad */
static int lg_hidden_quad(LG *g) {
    (void)g;
    return -1;
}

#endif
