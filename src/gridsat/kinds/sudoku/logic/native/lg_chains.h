/*
 * Static forcing chains (x-, y-, xy-chains; cell and region forcing chains): whether the Python technique of the same name has a step on this grid.
 *
 * Each function returns 1 when the technique finds a step, 0 when it finds none, and -1 when
 * it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 */
#ifndef GRIDSAT_LG_CHAINS_H
#define GRIDSAT_LG_CHAINS_H

#include "lg.h"

/* forcing chain */
static int lg_forcing_chain(LG *g) {
    (void)g;
    return -1;
}

/* multiple forcing chain */
static int lg_multiple_chains(LG *g) {
    (void)g;
    return -1;
}

#endif
