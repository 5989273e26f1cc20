/* pyramid_blending written in the style PolyMage generates (naive C++: int
 * counters _i0.._i2, inclusive bounds, hand-linearized fully parenthesized
 * subscripts, isl_min/isl_max/isl_floord and std::min/std::max, the up-sampling
 * stages defined over the fine domain with even/odd cases on (_i % 2) and
 * coarse indices (_i / 2), isl_floord(_i, 2), ((_i + 1) / 2)).  Same algorithm,
 * same 40 stages and the same float operations in the same order as
 * ../pyramid_blending.c, so its output equals the naive one's bit for bit.
 */
#include <cstdlib>
#include <cmath>
#include <algorithm>
#define isl_min(x,y) ((x) < (y) ? (x) : (y))
#define isl_max(x,y) ((x) > (y) ? (x) : (y))
#define isl_floord(n,d) (((n)<0) ? -((-(n)+(d)-1)/(d)) : (n)/(d))

extern "C" void pipeline_pyramid_blending(int R, int C, void * img1_void_arg, void * img2_void_arg, void * mask_void_arg, void * blended_void_arg)
{
  float * a0;
  a0 = (float *) (img1_void_arg);
  float * b0;
  b0 = (float *) (img2_void_arg);
  float * m0;
  m0 = (float *) (mask_void_arg);
  float * out;
  out = (float *) (blended_void_arg);
  float * a_dx1;
  a_dx1 = (float *) (malloc((sizeof(float ) * ((3 * (R / 2)) * C))));
  float * a1;
  a1 = (float *) (malloc((sizeof(float ) * ((3 * (R / 2)) * (C / 2)))));
  float * a_dx2;
  a_dx2 = (float *) (malloc((sizeof(float ) * ((3 * (R / 4)) * (C / 2)))));
  float * a2;
  a2 = (float *) (malloc((sizeof(float ) * ((3 * (R / 4)) * (C / 4)))));
  float * a_dx3;
  a_dx3 = (float *) (malloc((sizeof(float ) * ((3 * (R / 8)) * (C / 4)))));
  float * a3;
  a3 = (float *) (malloc((sizeof(float ) * ((3 * (R / 8)) * (C / 8)))));
  float * b_dx1;
  b_dx1 = (float *) (malloc((sizeof(float ) * ((3 * (R / 2)) * C))));
  float * b1;
  b1 = (float *) (malloc((sizeof(float ) * ((3 * (R / 2)) * (C / 2)))));
  float * b_dx2;
  b_dx2 = (float *) (malloc((sizeof(float ) * ((3 * (R / 4)) * (C / 2)))));
  float * b2;
  b2 = (float *) (malloc((sizeof(float ) * ((3 * (R / 4)) * (C / 4)))));
  float * b_dx3;
  b_dx3 = (float *) (malloc((sizeof(float ) * ((3 * (R / 8)) * (C / 4)))));
  float * b3;
  b3 = (float *) (malloc((sizeof(float ) * ((3 * (R / 8)) * (C / 8)))));
  float * m_dx1;
  m_dx1 = (float *) (malloc((sizeof(float ) * ((R / 2) * C))));
  float * m1;
  m1 = (float *) (malloc((sizeof(float ) * ((R / 2) * (C / 2)))));
  float * m_dx2;
  m_dx2 = (float *) (malloc((sizeof(float ) * ((R / 4) * (C / 2)))));
  float * m2;
  m2 = (float *) (malloc((sizeof(float ) * ((R / 4) * (C / 4)))));
  float * m_dx3;
  m_dx3 = (float *) (malloc((sizeof(float ) * ((R / 8) * (C / 4)))));
  float * m3;
  m3 = (float *) (malloc((sizeof(float ) * ((R / 8) * (C / 8)))));
  float * a_ux0;
  a_ux0 = (float *) (malloc((sizeof(float ) * ((3 * R) * (C / 2)))));
  float * a_lap0;
  a_lap0 = (float *) (malloc((sizeof(float ) * ((3 * R) * C))));
  float * a_ux1;
  a_ux1 = (float *) (malloc((sizeof(float ) * ((3 * (R / 2)) * (C / 4)))));
  float * a_lap1;
  a_lap1 = (float *) (malloc((sizeof(float ) * ((3 * (R / 2)) * (C / 2)))));
  float * a_ux2;
  a_ux2 = (float *) (malloc((sizeof(float ) * ((3 * (R / 4)) * (C / 8)))));
  float * a_lap2;
  a_lap2 = (float *) (malloc((sizeof(float ) * ((3 * (R / 4)) * (C / 4)))));
  float * b_ux0;
  b_ux0 = (float *) (malloc((sizeof(float ) * ((3 * R) * (C / 2)))));
  float * b_lap0;
  b_lap0 = (float *) (malloc((sizeof(float ) * ((3 * R) * C))));
  float * b_ux1;
  b_ux1 = (float *) (malloc((sizeof(float ) * ((3 * (R / 2)) * (C / 4)))));
  float * b_lap1;
  b_lap1 = (float *) (malloc((sizeof(float ) * ((3 * (R / 2)) * (C / 2)))));
  float * b_ux2;
  b_ux2 = (float *) (malloc((sizeof(float ) * ((3 * (R / 4)) * (C / 8)))));
  float * b_lap2;
  b_lap2 = (float *) (malloc((sizeof(float ) * ((3 * (R / 4)) * (C / 4)))));
  float * blend0;
  blend0 = (float *) (malloc((sizeof(float ) * ((3 * R) * C))));
  float * blend1;
  blend1 = (float *) (malloc((sizeof(float ) * ((3 * (R / 2)) * (C / 2)))));
  float * blend2;
  blend2 = (float *) (malloc((sizeof(float ) * ((3 * (R / 4)) * (C / 4)))));
  float * blend3;
  blend3 = (float *) (malloc((sizeof(float ) * ((3 * (R / 8)) * (C / 8)))));
  float * col_ux2;
  col_ux2 = (float *) (malloc((sizeof(float ) * ((3 * (R / 4)) * (C / 8)))));
  float * col2;
  col2 = (float *) (malloc((sizeof(float ) * ((3 * (R / 4)) * (C / 4)))));
  float * col_ux1;
  col_ux1 = (float *) (malloc((sizeof(float ) * ((3 * (R / 2)) * (C / 4)))));
  float * col1;
  col1 = (float *) (malloc((sizeof(float ) * ((3 * (R / 2)) * (C / 2)))));
  float * col_ux0;
  col_ux0 = (float *) (malloc((sizeof(float ) * ((3 * R) * (C / 2)))));
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 2) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
      {
        a_dx1[(((_i0 * ((R / 2) * C)) + (_i1 * C)) + _i2)] = (((((a0[(((_i0 * (R * C)) + (isl_max(((2 * _i1) - 2), 0) * C)) + _i2)] * 0.0625f) + (a0[(((_i0 * (R * C)) + (isl_max(((2 * _i1) - 1), 0) * C)) + _i2)] * 0.25f)) + (a0[(((_i0 * (R * C)) + ((2 * _i1) * C)) + _i2)] * 0.375f)) + (a0[(((_i0 * (R * C)) + (isl_min(((2 * _i1) + 1), (R - 1)) * C)) + _i2)] * 0.25f)) + (a0[(((_i0 * (R * C)) + (isl_min(((2 * _i1) + 2), (R - 1)) * C)) + _i2)] * 0.0625f));
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 2) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 1))
      {
        a1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] = (((((a_dx1[(((_i0 * ((R / 2) * C)) + (_i1 * C)) + isl_max(((2 * _i2) - 2), 0))] * 0.0625f) + (a_dx1[(((_i0 * ((R / 2) * C)) + (_i1 * C)) + isl_max(((2 * _i2) - 1), 0))] * 0.25f)) + (a_dx1[(((_i0 * ((R / 2) * C)) + (_i1 * C)) + (2 * _i2))] * 0.375f)) + (a_dx1[(((_i0 * ((R / 2) * C)) + (_i1 * C)) + isl_min(((2 * _i2) + 1), (C - 1)))] * 0.25f)) + (a_dx1[(((_i0 * ((R / 2) * C)) + (_i1 * C)) + isl_min(((2 * _i2) + 2), (C - 1)))] * 0.0625f));
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 4) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 1))
      {
        a_dx2[(((_i0 * ((R / 4) * (C / 2))) + (_i1 * (C / 2))) + _i2)] = (((((a1[(((_i0 * ((R / 2) * (C / 2))) + (isl_max(((2 * _i1) - 2), 0) * (C / 2))) + _i2)] * 0.0625f) + (a1[(((_i0 * ((R / 2) * (C / 2))) + (isl_max(((2 * _i1) - 1), 0) * (C / 2))) + _i2)] * 0.25f)) + (a1[(((_i0 * ((R / 2) * (C / 2))) + ((2 * _i1) * (C / 2))) + _i2)] * 0.375f)) + (a1[(((_i0 * ((R / 2) * (C / 2))) + (isl_min(((2 * _i1) + 1), ((R / 2) - 1)) * (C / 2))) + _i2)] * 0.25f)) + (a1[(((_i0 * ((R / 2) * (C / 2))) + (isl_min(((2 * _i1) + 2), ((R / 2) - 1)) * (C / 2))) + _i2)] * 0.0625f));
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 4) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 4) - 1)); _i2 = (_i2 + 1))
      {
        a2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = (((((a_dx2[(((_i0 * ((R / 4) * (C / 2))) + (_i1 * (C / 2))) + isl_max(((2 * _i2) - 2), 0))] * 0.0625f) + (a_dx2[(((_i0 * ((R / 4) * (C / 2))) + (_i1 * (C / 2))) + isl_max(((2 * _i2) - 1), 0))] * 0.25f)) + (a_dx2[(((_i0 * ((R / 4) * (C / 2))) + (_i1 * (C / 2))) + (2 * _i2))] * 0.375f)) + (a_dx2[(((_i0 * ((R / 4) * (C / 2))) + (_i1 * (C / 2))) + isl_min(((2 * _i2) + 1), ((C / 2) - 1)))] * 0.25f)) + (a_dx2[(((_i0 * ((R / 4) * (C / 2))) + (_i1 * (C / 2))) + isl_min(((2 * _i2) + 2), ((C / 2) - 1)))] * 0.0625f));
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 8) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 4) - 1)); _i2 = (_i2 + 1))
      {
        a_dx3[(((_i0 * ((R / 8) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = (((((a2[(((_i0 * ((R / 4) * (C / 4))) + (isl_max(((2 * _i1) - 2), 0) * (C / 4))) + _i2)] * 0.0625f) + (a2[(((_i0 * ((R / 4) * (C / 4))) + (isl_max(((2 * _i1) - 1), 0) * (C / 4))) + _i2)] * 0.25f)) + (a2[(((_i0 * ((R / 4) * (C / 4))) + ((2 * _i1) * (C / 4))) + _i2)] * 0.375f)) + (a2[(((_i0 * ((R / 4) * (C / 4))) + (isl_min(((2 * _i1) + 1), ((R / 4) - 1)) * (C / 4))) + _i2)] * 0.25f)) + (a2[(((_i0 * ((R / 4) * (C / 4))) + (isl_min(((2 * _i1) + 2), ((R / 4) - 1)) * (C / 4))) + _i2)] * 0.0625f));
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 8) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 8) - 1)); _i2 = (_i2 + 1))
      {
        a3[(((_i0 * ((R / 8) * (C / 8))) + (_i1 * (C / 8))) + _i2)] = (((((a_dx3[(((_i0 * ((R / 8) * (C / 4))) + (_i1 * (C / 4))) + isl_max(((2 * _i2) - 2), 0))] * 0.0625f) + (a_dx3[(((_i0 * ((R / 8) * (C / 4))) + (_i1 * (C / 4))) + isl_max(((2 * _i2) - 1), 0))] * 0.25f)) + (a_dx3[(((_i0 * ((R / 8) * (C / 4))) + (_i1 * (C / 4))) + (2 * _i2))] * 0.375f)) + (a_dx3[(((_i0 * ((R / 8) * (C / 4))) + (_i1 * (C / 4))) + isl_min(((2 * _i2) + 1), ((C / 4) - 1)))] * 0.25f)) + (a_dx3[(((_i0 * ((R / 8) * (C / 4))) + (_i1 * (C / 4))) + isl_min(((2 * _i2) + 2), ((C / 4) - 1)))] * 0.0625f));
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 2) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
      {
        b_dx1[(((_i0 * ((R / 2) * C)) + (_i1 * C)) + _i2)] = (((((b0[(((_i0 * (R * C)) + (std::max(((2 * _i1) - 2), 0) * C)) + _i2)] * 0.0625f) + (b0[(((_i0 * (R * C)) + (std::max(((2 * _i1) - 1), 0) * C)) + _i2)] * 0.25f)) + (b0[(((_i0 * (R * C)) + ((2 * _i1) * C)) + _i2)] * 0.375f)) + (b0[(((_i0 * (R * C)) + (std::min(((2 * _i1) + 1), (R - 1)) * C)) + _i2)] * 0.25f)) + (b0[(((_i0 * (R * C)) + (std::min(((2 * _i1) + 2), (R - 1)) * C)) + _i2)] * 0.0625f));
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 2) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 1))
      {
        b1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] = (((((b_dx1[(((_i0 * ((R / 2) * C)) + (_i1 * C)) + std::max(((2 * _i2) - 2), 0))] * 0.0625f) + (b_dx1[(((_i0 * ((R / 2) * C)) + (_i1 * C)) + std::max(((2 * _i2) - 1), 0))] * 0.25f)) + (b_dx1[(((_i0 * ((R / 2) * C)) + (_i1 * C)) + (2 * _i2))] * 0.375f)) + (b_dx1[(((_i0 * ((R / 2) * C)) + (_i1 * C)) + std::min(((2 * _i2) + 1), (C - 1)))] * 0.25f)) + (b_dx1[(((_i0 * ((R / 2) * C)) + (_i1 * C)) + std::min(((2 * _i2) + 2), (C - 1)))] * 0.0625f));
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 4) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 1))
      {
        b_dx2[(((_i0 * ((R / 4) * (C / 2))) + (_i1 * (C / 2))) + _i2)] = (((((b1[(((_i0 * ((R / 2) * (C / 2))) + (std::max(((2 * _i1) - 2), 0) * (C / 2))) + _i2)] * 0.0625f) + (b1[(((_i0 * ((R / 2) * (C / 2))) + (std::max(((2 * _i1) - 1), 0) * (C / 2))) + _i2)] * 0.25f)) + (b1[(((_i0 * ((R / 2) * (C / 2))) + ((2 * _i1) * (C / 2))) + _i2)] * 0.375f)) + (b1[(((_i0 * ((R / 2) * (C / 2))) + (std::min(((2 * _i1) + 1), ((R / 2) - 1)) * (C / 2))) + _i2)] * 0.25f)) + (b1[(((_i0 * ((R / 2) * (C / 2))) + (std::min(((2 * _i1) + 2), ((R / 2) - 1)) * (C / 2))) + _i2)] * 0.0625f));
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 4) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 4) - 1)); _i2 = (_i2 + 1))
      {
        b2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = (((((b_dx2[(((_i0 * ((R / 4) * (C / 2))) + (_i1 * (C / 2))) + std::max(((2 * _i2) - 2), 0))] * 0.0625f) + (b_dx2[(((_i0 * ((R / 4) * (C / 2))) + (_i1 * (C / 2))) + std::max(((2 * _i2) - 1), 0))] * 0.25f)) + (b_dx2[(((_i0 * ((R / 4) * (C / 2))) + (_i1 * (C / 2))) + (2 * _i2))] * 0.375f)) + (b_dx2[(((_i0 * ((R / 4) * (C / 2))) + (_i1 * (C / 2))) + std::min(((2 * _i2) + 1), ((C / 2) - 1)))] * 0.25f)) + (b_dx2[(((_i0 * ((R / 4) * (C / 2))) + (_i1 * (C / 2))) + std::min(((2 * _i2) + 2), ((C / 2) - 1)))] * 0.0625f));
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 8) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 4) - 1)); _i2 = (_i2 + 1))
      {
        b_dx3[(((_i0 * ((R / 8) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = (((((b2[(((_i0 * ((R / 4) * (C / 4))) + (std::max(((2 * _i1) - 2), 0) * (C / 4))) + _i2)] * 0.0625f) + (b2[(((_i0 * ((R / 4) * (C / 4))) + (std::max(((2 * _i1) - 1), 0) * (C / 4))) + _i2)] * 0.25f)) + (b2[(((_i0 * ((R / 4) * (C / 4))) + ((2 * _i1) * (C / 4))) + _i2)] * 0.375f)) + (b2[(((_i0 * ((R / 4) * (C / 4))) + (std::min(((2 * _i1) + 1), ((R / 4) - 1)) * (C / 4))) + _i2)] * 0.25f)) + (b2[(((_i0 * ((R / 4) * (C / 4))) + (std::min(((2 * _i1) + 2), ((R / 4) - 1)) * (C / 4))) + _i2)] * 0.0625f));
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 8) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 8) - 1)); _i2 = (_i2 + 1))
      {
        b3[(((_i0 * ((R / 8) * (C / 8))) + (_i1 * (C / 8))) + _i2)] = (((((b_dx3[(((_i0 * ((R / 8) * (C / 4))) + (_i1 * (C / 4))) + std::max(((2 * _i2) - 2), 0))] * 0.0625f) + (b_dx3[(((_i0 * ((R / 8) * (C / 4))) + (_i1 * (C / 4))) + std::max(((2 * _i2) - 1), 0))] * 0.25f)) + (b_dx3[(((_i0 * ((R / 8) * (C / 4))) + (_i1 * (C / 4))) + (2 * _i2))] * 0.375f)) + (b_dx3[(((_i0 * ((R / 8) * (C / 4))) + (_i1 * (C / 4))) + std::min(((2 * _i2) + 1), ((C / 4) - 1)))] * 0.25f)) + (b_dx3[(((_i0 * ((R / 8) * (C / 4))) + (_i1 * (C / 4))) + std::min(((2 * _i2) + 2), ((C / 4) - 1)))] * 0.0625f));
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= ((R / 2) - 1)); _i0 = (_i0 + 1))
  {
    #pragma ivdep
    for (int _i1 = 0; (_i1 <= (C - 1)); _i1 = (_i1 + 1))
    {
      m_dx1[((_i0 * C) + _i1)] = (((((m0[((isl_max(((2 * _i0) - 2), 0) * C) + _i1)] * 0.0625f) + (m0[((isl_max(((2 * _i0) - 1), 0) * C) + _i1)] * 0.25f)) + (m0[(((2 * _i0) * C) + _i1)] * 0.375f)) + (m0[((isl_min(((2 * _i0) + 1), (R - 1)) * C) + _i1)] * 0.25f)) + (m0[((isl_min(((2 * _i0) + 2), (R - 1)) * C) + _i1)] * 0.0625f));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= ((R / 2) - 1)); _i0 = (_i0 + 1))
  {
    #pragma ivdep
    for (int _i1 = 0; (_i1 <= ((C / 2) - 1)); _i1 = (_i1 + 1))
    {
      m1[((_i0 * (C / 2)) + _i1)] = (((((m_dx1[((_i0 * C) + isl_max(((2 * _i1) - 2), 0))] * 0.0625f) + (m_dx1[((_i0 * C) + isl_max(((2 * _i1) - 1), 0))] * 0.25f)) + (m_dx1[((_i0 * C) + (2 * _i1))] * 0.375f)) + (m_dx1[((_i0 * C) + isl_min(((2 * _i1) + 1), (C - 1)))] * 0.25f)) + (m_dx1[((_i0 * C) + isl_min(((2 * _i1) + 2), (C - 1)))] * 0.0625f));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= ((R / 4) - 1)); _i0 = (_i0 + 1))
  {
    #pragma ivdep
    for (int _i1 = 0; (_i1 <= ((C / 2) - 1)); _i1 = (_i1 + 1))
    {
      m_dx2[((_i0 * (C / 2)) + _i1)] = (((((m1[((isl_max(((2 * _i0) - 2), 0) * (C / 2)) + _i1)] * 0.0625f) + (m1[((isl_max(((2 * _i0) - 1), 0) * (C / 2)) + _i1)] * 0.25f)) + (m1[(((2 * _i0) * (C / 2)) + _i1)] * 0.375f)) + (m1[((isl_min(((2 * _i0) + 1), ((R / 2) - 1)) * (C / 2)) + _i1)] * 0.25f)) + (m1[((isl_min(((2 * _i0) + 2), ((R / 2) - 1)) * (C / 2)) + _i1)] * 0.0625f));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= ((R / 4) - 1)); _i0 = (_i0 + 1))
  {
    #pragma ivdep
    for (int _i1 = 0; (_i1 <= ((C / 4) - 1)); _i1 = (_i1 + 1))
    {
      m2[((_i0 * (C / 4)) + _i1)] = (((((m_dx2[((_i0 * (C / 2)) + isl_max(((2 * _i1) - 2), 0))] * 0.0625f) + (m_dx2[((_i0 * (C / 2)) + isl_max(((2 * _i1) - 1), 0))] * 0.25f)) + (m_dx2[((_i0 * (C / 2)) + (2 * _i1))] * 0.375f)) + (m_dx2[((_i0 * (C / 2)) + isl_min(((2 * _i1) + 1), ((C / 2) - 1)))] * 0.25f)) + (m_dx2[((_i0 * (C / 2)) + isl_min(((2 * _i1) + 2), ((C / 2) - 1)))] * 0.0625f));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= ((R / 8) - 1)); _i0 = (_i0 + 1))
  {
    #pragma ivdep
    for (int _i1 = 0; (_i1 <= ((C / 4) - 1)); _i1 = (_i1 + 1))
    {
      m_dx3[((_i0 * (C / 4)) + _i1)] = (((((m2[((isl_max(((2 * _i0) - 2), 0) * (C / 4)) + _i1)] * 0.0625f) + (m2[((isl_max(((2 * _i0) - 1), 0) * (C / 4)) + _i1)] * 0.25f)) + (m2[(((2 * _i0) * (C / 4)) + _i1)] * 0.375f)) + (m2[((isl_min(((2 * _i0) + 1), ((R / 4) - 1)) * (C / 4)) + _i1)] * 0.25f)) + (m2[((isl_min(((2 * _i0) + 2), ((R / 4) - 1)) * (C / 4)) + _i1)] * 0.0625f));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= ((R / 8) - 1)); _i0 = (_i0 + 1))
  {
    #pragma ivdep
    for (int _i1 = 0; (_i1 <= ((C / 8) - 1)); _i1 = (_i1 + 1))
    {
      m3[((_i0 * (C / 8)) + _i1)] = (((((m_dx3[((_i0 * (C / 4)) + isl_max(((2 * _i1) - 2), 0))] * 0.0625f) + (m_dx3[((_i0 * (C / 4)) + isl_max(((2 * _i1) - 1), 0))] * 0.25f)) + (m_dx3[((_i0 * (C / 4)) + (2 * _i1))] * 0.375f)) + (m_dx3[((_i0 * (C / 4)) + isl_min(((2 * _i1) + 1), ((C / 4) - 1)))] * 0.25f)) + (m_dx3[((_i0 * (C / 4)) + isl_min(((2 * _i1) + 2), ((C / 4) - 1)))] * 0.0625f));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 1))
      {
        if (((_i1 % 2) == 0))
        {
          a_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + _i2)] = (((a1[(((_i0 * ((R / 2) * (C / 2))) + (std::max(((_i1 / 2) - 1), 0) * (C / 2))) + _i2)] + (a1[(((_i0 * ((R / 2) * (C / 2))) + ((_i1 / 2) * (C / 2))) + _i2)] * 6.0f)) + a1[(((_i0 * ((R / 2) * (C / 2))) + (std::min(((_i1 / 2) + 1), ((R / 2) - 1)) * (C / 2))) + _i2)]) * 0.125f);
        }
        if (((_i1 % 2) == 1))
        {
          a_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + _i2)] = ((a1[(((_i0 * ((R / 2) * (C / 2))) + (isl_floord(_i1, 2) * (C / 2))) + _i2)] + a1[(((_i0 * ((R / 2) * (C / 2))) + (std::min(((_i1 + 1) / 2), ((R / 2) - 1)) * (C / 2))) + _i2)]) * 0.5f);
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
      {
        if (((_i2 % 2) == 0))
        {
          a_lap0[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] = (a0[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] - (((a_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + std::max(((_i2 / 2) - 1), 0))] + (a_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + (_i2 / 2))] * 6.0f)) + a_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + std::min(((_i2 / 2) + 1), ((C / 2) - 1)))]) * 0.125f));
        }
        if (((_i2 % 2) == 1))
        {
          a_lap0[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] = (a0[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] - ((a_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + isl_floord(_i2, 2))] + a_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + std::min(((_i2 + 1) / 2), ((C / 2) - 1)))]) * 0.5f));
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 2) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 4) - 1)); _i2 = (_i2 + 1))
      {
        if (((_i1 % 2) == 0))
        {
          a_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = (((a2[(((_i0 * ((R / 4) * (C / 4))) + (std::max(((_i1 / 2) - 1), 0) * (C / 4))) + _i2)] + (a2[(((_i0 * ((R / 4) * (C / 4))) + ((_i1 / 2) * (C / 4))) + _i2)] * 6.0f)) + a2[(((_i0 * ((R / 4) * (C / 4))) + (std::min(((_i1 / 2) + 1), ((R / 4) - 1)) * (C / 4))) + _i2)]) * 0.125f);
        }
        if (((_i1 % 2) == 1))
        {
          a_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = ((a2[(((_i0 * ((R / 4) * (C / 4))) + (isl_floord(_i1, 2) * (C / 4))) + _i2)] + a2[(((_i0 * ((R / 4) * (C / 4))) + (std::min(((_i1 + 1) / 2), ((R / 4) - 1)) * (C / 4))) + _i2)]) * 0.5f);
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 2) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 1))
      {
        if (((_i2 % 2) == 0))
        {
          a_lap1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] = (a1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] - (((a_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + std::max(((_i2 / 2) - 1), 0))] + (a_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + (_i2 / 2))] * 6.0f)) + a_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + std::min(((_i2 / 2) + 1), ((C / 4) - 1)))]) * 0.125f));
        }
        if (((_i2 % 2) == 1))
        {
          a_lap1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] = (a1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] - ((a_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + isl_floord(_i2, 2))] + a_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + std::min(((_i2 + 1) / 2), ((C / 4) - 1)))]) * 0.5f));
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 4) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 8) - 1)); _i2 = (_i2 + 1))
      {
        if (((_i1 % 2) == 0))
        {
          a_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + _i2)] = (((a3[(((_i0 * ((R / 8) * (C / 8))) + (std::max(((_i1 / 2) - 1), 0) * (C / 8))) + _i2)] + (a3[(((_i0 * ((R / 8) * (C / 8))) + ((_i1 / 2) * (C / 8))) + _i2)] * 6.0f)) + a3[(((_i0 * ((R / 8) * (C / 8))) + (std::min(((_i1 / 2) + 1), ((R / 8) - 1)) * (C / 8))) + _i2)]) * 0.125f);
        }
        if (((_i1 % 2) == 1))
        {
          a_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + _i2)] = ((a3[(((_i0 * ((R / 8) * (C / 8))) + (isl_floord(_i1, 2) * (C / 8))) + _i2)] + a3[(((_i0 * ((R / 8) * (C / 8))) + (std::min(((_i1 + 1) / 2), ((R / 8) - 1)) * (C / 8))) + _i2)]) * 0.5f);
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 4) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 4) - 1)); _i2 = (_i2 + 1))
      {
        if (((_i2 % 2) == 0))
        {
          a_lap2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = (a2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] - (((a_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + std::max(((_i2 / 2) - 1), 0))] + (a_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + (_i2 / 2))] * 6.0f)) + a_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + std::min(((_i2 / 2) + 1), ((C / 8) - 1)))]) * 0.125f));
        }
        if (((_i2 % 2) == 1))
        {
          a_lap2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = (a2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] - ((a_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + isl_floord(_i2, 2))] + a_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + std::min(((_i2 + 1) / 2), ((C / 8) - 1)))]) * 0.5f));
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 1))
      {
        if (((_i1 % 2) == 0))
        {
          b_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + _i2)] = (((b1[(((_i0 * ((R / 2) * (C / 2))) + (isl_max(((_i1 / 2) - 1), 0) * (C / 2))) + _i2)] + (b1[(((_i0 * ((R / 2) * (C / 2))) + ((_i1 / 2) * (C / 2))) + _i2)] * 6.0f)) + b1[(((_i0 * ((R / 2) * (C / 2))) + (isl_min(((_i1 / 2) + 1), ((R / 2) - 1)) * (C / 2))) + _i2)]) * 0.125f);
        }
        if (((_i1 % 2) == 1))
        {
          b_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + _i2)] = ((b1[(((_i0 * ((R / 2) * (C / 2))) + (isl_floord(_i1, 2) * (C / 2))) + _i2)] + b1[(((_i0 * ((R / 2) * (C / 2))) + (isl_min(((_i1 + 1) / 2), ((R / 2) - 1)) * (C / 2))) + _i2)]) * 0.5f);
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
      {
        if (((_i2 % 2) == 0))
        {
          b_lap0[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] = (b0[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] - (((b_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + isl_max(((_i2 / 2) - 1), 0))] + (b_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + (_i2 / 2))] * 6.0f)) + b_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + isl_min(((_i2 / 2) + 1), ((C / 2) - 1)))]) * 0.125f));
        }
        if (((_i2 % 2) == 1))
        {
          b_lap0[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] = (b0[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] - ((b_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + isl_floord(_i2, 2))] + b_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + isl_min(((_i2 + 1) / 2), ((C / 2) - 1)))]) * 0.5f));
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 2) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 4) - 1)); _i2 = (_i2 + 1))
      {
        if (((_i1 % 2) == 0))
        {
          b_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = (((b2[(((_i0 * ((R / 4) * (C / 4))) + (isl_max(((_i1 / 2) - 1), 0) * (C / 4))) + _i2)] + (b2[(((_i0 * ((R / 4) * (C / 4))) + ((_i1 / 2) * (C / 4))) + _i2)] * 6.0f)) + b2[(((_i0 * ((R / 4) * (C / 4))) + (isl_min(((_i1 / 2) + 1), ((R / 4) - 1)) * (C / 4))) + _i2)]) * 0.125f);
        }
        if (((_i1 % 2) == 1))
        {
          b_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = ((b2[(((_i0 * ((R / 4) * (C / 4))) + (isl_floord(_i1, 2) * (C / 4))) + _i2)] + b2[(((_i0 * ((R / 4) * (C / 4))) + (isl_min(((_i1 + 1) / 2), ((R / 4) - 1)) * (C / 4))) + _i2)]) * 0.5f);
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 2) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 1))
      {
        if (((_i2 % 2) == 0))
        {
          b_lap1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] = (b1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] - (((b_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + isl_max(((_i2 / 2) - 1), 0))] + (b_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + (_i2 / 2))] * 6.0f)) + b_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + isl_min(((_i2 / 2) + 1), ((C / 4) - 1)))]) * 0.125f));
        }
        if (((_i2 % 2) == 1))
        {
          b_lap1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] = (b1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] - ((b_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + isl_floord(_i2, 2))] + b_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + isl_min(((_i2 + 1) / 2), ((C / 4) - 1)))]) * 0.5f));
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 4) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 8) - 1)); _i2 = (_i2 + 1))
      {
        if (((_i1 % 2) == 0))
        {
          b_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + _i2)] = (((b3[(((_i0 * ((R / 8) * (C / 8))) + (isl_max(((_i1 / 2) - 1), 0) * (C / 8))) + _i2)] + (b3[(((_i0 * ((R / 8) * (C / 8))) + ((_i1 / 2) * (C / 8))) + _i2)] * 6.0f)) + b3[(((_i0 * ((R / 8) * (C / 8))) + (isl_min(((_i1 / 2) + 1), ((R / 8) - 1)) * (C / 8))) + _i2)]) * 0.125f);
        }
        if (((_i1 % 2) == 1))
        {
          b_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + _i2)] = ((b3[(((_i0 * ((R / 8) * (C / 8))) + (isl_floord(_i1, 2) * (C / 8))) + _i2)] + b3[(((_i0 * ((R / 8) * (C / 8))) + (isl_min(((_i1 + 1) / 2), ((R / 8) - 1)) * (C / 8))) + _i2)]) * 0.5f);
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 4) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 4) - 1)); _i2 = (_i2 + 1))
      {
        if (((_i2 % 2) == 0))
        {
          b_lap2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = (b2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] - (((b_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + isl_max(((_i2 / 2) - 1), 0))] + (b_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + (_i2 / 2))] * 6.0f)) + b_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + isl_min(((_i2 / 2) + 1), ((C / 8) - 1)))]) * 0.125f));
        }
        if (((_i2 % 2) == 1))
        {
          b_lap2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = (b2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] - ((b_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + isl_floord(_i2, 2))] + b_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + isl_min(((_i2 + 1) / 2), ((C / 8) - 1)))]) * 0.5f));
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
      {
        blend0[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] = ((a_lap0[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] * m0[((_i1 * C) + _i2)]) + (b_lap0[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] * (1.0f - m0[((_i1 * C) + _i2)])));
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 2) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 1))
      {
        blend1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] = ((a_lap1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] * m1[((_i1 * (C / 2)) + _i2)]) + (b_lap1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] * (1.0f - m1[((_i1 * (C / 2)) + _i2)])));
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 4) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 4) - 1)); _i2 = (_i2 + 1))
      {
        blend2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = ((a_lap2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] * m2[((_i1 * (C / 4)) + _i2)]) + (b_lap2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] * (1.0f - m2[((_i1 * (C / 4)) + _i2)])));
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 8) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 8) - 1)); _i2 = (_i2 + 1))
      {
        blend3[(((_i0 * ((R / 8) * (C / 8))) + (_i1 * (C / 8))) + _i2)] = ((a3[(((_i0 * ((R / 8) * (C / 8))) + (_i1 * (C / 8))) + _i2)] * m3[((_i1 * (C / 8)) + _i2)]) + (b3[(((_i0 * ((R / 8) * (C / 8))) + (_i1 * (C / 8))) + _i2)] * (1.0f - m3[((_i1 * (C / 8)) + _i2)])));
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 4) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 8) - 1)); _i2 = (_i2 + 1))
      {
        if (((_i1 % 2) == 0))
        {
          col_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + _i2)] = (((blend3[(((_i0 * ((R / 8) * (C / 8))) + (isl_max(((_i1 / 2) - 1), 0) * (C / 8))) + _i2)] + (blend3[(((_i0 * ((R / 8) * (C / 8))) + ((_i1 / 2) * (C / 8))) + _i2)] * 6.0f)) + blend3[(((_i0 * ((R / 8) * (C / 8))) + (isl_min(((_i1 / 2) + 1), ((R / 8) - 1)) * (C / 8))) + _i2)]) * 0.125f);
        }
        if (((_i1 % 2) == 1))
        {
          col_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + _i2)] = ((blend3[(((_i0 * ((R / 8) * (C / 8))) + (isl_floord(_i1, 2) * (C / 8))) + _i2)] + blend3[(((_i0 * ((R / 8) * (C / 8))) + (isl_min(((_i1 + 1) / 2), ((R / 8) - 1)) * (C / 8))) + _i2)]) * 0.5f);
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 4) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 4) - 1)); _i2 = (_i2 + 1))
      {
        if (((_i2 % 2) == 0))
        {
          col2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = (blend2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] + (((col_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + isl_max(((_i2 / 2) - 1), 0))] + (col_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + (_i2 / 2))] * 6.0f)) + col_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + isl_min(((_i2 / 2) + 1), ((C / 8) - 1)))]) * 0.125f));
        }
        if (((_i2 % 2) == 1))
        {
          col2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = (blend2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] + ((col_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + isl_floord(_i2, 2))] + col_ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + isl_min(((_i2 + 1) / 2), ((C / 8) - 1)))]) * 0.5f));
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 2) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 4) - 1)); _i2 = (_i2 + 1))
      {
        if (((_i1 % 2) == 0))
        {
          col_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = (((col2[(((_i0 * ((R / 4) * (C / 4))) + (std::max(((_i1 / 2) - 1), 0) * (C / 4))) + _i2)] + (col2[(((_i0 * ((R / 4) * (C / 4))) + ((_i1 / 2) * (C / 4))) + _i2)] * 6.0f)) + col2[(((_i0 * ((R / 4) * (C / 4))) + (std::min(((_i1 / 2) + 1), ((R / 4) - 1)) * (C / 4))) + _i2)]) * 0.125f);
        }
        if (((_i1 % 2) == 1))
        {
          col_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = ((col2[(((_i0 * ((R / 4) * (C / 4))) + (isl_floord(_i1, 2) * (C / 4))) + _i2)] + col2[(((_i0 * ((R / 4) * (C / 4))) + (std::min(((_i1 + 1) / 2), ((R / 4) - 1)) * (C / 4))) + _i2)]) * 0.5f);
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= ((R / 2) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 1))
      {
        if (((_i2 % 2) == 0))
        {
          col1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] = (blend1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] + (((col_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + std::max(((_i2 / 2) - 1), 0))] + (col_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + (_i2 / 2))] * 6.0f)) + col_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + std::min(((_i2 / 2) + 1), ((C / 4) - 1)))]) * 0.125f));
        }
        if (((_i2 % 2) == 1))
        {
          col1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] = (blend1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] + ((col_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + isl_floord(_i2, 2))] + col_ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + std::min(((_i2 + 1) / 2), ((C / 4) - 1)))]) * 0.5f));
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 1))
      {
        if (((_i1 % 2) == 0))
        {
          col_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + _i2)] = (((col1[(((_i0 * ((R / 2) * (C / 2))) + (isl_max(((_i1 / 2) - 1), 0) * (C / 2))) + _i2)] + (col1[(((_i0 * ((R / 2) * (C / 2))) + ((_i1 / 2) * (C / 2))) + _i2)] * 6.0f)) + col1[(((_i0 * ((R / 2) * (C / 2))) + (isl_min(((_i1 / 2) + 1), ((R / 2) - 1)) * (C / 2))) + _i2)]) * 0.125f);
        }
        if (((_i1 % 2) == 1))
        {
          col_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + _i2)] = ((col1[(((_i0 * ((R / 2) * (C / 2))) + (isl_floord(_i1, 2) * (C / 2))) + _i2)] + col1[(((_i0 * ((R / 2) * (C / 2))) + (isl_min(((_i1 + 1) / 2), ((R / 2) - 1)) * (C / 2))) + _i2)]) * 0.5f);
        }
      }
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
      {
        if (((_i2 % 2) == 0))
        {
          out[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] = (blend0[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] + (((col_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + isl_max(((_i2 / 2) - 1), 0))] + (col_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + (_i2 / 2))] * 6.0f)) + col_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + isl_min(((_i2 / 2) + 1), ((C / 2) - 1)))]) * 0.125f));
        }
        if (((_i2 % 2) == 1))
        {
          out[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] = (blend0[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] + ((col_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + isl_floord(_i2, 2))] + col_ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + isl_min(((_i2 + 1) / 2), ((C / 2) - 1)))]) * 0.5f));
        }
      }
    }
  }
  free(a_dx1);
  free(a1);
  free(a_dx2);
  free(a2);
  free(a_dx3);
  free(a3);
  free(b_dx1);
  free(b1);
  free(b_dx2);
  free(b2);
  free(b_dx3);
  free(b3);
  free(m_dx1);
  free(m1);
  free(m_dx2);
  free(m2);
  free(m_dx3);
  free(m3);
  free(a_ux0);
  free(a_lap0);
  free(a_ux1);
  free(a_lap1);
  free(a_ux2);
  free(a_lap2);
  free(b_ux0);
  free(b_lap0);
  free(b_ux1);
  free(b_lap1);
  free(b_ux2);
  free(b_lap2);
  free(blend0);
  free(blend1);
  free(blend2);
  free(blend3);
  free(col_ux2);
  free(col2);
  free(col_ux1);
  free(col1);
  free(col_ux0);
}
