/* groups_simd_body.h - folklore_body.h's and compensated_body.h's stage
 * groups for one format, L columns at a time in the lanes of 512-bit
 * registers (included by groups_avx512.c once per format through
 * simd_each_format.h). kind is WHT__SIMD_FOLKLORE (no error terms: as a
 * compensated group that neither loads nor stores them), _KAHAN,
 * _NEUMAIER or _ALMAN_RAO (folklore's frame around the radix-8 group).
 * Every lane does the scalar butterfly's operations on its column in the
 * same order with the same roundings, so the bits are the scalar code's
 * wherever no NaN comes up. Which NaN a sum of two NaNs returns is not
 * the source's to say (x86 returns its first operand, and the compiler
 * may swap the operands of +), so a column with a NaN among its outputs
 * is not stored here but run again by the scalar code (the caller's
 * group function, `scalar`): a NaN anywhere in a column's arithmetic
 * reaches the column's outputs, so the other columns never met one.
 * Neumaier's three recoveries become one, its operands chosen per lane:
 * the two compare branches run only where A, B and A' (B') are not NaN, so
 * there a - b may be written a + (-b).
 * Columns: with m >= L (or a partial row of super-blocks) the lanes are L
 * consecutive columns, loaded as they lie, a masked load for the last few;
 * with m < L (the first groups of a transform, m = 1, 2, 4, 8) the L lanes
 * are the columns of L / m consecutive super-blocks, whose L * 2^c
 * elements are contiguous: loaded into a buffer and gathered into the
 * 2^c registers, gathered back into memory order to store. */
#define FNV(name) WHT__CAT3(name, _v, SFX_V)
#define AI __attribute__((always_inline))
/* the kinds whose elements carry error terms */
#define ERRORS(kind) ((kind) == WHT__SIMD_KAHAN || (kind) == WHT__SIMD_NEUMAIER)

/* A, B and their errors through DESIGN.md section 4's butterfly */
static inline AI void FNV(bfly)(VT *a, VT *b, VT *ea, VT *eb, int kind)
{
  const VT A = *a, B = *b, eA = *ea, eB = *eb;
  if (kind == WHT__SIMD_FOLKLORE) {
    *a = VADD(A, B);
    *b = VSUB(A, B);
    return;
  }
  const VT S = VADD(A, B), D = VSUB(A, B), Es = VADD(eA, eB), Ed = VSUB(eA, eB);
  const VT Ap = VSUB(S, Es), Bp = VSUB(D, Ed);
  VT ra, rb;
  if (kind == WHT__SIMD_KAHAN) {
    ra = VSUB(VSUB(Ap, A), B);
    rb = VADD(VSUB(Bp, A), B);
  } else {
    const VT aA = VABS(A), aB = VABS(B), nA = VNEG(A), nB = VNEG(B);
    const MT ble = VLE(aB, aA), ale = VLE(aA, aB);
    /* ERR_A: c1 ((A'-A)-B), c2 ((A'-B)-A), else ((-A-B)+A') */
    const VT aAp = VABS(Ap);
    MT c1 = VLE(aB, aAp) & ble, c2 = (MT)~c1 & VLE(aA, aAp) & ale;
    ra = VADD(VSUB(VBLEND(c1 | c2, nA, Ap), VBLEND(c1, B, A)), VBLEND(c1, VBLEND(c2, Ap, nA), nB));
    /* ERR_B: c1 ((B'-A)+B), c2 ((B'+B)-A), else ((-A+B)+B') */
    const VT aBp = VABS(Bp);
    c1 = VLE(aB, aBp) & ble, c2 = (MT)~c1 & VLE(aA, aBp) & ale;
    rb = VADD(VADD(VBLEND(c1 | c2, nA, Bp), VBLEND(c1, B, nA)), VBLEND(c1, VBLEND(c2, Bp, nA), B));
  }
  *a = Ap;
  *b = Bp;
  *ea = VADD(ra, Es);
  *eb = VADD(rb, Ed);
}

