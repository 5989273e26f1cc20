/* Per-pipeline glue of the benchmark driver: sizes, buffer shapes, the call.
 *
 * Exactly one PIPELINE_<NAME> macro selects the pipeline.  Sizes are
 * {rows R, cols C} for the small (tests), quick (harness default) and full
 * (the papers' sizes) modes; what R and C mean is documented per pipeline
 * (and in test-suite/README.md).
 */
#ifndef POLYPROP_DRIVER_PIPELINES_H
#define POLYPROP_DRIVER_PIPELINES_H

#include <stddef.h>

enum { SIZE_SMALL = 0, SIZE_QUICK = 1, SIZE_FULL = 2 };
enum elem_kind { KIND_F32, KIND_U16, KIND_U8 };
#define MAX_INPUTS 3

/* The type of the pipelines' float scalars: double in the double reference build
 * (-DPOLYPROP_DOUBLE_REFERENCE, see pipelines/pipeline_common.h). */
#ifdef POLYPROP_DOUBLE_REFERENCE
typedef double pipeline_real;
#else
typedef float pipeline_real;
#endif

/* The type of the pipelines' size parameters: `long` as in our naive sources, `int` for the
 * PolyMage-generated style (-DPIPELINE_INT_SIZES, test-suite/pipelines/polymage/). */
#ifdef PIPELINE_INT_SIZES
typedef int pipeline_size;
#else
typedef long pipeline_size;
#endif

/* planes x rows x cols elements, planar; integer kinds hold [0, scale]. */
struct buffer_shape {
  long planes, rows, cols;
  enum elem_kind kind;
  float scale;
};

static inline struct buffer_shape shape(long planes, long rows, long cols,
                                        enum elem_kind kind, float scale) {
  struct buffer_shape s = {planes, rows, cols, kind, scale};
  return s;
}

#if defined(PIPELINE_UNSHARP_MASK)
/* R x C image, 3 float channels, input with a 2-pixel border. */
#define PIPELINE_NAME "unsharp_mask"
void pipeline_unsharp_mask(pipeline_size R, pipeline_size C, pipeline_real weight, pipeline_real threshold,
                           void *in_void, void *out_void);
static const long pipeline_sizes[3][2] = {{64, 48}, {1024, 1024}, {2048, 2048}};
static const char *pipeline_check_size(long R, long C) {
  return R >= 1 && C >= 1 ? NULL : "needs R, C >= 1";
}
static int pipeline_shapes(long R, long C, struct buffer_shape *in,
                           struct buffer_shape *out) {
  in[0] = shape(3, R + 4, C + 4, KIND_F32, 1.0f);
  *out = shape(3, R, C, KIND_F32, 1.0f);
  return 1;
}
static void pipeline_call(long R, long C, void **in, void *out) {
  pipeline_unsharp_mask(R, C, 3.0f, 0.001f, in[0], out);
}

#elif defined(PIPELINE_HARRIS)
/* R x C grey float image with a 1-pixel border. */
#define PIPELINE_NAME "harris"
void pipeline_harris(pipeline_size R, pipeline_size C, void *in_void, void *out_void);
static const long pipeline_sizes[3][2] = {{64, 80}, {3200, 3200}, {6400, 6400}};
static const char *pipeline_check_size(long R, long C) {
  return R >= 3 && C >= 3 ? NULL : "needs R, C >= 3";
}
static int pipeline_shapes(long R, long C, struct buffer_shape *in,
                           struct buffer_shape *out) {
  in[0] = shape(1, R + 2, C + 2, KIND_F32, 1.0f);
  *out = shape(1, R + 2, C + 2, KIND_F32, 1.0f);
  return 1;
}
static void pipeline_call(long R, long C, void **in, void *out) {
  pipeline_harris(R, C, in[0], out);
}

#elif defined(PIPELINE_BILATERAL_GRID)
/* R rows x C columns grey float image (borders clamped). */
#define PIPELINE_NAME "bilateral_grid"
void pipeline_bilateral_grid(pipeline_size R, pipeline_size C, void *in_void, void *out_void);
static const long pipeline_sizes[3][2] = {{64, 80}, {768, 1280}, {1536, 2560}};
static const char *pipeline_check_size(long R, long C) {
  return R >= 1 && C >= 1 ? NULL : "needs R, C >= 1";
}
static int pipeline_shapes(long R, long C, struct buffer_shape *in,
                           struct buffer_shape *out) {
  in[0] = shape(1, R, C, KIND_F32, 1.0f);
  *out = shape(1, R, C, KIND_F32, 1.0f);
  return 1;
}
static void pipeline_call(long R, long C, void **in, void *out) {
  pipeline_bilateral_grid(R, C, in[0], out);
}

