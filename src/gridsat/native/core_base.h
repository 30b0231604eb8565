/*
 * The ground every part of the C core stands on (no Python): the board's geometry Geo,
 * the clock, bit counting and the results of a search. The searches (core_impl.h, compiled
 * once per word width, core_band.h, core_x16.h) include it; core.h adds the searches on
 * top of it for core.c and its Python-facing parts.
 */
#ifndef GRIDSAT_CORE_BASE_H
#define GRIDSAT_CORE_BASE_H

/* clock_gettime under -std=c99 (Python.h, included first by core.h, asks for the same) */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bits.h"

#define MAX_N 32
#define MAX_UNITS 128

/* ------------------------------------------------------------------ geometry */
typedef struct {
    int n, ncells, nunits;
    int *unit_cells;   /* nunits * n */
    int *cu_off;       /* ncells + 1: offsets into cell_units */
    int *cell_units;
    int *peer_off;     /* ncells + 1: offsets into peers */
    int *peers;
    uint64_t *umask;   /* 2 words per cell: the set of its units */
    /* Locked candidates work on *segments*: the cells two units of different families
       share (a family is a set of units that partitions the board: the rows, the columns,
       the regions). For each pair of families whose segments are not all single cells
       (rows x regions, columns x regions), the segments partition both families' units. */
    int npairs;
    int *pair_off;     /* npairs + 1 offsets into the segment arrays */
    int *seg_a, *seg_b;  /* each segment's unit in the first and the second family */
    int *seg_off;      /* total segments + 1 offsets into seg_cells */
    int *seg_cells;
    int *cell_seg;     /* npairs * ncells: each cell's segment in each pair */
    int maxseg;        /* most segments in one pair */
    int locked;        /* use them */
    int pairs;         /* naked and hidden pairs */
    int band;          /* the classic 9x9 table without pairs: core_band.h's solver */
    int x16;           /* the classic 16x16 table (4x4 boxes): core_x16.h's solver */
    int score;         /* break ties between the fewest-candidate cells by their peers (above 9x9, and jigsaw 9x9) */
    int probe;         /* failed-literal probing of the two-candidate cells at every node (above 9x9) */
} Geo;

static void geo_free(Geo *g) {
    if (!g) return;
    free(g->unit_cells); free(g->cu_off); free(g->cell_units);
    free(g->peer_off); free(g->peers); free(g->umask);
    free(g->pair_off); free(g->seg_a); free(g->seg_b); free(g->seg_off); free(g->seg_cells); free(g->cell_seg);
    free(g);
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* results of one search */
enum { RUN_DONE = 0, RUN_LIMIT = 1, RUN_TIMEOUT = 2, RUN_PAUSE = 3, RUN_BUDGET = 4 };

/* The searches' look at the clock, every 128 branches: RUN_TIMEOUT past the deadline (when
   there is one), RUN_PAUSE past the slice's end, else -1. */
static inline int clock_check(int *tick, double deadline, double slice_end) {
    if (++*tick < 128) return -1;
    *tick = 0;
    double t = now_s();
    if (deadline > 0 && t >= deadline) return RUN_TIMEOUT;
    return t >= slice_end ? RUN_PAUSE : -1;
}

#endif /* GRIDSAT_CORE_BASE_H */
