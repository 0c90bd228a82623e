/*
 * DML_CONVOLUTION: forward and backward (transposed) convolution, cross-correlation and convolution
 * modes, groups, strides, dilations, asymmetric padding, output padding, bias and a fused activation,
 * on 1-3 spatial dimensions, for FLOAT32, FLOAT16 and bfloat16 tensors with arbitrary element strides.
 *
 * Formulation (one spatial axis; the axes are independent). FORWARD computes
 *     y[o] = sum_k x[o * stride + k * dilation - start] * W[k']
 * and BACKWARD is its adjoint with respect to x (ONNX ConvTranspose, torch conv_transpose):
 *     y[p] = sum_{i, k : p = i * stride + k * dilation - start} x[i] * W[k'].
 * Both become one gather: split the outputs into phases o = r + P q (P = 1 forward, P = stride
 * backward); phase r reads x[q * S + c_k] for its taps k, with S = stride forward / 1 backward and
 *     forward:  c_k = k dilation - start                (every k, one phase)
 *     backward: c_k = (r + start - k dilation) / stride (the k with that division exact).
 * Every output is therefore one finite sum in a fixed order, computed once (no scatter): results
 * are deterministic and independent of the thread count.
 *
 * Kernel orientation k' (DirectML's Mode x Direction table, directml-api.md section 5): with the
 * formulas above, CROSS_CORRELATION uses k' = k and CONVOLUTION uses k' = K - 1 - k, in both
 * directions. Written as a cross-correlation of the (zero-upsampled) input, the BACKWARD sum uses the
 * flipped kernel, which is what the table calls "transposed along x,y" for CROSS_CORRELATION +
 * BACKWARD and "identity" for CONVOLUTION + BACKWARD; FORWARD reads identity / transposed. This makes
 * (CROSS_CORRELATION, FORWARD) and (CROSS_CORRELATION, BACKWARD) mutually adjoint, and likewise the
 * two CONVOLUTION ones, and CROSS_CORRELATION + BACKWARD equal to ONNX ConvTranspose (ORT's mapping).
 * Channels: FORWARD filter {C_out, C_in / G, k...}; BACKWARD filter {C_in, C_out / G, k...} (the
 * ConvTranspose layout, the same tensor the matching FORWARD uses). OutputPadding only enters the
 * BACKWARD output size (FORWARD ignores it, as DirectMLX's size rule and ORT's mapping do).
 *
 * Engines. DENSE (C_out / G >= 8): the input rows a work item needs are packed into a band in
 * [channel block of 16][depth][row][column][16] f32 layout (columns de-interleaved by the forward
 * stride, zero columns for the padding; padded rows are skipped by dropping their taps), the
 * filter into panels [group][phase combination][nr output channels][channel block][tap][16][nr],
 * and a register-blocked microkernel computes up to 14 pixels x nr output channels per call
 * (AVX-512: nr 32 in 28 zmm accumulators, or 16; AVX2: 6 x 16; portable C: 4 x 16). The
 * microkernels and the panel packing are the GEMM engine's indirect products
 * (native/engines/gemm_indirect.h: A gathered from the band through the tap table in_off / tap,
 * each filter panel a GEMM B panel whose K runs over (channel block, tap, channel)); this file
 * keeps the plan, the tap tables, the band packing, the tiling and threading. The AVX2
 * kernels also continue a sum from the tile, so a band's sums are split into chunks whose weights
 * stay in Zen's 32 KiB L1 (dense_rows_chunked; the same order, bit-identical); there the rows of a
 * band with the same valid taps form a group tiled as one pixel sequence (tiles may span rows,
 * through the pixel-offset kernels), so 7- or 14-pixel rows fill the 6-row tiles, and each chunk
 * serves every group's tiles. The AVX-512 kernels do the same for rows narrower than their 14-row
 * tiles (a ResNet's 7 x 7 layers). FLOAT32 FORWARD with fewer than 16 input channels per group folds
 * the width taps into the channels (the band's channel c = kw * C_in/G + ic, one width tap left):
 * a 3-channel 7x7 stem runs 7 taps of 21 channels instead of 49 taps of 3. Strided
 * BACKWARD assembles whole output rows from their width phases before storing them. POINTWISE
 * (1x1, stride 1, no padding, pixel-contiguous views such as NCHW): the same microkernel with the
 * roles swapped, rows = output channels and columns = pixels, so nothing is transposed.
 * PLANE (C_out / G < 8, e.g. depthwise): channels are packed as planes and a row kernel computes
 * 64 output pixels of one output channel at a time, vectorised along the row.
 * FLOAT32 FORWARD with one input channel per group (depthwise), a width stride of 1 or 2 and rows
 * contiguous in both views skips the band: dw_item's kernel reads the input rows in place.
 * NHWC and NCHW views give bit-identical results (same packed band, same summation order).
 * f16 / bf16 are converted to f32 while packing and accumulated in f32 (also when
 * allow_half_precision is set: it permits, but does not require, lower precision). Exception: the
 * DENSE engine (POINTWISE included) on a CPU with AVX512-BF16 packs bf16 as channel pairs and
 * multiplies them with vdpbf16ps into f32 accumulators (bf16 products summed in f32, as oneDNN and
 * PyTorch do; only the summation order differs, and denormals are flushed; see
 * native/engines/gemm_indirect_x86.c).
 *
 * Memory: the plan holds the geometry only; what an execution writes (per-thread band scratch, the
 * bias copy, the packed filter) is carved from the caller's workspace (DirectML's temporary
 * resource, families.h: temporary_bytes reports the most any execution needs, on any ISA path and
 * with any views), so the plan is read-only while it executes and executions of one operator may
 * run at the same time. An OWNED_BY_DML filter is packed once, at initialize (conv_family_initialize,
 * keyed by the initialization generation, for the ISA of that time and, for a 1x1 plan, both the
 * pointwise and the band packing); an execution that needs another packing (the ISA changed) packs
 * into its workspace. pydml_convolution_execute (no workspace) allocates one per call. Geometries
 * needing more than CONV_MAX_PLAN_BYTES for the plan's thread count are refused (OUT_OF_MEMORY).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "activation.h"
#include "convolution_internal.h"
#include "elementwise.h"

#ifdef _OPENMP
#include <omp.h>
#endif

/* Largest total allocation a plan may make (hostile geometry fails with OUT_OF_MEMORY). */
#define CONV_MAX_PLAN_BYTES ((uint64_t)1 << 31)
/* Packed input band size a dense / plane work item aims for (fits the 1 MiB L2 with weights). */
#define CONV_BAND_TARGET_DENSE ((int64_t)384 * 1024)
#define CONV_BAND_TARGET_DENSE_WIDE ((int64_t)1024 * 1024) /* where no block fits the one above */
#define CONV_BAND_TARGET_PLANE ((int64_t)128 * 1024)
/* Row groups (rows with the same taps) kept for one call of dense_rows_chunked; more are processed
 * in several calls. */
#define CONV_ROWGROUPS 8
/* Widest output row assembled in a row buffer (see rowbuf). */
#define CONV_ROWBUF_MAX 1024

enum { ENGINE_DENSE = 0, ENGINE_PLANE = 1 };


/* ---- integer helpers ------------------------------------------------------------------------ */

static int64_t floor_div(int64_t a, int64_t b) { /* b > 0 */
    int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}
static int64_t ceil_div(int64_t a, int64_t b) { return -floor_div(-a, b); }
static int64_t mod_pos(int64_t a, int64_t b) { return a - floor_div(a, b) * b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

/* Saturating uint64 arithmetic for size estimates of hostile geometry. */
static uint64_t mul_sat(uint64_t a, uint64_t b) {
    if (a != 0 && b > UINT64_MAX / a) return UINT64_MAX;
    return a * b;
}
static uint64_t add_sat(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }
static uint64_t round64(uint64_t bytes) { return bytes > UINT64_MAX - 63 ? UINT64_MAX : (bytes + 63) & ~(uint64_t)63; }

/* ---- plan ----------------------------------------------------------------------------------- */

/* One spatial axis after normalisation to three (unused axes have size 1, K 1, stride 1). */
typedef struct conv_axis {
    int64_t in, out, k, stride, dil, start;
    int backward;
    int64_t P, S;      /* output phase period; input step per phase position q */
    int64_t nphase;    /* min(P, out) */
    int64_t U;         /* phases (< nphase) with at least one tap */
    int32_t* phase_u;  /* [nphase] phase r -> index u, or -1 */
    int64_t* u_r;      /* [U] */
    int64_t* u_first;  /* [U + 1]: taps of phase u are [u_first[u], u_first[u + 1]) */
    int64_t* u_cmin;   /* [U] */
    int64_t* u_cmax;   /* [U] */
    int64_t* tap_k;    /* [k] formula kernel index, grouped by phase */
    int64_t* tap_c;    /* [k] input offset c */
    int64_t cmin, cmax; /* over all used taps */
} conv_axis;

struct pydml_convolution_plan {
    pydml_convolution_params params;
    uint32_t rank;
    int backward, flip, engine;
    int64_t n, groups, cin_g, cout_g, cin, cout, ncb;
    conv_axis ax[3];             /* depth, height, width */
    int64_t ktot;
    int64_t trim[3];             /* filter elements left out before each axis's first tap (trim_axis) */
    int64_t ucombo;              /* Ud * Uh * Uw */
    int64_t* combo_prefix;       /* [ucombo + 1] taps before each phase combination */
    /* packed column layout of the width axis */
    int64_t col_lo, wspan, wfl, wrem;
    int64_t wrow;                /* band row stride: wspan (dense), wspan rounded up to 16 (plane) */
    int64_t* wpos;               /* [wspan] packed position of column col_lo + j */
    /* work split */
    int64_t bd, bh, ndb, nhb, nocc, occ_size, nitems;
    int64_t band_rows_d, band_rows_h; /* bounds of a band's packed rows */
    double work;                 /* multiply-adds, to decide whether to go parallel */
    /* memory */
    int nthreads;
    /* an OWNED_BY_DML filter's packings made by conv_family_initialize: valid for the executions
     * whose owned views carry `generation` (families.h) and whose filter is `src`, each packing for
     * one key (pack_key: the path and the ISA's panel width / bf16 pairs); 0: none */
    struct {
        uint64_t generation;
        const void* src;
        uint32_t key[2];
        float* data[2];
    } pre;
    /* the workspace (conv_workspace_bytes): the bias copy, the packed filter, then one part per thread */
    uint64_t bias_bytes, weight_bytes;
    size_t thread_bytes;
    size_t band_floats;
    size_t off_tile, off_tile_t, off_in_off, off_tap, off_woff, off_kw, off_row, off_rwf, off_rowbuf;
    int rowbuf;                  /* dense BACKWARD with a width stride: assemble whole output rows */
    int pointwise;               /* 1x1, no start padding, every output on an input: a GEMM per image when views allow */
    int pw_gather;               /* pointwise with a stride (or a cropped end): X gathered by output pixel */
    int64_t pw_block, pw_nitems; /* pixels per pointwise work item, number of items */
    int64_t pw_ocb;              /* blocks of output channels (of microkernel tiles) a pixel block is split into */
    size_t off_xpanel;
    size_t off_acc;              /* dense: CONV_ACC_TILES partial tiles of a chunked row */
    /* Folded width taps (pydml_convolution_plan_create): the band's channels are (kw, ic) pairs, c = kw * fold_cin + ic,
     * and the width axis ax[2] is the output width with one tap; fold_* keep the real width axis. */
    int fold;
    int stem_ok;                 /* folded 2-D: the band holds the planar layout of stem_item too */
    int dw_ok;                   /* depthwise rows without a band when the views allow (dw_item) */
    /* flat depthwise planes (dwf_item, conv_dwf_kernel): per tap its flat input offset and weight
     * index, per tap and 16-output vector the load and FMA masks; planes per item, items */
    int dwf_ok;
    uint32_t dwf_taps, dwf_nvec, dwf_n;
    int64_t* dwf_off;            /* [taps] output 0's input, in floats from the plane (in place) or the
                                  * first phase plane (its phase plane's start included) */
    int64_t* dwf_widx;
    uint32_t dwf_phases;         /* phase planes a plane is dealt into (0: read in place) */
    int64_t dwf_hg;              /* rows of a phase plane's storage (its pitch: the output width) */
    size_t off_dwf;              /* the phase planes in a thread's part, then the taps' addresses */
    uint16_t* dwf_lmask;
    uint16_t* dwf_fmask;
    int64_t dwf_per, dwf_nitems;
    int64_t fold_cin, fold_in, fold_k, fold_stride, fold_dil, fold_start;
};

static int activation_supported(uint32_t type) {
    switch (type) {
    case DML_OPERATOR_INVALID:
    case DML_OPERATOR_ACTIVATION_LINEAR:
    case DML_OPERATOR_ACTIVATION_SIGMOID:
    case DML_OPERATOR_ACTIVATION_HARD_SIGMOID:
    case DML_OPERATOR_ACTIVATION_TANH:
    case DML_OPERATOR_ACTIVATION_SCALED_TANH:
    case DML_OPERATOR_ACTIVATION_RELU:
    case DML_OPERATOR_ACTIVATION_LEAKY_RELU:
    case DML_OPERATOR_ACTIVATION_THRESHOLDED_RELU:
    case DML_OPERATOR_ACTIVATION_ELU:
    case DML_OPERATOR_ACTIVATION_CELU:
    case DML_OPERATOR_ACTIVATION_SCALED_ELU:
    case DML_OPERATOR_ACTIVATION_SOFTPLUS:
    case DML_OPERATOR_ACTIVATION_PARAMETRIC_SOFTPLUS:
    case DML_OPERATOR_ACTIVATION_SOFTSIGN:
    case DML_OPERATOR_ACTIVATION_IDENTITY:
    case DML_OPERATOR_ACTIVATION_SHRINK:
    case DML_OPERATOR_ACTIVATION_GELU:
    case DML_OPERATOR_ELEMENT_WISE_CLIP:
    case DML_OPERATOR_ELEMENT_WISE_CLIP1: /* the graph compiler's fused CLIP1 and SWISH (activation.h) */
    case DML_OPERATOR_ACTIVATION_SWISH:
    case DML_OPERATOR_ACTIVATION_HARD_SWISH:
    case PYDML_ACTIVATION_SILU:
        return 1;
    default:
        return 0;
    }
}

static int is_float_type(uint32_t t) {
    return t == DML_TENSOR_DATA_TYPE_FLOAT32 || t == DML_TENSOR_DATA_TYPE_FLOAT16 ||
           t == PYDML_DATA_TYPE_BFLOAT16;
}

typedef struct tap_pair { int64_t r, k; } tap_pair;

static int tap_pair_cmp(const void* a, const void* b) {
    const tap_pair* x = a;
    const tap_pair* y = b;
    if (x->r != y->r) return x->r < y->r ? -1 : 1;
    return (x->k > y->k) - (x->k < y->k);
}

/* Bytes axis_init will allocate (upper bound), for the plan's size cap. */
static uint64_t axis_bytes(const conv_axis* a) {
    uint64_t k = (uint64_t)a->k;
    uint64_t b = mul_sat(k, 8 * 6 + 16);           /* tap_k, tap_c, u_r, u_first, u_cmin, u_cmax + sort */
    return add_sat(b, mul_sat((uint64_t)a->nphase, 4));
}

static pydml_status axis_init(conv_axis* a) {
    int64_t K = a->k;
    a->tap_k = malloc((size_t)K * sizeof(int64_t));
    a->tap_c = malloc((size_t)K * sizeof(int64_t));
    a->u_r = malloc((size_t)K * sizeof(int64_t));
    a->u_first = malloc((size_t)(K + 1) * sizeof(int64_t));
    a->u_cmin = malloc((size_t)K * sizeof(int64_t));
    a->u_cmax = malloc((size_t)K * sizeof(int64_t));
    a->phase_u = malloc((size_t)a->nphase * sizeof(int32_t));
    tap_pair* pairs = malloc((size_t)K * sizeof(tap_pair));
    if (!a->tap_k || !a->tap_c || !a->u_r || !a->u_first || !a->u_cmin || !a->u_cmax || !a->phase_u ||
        !pairs) {
        free(pairs);
        return PYDML_STATUS_OUT_OF_MEMORY;
    }
    for (int64_t k = 0; k < K; k++) {
        pairs[k].k = k;
        pairs[k].r = a->backward ? mod_pos(k * a->dil - a->start, a->P) : 0;
    }
    if (a->backward) qsort(pairs, (size_t)K, sizeof(tap_pair), tap_pair_cmp);
    for (int64_t r = 0; r < a->nphase; r++) a->phase_u[r] = -1;
    int64_t U = 0, n = 0;
    a->cmin = INT64_MAX;
    a->cmax = INT64_MIN;
    for (int64_t i = 0; i < K; i++) {
        int64_t r = pairs[i].r, k = pairs[i].k;
        if (r >= a->nphase) continue; /* a phase with no outputs */
        int64_t c = a->backward ? (r + a->start - k * a->dil) / a->stride : k * a->dil - a->start;
        if (U == 0 || a->u_r[U - 1] != r) {
            a->u_r[U] = r;
            a->u_first[U] = n;
            a->u_cmin[U] = c;
            a->u_cmax[U] = c;
            a->phase_u[r] = (int32_t)U;
            U++;
        }
        a->u_cmin[U - 1] = min64(a->u_cmin[U - 1], c);
        a->u_cmax[U - 1] = max64(a->u_cmax[U - 1], c);
        a->cmin = min64(a->cmin, c);
        a->cmax = max64(a->cmax, c);
        a->tap_k[n] = k;
        a->tap_c[n] = c;
        n++;
    }
    a->u_first[U] = n;
    a->U = U;
    free(pairs);
    return PYDML_STATUS_SUCCESS;
}

static void axis_free(conv_axis* a) {
    free(a->tap_k);
    free(a->tap_c);
    free(a->u_r);
    free(a->u_first);
    free(a->u_cmin);
    free(a->u_cmax);
    free(a->phase_u);
}

/* A FORWARD axis's taps that read the input for no output (all of their reads in the padding)
 * left out: the kernel becomes taps [k0, k1), the start padding moves by k0 dilations, and the
 * filter's view starts k0 elements in (K - k1 when the mode flips the filter); returns that
 * element offset. DeepLabV3's atrous pyramid on a 14 x 14 map, dilations 24 and 36: only the
 * centre tap of each axis reads the image, and the band engine ran the width taps over padding
 * zeros (1.8 ms a layer, onnxruntime 0.55). Those taps added 0 x w: only an infinite or NaN
 * weight never applied to an input element made a difference (NaN), as the height axis's skipped
 * rows never did. */
static int64_t trim_axis(conv_axis* a, int flip) {
    const int64_t K = a->k;
    int64_t k0 = ceil_div(a->start - (a->out - 1) * a->stride, a->dil);
    int64_t k1 = floor_div(a->in - 1 + a->start, a->dil) + 1;
    k0 = max64(k0, 0);
    k1 = min64(k1, K);
    if (k0 >= k1 || (k0 == 0 && k1 == K)) return 0; /* (no tap reads the input: left as it is) */
    a->k = k1 - k0;
    a->start -= k0 * a->dil;
    return flip ? K - k1 : k0;
}

static int64_t axis_q_count(const conv_axis* a, int64_t r) { return ceil_div(a->out - r, a->P); }

/* Upper bound of the input rows a block of B outputs reads on a depth / height axis. */
static int64_t axis_rows_bound(const conv_axis* a, int64_t B) {
    if (a->U == 0) return 1;
    int64_t count = a->P == 1 ? B : ceil_div(B, a->P) + 1;
    int64_t span = (count - 1) * a->S + (a->cmax - a->cmin) + 1;
    return max64(1, min64(span, a->in));
}

/* The input rows outputs [o0, o1) of an axis read, clipped to the input; 0 when none. */
static int axis_in_range(const conv_axis* a, int64_t o0, int64_t o1, int64_t* lo, int64_t* hi) {
    int64_t l = INT64_MAX, h = INT64_MIN;
    for (int64_t u = 0; u < a->U; u++) {
        int64_t r = a->u_r[u];
        int64_t q0 = max64(0, ceil_div(o0 - r, a->P));
        int64_t q1 = min64(ceil_div(o1 - r, a->P), axis_q_count(a, r));
        if (q0 >= q1) continue;
        l = min64(l, q0 * a->S + a->u_cmin[u]);
        h = max64(h, (q1 - 1) * a->S + a->u_cmax[u]);
    }
    l = max64(l, 0);
    h = min64(h, a->in - 1);
    *lo = l;
    *hi = h;
    return l <= h;
}

void pydml_convolution_plan_destroy(pydml_convolution_plan* plan) {
    if (plan == NULL) return;
    for (int i = 0; i < 3; i++) axis_free(&plan->ax[i]);
    free(plan->combo_prefix);
    free(plan->wpos);
    free(plan->dwf_off);
    free(plan->dwf_widx);
    free(plan->dwf_lmask);
    free(plan->dwf_fmask);
    free(plan->pre.data[0]);
    free(plan->pre.data[1]);
    free(plan);
}

static pydml_status check_geometry(const pydml_convolution_params* p) {
    if (p->spatial_dims < 1 || p->spatial_dims > 3) return PYDML_STATUS_INVALID_PARAMETER;
    if (p->mode > DML_CONVOLUTION_MODE_CROSS_CORRELATION) return PYDML_STATUS_INVALID_PARAMETER;
    if (p->direction > DML_CONVOLUTION_DIRECTION_BACKWARD) return PYDML_STATUS_INVALID_PARAMETER;
    if (p->group_count == 0) return PYDML_STATUS_INVALID_PARAMETER;
    uint32_t rank = p->spatial_dims + 2;
    for (uint32_t i = 0; i < rank; i++)
        if (p->input_sizes[i] == 0 || p->filter_sizes[i] == 0 || p->output_sizes[i] == 0)
            return PYDML_STATUS_INVALID_PARAMETER;
    if (p->input_sizes[0] != p->output_sizes[0]) return PYDML_STATUS_INVALID_PARAMETER;
    uint32_t G = p->group_count, cin = p->input_sizes[1], cout = p->output_sizes[1];
    if (cin % G != 0 || cout % G != 0) return PYDML_STATUS_INVALID_PARAMETER;
    int backward = p->direction == DML_CONVOLUTION_DIRECTION_BACKWARD;
    if (!backward && (p->filter_sizes[0] != cout || p->filter_sizes[1] != cin / G))
        return PYDML_STATUS_INVALID_PARAMETER;
    if (backward && (p->filter_sizes[0] != cin || p->filter_sizes[1] != cout / G))
        return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t i = 0; i < p->spatial_dims; i++) {
        if (p->strides[i] == 0 || p->dilations[i] == 0) return PYDML_STATUS_INVALID_PARAMETER;
        uint64_t in = p->input_sizes[2 + i], k = p->filter_sizes[2 + i], out = p->output_sizes[2 + i];
        uint64_t extent = add_sat(mul_sat(k - 1, p->dilations[i]), 1); /* dilated kernel */
        uint64_t pads = (uint64_t)p->start_padding[i] + p->end_padding[i];
        if (!backward) {
            uint64_t padded = in + pads;
            if (extent > padded) return PYDML_STATUS_INVALID_PARAMETER;
            if (out != 1 + (padded - extent) / p->strides[i]) return PYDML_STATUS_INVALID_PARAMETER;
        } else {
            uint64_t full = add_sat(add_sat(mul_sat(in - 1, p->strides[i]), extent), p->output_padding[i]);
            if (full <= pads || full - pads != out) return PYDML_STATUS_INVALID_PARAMETER;
        }
    }
    return PYDML_STATUS_SUCCESS;
}

