/*
 * Basic fish: whether the Python technique of the same name has a step on this grid.
 *
 * Each function returns 1 when the technique finds a step, 0 when it finds none, and -1 when
 * it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 */
#ifndef GRIDSAT_LG_FISH_H
#define GRIDSAT_LG_FISH_H

#include "lg.h"

/* x-wing */
static int lg_x_wing(LG *g) {
    (void)g;
    return -1;
}

/* swordfish */
static int lg_swordfish(LG *g) {
    (void)g;
    return -1;
}

/* jellyfish */
static int lg_jellyfish(LG *g) {
    (void)g;
    return -1;
}

#endif
