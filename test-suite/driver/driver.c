/* Shared benchmark driver of the polyprop test suite.
 *
 * Built once per pipeline with -DPIPELINE_<NAME> (see pipelines.h) and linked
 * with that pipeline's object file.  The driver is meant to be compiled with
 * plain `clang-14 -O2` in every variant: only the pipeline's own object
 * changes between the naive, Polly and polyprop builds.
 *
 * Usage: <binary> [--size small|quick|full] [--rows R --cols C] [--reps N]
 *                 [--seed S] [--image FILE.pgm|FILE.ppm] [--out FILE]
 *
 * Prints machine-readable lines:
 *   pipeline: NAME
 *   size: R C
 *   timer_overhead_ns: N     (cost of one clock_gettime pair)
 *   time_ms: T               (one line per repetition)
 *   baseline_rss_kb: N       (peak RSS after the inputs were generated)
 *   max_rss_kb: N            (peak RSS at exit: includes the temporaries and
 *                             the output; VmHWM of /proc/self/status)
 *   checksum: HEX            (FNV-1a 64 over the output bytes)
 *
 * Inputs come from generate_input(): a deterministic synthetic image (smooth
 * gradients and ripples plus seeded splitmix64 noise), or a binary PGM/PPM
 * photo (8 or 16 bit) tiled over the requested size with --image.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#include <sys/resource.h>

#include "pipelines.h"

/* ---- deterministic generator ------------------------------------------ */

/* splitmix64 (Steele, Lea, Flood 2014): one 64-bit state, full period. */
static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* A uniform float in [0, 1) from the top 24 bits. */
static float uniform01(uint64_t *state) {
  return (float)(splitmix64(state) >> 40) * (1.0f / 16777216.0f);
}

/* A photo read with --image: width, height, channels, samples in [0, 1]. */
struct photo {
  long width, height, channels;
  float *samples;
};

static struct photo photo_in = {0, 0, 0, NULL};