/* alman_rao_body.h's ar_radix8 on a..h = v[0..7], in its order */
static inline AI void FNV(radix8)(VT *v)
{
  const VT a = v[0], b = v[1], c = v[2], d = v[3], e = v[4], f = v[5], g = v[6], h = v[7];
  const VT B1 = VADD(b, c), B2 = VADD(d, h), B3 = VADD(f, g);
  const VT tot = VHALF(VADD(VADD(VADD(B1, B2), B3), e));
  const VT diff = VSUB(a, tot);
  const VT D = VADD(diff, d), E = VADD(diff, e), H = VADD(diff, h);
  v[0] = VADD(a, tot);
  v[1] = VADD(VADD(E, c), g);
  v[2] = VADD(VADD(E, b), f);
  v[3] = VADD(E, B2);
  v[4] = VADD(D, B1);
  v[5] = VADD(VADD(H, c), f);
  v[6] = VADD(VADD(H, b), g);
  v[7] = VADD(D, B3);
}

/* the c stages of a group on registers v (values) and w (errors) */
static inline AI void FNV(network)(VT *v, VT *w, unsigned c, int kind)
{
  const unsigned r = 1u << c;
  if (kind == WHT__SIMD_ALMAN_RAO) {
    FNV(radix8)(v);
    return;
  }
  for (unsigned h = 1; h < r; h <<= 1)
    for (unsigned t = 0; t < r; t++)
      if (!(t & h)) FNV(bfly)(&v[t], &v[t + h], &w[t], &w[t + h], kind);
}

/* the outputs of a group's registers into o (values, or y = x - e where
 * last) and oe (errors); the lanes where one of them is NaN */
static inline AI MT FNV(outputs)(const VT *v, const VT *w, VT *o, VT *oe, unsigned r, int last, int kind)
{
  MT nan = 0;
  for (unsigned t = 0; t < r; t++) {
    if (last) {
      o[t] = VSUB(v[t], w[t]);
    } else {
      o[t] = v[t], oe[t] = w[t];
      if (ERRORS(kind)) nan |= VNAN(w[t]);
    }
    nan |= VNAN(o[t]);
  }
  return nan;
}

/* columns 0 .. cols-1 of one super-block at x (errors at e), element
 * `at` of the data; a column that meets a NaN goes to scalar */
static inline AI void FNV(columns)(const wht__cpu_ctx *ctx, wht__cpu_group_fn scalar, uint64_t at, T *x, T *e,
                                    unsigned s, uint64_t cols, unsigned c, int first, int last, int kind)
{
  const unsigned r = 1u << c;
  const uint64_t m = (uint64_t)1 << s;
  for (uint64_t lo = 0; lo < cols; lo += L) {
    const MT k = cols - lo >= L ? (MT)~0u : (MT)((1u << (cols - lo)) - 1u);
    VT v[8], w[8], o[8], oe[8];
    for (unsigned t = 0; t < r; t++) {
      v[t] = LOADV(x + lo + t * m, k);
      w[t] = first ? VSET0() : LOADV(e + lo + t * m, k);
    }
    FNV(network)(v, w, c, kind);
    const MT nan = FNV(outputs)(v, w, o, oe, r, last, kind) & k, ok = k & (MT)~nan;
    for (unsigned t = 0; t < r; t++) {
      STOREV(x + lo + t * m, ok, o[t]);
      if (!last && ERRORS(kind)) STOREV(e + lo + t * m, ok, oe[t]);
    }
    /* m = lanes: lane l is column at + lo + l */
    wht__simd_hand_back(ctx, scalar, nan, L, at + lo, L, 0, 1, s, c);
  }
}

/* count whole super-blocks of m < L columns from element `at` (x, e):
 * L columns a chunk; gin[t] gathers lane row t from memory order, gout[p]
 * memory order p back; a column that meets a NaN goes to scalar */