/* The DENSE engine's blocking: blocks of bd output slices x bh output rows x occ_size units of
 * CONV_OC_UNIT output channels, chosen by an estimate of the time of the busiest thread: rounds of
 * `nthreads` items (the dynamic schedule hands them out in turn), each item costing its multiply-adds
 * plus the input band it packs and the weights it reads (each item streams its output channels'
 * panels once from L3, where they do not stay in L2 between items). Splitting a small image by rows
 * (a ResNet's 14 x 14 or 7 x 7 layers at batch 1) reads every weight once per row block, so there the
 * split by output channels, each item all of the image's rows, is cheaper: for 2 threads, 256
 * channels at 14 x 14 went from 14 items of one row x 256 channels (the former rule: at least four
 * items per thread; each item streamed all 2.4 MB of panels for 14 pixels) to 2 items of 14 rows x
 * 128 channels, 128 channels at 28 x 28 from 10 items of 3 rows to 2 of 14, and the 112 x 112 stem
 * from 11 items of 11 rows (6 rounds of 11 rows on 2 threads) to 14 of 8 (7 of 8). The bits do not
 * depend on the blocking (each sum runs in one fixed order). Axes up to 1024 outputs (the loops over
 * the block counts stay short); longer ones keep choose_blocking's rule. */
static void dense_blocking(const pydml_convolution_plan* p, uint64_t row_bytes, uint64_t target, int64_t* bd_out,
                           int64_t* bh_out, int64_t* nocc_out) {
    const conv_axis *ad = &p->ax[0], *ah = &p->ax[1], *aw = &p->ax[2];
    const int64_t units = ceil_div(p->cout_g, CONV_OC_UNIT), images = p->n * p->groups;
    const double per_out = (double)p->cin_g * (double)p->ktot / ((double)ad->P * (double)ah->P * (double)aw->P);
    const double wtotal = (double)p->cin_g * (double)p->ktot * (double)p->cout_g * 4.0;
    /* costs in multiply-adds per float: packing a band float (gathered and transposed) and reading a
     * weight float from L3 (L2 when the group's panels fit it and consecutive items reuse them) */
    const double c_pack = 4.0, c_w = wtotal <= 384.0 * 1024.0 ? 0.5 : 4.0;
    const int64_t nt = p->nthreads;
    double best = -1.0;
    int64_t best_items = 0;
    for (int64_t nd = 1; nd <= ad->out; nd++) {
        const int64_t cbd = ceil_div(ad->out, nd);
        if (nd > 1 && ceil_div(ad->out, nd - 1) == cbd) continue;
        for (int64_t nh = 1; nh <= ah->out; nh++) {
            const int64_t cbh = ceil_div(ah->out, nh);
            if (nh > 1 && ceil_div(ah->out, nh - 1) == cbh) continue;
            const uint64_t rows = mul_sat((uint64_t)axis_rows_bound(ad, cbd), (uint64_t)axis_rows_bound(ah, cbh));
            const uint64_t band_bytes = mul_sat(rows, row_bytes);
            const int fits = band_bytes <= target;
            const int64_t nblocks = ceil_div(ad->out, cbd) * ceil_div(ah->out, cbh);
            for (int64_t nocc = 1; nocc <= units; nocc++) {
                const int64_t occ = ceil_div(units, nocc);
                if (nocc > 1 && ceil_div(units, nocc - 1) == occ) continue;
                const int64_t items = images * nblocks * ceil_div(units, occ);
                const double oc = (double)min64(occ * CONV_OC_UNIT, p->cout_g);
                const double item = (double)cbd * (double)cbh * (double)aw->out * oc * per_out +
                                    c_pack * (double)band_bytes / 4.0 + c_w * wtotal / 4.0 * oc / (double)p->cout_g +
                                    2000.0;
                const double t = (double)ceil_div(items, nt) * item + (fits ? 0.0 : 1e30 + (double)rows);
                if (best < 0 || t < best * 0.999 || (t <= best && items < best_items)) {
                    best = t;
                    best_items = items;
                    *bd_out = cbd;
                    *bh_out = cbh;
                    *nocc_out = ceil_div(units, occ);
                }
            }
        }
    }
}

/* Chooses the band blocking and the work split: among blocks of bd output slices x bh output
 * rows whose packed band fits the target, the one that packs the fewest input rows in total (the
 * halo is packed once per block), while giving every thread about four work items. */
static void choose_blocking(pydml_convolution_plan* p) {
    const conv_axis* ad = &p->ax[0];
    const conv_axis* ah = &p->ax[1];
    int64_t chans = p->engine == ENGINE_DENSE ? p->ncb * CONV_CB : p->cin_g;
    uint64_t row_bytes = mul_sat(mul_sat((uint64_t)chans, (uint64_t)p->wrow), 4);
    uint64_t target = p->engine == ENGINE_DENSE ? CONV_BAND_TARGET_DENSE : CONV_BAND_TARGET_PLANE;
    /* A dense band of one output row that does not fit (2048 channels at 28 x 28, or 512 with a
     * dilation of 4: 9 input rows) got one output row a block, each block streaming every weight
     * (FCN-ResNet-50's 2048 -> 512 3x3 head, 38 MB of weights: 211 GFLOP/s, onnxruntime 463);
     * such layers block for a band of up to the L2 (397, and 238 -> 424 for the dilated one). */
    if (p->engine == ENGINE_DENSE &&
        mul_sat(mul_sat((uint64_t)axis_rows_bound(ad, 1), (uint64_t)axis_rows_bound(ah, 1)), row_bytes) > target)
        target = CONV_BAND_TARGET_DENSE_WIDE;
    const int64_t want = 4 * (int64_t)p->nthreads;
    const int64_t images = p->n * p->groups;
    int64_t bd = 1, bh = 1;
    double best = -1.0;
    int best_enough = 0;
    const int64_t md = min64(ad->out, 64), mh = min64(ah->out, 64);
    for (int64_t nd = 1; nd <= md; nd++) {
        const int64_t cbd = ceil_div(ad->out, nd);
        if (nd > 1 && ceil_div(ad->out, nd - 1) == cbd) continue;
        for (int64_t nh = 1; nh <= mh; nh++) {
            const int64_t cbh = ceil_div(ah->out, nh);
            if (nh > 1 && ceil_div(ah->out, nh - 1) == cbh) continue;
            const uint64_t rows = mul_sat((uint64_t)axis_rows_bound(ad, cbd), (uint64_t)axis_rows_bound(ah, cbh));
            const int fits = mul_sat(rows, row_bytes) <= target;
            const int64_t nblocks = ceil_div(ad->out, cbd) * ceil_div(ah->out, cbh);
            const int enough = images * nblocks >= want || p->nthreads <= 1;
            /* total packed rows plus a little per item; if nothing fits, the smallest band */
            double cost = fits ? (double)rows * (double)nblocks + 4.0 * (double)nblocks : 1e18 + (double)rows;
            if (best < 0 || (enough && !best_enough) || (enough == best_enough && cost < best)) {
                best = cost;
                best_enough = enough;
                bd = cbd;
                bh = cbh;
            }
        }
    }
    if (ad->out > 64 || ah->out > 64) { /* long axes: also bound the band by halving */
        while (bh > 1 && mul_sat(mul_sat((uint64_t)axis_rows_bound(ad, bd), (uint64_t)axis_rows_bound(ah, bh)),
                                 row_bytes) > target)
            bh = (bh + 1) / 2;
        while (bd > 1 && mul_sat(mul_sat((uint64_t)axis_rows_bound(ad, bd), (uint64_t)axis_rows_bound(ah, bh)),
                                 row_bytes) > target)
            bd = (bd + 1) / 2;
    }
    int64_t units = p->engine == ENGINE_DENSE ? ceil_div(p->cout_g, CONV_OC_UNIT) : p->cout_g;
    int64_t nocc = 0;
    if (p->engine == ENGINE_DENSE && ad->out <= 1024 && ah->out <= 1024) dense_blocking(p, row_bytes, target, &bd, &bh, &nocc);
    p->bd = bd;
    p->bh = bh;
    p->ndb = ceil_div(ad->out, bd);
    p->nhb = ceil_div(ah->out, bh);
    p->band_rows_d = axis_rows_bound(ad, bd);
    p->band_rows_h = axis_rows_bound(ah, bh);
    int64_t items = p->n * p->groups * p->ndb * p->nhb;
    if (nocc == 0) {
        nocc = 1;
        if (items < want && p->nthreads > 1) nocc = min64(units, ceil_div(want, items));
    }
    p->occ_size = ceil_div(units, nocc);
    p->nocc = ceil_div(units, p->occ_size);
    p->nitems = items * p->nocc;
}

/* The flat depthwise tables (conv_dwf_kernel) of a dw_ok plan whose planes qualify, at most
 * DWF_MAX_PIXELS outputs a plane and DWF_MAX_TAPS taps, strides 1 or 2:
 *  - stride 1 on both axes, the output as wide as the input: the input plane read in place, output
 *    o = y W + x reading input o + off[t] for tap t;
 *  - a stride of 2: the input plane dealt into its Sh x Sw phase planes (rows r = Sh r' + py, columns
 *    c = Sw c' + px), each with the output's row pitch W_out (which must hold its Wp columns); input
 *    (Sh y + ch, Sw x + cw) is phase (ch mod Sh, cw mod Sw) at (y + ch div Sh, x + cw div Sw), so
 *    tap t reads its phase plane at o + off[t] again (dwf_item deals each plane; the depthwise row
 *    kernels for stride 2 shuffled every tap's vectors and stored a row a call: 5-24 GFLOP/s on
 *    MobileNet's 56x56 -> 28x28 and 14x14 -> 7x7 layers).
 * Tap t = th Tw + tw is dw_item's (height taps outer, width taps inner; its weight by the taps'
 * formula indices); a lane's load mask says its input row and column are inside the plane, its FMA
 * mask that the row is (dw_item skips the rows outside, reads the columns outside as zeros). Planes
 * are shared out in runs of dwf_per, about four runs a thread. */
static pydml_status dwf_plan(pydml_convolution_plan* p) {
    const conv_axis *ah = &p->ax[1], *aw = &p->ax[2];
    const int64_t Th = ah->u_first[1] - ah->u_first[0], Tw = aw->u_first[1] - aw->u_first[0];
    const int64_t W = aw->out, n = ah->out * W, taps = Th * Tw, Sh = ah->S, Sw = aw->S;
    if (Sh < 1 || Sh > 2 || Sw < 1 || Sw > 2 || n < 1 || n > DWF_MAX_PIXELS || taps > DWF_MAX_TAPS)
        return PYDML_STATUS_SUCCESS;
    const int phased = Sh != 1 || Sw != 1;
    /* the phase planes' sizes (in place: the input plane, one phase) */
    const int64_t Hg = ceil_div(ah->in, Sh), Wmax = ceil_div(aw->in, Sw);
    if (phased ? Wmax > W : aw->in != W) return PYDML_STATUS_SUCCESS;
    const int64_t nvec = ceil_div(n, 16);
    p->dwf_off = malloc((size_t)max64(taps, 1) * sizeof(int64_t));
    p->dwf_widx = malloc((size_t)max64(taps, 1) * sizeof(int64_t));
    p->dwf_lmask = calloc((size_t)max64(taps * nvec, 1), sizeof(uint16_t));
    p->dwf_fmask = calloc((size_t)max64(taps * nvec, 1), sizeof(uint16_t));
    if (!p->dwf_off || !p->dwf_widx || !p->dwf_lmask || !p->dwf_fmask)
        return PYDML_STATUS_OUT_OF_MEMORY;
    for (int64_t th = 0; th < Th; th++)
        for (int64_t tw = 0; tw < Tw; tw++) {
            const int64_t t = th * Tw + tw, ch = ah->tap_c[ah->u_first[0] + th], cw = aw->tap_c[aw->u_first[0] + tw];
            const int64_t py = mod_pos(ch, Sh), px = mod_pos(cw, Sw), dy = floor_div(ch, Sh), dx = floor_div(cw, Sw);
            const int64_t Hp = ceil_div(ah->in - py, Sh), Wp = ceil_div(aw->in - px, Sw);
            p->dwf_off[t] = (py * Sw + px) * Hg * W + dy * W + dx; /* in place: py = px = 0 */
            p->dwf_widx[t] = ah->tap_k[ah->u_first[0] + th] * aw->k + aw->tap_k[aw->u_first[0] + tw];
            for (int64_t o = 0; o < n; o++) {
                const int64_t iy = o / W + dy, ix = o % W + dx;
                const uint16_t bit = (uint16_t)(1u << (o % 16));
                if (iy < 0 || iy >= Hp) continue;
                p->dwf_fmask[t * nvec + o / 16] |= bit;
                if (ix >= 0 && ix < Wp) p->dwf_lmask[t * nvec + o / 16] |= bit;
            }
        }
    const int64_t planes = p->n * p->cout;
    p->dwf_per = max64(1, ceil_div(planes, 4 * (int64_t)p->nthreads));
    p->dwf_nitems = ceil_div(planes, p->dwf_per);
    p->dwf_taps = (uint32_t)taps;
    p->dwf_nvec = (uint32_t)nvec;
    p->dwf_n = (uint32_t)n;
    p->dwf_phases = phased ? (uint32_t)(Sh * Sw) : 0;
    p->dwf_hg = Hg;
    p->dwf_ok = 1;
    return PYDML_STATUS_SUCCESS;
}

/* The pointwise work split: an item is a block of pixels of one image and group (its X packed once,
 * at most ~256 KiB) times a block of output channels. Each item reads its channels' weights once
 * (each tile's panel then stays in L1 across the block's 16-pixel columns) and packs its pixels'
 * X once, so p pixel blocks read the group's weights p times and o channel blocks pack X o times.
 * Among the splits with about four items a thread, the one whose items per thread cost the least,
 * in multiply-adds plus a cost per float moved: a weight float from L3 (L2 when the group's weights
 * fit it) and a packed X float. A 7 x 7 image (MobileNet's last stages, 49 pixels: four 16-pixel
 * blocks; such small images now run on the dense engine) was split by pixels only: every thread read
 * all of a 1280 x 320 layer's weights twice for 16 pixels a pass, from L3 inside a model (85-90
 * GFLOP/s in a chain of such layers, onnxruntime 300). */
static void pointwise_blocking(pydml_convolution_plan* p) {
    const int64_t pixels = p->ax[0].out * p->ax[1].out * p->ax[2].out;
    const int64_t per_image = ceil_div(pixels, CONV_NR_MAX), images = p->n * p->groups, nt = p->nthreads;
    const int64_t max_block = max64(1, (int64_t)(256 * 1024 / 4 / CONV_NR_MAX) / max64(1, p->cin_g));
    const int64_t units = ceil_div(p->cout_g, CONV_NR_MAX);
    const double wfloats = (double)p->cin_g * (double)p->cout_g;
    const double c_w = wfloats * 4.0 <= 512.0 * 1024.0 ? 0.5 : 4.0, c_x = 2.0;
    /* about four items a thread where there are that many (a thread the host delays leaves less
     * behind), as the pixel blocks alone were given */
    const int64_t want = min64(4 * nt, images * per_image * units);
    double best = -1.0;
    int64_t best_items = 0, best_pb = 1, best_ob = 1;
    int best_enough = 0;
    for (int64_t pb = ceil_div(per_image, max_block); pb <= per_image; pb++) {
        const int64_t bunits = ceil_div(per_image, pb);
        if (pb > 1 && ceil_div(per_image, pb - 1) == bunits) continue;
        const double bpx = (double)min64(bunits * CONV_NR_MAX, pixels);
        for (int64_t ob = 1; ob <= units; ob++) {
            const int64_t ocu = ceil_div(units, ob);
            if (ob > 1 && ceil_div(units, ob - 1) == ocu) continue;
            const int64_t items = images * ceil_div(per_image, bunits) * ceil_div(units, ocu);
            const double oc = (double)min64(ocu * CONV_NR_MAX, p->cout_g);
            const double item = bpx * oc * (double)p->cin_g + c_w * oc * (double)p->cin_g +
                                c_x * (double)p->cin_g * bpx + 2000.0;
            const double t = (double)ceil_div(items, nt) * item;
            const int enough = items >= want;
            if (best < 0 || (enough && !best_enough) ||
                (enough == best_enough && (t < best * 0.999 || (t <= best && items < best_items)))) {
                best = t;
                best_enough = enough;
                best_items = items;
                best_pb = ceil_div(per_image, bunits);
                best_ob = ceil_div(units, ocu);
            }
        }
    }
    p->pw_block = ceil_div(per_image, best_pb) * CONV_NR_MAX;
    p->pw_ocb = best_ob;
    p->pw_nitems = images * ceil_div(pixels, p->pw_block) * p->pw_ocb;
}

