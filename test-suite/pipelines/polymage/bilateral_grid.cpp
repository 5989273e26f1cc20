/* bilateral_grid written in the style PolyMage generates (naive C++: int counters _i0.._i3,
 * inclusive loop bounds, hand-linearized fully parenthesized subscripts, malloc'ed temporaries,
 * every intermediate value inlined where it is used).  It is the same algorithm with the same
 * float operations in the same order as ../bilateral_grid.c, so its output equals the naive
 * one's bit for bit (float clamps keep the C macros' comparisons: isl_min/isl_max, or
 * std::min/std::max with the bound first, which select the same operand as min/max in C).
 * With FMA (-march=native) the inlined zv - (float) zi is contracted where the C one is not.
 */
#include <cmath>
#include <cstdlib>
#include <algorithm>
#define isl_min(x,y) ((x) < (y) ? (x) : (y))
#define isl_max(x,y) ((x) > (y) ? (x) : (y))
#define isl_floord(n,d) (((n)<0) ? -((-(n)+(d)-1)/(d)) : (n)/(d))
extern "C" void  pipeline_bilateral_grid(int  R, int  C, void * in_void_arg, void * out_void_arg)
{
  float * img;
  img = (float *) (in_void_arg);
  float * out;
  out = (float *) (out_void_arg);
  float * grid;
  grid = (float *) (malloc((sizeof(float ) * (((2 * (((R - 1) / 8) + 2)) * (((C - 1) / 8) + 2)) * 16))));
  float * blurz;
  blurz = (float *) (malloc((sizeof(float ) * (((2 * (((R - 1) / 8) + 2)) * (((C - 1) / 8) + 2)) * 16))));
  float * blurx;
  blurx = (float *) (malloc((sizeof(float ) * (((2 * (((R - 1) / 8) + 2)) * (((C - 1) / 8) + 2)) * 16))));
  float * blury;
  blury = (float *) (malloc((sizeof(float ) * (((2 * (((R - 1) / 8) + 2)) * (((C - 1) / 8) + 2)) * 16))));
  float * interpolated;
  interpolated = (float *) (malloc((sizeof(float ) * ((2 * R) * C))));
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int  _i0 = 0; (_i0 <= 1); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= (((R - 1) / 8) + 1)); _i1 = (_i1 + 1))
    {
      for (int  _i2 = 0; (_i2 <= (((C - 1) / 8) + 1)); _i2 = (_i2 + 1))
      {
        #pragma ivdep
        for (int  _i3 = 0; (_i3 <= 15); _i3 = (_i3 + 1))
        {
          grid[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i1 * ((((C - 1) / 8) + 2) * 16))) + (_i2 * 16)) + _i3)] = 0;
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int  _i0 = 0; (_i0 <= (((R - 1) / 8) + 1)); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= (((C - 1) / 8) + 1)); _i1 = (_i1 + 1))
    {
      for (int  _i2 = 0; (_i2 <= 7); _i2 = (_i2 + 1))
      {
        for (int  _i3 = 0; (_i3 <= 7); _i3 = (_i3 + 1))
        {
          grid[((((0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i0 * ((((C - 1) / 8) + 2) * 16))) + (_i1 * 16)) + (2 + (int ) ((((isl_min(isl_max(img[((isl_min(isl_max((((8 * _i0) + _i2) - 4), 0), (R - 1)) * C) + isl_min(isl_max((((8 * _i1) + _i3) - 4), 0), (C - 1)))], 0.0f), 1.0f)) * 10.0f) + 0.5f))))] = (grid[((((0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i0 * ((((C - 1) / 8) + 2) * 16))) + (_i1 * 16)) + (2 + (int ) ((((isl_min(isl_max(img[((isl_min(isl_max((((8 * _i0) + _i2) - 4), 0), (R - 1)) * C) + isl_min(isl_max((((8 * _i1) + _i3) - 4), 0), (C - 1)))], 0.0f), 1.0f)) * 10.0f) + 0.5f))))] + (isl_min(isl_max(img[((isl_min(isl_max((((8 * _i0) + _i2) - 4), 0), (R - 1)) * C) + isl_min(isl_max((((8 * _i1) + _i3) - 4), 0), (C - 1)))], 0.0f), 1.0f)));
          grid[((((1 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i0 * ((((C - 1) / 8) + 2) * 16))) + (_i1 * 16)) + (2 + (int ) ((((isl_min(isl_max(img[((isl_min(isl_max((((8 * _i0) + _i2) - 4), 0), (R - 1)) * C) + isl_min(isl_max((((8 * _i1) + _i3) - 4), 0), (C - 1)))], 0.0f), 1.0f)) * 10.0f) + 0.5f))))] = (grid[((((1 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i0 * ((((C - 1) / 8) + 2) * 16))) + (_i1 * 16)) + (2 + (int ) ((((isl_min(isl_max(img[((isl_min(isl_max((((8 * _i0) + _i2) - 4), 0), (R - 1)) * C) + isl_min(isl_max((((8 * _i1) + _i3) - 4), 0), (C - 1)))], 0.0f), 1.0f)) * 10.0f) + 0.5f))))] + 1.0f);
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int  _i0 = 0; (_i0 <= 1); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= (((R - 1) / 8) + 1)); _i1 = (_i1 + 1))
    {
      for (int  _i2 = 0; (_i2 <= (((C - 1) / 8) + 1)); _i2 = (_i2 + 1))
      {
        #pragma ivdep
        for (int  _i3 = 2; (_i3 <= 13); _i3 = (_i3 + 1))
        {
          blurz[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i1 * ((((C - 1) / 8) + 2) * 16))) + (_i2 * 16)) + _i3)] = (((((grid[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i1 * ((((C - 1) / 8) + 2) * 16))) + (_i2 * 16)) + (_i3 - 2))] * 0.0625f) + (grid[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i1 * ((((C - 1) / 8) + 2) * 16))) + (_i2 * 16)) + (_i3 - 1))] * 0.25f)) + (grid[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i1 * ((((C - 1) / 8) + 2) * 16))) + (_i2 * 16)) + _i3)] * 0.375f)) + (grid[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i1 * ((((C - 1) / 8) + 2) * 16))) + (_i2 * 16)) + (_i3 + 1))] * 0.25f)) + (grid[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i1 * ((((C - 1) / 8) + 2) * 16))) + (_i2 * 16)) + (_i3 + 2))] * 0.0625f));
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int  _i0 = 0; (_i0 <= 1); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= (((R - 1) / 8) + 1)); _i1 = (_i1 + 1))
    {
      for (int  _i2 = 0; (_i2 <= (((C - 1) / 8) + 1)); _i2 = (_i2 + 1))
      {
        #pragma ivdep
        for (int  _i3 = 2; (_i3 <= 13); _i3 = (_i3 + 1))
        {
          blurx[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i1 * ((((C - 1) / 8) + 2) * 16))) + (_i2 * 16)) + _i3)] = (((((blurz[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (std::max((_i1 - 2), 0) * ((((C - 1) / 8) + 2) * 16))) + (_i2 * 16)) + _i3)] * 0.0625f) + (blurz[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (std::max((_i1 - 1), 0) * ((((C - 1) / 8) + 2) * 16))) + (_i2 * 16)) + _i3)] * 0.25f)) + (blurz[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i1 * ((((C - 1) / 8) + 2) * 16))) + (_i2 * 16)) + _i3)] * 0.375f)) + (blurz[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (std::min((_i1 + 1), ((((R - 1) / 8) + 2) - 1)) * ((((C - 1) / 8) + 2) * 16))) + (_i2 * 16)) + _i3)] * 0.25f)) + (blurz[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (std::min((_i1 + 2), ((((R - 1) / 8) + 2) - 1)) * ((((C - 1) / 8) + 2) * 16))) + (_i2 * 16)) + _i3)] * 0.0625f));
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int  _i0 = 0; (_i0 <= 1); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= (((R - 1) / 8) + 1)); _i1 = (_i1 + 1))
    {
      for (int  _i2 = 0; (_i2 <= (((C - 1) / 8) + 1)); _i2 = (_i2 + 1))
      {
        #pragma ivdep
        for (int  _i3 = 2; (_i3 <= 13); _i3 = (_i3 + 1))
        {
          blury[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i1 * ((((C - 1) / 8) + 2) * 16))) + (_i2 * 16)) + _i3)] = (((((blurx[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i1 * ((((C - 1) / 8) + 2) * 16))) + (isl_max((_i2 - 2), 0) * 16)) + _i3)] * 0.0625f) + (blurx[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i1 * ((((C - 1) / 8) + 2) * 16))) + (isl_max((_i2 - 1), 0) * 16)) + _i3)] * 0.25f)) + (blurx[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i1 * ((((C - 1) / 8) + 2) * 16))) + (_i2 * 16)) + _i3)] * 0.375f)) + (blurx[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i1 * ((((C - 1) / 8) + 2) * 16))) + (isl_min((_i2 + 1), ((((C - 1) / 8) + 2) - 1)) * 16)) + _i3)] * 0.25f)) + (blurx[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (_i1 * ((((C - 1) / 8) + 2) * 16))) + (isl_min((_i2 + 2), ((((C - 1) / 8) + 2) - 1)) * 16)) + _i3)] * 0.0625f));
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int  _i0 = 0; (_i0 <= 1); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
      {
        interpolated[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] = ((((((blury[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + ((_i1 / 8) * ((((C - 1) / 8) + 2) * 16))) + ((_i2 / 8) * 16)) + (2 + (int ) ((std::min(1.0f, std::max(0.0f, img[((_i1 * C) + _i2)])) * 10.0f))))] * (1.0f - ((float ) ((_i1 % 8)) * 0.125f))) + (blury[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (((_i1 / 8) + 1) * ((((C - 1) / 8) + 2) * 16))) + ((_i2 / 8) * 16)) + (2 + (int ) ((std::min(1.0f, std::max(0.0f, img[((_i1 * C) + _i2)])) * 10.0f))))] * ((float ) ((_i1 % 8)) * 0.125f))) * (1.0f - ((float ) ((_i2 % 8)) * 0.125f))) + (((blury[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + ((_i1 / 8) * ((((C - 1) / 8) + 2) * 16))) + (((_i2 / 8) + 1) * 16)) + (2 + (int ) ((std::min(1.0f, std::max(0.0f, img[((_i1 * C) + _i2)])) * 10.0f))))] * (1.0f - ((float ) ((_i1 % 8)) * 0.125f))) + (blury[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (((_i1 / 8) + 1) * ((((C - 1) / 8) + 2) * 16))) + (((_i2 / 8) + 1) * 16)) + (2 + (int ) ((std::min(1.0f, std::max(0.0f, img[((_i1 * C) + _i2)])) * 10.0f))))] * ((float ) ((_i1 % 8)) * 0.125f))) * ((float ) ((_i2 % 8)) * 0.125f))) * (1.0f - ((std::min(1.0f, std::max(0.0f, img[((_i1 * C) + _i2)])) * 10.0f) - (float ) ((int ) ((std::min(1.0f, std::max(0.0f, img[((_i1 * C) + _i2)])) * 10.0f)))))) + (((((blury[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + ((_i1 / 8) * ((((C - 1) / 8) + 2) * 16))) + ((_i2 / 8) * 16)) + ((2 + (int ) ((std::min(1.0f, std::max(0.0f, img[((_i1 * C) + _i2)])) * 10.0f))) + 1))] * (1.0f - ((float ) ((_i1 % 8)) * 0.125f))) + (blury[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (((_i1 / 8) + 1) * ((((C - 1) / 8) + 2) * 16))) + ((_i2 / 8) * 16)) + ((2 + (int ) ((std::min(1.0f, std::max(0.0f, img[((_i1 * C) + _i2)])) * 10.0f))) + 1))] * ((float ) ((_i1 % 8)) * 0.125f))) * (1.0f - ((float ) ((_i2 % 8)) * 0.125f))) + (((blury[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + ((_i1 / 8) * ((((C - 1) / 8) + 2) * 16))) + (((_i2 / 8) + 1) * 16)) + ((2 + (int ) ((std::min(1.0f, std::max(0.0f, img[((_i1 * C) + _i2)])) * 10.0f))) + 1))] * (1.0f - ((float ) ((_i1 % 8)) * 0.125f))) + (blury[((((_i0 * (((((R - 1) / 8) + 2) * (((C - 1) / 8) + 2)) * 16)) + (((_i1 / 8) + 1) * ((((C - 1) / 8) + 2) * 16))) + (((_i2 / 8) + 1) * 16)) + ((2 + (int ) ((std::min(1.0f, std::max(0.0f, img[((_i1 * C) + _i2)])) * 10.0f))) + 1))] * ((float ) ((_i1 % 8)) * 0.125f))) * ((float ) ((_i2 % 8)) * 0.125f))) * ((std::min(1.0f, std::max(0.0f, img[((_i1 * C) + _i2)])) * 10.0f) - (float ) ((int ) ((std::min(1.0f, std::max(0.0f, img[((_i1 * C) + _i2)])) * 10.0f))))));
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int  _i0 = 0; (_i0 <= (R - 1)); _i0 = (_i0 + 1))
  {
    #pragma ivdep
    for (int  _i1 = 0; (_i1 <= (C - 1)); _i1 = (_i1 + 1))
    {
      out[((_i0 * C) + _i1)] = (interpolated[((_i0 * C) + _i1)] / interpolated[(((1 * (R * C)) + (_i0 * C)) + _i1)]);
    }
  }
  free(grid);
  free(blurz);
  free(blurx);
  free(blury);
  free(interpolated);
}
