/*
 * The classic 9x9 board (rows, columns, 3x3 boxes and nothing else) again, as bitboards.
 *
 * Representation. The board is three bands of three rows; a band's 27 cells are the bits
 * 0..26 of a word, row-major (bit 9r + c for row r of the band, column c). A state holds
 * one such word per digit and band (the cells where the digit is still possible), one
 * word per band of the cells not yet placed, and each digit-band's segment pattern (below)
 * as its last look left it: 30 words and 27 half-words, copied whole to each branch but
 * the last of a level, which takes its parent's state over (nothing is left to come back
 * to). A placed cell keeps only its digit's bit, so each digit's words are exactly its
 * candidate cells plus the cells where it is placed.
 *
 * Propagation works digit by digit on whole bands. Within a band, a digit's 27 bits fold
 * into 9 "segment" bits (row r, box k: does the digit appear in those three cells); a
 * 512-entry table holds, for every segment pattern, the fixpoint of the box-line rules on
 * it (a row confined to one box clears the box's other rows; a box confined to one row
 * clears the row's other boxes) or a flag when a row or box has no place left. The same
 * table serves the columns: within a stack of boxes, the segment bits are (band, column)
 * and the roles of rows and boxes go to boxes and columns. Hidden singles fall out of the
 * same words (a row, box or column with one bit left that is not placed yet); naked
 * singles come from counting a cell's candidates across the nine digit words with
 * "seen once / seen twice" masks. Only digit-bands changed since their last look are
 * examined again. These are the generic solver's rules on this board (singles, locked
 * candidates, no pairs), run to the same fixpoint, and the branching rule is the same too
 * (the first cell in row-major order with two candidates, else the first with fewest,
 * values in increasing order), so both find the solutions in the same order.
 *
 * The search keeps one state per depth on an explicit stack, like the generic one, so it
 * stops after a slice of work and resumes where it stopped.
 *
 * The counting order (``counting``, set by the batch's ``order=1``) adds rules and branches
 * of its own, from tdoku's (t-dillon/tdoku) way of looking at a band: a digit's segments in
 * a band form a 3x3 pattern (rows by boxes; in a stack of boxes, bands by columns) and the
 * digit takes one segment in each row and each box of it, one of at most six
 * "configurations". At every node, before branching, the triad rules run on all six bands
 * and stacks at once (band_triad_rules: a segment holds three different digits) and the
 * other rules after them, to a fixpoint; then the search branches on the configurations
 * of one digit in one band or stack (the band or stack with fewest configurations open in
 * all, the digit there with fewest), and only when every digit is fixed everywhere on a
 * cell (among the cells with two candidates, the one whose row, box and column hold the
 * most open cells). On the forum's hardest puzzles this takes 220 branches a check where
 * branching on cells took 310 (570 in the first-cell order). The count is the same, but
 * the solutions come in another order, so it serves where only a unique answer is kept
 * (a puzzle with several is asked again in the usual order).
 */
#ifndef GRIDSAT_CORE_BAND_H
#define GRIDSAT_CORE_BAND_H

#include "core_base.h"

#include "core_band_choose.h"

/* Is the unit table exactly the classic 9x9 one (in any order)? */
static int band_classic(const Geo *g) {
    if (g->n != 9 || g->nunits != 27) return 0;
    /* the 27 classic units as cell masks, computed once (geometry() holds the GIL) */
    static uint64_t classic[27][2];
    static int ready = 0;
    if (!ready) {
        for (int w = 0; w < 27; w++)
            for (int k = 0; k < 9; k++) {
                int c = w < 9 ? 9 * w + k : w < 18 ? 9 * k + (w - 9)
                      : 27 * ((w - 18) / 3) + 3 * ((w - 18) % 3) + 9 * (k / 3) + k % 3;
                classic[w][c >> 6] |= (uint64_t)1 << (c & 63);
            }
        ready = 1;
    }
    uint32_t seen = 0;
    for (int u = 0; u < 27; u++) {
        uint64_t m[2] = {0, 0};
        for (int k = 0; k < 9; k++) {
            int c = g->unit_cells[u * 9 + k];
            m[c >> 6] |= (uint64_t)1 << (c & 63);
        }
        int w = 0;
        while (w < 27 && (classic[w][0] != m[0] || classic[w][1] != m[1])) w++;
        if (w == 27) return 0;  /* a unit that is no row, column or box: not the classic table */
        seen |= 1u << w;
    }
    return seen == BAND_ALL;
}

/* an AVX2 build of the search (core_band_search.h) with GCC and Clang on x86-64 */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define BAND_HAVE_AVX2 1
#else
#define BAND_HAVE_AVX2 0
#endif

static int band_avx2 = -1;  /* the AVX2 build runs (-1: not asked yet) */

/* Whether the searches take the AVX2 build: ``want`` 0 turns it off, 1 on (where the
   machine has AVX2, BMI1, BMI2 and POPCNT), -1 only asks. Both builds give the same answers
   and node counts. */
static int band_use_avx2(int want) {
    int can = 0;
#if BAND_HAVE_AVX2
    __builtin_cpu_init();
    can = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2")
          && __builtin_cpu_supports("popcnt");
#endif
    if (want >= 0 || band_avx2 < 0) band_avx2 = can && want != 0;
    return band_avx2;
}

static void band_free(BandSearch *s) {
    free(s->stack); free(s->sols);
    memset(s, 0, sizeof(*s));
}

static int band_init(BandSearch *s, int keep) {
    memset(s, 0, sizeof(*s));
    band_tables();
    s->keep = keep;
    if (band_avx2 < 0) band_use_avx2(-1);
    s->stack = malloc(sizeof(BState) * BAND_DEPTH);
    s->sols = malloc((size_t)(keep > 0 ? keep : 1) * 81);
    if (!s->stack || !s->sols) { band_free(s); return -1; }
    return 0;
}

/* the portable build of the search */
#define BFN(name) name##_port
#define BAND_TARGET
#define BAND_SIMD 0
#include "core_band_search.h"
#undef BFN
#undef BAND_TARGET
#undef BAND_SIMD

/* the AVX2 build, taken at run time when the machine has AVX2 */
#if BAND_HAVE_AVX2
#define BFN(name) name##_avx2
#define BAND_TARGET __attribute__((target("avx2,bmi,bmi2,popcnt")))
#define BAND_SIMD 1
#include "core_band_search.h"
#undef BFN
#undef BAND_TARGET
#undef BAND_SIMD
#endif

/* Pose a puzzle (as search_start_ex: ``ex_val`` ruled out of ``ex_cell`` when >= 0). */
static int band_start_ex(BandSearch *s, const uint8_t *givens, uint64_t limit, int ex_cell, int ex_val) {
#if BAND_HAVE_AVX2
    if (band_avx2 > 0) return band_start_ex_avx2(s, givens, limit, ex_cell, ex_val);
#endif
    return band_start_ex_port(s, givens, limit, ex_cell, ex_val);
}

/* As search_run: on until the end, the limit, the deadline or slice_end (RUN_PAUSE). */
static int band_run(BandSearch *s, double deadline, double slice_end) {
#if BAND_HAVE_AVX2
    if (band_avx2 > 0) return band_run_avx2(s, deadline, slice_end);
#endif
    return band_run_port(s, deadline, slice_end);
}

#endif /* GRIDSAT_CORE_BAND_H */
