/* A wrong build for lit/test-suite/fast-math.test, included with `-include` before the
 * pipeline: math.h first (its include guard keeps the pipeline's own include from seeing the
 * macro), then `fabsf` dropped, as a transformation that loses an operation would. In unsharp
 * mask every pixel whose detail is negative then keeps the input instead of the sharpened
 * value. */
#include <math.h>
#define fabsf(x) (x)
