/*
 * A driver for tdoku (t-dillon/tdoku) in benchmarks/sudoku.py --tdoku PATH.
 *
 * Reads classic puzzles (81 symbols a line, '1'-'9' given, anything else empty; '#' lines
 * skipped) from FILE, counts each one's solutions up to LIMIT (default 2: a uniqueness
 * check) with tdoku's C API, TdokuSolverDpllTriadSimd, and prints one line:
 *
 *     puzzles N seconds T cpu U count0 A count1 B count2 C guesses G isa I
 *
 * G is tdoku's own count of guesses over the timed loop, and I the widest vector
 * instructions this driver was compiled for (avx512, avx2 or sse: tdoku picks its forms by
 * the same macros, so build the driver and tdoku with the same flags). On a machine with
 * AVX-512, tdoku takes its AVX-512 forms under -march=native; add -mno-avx512f to every
 * command below for its AVX2 build.
 *
 * T and U are the wall and CPU time of the solving loop alone (reading and start-up
 * excluded, after an untimed pass over the first 200 puzzles that pages the code and
 * tables in), so they compare with gridsat's warmed in-process rows. Built against a tdoku checkout, as its own
 * build does (g++ -O3 -march=native):
 *
 *     g++ -O3 -march=native -DNDEBUG -std=c++17 -c src/solver_dpll_triad_simd.cc src/util.cc -Iinclude
 *     gcc -O3 -march=native -c tdoku_check.c -Iinclude
 *     g++ tdoku_check.o solver_dpll_triad_simd.o util.o -o tdoku_check
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tdoku.h"

#if defined(__AVX512VL__) && defined(__AVX512BW__)
#define TDOKU_ISA "avx512"
#elif defined(__AVX2__)
#define TDOKU_ISA "avx2"
#else
#define TDOKU_ISA "sse"
#endif

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE [LIMIT]\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    size_t limit = argc > 2 ? (size_t)atoi(argv[2]) : 2;
    size_t cap = 1024, n = 0;
    char *puzzles = malloc(cap * 82), line[1024];
    while (puzzles && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        if (n == cap) puzzles = realloc(puzzles, (cap *= 2) * 82);
        if (!puzzles) break;
        char *p = puzzles + n++ * 82;
        for (int i = 0; i < 81; i++) p[i] = line[i] >= '1' && line[i] <= '9' ? line[i] : '.';
        p[81] = '\0';  /* (tdoku reads a standard puzzle when byte 81 is below '.') */
    }
    fclose(f);
    if (!puzzles) return 2;
    size_t counts[3] = {0, 0, 0}, guesses, total_guesses = 0;
    char solution[82];
    for (size_t i = 0; i < n && i < 200; i++) TdokuSolverDpllTriadSimd(puzzles + i * 82, limit, 0, solution, &guesses);
    struct timespec t0, t1, c0, c1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
    for (size_t i = 0; i < n; i++) {
        size_t c = TdokuSolverDpllTriadSimd(puzzles + i * 82, limit, 0, solution, &guesses);
        counts[c > 2 ? 2 : c]++;
        total_guesses += guesses;
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    double cpu = (double)(c1.tv_sec - c0.tv_sec) + 1e-9 * (double)(c1.tv_nsec - c0.tv_nsec);
    printf("puzzles %zu seconds %.6f cpu %.6f count0 %zu count1 %zu count2 %zu guesses %zu isa %s\n", n, seconds, cpu,
           counts[0], counts[1], counts[2], total_guesses, TDOKU_ISA);
    free(puzzles);
    return 0;
}
