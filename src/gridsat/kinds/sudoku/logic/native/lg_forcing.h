/*
 * Forcing chains by propagation (Nishio, dynamic): whether the Python technique of the same name has a step on this grid.
 *
 * Each function returns 1 when the technique finds a step, 0 when it finds none, and -1 when
 * it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 */
#ifndef GRIDSAT_LG_FORCING_H
#define GRIDSAT_LG_FORCING_H

#include "lg.h"

/* nishio forcing chain */
static int lg_nishio(LG *g) {
    (void)g;
    return -1;
}

/* dynamic forcing chain */
static int lg_dynamic_chains(LG *g) {
    (void)g;
    return -1;
}

#endif