static int read_token(FILE *f, long *value) {
  int ch;
  do {
    ch = fgetc(f);
    if (ch == '#')
      while (ch != '\n' && ch != EOF) ch = fgetc(f);
  } while (ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t');
  if (ch == EOF) return 0;
  ungetc(ch, f);
  return fscanf(f, "%ld", value) == 1;
}

/* Reads a binary PGM (P5) or PPM (P6), 8 or 16 bit. */
static int read_photo(const char *path, struct photo *p) {
  FILE *f = fopen(path, "rb");
  char magic[3] = {0};
  long maxval;
  if (!f || fread(magic, 1, 2, f) != 2 || magic[0] != 'P' ||
      (magic[1] != '5' && magic[1] != '6')) {
    fprintf(stderr, "error: %s is not a binary PGM/PPM file\n", path);
    return 0;
  }
  p->channels = magic[1] == '5' ? 1 : 3;
  if (!read_token(f, &p->width) || !read_token(f, &p->height) ||
      !read_token(f, &maxval) || maxval <= 0 || maxval > 65535) {
    fprintf(stderr, "error: bad header in %s\n", path);
    return 0;
  }
  fgetc(f); /* the single whitespace after maxval */
  long n = p->width * p->height * p->channels;
  p->samples = (float *)malloc(sizeof(float) * n);
  for (long k = 0; k < n; k++) {
    int hi = fgetc(f), lo = 0;
    if (maxval > 255) lo = fgetc(f);
    if (hi == EOF || lo == EOF) {
      fprintf(stderr, "error: %s is truncated\n", path);
      return 0;
    }
    long v = maxval > 255 ? (hi << 8 | lo) : hi;
    p->samples[k] = (float)v / (float)maxval;
  }
  fclose(f);
  return 1;
}

/* The value in [0, 1] of plane `plane` at (row, col) of input `which`. */
static float sample(uint64_t *state, int which, long plane, long row, long col) {
  if (photo_in.samples) {
    long r = row % photo_in.height, c = col % photo_in.width;
    long ch = plane % photo_in.channels;
    return photo_in.samples[(r * photo_in.width + c) * photo_in.channels + ch];
  }
  float smooth = 0.5f + 0.2f * sinf(0.013f * (float)(row + 17 * which)) *
                            cosf(0.021f * (float)(col + 5 * plane)) +
                 0.15f * (float)((row + col + 31 * plane) % 97) / 97.0f;
  float noise = uniform01(state) - 0.5f;
  float v = smooth + 0.15f * noise;
  return v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
}

/* Fills input `which` (planes x rows x cols, planar) of element kind `kind`,
 * scaled to [0, scale] for integer kinds. */
static void generate_input(uint64_t seed, int which, const struct buffer_shape *s,
                           void *data) {
  uint64_t state = seed * 1000003ull + (uint64_t)which;
  for (long p = 0; p < s->planes; p++)
    for (long r = 0; r < s->rows; r++)
      for (long c = 0; c < s->cols; c++) {
        long k = (p * s->rows + r) * s->cols + c;
        float v = sample(&state, which, p, r, c);
        switch (s->kind) {
        case KIND_F32: ((float *)data)[k] = v; break;
        case KIND_U16: ((uint16_t *)data)[k] = (uint16_t)(v * s->scale); break;
        case KIND_U8: ((uint8_t *)data)[k] = (uint8_t)(v * s->scale); break;
        }
      }
}

/* ---- measurement -------------------------------------------------------- */

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* Peak resident set size of this process in KiB: VmHWM of /proc/self/status,
 * which belongs to the address space made by exec.  (getrusage's ru_maxrss is
 * not used first: Linux carries the parent's peak across fork and exec, so a
 * child of a large harness would report the harness's memory.) */
static long max_rss_kb(void) {
  FILE *f = fopen("/proc/self/status", "r");
  char line[256];
  long kb = -1;
  while (f && fgets(line, sizeof line, f))
    if (sscanf(line, "VmHWM: %ld kB", &kb) == 1) break;
  if (f) fclose(f);
  if (kb < 0) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    kb = u.ru_maxrss;
  }
  return kb;
}

static double timer_overhead_ns(void) {
  double start = now_ms();
  for (int k = 0; k < 1000; k++) (void)now_ms();
  return (now_ms() - start) * 1e6 / 1000.0;
}

static uint64_t fnv1a64(const unsigned char *bytes, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t k = 0; k < n; k++) h = (h ^ bytes[k]) * 0x100000001b3ull;
  return h;
}

static size_t kind_size(enum elem_kind kind) {
  return kind == KIND_F32 ? 4 : kind == KIND_U16 ? 2 : 1;
}

static size_t shape_bytes(const struct buffer_shape *s) {
  return (size_t)(s->planes * s->rows * s->cols) * kind_size(s->kind);
}

/* ---- main ---------------------------------------------------------------- */

static void usage(void) {
  fprintf(stderr, "usage: %s [--size small|quick|full] [--small] [--rows R --cols C]\n"
                  "       [--reps N] [--seed S] [--image FILE] [--out FILE]\n",
          PIPELINE_NAME);
  exit(2);
}

#ifdef POLYPROP_DOUBLE_REFERENCE
/* The double reference (-DPOLYPROP_DOUBLE_REFERENCE, pipelines built with the same macro):
 * float buffers are widened to double for the call and a float output is rounded back to
 * float after it, so that the output compares with the float builds' element by element.
 * The conversions are inside the timed call; this build is a reference, not a contender. */
static long shape_elements(const struct buffer_shape *s) {
  return s->planes * s->rows * s->cols;
}

static void *widened(const struct buffer_shape *s, void *data) {
  if (s->kind != KIND_F32) return data;
  double *wide = malloc(sizeof(double) * (size_t)shape_elements(s));
  for (long k = 0; k < shape_elements(s); k++) wide[k] = ((float *)data)[k];
  return wide;
}

