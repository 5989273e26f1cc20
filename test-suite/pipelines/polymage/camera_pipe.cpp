/* camera_pipe written in the style PolyMage generates (naive C++ output:
 * int counters _i0.._i2 with inclusive bounds, hand-linearised fully
 * parenthesised subscripts, each temporary allocated over its own domain,
 * selects through _ct temporaries, min/max as isl_min/isl_max, std::min/max
 * and ternaries, the interleave as stride-2 loops with _i / 2 subscripts).
 * It is the same algorithm with the same integer widths, casts and shifts and
 * the same float operations in the same order as ../camera_pipe.c, so its
 * output equals the naive one's bit for bit.
 */
#include <cmath>
#include <cstdlib>
#include <algorithm>
#define isl_min(x,y) ((x) < (y) ? (x) : (y))
#define isl_max(x,y) ((x) > (y) ? (x) : (y))
#define isl_floord(n,d) (((n)<0) ? -((-(n)+(d)-1)/(d)) : (n)/(d))

static const float matrix_3200[12] = {1.6697f, -0.2693f, -0.4004f, -42.4346f,
                                      -0.3576f, 1.0615f, 1.5949f, -37.1158f,
                                      -0.2175f, -1.8751f, 6.9640f, -26.6970f};
static const float matrix_7000[12] = {2.2997f, -0.4478f, 0.1706f, -39.0923f,
                                      -0.3826f, 1.5906f, -0.2080f, -25.4311f,
                                      -0.0888f, -0.7344f, 2.2832f, -20.0826f};

