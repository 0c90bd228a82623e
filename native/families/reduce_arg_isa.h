/* The ARGMAX / ARGMIN kernels of reduce.c (RD_ARG_ROWS, RD_LINE_ARG) for one ISA, FLOAT32 and
 * FLOAT16, included once per ISA (no include guard on purpose). Before each inclusion reduce.c
 * defines the ISA's vector helpers (RD_ARG_MASK, RD_ACMP, RD_ATAKE, RD_ATAKEI and the RD_A_*
 * types, loads and constants), RD_A_ISA and RD_A_ISA_H16 (the kernels' name suffixes), RD_A_ATTR
 * (the target attribute) and RD_A_HLOAD (its FLOAT16 vector load); this file instantiates the
 * four kernels and undefines all of them, so the next ISA defines its own: one list of the
 * helpers, not one per ISA. */
#define RD_A_EXPAND(M, ...) M(__VA_ARGS__)   /* the suffixes expanded before RD_ARG_ROWS pastes them */
RD_A_EXPAND(RD_ARG_ROWS, RD_A_ISA, RD_A_ATTR, float, RD_A_LOAD, RD_A_F32)
RD_A_EXPAND(RD_ARG_ROWS, RD_A_ISA_H16, RD_A_ATTR, uint16_t, RD_A_HLOAD, pydml_f16_to_f32)
RD_A_EXPAND(RD_LINE_ARG, RD_A_ISA, RD_A_ATTR, float, RD_A_LOAD, RD_A_F32)
RD_A_EXPAND(RD_LINE_ARG, RD_A_ISA_H16, RD_A_ATTR, uint16_t, RD_A_HLOAD, pydml_f16_to_f32)
#undef RD_A_EXPAND
#undef RD_A_ISA
#undef RD_A_ISA_H16
#undef RD_A_ATTR
#undef RD_A_HLOAD
#undef RD_ARG_MASK
#undef RD_ACMP
#undef RD_ATAKE
#undef RD_ATAKEI
#undef RD_A_ANY
#undef RD_A_UNORD
#undef RD_A_TEST
#undef RD_A_LOADI
#undef RD_A_STOREI
#undef RD_A_VT
#undef RD_A_VI
#undef RD_A_VU
#undef RD_A_W
#undef RD_A_LOAD
#undef RD_A_STORE
#undef RD_A_SETI
#undef RD_A_ZERO
#undef RD_A_IOTA
#undef RD_A_ADDI
