// An image class returned by value, as C++ is written: `Image out(w, h); ...; return out;`.
// The return value is built in the caller's object (NRVO): its vector's pointers are stored
// into that object after the temporaries are filled, a value the model has no type for, so
// the function body is no SCoP. The sequence of nests after those stores is: a store of a
// pointer ends every sequence of nests (detect.rs), the guard of the next nest gets a block
// of its own (polyprop-split-entry-guard), and the temporaries, filled with zeros before it
// and only freed after, are temporaries of the sequence whose contents at its entry are the
// program's (arrays.rs: accesses that run only before a region). Versioned in place.
// - unsharp: both temporaries propagated.
// - border_read: the last stage reads t's border columns, which no stage writes: the zeros
//   of t's fill, before the sequence, as the region found them (not indeterminate contents,
//   whose reads would be assumed away and the check fail). u propagated, t kept.
// - used_after: a temporary whose storage a call reads after the stages stays (by removed,
//   bx kept); escaped_before: one whose address is stored before the stages, and read through
//   that copy after them, is no temporary of the stages (not an access of an element).
// The new code of all three runs at every size but 0 x 4, where no stage runs; outputs
// identical.
// RUN: clang++-14 -O3 %s -o %t.naive
// RUN: env POLYPROP_OPTIONS='print=transform;trace-checks' clang++-14 -O3 -fpass-plugin=%polyprop %s -o %t.pp 2>&1 | FileCheck %s
// RUN: sh -c 'for s in "300 200" "64 48" "7 5" "3 3" "1 1" "0 4"; do %t.naive $s; done' > %t.naive.out
// RUN: sh -c 'for s in "300 200" "64 48" "7 5" "3 3" "1 1" "0 4"; do %t.pp $s; done' > %t.pp.out 2> %t.trace
// RUN: cmp %t.naive.out %t.pp.out
// RUN: sort %t.trace | uniq -c | FileCheck %s --check-prefix=RAN
// CHECK-DAG: polyprop: function _Z7unsharpRK5Image, loop nests: transformed: 2 temporaries removed
// CHECK-DAG: polyprop: function _Z11border_readRK5Image, loop nests: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z10used_afterRK5Image, loop nests: transformed: 1 temporaries removed
// CHECK-DAG: polyprop: function _Z14escaped_beforeiiPKfPfP6Holder, {{.*}}not transformed
// CHECK-DAG: polyprop: function _Z17moved_into_resultRK5Image, loop nests: not transformed: rejected: unsupported instruction: value of unsupported type crosses statements
// RAN-DAG: 5 polyprop: new code of _Z7unsharpRK5Image.
// RAN-DAG: 5 polyprop: new code of _Z11border_readRK5Image.
// RAN-DAG: 5 polyprop: new code of _Z10used_afterRK5Image.
#include "Inputs/harness.h"
#include <vector>

struct Image {
  int w, h;
  std::vector<float> px;
  Image(int w, int h) : w(w), h(h), px((size_t)w * h) {}
  Image(int w, int h, std::vector<float> &&p) : w(w), h(h), px(std::move(p)) {}
  float &at(int x, int y) { return px[(size_t)y * w + x]; }
  float at(int x, int y) const { return px[(size_t)y * w + x]; }
};

Image unsharp(const Image &in) {
  Image bx(in.w, in.h), by(in.w, in.h), out(in.w, in.h);
  for (int y = 0; y < in.h; y++)
    for (int x = 1; x + 1 < in.w; x++)
      bx.at(x, y) = (in.at(x - 1, y) + 2 * in.at(x, y) + in.at(x + 1, y)) * 0.25f;
  for (int y = 1; y + 1 < in.h; y++)
    for (int x = 1; x + 1 < in.w; x++)
      by.at(x, y) = (bx.at(x, y - 1) + 2 * bx.at(x, y) + bx.at(x, y + 1)) * 0.25f;
  for (int y = 1; y + 1 < in.h; y++)
    for (int x = 1; x + 1 < in.w; x++)
      out.at(x, y) = in.at(x, y) + 1.5f * (in.at(x, y) - by.at(x, y));
  return out;
}

