/*
 * Wings: whether the Python technique of the same name has a step on this grid.
 *
 * Each function returns 1 when the technique finds a step, 0 when it finds none, and -1 when
 * it is not written in C (the solver then runs the Python technique). A 0 must never be
 * returned where the Python technique finds a step.
 */
#ifndef GRIDSAT_LG_WINGS_H
#define GRIDSAT_LG_WINGS_H

#include "lg.h"

/* xy-wing */
static int lg_xy_wing(LG *g) {
    (void)g;
    return -1;
}

/* xyz-wing */
static int lg_xyz_wing(LG *g) {
    (void)g;
    return -1;
}

/* w-wing */
static int lg_w_wing(LG *g) {
    (void)g;
    return -1;
}

/* wxyz-wing */
static int lg_wxyz_wing(LG *g) {
    (void)g;
    return -1;
}

/* vwxyz-wing */
static int lg_vwxyz_wing(LG *g) {
    (void)g;
    return -1;
}

#endif