pydml_status pydml_convolution_plan_create(const pydml_convolution_params* params,
                                           pydml_convolution_plan** plan_out) {
    if (plan_out == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    *plan_out = NULL;
    if (params == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    pydml_status st = check_geometry(params);
    if (st != PYDML_STATUS_SUCCESS) return st;
    if (!is_float_type(params->data_type)) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    if (!activation_supported(params->activation.type)) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    /* Tensors beyond 2^60 elements cannot be bound to a buffer; refusing them keeps every product
     * of sizes below in int64 range. */
    {
        uint64_t ne_in = 1, ne_out = 1, ne_w = 1;
        for (uint32_t i = 0; i < params->spatial_dims + 2; i++) {
            ne_in = mul_sat(ne_in, params->input_sizes[i]);
            ne_out = mul_sat(ne_out, params->output_sizes[i]);
            ne_w = mul_sat(ne_w, params->filter_sizes[i]);
        }
        const uint64_t limit = (uint64_t)1 << 60;
        if (ne_in > limit || ne_out > limit || ne_w > limit) return PYDML_STATUS_UNSUPPORTED_PARAMETER;
    }

    pydml_convolution_plan* p = calloc(1, sizeof *p);
    if (p == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
    p->params = *params;
    p->rank = params->spatial_dims + 2;
    p->backward = params->direction == DML_CONVOLUTION_DIRECTION_BACKWARD;
    p->flip = params->mode == DML_CONVOLUTION_MODE_CONVOLUTION;
    p->n = params->input_sizes[0];
    p->groups = params->group_count;
    p->cin = params->input_sizes[1];
    p->cout = params->output_sizes[1];
    p->cin_g = p->cin / p->groups;
    p->cout_g = p->cout / p->groups;
    p->ncb = ceil_div(p->cin_g, CONV_CB);
    p->engine = p->cout_g >= 8 ? ENGINE_DENSE : ENGINE_PLANE;
#ifdef _OPENMP
    p->nthreads = omp_get_max_threads();
#else
    p->nthreads = 1;
#endif
    if (p->nthreads < 1) p->nthreads = 1;

    uint32_t sd = params->spatial_dims;
    uint64_t plan_bytes = 0;
    for (int i = 0; i < 3; i++) {
        conv_axis* a = &p->ax[i];
        int dim = i - (3 - (int)sd); /* spatial index of axis i, negative when unused */
        if (dim < 0) {
            a->in = a->out = a->k = a->stride = a->dil = 1;
            a->start = 0;
        } else {
            a->in = params->input_sizes[2 + dim];
            a->out = params->output_sizes[2 + dim];
            a->k = params->filter_sizes[2 + dim];
            a->stride = params->strides[dim];
            a->dil = params->dilations[dim];
            a->start = params->start_padding[dim];
        }
        a->backward = p->backward;
        a->P = p->backward ? a->stride : 1;
        a->S = p->backward ? 1 : a->stride;
        a->nphase = min64(a->P, a->out);
        p->trim[i] = p->backward ? 0 : trim_axis(a, p->flip);
        plan_bytes = add_sat(plan_bytes, axis_bytes(a));
    }
    /* Few input channels (a network's stem: 3 channels, 7 x 7 taps, stride 2): the dense engine
     * would run 49 taps of 3 channels, its loop overhead per multiply-add high and 13 of a pixel's
     * 16 band floats unused. Folding the width taps into the channels instead packs each output
     * column's (kw, ic) inputs as channels (21 for the stem: 16 + 5) and leaves 7 taps, the same
     * products summed in another fixed order (channel block, (kd, kh), (kw, ic)). FLOAT32 forward
     * only (the bf16-pair band has no such packing); the band grows by K / stride, so only while
     * the folded channels stay few. */
    if (p->engine == ENGINE_DENSE && !p->backward && params->data_type == DML_TENSOR_DATA_TYPE_FLOAT32 &&
        p->cin_g < CONV_CB && p->ax[2].k > 1 && p->cin_g * p->ax[2].k <= 4 * CONV_CB) {
        conv_axis* a = &p->ax[2];
        p->fold = 1;
        p->fold_cin = p->cin_g;
        p->fold_in = a->in;
        p->fold_k = a->k;
        p->fold_stride = a->stride;
        p->fold_dil = a->dil;
        p->fold_start = a->start;
        p->cin_g = p->cin_g * a->k;
        p->ncb = ceil_div(p->cin_g, CONV_CB);
        a->in = a->out;
        a->k = a->stride = a->dil = 1;
        a->start = 0;
        a->P = a->S = 1;
        a->nphase = min64(a->P, a->out);
    }
    uint64_t ktot = mul_sat(mul_sat((uint64_t)p->ax[0].k, (uint64_t)p->ax[1].k), (uint64_t)p->ax[2].k);
    /* Cheap bounds before anything is allocated: the tap tables and the packed weights. */
    uint64_t wfloats = mul_sat(mul_sat(mul_sat((uint64_t)p->groups, ktot), (uint64_t)p->cin_g),
                               (uint64_t)(ceil_div(p->cout_g, CONV_OC_UNIT) * CONV_OC_UNIT));
    plan_bytes = add_sat(plan_bytes, mul_sat(wfloats, 4));
    plan_bytes = add_sat(plan_bytes, mul_sat(ktot, 8));
    if (plan_bytes > CONV_MAX_PLAN_BYTES) {
        free(p);
        return PYDML_STATUS_OUT_OF_MEMORY;
    }
    p->ktot = (int64_t)ktot;
    for (int i = 0; i < 3; i++) {
        st = axis_init(&p->ax[i]);
        if (st != PYDML_STATUS_SUCCESS) goto fail;
    }
    /* phase combinations and their tap prefix sums (panel offsets of the packed weights) */
    p->ucombo = p->ax[0].U * p->ax[1].U * p->ax[2].U;
    p->combo_prefix = malloc((size_t)(p->ucombo + 1) * sizeof(int64_t));
    if (p->combo_prefix == NULL) goto oom;
    {
        int64_t acc = 0, idx = 0;
        const conv_axis *ad = &p->ax[0], *ah = &p->ax[1], *aw = &p->ax[2];
        for (int64_t ud = 0; ud < ad->U; ud++)
            for (int64_t uh = 0; uh < ah->U; uh++)
                for (int64_t uw = 0; uw < aw->U; uw++) {
                    p->combo_prefix[idx++] = acc;
                    acc += (ad->u_first[ud + 1] - ad->u_first[ud]) * (ah->u_first[uh + 1] - ah->u_first[uh]) *
                           (aw->u_first[uw + 1] - aw->u_first[uw]);
                }
        p->combo_prefix[idx] = acc;
    }
    /* width layout: the columns every phase reads, de-interleaved by the input step */
    {
        const conv_axis* aw = &p->ax[2];
        int64_t lo = INT64_MAX, hi = INT64_MIN;
        for (int64_t u = 0; u < aw->U; u++) {
            int64_t q = axis_q_count(aw, aw->u_r[u]);
            lo = min64(lo, aw->u_cmin[u]);
            hi = max64(hi, (q - 1) * aw->S + aw->u_cmax[u]);
        }
        if (aw->U == 0) lo = hi = 0;
        p->col_lo = lo;
        p->wspan = hi - lo + 1;
        p->wfl = p->wspan / aw->S;
        p->wrem = p->wspan % aw->S;
        plan_bytes = add_sat(plan_bytes, mul_sat((uint64_t)p->wspan, 8));
        if ((uint64_t)p->wspan > ((uint64_t)1 << 32) || plan_bytes > CONV_MAX_PLAN_BYTES) goto oom;
        /* plane rows start on 64-byte boundaries: fewer cache-line splits in the row kernels */
        p->wrow = p->engine == ENGINE_DENSE ? p->wspan : ceil_div(p->wspan, 16) * 16;
        p->wpos = malloc((size_t)p->wspan * sizeof(int64_t));
        if (p->wpos == NULL) goto oom;
        for (int64_t j = 0; j < p->wspan; j++) {
            int64_t m = j % aw->S;
            p->wpos[j] = m * p->wfl + min64(m, p->wrem) + j / aw->S;
        }
    }
    choose_blocking(p);
    {
        int64_t chans = p->engine == ENGINE_DENSE ? p->ncb * CONV_CB : p->cin_g;
        uint64_t band = mul_sat(mul_sat(mul_sat((uint64_t)p->band_rows_d, (uint64_t)p->band_rows_h),
                                        (uint64_t)p->wrow), (uint64_t)chans);
        uint64_t tb = round64(mul_sat(add_sat(band, CONV_SLACK), 4));
        p->off_tile = (size_t)tb;
        tb = add_sat(tb, round64(CONV_MR_MAX * CONV_NR_MAX * 4));
        p->off_tile_t = (size_t)tb;
        tb = add_sat(tb, round64(CONV_NR_MAX * 16 * 4));
        p->off_in_off = (size_t)tb;
        tb = add_sat(tb, round64(mul_sat(ktot, 8 * (CONV_ROWGROUPS + 1)))); /* the taps of row groups (dense_item) */
        p->off_tap = (size_t)tb;
        tb = add_sat(tb, round64(mul_sat(ktot, 4 * (CONV_ROWGROUPS + 1))));
        p->off_woff = (size_t)tb;
        tb = add_sat(tb, round64(mul_sat((uint64_t)p->ax[2].k, 8)));
        p->off_kw = (size_t)tb;
        tb = add_sat(tb, round64(mul_sat((uint64_t)p->ax[2].k, 4)));
        p->off_row = (size_t)tb;
        tb = add_sat(tb, round64(CONV_ROW_CHUNK * 4));
        /* Output rows whose width phases interleave are assembled in [ow][32] and stored at once,
         * so a stride-2 backward writes whole rows instead of every other element. */
        p->rowbuf = p->engine == ENGINE_DENSE && p->ax[2].P > 1 && p->ax[2].out <= CONV_ROWBUF_MAX;
        p->pointwise = p->engine == ENGINE_DENSE && p->ktot == 1 && !p->fold;
        for (int i = 0; i < 3; i++) {
            const conv_axis* a = &p->ax[i];
            if (a->stride != 1 || a->start != 0 || a->in != a->out) p->pw_gather = 1;
            /* a strided 1x1 FORWARD (ResNet's downsampling branches) reads input (o * stride) for
             * output o: a GEMM over the gathered pixels, instead of the band engine packing every
             * input row and column (4x the pixels at stride 2) */
            if (a->start != 0 || (a->stride != 1 && p->backward) || (p->backward && a->in != a->out) ||
                (a->out - 1) * a->stride >= a->in)
                p->pointwise = 0;
        }
        /* the pixels are the microkernels' 16-wide columns here (the band engine's 6-pixel rows):
         * a small image (7 x 7 = 49: 64 columns, a quarter wasted) stays on the band engine, which
         * measured faster there (1 thread, in-model CPU time: 0.27 against 0.23 ms). Unstrided too,
         * below 512 pixels: chains of eight MobileNet-shaped 1x1 layers, 2 threads, alternated in
         * one run: 14 x 14 (96 <-> 576 channels) 282-284 -> 346-350 GFLOP/s on the band engine,
         * 7 x 7 (160 <-> 960) 281-285 -> 289-290, 320 <-> 1280 283 -> 329; 28 x 28 (32 <-> 192)
         * mixed (225-260 against 237-244) and 56 x 56 slower (223 against 184): those stay.
         * Strided, below 4096 output pixels: ResNet-50's downsampling layers, eight of each with
         * their weights from memory, 2 threads: 512 -> 1024 channels 28 x 28 -> 14 x 14 173-191
         * -> 261-299 GFLOP/s on the band engine (onnxruntime 346), 128 -> 256 56 -> 28 224-258 ->
         * 276-300, 256 -> 512 221-243 -> 267-310; 32 -> 64 224 -> 112 faster on the pointwise path
         * (155-204 against 133-162): the gather packs each item's pixels again, the band engine once. */
        if (p->ax[0].out * p->ax[1].out * p->ax[2].out < (p->pw_gather ? 4096 : 512)) p->pointwise = 0;
        if (!p->pointwise) p->pw_gather = 0;
        if (p->pointwise) pointwise_blocking(p);
        p->off_xpanel = (size_t)tb;
        tb = add_sat(tb, p->pointwise ? round64(mul_sat((uint64_t)p->cin_g, (uint64_t)p->pw_block * 4)) : 0);
        p->off_rwf = (size_t)tb;
        tb = add_sat(tb, p->rowbuf ? round64((uint64_t)(p->ax[2].nphase + 1) * 8) : 0);
        p->off_rowbuf = (size_t)tb;
        tb = add_sat(tb, p->rowbuf ? round64((uint64_t)p->ax[2].out * CONV_NR_MAX * 4) : 0);
        p->off_acc = (size_t)tb;
        tb = add_sat(tb, p->engine == ENGINE_DENSE ? round64(CONV_ACC_TILES * CONV_MR_MAX * CONV_NR_MAX * 4) : 0);
        if (p->pointwise) /* [cb][oc][16] filter copy of the pointwise path */
            wfloats = max64((int64_t)wfloats, p->groups * p->ncb * CONV_CB * p->cout_g);
        uint64_t wbytes = p->engine == ENGINE_DENSE ? mul_sat(wfloats, 4)
                                                    : mul_sat(mul_sat(mul_sat((uint64_t)p->cout, (uint64_t)p->cin_g), ktot), 4);
        uint64_t total = add_sat(add_sat(plan_bytes, mul_sat(tb, (uint64_t)p->nthreads)), wbytes);
        if (total > CONV_MAX_PLAN_BYTES) goto oom;
        p->band_floats = (size_t)band;
        p->stem_ok = p->fold && p->ax[0].in == 1 && p->ax[0].k == 1 && p->ax[1].P == 1 &&
                     mul_sat(mul_sat((uint64_t)p->band_rows_h, (uint64_t)p->cin_g),
                             (uint64_t)ceil_div(p->ax[2].out, 16) * 16) <= band;
        p->dw_ok = p->engine == ENGINE_PLANE && p->cin_g == 1 && !p->backward &&
                   params->data_type == DML_TENSOR_DATA_TYPE_FLOAT32 && p->ax[0].in == 1 && p->ax[0].k == 1 &&
                   p->ax[0].out == 1 && (p->ax[2].S == 1 || (p->ax[2].S == 2 && p->ax[2].k <= DW2_TAPS)) &&
                   p->ax[1].U == 1 && p->ax[2].U == 1;
        if (p->dw_ok && dwf_plan(p) != PYDML_STATUS_SUCCESS) goto oom;
        p->off_dwf = (size_t)tb;
        if (p->dwf_ok)
            tb = add_sat(tb, round64((uint64_t)p->dwf_phases * (uint64_t)p->dwf_hg * (uint64_t)p->ax[2].out * 4) +
                                 round64((uint64_t)p->dwf_taps * sizeof(uintptr_t)));
        p->thread_bytes = (size_t)tb;
        /* the bias copy: cout floats, then CONV_NR_MAX zeros (a tile's channels past cout, and the
         * zero row bias of the microkernels) */
        p->bias_bytes = round64(((uint64_t)p->cout + CONV_NR_MAX) * 4);
        p->weight_bytes = round64(wbytes);
    }
    p->work = (double)p->n * (double)p->cout * (double)p->cin_g * (double)p->ktot *
              ((double)p->ax[0].out * (double)p->ax[1].out * (double)p->ax[2].out) /
              ((double)p->ax[0].P * (double)p->ax[1].P * (double)p->ax[2].P);
    *plan_out = p;
    return PYDML_STATUS_SUCCESS;
oom:
    st = PYDML_STATUS_OUT_OF_MEMORY;
fail:
    pydml_convolution_plan_destroy(p);
    return st;
}

/* ---- fused activation ----------------------------------------------------------------------- */

/* The fused activation as a clamp (gemm_indirect.h PYDML_IGEMM_CLAMP_*, clamp_x86.h), if it is one:
 * none, RELU, CLIP without a ScaleBias (the element-wise engine scales first otherwise), and the
 * graph compiler's CLIP1 (whose ScaleBias pydml_activation_apply does not apply either). */
static int clamp_of(const pydml_activation* act, uint32_t* clamp, float* lo, float* hi) {
    *lo = *hi = 0.0f;
    *clamp = PYDML_IGEMM_CLAMP_NONE;
    if (act == NULL) return 1;
    switch (act->type) {
    case DML_OPERATOR_ACTIVATION_RELU: *clamp = PYDML_IGEMM_CLAMP_RELU; return 1;
    case DML_OPERATOR_ELEMENT_WISE_CLIP:
        if (act->params[2] != 1.0f || act->params[3] != 0.0f) return 0;
        *clamp = PYDML_IGEMM_CLAMP_CLIP;
        break;
    case DML_OPERATOR_ELEMENT_WISE_CLIP1: *clamp = PYDML_IGEMM_CLAMP_CLIP1; break;
    default: return 0;
    }
    *lo = act->params[0];
    *hi = act->params[1];
    return 1;
}

void pydml_conv_activation(const pydml_activation* act, float* v, size_t n) {
    /* a clamp in place, as its element-wise kernel computes it (clamp_x86.h): the engine's setup
     * per call (its parameters cleared, the kernel looked up) outweighed a 14 x 32 tile's clamp */
    uint32_t mode;
    float lo, hi;
    if (act == NULL) return;
    if (clamp_of(act, &mode, &lo, &hi) && pydml_conv_clamp(v, n, mode, lo, hi)) return;
    /* one definition per activation (native/families/ew_activation.c, ew_quantize.c for CLIP) serves the
     * standalone operators, every FusedActivation and this one */
    pydml_activation_apply(act, v, n);
}

/* ---- portable kernels ----------------------------------------------------------------------- */

static inline float load_elem(const void* base, uint32_t type, int64_t i) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) return ((const float*)base)[i];
    if (type == DML_TENSOR_DATA_TYPE_FLOAT16) return pydml_f16_to_f32(((const uint16_t*)base)[i]);
    return pydml_bf16_to_f32(((const uint16_t*)base)[i]);
}

void pydml_conv_store_portable(void* dst, uint32_t type, int64_t stride, const float* src, uint32_t n) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        float* d = dst;
        if (stride == 1) memcpy(d, src, (size_t)n * 4);
        else for (uint32_t i = 0; i < n; i++) d[i * stride] = src[i];
    } else if (type == DML_TENSOR_DATA_TYPE_FLOAT16) {
        uint16_t* d = dst;
        for (uint32_t i = 0; i < n; i++) d[i * stride] = pydml_f32_to_f16(src[i]);
    } else {
        uint16_t* d = dst;
        for (uint32_t i = 0; i < n; i++) d[i * stride] = pydml_f32_to_bf16(src[i]);
    }
}