static void call_pipeline(long R, long C, int n_inputs, const struct buffer_shape *in_shape,
                          void **in, const struct buffer_shape *out_shape, void *out) {
  void *wide_in[MAX_INPUTS];
  for (int k = 0; k < n_inputs; k++) wide_in[k] = widened(&in_shape[k], in[k]);
  long n = shape_elements(out_shape);
  void *wide_out = out_shape->kind == KIND_F32 ? calloc((size_t)n, sizeof(double)) : out;
  pipeline_call(R, C, wide_in, wide_out);
  if (wide_out != out) {
    for (long k = 0; k < n; k++) ((float *)out)[k] = (float)((double *)wide_out)[k];
    free(wide_out);
  }
  for (int k = 0; k < n_inputs; k++)
    if (wide_in[k] != in[k]) free(wide_in[k]);
}
#else
static void call_pipeline(long R, long C, int n_inputs, const struct buffer_shape *in_shape,
                          void **in, const struct buffer_shape *out_shape, void *out) {
  (void)n_inputs, (void)in_shape, (void)out_shape;
  pipeline_call(R, C, in, out);
}
#endif

int main(int argc, char **argv) {
  int size = SIZE_QUICK;
  long rows = 0, cols = 0, reps = 1;
  uint64_t seed = 1;
  const char *out_path = NULL;
  for (int k = 1; k < argc; k++) {
    const char *a = argv[k];
    const char *v = k + 1 < argc ? argv[k + 1] : NULL;
    if (!strcmp(a, "--small")) size = SIZE_SMALL;
    else if (!strcmp(a, "--full")) size = SIZE_FULL;
    else if (!strcmp(a, "--size") && v) {
      k++;
      if (!strcmp(v, "small")) size = SIZE_SMALL;
      else if (!strcmp(v, "quick")) size = SIZE_QUICK;
      else if (!strcmp(v, "full")) size = SIZE_FULL;
      else usage();
    } else if (!strcmp(a, "--rows") && v) rows = atol(argv[++k]);
    else if (!strcmp(a, "--cols") && v) cols = atol(argv[++k]);
    else if (!strcmp(a, "--reps") && v) reps = atol(argv[++k]);
    else if (!strcmp(a, "--seed") && v) seed = strtoull(argv[++k], NULL, 10);
    else if (!strcmp(a, "--out") && v) out_path = argv[++k];
    else if (!strcmp(a, "--image") && v) {
      if (!read_photo(argv[++k], &photo_in)) return 1;
    } else usage();
  }
  long R = rows ? rows : pipeline_sizes[size][0];
  long C = cols ? cols : pipeline_sizes[size][1];
  const char *why = pipeline_check_size(R, C);
  if (why) {
    fprintf(stderr, "error: size %ld x %ld: %s\n", R, C, why);
    return 2;
  }

  struct buffer_shape in_shape[MAX_INPUTS], out_shape;
  int n_inputs = pipeline_shapes(R, C, in_shape, &out_shape);
  void *in[MAX_INPUTS];
  for (int k = 0; k < n_inputs; k++) {
    in[k] = malloc(shape_bytes(&in_shape[k]));
    generate_input(seed, k, &in_shape[k], in[k]);
  }
  void *out = calloc(1, shape_bytes(&out_shape));

  printf("pipeline: %s\n", PIPELINE_NAME);
  printf("size: %ld %ld\n", R, C);
  printf("timer_overhead_ns: %.1f\n", timer_overhead_ns());
  printf("baseline_rss_kb: %ld\n", max_rss_kb());
  for (long r = 0; r < reps; r++) {
    double start = now_ms();
    call_pipeline(R, C, n_inputs, in_shape, in, &out_shape, out);
    double stop = now_ms();
    printf("time_ms: %.3f\n", stop - start);
    fflush(stdout);
  }
  printf("max_rss_kb: %ld\n", max_rss_kb());
  printf("checksum: %016llx\n",
         (unsigned long long)fnv1a64((const unsigned char *)out, shape_bytes(&out_shape)));
  if (out_path) {
    FILE *f = fopen(out_path, "wb");
    if (!f || fwrite(out, 1, shape_bytes(&out_shape), f) != shape_bytes(&out_shape)) {
      fprintf(stderr, "error: cannot write %s\n", out_path);
      return 1;
    }
    fclose(f);
  }
  for (int k = 0; k < n_inputs; k++) free(in[k]);
  free(out);
  return 0;
}