#elif defined(PIPELINE_CAMERA_PIPE)
/* R x C is the 8-bit RGB output; the 10-bit raw input (in 16-bit words)
 * is (R+48) x (C+64). */
#define PIPELINE_NAME "camera_pipe"
void pipeline_camera_pipe(pipeline_size R, pipeline_size C, pipeline_real color_temp, pipeline_real gamma,
                          pipeline_real contrast, void *in_void, void *out_void);
static const long pipeline_sizes[3][2] = {{64, 96}, {960, 1264}, {1920, 2528}};
static const char *pipeline_check_size(long R, long C) {
  return R >= 2 && C >= 2 && R % 2 == 0 && C % 2 == 0 ? NULL
                                                      : "needs even R, C >= 2";
}
static int pipeline_shapes(long R, long C, struct buffer_shape *in,
                           struct buffer_shape *out) {
  in[0] = shape(1, R + 48, C + 64, KIND_U16, 400.0f);
  *out = shape(1, R, 3 * C, KIND_U8, 255.0f);
  return 1;
}
static void pipeline_call(long R, long C, void **in, void *out) {
  pipeline_camera_pipe(R, C, 3700.0f, 2.0f, 50.0f, in[0], out);
}

#elif defined(PIPELINE_PYRAMID_BLENDING)
/* Two R x C images of 3 float channels and an R x C float mask. */
#define PIPELINE_NAME "pyramid_blending"
void pipeline_pyramid_blending(pipeline_size R, pipeline_size C, void *a_void, void *b_void,
                               void *mask_void, void *out_void);
static const long pipeline_sizes[3][2] = {{64, 64}, {1024, 1024}, {2048, 2048}};
static const char *pipeline_check_size(long R, long C) {
  return R >= 8 && C >= 8 && R % 8 == 0 && C % 8 == 0
             ? NULL : "needs R, C multiples of 8";
}
static int pipeline_shapes(long R, long C, struct buffer_shape *in,
                           struct buffer_shape *out) {
  in[0] = shape(3, R, C, KIND_F32, 1.0f);
  in[1] = shape(3, R, C, KIND_F32, 1.0f);
  in[2] = shape(1, R, C, KIND_F32, 1.0f);
  *out = shape(3, R, C, KIND_F32, 1.0f);
  return 3;
}
static void pipeline_call(long R, long C, void **in, void *out) {
  pipeline_pyramid_blending(R, C, in[0], in[1], in[2], out);
}

#elif defined(PIPELINE_INTERPOLATE)
/* R x C RGBA float image (4 planes) in, R x C RGB float out. */
#define PIPELINE_NAME "interpolate"
void pipeline_interpolate(pipeline_size R, pipeline_size C, void *in_void, void *out_void);
static const long pipeline_sizes[3][2] = {{512, 512}, {1024, 1536}, {1536, 2560}};
static const char *pipeline_check_size(long R, long C) {
  return R >= 512 && C >= 512 && R % 512 == 0 && C % 512 == 0
             ? NULL : "needs R, C multiples of 512 (9 halvings)";
}
static int pipeline_shapes(long R, long C, struct buffer_shape *in,
                           struct buffer_shape *out) {
  in[0] = shape(4, R, C, KIND_F32, 1.0f);
  *out = shape(3, R, C, KIND_F32, 1.0f);
  return 1;
}
static void pipeline_call(long R, long C, void **in, void *out) {
  pipeline_interpolate(R, C, in[0], out);
}

#elif defined(PIPELINE_LOCAL_LAPLACIAN)
/* R x C RGB image of 16-bit samples (3 planes) in and out. */
#define PIPELINE_NAME "local_laplacian"
void pipeline_local_laplacian(pipeline_size R, pipeline_size C, pipeline_real alpha, pipeline_real beta,
                              void *in_void, void *out_void);
static const long pipeline_sizes[3][2] = {{128, 256}, {768, 1280}, {1536, 2560}};
static const char *pipeline_check_size(long R, long C) {
  return R >= 128 && C >= 128 && R % 128 == 0 && C % 128 == 0
             ? NULL : "needs R, C multiples of 128 (7 halvings)";
}
static int pipeline_shapes(long R, long C, struct buffer_shape *in,
                           struct buffer_shape *out) {
  in[0] = shape(3, R, C, KIND_U16, 65535.0f);
  *out = shape(3, R, C, KIND_U16, 65535.0f);
  return 1;
}
static void pipeline_call(long R, long C, void **in, void *out) {
  pipeline_local_laplacian(R, C, 1.0f / 7.0f, 1.0f, in[0], out);
}

#else
#error "define one PIPELINE_<NAME> macro"
#endif

#endif
