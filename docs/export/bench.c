/* bench.c: decision throughput of a C export named m (sparsekernel export -name m).
 * Reads the rows of a CSV file (a header line, N_IN inputs, then the label) from stdin, then
 * calls m_decision on them in a loop, three times for at least half a second, and prints the
 * best time per row in nanoseconds, in wall-clock time (as Go's testing.B measures) and in
 * CPU time (less sensitive to a loaded machine).
 * Build: cc -O2 -DN_IN=<inputs> [-DREAL=float] bench.c m.c -lm (measure.sh does).
 * Benchmark material only. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifndef REAL
#define REAL double
#endif
#define MAX_ROWS 1000

int m_decision(const REAL x[N_IN], REAL f[1]);

static REAL rows[MAX_ROWS][N_IN];

int main(void)
{
    char line[4096];
    int n = 0, i, j;
    int run;
    volatile REAL sink = 0;
    double best = 0, bestCPU = 0;

    if (!fgets(line, sizeof line, stdin)) /* the header */
        return 1;
    while (n < MAX_ROWS && fgets(line, sizeof line, stdin)) {
        char *s = line, *end;

        for (j = 0; j < N_IN; j++) {
            rows[n][j] = (REAL)strtod(s, &end);
            s = end + 1; /* the comma */
        }
        n++;
    }
    for (run = 0; run < 3; run++) {
        struct timespec t0, t1;
        double seconds, ns, cpu;
        long reps = 0;
        clock_t c0 = clock();

        clock_gettime(CLOCK_MONOTONIC, &t0);
        do {
            for (i = 0; i < n; i++) {
                REAL f[1];

                if (m_decision(rows[i], f) != 0)
                    return 1;
                sink += f[0];
            }
            reps++;
            clock_gettime(CLOCK_MONOTONIC, &t1);
            seconds = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        } while (seconds < 0.5);
        ns = 1e9 * seconds / ((double)reps * n);
        cpu = 1e9 * (double)(clock() - c0) / CLOCKS_PER_SEC / ((double)reps * n);
        if (run == 0 || ns < best)
            best = ns;
        if (run == 0 || cpu < bestCPU)
            bestCPU = cpu;
    }
    printf("%.1f %.1f ns/row (wall, cpu)\n", best, bestCPU);
    return 0;
}
