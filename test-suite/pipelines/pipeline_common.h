/* Shared helpers of the naive polyprop test-suite pipelines.
 *
 * Only macros: every pipeline is one C function whose stages are loop nests
 * in that function, so that a model built at pipeline start (before the
 * inliner) sees the whole pipeline in one region.  The macros expand to
 * selects on scalars, which are affine (piecewise) when used in subscripts.
 */
#ifndef POLYPROP_PIPELINE_COMMON_H
#define POLYPROP_PIPELINE_COMMON_H

#include <stdlib.h>
#include <math.h>

/* The double reference of `polyprop-bench --fast-math` (-DPOLYPROP_DOUBLE_REFERENCE): every
 * `float` of the pipeline, buffers and scalars, becomes `double`, and so do the float math
 * functions.  The driver built with the same macro widens the float inputs to double before
 * the call and rounds a float output back after it.  The headers above are included first,
 * so that their own declarations keep their types. */
#ifdef POLYPROP_DOUBLE_REFERENCE
#define float double
#define fabsf fabs
#define expf exp
#define powf pow
#endif

#define min(a, b) ((a) < (b) ? (a) : (b))
#define max(a, b) ((a) > (b) ? (a) : (b))
#define clamp(x, lo, hi) min(max((x), (lo)), (hi))

/* `OMP_FOR` before a stage's outer loop: parallel only with POLYPROP_OMP. */
#ifdef POLYPROP_OMP
#define OMP_FOR _Pragma("omp parallel for")
#else
#define OMP_FOR
#endif

#endif
