/* interpolate (multiscale interpolation, 38 stages) written in the style
 * PolyMage generates for its naive (unfused, untiled) C++ code: int sizes and
 * counters `_i0.._i2`, inclusive loop bounds, fully parenthesized hand-linearized
 * subscripts in int arithmetic, parity cases as stride-2 loops reading `_i / 2` or
 * `isl_floord`, isl_min/isl_max macros in some stages and std::min/std::max in
 * others, `#pragma ivdep` on innermost loops.  It is the same algorithm, with the
 * same float operations in the same order, as ../interpolate.c, so its output
 * equals the naive one's bit for bit (R, C multiples of 512, as the driver checks).
 */
#include <cmath>
#include <cstdlib>
#include <algorithm>
#define isl_min(x,y) ((x) < (y) ? (x) : (y))
#define isl_max(x,y) ((x) > (y) ? (x) : (y))
#define isl_floord(n,d) (((n)<0) ? -((-(n)+(d)-1)/(d)) : (n)/(d))
extern "C" void  pipeline_interpolate(int  R, int  C, void * img_void_arg, void * out_void_arg)
{
  float * img;
  img = (float *) (img_void_arg);
  float * out;
  out = (float *) (out_void_arg);
  float * d0;
  d0 = (float *) (malloc((sizeof(float ) * ((4 * R) * C))));
  float * dx1;
  dx1 = (float *) (malloc((sizeof(float ) * ((4 * (R / 2)) * C))));
  float * d1;
  d1 = (float *) (malloc((sizeof(float ) * ((4 * (R / 2)) * (C / 2)))));
  float * dx2;
  dx2 = (float *) (malloc((sizeof(float ) * ((4 * (R / 4)) * (C / 2)))));
  float * d2;
  d2 = (float *) (malloc((sizeof(float ) * ((4 * (R / 4)) * (C / 4)))));
  float * dx3;
  dx3 = (float *) (malloc((sizeof(float ) * ((4 * (R / 8)) * (C / 4)))));
  float * d3;
  d3 = (float *) (malloc((sizeof(float ) * ((4 * (R / 8)) * (C / 8)))));
  float * dx4;
  dx4 = (float *) (malloc((sizeof(float ) * ((4 * (R / 16)) * (C / 8)))));
  float * d4;
  d4 = (float *) (malloc((sizeof(float ) * ((4 * (R / 16)) * (C / 16)))));
  float * dx5;
  dx5 = (float *) (malloc((sizeof(float ) * ((4 * (R / 32)) * (C / 16)))));
  float * d5;
  d5 = (float *) (malloc((sizeof(float ) * ((4 * (R / 32)) * (C / 32)))));
  float * dx6;
  dx6 = (float *) (malloc((sizeof(float ) * ((4 * (R / 64)) * (C / 32)))));
  float * d6;
  d6 = (float *) (malloc((sizeof(float ) * ((4 * (R / 64)) * (C / 64)))));
  float * dx7;
  dx7 = (float *) (malloc((sizeof(float ) * ((4 * (R / 128)) * (C / 64)))));
  float * d7;
  d7 = (float *) (malloc((sizeof(float ) * ((4 * (R / 128)) * (C / 128)))));
  float * dx8;
  dx8 = (float *) (malloc((sizeof(float ) * ((4 * (R / 256)) * (C / 128)))));
  float * d8;
  d8 = (float *) (malloc((sizeof(float ) * ((4 * (R / 256)) * (C / 256)))));
  float * dx9;
  dx9 = (float *) (malloc((sizeof(float ) * ((4 * (R / 512)) * (C / 256)))));
  float * d9;
  d9 = (float *) (malloc((sizeof(float ) * ((4 * (R / 512)) * (C / 512)))));
  float * ux8;
  ux8 = (float *) (malloc((sizeof(float ) * ((4 * (R / 256)) * (C / 512)))));
  float * ip8;
  ip8 = (float *) (malloc((sizeof(float ) * ((4 * (R / 256)) * (C / 256)))));
  float * ux7;
  ux7 = (float *) (malloc((sizeof(float ) * ((4 * (R / 128)) * (C / 256)))));
  float * ip7;
  ip7 = (float *) (malloc((sizeof(float ) * ((4 * (R / 128)) * (C / 128)))));
  float * ux6;
  ux6 = (float *) (malloc((sizeof(float ) * ((4 * (R / 64)) * (C / 128)))));
  float * ip6;
  ip6 = (float *) (malloc((sizeof(float ) * ((4 * (R / 64)) * (C / 64)))));
  float * ux5;
  ux5 = (float *) (malloc((sizeof(float ) * ((4 * (R / 32)) * (C / 64)))));
  float * ip5;
  ip5 = (float *) (malloc((sizeof(float ) * ((4 * (R / 32)) * (C / 32)))));
  float * ux4;
  ux4 = (float *) (malloc((sizeof(float ) * ((4 * (R / 16)) * (C / 32)))));
  float * ip4;
  ip4 = (float *) (malloc((sizeof(float ) * ((4 * (R / 16)) * (C / 16)))));
  float * ux3;
  ux3 = (float *) (malloc((sizeof(float ) * ((4 * (R / 8)) * (C / 16)))));
  float * ip3;
  ip3 = (float *) (malloc((sizeof(float ) * ((4 * (R / 8)) * (C / 8)))));
  float * ux2;
  ux2 = (float *) (malloc((sizeof(float ) * ((4 * (R / 4)) * (C / 8)))));
  float * ip2;
  ip2 = (float *) (malloc((sizeof(float ) * ((4 * (R / 4)) * (C / 4)))));
  float * ux1;
  ux1 = (float *) (malloc((sizeof(float ) * ((4 * (R / 2)) * (C / 4)))));
  float * ip1;
  ip1 = (float *) (malloc((sizeof(float ) * ((4 * (R / 2)) * (C / 2)))));
  float * ux0;
  ux0 = (float *) (malloc((sizeof(float ) * ((4 * R) * (C / 2)))));
  float * ip0;
  ip0 = (float *) (malloc((sizeof(float ) * ((4 * R) * C))));
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
      {
        d0[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] = (img[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] * img[(((3 * (R * C)) + (_i1 * C)) + _i2)]);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int  _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
    {
      d0[(((3 * (R * C)) + (_i1 * C)) + _i2)] = img[(((3 * (R * C)) + (_i1 * C)) + _i2)];
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 2) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
      {
        dx1[(((_i0 * ((R / 2) * C)) + (_i1 * C)) + _i2)] = (((d0[(((_i0 * (R * C)) + (isl_max(((2 * _i1) - 1), 0) * C)) + _i2)] + (d0[(((_i0 * (R * C)) + ((2 * _i1) * C)) + _i2)] * 2.0f)) + d0[(((_i0 * (R * C)) + (((2 * _i1) + 1) * C)) + _i2)]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 2) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 1))
      {
        d1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] = (((dx1[(((_i0 * ((R / 2) * C)) + (_i1 * C)) + std::max(((2 * _i2) - 1), 0))] + (dx1[(((_i0 * ((R / 2) * C)) + (_i1 * C)) + (2 * _i2))] * 2.0f)) + dx1[(((_i0 * ((R / 2) * C)) + (_i1 * C)) + ((2 * _i2) + 1))]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 4) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 1))
      {
        dx2[(((_i0 * ((R / 4) * (C / 2))) + (_i1 * (C / 2))) + _i2)] = (((d1[(((_i0 * ((R / 2) * (C / 2))) + (isl_max(((2 * _i1) - 1), 0) * (C / 2))) + _i2)] + (d1[(((_i0 * ((R / 2) * (C / 2))) + ((2 * _i1) * (C / 2))) + _i2)] * 2.0f)) + d1[(((_i0 * ((R / 2) * (C / 2))) + (((2 * _i1) + 1) * (C / 2))) + _i2)]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 4) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 4) - 1)); _i2 = (_i2 + 1))
      {
        d2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = (((dx2[(((_i0 * ((R / 4) * (C / 2))) + (_i1 * (C / 2))) + std::max(((2 * _i2) - 1), 0))] + (dx2[(((_i0 * ((R / 4) * (C / 2))) + (_i1 * (C / 2))) + (2 * _i2))] * 2.0f)) + dx2[(((_i0 * ((R / 4) * (C / 2))) + (_i1 * (C / 2))) + ((2 * _i2) + 1))]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 8) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 4) - 1)); _i2 = (_i2 + 1))
      {
        dx3[(((_i0 * ((R / 8) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = (((d2[(((_i0 * ((R / 4) * (C / 4))) + (isl_max(((2 * _i1) - 1), 0) * (C / 4))) + _i2)] + (d2[(((_i0 * ((R / 4) * (C / 4))) + ((2 * _i1) * (C / 4))) + _i2)] * 2.0f)) + d2[(((_i0 * ((R / 4) * (C / 4))) + (((2 * _i1) + 1) * (C / 4))) + _i2)]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 8) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 8) - 1)); _i2 = (_i2 + 1))
      {
        d3[(((_i0 * ((R / 8) * (C / 8))) + (_i1 * (C / 8))) + _i2)] = (((dx3[(((_i0 * ((R / 8) * (C / 4))) + (_i1 * (C / 4))) + std::max(((2 * _i2) - 1), 0))] + (dx3[(((_i0 * ((R / 8) * (C / 4))) + (_i1 * (C / 4))) + (2 * _i2))] * 2.0f)) + dx3[(((_i0 * ((R / 8) * (C / 4))) + (_i1 * (C / 4))) + ((2 * _i2) + 1))]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 16) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 8) - 1)); _i2 = (_i2 + 1))
      {
        dx4[(((_i0 * ((R / 16) * (C / 8))) + (_i1 * (C / 8))) + _i2)] = (((d3[(((_i0 * ((R / 8) * (C / 8))) + (isl_max(((2 * _i1) - 1), 0) * (C / 8))) + _i2)] + (d3[(((_i0 * ((R / 8) * (C / 8))) + ((2 * _i1) * (C / 8))) + _i2)] * 2.0f)) + d3[(((_i0 * ((R / 8) * (C / 8))) + (((2 * _i1) + 1) * (C / 8))) + _i2)]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 16) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 16) - 1)); _i2 = (_i2 + 1))
      {
        d4[(((_i0 * ((R / 16) * (C / 16))) + (_i1 * (C / 16))) + _i2)] = (((dx4[(((_i0 * ((R / 16) * (C / 8))) + (_i1 * (C / 8))) + std::max(((2 * _i2) - 1), 0))] + (dx4[(((_i0 * ((R / 16) * (C / 8))) + (_i1 * (C / 8))) + (2 * _i2))] * 2.0f)) + dx4[(((_i0 * ((R / 16) * (C / 8))) + (_i1 * (C / 8))) + ((2 * _i2) + 1))]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 32) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 16) - 1)); _i2 = (_i2 + 1))
      {
        dx5[(((_i0 * ((R / 32) * (C / 16))) + (_i1 * (C / 16))) + _i2)] = (((d4[(((_i0 * ((R / 16) * (C / 16))) + (isl_max(((2 * _i1) - 1), 0) * (C / 16))) + _i2)] + (d4[(((_i0 * ((R / 16) * (C / 16))) + ((2 * _i1) * (C / 16))) + _i2)] * 2.0f)) + d4[(((_i0 * ((R / 16) * (C / 16))) + (((2 * _i1) + 1) * (C / 16))) + _i2)]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 32) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 32) - 1)); _i2 = (_i2 + 1))
      {
        d5[(((_i0 * ((R / 32) * (C / 32))) + (_i1 * (C / 32))) + _i2)] = (((dx5[(((_i0 * ((R / 32) * (C / 16))) + (_i1 * (C / 16))) + std::max(((2 * _i2) - 1), 0))] + (dx5[(((_i0 * ((R / 32) * (C / 16))) + (_i1 * (C / 16))) + (2 * _i2))] * 2.0f)) + dx5[(((_i0 * ((R / 32) * (C / 16))) + (_i1 * (C / 16))) + ((2 * _i2) + 1))]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 64) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 32) - 1)); _i2 = (_i2 + 1))
      {
        dx6[(((_i0 * ((R / 64) * (C / 32))) + (_i1 * (C / 32))) + _i2)] = (((d5[(((_i0 * ((R / 32) * (C / 32))) + (isl_max(((2 * _i1) - 1), 0) * (C / 32))) + _i2)] + (d5[(((_i0 * ((R / 32) * (C / 32))) + ((2 * _i1) * (C / 32))) + _i2)] * 2.0f)) + d5[(((_i0 * ((R / 32) * (C / 32))) + (((2 * _i1) + 1) * (C / 32))) + _i2)]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 64) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 64) - 1)); _i2 = (_i2 + 1))
      {
        d6[(((_i0 * ((R / 64) * (C / 64))) + (_i1 * (C / 64))) + _i2)] = (((dx6[(((_i0 * ((R / 64) * (C / 32))) + (_i1 * (C / 32))) + std::max(((2 * _i2) - 1), 0))] + (dx6[(((_i0 * ((R / 64) * (C / 32))) + (_i1 * (C / 32))) + (2 * _i2))] * 2.0f)) + dx6[(((_i0 * ((R / 64) * (C / 32))) + (_i1 * (C / 32))) + ((2 * _i2) + 1))]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 128) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 64) - 1)); _i2 = (_i2 + 1))
      {
        dx7[(((_i0 * ((R / 128) * (C / 64))) + (_i1 * (C / 64))) + _i2)] = (((d6[(((_i0 * ((R / 64) * (C / 64))) + (isl_max(((2 * _i1) - 1), 0) * (C / 64))) + _i2)] + (d6[(((_i0 * ((R / 64) * (C / 64))) + ((2 * _i1) * (C / 64))) + _i2)] * 2.0f)) + d6[(((_i0 * ((R / 64) * (C / 64))) + (((2 * _i1) + 1) * (C / 64))) + _i2)]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 128) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 128) - 1)); _i2 = (_i2 + 1))
      {
        d7[(((_i0 * ((R / 128) * (C / 128))) + (_i1 * (C / 128))) + _i2)] = (((dx7[(((_i0 * ((R / 128) * (C / 64))) + (_i1 * (C / 64))) + std::max(((2 * _i2) - 1), 0))] + (dx7[(((_i0 * ((R / 128) * (C / 64))) + (_i1 * (C / 64))) + (2 * _i2))] * 2.0f)) + dx7[(((_i0 * ((R / 128) * (C / 64))) + (_i1 * (C / 64))) + ((2 * _i2) + 1))]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 256) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 128) - 1)); _i2 = (_i2 + 1))
      {
        dx8[(((_i0 * ((R / 256) * (C / 128))) + (_i1 * (C / 128))) + _i2)] = (((d7[(((_i0 * ((R / 128) * (C / 128))) + (isl_max(((2 * _i1) - 1), 0) * (C / 128))) + _i2)] + (d7[(((_i0 * ((R / 128) * (C / 128))) + ((2 * _i1) * (C / 128))) + _i2)] * 2.0f)) + d7[(((_i0 * ((R / 128) * (C / 128))) + (((2 * _i1) + 1) * (C / 128))) + _i2)]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 256) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 256) - 1)); _i2 = (_i2 + 1))
      {
        d8[(((_i0 * ((R / 256) * (C / 256))) + (_i1 * (C / 256))) + _i2)] = (((dx8[(((_i0 * ((R / 256) * (C / 128))) + (_i1 * (C / 128))) + std::max(((2 * _i2) - 1), 0))] + (dx8[(((_i0 * ((R / 256) * (C / 128))) + (_i1 * (C / 128))) + (2 * _i2))] * 2.0f)) + dx8[(((_i0 * ((R / 256) * (C / 128))) + (_i1 * (C / 128))) + ((2 * _i2) + 1))]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 512) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 256) - 1)); _i2 = (_i2 + 1))
      {
        dx9[(((_i0 * ((R / 512) * (C / 256))) + (_i1 * (C / 256))) + _i2)] = (((d8[(((_i0 * ((R / 256) * (C / 256))) + (isl_max(((2 * _i1) - 1), 0) * (C / 256))) + _i2)] + (d8[(((_i0 * ((R / 256) * (C / 256))) + ((2 * _i1) * (C / 256))) + _i2)] * 2.0f)) + d8[(((_i0 * ((R / 256) * (C / 256))) + (((2 * _i1) + 1) * (C / 256))) + _i2)]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 512) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 512) - 1)); _i2 = (_i2 + 1))
      {
        d9[(((_i0 * ((R / 512) * (C / 512))) + (_i1 * (C / 512))) + _i2)] = (((dx9[(((_i0 * ((R / 512) * (C / 256))) + (_i1 * (C / 256))) + std::max(((2 * _i2) - 1), 0))] + (dx9[(((_i0 * ((R / 512) * (C / 256))) + (_i1 * (C / 256))) + (2 * _i2))] * 2.0f)) + dx9[(((_i0 * ((R / 512) * (C / 256))) + (_i1 * (C / 256))) + ((2 * _i2) + 1))]) * 0.25f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 256) - 1)); _i1 = (_i1 + 2))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 512) - 1)); _i2 = (_i2 + 1))
      {
        ux8[(((_i0 * ((R / 256) * (C / 512))) + (_i1 * (C / 512))) + _i2)] = d9[(((_i0 * ((R / 512) * (C / 512))) + ((_i1 / 2) * (C / 512))) + _i2)];
      }
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 512) - 1)); _i2 = (_i2 + 1))
      {
        ux8[(((_i0 * ((R / 256) * (C / 512))) + ((_i1 + 1) * (C / 512))) + _i2)] = ((d9[(((_i0 * ((R / 512) * (C / 512))) + (((_i1 + 1) / 2) * (C / 512))) + _i2)] + d9[(((_i0 * ((R / 512) * (C / 512))) + (isl_min((((_i1 + 1) / 2) + 1), ((R / 512) - 1)) * (C / 512))) + _i2)]) * 0.5f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 256) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 256) - 1)); _i2 = (_i2 + 2))
      {
        ip8[(((_i0 * ((R / 256) * (C / 256))) + (_i1 * (C / 256))) + _i2)] = (d8[(((_i0 * ((R / 256) * (C / 256))) + (_i1 * (C / 256))) + _i2)] + ((1.0f - d8[(((3 * ((R / 256) * (C / 256))) + (_i1 * (C / 256))) + _i2)]) * ux8[(((_i0 * ((R / 256) * (C / 512))) + (_i1 * (C / 512))) + isl_floord(_i2, 2))]));
        ip8[(((_i0 * ((R / 256) * (C / 256))) + (_i1 * (C / 256))) + (_i2 + 1))] = (d8[(((_i0 * ((R / 256) * (C / 256))) + (_i1 * (C / 256))) + (_i2 + 1))] + ((1.0f - d8[(((3 * ((R / 256) * (C / 256))) + (_i1 * (C / 256))) + (_i2 + 1))]) * ((ux8[(((_i0 * ((R / 256) * (C / 512))) + (_i1 * (C / 512))) + isl_floord((_i2 + 1), 2))] + ux8[(((_i0 * ((R / 256) * (C / 512))) + (_i1 * (C / 512))) + std::min((isl_floord((_i2 + 1), 2) + 1), ((C / 512) - 1)))]) * 0.5f)));
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 128) - 1)); _i1 = (_i1 + 2))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 256) - 1)); _i2 = (_i2 + 1))
      {
        ux7[(((_i0 * ((R / 128) * (C / 256))) + (_i1 * (C / 256))) + _i2)] = ip8[(((_i0 * ((R / 256) * (C / 256))) + ((_i1 / 2) * (C / 256))) + _i2)];
      }
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 256) - 1)); _i2 = (_i2 + 1))
      {
        ux7[(((_i0 * ((R / 128) * (C / 256))) + ((_i1 + 1) * (C / 256))) + _i2)] = ((ip8[(((_i0 * ((R / 256) * (C / 256))) + (((_i1 + 1) / 2) * (C / 256))) + _i2)] + ip8[(((_i0 * ((R / 256) * (C / 256))) + (isl_min((((_i1 + 1) / 2) + 1), ((R / 256) - 1)) * (C / 256))) + _i2)]) * 0.5f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 128) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 128) - 1)); _i2 = (_i2 + 2))
      {
        ip7[(((_i0 * ((R / 128) * (C / 128))) + (_i1 * (C / 128))) + _i2)] = (d7[(((_i0 * ((R / 128) * (C / 128))) + (_i1 * (C / 128))) + _i2)] + ((1.0f - d7[(((3 * ((R / 128) * (C / 128))) + (_i1 * (C / 128))) + _i2)]) * ux7[(((_i0 * ((R / 128) * (C / 256))) + (_i1 * (C / 256))) + isl_floord(_i2, 2))]));
        ip7[(((_i0 * ((R / 128) * (C / 128))) + (_i1 * (C / 128))) + (_i2 + 1))] = (d7[(((_i0 * ((R / 128) * (C / 128))) + (_i1 * (C / 128))) + (_i2 + 1))] + ((1.0f - d7[(((3 * ((R / 128) * (C / 128))) + (_i1 * (C / 128))) + (_i2 + 1))]) * ((ux7[(((_i0 * ((R / 128) * (C / 256))) + (_i1 * (C / 256))) + isl_floord((_i2 + 1), 2))] + ux7[(((_i0 * ((R / 128) * (C / 256))) + (_i1 * (C / 256))) + std::min((isl_floord((_i2 + 1), 2) + 1), ((C / 256) - 1)))]) * 0.5f)));
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 64) - 1)); _i1 = (_i1 + 2))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 128) - 1)); _i2 = (_i2 + 1))
      {
        ux6[(((_i0 * ((R / 64) * (C / 128))) + (_i1 * (C / 128))) + _i2)] = ip7[(((_i0 * ((R / 128) * (C / 128))) + ((_i1 / 2) * (C / 128))) + _i2)];
      }
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 128) - 1)); _i2 = (_i2 + 1))
      {
        ux6[(((_i0 * ((R / 64) * (C / 128))) + ((_i1 + 1) * (C / 128))) + _i2)] = ((ip7[(((_i0 * ((R / 128) * (C / 128))) + (((_i1 + 1) / 2) * (C / 128))) + _i2)] + ip7[(((_i0 * ((R / 128) * (C / 128))) + (isl_min((((_i1 + 1) / 2) + 1), ((R / 128) - 1)) * (C / 128))) + _i2)]) * 0.5f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 64) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 64) - 1)); _i2 = (_i2 + 2))
      {
        ip6[(((_i0 * ((R / 64) * (C / 64))) + (_i1 * (C / 64))) + _i2)] = (d6[(((_i0 * ((R / 64) * (C / 64))) + (_i1 * (C / 64))) + _i2)] + ((1.0f - d6[(((3 * ((R / 64) * (C / 64))) + (_i1 * (C / 64))) + _i2)]) * ux6[(((_i0 * ((R / 64) * (C / 128))) + (_i1 * (C / 128))) + isl_floord(_i2, 2))]));
        ip6[(((_i0 * ((R / 64) * (C / 64))) + (_i1 * (C / 64))) + (_i2 + 1))] = (d6[(((_i0 * ((R / 64) * (C / 64))) + (_i1 * (C / 64))) + (_i2 + 1))] + ((1.0f - d6[(((3 * ((R / 64) * (C / 64))) + (_i1 * (C / 64))) + (_i2 + 1))]) * ((ux6[(((_i0 * ((R / 64) * (C / 128))) + (_i1 * (C / 128))) + isl_floord((_i2 + 1), 2))] + ux6[(((_i0 * ((R / 64) * (C / 128))) + (_i1 * (C / 128))) + std::min((isl_floord((_i2 + 1), 2) + 1), ((C / 128) - 1)))]) * 0.5f)));
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 32) - 1)); _i1 = (_i1 + 2))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 64) - 1)); _i2 = (_i2 + 1))
      {
        ux5[(((_i0 * ((R / 32) * (C / 64))) + (_i1 * (C / 64))) + _i2)] = ip6[(((_i0 * ((R / 64) * (C / 64))) + ((_i1 / 2) * (C / 64))) + _i2)];
      }
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 64) - 1)); _i2 = (_i2 + 1))
      {
        ux5[(((_i0 * ((R / 32) * (C / 64))) + ((_i1 + 1) * (C / 64))) + _i2)] = ((ip6[(((_i0 * ((R / 64) * (C / 64))) + (((_i1 + 1) / 2) * (C / 64))) + _i2)] + ip6[(((_i0 * ((R / 64) * (C / 64))) + (isl_min((((_i1 + 1) / 2) + 1), ((R / 64) - 1)) * (C / 64))) + _i2)]) * 0.5f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 32) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 32) - 1)); _i2 = (_i2 + 2))
      {
        ip5[(((_i0 * ((R / 32) * (C / 32))) + (_i1 * (C / 32))) + _i2)] = (d5[(((_i0 * ((R / 32) * (C / 32))) + (_i1 * (C / 32))) + _i2)] + ((1.0f - d5[(((3 * ((R / 32) * (C / 32))) + (_i1 * (C / 32))) + _i2)]) * ux5[(((_i0 * ((R / 32) * (C / 64))) + (_i1 * (C / 64))) + isl_floord(_i2, 2))]));
        ip5[(((_i0 * ((R / 32) * (C / 32))) + (_i1 * (C / 32))) + (_i2 + 1))] = (d5[(((_i0 * ((R / 32) * (C / 32))) + (_i1 * (C / 32))) + (_i2 + 1))] + ((1.0f - d5[(((3 * ((R / 32) * (C / 32))) + (_i1 * (C / 32))) + (_i2 + 1))]) * ((ux5[(((_i0 * ((R / 32) * (C / 64))) + (_i1 * (C / 64))) + isl_floord((_i2 + 1), 2))] + ux5[(((_i0 * ((R / 32) * (C / 64))) + (_i1 * (C / 64))) + std::min((isl_floord((_i2 + 1), 2) + 1), ((C / 64) - 1)))]) * 0.5f)));
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 16) - 1)); _i1 = (_i1 + 2))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 32) - 1)); _i2 = (_i2 + 1))
      {
        ux4[(((_i0 * ((R / 16) * (C / 32))) + (_i1 * (C / 32))) + _i2)] = ip5[(((_i0 * ((R / 32) * (C / 32))) + ((_i1 / 2) * (C / 32))) + _i2)];
      }
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 32) - 1)); _i2 = (_i2 + 1))
      {
        ux4[(((_i0 * ((R / 16) * (C / 32))) + ((_i1 + 1) * (C / 32))) + _i2)] = ((ip5[(((_i0 * ((R / 32) * (C / 32))) + (((_i1 + 1) / 2) * (C / 32))) + _i2)] + ip5[(((_i0 * ((R / 32) * (C / 32))) + (isl_min((((_i1 + 1) / 2) + 1), ((R / 32) - 1)) * (C / 32))) + _i2)]) * 0.5f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 16) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 16) - 1)); _i2 = (_i2 + 2))
      {
        ip4[(((_i0 * ((R / 16) * (C / 16))) + (_i1 * (C / 16))) + _i2)] = (d4[(((_i0 * ((R / 16) * (C / 16))) + (_i1 * (C / 16))) + _i2)] + ((1.0f - d4[(((3 * ((R / 16) * (C / 16))) + (_i1 * (C / 16))) + _i2)]) * ux4[(((_i0 * ((R / 16) * (C / 32))) + (_i1 * (C / 32))) + isl_floord(_i2, 2))]));
        ip4[(((_i0 * ((R / 16) * (C / 16))) + (_i1 * (C / 16))) + (_i2 + 1))] = (d4[(((_i0 * ((R / 16) * (C / 16))) + (_i1 * (C / 16))) + (_i2 + 1))] + ((1.0f - d4[(((3 * ((R / 16) * (C / 16))) + (_i1 * (C / 16))) + (_i2 + 1))]) * ((ux4[(((_i0 * ((R / 16) * (C / 32))) + (_i1 * (C / 32))) + isl_floord((_i2 + 1), 2))] + ux4[(((_i0 * ((R / 16) * (C / 32))) + (_i1 * (C / 32))) + std::min((isl_floord((_i2 + 1), 2) + 1), ((C / 32) - 1)))]) * 0.5f)));
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 8) - 1)); _i1 = (_i1 + 2))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 16) - 1)); _i2 = (_i2 + 1))
      {
        ux3[(((_i0 * ((R / 8) * (C / 16))) + (_i1 * (C / 16))) + _i2)] = ip4[(((_i0 * ((R / 16) * (C / 16))) + ((_i1 / 2) * (C / 16))) + _i2)];
      }
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 16) - 1)); _i2 = (_i2 + 1))
      {
        ux3[(((_i0 * ((R / 8) * (C / 16))) + ((_i1 + 1) * (C / 16))) + _i2)] = ((ip4[(((_i0 * ((R / 16) * (C / 16))) + (((_i1 + 1) / 2) * (C / 16))) + _i2)] + ip4[(((_i0 * ((R / 16) * (C / 16))) + (isl_min((((_i1 + 1) / 2) + 1), ((R / 16) - 1)) * (C / 16))) + _i2)]) * 0.5f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 8) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 8) - 1)); _i2 = (_i2 + 2))
      {
        ip3[(((_i0 * ((R / 8) * (C / 8))) + (_i1 * (C / 8))) + _i2)] = (d3[(((_i0 * ((R / 8) * (C / 8))) + (_i1 * (C / 8))) + _i2)] + ((1.0f - d3[(((3 * ((R / 8) * (C / 8))) + (_i1 * (C / 8))) + _i2)]) * ux3[(((_i0 * ((R / 8) * (C / 16))) + (_i1 * (C / 16))) + isl_floord(_i2, 2))]));
        ip3[(((_i0 * ((R / 8) * (C / 8))) + (_i1 * (C / 8))) + (_i2 + 1))] = (d3[(((_i0 * ((R / 8) * (C / 8))) + (_i1 * (C / 8))) + (_i2 + 1))] + ((1.0f - d3[(((3 * ((R / 8) * (C / 8))) + (_i1 * (C / 8))) + (_i2 + 1))]) * ((ux3[(((_i0 * ((R / 8) * (C / 16))) + (_i1 * (C / 16))) + isl_floord((_i2 + 1), 2))] + ux3[(((_i0 * ((R / 8) * (C / 16))) + (_i1 * (C / 16))) + std::min((isl_floord((_i2 + 1), 2) + 1), ((C / 16) - 1)))]) * 0.5f)));
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 4) - 1)); _i1 = (_i1 + 2))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 8) - 1)); _i2 = (_i2 + 1))
      {
        ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + _i2)] = ip3[(((_i0 * ((R / 8) * (C / 8))) + ((_i1 / 2) * (C / 8))) + _i2)];
      }
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 8) - 1)); _i2 = (_i2 + 1))
      {
        ux2[(((_i0 * ((R / 4) * (C / 8))) + ((_i1 + 1) * (C / 8))) + _i2)] = ((ip3[(((_i0 * ((R / 8) * (C / 8))) + (((_i1 + 1) / 2) * (C / 8))) + _i2)] + ip3[(((_i0 * ((R / 8) * (C / 8))) + (isl_min((((_i1 + 1) / 2) + 1), ((R / 8) - 1)) * (C / 8))) + _i2)]) * 0.5f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 4) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 4) - 1)); _i2 = (_i2 + 2))
      {
        ip2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = (d2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)] + ((1.0f - d2[(((3 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + _i2)]) * ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + isl_floord(_i2, 2))]));
        ip2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + (_i2 + 1))] = (d2[(((_i0 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + (_i2 + 1))] + ((1.0f - d2[(((3 * ((R / 4) * (C / 4))) + (_i1 * (C / 4))) + (_i2 + 1))]) * ((ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + isl_floord((_i2 + 1), 2))] + ux2[(((_i0 * ((R / 4) * (C / 8))) + (_i1 * (C / 8))) + std::min((isl_floord((_i2 + 1), 2) + 1), ((C / 8) - 1)))]) * 0.5f)));
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 2) - 1)); _i1 = (_i1 + 2))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 4) - 1)); _i2 = (_i2 + 1))
      {
        ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + _i2)] = ip2[(((_i0 * ((R / 4) * (C / 4))) + ((_i1 / 2) * (C / 4))) + _i2)];
      }
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 4) - 1)); _i2 = (_i2 + 1))
      {
        ux1[(((_i0 * ((R / 2) * (C / 4))) + ((_i1 + 1) * (C / 4))) + _i2)] = ((ip2[(((_i0 * ((R / 4) * (C / 4))) + (((_i1 + 1) / 2) * (C / 4))) + _i2)] + ip2[(((_i0 * ((R / 4) * (C / 4))) + (isl_min((((_i1 + 1) / 2) + 1), ((R / 4) - 1)) * (C / 4))) + _i2)]) * 0.5f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= ((R / 2) - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 2))
      {
        ip1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] = (d1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)] + ((1.0f - d1[(((3 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + _i2)]) * ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + isl_floord(_i2, 2))]));
        ip1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + (_i2 + 1))] = (d1[(((_i0 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + (_i2 + 1))] + ((1.0f - d1[(((3 * ((R / 2) * (C / 2))) + (_i1 * (C / 2))) + (_i2 + 1))]) * ((ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + isl_floord((_i2 + 1), 2))] + ux1[(((_i0 * ((R / 2) * (C / 4))) + (_i1 * (C / 4))) + std::min((isl_floord((_i2 + 1), 2) + 1), ((C / 4) - 1)))]) * 0.5f)));
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 2))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 1))
      {
        ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + _i2)] = ip1[(((_i0 * ((R / 2) * (C / 2))) + ((_i1 / 2) * (C / 2))) + _i2)];
      }
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= ((C / 2) - 1)); _i2 = (_i2 + 1))
      {
        ux0[(((_i0 * (R * (C / 2))) + ((_i1 + 1) * (C / 2))) + _i2)] = ((ip1[(((_i0 * ((R / 2) * (C / 2))) + (((_i1 + 1) / 2) * (C / 2))) + _i2)] + ip1[(((_i0 * ((R / 2) * (C / 2))) + (isl_min((((_i1 + 1) / 2) + 1), ((R / 2) - 1)) * (C / 2))) + _i2)]) * 0.5f);
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 3); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 2))
      {
        ip0[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] = (d0[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] + ((1.0f - d0[(((3 * (R * C)) + (_i1 * C)) + _i2)]) * ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + isl_floord(_i2, 2))]));
        ip0[(((_i0 * (R * C)) + (_i1 * C)) + (_i2 + 1))] = (d0[(((_i0 * (R * C)) + (_i1 * C)) + (_i2 + 1))] + ((1.0f - d0[(((3 * (R * C)) + (_i1 * C)) + (_i2 + 1))]) * ((ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + isl_floord((_i2 + 1), 2))] + ux0[(((_i0 * (R * (C / 2))) + (_i1 * (C / 2))) + std::min((isl_floord((_i2 + 1), 2) + 1), ((C / 2) - 1)))]) * 0.5f)));
      }
    }
  }
#ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
#endif
  for (int  _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
    {
      #pragma ivdep
      for (int  _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
      {
        out[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] = (ip0[(((_i0 * (R * C)) + (_i1 * C)) + _i2)] / ip0[(((3 * (R * C)) + (_i1 * C)) + _i2)]);
      }
    }
  }
  free(d0);
  free(dx1);
  free(d1);
  free(dx2);
  free(d2);
  free(dx3);
  free(d3);
  free(dx4);
  free(d4);
  free(dx5);
  free(d5);
  free(dx6);
  free(d6);
  free(dx7);
  free(d7);
  free(dx8);
  free(d8);
  free(dx9);
  free(d9);
  free(ux8);
  free(ip8);
  free(ux7);
  free(ip7);
  free(ux6);
  free(ip6);
  free(ux5);
  free(ip5);
  free(ux4);
  free(ip4);
  free(ux3);
  free(ip3);
  free(ux2);
  free(ip2);
  free(ux1);
  free(ip1);
  free(ux0);
  free(ip0);
}