void pydml_conv_load_portable(float* dst, const void* src, uint32_t type, uint32_t n) {
    if (type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        memcpy(dst, src, (size_t)n * 4);
    } else if (type == DML_TENSOR_DATA_TYPE_FLOAT16) {
        const uint16_t* s = src;
        for (uint32_t i = 0; i < n; i++) dst[i] = pydml_f16_to_f32(s[i]);
    } else {
        const uint16_t* s = src;
        for (uint32_t i = 0; i < n; i++) dst[i] = pydml_bf16_to_f32(s[i]);
    }
}

static void transpose_in_portable(float* dst, const int64_t* pos, const void* src, uint32_t type,
                                  int64_t cs, uint32_t cnt, uint32_t npix) {
    for (uint32_t p = 0; p < npix; p++) {
        float* d = dst + pos[p] * CONV_CB;
        for (uint32_t c = 0; c < cnt; c++) d[c] = load_elem(src, type, (int64_t)c * cs + p);
    }
}

static void finish_portable(const float* tile, uint32_t ldt, uint32_t mr, uint32_t nv, void* out, uint32_t type,
                            int64_t cs, int64_t ps, float* tmp) {
    const int64_t es = pydml_data_type_bits(type) / 8;
    if (cs == 1) {
        for (uint32_t t = 0; t < mr; t++) pydml_conv_store_portable((char*)out + t * ps * es, type, 1, tile + t * ldt, nv);
        return;
    }
    for (uint32_t j = 0; j < nv; j++) {
        for (uint32_t t = 0; t < mr; t++) tmp[t] = tile[t * ldt + j];
        pydml_conv_store_portable((char*)out + j * cs * es, type, ps, tmp, mr);
    }
}

static void rows_portable(const conv_rows_args* a) {
    float acc[CONV_ROW_CHUNK];
    const int64_t es = pydml_data_type_bits(a->type) / 8;
    for (uint32_t r = 0; r < a->rows; r++) {
        const float* in = a->in + (int64_t)r * a->in_row_step;
        char* out = (char*)a->out + (int64_t)r * a->out_row_step * es;
        for (uint32_t q0 = 0; q0 < a->qw; q0 += CONV_ROW_CHUNK) {
            uint32_t n = a->qw - q0 < CONV_ROW_CHUNK ? a->qw - q0 : CONV_ROW_CHUNK;
            for (int l = 0; l < CONV_ROW_CHUNK; l++) acc[l] = a->bias;
            for (uint32_t ic = 0; ic < a->cin; ic++) {
                const float* wi = a->w + (size_t)ic * a->ktot;
                const float* xi = in + (int64_t)ic * a->ic_stride + q0;
                for (uint32_t v = 0; v < a->nv; v++)
                    for (uint32_t x = 0; x < a->nw; x++) {
                        float wt = wi[a->kdh[v] * a->kw_count + a->kw[x]];
                        const float* src = xi + a->roff[v] + a->woff[x];
                        for (int l = 0; l < CONV_ROW_CHUNK; l++) acc[l] += wt * src[l];
                    }
            }
            if (a->act) pydml_conv_activation(a->act, acc, n);
            pydml_conv_store_portable(out + q0 * a->out_pstride * es, a->type, a->out_pstride, acc, n);
        }
    }
}

/* Every other float (a stride-2 row: ResNet's downsampling and stem); conv_kernels.copy2's portable
 * version (GCC leaves this loop scalar: the x86 paths install permute-based ones). */
static void copy_stride2(float* restrict d, const float* restrict s, uint32_t n) {
    for (uint32_t j = 0; j < n; j++) d[j] = s[2 * (size_t)j];
}

void pydml_conv_helpers_portable(conv_kernels* k) {
    k->finish = finish_portable;
    k->rows = rows_portable;
    k->store = pydml_conv_store_portable;
    k->load = pydml_conv_load_portable;
    k->transpose_in = transpose_in_portable;
    k->transpose_pairs = NULL;
    k->pair_row = NULL;
    k->stem = NULL;
    k->dw = NULL;
    k->dw2 = NULL;
    k->dwf = NULL;
    k->split2 = NULL;
    k->dwf_max = 0;
    k->copy2 = copy_stride2;
}

/* ---- execution ------------------------------------------------------------------------------ */

typedef struct conv_exec {
    const pydml_convolution_plan* p;
    const char* in;
    int64_t is[5];
    const char* filt;
    int64_t fs[5];
    char* out;
    int64_t os[5];
    uint32_t type, esize;
    int has_bias, nt;
    int bf16pairs; /* dense bf16 on AVX512-BF16: band and panels hold bf16 pairs */
    const pydml_activation* act; /* NULL when none / IDENTITY */
    /* the pointwise path's direct store (gemm_indirect.h pydml_igemm_store): FLOAT32 output, this
     * ISA's direct-store kernels, and the activation none or a clamp the store applies (clamp, lo,
     * hi); its whole blocks then read the input in place */
    int pw_direct;
    int clamp_ok; /* the activation is none or such a clamp (the flat depthwise planes apply it too) */
    uint32_t clamp;
    float clamp_lo, clamp_hi;
    conv_kernels k;
    int stem; /* the folded stem through k.stem (stem_item) */
    /* the packed filter (prepared at initialize, or packed into the workspace) and the bias copy
     * (cout floats, then CONV_NR_MAX zeros) */
    const float* weights;
    const float* bias;
} conv_exec;

/* Strides of a view as {N, C, D, H, W} (unused spatial axes: stride 0). */
static void view_strides5(const pydml_tensor* t, uint32_t spatial, int64_t s[5]) {
    s[0] = (int64_t)t->strides[0];
    s[1] = (int64_t)t->strides[1];
    for (int i = 0; i < 3; i++) {
        int dim = i - (3 - (int)spatial);
        s[2 + i] = dim < 0 ? 0 : (int64_t)t->strides[2 + dim];
    }
}

static pydml_status check_view(const pydml_convolution_plan* p, const pydml_tensor* t, const uint32_t* sizes) {
    pydml_status st = pydml_tensor_check(t);
    if (st != PYDML_STATUS_SUCCESS) return st;
    if (t->dim_count != p->rank || t->data_type != p->params.data_type) return PYDML_STATUS_INVALID_PARAMETER;
    for (uint32_t i = 0; i < p->rank; i++)
        if (t->sizes[i] != sizes[i]) return PYDML_STATUS_INVALID_PARAMETER;
    return PYDML_STATUS_SUCCESS;
}

/* The filter element the trimmed kernel's first tap is (trim_axis), in elements of the view. */
static inline int64_t trim_offset(const pydml_convolution_plan* p, const int64_t fs[5]) {
    return p->trim[0] * fs[2] + p->trim[1] * fs[3] + p->trim[2] * fs[4];
}

/* Offset of filter element (g, ic, oc = 0, formula kernel index) and the step between output
 * channels, so that a run of output channels is one strided gather. */
static inline int64_t filter_base(const conv_exec* ex, int64_t g, int64_t ic, int64_t kd, int64_t kh, int64_t kw,
                                  int64_t* oc_step) {
    const pydml_convolution_plan* p = ex->p;
    if (p->flip) {
        kd = p->ax[0].k - 1 - kd;
        kh = p->ax[1].k - 1 - kh;
        kw = p->ax[2].k - 1 - kw;
    }
    const int64_t* fs = ex->fs;
    const int64_t k = kd * fs[2] + kh * fs[3] + kw * fs[4];
    if (p->backward) {
        *oc_step = fs[1];
        return (g * p->cin_g + ic) * fs[0] + k;
    }
    *oc_step = fs[0];
    return g * p->cout_g * fs[0] + ic * fs[1] + k;
}

/* dst[i] = filter[base + i * step] for i < n, converted to f32. */
static void gather_filter(float* dst, const conv_exec* ex, int64_t base, int64_t step, int64_t n) {
    if (ex->type == DML_TENSOR_DATA_TYPE_FLOAT32) {
        const float* s = (const float*)ex->filt + base;
        for (int64_t i = 0; i < n; i++) dst[i] = s[i * step];
    } else if (ex->type == DML_TENSOR_DATA_TYPE_FLOAT16) {
        const uint16_t* s = (const uint16_t*)ex->filt + base;
        for (int64_t i = 0; i < n; i++) dst[i] = pydml_f16_to_f32(s[i * step]);
    } else {
        const uint16_t* s = (const uint16_t*)ex->filt + base;
        for (int64_t i = 0; i < n; i++) dst[i] = pydml_bf16_to_f32(s[i * step]);
    }
}

/* Dense panels: [g][combo][ocb][cb][tap][ic < cnt][nr], zero for output channels past cout_g: per
 * (group, phase combination, block of nr output channels) one B panel of the GEMM engine's indirect
 * products (native/engines/gemm_indirect.h), K = cin_g x the combination's T taps in (channel block,
 * tap, channel) order, packed block by block by the engine. */
static void pack_dense_weights(const conv_exec* ex, float* wp) {
    const pydml_convolution_plan* p = ex->p;
    const conv_axis *ad = &p->ax[0], *ah = &p->ax[1], *aw = &p->ax[2];
    const int64_t nr = ex->k.ig.nr, coutp = ceil_div(p->cout_g, CONV_OC_UNIT) * CONV_OC_UNIT;
    const int64_t nocb = ceil_div(p->cout_g, nr);
    const int64_t jobs = p->groups * p->ucombo * nocb;
    const int64_t ic_step = p->backward ? ex->fs[0] : ex->fs[1]; /* between consecutive input channels */
#pragma omp parallel for schedule(static) num_threads(ex->nt) if (jobs > 1 && p->work > 1e6)
    for (int64_t job = 0; job < jobs; job++) {
        int64_t ocb = job % nocb, combo = (job / nocb) % p->ucombo, g = job / nocb / p->ucombo;
        int64_t uw = combo % aw->U, uh = (combo / aw->U) % ah->U, ud = combo / aw->U / ah->U;
        int64_t Td = ad->u_first[ud + 1] - ad->u_first[ud], Th = ah->u_first[uh + 1] - ah->u_first[uh];
        int64_t Tw = aw->u_first[uw + 1] - aw->u_first[uw], T = Td * Th * Tw;
        float* dst = wp + g * p->ktot * p->cin_g * coutp + p->combo_prefix[combo] * p->cin_g * coutp +
                     ocb * T * p->cin_g * nr;
        if (p->fold) { /* channel c = kw * fold_cin + ic (plan_create), width taps folded */
            const int64_t nvalid = min64(nr, p->cout_g - ocb * nr);
            const int64_t* fs = ex->fs;
            for (int64_t c0 = 0; c0 < p->cin_g; c0 += CONV_CB) {
                const int64_t cnt = min64(CONV_CB, p->cin_g - c0);
                for (int64_t td = 0; td < Td; td++)
                    for (int64_t th = 0; th < Th; th++) {
                        int64_t kd = ad->tap_k[ad->u_first[ud] + td], kh = ah->tap_k[ah->u_first[uh] + th];
                        if (p->flip) {
                            kd = ad->k - 1 - kd;
                            kh = ah->k - 1 - kh;
                        }
                        for (int64_t c = c0; c < c0 + cnt; c++) {
                            const int64_t kw = c / p->fold_cin, ic = c % p->fold_cin;
                            const int64_t kwf = p->flip ? p->fold_k - 1 - kw : kw;
                            const int64_t base = g * p->cout_g * fs[0] + ocb * nr * fs[0] + ic * fs[1] + kd * fs[2] +
                                                 kh * fs[3] + kwf * fs[4];
                            dst = pydml_igemm_pack_block(dst, (uint32_t)nr, (uint32_t)nvalid, 1,
                                                         (const char*)ex->filt + base * ex->esize, ex->type, 0,
                                                         fs[0], 0);
                        }
                    }
            }
            continue;
        }
        for (int64_t c0 = 0; c0 < p->cin_g; c0 += CONV_CB) {
            int64_t cnt = min64(CONV_CB, p->cin_g - c0);
            for (int64_t td = 0; td < Td; td++)
                for (int64_t th = 0; th < Th; th++)
                    for (int64_t tw = 0; tw < Tw; tw++) {
                        int64_t kd = ad->tap_k[ad->u_first[ud] + td], kh = ah->tap_k[ah->u_first[uh] + th];
                        int64_t kw = aw->tap_k[aw->u_first[uw] + tw];
                        const int64_t nvalid = min64(nr, p->cout_g - ocb * nr);
                        /* the block's cnt channels: rows k = 16 cb T + tap cnt + ic of the panel,
                         * consecutive channels one filter stride apart */
                        int64_t step;
                        const int64_t base = filter_base(ex, g, c0, kd, kh, kw, &step) + ocb * nr * step;
                        dst = pydml_igemm_pack_block(dst, (uint32_t)nr, (uint32_t)nvalid, (uint32_t)cnt,
                                                     (const char*)ex->filt + base * ex->esize, ex->type, ic_step,
                                                     step, ex->bf16pairs);
                    }
        }
    }
}

/* Plane weights: [oc (global)][ic][kd][kh][kw] with formula indices. */
static void pack_plane_weights(const conv_exec* ex, float* wp) {
    const pydml_convolution_plan* p = ex->p;
    const int64_t Kh = p->ax[1].k, Kw = p->ax[2].k;
#pragma omp parallel for schedule(static) num_threads(ex->nt) if (p->cout > 1 && p->work > 1e6)
    for (int64_t ocg = 0; ocg < p->cout; ocg++) {
        int64_t g = ocg / p->cout_g, oc = ocg % p->cout_g;
        float* dst = wp + ocg * p->cin_g * p->ktot;
        for (int64_t ic = 0; ic < p->cin_g; ic++)
            for (int64_t kk = 0; kk < p->ktot; kk++) {
                int64_t step;
                int64_t base = filter_base(ex, g, ic, kk / (Kh * Kw), (kk / Kw) % Kh, kk % Kw, &step);
                gather_filter(dst++, ex, base + oc * step, step, 1);
            }
    }
}

/* The folded band (pydml_convolution_plan_create, FLOAT32): rows [dlo, dlo + Db) x [hlo, hlo + Hb) of image n, group g,
 * pixel ow of a row holding channel c = kw * fold_cin + ic at
 *     x[ic][ow * stride + kw * dilation - start]   (0 outside the input: the padding). */
static void pack_band_folded(const conv_exec* ex, float* band, int64_t n, int64_t g, int64_t dlo, int64_t Db,
                             int64_t hlo, int64_t Hb) {
    const pydml_convolution_plan* p = ex->p;
    const int64_t W = p->wspan, cin = p->fold_cin, K = p->fold_k, in_w = p->fold_in;
    const int64_t stride = p->fold_stride, dil = p->fold_dil, start = p->fold_start;
    const int64_t is0 = ex->is[0], is1 = ex->is[1], is2 = ex->is[2], is3 = ex->is[3], is4 = ex->is[4];
    const int64_t blk = Db * Hb * W * CONV_CB; /* floats between channel blocks */
    const float* in = (const float*)ex->in;
    for (int64_t d = 0; d < Db; d++)
        for (int64_t h = 0; h < Hb; h++) {
            const float* src = in + n * is0 + g * cin * is1 + (dlo + d) * is2 + (hlo + h) * is3;
            float* row = band + (d * Hb + h) * W * CONV_CB;
            for (int64_t kw = 0; kw < K; kw++) {
                const int64_t off = kw * dil - start;
                /* the output columns whose input column ow * stride + off is inside the row */
                const int64_t o0 = min64(W, max64(0, ceil_div(-off, stride)));
                const int64_t o1 = max64(o0, min64(W, ceil_div(in_w - off, stride)));
                for (int64_t ic = 0; ic < cin; ic++) {
                    const int64_t c = kw * cin + ic;
                    float* restrict dst = row + (c / CONV_CB) * blk + c % CONV_CB;
                    const float* restrict sc = src + ic * is1;
                    const int64_t step = stride * is4;
                    int64_t ow = 0;
                    for (; ow < o0; ow++) dst[ow * CONV_CB] = 0.0f;
                    const float* sp = sc + (o0 * stride + off) * is4;
                    for (; ow < o1; ow++, sp += step) dst[ow * CONV_CB] = *sp;
                    for (; ow < W; ow++) dst[ow * CONV_CB] = 0.0f;
                }
            }
        }
}

/* Fills the band rows [dlo, dlo + Db) x [hlo, hlo + Hb) of channels [c0, c0 + cin_g). */
static void pack_band(const conv_exec* ex, float* band, int64_t n, int64_t c0, int64_t dlo, int64_t Db,
                      int64_t hlo, int64_t Hb) {
    const pydml_convolution_plan* p = ex->p;
    const int dense = p->engine == ENGINE_DENSE;
    const int64_t wspan = p->wspan, col_lo = p->col_lo, in_w = p->ax[2].in;
    const int64_t j0 = min64(max64(-col_lo, 0), wspan), j1 = max64(j0, min64(in_w - col_lo, wspan));
    const int64_t* pos = p->wpos;
    const int64_t es = ex->esize;
    const int64_t* is = ex->is;
    const int64_t nblk = dense ? p->ncb : p->cin_g;
    for (int64_t cb = 0; cb < nblk; cb++) {
        int64_t cnt = dense ? min64(CONV_CB, p->cin_g - cb * CONV_CB) : 1;
        int64_t cfirst = c0 + (dense ? cb * CONV_CB : cb);
        for (int64_t d = 0; d < Db; d++)
            for (int64_t h = 0; h < Hb; h++) {
                int64_t src_off = n * is[0] + cfirst * is[1] + (dlo + d) * is[2] + (hlo + h) * is[3];
                const char* src = ex->in + src_off * es;
                if (dense) {
                    float* dst = band + ((cb * Db + d) * Hb + h) * wspan * CONV_CB;
                    for (int64_t j = 0; j < j0; j++) memset(dst + pos[j] * CONV_CB, 0, CONV_CB * 4);
                    for (int64_t j = j1; j < wspan; j++) memset(dst + pos[j] * CONV_CB, 0, CONV_CB * 4);
                    if (ex->bf16pairs) { /* raw bf16, channels consecutive, a zero after an odd count */
                        const uint16_t* s16 = (const uint16_t*)src;
                        if (is[1] == 1) {
                            for (int64_t j = j0; j < j1; j++) {
                                uint16_t* o = (uint16_t*)(dst + pos[j] * CONV_CB);
                                memcpy(o, s16 + (col_lo + j) * is[4], (size_t)cnt * 2);
                                o[cnt] = 0;
                            }
                        } else if (is[4] == 1) {
                            ex->k.transpose_pairs(dst, pos + j0, s16 + col_lo + j0, ex->type, is[1], (uint32_t)cnt,
                                                  (uint32_t)(j1 - j0));
                        } else {
                            for (int64_t j = j0; j < j1; j++) {
                                uint16_t* o = (uint16_t*)(dst + pos[j] * CONV_CB);
                                const uint16_t* sj = s16 + (col_lo + j) * is[4];
                                for (int64_t c = 0; c < cnt; c++) o[c] = sj[c * is[1]];
                                o[cnt] = 0;
                            }
                        }
                    } else if (is[1] == 1) {
                        for (int64_t j = j0; j < j1; j++)
                            ex->k.load(dst + pos[j] * CONV_CB, src + (col_lo + j) * is[4] * es, ex->type,
                                       (uint32_t)cnt);
                    } else if (is[4] == 1) {
#if defined(__GNUC__)
                        /* the next row of these channels on its way while this one is transposed:
                         * cnt short streams (a row of 56 floats is 4 lines) the hardware prefetchers
                         * barely train on, read from L3 once the input is past L2 (8 x 64 x 56^2,
                         * one thread: the convolution 5-6 % faster with it, A/B in one process) */
                        if (h + 1 < Hb) {
                            const char* next = src + is[3] * es + (col_lo + j0) * es;
                            const int64_t bytes = (j1 - j0) * es;
                            for (int64_t c = 0; c < cnt; c++)
                                for (int64_t b = 0; b < bytes; b += 64) __builtin_prefetch(next + c * is[1] * es + b);
                        }
#endif
                        ex->k.transpose_in(dst, pos + j0, src + (col_lo + j0) * es, ex->type, is[1],
                                           (uint32_t)cnt, (uint32_t)(j1 - j0));
                    } else {
                        for (int64_t j = j0; j < j1; j++) {
                            float* o = dst + pos[j] * CONV_CB;
                            for (int64_t c = 0; c < cnt; c++)
                                o[c] = load_elem(src, ex->type, (col_lo + j) * is[4] + c * is[1]);
                        }
                    }
                } else {
                    float* dst = band + ((cb * Db + d) * Hb + h) * p->wrow;
                    for (int64_t j = 0; j < j0; j++) dst[pos[j]] = 0.0f;
                    for (int64_t j = j1; j < wspan; j++) dst[pos[j]] = 0.0f;
                    /* the row's alignment padding: read (and discarded) by the row kernels, so
                     * zeroed rather than left as the workspace's garbage */
                    for (int64_t j = wspan; j < p->wrow; j++) dst[j] = 0.0f;
                    if (is[4] == 1 && p->ax[2].S == 1) {
                        ex->k.load(dst + j0, src + (col_lo + j0) * es, ex->type, (uint32_t)(j1 - j0));
                    } else if (is[4] == 1 && p->ax[2].S == 2 && ex->type == DML_TENSOR_DATA_TYPE_FLOAT32) {
                        /* the even and the odd columns, each phase's run consecutive in the band
                         * (wpos): an element at a time through load_elem this was 80 % of a
                         * stride-2 depthwise convolution's time */
                        for (int64_t m = 0; m < 2; m++) {
                            const int64_t jm = j0 + ((j0 & 1) != m);
                            if (jm < j1)
                                ex->k.copy2(dst + pos[jm], (const float*)src + col_lo + jm, (uint32_t)((j1 - jm + 1) / 2));
                        }
                    } else {
                        for (int64_t j = j0; j < j1; j++) dst[pos[j]] = load_elem(src, ex->type, (col_lo + j) * is[4]);
                    }
                }
            }
    }
}

