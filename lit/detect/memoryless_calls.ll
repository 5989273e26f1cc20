; A call of a function of the program is an operation of the statement when the function
; neither touches memory, throws nor runs forever: readnone, nounwind and willreturn, on the
; declaration or on the call (C's __attribute__((const)) gives all three). Lacking one, the
; call stays a reject reason that says which effect it may have.
; RUN: %model'print<polyprop-detect>' %s | FileCheck %s
; RUN: %model'print<polyprop-scops>' %s | FileCheck %s --check-prefix=MODEL
; CHECK-LABEL: polyprop-detect: function memoryless
; CHECK-NEXT: SCoP function body: 1 statements, 2 arrays
; CHECK-LABEL: polyprop-detect: function memoryless_at_call
; CHECK-NEXT: SCoP function body: 1 statements, 2 arrays
; CHECK-LABEL: polyprop-detect: function loops_forever
; CHECK-NEXT: rejected function body: call with side effects: call to spin may not return
; CHECK-LABEL: polyprop-detect: function throws
; CHECK-NEXT: rejected function body: call with side effects: call to may_throw may throw
; CHECK-LABEL: polyprop-detect: function reads
; CHECK-NEXT: rejected function body: call with side effects: call to peek reads memory
; CHECK-LABEL: polyprop-detect: function writes
; CHECK-NEXT: rejected function body: call with side effects: call to poke may write memory
; MODEL-LABEL: function memoryless
; MODEL: value: A[i0] = call_f32_square(B[i0])
; MODEL-LABEL: function memoryless_at_call
; MODEL: value: A[i0] = call_f32_unknown(B[i0])

declare float @square(float) nounwind readnone willreturn
declare float @unknown(float)
declare float @spin(float) nounwind readnone
declare float @may_throw(float) readnone willreturn
declare float @peek(float) nounwind readonly willreturn
declare float @poke(float) nounwind willreturn

define void @memoryless(i64 %n, float* noalias %A, float* noalias %B) {
entry:
  %c = icmp sgt i64 %n, 0
  br i1 %c, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pb = getelementptr inbounds float, float* %B, i64 %i
  %b = load float, float* %pb
  %v = call float @square(float %b)
  %pa = getelementptr inbounds float, float* %A, i64 %i
  store float %v, float* %pa
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @memoryless_at_call(i64 %n, float* noalias %A, float* noalias %B) {
entry:
  %c = icmp sgt i64 %n, 0
  br i1 %c, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pb = getelementptr inbounds float, float* %B, i64 %i
  %b = load float, float* %pb
  %v = call float @unknown(float %b) #0
  %pa = getelementptr inbounds float, float* %A, i64 %i
  store float %v, float* %pa
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @loops_forever(i64 %n, float* noalias %A, float* noalias %B) {
entry:
  %c = icmp sgt i64 %n, 0
  br i1 %c, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pb = getelementptr inbounds float, float* %B, i64 %i
  %b = load float, float* %pb
  %v = call float @spin(float %b)
  %pa = getelementptr inbounds float, float* %A, i64 %i
  store float %v, float* %pa
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @throws(i64 %n, float* noalias %A, float* noalias %B) {
entry:
  %c = icmp sgt i64 %n, 0
  br i1 %c, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pb = getelementptr inbounds float, float* %B, i64 %i
  %b = load float, float* %pb
  %v = call float @may_throw(float %b)
  %pa = getelementptr inbounds float, float* %A, i64 %i
  store float %v, float* %pa
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @reads(i64 %n, float* noalias %A, float* noalias %B) {
entry:
  %c = icmp sgt i64 %n, 0
  br i1 %c, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pb = getelementptr inbounds float, float* %B, i64 %i
  %b = load float, float* %pb
  %v = call float @peek(float %b)
  %pa = getelementptr inbounds float, float* %A, i64 %i
  store float %v, float* %pa
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @writes(i64 %n, float* noalias %A, float* noalias %B) {
entry:
  %c = icmp sgt i64 %n, 0
  br i1 %c, label %loop, label %exit
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %pb = getelementptr inbounds float, float* %B, i64 %i
  %b = load float, float* %pb
  %v = call float @poke(float %b)
  %pa = getelementptr inbounds float, float* %A, i64 %i
  store float %v, float* %pa
  %i.next = add nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

attributes #0 = { nounwind readnone willreturn }