Image border_read(const Image &in) {
  Image u(in.w, in.h), t(in.w, in.h), out(in.w, in.h);
  for (int y = 0; y < in.h; y++)
    for (int x = 0; x < in.w; x++)
      u.at(x, y) = in.at(x, y) * 3.0f + 1.0f;
  for (int y = 0; y < in.h; y++)
    for (int x = 1; x + 1 < in.w; x++)
      t.at(x, y) = u.at(x - 1, y) - u.at(x + 1, y);
  for (int y = 0; y < in.h; y++)
    for (int x = 1; x + 1 < in.w; x++)
      out.at(x, y) = t.at(x - 1, y) + t.at(x, y) * 0.5f - t.at(x + 1, y);
  return out;
}

static uint64_t consumed;

__attribute__((noinline)) void consume(const float *p, size_t n) {
  consumed ^= harness_fnv1a(p, n * sizeof(float));
}

Image used_after(const Image &in) {
  Image bx(in.w, in.h), by(in.w, in.h), out(in.w, in.h);
  for (int y = 0; y < in.h; y++)
    for (int x = 1; x + 1 < in.w; x++)
      bx.at(x, y) = in.at(x - 1, y) + in.at(x + 1, y);
  for (int y = 1; y + 1 < in.h; y++)
    for (int x = 1; x + 1 < in.w; x++)
      by.at(x, y) = bx.at(x, y - 1) * bx.at(x, y + 1);
  for (int y = 1; y + 1 < in.h; y++)
    for (int x = 1; x + 1 < in.w; x++)
      out.at(x, y) = by.at(x, y) - in.at(x, y);
  consume(bx.px.data(), bx.px.size());
  return out;
}

// Not yet: a local vector moved into the returned object after the stages. Its storage is
// a null-or-new pointer the object's stores take, a value of no type of the model, and the
// compute nests alone start at a block with two predecessors.
Image moved_into_result(const Image &in) {
  std::vector<float> t(in.px.size()), o(in.px.size());
  for (int y = 0; y < in.h; y++)
    for (int x = 1; x + 1 < in.w; x++)
      t[(size_t)y * in.w + x] = in.at(x - 1, y) + in.at(x + 1, y);
  for (int y = 0; y < in.h; y++)
    for (int x = 1; x + 1 < in.w; x++)
      o[(size_t)y * in.w + x] = t[(size_t)y * in.w + x] * 0.5f;
  return Image(in.w, in.h, std::move(o));
}

// The twin of an access before: a temporary whose address is stored before the stages
// (escaped) is read after them through that copy: live-out, kept.
struct Holder {
  float *p;
  size_t n;
};

__attribute__((noinline)) void consume_held(const Holder *h) { consume(h->p, h->n); }

void escaped_before(int w, int h, const float *in, float *out, Holder *keep) {
  float *t = (float *)calloc((size_t)w * h + 1, sizeof(float));
  keep->p = t;
  keep->n = (size_t)w * h;
  for (int y = 0; y < h; y++)
    for (int x = 1; x + 1 < w; x++)
      t[y * w + x] = in[y * w + x - 1] - in[y * w + x + 1];
  for (int y = 0; y < h; y++)
    for (int x = 1; x + 1 < w; x++)
      out[y * w + x] = t[y * w + x] * 0.5f;
  consume_held(keep);
  free(t);
}

int main(int argc, char **argv) {
  int w = argc > 2 ? atoi(argv[1]) : 64, h = argc > 2 ? atoi(argv[2]) : 48;
  Image in(w, h);
  harness_fill_float(in.px.data(), (long)in.px.size());
  Image a = unsharp(in), b = border_read(in), c = used_after(in);
  harness_print("unsharp", a.px.data(), a.px.size() * sizeof(float));
  harness_print("border_read", b.px.data(), b.px.size() * sizeof(float));
  harness_print("used_after", c.px.data(), c.px.size() * sizeof(float));
  Image m = moved_into_result(in);
  harness_print("moved_into_result", m.px.data(), m.px.size() * sizeof(float));
  std::vector<float> e((size_t)w * h + 1);
  Holder keep;
  escaped_before(w, h, in.px.data(), e.data(), &keep);
  harness_print("escaped_before", e.data(), e.size() * sizeof(float));
  printf("consumed %016llx\n", (unsigned long long)consumed);
  return 0;
}