static inline AI void FNV(small)(const wht__cpu_ctx *ctx, wht__cpu_group_fn scalar, uint64_t at, T *x, T *e,
                                  unsigned s, uint64_t count, unsigned c, int first, int last, int kind,
                                  const int32_t *gin, const int32_t *gout)
{
  const unsigned r = 1u << c;
  const uint64_t m = (uint64_t)1 << s, span = m << c, total = count * span;
  WT bx[8 * L] __attribute__((aligned(64))), be[8 * L] __attribute__((aligned(64)));
  for (uint64_t o = 0; o < total; o += (uint64_t)L * r) {
    const uint64_t rest = total - o;
    for (unsigned p = 0; p < r; p++) {
      const MT k = (MT)wht__simd_part(rest, p, L);
      VSTA(bx + p * L, LOADV(x + o + p * L, k));
      if (!first) VSTA(be + p * L, LOADV(e + o + p * L, k));
    }
    VT v[8], w[8], y[8], ye[8];
    for (unsigned t = 0; t < r; t++) {
      v[t] = VGATHER(IDXLOAD(gin + t * L), bx);
      w[t] = first ? VSET0() : VGATHER(IDXLOAD(gin + t * L), be);
    }
    FNV(network)(v, w, c, kind);
    const MT nan = FNV(outputs)(v, w, y, ye, r, last, kind);
    for (unsigned t = 0; t < r; t++) {
      VSTA(bx + t * L, y[t]);
      if (!last && ERRORS(kind)) VSTA(be + t * L, ye[t]);
    }
    for (unsigned p = 0; p < r; p++) {
      const MT k = (MT)wht__simd_drop(wht__simd_part(rest, p, L), nan, gout, p, L);
      STOREV(x + o + p * L, k, VGATHER(IDXLOAD(gout + p * L), bx));
      if (!last && ERRORS(kind)) STOREV(e + o + p * L, k, VGATHER(IDXLOAD(gout + p * L), be));
    }
    wht__simd_hand_back(ctx, scalar, nan, L, at + o, m, span, rest, s, c);
  }
}

/* compensated_body.h's group function (c = 1, 2 or 3) */
static inline AI void FNV(group)(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s, unsigned c,
                                  uint64_t cols, int kind, int blocked, wht__cpu_group_fn scalar)
{
  /* folklore, Alman-Rao: as a block that starts from e = 0 and stores x,
   * not x - e */
  const int plain = kind == WHT__SIMD_FOLKLORE || kind == WHT__SIMD_ALMAN_RAO;
  T *x = (T *)ctx->x + base, *e = blocked || plain ? NULL : (T *)ctx->e + base;
  const uint64_t m = (uint64_t)1 << s, span = m << c;
  const int first = blocked || plain || s == 0, last = !plain && (blocked || s + c == ctx->k);
  if (m < L && cols == m) {
    int32_t gin[8 * L], gout[8 * L];
    wht__simd_gather_index(gin, gout, L, (unsigned)m, c);
    switch (c) {
    case 1: FNV(small)(ctx, scalar, base, x, e, s, count, 1, first, last, kind, gin, gout); break;
    case 2: FNV(small)(ctx, scalar, base, x, e, s, count, 2, first, last, kind, gin, gout); break;
    default: FNV(small)(ctx, scalar, base, x, e, s, count, 3, first, last, kind, gin, gout); break;
    }
    return;
  }
  for (uint64_t i = 0; i < count; i++, x += span, e = e ? e + span : e) {
    const uint64_t at = base + i * span;
    switch (c) {
    case 1: FNV(columns)(ctx, scalar, at, x, e, s, cols, 1, first, last, kind); break;
    case 2: FNV(columns)(ctx, scalar, at, x, e, s, cols, 2, first, last, kind); break;
    default: FNV(columns)(ctx, scalar, at, x, e, s, cols, 3, first, last, kind); break;
    }
  }
}

static void FNV(folklore)(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s, unsigned c,
                          uint64_t cols, int blocked, wht__cpu_group_fn scalar)
{
  FNV(group)(ctx, base, count, s, c, cols, WHT__SIMD_FOLKLORE, blocked, scalar);
}

static void FNV(alman_rao)(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s, unsigned c,
                           uint64_t cols, int blocked, wht__cpu_group_fn scalar)
{
  FNV(group)(ctx, base, count, s, 3, cols, WHT__SIMD_ALMAN_RAO, blocked, scalar);
  (void)c;
}

static void FNV(kahan)(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s, unsigned c,
                       uint64_t cols, int blocked, wht__cpu_group_fn scalar)
{
  FNV(group)(ctx, base, count, s, c, cols, WHT__SIMD_KAHAN, blocked, scalar);
}

static void FNV(neumaier)(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s, unsigned c,
                          uint64_t cols, int blocked, wht__cpu_group_fn scalar)
{
  FNV(group)(ctx, base, count, s, c, cols, WHT__SIMD_NEUMAIER, blocked, scalar);
}

#undef FNV
#undef AI
#undef ERRORS