/* The lines a tile of mr pixels x nv channels will be stored to (output offset `base`: pixel 0,
 * channel 0), fetched for writing while its sums run. Past L2 (a batch's output: 6.4 MB for 8 x 64 x
 * 56^2) each channel's run of pixels is a line the tile's store would wait for (a read for
 * ownership from L3): the 64-channel 3x3 convolution of 8 images spent 3.9 % of its time in the
 * stores (perf, one thread) against 1.6 % for one image, and ran 6-15 % faster with this. Runs of
 * contiguous pixels (NCHW) only: two prefetches cover each channel's run (at most 64 bytes). Not in
 * dense_rows_chunked (the AVX2 path, and AVX-512 rows narrower than a tile), where it measured
 * nothing: those sums run at half the rate or over several chunks, and the stores keep up. */
static void prefetch_tile_out(const conv_exec* ex, int64_t base, uint32_t mr, uint32_t nv, int64_t pstride) {
#if defined(__GNUC__)
    const int64_t es = ex->esize, run = (int64_t)mr * es;
    if (pstride != 1 || run > 64) return;
    const char* o = ex->out + base * es;
    for (uint32_t c = 0; c < nv; c++) { /* (no pointer formed past the last channel's run) */
        const char* at = o + (int64_t)c * ex->os[1] * es;
        __builtin_prefetch(at, 1, 3);
        __builtin_prefetch(at + run - 1, 1, 3);
    }
#else
    (void)ex, (void)base, (void)mr, (void)nv, (void)pstride;
#endif
}

/* Applies the activation and stores a dense tile [mr][nr] (bias already added) at output offset
 * `base` (element offset of pixel 0, channel 0), pixels `pstride` elements apart. */
static void write_tile(const conv_exec* ex, float* tile, float* tmp, uint32_t mr, uint32_t nv, int64_t base,
                       int64_t pstride) {
    const uint32_t nr = ex->k.ig.nr;
    if (ex->act) pydml_conv_activation(ex->act, tile, (size_t)mr * nr);
    ex->k.finish(tile, nr, mr, nv, ex->out + base * ex->esize, ex->type, ex->os[1], pstride, tmp);
}

typedef struct conv_block {
    int64_t n, g, oc_begin, oc_end; /* oc range within the group */
    int64_t od0, od1, oh0, oh1;
    int64_t dlo, Db, hlo, Hb;       /* packed rows (Db or Hb 0: nothing packed) */
} conv_block;

static void decode_item(const pydml_convolution_plan* p, int64_t item, conv_block* b) {
    int64_t hb = item % p->nhb;
    item /= p->nhb;
    int64_t db = item % p->ndb;
    item /= p->ndb;
    int64_t occ = item % p->nocc;
    item /= p->nocc;
    b->g = item % p->groups;
    b->n = item / p->groups;
    int64_t unit = p->engine == ENGINE_DENSE ? CONV_OC_UNIT : 1;
    b->oc_begin = occ * p->occ_size * unit;
    b->oc_end = min64(p->cout_g, (occ + 1) * p->occ_size * unit);
    b->od0 = db * p->bd;
    b->od1 = min64(p->ax[0].out, b->od0 + p->bd);
    b->oh0 = hb * p->bh;
    b->oh1 = min64(p->ax[1].out, b->oh0 + p->bh);
    int64_t dhi, hhi;
    int okd = axis_in_range(&p->ax[0], b->od0, b->od1, &b->dlo, &dhi);
    int okh = axis_in_range(&p->ax[1], b->oh0, b->oh1, &b->hlo, &hhi);
    b->Db = okd ? dhi - b->dlo + 1 : 0;
    b->Hb = okh ? hhi - b->hlo + 1 : 0;
    if (!okd || !okh) b->Db = b->Hb = 0;
}

/* Iterates the phases r of a depth/height axis that have outputs in [o0, o1): r = o mod P. */
static int64_t phase_count_in_block(const conv_axis* a, int64_t o0, int64_t o1) { return min64(a->P, o1 - o0); }

/* The valid taps of output row (qd, qh) in width phase uw: input offsets in the band and tap
 * indices in the phase combination's panel. Taps whose input row lies outside the input add 0 and
 * are dropped. Returns their number. */
static uint32_t dense_row_taps(const pydml_convolution_plan* p, const conv_block* b, int64_t ud, int64_t Td,
                               int64_t uh, int64_t Th, int64_t uw, int64_t Tw, int64_t qd, int64_t qh,
                               int64_t* in_off, uint32_t* tap) {
    const conv_axis *ad = &p->ax[0], *ah = &p->ax[1], *aw = &p->ax[2];
    uint32_t nv = 0;
    if (b->Db == 0) return 0;
    for (int64_t td = 0; td < Td; td++) {
        int64_t din = qd * ad->S + ad->tap_c[ad->u_first[ud] + td];
        if (din < b->dlo || din >= b->dlo + b->Db) continue;
        for (int64_t th = 0; th < Th; th++) {
            int64_t hin = qh * ah->S + ah->tap_c[ah->u_first[uh] + th];
            if (hin < b->hlo || hin >= b->hlo + b->Hb) continue;
            int64_t roff = ((din - b->dlo) * b->Hb + (hin - b->hlo)) * p->wspan;
            for (int64_t tw = 0; tw < Tw; tw++) {
                int64_t u = aw->tap_c[aw->u_first[uw] + tw] - p->col_lo;
                in_off[nv] = (roff + p->wpos[u]) * CONV_CB;
                tap[nv] = (uint32_t)((td * Th + th) * Tw + tw);
                nv++;
            }
        }
    }
    return nv;
}

/* Consecutive output rows of a dense block with the same valid taps: row r of the group reads its
 * input r * band_step floats after the group's first row (whose taps in_off / tap are these) and
 * writes r * out_step elements after it. */
typedef struct conv_rowgroup {
    const int64_t* in_off;
    const uint32_t* tap;
    uint32_t nv;
    int64_t r0, nrows; /* first row (relative to the call's first row) and row count */
} conv_rowgroup;


/* Groups of output rows (one width phase, Qw pixels each) of a dense block, with the sums split into
 * chunks of consecutive (channel block, tap) ranges whose weights fit ex->k.ig.chunk_bytes: each
 * chunk runs over a set of up to CONV_ACC_TILES pixel tiles while its weights stay in L1, the
 * tiles' partial sums kept in `acc` between chunks. Each group's pixels are tiled as one sequence
 * (a tile may take the end of one row and the start of the next, through the pixel-offset kernels
 * ukpx), and one chunk serves the tiles of every group, so narrow rows (7 or 14 pixels in a
 * ResNet's last stages) fill the 6-row tiles and a block's rows share each weight chunk. Every sum
 * runs in the unsplit call's order over its row's taps (kernels continue from the tile), so the
 * results are bit-identical to one call per tile of one row. */
static void dense_rows_chunked(const conv_exec* ex, const conv_block* b, const float* band, int64_t cb_stride,
                               const conv_rowgroup* grp, int64_t ngrp, int64_t T, const float* panel, int64_t Qw,
                               int64_t band_step, int64_t out_step, int64_t ocb0, int64_t ocb1, float* acc,
                               float* tile_t, int64_t obase0, int64_t pstride) {
    const pydml_convolution_plan* p = ex->p;
    const int64_t nr = ex->k.ig.nr, cin = p->cin_g, mr_max = ex->k.ig.mr_max, ldacc = mr_max * nr;
    const int64_t tap_bytes = CONV_CB * nr * 4; /* one tap of a full channel block */
    const int64_t budget = ex->k.ig.chunk_bytes;
    int64_t nvmax = 1, ntiles = 0;
    int64_t gtiles[CONV_ROWGROUPS];
    for (int64_t g = 0; g < ngrp; g++) {
        nvmax = max64(nvmax, grp[g].nv);
        gtiles[g] = ceil_div(Qw * grp[g].nrows, mr_max);
        ntiles += gtiles[g];
    }
    /* whole channel blocks per chunk when a block's taps fit, else the taps of a block in parts */
    const int64_t cb_per = max64(1, budget / (tap_bytes * nvmax));
    const int64_t vparts = cb_per > 1 || nvmax * tap_bytes <= budget ? 1 : ceil_div(nvmax * tap_bytes, budget);
    const int64_t nsets = ceil_div(ntiles, CONV_ACC_TILES);
    const int64_t pw = p->ax[2].P * ex->os[4];
    /* a set's tiles: group, pixel count, band offsets (floats) and output offsets of their pixels */
    int32_t tg[CONV_ACC_TILES], tmr[CONV_ACC_TILES], multi[CONV_ACC_TILES];
    int64_t pix[CONV_ACC_TILES][PYDML_IGEMM_MR_MAX];
    int64_t oofs[CONV_ACC_TILES][PYDML_IGEMM_MR_MAX];
    int64_t cg = 0, cti = 0; /* cursor: group, tile within it */
    for (int64_t set = 0; set < nsets; set++) {
        const int64_t n = ntiles / nsets + (set < ntiles % nsets ? 1 : 0);
        for (int64_t i = 0; i < n; i++) {
            while (cti == gtiles[cg]) {
                cg++;
                cti = 0;
            }
            const int64_t npix = Qw * grp[cg].nrows, nt = gtiles[cg];
            const int64_t f = cti * (npix / nt) + min64(cti, npix % nt);
            const int64_t mr = npix / nt + (cti < npix % nt ? 1 : 0);
            int64_t r = f / Qw, q = f % Qw;
            tg[i] = (int32_t)cg;
            tmr[i] = (int32_t)mr;
            multi[i] = q + mr > Qw;
            for (int64_t t = 0; t < mr; t++) {
                pix[i][t] = r * band_step + q * CONV_CB;
                oofs[i][t] = (grp[cg].r0 + r) * out_step + q * pw;
                if (++q == Qw) {
                    q = 0;
                    r++;
                }
            }
            cti++;
        }
        for (int64_t ocb = ocb0; ocb < ocb1; ocb++) {
            const int64_t oc0 = ocb * nr, ocg = b->g * p->cout_g + oc0;
            const uint32_t nvalid = (uint32_t)min64(nr, b->oc_end - oc0);
            const float* pan = panel != NULL ? panel + ocb * T * cin * nr : NULL; /* NULL: no taps */
            int first = 1;
            for (int64_t cb0 = 0; cb0 < p->ncb; cb0 += cb_per) {
                const int64_t cb1 = min64(p->ncb, cb0 + cb_per);
                const uint32_t ccin = (uint32_t)(min64(cin, cb1 * CONV_CB) - cb0 * CONV_CB);
                const float* w = pan != NULL ? pan + cb0 * CONV_CB * T * nr : NULL;
                const float* in = band + cb0 * cb_stride;
                /* the next chunk's weights (the same size, right after these: the panels of an
                 * item are consecutive) into L2 while this one runs, spread over its tiles: without,
                 * the chunk's first tile waits on L3 for every line (a third of the 512-channel
                 * 7 x 7 layer's first-tile samples sat on one weight load) */
                const char* pf = w != NULL ? (const char*)(w + (size_t)ccin * T * nr) : NULL;
                const int64_t pf_lines = pf != NULL ? ((int64_t)ccin * T * nr * 4 + 63) / 64 : 0;
                int64_t pf_done = 0;
                for (int64_t part = 0; part < vparts; part++) {
                    const float* bias = first ? ex->bias + ocg : NULL;
                    for (int64_t i = 0; i < n; i++) {
                        if (part == 0)
                            for (const int64_t until = pf_lines * (i + 1) / n; pf_done < until; pf_done++)
                                __builtin_prefetch(pf + pf_done * 64, 0, 2);
                        const conv_rowgroup* gr = &grp[tg[i]];
                        const int64_t v0 = part * (int64_t)gr->nv / vparts, v1 = (part + 1) * (int64_t)gr->nv / vparts;
                        if (v0 == v1 && !first) continue; /* nothing to add */
                        if (multi[i])
                            ex->k.ig.ukpx[tmr[i]](in, pix[i], cb_stride, ccin, gr->in_off + v0, gr->tap + v0,
                                                  (uint32_t)(v1 - v0), (uint32_t)T, w, bias, ex->bias + p->cout,
                                                  acc + i * ldacc);
                        else
                            ex->k.ig.ukr[tmr[i]](in + pix[i][0], cb_stride, ccin, gr->in_off + v0, gr->tap + v0,
                                                 (uint32_t)(v1 - v0), (uint32_t)T, w, bias, ex->bias + p->cout,
                                                 acc + i * ldacc);
                    }
                    first = 0;
                }
            }
            /* the activation once over the set's tiles (rows past a tile's mr included, unused):
             * one call per tile cost about a fifth of the stem's time (the element-wise engine
             * looks the activation up per call) */
            if (ex->act) pydml_conv_activation(ex->act, acc, (size_t)(n * ldacc));
            for (int64_t i = 0; i < n; i++) {
                const uint32_t mr = (uint32_t)tmr[i];
                float* tl = acc + i * ldacc;
                /* the tile's pixels in runs of one output row each */
                for (uint32_t t0 = 0; t0 < mr;) {
                    uint32_t t1 = t0 + 1;
                    while (t1 < mr && oofs[i][t1] == oofs[i][t0] + (int64_t)(t1 - t0) * pw) t1++;
                    ex->k.finish(tl + t0 * nr, (uint32_t)nr, t1 - t0, nvalid,
                                 ex->out + (obase0 + oofs[i][t0] + ocg * ex->os[1]) * ex->esize, ex->type,
                                 ex->os[1], pstride, tile_t);
                    t0 = t1;
                }
            }
        }
    }
}

