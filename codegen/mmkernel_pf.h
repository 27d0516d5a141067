/* mmkernel_pf.h: the bodies of the kernels' prefetch helpers, written
 * once over the element type.  mmkernel.h includes it once per type,
 * with MMT_PF_T the element and MMT_PF(name) the helper's name for it,
 * and says what each helper is for; include mmkernel.h, not this. */

/* The elements of a 64-byte line, a constant for the type. */
#define MMT_PF_LINE ((int)(MMT_LINE_BYTES / sizeof(MMT_PF_T)))

/* PF=1: before tile (i, j), the lines of the tile visited next. */
static inline void MMT_PF(mmt_prefetch_next)(int m, int n, int i, int j,
                                             int mu, int nu,
                                             const MMT_PF_T *c, int ldc)
{
    int rows, cols;

    i += mu;
    if (i >= m) {
        i = 0;
        j += nu;
    }
    if (j >= n)
        return;
    rows = m - i < mu ? m - i : mu;
    cols = n - j < nu ? n - j : nu;
    for (int q = 0; q < cols; q++) {
        const MMT_PF_T *col = c + i + (long)(j + q) * ldc;
        for (int r = 0; r < rows; r += MMT_PF_LINE)
            MMT_PREFETCH_W(col + r);
        MMT_PREFETCH_W(col + rows - 1);
    }
}

/* PFA=1: the walk's state, made for a tile by MMT_PF(mmt_pfa_start). */
struct MMT_PF(mmt_pfa) {
    const MMT_PF_T *q, *end; /* the next column's first row; column k's */
    long step;               /* to the tile's column after it: nj * lda */
    int per, wait;           /* k steps apart, steps to the next */
};

/* No division here: the start is made once per tile, and an integer
 * division there cost small calls (K = 32) a few percent. */
static inline struct MMT_PF(mmt_pfa)
MMT_PF(mmt_pfa_start)(const MMT_PF_T *a, int m, int lda, int n, int k,
                      int j, int nu)
{
    int nj = n / nu, jt = j / nu;   /* nu is a constant: no division */
    struct MMT_PF(mmt_pfa) s = { a + m + (long)jt * lda,
                                 a + m + (long)k * lda, (long)nj * lda, nj,
                                 jt < k ? 1 : MMT_PFA_DONE };
    return s;
}

/* After `steps` more k steps of a tile of `rows` rows: the columns due.
 * Most steps only count down, one branch not taken. */
static inline void MMT_PF(mmt_pfa_steps)(struct MMT_PF(mmt_pfa) *s,
                                         int steps, int rows)
{
    if (MMT_LIKELY((s->wait -= steps) > 0))
        return;
    do {
        for (int r = 0; r < rows; r += MMT_PF_LINE)
            MMT_PREFETCH_A(s->q + r);
        MMT_PREFETCH_A(s->q + rows - 1);
        s->q += s->step;
        s->wait = s->q < s->end ? s->wait + s->per : MMT_PFA_DONE;
    } while (s->wait <= 0);
}

/* PFB=1: at k step p, row p of the packed panel after b's. */
static inline void MMT_PF(mmt_pfb)(const MMT_PF_T *b, int nr, int k, int p)
{
    const MMT_PF_T *row = b + (long)nr * k + (long)p * nr;

    for (int r = 0; r < nr; r += MMT_PF_LINE)
        MMT_PREFETCH_B(row + r);
    if (nr % MMT_PF_LINE)
        MMT_PREFETCH_B(row + nr - 1);
}

#undef MMT_PF_LINE
