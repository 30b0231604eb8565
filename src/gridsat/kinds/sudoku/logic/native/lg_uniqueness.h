/*
 * Uniqueness techniques: whether the Python technique of the same name has a step on this grid.
 *
 * Each function returns 1 when the technique finds a step, 0 when it finds none, and -1 when
 * it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 */
#ifndef GRIDSAT_LG_UNIQUENESS_H
#define GRIDSAT_LG_UNIQUENESS_H

#include "lg.h"

/* unique rectangle */
static int lg_unique_rectangle(LG *g) {
    (void)g;
    return -1;
}

/* bug+1 */
static int lg_bug_plus_one(LG *g) {
    (void)g;
    return -1;
}

#endif
