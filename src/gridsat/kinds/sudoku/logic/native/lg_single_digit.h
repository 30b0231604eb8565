/*
 * Single-digit patterns: turbot fish and strong-link chains: whether the Python technique of the same name has a step on this grid.
 *
 * Each function returns 1 when the technique finds a step, 0 when it finds none, and -1 when
 * it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 */
#ifndef GRIDSAT_LG_SINGLE_DIGIT_H
#define GRIDSAT_LG_SINGLE_DIGIT_H

#include "lg.h"

/* turbot fish */
static int lg_turbot_fish(LG *g) {
    (void)g;
    return -1;
}

/* 3 strong links */
static int lg_three_strong_links(LG *g) {
    (void)g;
    return -1;
}

/* 4 strong links */
static int lg_four_strong_links(LG *g) {
    (void)g;
    return -1;
}

/* 5 strong links */
static int lg_five_strong_links(LG *g) {
    (void)g;
    return -1;
}

#endif
