/* kmeans-like: the assignment step of k-means clustering, in the style of Rodinia's kmeans
 * (kmeans_clustering.c): the points are a `float **` whose rows point into one block,
 * sizes are `int` fields of structs, the distance is a helper function, and each point's
 * nearest center decides which row of the new-center sums it is added to (an index the
 * loop computes, so a data-dependent subscript).
 *
 * Usage: kmeans N [REPS]: N points of 34 features (as Rodinia's kdd_cup input), 5 clusters;
 * REPS assignment steps, the centers recomputed from the sums between them.
 */
#include <float.h>
#include "common.h"

#define FEATURES 34
#define CLUSTERS 5

struct points {
  int count;
  int features;
  float **feature; /* feature[i] = feature[0] + i * features */
};

struct centers {
  int count;
  float **center;
};

/* The squared Euclidean distance of two feature vectors. */
static float distance2(const float *a, const float *b, int features) {
  float d = 0.0f;
  for (int f = 0; f < features; f++) {
    float t = a[f] - b[f];
    d += t * t;
  }
  return d;
}

/* Each point to its nearest center (the first of equals); counts the points that moved and
 * adds each point to its center's row of sums. */
KERNEL void assign(const struct points *p, const struct centers *c, int *membership, float **sums, int *sizes, long *moved) {
  for (int i = 0; i < p->count; i++) {
    int nearest = 0;
    float nearest_distance = FLT_MAX;
    for (int k = 0; k < c->count; k++) {
      float d = distance2(p->feature[i], c->center[k], p->features);
      if (d < nearest_distance) {
        nearest_distance = d;
        nearest = k;
      }
    }
    if (membership[i] != nearest)
      *moved += 1;
    membership[i] = nearest;
    sizes[nearest] += 1;
    for (int f = 0; f < p->features; f++)
      sums[nearest][f] += p->feature[i][f];
  }
}

/* New centers: the sums over their sizes (a center without points stays). */
static void update_centers(struct centers *c, float **sums, int *sizes, int features) {
  for (int k = 0; k < c->count; k++) {
    for (int f = 0; f < features; f++) {
      if (sizes[k] > 0)
        c->center[k][f] = sums[k][f] / (float)sizes[k];
      sums[k][f] = 0.0f;
    }
    sizes[k] = 0;
  }
}

static float **rows_in_one_block(int rows, int cols) {
  float **m = (float **)malloc((size_t)rows * sizeof(float *));
  m[0] = (float *)calloc((size_t)rows * (size_t)cols, sizeof(float));
  for (int r = 1; r < rows; r++)
    m[r] = m[r - 1] + cols;
  return m;
}

int main(int argc, char **argv) {
  int n = (int)argument(argc, argv, 1, 2000);
  long reps = argument(argc, argv, 2, 1);
  uint64_t seed = 11;
  struct points p = {n, FEATURES, rows_in_one_block(n, FEATURES)};
  struct centers c = {CLUSTERS, rows_in_one_block(CLUSTERS, FEATURES)};
  float **sums = rows_in_one_block(CLUSTERS, FEATURES);
  int *sizes = (int *)calloc(CLUSTERS, sizeof(int));
  int *membership = (int *)malloc((size_t)n * sizeof(int));
  for (int i = 0; i < n; i++) {
    membership[i] = -1;
    float cluster_offset = (float)(i % CLUSTERS) * 0.8f;
    for (int f = 0; f < FEATURES; f++)
      p.feature[i][f] = cluster_offset + random_unit(&seed);
  }
  for (int k = 0; k < CLUSTERS; k++)
    for (int f = 0; f < FEATURES; f++)
      c.center[k][f] = p.feature[k * 7 % n][f];
  printf("size: %d\n", n);
  long moved = 0;
  for (long rep = 0; rep < reps; rep++) {
    double start = now_ms();
    assign(&p, &c, membership, sums, sizes, &moved);
    report_time("assign", start);
    update_centers(&c, sums, sizes, FEATURES);
  }
  checksum_ints("membership", membership, n);
  checksum_floats("centers", c.center[0], (long)CLUSTERS * FEATURES);
  printf("checksum moved: %ld\n", moved);
  return 0;
}