extern "C" void pipeline_camera_pipe(int  R, int  C, float  color_temp, float  gamma, float  contrast, void * in_void_arg, void * out_void_arg)
{
  unsigned short * raw;
  raw = (unsigned short *) (in_void_arg);
  unsigned char * out;
  out = (unsigned char *) (out_void_arg);
  short * denoise_lo;
  denoise_lo = (short *) (malloc((sizeof(short ) * ((R + 4) * (C + 4)))));
  short * denoise_hi;
  denoise_hi = (short *) (malloc((sizeof(short ) * ((R + 4) * (C + 4)))));
  short * denoised;
  denoised = (short *) (malloc((sizeof(short ) * ((R + 4) * (C + 4)))));
  short * g_gr;
  g_gr = (short *) (malloc((sizeof(short ) * (((R / 2) + 2) * ((C / 2) + 2)))));
  short * r_r;
  r_r = (short *) (malloc((sizeof(short ) * (((R / 2) + 2) * ((C / 2) + 2)))));
  short * b_b;
  b_b = (short *) (malloc((sizeof(short ) * (((R / 2) + 2) * ((C / 2) + 2)))));
  short * g_gb;
  g_gb = (short *) (malloc((sizeof(short ) * (((R / 2) + 2) * ((C / 2) + 2)))));
  short * g_r;
  g_r = (short *) (malloc((sizeof(short ) * (((R / 2) + 1) * ((C / 2) + 1)))));
  short * g_b;
  g_b = (short *) (malloc((sizeof(short ) * (((R / 2) + 1) * ((C / 2) + 1)))));
  short * r_gr;
  r_gr = (short *) (malloc((sizeof(short ) * ((R / 2) * (C / 2)))));
  short * b_gr;
  b_gr = (short *) (malloc((sizeof(short ) * ((R / 2) * (C / 2)))));
  short * r_gb;
  r_gb = (short *) (malloc((sizeof(short ) * ((R / 2) * (C / 2)))));
  short * b_gb;
  b_gb = (short *) (malloc((sizeof(short ) * ((R / 2) * (C / 2)))));
  short * r_b;
  r_b = (short *) (malloc((sizeof(short ) * ((R / 2) * (C / 2)))));
  short * b_r;
  b_r = (short *) (malloc((sizeof(short ) * ((R / 2) * (C / 2)))));
  short * r;
  r = (short *) (malloc((sizeof(short ) * (R * C))));
  short * g;
  g = (short *) (malloc((sizeof(short ) * (R * C))));
  short * b;
  b = (short *) (malloc((sizeof(short ) * (R * C))));
  int * matrix;
  matrix = (int *) (malloc((sizeof(int ) * (3 * 4))));
  short * corrected_r;
  corrected_r = (short *) (malloc((sizeof(short ) * (R * C))));
  short * corrected_g;
  corrected_g = (short *) (malloc((sizeof(short ) * (R * C))));
  short * corrected_b;
  corrected_b = (short *) (malloc((sizeof(short ) * (R * C))));
  unsigned char * curve;
  curve = (unsigned char *) (malloc((sizeof(unsigned char ) * 65536)));
  unsigned char * processed_r;
  processed_r = (unsigned char *) (malloc((sizeof(unsigned char ) * (R * C))));
  unsigned char * processed_g;
  processed_g = (unsigned char *) (malloc((sizeof(unsigned char ) * (R * C))));
  unsigned char * processed_b;
  processed_b = (unsigned char *) (malloc((sizeof(unsigned char ) * (R * C))));
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 10; (_i1 <= (R + 13)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 14; (_i2 <= (C + 17)); _i2 = (_i2 + 1))
    {
      denoise_lo[(((_i1 - 10) * (C + 4)) + (_i2 - 14))] = std::min(std::min(raw[(((_i1 - 2) * (C + 64)) + _i2)], raw[(((_i1 + 2) * (C + 64)) + _i2)]), std::min(raw[((_i1 * (C + 64)) + (_i2 - 2))], raw[((_i1 * (C + 64)) + (_i2 + 2))]));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 10; (_i1 <= (R + 13)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 14; (_i2 <= (C + 17)); _i2 = (_i2 + 1))
    {
      denoise_hi[(((_i1 - 10) * (C + 4)) + (_i2 - 14))] = isl_max(isl_max(raw[(((_i1 - 2) * (C + 64)) + _i2)], raw[(((_i1 + 2) * (C + 64)) + _i2)]), isl_max(raw[((_i1 * (C + 64)) + (_i2 - 2))], raw[((_i1 * (C + 64)) + (_i2 + 2))]));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 10; (_i1 <= (R + 13)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 14; (_i2 <= (C + 17)); _i2 = (_i2 + 1))
    {
      denoised[(((_i1 - 10) * (C + 4)) + (_i2 - 14))] = isl_min(isl_max((short ) (raw[((_i1 * (C + 64)) + _i2)]), denoise_lo[(((_i1 - 10) * (C + 4)) + (_i2 - 14))]), denoise_hi[(((_i1 - 10) * (C + 4)) + (_i2 - 14))]);
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 0; (_i1 <= ((R / 2) + 1)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= ((C / 2) + 1)); _i2 = (_i2 + 1))
    {
      g_gr[((_i1 * ((C / 2) + 2)) + _i2)] = denoised[(((2 * _i1) * (C + 4)) + (2 * _i2))];
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 0; (_i1 <= (isl_floord(R, 2) + 1)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= (isl_floord(C, 2) + 1)); _i2 = (_i2 + 1))
    {
      r_r[((_i1 * ((C / 2) + 2)) + _i2)] = denoised[(((2 * _i1) * (C + 4)) + ((2 * _i2) + 1))];
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 0; (_i1 <= ((R / 2) + 1)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= ((C / 2) + 1)); _i2 = (_i2 + 1))
    {
      b_b[((_i1 * ((C / 2) + 2)) + _i2)] = denoised[((((2 * _i1) + 1) * (C + 4)) + (2 * _i2))];
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 0; (_i1 <= (isl_floord(R, 2) + 1)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= (isl_floord(C, 2) + 1)); _i2 = (_i2 + 1))
    {
      g_gb[((_i1 * ((C / 2) + 2)) + _i2)] = denoised[((((2 * _i1) + 1) * (C + 4)) + ((2 * _i2) + 1))];
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 1; (_i1 <= ((R / 2) + 1)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= (C / 2)); _i2 = (_i2 + 1))
    {
      int  _ct0 = (((g_gb[(((_i1 - 1) * ((C / 2) + 2)) + _i2)] + g_gb[((_i1 * ((C / 2) + 2)) + _i2)]) + 1) >> 1);
      int  _ct1 = std::abs((g_gb[(((_i1 - 1) * ((C / 2) + 2)) + _i2)] - g_gb[((_i1 * ((C / 2) + 2)) + _i2)]));
      int  _ct2 = (((g_gr[((_i1 * ((C / 2) + 2)) + (_i2 + 1))] + g_gr[((_i1 * ((C / 2) + 2)) + _i2)]) + 1) >> 1);
      int  _ct3 = std::abs((g_gr[((_i1 * ((C / 2) + 2)) + (_i2 + 1))] - g_gr[((_i1 * ((C / 2) + 2)) + _i2)]));
      g_r[(((_i1 - 1) * ((C / 2) + 1)) + _i2)] = (short ) ((((_ct3 < _ct1))? _ct2: _ct0));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 0; (_i1 <= (R / 2)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 1; (_i2 <= ((C / 2) + 1)); _i2 = (_i2 + 1))
    {
      int  _ct4 = (((g_gr[(((_i1 + 1) * ((C / 2) + 2)) + _i2)] + g_gr[((_i1 * ((C / 2) + 2)) + _i2)]) + 1) >> 1);
      int  _ct5 = (g_gr[(((_i1 + 1) * ((C / 2) + 2)) + _i2)] - g_gr[((_i1 * ((C / 2) + 2)) + _i2)]);
      int  _ct6 = (g_gr[((_i1 * ((C / 2) + 2)) + _i2)] - g_gr[(((_i1 + 1) * ((C / 2) + 2)) + _i2)]);
      int  _ct7 = ((g_gr[(((_i1 + 1) * ((C / 2) + 2)) + _i2)] > g_gr[((_i1 * ((C / 2) + 2)) + _i2)])? _ct5: _ct6);
      int  _ct8 = (((g_gb[((_i1 * ((C / 2) + 2)) + (_i2 - 1))] + g_gb[((_i1 * ((C / 2) + 2)) + _i2)]) + 1) >> 1);
      int  _ct9 = (g_gb[((_i1 * ((C / 2) + 2)) + (_i2 - 1))] - g_gb[((_i1 * ((C / 2) + 2)) + _i2)]);
      int  _ct10 = (g_gb[((_i1 * ((C / 2) + 2)) + _i2)] - g_gb[((_i1 * ((C / 2) + 2)) + (_i2 - 1))]);
      int  _ct11 = ((g_gb[((_i1 * ((C / 2) + 2)) + (_i2 - 1))] > g_gb[((_i1 * ((C / 2) + 2)) + _i2)])? _ct9: _ct10);
      int  _ct12 = ((_ct11 < _ct7)? _ct8: _ct4);
      g_b[((_i1 * ((C / 2) + 1)) + (_i2 - 1))] = (short ) (_ct12);
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 1; (_i1 <= (R / 2)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 1; (_i2 <= (C / 2)); _i2 = (_i2 + 1))
    {
      r_gr[(((_i1 - 1) * (C / 2)) + (_i2 - 1))] = (short ) (((g_gr[((_i1 * ((C / 2) + 2)) + _i2)] - (((g_r[(((_i1 - 1) * ((C / 2) + 1)) + _i2)] + g_r[(((_i1 - 1) * ((C / 2) + 1)) + (_i2 - 1))]) + 1) >> 1)) + (((r_r[((_i1 * ((C / 2) + 2)) + _i2)] + r_r[((_i1 * ((C / 2) + 2)) + (_i2 - 1))]) + 1) >> 1)));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 1; (_i1 <= (R / 2)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 1; (_i2 <= (C / 2)); _i2 = (_i2 + 1))
    {
      b_gr[(((_i1 - 1) * (C / 2)) + (_i2 - 1))] = (short ) (((g_gr[((_i1 * ((C / 2) + 2)) + _i2)] - (((g_b[((_i1 * ((C / 2) + 1)) + (_i2 - 1))] + g_b[(((_i1 - 1) * ((C / 2) + 1)) + (_i2 - 1))]) + 1) >> 1)) + (((b_b[((_i1 * ((C / 2) + 2)) + _i2)] + b_b[(((_i1 - 1) * ((C / 2) + 2)) + _i2)]) + 1) >> 1)));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 1; (_i1 <= (R / 2)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 1; (_i2 <= (C / 2)); _i2 = (_i2 + 1))
    {
      r_gb[(((_i1 - 1) * (C / 2)) + (_i2 - 1))] = (short ) (((g_gb[((_i1 * ((C / 2) + 2)) + _i2)] - (((g_r[(((_i1 - 1) * ((C / 2) + 1)) + _i2)] + g_r[((_i1 * ((C / 2) + 1)) + _i2)]) + 1) >> 1)) + (((r_r[((_i1 * ((C / 2) + 2)) + _i2)] + r_r[(((_i1 + 1) * ((C / 2) + 2)) + _i2)]) + 1) >> 1)));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 1; (_i1 <= (R / 2)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 1; (_i2 <= (C / 2)); _i2 = (_i2 + 1))
    {
      b_gb[(((_i1 - 1) * (C / 2)) + (_i2 - 1))] = (short ) (((g_gb[((_i1 * ((C / 2) + 2)) + _i2)] - (((g_b[((_i1 * ((C / 2) + 1)) + (_i2 - 1))] + g_b[((_i1 * ((C / 2) + 1)) + _i2)]) + 1) >> 1)) + (((b_b[((_i1 * ((C / 2) + 2)) + _i2)] + b_b[((_i1 * ((C / 2) + 2)) + (_i2 + 1))]) + 1) >> 1)));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 1; (_i1 <= (R / 2)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 1; (_i2 <= (C / 2)); _i2 = (_i2 + 1))
    {
      int  _ct13 = ((g_b[((_i1 * ((C / 2) + 1)) + (_i2 - 1))] - (((g_r[(((_i1 - 1) * ((C / 2) + 1)) + _i2)] + g_r[((_i1 * ((C / 2) + 1)) + (_i2 - 1))]) + 1) >> 1)) + (((r_r[((_i1 * ((C / 2) + 2)) + _i2)] + r_r[(((_i1 + 1) * ((C / 2) + 2)) + (_i2 - 1))]) + 1) >> 1));
      int  _ct14 = std::abs((r_r[((_i1 * ((C / 2) + 2)) + _i2)] - r_r[(((_i1 + 1) * ((C / 2) + 2)) + (_i2 - 1))]));
      int  _ct15 = ((g_b[((_i1 * ((C / 2) + 1)) + (_i2 - 1))] - (((g_r[(((_i1 - 1) * ((C / 2) + 1)) + (_i2 - 1))] + g_r[((_i1 * ((C / 2) + 1)) + _i2)]) + 1) >> 1)) + (((r_r[((_i1 * ((C / 2) + 2)) + (_i2 - 1))] + r_r[(((_i1 + 1) * ((C / 2) + 2)) + _i2)]) + 1) >> 1));
      int  _ct16 = std::abs((r_r[((_i1 * ((C / 2) + 2)) + (_i2 - 1))] - r_r[(((_i1 + 1) * ((C / 2) + 2)) + _i2)]));
      r_b[(((_i1 - 1) * (C / 2)) + (_i2 - 1))] = (short ) (((_ct14 < _ct16)? _ct13: _ct15));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 1; (_i1 <= (R / 2)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 1; (_i2 <= (C / 2)); _i2 = (_i2 + 1))
    {
      int  _ct17 = ((g_r[(((_i1 - 1) * ((C / 2) + 1)) + _i2)] - (((g_b[((_i1 * ((C / 2) + 1)) + (_i2 - 1))] + g_b[(((_i1 - 1) * ((C / 2) + 1)) + _i2)]) + 1) >> 1)) + (((b_b[((_i1 * ((C / 2) + 2)) + _i2)] + b_b[(((_i1 - 1) * ((C / 2) + 2)) + (_i2 + 1))]) + 1) >> 1));
      int  _ct18 = (b_b[((_i1 * ((C / 2) + 2)) + _i2)] - b_b[(((_i1 - 1) * ((C / 2) + 2)) + (_i2 + 1))]);
      int  _ct19 = (b_b[(((_i1 - 1) * ((C / 2) + 2)) + (_i2 + 1))] - b_b[((_i1 * ((C / 2) + 2)) + _i2)]);
      int  _ct20 = ((b_b[((_i1 * ((C / 2) + 2)) + _i2)] > b_b[(((_i1 - 1) * ((C / 2) + 2)) + (_i2 + 1))])? _ct18: _ct19);
      int  _ct21 = ((g_r[(((_i1 - 1) * ((C / 2) + 1)) + _i2)] - (((g_b[(((_i1 - 1) * ((C / 2) + 1)) + (_i2 - 1))] + g_b[((_i1 * ((C / 2) + 1)) + _i2)]) + 1) >> 1)) + (((b_b[(((_i1 - 1) * ((C / 2) + 2)) + _i2)] + b_b[((_i1 * ((C / 2) + 2)) + (_i2 + 1))]) + 1) >> 1));
      int  _ct22 = (b_b[(((_i1 - 1) * ((C / 2) + 2)) + _i2)] - b_b[((_i1 * ((C / 2) + 2)) + (_i2 + 1))]);
      int  _ct23 = (b_b[((_i1 * ((C / 2) + 2)) + (_i2 + 1))] - b_b[(((_i1 - 1) * ((C / 2) + 2)) + _i2)]);
      int  _ct24 = ((b_b[(((_i1 - 1) * ((C / 2) + 2)) + _i2)] > b_b[((_i1 * ((C / 2) + 2)) + (_i2 + 1))])? _ct22: _ct23);
      b_r[(((_i1 - 1) * (C / 2)) + (_i2 - 1))] = (short ) (((_ct20 < _ct24)? _ct17: _ct21));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 2))
  {
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 2))
    {
      r[((_i1 * C) + _i2)] = r_gr[(((_i1 / 2) * (C / 2)) + (_i2 / 2))];
      r[((_i1 * C) + (_i2 + 1))] = r_r[((((_i1 / 2) + 1) * ((C / 2) + 2)) + (((_i2 + 1) / 2) + 1))];
    }
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 2))
    {
      r[(((_i1 + 1) * C) + _i2)] = r_b[((((_i1 + 1) / 2) * (C / 2)) + (_i2 / 2))];
      r[(((_i1 + 1) * C) + (_i2 + 1))] = r_gb[((((_i1 + 1) / 2) * (C / 2)) + ((_i2 + 1) / 2))];
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 2))
  {
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 2))
    {
      g[((_i1 * C) + _i2)] = g_gr[(((isl_floord(_i1, 2) + 1) * ((C / 2) + 2)) + (isl_floord(_i2, 2) + 1))];
      g[((_i1 * C) + (_i2 + 1))] = g_r[((isl_floord(_i1, 2) * ((C / 2) + 1)) + (isl_floord((_i2 + 1), 2) + 1))];
    }
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 2))
    {
      g[(((_i1 + 1) * C) + _i2)] = g_b[(((isl_floord((_i1 + 1), 2) + 1) * ((C / 2) + 1)) + isl_floord(_i2, 2))];
      g[(((_i1 + 1) * C) + (_i2 + 1))] = g_gb[(((isl_floord((_i1 + 1), 2) + 1) * ((C / 2) + 2)) + (isl_floord((_i2 + 1), 2) + 1))];
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 2))
  {
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 2))
    {
      b[((_i1 * C) + _i2)] = b_gr[(((_i1 / 2) * (C / 2)) + (_i2 / 2))];
      b[((_i1 * C) + (_i2 + 1))] = b_r[(((_i1 / 2) * (C / 2)) + ((_i2 + 1) / 2))];
    }
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 2))
    {
      b[(((_i1 + 1) * C) + _i2)] = b_b[(((((_i1 + 1) / 2) + 1) * ((C / 2) + 2)) + ((_i2 / 2) + 1))];
      b[(((_i1 + 1) * C) + (_i2 + 1))] = b_gb[((((_i1 + 1) / 2) * (C / 2)) + ((_i2 + 1) / 2))];
    }
  }
  for (int  _i0 = 0; (_i0 <= 2); _i0 = (_i0 + 1))
  {
    for (int  _i1 = 0; (_i1 <= 3); _i1 = (_i1 + 1))
    {
      matrix[((_i0 * 4) + _i1)] = (int ) ((((matrix_3200[((_i0 * 4) + _i1)] * (1.0f - ((((1.0f / color_temp) - (1.0f / 3200.0f))) / ((1.0f / 7000.0f) - (1.0f / 3200.0f))))) + (matrix_7000[((_i0 * 4) + _i1)] * ((((1.0f / color_temp) - (1.0f / 3200.0f))) / ((1.0f / 7000.0f) - (1.0f / 3200.0f))))) * 256.0f));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
    {
      corrected_r[((_i1 * C) + _i2)] = (short ) (((((matrix[3] + (matrix[0] * r[((_i1 * C) + _i2)])) + (matrix[1] * g[((_i1 * C) + _i2)])) + (matrix[2] * b[((_i1 * C) + _i2)])) >> 8));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
    {
      corrected_g[((_i1 * C) + _i2)] = (short ) (((((matrix[7] + (matrix[4] * r[((_i1 * C) + _i2)])) + (matrix[5] * g[((_i1 * C) + _i2)])) + (matrix[6] * b[((_i1 * C) + _i2)])) >> 8));
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
    {
      corrected_b[((_i1 * C) + _i2)] = (short ) (((((matrix[11] + (matrix[8] * r[((_i1 * C) + _i2)])) + (matrix[9] * g[((_i1 * C) + _i2)])) + (matrix[10] * b[((_i1 * C) + _i2)])) >> 8));
    }
  }
  #pragma ivdep
  for (int  _i0 = 0; (_i0 <= 65535); _i0 = (_i0 + 1))
  {
    float  _ct25 = (2.0f - std::pow(2.0f, (contrast / 100.0f)));
    float  _ct26 = (2.0f - (2.0f * _ct25));
    float  _ct27 = isl_min(isl_max(((float ) ((_i0 - 25)) / (1023.0f - 25.0f)), 0.0f), 1.0f);
    float  _ct28 = std::pow(_ct27, (1.0f / gamma));
    float  _ct29 = (1.0f - (((_ct26 * (1.0f - _ct28)) * (1.0f - _ct28)) + (_ct25 * (1.0f - _ct28))));
    float  _ct30 = (((_ct26 * _ct28) * _ct28) + (_ct25 * _ct28));
    float  _ct31 = ((_ct28 > 0.5f)? _ct29: _ct30);
    unsigned char  _ct32 = (unsigned char ) (isl_min(isl_max((_ct31 * 256.0f), 0.0f), 255.0f));
    curve[_i0] = (((_i0 <= 25))? 0: (((_i0 > 1023))? 255: _ct32));
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
    {
      processed_r[((_i1 * C) + _i2)] = curve[isl_min(isl_max((int ) (corrected_r[((_i1 * C) + _i2)]), 0), 65535)];
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
    {
      processed_g[((_i1 * C) + _i2)] = curve[std::min(std::max((int ) (corrected_g[((_i1 * C) + _i2)]), 0), 65535)];
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
    {
      processed_b[((_i1 * C) + _i2)] = curve[isl_min(isl_max((int ) (corrected_b[((_i1 * C) + _i2)]), 0), 65535)];
    }
  }
  #ifdef ENABLE_OMP_PRAGMAS
  #pragma omp parallel for schedule(static)
  #endif
  for (int _i1 = 0; (_i1 <= (R - 1)); _i1 = (_i1 + 1))
  {
    #pragma ivdep
    for (int _i2 = 0; (_i2 <= (C - 1)); _i2 = (_i2 + 1))
    {
      out[((_i1 * (3 * C)) + (3 * _i2))] = processed_r[((_i1 * C) + _i2)];
      out[(((_i1 * (3 * C)) + (3 * _i2)) + 1)] = processed_g[((_i1 * C) + _i2)];
      out[(((_i1 * (3 * C)) + (3 * _i2)) + 2)] = processed_b[((_i1 * C) + _i2)];
    }
  }
  free(denoise_lo);
  free(denoise_hi);
  free(denoised);
  free(g_gr);
  free(r_r);
  free(b_b);
  free(g_gb);
  free(g_r);
  free(g_b);
  free(r_gr);
  free(b_gr);
  free(r_gb);
  free(b_gb);
  free(r_b);
  free(b_r);
  free(r);
  free(g);
  free(b);
  free(matrix);
  free(corrected_r);
  free(corrected_g);
  free(corrected_b);
  free(curve);
  free(processed_r);
  free(processed_g);
  free(processed_b);
}
