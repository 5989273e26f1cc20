// print=time gives the times of every try of the transform, each labeled with its try and the
// form of the function it modeled: a function rejected as it was is tried again with its
// loop headers split (the bridge's retries), and both tries cost compile time. The other
// printers tell the last try's outcome. Without retries the lines are unlabeled (clang_time.c).
// The input is codegen/repeat-loop.c, whose smooth_repeatedly is transformed on the second try.
// RUN: env POLYPROP_OPTIONS='print=transform,time' %clang -O2 -fpass-plugin=%polyprop -c %S/../codegen/repeat-loop.c -o %t.o | FileCheck %s
// RUN: test -s %t.o
// CHECK: polyprop-time: function smooth_repeatedly, loop nests (try 1, as canonicalized): detect and model {{[0-9]+\.[0-9][0-9][0-9]}} s
// CHECK-NOT: polyprop-time
// CHECK: polyprop: function smooth_repeatedly, loop nests: transformed: 1 temporaries removed
// CHECK-NEXT: polyprop-time: function smooth_repeatedly, loop nests (try 2, loop headers split): detect and model {{[0-9.]+}} s, {{.*}}code generation {{[0-9.]+}} s{{$}}