static void dense_item(const conv_exec* ex, int64_t item, char* scratch) {
    const pydml_convolution_plan* p = ex->p;
    const conv_axis *ad = &p->ax[0], *ah = &p->ax[1], *aw = &p->ax[2];
    float* band = (float*)scratch;
    float* tile = (float*)(scratch + p->off_tile);
    float* tile_t = (float*)(scratch + p->off_tile_t);
    int64_t* in_off = (int64_t*)(scratch + p->off_in_off);
    uint32_t* tap = (uint32_t*)(scratch + p->off_tap);
    int64_t* rwf = (int64_t*)(scratch + p->off_rwf);
    float* rowbuf = (float*)(scratch + p->off_rowbuf);
    float* acc = (float*)(scratch + p->off_acc);
    conv_block b;
    decode_item(p, item, &b);
    if (b.Db > 0 && p->fold) pack_band_folded(ex, band, b.n, b.g, b.dlo, b.Db, b.hlo, b.Hb);
    else if (b.Db > 0) pack_band(ex, band, b.n, b.g * p->cin_g, b.dlo, b.Db, b.hlo, b.Hb);
    const int64_t cb_stride = b.Db * b.Hb * p->wspan * CONV_CB;
    const int64_t nr = ex->k.ig.nr, coutp = ceil_div(p->cout_g, CONV_OC_UNIT) * CONV_OC_UNIT;
    const float* wg = ex->weights + b.g * p->ktot * p->cin_g * coutp;
    const int64_t* os = ex->os;
    const uint32_t mr_max = ex->k.ig.mr_max;
    const uint32_t cin = (uint32_t)p->cin_g;
    const int64_t ocb_begin = b.oc_begin / nr, ocb_end = ceil_div(b.oc_end, nr);
    const int64_t nd = phase_count_in_block(ad, b.od0, b.od1), nh = phase_count_in_block(ah, b.oh0, b.oh1);
#define PANEL(ud_, uh_, uw_) (wg + p->combo_prefix[((ud_) * ah->U + (uh_)) * aw->U + (uw_)] * p->cin_g * coutp)
    /* Output-channel blocks in passes of at most CONV_PANEL_PASS_BYTES of weight panels, each pass
     * over every row of the item: a pass's panels stay in L2 while its rows reuse them, where one
     * pass over all the item's blocks per row streams all its weights from L3 for every row (the
     * 512-channel 3x3 layers of a ResNet at batch 1: 7 rows of 7 pixels, 1.2 MB of panels per
     * item). The same kernel calls with the same operands, in another order: the same bits. */
    /* Chunked sums (dense_rows_chunked): always on AVX2 (6-row tiles, weights kept in L1); on AVX-512
     * only for rows narrower than a 14-row tile, where tiles spanning rows (a ResNet's 7 x 7 layers:
     * 13 + 12 + 12 + 12 pixels instead of 7 tiles of 7) outweigh reloading the partial sums per
     * chunk (Zen 4, 1-thread CPU time, best of 4 alternating runs, ResNet-18 batch 8: 512 3x3 @7
     * 19.2 -> 18.4 ms; rows of 14 or more pixels were 2-5 % slower chunked). */
    const int chunked = ex->k.ig.chunk_bytes != 0 && (ex->k.ig.level != PYDML_IGEMM_AVX512 || aw->out < (int64_t)mr_max);
    const int64_t panel_bytes = p->cin_g * p->ktot * nr * 4;
    const int64_t pass = p->rowbuf ? ocb_end - ocb_begin : max64(1, CONV_PANEL_PASS_BYTES / panel_bytes);
    for (int64_t oa = ocb_begin; oa < ocb_end; oa += pass) {
        const int64_t ocb0 = oa, ocb1 = min64(ocb_end, oa + pass);
        for (int64_t id = 0; id < nd; id++) {
            const int64_t rd = (b.od0 + id) % ad->P;
            const int64_t ud = ad->phase_u[rd];
            const int64_t qd0 = max64(0, ceil_div(b.od0 - rd, ad->P)), qd1 = ceil_div(b.od1 - rd, ad->P);
            const int64_t Td = ud < 0 ? 0 : ad->u_first[ud + 1] - ad->u_first[ud];
            for (int64_t ih = 0; ih < nh; ih++) {
                const int64_t rh = (b.oh0 + ih) % ah->P;
                const int64_t uh = ah->phase_u[rh];
                const int64_t qh0 = max64(0, ceil_div(b.oh0 - rh, ah->P)), qh1 = ceil_div(b.oh1 - rh, ah->P);
                const int64_t Th = uh < 0 ? 0 : ah->u_first[uh + 1] - ah->u_first[uh];
                for (int64_t qd = qd0; qd < qd1; qd++) {
                    if (!p->rowbuf && chunked && aw->nphase == 1 && ex->k.ig.ukpx[1] != NULL) {
                        /* the rows [qh0, qh1) at once, in groups of rows with the same taps */
                        const int64_t uw = aw->phase_u[0];
                        const int64_t Tw = uw < 0 ? 0 : aw->u_first[uw + 1] - aw->u_first[uw];
                        const int64_t band_step = ah->S * p->wspan * CONV_CB, out_step = ah->P * os[3];
                        const int64_t od = rd + ad->P * qd;
                        conv_rowgroup grp[CONV_ROWGROUPS];
                        int64_t ng = 0, qa = qh0;
                        for (int64_t qh = qh0; qh <= qh1; qh++) {
                            int64_t* io = in_off + ng * p->ktot;
                            uint32_t* tp = tap + ng * p->ktot;
                            uint32_t nv = 0;
                            if (qh < qh1) {
                                nv = dense_row_taps(p, &b, ud, Td, uh, Th, uw, Tw, qd, qh, io, tp);
                                if (ng > 0) { /* the same taps as the last group, one row further? */
                                    conv_rowgroup* l = &grp[ng - 1];
                                    const int64_t shift = (qh - qa - l->r0) * band_step;
                                    int same = nv == l->nv;
                                    for (uint32_t v = 0; same && v < nv; v++)
                                        same = tp[v] == l->tap[v] && io[v] == l->in_off[v] + shift;
                                    if (same) {
                                        l->nrows++;
                                        continue;
                                    }
                                }
                            }
                            if (qh == qh1 || ng == CONV_ROWGROUPS) { /* process the groups so far */
                                if (ng > 0) {
                                    const int64_t T = Td * Th * Tw;
                                    const float* panel = T > 0 ? PANEL(ud, uh, uw) : NULL;
                                    dense_rows_chunked(ex, &b, band, cb_stride, grp, ng, T, panel, aw->out,
                                                       band_step, out_step, ocb0, ocb1, acc, tile_t,
                                                       b.n * os[0] + od * os[2] + (rh + ah->P * qa) * os[3],
                                                       aw->P * os[4]);
                                }
                                if (qh == qh1) break;
                                /* this row starts the next call's first group: move its taps */
                                memmove(in_off, io, (size_t)nv * sizeof *in_off);
                                memmove(tap, tp, (size_t)nv * sizeof *tap);
                                ng = 0;
                                qa = qh;
                            }
                            grp[ng].in_off = in_off + ng * p->ktot;
                            grp[ng].tap = tap + ng * p->ktot;
                            grp[ng].nv = nv;
                            grp[ng].r0 = qh - qa;
                            grp[ng].nrows = 1;
                            ng++;
                        }
                        continue;
                    }
                    for (int64_t qh = qh0; qh < qh1; qh++) {
                        const int64_t od = rd + ad->P * qd, oh = rh + ah->P * qh;
                        const int64_t orow = b.n * os[0] + od * os[2] + oh * os[3];
                        if (p->rowbuf) {
                            uint32_t total = 0;
                            for (int64_t rw = 0; rw < aw->nphase; rw++) {
                                const int64_t uw = aw->phase_u[rw];
                                const int64_t Tw = uw < 0 ? 0 : aw->u_first[uw + 1] - aw->u_first[uw];
                                rwf[rw] = total;
                                total += dense_row_taps(p, &b, ud, Td, uh, Th, uw, Tw, qd, qh, in_off + total,
                                                        tap + total);
                            }
                            rwf[aw->nphase] = total;
                            for (int64_t ocb = ocb0; ocb < ocb1; ocb++) {
                                const int64_t oc0 = ocb * nr, ocg = b.g * p->cout_g + oc0;
                                const uint32_t nvalid = (uint32_t)min64(nr, b.oc_end - oc0);
                                for (int64_t rw = 0; rw < aw->nphase; rw++) {
                                    const int64_t uw = aw->phase_u[rw];
                                    const int64_t Tw = uw < 0 ? 0 : aw->u_first[uw + 1] - aw->u_first[uw];
                                    const int64_t T = Td * Th * Tw;
                                    const uint32_t nv = (uint32_t)(rwf[rw + 1] - rwf[rw]);
                                    const float* panel = nv > 0 ? PANEL(ud, uh, uw) + ocb * T * p->cin_g * nr : NULL;
                                    const int64_t Qw = axis_q_count(aw, rw), ntiles = ceil_div(Qw, mr_max);
                                    int64_t qw = 0;
                                    for (int64_t ti = 0; ti < ntiles; ti++) {
                                        const uint32_t mr = (uint32_t)(Qw / ntiles + (ti < Qw % ntiles ? 1 : 0));
                                        ex->k.ig.ukr[mr](band + qw * CONV_CB, cb_stride, cin, in_off + rwf[rw],
                                                         tap + rwf[rw], nv, (uint32_t)T, panel, ex->bias + ocg,
                                                         ex->bias + p->cout, tile);
                                        for (uint32_t t = 0; t < mr; t++)
                                            memcpy(rowbuf + (rw + aw->P * (qw + t)) * nr, tile + t * nr,
                                                   (size_t)nr * 4);
                                        qw += mr;
                                    }
                                }
                                for (int64_t x0 = 0; x0 < aw->out; x0 += 16) {
                                    const uint32_t mr = (uint32_t)min64(16, aw->out - x0);
                                    write_tile(ex, rowbuf + x0 * nr, tile_t, mr, nvalid,
                                               orow + ocg * os[1] + x0 * os[4], os[4]);
                                }
                            }
                            continue;
                        }
                        for (int64_t rw = 0; rw < aw->nphase; rw++) {
                            const int64_t uw = aw->phase_u[rw];
                            const int64_t Tw = uw < 0 ? 0 : aw->u_first[uw + 1] - aw->u_first[uw];
                            const int64_t T = Td * Th * Tw;
                            const uint32_t nv = dense_row_taps(p, &b, ud, Td, uh, Th, uw, Tw, qd, qh, in_off, tap);
                            const float* panel = nv > 0 ? PANEL(ud, uh, uw) : NULL;
                            const int64_t Qw = axis_q_count(aw, rw), ntiles = ceil_div(Qw, mr_max);
                            const int64_t pstride = aw->P * os[4];
                            if (chunked && nv > 0) {
                                conv_rowgroup g1 = {in_off, tap, nv, 0, 1};
                                dense_rows_chunked(ex, &b, band, cb_stride, &g1, 1, T, panel, Qw,
                                                   ah->S * p->wspan * CONV_CB, ah->P * os[3], ocb0, ocb1, acc,
                                                   tile_t, orow + rw * os[4], pstride);
                                continue;
                            }
                            /* output-channel blocks outside, pixel tiles inside: consecutive calls
                             * read the same weight panel (cin x taps x nr), which then stays in L1/L2
                             * instead of cycling through every block's panel per tile (measured on
                             * Zen 3, AVX2: 78 -> 97 GFLOP/s per core for the 64-channel 3x3 panels) */
                            for (int64_t ocb = ocb0; ocb < ocb1; ocb++) {
                                const int64_t oc0 = ocb * nr, ocg = b.g * p->cout_g + oc0;
                                const uint32_t nvalid = (uint32_t)min64(nr, b.oc_end - oc0);
                                int64_t qw = 0;
                                for (int64_t ti = 0; ti < ntiles; ti++) {
                                    const uint32_t mr = (uint32_t)(Qw / ntiles + (ti < Qw % ntiles ? 1 : 0));
                                    const int64_t obase = orow + (rw + aw->P * qw) * os[4];
                                    prefetch_tile_out(ex, obase + ocg * os[1], mr, nvalid, pstride);
                                    ex->k.ig.ukr[mr](band + qw * CONV_CB, cb_stride, cin, in_off, tap, nv, (uint32_t)T,
                                                    nv > 0 ? panel + ocb * T * p->cin_g * nr : NULL, ex->bias + ocg,
                                                    ex->bias + p->cout, tile);
                                    write_tile(ex, tile, tile_t, mr, nvalid, obase + ocg * os[1], pstride);
                                    qw += mr;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
#undef PANEL
}

/* The planar band of the folded stem (stem_item): channel c = kw * fold_cin + ic of band row h at
 * band + (c * Hb + h) * wpad, pixel ow holding x[ic][hlo + h][ow * stride + kw * dilation - start]
 * (0 outside the input, and from W to wpad). */
static void pack_band_planar(const conv_exec* ex, float* band, int64_t n, int64_t g, int64_t hlo, int64_t Hb,
                             int64_t wpad) {
    const pydml_convolution_plan* p = ex->p;
    const int64_t W = p->ax[2].out, cin = p->fold_cin, K = p->fold_k, in_w = p->fold_in;
    const int64_t stride = p->fold_stride, dil = p->fold_dil, start = p->fold_start;
    const int64_t is1 = ex->is[1], is3 = ex->is[3], is4 = ex->is[4];
    const float* in = (const float*)ex->in + n * ex->is[0] + g * cin * is1 + hlo * is3;
    for (int64_t kw = 0; kw < K; kw++) {
        const int64_t off = kw * dil - start;
        const int64_t o0 = min64(W, max64(0, ceil_div(-off, stride)));
        const int64_t o1 = max64(o0, min64(W, ceil_div(in_w - off, stride)));
        for (int64_t ic = 0; ic < cin; ic++)
            for (int64_t h = 0; h < Hb; h++) {
                float* restrict dst = band + ((kw * cin + ic) * Hb + h) * wpad;
                const float* restrict src = in + ic * is1 + h * is3 + (o0 * stride + off) * is4;
                int64_t ow = 0;
                for (; ow < o0; ow++) dst[ow] = 0.0f;
                if (stride == 2 && is4 == 1 && o1 > ow) { /* the loop below was scalar: 5 % of the stem */
                    ex->k.copy2(dst + ow, src, (uint32_t)(o1 - ow));
                    ow = o1;
                } else
                    for (int64_t i = 0; ow < o1; ow++, i++) dst[ow] = src[i * stride * is4];
                for (; ow < wpad; ow++) dst[ow] = 0.0f;
            }
    }
}

/* The folded stem (FLOAT32 FORWARD, few input channels, width taps folded; pydml_convolution_plan_create)
 * on a CPU with a stem kernel (AVX2): the band planar, 16 output pixels in the vector lanes and up to 6
 * output channels broadcast from the dense panels, each result stored straight into its NCHW row. The
 * dense path's tiles hold pixels x channels and are transposed into the rows (finish), and each
 * chunk of weights keeps its tiles' partial sums: a sixth of the 7 x 7 stem's time went to that.
 * Same panels, same sums in the same order (conv_stem_kernel): the same bits. */
static void stem_item(const conv_exec* ex, int64_t item, char* scratch) {
    const pydml_convolution_plan* p = ex->p;
    const conv_axis* ah = &p->ax[1];
    float* band = (float*)scratch;
    int64_t* roff = (int64_t*)(scratch + p->off_in_off);
    uint32_t* tap = (uint32_t*)(scratch + p->off_tap);
    conv_block b;
    decode_item(p, item, &b);
    const int64_t W = p->ax[2].out, wpad = ceil_div(W, 16) * 16, cin = p->cin_g;
    if (b.Db > 0) pack_band_planar(ex, band, b.n, b.g, b.hlo, b.Hb, wpad);
    const int64_t nr = ex->k.ig.nr, coutp = ceil_div(p->cout_g, CONV_OC_UNIT) * CONV_OC_UNIT, T = p->ktot;
    const float* wg = ex->weights + b.g * p->ktot * p->cin_g * coutp;
    const int64_t Th = ah->U > 0 ? ah->u_first[1] - ah->u_first[0] : 0;
    const int64_t* os = ex->os;
    const int rows_contiguous = os[3] == W;
    /* RELU in the kernel's registers (max(0, v), bit for bit the activation engine's): a pass over
     * the stored rows cost 3 % of the 7 x 7 stem's time */
    const int relu = ex->act != NULL && ex->act->type == DML_OPERATOR_ACTIVATION_RELU;
    const pydml_activation* act = relu ? NULL : ex->act;
    for (int64_t qh = b.oh0; qh < b.oh1; qh++) {
        uint32_t nv = 0;
        for (int64_t th = 0; b.Db > 0 && th < Th; th++) { /* taps reading padding rows add 0: dropped */
            const int64_t hin = qh * ah->S + ah->tap_c[ah->u_first[0] + th];
            if (hin < b.hlo || hin >= b.hlo + b.Hb) continue;
            roff[nv] = (hin - b.hlo) * wpad;
            tap[nv] = (uint32_t)th;
            nv++;
        }
        float* orow = (float*)ex->out + b.n * os[0] + qh * os[3];
        for (int64_t ocb = b.oc_begin / nr; ocb < ceil_div(b.oc_end, nr); ocb++) {
            const int64_t oc0 = ocb * nr, jn = min64(nr, b.oc_end - oc0), nt = ceil_div(jn, 6);
            const float* panel = wg + ocb * T * cin * nr;
            for (int64_t ti = 0, j0 = 0; ti < nt; ti++) {
                const int64_t mr = jn / nt + (ti < jn % nt ? 1 : 0), ocg = b.g * p->cout_g + oc0 + j0;
                ex->k.stem(band, b.Hb * wpad, (uint32_t)cin, roff, tap, nv, (uint32_t)T, panel + j0, (uint32_t)nr,
                           (uint32_t)mr, ex->bias + ocg, orow + ocg * os[1], os[1], (uint32_t)W, relu);
                if (act && !rows_contiguous)
                    for (int64_t t = 0; t < mr; t++) pydml_conv_activation(act, orow + (ocg + t) * os[1], (size_t)W);
                j0 += mr;
            }
        }
    }
    /* the activation once per channel over the item's rows when they are contiguous: a call per row
     * and channel cost an eighth of the stem's time (the element-wise engine looks the activation up
     * per call) */
    if (act && rows_contiguous)
        for (int64_t oc = b.oc_begin; oc < b.oc_end; oc++)
            pydml_conv_activation(act, (float*)ex->out + b.n * os[0] + (b.g * p->cout_g + oc) * os[1] + b.oh0 * os[3],
                                  (size_t)((b.oh1 - b.oh0) * W));
}

/* True when the spatial axes of a view flatten to one pixel axis of stride 1. */
static int pixels_contiguous(const pydml_convolution_plan* p, const int64_t* s) {
    const int64_t D = p->ax[0].out, H = p->ax[1].out, W = p->ax[2].out;
    return (W == 1 || s[4] == 1) && (H == 1 || s[3] == W) && (D == 1 || s[2] == H * W);
}

/* Pointwise with a stride: where the gathering stands, as output pixel coordinates. */
typedef struct pw_pos { int64_t od, oh, ow; } pw_pos;

/* npx output pixels from *at on (then advanced past them), of the channel whose first input
 * element is at src, as floats at d: output pixel (od, oh, ow) reads input pixel (od Sd, oh Sh,
 * ow Sw) through the view's strides. */
static void pw_gather(const conv_exec* ex, float* d, const char* src, pw_pos* at, uint32_t npx) {
    const pydml_convolution_plan* p = ex->p;
    const int64_t W = p->ax[2].out, H = p->ax[1].out, es = ex->esize;
    const int64_t sd = p->ax[0].stride * ex->is[2], sh = p->ax[1].stride * ex->is[3];
    const int64_t sw = p->ax[2].stride * ex->is[4];
    uint32_t done = 0;
    while (done < npx) {
        const uint32_t run = (uint32_t)min64(W - at->ow, (int64_t)(npx - done));
        const char* s = src + (at->od * sd + at->oh * sh + at->ow * sw) * es;
        if (sw == 1) {
            ex->k.load(d + done, s, ex->type, run);
        } else if (ex->type == DML_TENSOR_DATA_TYPE_FLOAT32 && sw == 2) {
            ex->k.copy2(d + done, (const float*)s, run);
        } else {
            for (uint32_t j = 0; j < run; j++) d[done + j] = load_elem(s, ex->type, j * sw);
        }
        done += run;
        at->ow += run;
        if (at->ow == W) {
            at->ow = 0;
            if (++at->oh == H) {
                at->oh = 0;
                at->od++;
            }
        }
    }
}

/* Pointwise filter as the microkernel's "input": [g][cb][oc][16]. */
static void pack_pointwise_weights(const conv_exec* ex, float* wp) {
    const pydml_convolution_plan* p = ex->p;
    for (int64_t g = 0; g < p->groups; g++)
        for (int64_t cb = 0; cb < p->ncb; cb++)
            for (int64_t oc = 0; oc < p->cout_g; oc++) {
                float* dst = wp + ((g * p->ncb + cb) * p->cout_g + oc) * CONV_CB;
                const int64_t cnt = min64(CONV_CB, p->cin_g - cb * CONV_CB);
                int64_t oc_step;
                const int64_t base = filter_base(ex, g, cb * CONV_CB, 0, 0, 0, &oc_step) + oc * oc_step;
                /* consecutive input channels: filter dim 1 (FORWARD) or dim 0 (BACKWARD) */
                const int64_t step = p->backward ? ex->fs[0] : ex->fs[1];
                if (ex->bf16pairs) { /* raw bf16 pairs, like a bf16-pair band pixel */
                    uint16_t* d16 = (uint16_t*)dst;
                    const uint16_t* s16 = (const uint16_t*)ex->filt + base;
                    for (int64_t c = 0; c < cnt; c++) d16[c] = s16[c * step];
                    for (int64_t c = cnt; c < 2 * CONV_CB; c++) d16[c] = 0;
                    continue;
                }
                gather_filter(dst, ex, base, step, cnt);
                for (int64_t c = cnt; c < CONV_CB; c++) dst[c] = 0.0f;
            }
}

/* Pointwise convolution with pixel-contiguous views: per group, Y[oc][px] = W[oc][ic] X[ic][px].
 * The dense microkernel runs with the roles swapped (rows = output channels from the filter,
 * columns = nr pixels from a packed copy of X), so both views are used without transposition. */
static void pointwise_item(const conv_exec* ex, int64_t item, char* scratch) {
    const pydml_convolution_plan* p = ex->p;
    float* tile = (float*)(scratch + p->off_tile);
    float* tmp = (float*)(scratch + p->off_tile_t);
    float* xp = (float*)(scratch + p->off_xpanel);
    const int64_t pixels = p->ax[0].out * p->ax[1].out * p->ax[2].out;
    const int64_t nblk = ceil_div(pixels, p->pw_block);
    const int64_t ob = item % p->pw_ocb;
    item /= p->pw_ocb;
    const int64_t blk = item % nblk, g = (item / nblk) % p->groups, n = item / nblk / p->groups;
    const int64_t nr = ex->k.ig.nr, mr_max = ex->k.ig.mr_max, es = ex->esize;
    const int64_t cout = p->cout_g, ntiles = ceil_div(cout, mr_max);
    const float* wg = ex->weights + g * p->ncb * CONV_CB * cout;
    const float* zeros = ex->bias + p->cout; /* CONV_NR_MAX zeros (the per-row bias goes in rbias) */
    const int64_t zero = 0;
    const uint32_t tap0 = 0;
    const int64_t px0 = blk * p->pw_block, px_end = min64(pixels, px0 + p->pw_block);
    const int64_t nsub = ceil_div(px_end - px0, nr);
    /* X of the whole block first, one long contiguous run per input channel: [sub][ic][nr] */
    const char* src = ex->in + (n * ex->is[0] + g * p->cin_g * ex->is[1] + px0) * es;
    const int in_place = ex->pw_direct && !p->pw_gather && !ex->bf16pairs;
    if (p->pw_gather) { /* the same panels, gathered by output pixel (bf16 pairs never come here) */
        const char* img = ex->in + (n * ex->is[0] + g * p->cin_g * ex->is[1]) * es;
        const int64_t W = p->ax[2].out, H = p->ax[1].out;
        const pw_pos first = {px0 / W / H, (px0 / W) % H, px0 % W};
        for (int64_t ic = 0; ic < p->cin_g; ic++) { /* along the channel, as the contiguous path */
            pw_pos at = first;
            for (int64_t sub = 0; sub < nsub; sub++) {
                const uint32_t npx = (uint32_t)min64(nr, px_end - px0 - sub * nr);
                float* d = xp + (sub * p->cin_g + ic) * nr;
                pw_gather(ex, d, img + ic * ex->is[1] * es, &at, npx);
                for (int64_t j = npx; j < nr; j++) d[j] = 0.0f;
            }
        }
    } else if (ex->bf16pairs) { /* row c0 + i of a 16-channel block holds channel pair (c0 + 2i, c0 + 2i + 1) */
        const uint16_t* s16 = (const uint16_t*)src;
        for (int64_t c = 0; c < p->cin_g; c += 2) {
            const int64_t row = c - c % CONV_CB + (c % CONV_CB) / 2;
            for (int64_t sub = 0; sub < nsub; sub++) {
                const uint32_t npx = (uint32_t)min64(nr, px_end - px0 - sub * nr);
                const uint16_t* lo = s16 + c * ex->is[1] + sub * nr;
                ex->k.pair_row(xp + (sub * p->cin_g + row) * nr, lo, c + 1 < p->cin_g ? lo + ex->is[1] : NULL, npx,
                               (uint32_t)nr);
            }
        }
    } else {
        /* sub-block sub is a B panel [ic][nr] of the engine's product (K = cin_g, one tap), filled
         * channel by channel: one long contiguous read per input channel. A call of the engine's
         * row packing (pydml_gemm_pack_b_panel) per 16-pixel row cost the 1x1 benchmark cases 20%
         * (1-thread CPU time, 8 alternating rounds). */
        const int64_t nfull = ex->type == DML_TENSOR_DATA_TYPE_FLOAT32 ? (px_end - px0) / nr : 0;
        /* the direct store reads whole sub-blocks in place (pydml_igemm_store.ldb): only a partial
         * last one is packed */
        const int64_t first = in_place ? nfull : 0;
        for (int64_t ic = 0; ic < p->cin_g; ic++) {
            /* FLOAT32: the full sub-blocks' rows by fixed-size copies (a load call per 16 or 32
             * floats was a tenth of the AVX2 1x1 case's time); the rest through the type's load */
            const float* s32 = (const float*)src + ic * ex->is[1];
            float* d0 = xp + ic * nr;
            const int64_t dstep = p->cin_g * nr;
            if (nr == 16)
                for (int64_t sub = first; sub < nfull; sub++) memcpy(d0 + sub * dstep, s32 + sub * 16, 16 * sizeof(float));
            else if (nr == 32)
                for (int64_t sub = first; sub < nfull; sub++) memcpy(d0 + sub * dstep, s32 + sub * 32, 32 * sizeof(float));
            else
                for (int64_t sub = first; sub < nfull; sub++) memcpy(d0 + sub * dstep, s32 + sub * nr, (size_t)nr * sizeof(float));
            for (int64_t sub = nfull; sub < nsub; sub++) {
                const uint32_t npx = (uint32_t)min64(nr, px_end - px0 - sub * nr);
                float* d = xp + (sub * p->cin_g + ic) * nr;
                ex->k.load(d, src + (ic * ex->is[1] + sub * nr) * es, ex->type, npx);
                for (int64_t j = npx; j < nr; j++) d[j] = 0.0f;
            }
        }
    }
    char* dst = ex->out + (n * ex->os[0] + g * cout * ex->os[1] + px0) * es;
    /* this item's tiles: the ntiles balanced tiles (the same at any split) shared out in pw_ocb runs */
    const int64_t ti0 = ob * ntiles / p->pw_ocb, ti1 = (ob + 1) * ntiles / p->pw_ocb;
    int64_t oc0 = ti0 * (cout / ntiles) + min64(ti0, cout % ntiles);
    for (int64_t ti = ti0; ti < ti1; ti++) {
        const uint32_t mr = (uint32_t)(cout / ntiles + (ti < cout % ntiles ? 1 : 0));
        for (int64_t sub = 0; sub < nsub; sub++) {
            const uint32_t npx = (uint32_t)min64(nr, px_end - px0 - sub * nr);
            if (ex->pw_direct && npx == nr) {
                /* whole sub-blocks straight into the output's rows, the clamp applied on the way */
                const pydml_igemm_store st = {(float*)(void*)(dst + (oc0 * ex->os[1] + sub * nr) * es), ex->os[1],
                                              ex->clamp, ex->clamp_lo, ex->clamp_hi, in_place ? ex->is[1] : 0};
                ex->k.ig.ukst[mr](wg + oc0 * CONV_CB, cout * CONV_CB, (uint32_t)p->cin_g, &zero, &tap0, 1, 1,
                                 in_place ? (const float*)(const void*)src + sub * nr : xp + sub * p->cin_g * nr, zeros,
                                 ex->bias + g * cout + oc0, &st);
                continue;
            }
            ex->k.ig.ukr[mr](wg + oc0 * CONV_CB, cout * CONV_CB, (uint32_t)p->cin_g, &zero, &tap0, 1, 1,
                            xp + sub * p->cin_g * nr, zeros, ex->bias + g * cout + oc0, tile);
            if (ex->act) pydml_conv_activation(ex->act, tile, (size_t)mr * nr);
            ex->k.finish(tile, (uint32_t)nr, mr, npx, dst + (oc0 * ex->os[1] + sub * nr) * es, ex->type, 1,
                         ex->os[1], tmp);
        }
        oc0 += mr;
    }
}

/* The output rows q in [q0, q1) of a depth/height phase u whose taps all read inside the band rows
 * [lo, lo + n): returns the first of them in *a and one past the last in *b (a == b: none). */
static void interior_rows(const conv_axis* ax, int64_t u, int64_t q0, int64_t q1, int64_t lo, int64_t n, int64_t* a,
                          int64_t* b) {
    int64_t first = max64(q0, ceil_div(lo - ax->u_cmin[u], ax->S));
    int64_t last = min64(q1, floor_div(lo + n - 1 - ax->u_cmax[u], ax->S) + 1);
    if (first >= last) first = last = q0;
    *a = first;
    *b = last;
}

static void plane_item(const conv_exec* ex, int64_t item, char* scratch) {
    const pydml_convolution_plan* p = ex->p;
    const conv_axis *ad = &p->ax[0], *ah = &p->ax[1], *aw = &p->ax[2];
    float* band = (float*)scratch;
    int64_t* roff = (int64_t*)(scratch + p->off_in_off);
    uint32_t* kdh = (uint32_t*)(scratch + p->off_tap);
    int64_t* woff = (int64_t*)(scratch + p->off_woff);
    uint32_t* kw = (uint32_t*)(scratch + p->off_kw);
    conv_block b;
    decode_item(p, item, &b);
    if (b.Db > 0) {
        pack_band(ex, band, b.n, b.g * p->cin_g, b.dlo, b.Db, b.hlo, b.Hb);
        /* the row kernels read up to CONV_ROW_CHUNK - 1 floats past the packed rows (discarded):
         * the band's slack after them holds zeros, not the workspace's garbage */
        memset(band + p->cin_g * b.Db * b.Hb * p->wrow, 0, CONV_SLACK * sizeof(float));
    }
    const int64_t* os = ex->os;
    const int64_t nd = phase_count_in_block(ad, b.od0, b.od1), nh = phase_count_in_block(ah, b.oh0, b.oh1);
    conv_rows_args a;
    memset(&a, 0, sizeof a);
    a.in = band;
    a.ic_stride = b.Db * b.Hb * p->wrow;
    a.cin = (uint32_t)p->cin_g;
    a.roff = roff;
    a.kdh = kdh;
    a.woff = woff;
    a.kw = kw;
    a.kw_count = (uint32_t)aw->k;
    a.ktot = (uint32_t)p->ktot;
    a.type = ex->type;
    a.act = ex->act;
    a.tmp = (float*)(scratch + p->off_row);
    for (int64_t oc = b.oc_begin; oc < b.oc_end; oc++) {
        const int64_t ocg = b.g * p->cout_g + oc;
        a.w = ex->weights + ocg * p->cin_g * p->ktot;
        a.bias = ex->bias[ocg];
        for (int64_t id = 0; id < nd; id++) {
            const int64_t rd = (b.od0 + id) % ad->P;
            const int64_t ud = ad->phase_u[rd];
            const int64_t qd0 = max64(0, ceil_div(b.od0 - rd, ad->P)), qd1 = ceil_div(b.od1 - rd, ad->P);
            const int64_t Td = ud < 0 || b.Db == 0 ? 0 : ad->u_first[ud + 1] - ad->u_first[ud];
            for (int64_t ih = 0; ih < nh; ih++) {
                const int64_t rh = (b.oh0 + ih) % ah->P;
                const int64_t uh = ah->phase_u[rh];
                const int64_t qh0 = max64(0, ceil_div(b.oh0 - rh, ah->P)), qh1 = ceil_div(b.oh1 - rh, ah->P);
                const int64_t Th = uh < 0 || b.Db == 0 ? 0 : ah->u_first[uh + 1] - ah->u_first[uh];
                int64_t qa = qh0, qb = qh0;
                if (Th > 0) interior_rows(ah, uh, qh0, qh1, b.hlo, b.Hb, &qa, &qb);
                for (int64_t rw = 0; rw < aw->nphase; rw++) {
                    const int64_t uw = aw->phase_u[rw];
                    const int64_t Tw = uw < 0 ? 0 : aw->u_first[uw + 1] - aw->u_first[uw];
                    for (int64_t tw = 0; tw < Tw; tw++) {
                        woff[tw] = p->wpos[aw->tap_c[aw->u_first[uw] + tw] - p->col_lo];
                        kw[tw] = (uint32_t)aw->tap_k[aw->u_first[uw] + tw];
                    }
                    a.nw = (uint32_t)Tw;
                    a.qw = (uint32_t)axis_q_count(aw, rw);
                    a.out_pstride = aw->P * os[4];
                    a.in_row_step = ah->S * p->wrow;
                    a.out_row_step = ah->P * os[3];
                    for (int64_t qd = qd0; qd < qd1; qd++) {
                        const int64_t od = rd + ad->P * qd;
                        /* rows [qh0, qa) and [qb, qh1) one by one with their valid taps, [qa, qb) at once */
                        int64_t qh = qh0;
                        while (qh < qh1) {
                            int64_t nrows = (qh == qa && qb > qa) ? qb - qa : 1;
                            uint32_t nv = 0;
                            for (int64_t td = 0; td < Td; td++) {
                                int64_t din = qd * ad->S + ad->tap_c[ad->u_first[ud] + td];
                                if (din < b.dlo || din >= b.dlo + b.Db) continue;
                                for (int64_t th = 0; th < Th; th++) {
                                    int64_t hin = qh * ah->S + ah->tap_c[ah->u_first[uh] + th];
                                    if (hin < b.hlo || hin >= b.hlo + b.Hb) continue;
                                    roff[nv] = ((din - b.dlo) * b.Hb + (hin - b.hlo)) * p->wrow;
                                    kdh[nv] = (uint32_t)(ad->tap_k[ad->u_first[ud] + td] * ah->k +
                                                         ah->tap_k[ah->u_first[uh] + th]);
                                    nv++;
                                }
                            }
                            const int64_t oh = rh + ah->P * qh;
                            a.nv = Tw > 0 ? nv : 0;
                            a.rows = (uint32_t)nrows;
                            a.out = ex->out + (b.n * os[0] + ocg * os[1] + od * os[2] + oh * os[3] + rw * os[4]) * ex->esize;
                            ex->k.rows(&a);
                            qh += nrows;
                        }
                    }
                }
            }
        }
    }
}


/* Depthwise without a band (conv_dw_kernel, FLOAT32 FORWARD, one input channel per group, width
 * stride 1 or 2, rows contiguous in the input and output views): the kernel reads the input rows in
 * place, the padding columns as zeros it never loads, and stores whole output rows. Packing each
 * 56 x 56 plane into a band (a copy per row) and storing through the row buffer took about 40 %
 * of the plane engine's depthwise time. The items, the taps (padding rows dropped) and every sum's
 * order are plane_item's: the same bits as the band path of an NHWC view. */
static void dw_item(const conv_exec* ex, int64_t item, char* scratch) {
    const pydml_convolution_plan* p = ex->p;
    const conv_axis *ah = &p->ax[1], *aw = &p->ax[2];
    const float** rows = (const float**)(void*)(scratch + p->off_in_off);
    float* wbuf = (float*)(scratch + p->off_tap);
    const float** wrows = (const float**)(void*)(scratch + p->off_in_off + ah->k * sizeof(float*));
    int64_t* coff = (int64_t*)(scratch + p->off_woff);
    conv_block b;
    decode_item(p, item, &b);
    const int64_t* is = ex->is;
    const int64_t* os = ex->os;
    const int64_t Kh = ah->k, Kw = aw->k;
    const int64_t Th = ah->U > 0 ? ah->u_first[1] - ah->u_first[0] : 0;
    const int64_t Tw = aw->U > 0 ? aw->u_first[1] - aw->u_first[0] : 0;
    for (int64_t tw = 0; tw < Tw; tw++) coff[tw] = aw->tap_c[aw->u_first[0] + tw];
    int64_t qa = b.oh0, qb = b.oh0;
    if (Th > 0) interior_rows(ah, 0, b.oh0, b.oh1, 0, ah->in, &qa, &qb);
    conv_dw_args a;
    memset(&a, 0, sizeof a);
    a.rows = rows;
    a.w = wrows;
    a.coff = coff;
    a.nw = (uint32_t)Tw;
    a.W = (uint32_t)aw->out;
    a.in_w = aw->in;
    a.row_step = ah->S * is[3];
    a.out_step = os[3];
    a.act = ex->act;
    const float* plane = (const float*)ex->in + b.n * is[0] + b.g * is[1];
    for (int64_t oc = b.oc_begin; oc < b.oc_end; oc++) {
        const int64_t ocg = b.g * p->cout_g + oc;
        const float* wo = ex->weights + ocg * p->ktot; /* [kh][kw] formula indices (plane packing) */
        for (int64_t th = 0; th < Th; th++)
            for (int64_t tw = 0; tw < Tw; tw++)
                wbuf[th * Tw + tw] = wo[ah->tap_k[ah->u_first[0] + th] * Kw + aw->tap_k[aw->u_first[0] + tw]];
        a.bias = ex->bias[ocg];
        float* out = (float*)ex->out + b.n * os[0] + ocg * os[1];
        for (int64_t qh = b.oh0; qh < b.oh1;) { /* [qa, qb) at once, the others row by row */
            const int64_t nrows = (qh == qa && qb > qa) ? qb - qa : 1;
            uint32_t nv = 0;
            for (int64_t th = 0; th < Th && Tw > 0; th++) {
                const int64_t hin = qh * ah->S + ah->tap_c[ah->u_first[0] + th];
                if (hin < 0 || hin >= ah->in) continue;
                rows[nv] = plane + hin * is[3];
                wrows[nv] = wbuf + th * Tw;
                nv++;
            }
            a.nv = nv;
            a.rows_n = (uint32_t)nrows;
            a.out = out + qh * os[3];
            if (aw->S == 2) ex->k.dw2(&a);
            else ex->k.dw(&a);
            qh += nrows;
        }
    }
    (void)Kh;
}

/* Planes [item dwf_per, ...) of a flat depthwise plan (dwf_plan), each plane (image, output channel)
 * one conv_dwf_kernel call: its input channel's plane read in place or dealt into the thread's phase
 * planes (once for the output channels of a group that follow one another), its weights in tap order. */
static void dwf_item(const conv_exec* ex, int64_t item, char* scratch) {
    const pydml_convolution_plan* p = ex->p;
    const conv_axis *ah = &p->ax[1], *aw = &p->ax[2];
    float* wbuf = (float*)(scratch + p->off_tap);
    float* phases = (float*)(scratch + p->off_dwf);
    const int64_t W = aw->out, Sh = ah->S, Sw = aw->S, pstride = p->dwf_hg * W;
    uintptr_t* at = (uintptr_t*)(void*)(scratch + p->off_dwf +
                                        round64((uint64_t)p->dwf_phases * (uint64_t)pstride * 4));
    conv_dwf_args a;
    a.at = at;
    a.lmask = p->dwf_lmask;
    a.fmask = p->dwf_fmask;
    a.taps = p->dwf_taps;
    a.nvec = p->dwf_nvec;
    a.n = p->dwf_n;
    a.w = wbuf;
    /* a clamp in the kernel's registers (a pass over the stored planes was 8 % of MobileNet's
     * 56 x 56 depthwise layer); any other activation once per run of planes that follow one another
     * in memory (an image's output channels, NCHW): a call per 7 x 7 plane was a third of its time */
    a.clamp = ex->clamp_ok ? ex->clamp : PYDML_IGEMM_CLAMP_NONE;
    a.lo = ex->clamp_lo;
    a.hi = ex->clamp_hi;
    const pydml_activation* act = ex->clamp_ok ? NULL : ex->act;
    float* run = NULL;
    size_t run_n = 0;
    int64_t dealt = -1; /* the input plane (n * groups + g) the phase planes hold */
    const int64_t end = min64(p->n * p->cout, (item + 1) * p->dwf_per);
    for (int64_t plane = item * p->dwf_per; plane < end; plane++) {
        const int64_t n = plane / p->cout, ocg = plane % p->cout, g = ocg / p->cout_g;
        const float* in = (const float*)ex->in + n * ex->is[0] + g * ex->is[1];
        if (p->dwf_phases != 0 && dealt != n * p->groups + g) {
            dealt = n * p->groups + g;
            for (int64_t py = 0; py < Sh; py++) {
                const float* rows = in + py * ex->is[3];
                const uint32_t Hp = (uint32_t)ceil_div(ah->in - py, Sh);
                float* d = phases + py * Sw * pstride;
                if (Sw == 2) { /* both width phases of a row at once */
                    ex->k.split2(rows, Sh * ex->is[3], Hp, (uint32_t)aw->in, d, d + pstride, W);
                } else {
                    for (uint32_t r = 0; r < Hp; r++)
                        memcpy(d + r * W, rows + r * Sh * ex->is[3], (size_t)aw->in * sizeof(float));
                }
            }
        }
        const uintptr_t base = (uintptr_t)(p->dwf_phases != 0 ? (const float*)phases : in);
        for (uint32_t t = 0; t < a.taps; t++) at[t] = base + (uintptr_t)(p->dwf_off[t] * 4);
        const float* wo = ex->weights + ocg * p->ktot; /* [kh][kw] formula indices (plane packing) */
        for (uint32_t t = 0; t < a.taps; t++) wbuf[t] = wo[p->dwf_widx[t]];
        a.bias = ex->bias[ocg];
        a.out = (float*)ex->out + n * ex->os[0] + ocg * ex->os[1];
        ex->k.dwf(&a);
        if (act != NULL) {
            if (run != NULL && run + run_n == a.out) {
                run_n += a.n;
            } else {
                if (run != NULL) pydml_conv_activation(act, run, run_n);
                run = a.out;
                run_n = a.n;
            }
        }
    }
    if (run != NULL) pydml_conv_activation(act, run, run_n);
}

/* The GEMM engine's indirect microkernels for this CPU (nr 16 on AVX-512 when a group's last block
 * of output channels is at most 16 wide; bf16 pairs for a dense bf16 convolution on AVX512-BF16),
 * and the convolution's own helpers for the same vector level. */
static void select_kernels(const pydml_convolution_plan* p, uint32_t type, conv_kernels* k) {
    const int wide16 = p->cout_g % 32 != 0 && p->cout_g % 32 <= 16;
    pydml_igemm_choose(&k->ig, wide16, p->engine == ENGINE_DENSE && type == PYDML_DATA_TYPE_BFLOAT16);
    pydml_conv_helpers_portable(k);
    if (k->ig.level == PYDML_IGEMM_AVX512) pydml_conv_helpers_avx512(k);
    else if (k->ig.level == PYDML_IGEMM_AVX2) pydml_conv_helpers_avx2(k);
    if (k->ig.bf16pairs && !pydml_conv_helpers_bf16pairs(k)) pydml_igemm_choose(&k->ig, wide16, 0);
}

/* The key of a filter packing: the path (1 dense, 2 plane, 3 pointwise) and what the packed layout
 * depends on: the dense panels' width (the ISA's nr) and bf16 pairs. */
static uint32_t pack_key(const pydml_convolution_plan* p, const conv_kernels* k, int pointwise) {
    if (pointwise) return 3u | ((uint32_t)k->ig.bf16pairs << 2);
    if (p->engine == ENGINE_PLANE) return 2u;
    return 1u | ((uint32_t)k->ig.bf16pairs << 2) | (k->ig.nr << 3);
}

static void pack_weights(const conv_exec* ex, int pointwise, float* wp) {
    if (pointwise) pack_pointwise_weights(ex, wp);
    else if (ex->p->engine == ENGINE_DENSE) pack_dense_weights(ex, wp);
    else pack_plane_weights(ex, wp);
}

/* pydml_debug_convolution_stats (pydml.h): executions by where their packed filter came from, and
 * those that allocated their scratch. */
static uint64_t g_conv_prepared, g_conv_packed, g_conv_allocated;

void pydml_debug_convolution_stats(uint64_t* prepared, uint64_t* packed, uint64_t* allocated) {
    if (prepared) *prepared = __atomic_load_n(&g_conv_prepared, __ATOMIC_RELAXED);
    if (packed) *packed = __atomic_load_n(&g_conv_packed, __ATOMIC_RELAXED);
    if (allocated) *allocated = __atomic_load_n(&g_conv_allocated, __ATOMIC_RELAXED);
}

/* pydml_debug_convolution_paths (pydml.h): executions by the path their items took, in
 * conv_item_kind's order */
#define CONV_PATHS 6
static uint64_t g_conv_paths[CONV_PATHS + 1]; /* then the pointwise executions split by output channels */

void pydml_debug_convolution_paths(uint64_t* counts, uint32_t n) {
    for (uint32_t i = 0; i < n && i <= CONV_PATHS; i++) counts[i] = __atomic_load_n(&g_conv_paths[i], __ATOMIC_RELAXED);
}

/* Checks the views and fills ex with them, the activation and the kernels of this CPU (the
 * scratch, the weights and the bias are the caller's to set). */
static pydml_status conv_bind(const pydml_convolution_plan* p, conv_exec* ex, const pydml_tensor* input,
                              const pydml_tensor* filter, const pydml_tensor* bias, const pydml_tensor* output) {
    const pydml_convolution_params* prm = &p->params;
    pydml_status st;
    if ((st = check_view(p, input, prm->input_sizes)) != PYDML_STATUS_SUCCESS) return st;
    if ((st = check_view(p, filter, prm->filter_sizes)) != PYDML_STATUS_SUCCESS) return st;
    if ((st = check_view(p, output, prm->output_sizes)) != PYDML_STATUS_SUCCESS) return st;
    if ((bias != NULL) != (prm->has_bias != 0)) return PYDML_STATUS_INVALID_PARAMETER;
    if (bias != NULL) {
        uint32_t bsizes[5] = {1, prm->output_sizes[1], 1, 1, 1};
        if ((st = check_view(p, bias, bsizes)) != PYDML_STATUS_SUCCESS) return st;
    }
    memset(ex, 0, sizeof *ex);
    ex->p = p;
    ex->type = prm->data_type;
    ex->esize = pydml_data_type_bits(ex->type) / 8;
    ex->in = input->data;
    ex->out = output->data;
    ex->has_bias = bias != NULL;
    ex->act = (prm->activation.type == DML_OPERATOR_INVALID || prm->activation.type == DML_OPERATOR_ACTIVATION_IDENTITY)
                  ? NULL : &prm->activation;
    view_strides5(input, prm->spatial_dims, ex->is);
    view_strides5(filter, prm->spatial_dims, ex->fs);
    ex->filt = (const char*)filter->data + trim_offset(p, ex->fs) * ex->esize;
    view_strides5(output, prm->spatial_dims, ex->os);
    select_kernels(p, ex->type, &ex->k);
    ex->bf16pairs = ex->k.ig.bf16pairs; /* dense bf16 on AVX512-BF16: band and panels hold bf16 pairs */
    ex->clamp_ok = clamp_of(ex->act, &ex->clamp, &ex->clamp_lo, &ex->clamp_hi);
    ex->pw_direct = ex->type == DML_TENSOR_DATA_TYPE_FLOAT32 && !ex->bf16pairs && ex->k.ig.ukst[1] != NULL &&
                    ex->clamp_ok;
    return PYDML_STATUS_SUCCESS;
}

/* The workspace of an execution on `threads` threads: the bias copy, the packed filter, then one
 * part of thread_bytes per thread. Every size is the plan's worst case over the ISA paths (tiles of
 * CONV_MR_MAX x CONV_NR_MAX, panels padded to CONV_OC_UNIT channels, the larger of the pointwise and
 * the band packing), so it does not depend on the ISA active at execution. */
static uint64_t conv_workspace_bytes(const pydml_convolution_plan* p, uint64_t threads) {
    return add_sat(add_sat(p->bias_bytes, p->weight_bytes), mul_sat(threads, (uint64_t)p->thread_bytes));
}

/* ws: the caller's scratch (NULL or too small for one thread: allocated here); its owned_generation
 * says whether the filter packed at initialize applies. */
typedef enum conv_item_kind { ITEM_POINTWISE, ITEM_STEM, ITEM_DEPTHWISE, ITEM_DENSE, ITEM_PLANE, ITEM_DWFLAT } conv_item_kind;

static void run_item(const conv_exec* ex, conv_item_kind kind, int64_t item, char* scratch) {
    switch (kind) {
    case ITEM_POINTWISE: pointwise_item(ex, item, scratch); break;
    case ITEM_STEM: stem_item(ex, item, scratch); break;
    case ITEM_DEPTHWISE: dw_item(ex, item, scratch); break;
    case ITEM_DENSE: dense_item(ex, item, scratch); break;
    case ITEM_DWFLAT: dwf_item(ex, item, scratch); break;
    default: plane_item(ex, item, scratch); break;
    }
}

static pydml_status conv_execute(const pydml_convolution_plan* p, const pydml_tensor* input,
                                 const pydml_tensor* filter, const pydml_tensor* bias, const pydml_tensor* output,
                                 const pydml_workspace* ws) {
    if (p == NULL || input == NULL || filter == NULL || output == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    conv_exec ex;
    pydml_status st = conv_bind(p, &ex, input, filter, bias, output);
    if (st != PYDML_STATUS_SUCCESS) return st;
    int nt = 1;
#ifdef _OPENMP
    nt = omp_get_max_threads(); /* the team the C API drew (pydml_team_begin) */
#endif
    if (nt < 1) nt = 1;
    const int pointwise = p->pointwise && pixels_contiguous(p, ex.os) &&
                          (p->pw_gather ? !ex.bf16pairs : pixels_contiguous(p, ex.is));
    const uint32_t key = pack_key(p, &ex.k, pointwise);
    /* the filter packed at initialize, when this execution's owned views are that initialization's
     * (the generation decides; the address is checked besides) and the packing is the one needed */
    const float* pre = NULL;
    if (ws != NULL && p->pre.generation != 0 && ws->owned_generation == p->pre.generation &&
        filter->data == p->pre.src)
        for (int i = 0; i < 2; i++)
            if (p->pre.data[i] != NULL && p->pre.key[i] == key) pre = p->pre.data[i];
    /* the workspace: enough for the team (temporary_bytes), else for as many threads as it holds
     * (the same bits on any thread count); only less than one thread's makes execute allocate */
    unsigned char* base = ws != NULL && ws->data != NULL && ((uintptr_t)ws->data & 63u) == 0 ? ws->data : NULL;
    const uint64_t have = base != NULL ? ws->bytes : 0;
    const uint64_t shared = add_sat(p->bias_bytes, p->weight_bytes);
    if (conv_workspace_bytes(p, (uint64_t)nt) > have && have >= conv_workspace_bytes(p, 1))
        nt = (int)((have - shared) / p->thread_bytes);
    void* own = NULL;
    if (conv_workspace_bytes(p, (uint64_t)nt) > have) {
        const uint64_t total = conv_workspace_bytes(p, (uint64_t)nt);
        if (total > (uint64_t)SIZE_MAX - 64) return PYDML_STATUS_OUT_OF_MEMORY;
        own = aligned_alloc(64, (size_t)round64(total));
        if (own == NULL) return PYDML_STATUS_OUT_OF_MEMORY;
        base = own;
        __atomic_fetch_add(&g_conv_allocated, 1, __ATOMIC_RELAXED);
    }
    ex.nt = nt;
    float* bias_copy = (float*)base;
    if (bias != NULL)
        for (int64_t oc = 0; oc < p->cout; oc++)
            bias_copy[oc] = load_elem(bias->data, ex.type, oc * (int64_t)bias->strides[1]);
    else
        memset(bias_copy, 0, (size_t)p->cout * sizeof(float));
    memset(bias_copy + p->cout, 0, CONV_NR_MAX * sizeof(float));
    ex.bias = bias_copy;
    if (pre != NULL) {
        ex.weights = pre;
    } else {
        float* wp = (float*)(base + p->bias_bytes);
        pack_weights(&ex, pointwise, wp);
        ex.weights = wp;
    }
    __atomic_fetch_add(pre != NULL ? &g_conv_prepared : &g_conv_packed, 1, __ATOMIC_RELAXED);
    /* a small plane flat (both views' planes packed rows: the flat offsets hold) */
    const int dwf = !pointwise && p->dwf_ok && ex.k.dwf != NULL && p->dwf_n <= ex.k.dwf_max && ex.is[4] == 1 &&
                    ex.os[4] == 1 && (p->dwf_phases != 0 || ex.is[3] == p->ax[2].in || p->ax[1].in == 1) &&
                    (ex.os[3] == p->ax[2].out || p->ax[1].out == 1);
    const int64_t nitems = pointwise ? p->pw_nitems : dwf ? p->dwf_nitems : p->nitems;
    ex.stem = p->stem_ok && ex.k.stem != NULL && ex.os[4] == 1 && !ex.bf16pairs;
    const int dw = !pointwise && p->dw_ok && (p->ax[2].S == 1 ? ex.k.dw : ex.k.dw2) != NULL && ex.is[4] == 1 &&
                   ex.os[4] == 1;
    unsigned char* scratch0 = base + shared;

    const int parallel = ex.nt > 1 && nitems > 1 && p->work > 2e5;
    (void)parallel; /* read by the omp pragma only */
    /* a contiguous run of items per thread, the back of a run taken by a thread done first
     * (common.h pydml_runs_next): handed out one by one, the threads' items alternated (ResNet-18 at
     * batch 1, 2 threads, Granite Rapids: 11.12 -> 10.93 ms a run with runs, the 3-channel stem
     * 0.77 -> 0.74, the 512-channel 3x3 layers 2.29 -> 2.21) */
    uint64_t runs[64];
    const int team = parallel && ex.nt <= 64 && (uint64_t)nitems <= UINT32_MAX ? ex.nt : 0;
    for (int t = 0; t < team; t++) pydml_runs_reset(runs, (uint32_t)nitems, t, team);
    const conv_item_kind kind = pointwise ? ITEM_POINTWISE : ex.stem ? ITEM_STEM : dwf ? ITEM_DWFLAT : dw ? ITEM_DEPTHWISE
                                : p->engine == ENGINE_DENSE ? ITEM_DENSE : ITEM_PLANE;
    __atomic_fetch_add(&g_conv_paths[kind], 1, __ATOMIC_RELAXED);
    if (kind == ITEM_POINTWISE && p->pw_ocb > 1) __atomic_fetch_add(&g_conv_paths[CONV_PATHS], 1, __ATOMIC_RELAXED);
#pragma omp parallel num_threads(ex.nt) if (parallel)
    {
        int tid = 0;
#ifdef _OPENMP
        tid = omp_get_thread_num();
#endif
        char* scratch = (char*)scratch0 + (size_t)tid * p->thread_bytes;
        if (team) {
            uint32_t item;
            while (pydml_runs_next(runs, tid, team, &item)) run_item(&ex, kind, item, scratch);
        } else {
#pragma omp for schedule(dynamic, 1)
            for (int64_t item = 0; item < nitems; item++) run_item(&ex, kind, item, scratch);
        }
    }
    free(own);
    return PYDML_STATUS_SUCCESS;
}

pydml_status pydml_convolution_execute(const pydml_convolution_plan* plan, const pydml_tensor* input,
                                       const pydml_tensor* filter, const pydml_tensor* bias,
                                       const pydml_tensor* output) {
    return conv_execute(plan, input, filter, bias, output, NULL);
}

/* ---- the convolution family (families.h): DML_OPERATOR_CONVOLUTION ----
 * The geometry and fused activation come from rules_convolution.c's pydml_convolution_params_of,
 * shared with validation; the plan is pydml_convolution_plan_create's. */
#include "families.h"
#include "rules.h"


static pydml_status conv_family_create(const pydml_operator_info* info, const void* desc, uint32_t flags,
                                       void** plan) {
    *plan = NULL;
    pydml_diagnostic d;
    pydml_check c;
    memset(&c, 0, sizeof c);
    c.diagnostic = &d;
    c.desc = info->desc_name;
    c.level = DML_FEATURE_LEVEL_6_4;
    pydml_convolution_params cp;
    pydml_status s = pydml_convolution_params_of(&c, info, desc, &cp);
    if (s) return s;
    if (cp.direction == DML_CONVOLUTION_DIRECTION_FORWARD)
        for (uint32_t i = 0; i < cp.spatial_dims; i++)
            if (cp.output_padding[i])
                return pydml_family_unsupported("%s.OutputPadding: non-zero OutputPadding with "
                                                "DML_CONVOLUTION_DIRECTION_FORWARD is not implemented by pydml",
                                                info->desc_name);
    cp.allow_half_precision = (flags & DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION) != 0;
    return pydml_convolution_plan_create(&cp, (pydml_convolution_plan**)plan);
}

static void conv_family_destroy(void* plan) { pydml_convolution_plan_destroy(plan); }

static pydml_status conv_family_execute(const void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                                        const pydml_tensor* const* outputs, uint32_t output_count,
                                        const pydml_workspace* ws) {
    if (plan == NULL || input_count != 3 || output_count != 1 || inputs == NULL || outputs == NULL)
        return PYDML_STATUS_INVALID_PARAMETER;
    return conv_execute(plan, inputs[0], inputs[1], inputs[2], outputs[0], ws);
}

/* pydml_kernel_family.temporary_bytes: the most any execution on `threads` threads takes (the
 * layout's sizes hold for every ISA path and every view, conv_workspace_bytes); the packed filter's
 * part is counted even for an OWNED_BY_DML filter, which an execution on another ISA repacks. */
static uint64_t conv_temporary_bytes(const void* plan, uint32_t threads) {
    const pydml_convolution_plan* p = plan;
    return conv_workspace_bytes(p, threads < 1 ? 1 : threads);
}

/* pydml_kernel_family.initialize: a FilterTensor with DML_TENSOR_FLAG_OWNED_BY_DML is bound once, so
 * it is packed here, for the ISA of this time: the executions whose owned views carry `generation`
 * use it instead of packing per execution. A 1x1 plan gets both packings (the pointwise one, for
 * pixel-contiguous views such as NCHW, and the band one for the others), as the views are known
 * only at execution. */
static pydml_status conv_family_initialize(void* plan, const pydml_tensor* const* inputs, uint32_t input_count,
                                           uint64_t generation, int shared) {
    (void)shared; /* each plan packs its own filter */
    pydml_convolution_plan* p = plan;
    if (p == NULL || input_count != 3 || inputs == NULL) return PYDML_STATUS_INVALID_PARAMETER;
    free(p->pre.data[0]);
    free(p->pre.data[1]);
    memset(&p->pre, 0, sizeof p->pre);
    const pydml_tensor* filter = inputs[1];
    if (filter == NULL || generation == 0) return PYDML_STATUS_SUCCESS; /* bound at execution, or forgotten */
    pydml_status st = check_view(p, filter, p->params.filter_sizes);
    if (st != PYDML_STATUS_SUCCESS) return st;
    conv_exec ex;
    memset(&ex, 0, sizeof ex);
    ex.p = p;
    ex.type = p->params.data_type;
    ex.esize = pydml_data_type_bits(ex.type) / 8;
    view_strides5(filter, p->params.spatial_dims, ex.fs);
    ex.filt = (const char*)filter->data + trim_offset(p, ex.fs) * ex.esize;
    select_kernels(p, ex.type, &ex.k);
    ex.bf16pairs = ex.k.ig.bf16pairs;
    ex.nt = 1; /* under the operator's lock, outside any thread team */
    for (int i = 0; i < (p->pointwise ? 2 : 1); i++) {
        const int pointwise = p->pointwise && i == 0;
        float* data = aligned_alloc(64, (size_t)p->weight_bytes);
        if (data == NULL) {
            free(p->pre.data[0]);
            memset(&p->pre, 0, sizeof p->pre);
            return PYDML_STATUS_OUT_OF_MEMORY;
        }
        pack_weights(&ex, pointwise, data);
        p->pre.data[i] = data;
        p->pre.key[i] = pack_key(p, &ex.k, pointwise);
    }
    p->pre.generation = generation;
    p->pre.src = filter->data;
    return PYDML_STATUS_SUCCESS;
}

/* Scratch comes from the caller's workspace (DirectML's temporary resource): the plan is read-only
 * while it executes (initialize, which repacks the owned filter, waits for executions: capi.c), so
 * executions of one operator may run at the same time. */
const pydml_kernel_family pydml_family_convolution = {"convolution", conv_family_create, conv_family_destroy,
                                                      conv_family_execute, 0, conv_temporary_bytes,
                                                      conv_family_initialize, NULL};
