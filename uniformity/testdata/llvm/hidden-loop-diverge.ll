; Divergent loop exits whose join points are obscured by uniform control
; flow outside (or inside an enclosing) loop.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; mirrors AMDGPU/hidden_loopdiverge.ll @hidden_loop_diverge
; Loop (hdr, latch) exits divergently to %out1 and %out2; %out1 is also
; reached uniformly from %entry, which hides the join in %fin.
; DIVERGENT-EXIT: depth=1: entries(hdr) latch
define amdgpu_kernel void @exit_join_obscured(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br i1 %uc, label %out1, label %hdr                ; UNIFORM
hdr:
  %iv = phi i32 [ 0, %entry ], [ %iv.next, %latch ] ; UNIFORM
  %dc1 = icmp slt i32 %lane, 0                      ; DIVERGENT
  br i1 %dc1, label %out1, label %latch             ; DIVERGENT
latch:
  %iv.next = add i32 %iv, 1                         ; UNIFORM
  %dc2 = icmp sgt i32 %lane, 0                      ; DIVERGENT
  br i1 %dc2, label %out2, label %hdr               ; DIVERGENT
out1:
  %p1 = phi i32 [ %a, %entry ], [ %iv, %hdr ]       ; DIVERGENT
  br i1 %uc, label %out2, label %fin                ; UNIFORM
out2:
  %p2 = phi i32 [ 42, %out1 ], [ %b, %latch ]       ; DIVERGENT
  br label %fin                                     ; UNIFORM
fin:
  %p3 = phi i32 [ %a, %out1 ], [ %b, %out2 ]        ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/hidden_loopdiverge.ll @unobserved_loop_diverge
; Same loop, but the phis in the exit blocks only see loop-invariant values.
; DIVERGENT-EXIT: depth=1: entries(hdr) latch
define amdgpu_kernel void @exit_join_unobserved(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br i1 %uc, label %out1, label %hdr                ; UNIFORM
hdr:
  %iv = phi i32 [ 0, %entry ], [ %iv.next, %latch ] ; UNIFORM
  %dc1 = icmp slt i32 %lane, 0                      ; DIVERGENT
  br i1 %dc1, label %out1, label %latch             ; DIVERGENT
latch:
  %iv.next = add i32 %iv, 1                         ; UNIFORM
  %dc2 = icmp sgt i32 %lane, 0                      ; DIVERGENT
  br i1 %dc2, label %out2, label %hdr               ; DIVERGENT
out1:
  %q1 = phi i32 [ %a, %entry ], [ %b, %hdr ]        ; UNIFORM
  br label %fin                                     ; UNIFORM
out2:
  %q2 = phi i32 [ %b, %latch ]                      ; UNIFORM
  br label %fin                                     ; UNIFORM
fin:
  %q3 = phi i32 [ %a, %out1 ], [ %b, %out2 ]        ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/hidden_loopdiverge.ll @hidden_nestedloop_diverge
; Inner loop (ih, il) has a divergent exit to %olatch; the outer loop's
; exiting branch in %oc is control dependent on it, so the outer loop
; becomes divergent too.
; DIVERGENT-EXIT: depth=2: entries(ih) il
; DIVERGENT-EXIT: depth=1: entries(oh) olatch oc ob ih il
define amdgpu_kernel void @inner_exit_makes_outer_divergent(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %uc, label %ox, label %oh                   ; UNIFORM
oh:
  %n = phi i32 [ 0, %entry ], [ %n.next, %olatch ]  ; UNIFORM
  br i1 %uc, label %ih, label %ob                   ; UNIFORM
ob:
  br i1 %uc, label %ox, label %oc                   ; UNIFORM
oc:
  br i1 %uc, label %oy, label %olatch               ; UNIFORM
olatch:
  %n.next = add i32 %n, 1                           ; UNIFORM
  br label %oh                                      ; UNIFORM
ih:
  br i1 %dc, label %oc, label %il                   ; DIVERGENT
il:
  br i1 %uc, label %olatch, label %ih               ; UNIFORM
ox:
  %r1 = phi i32 [ %a, %entry ], [ %n, %ob ]         ; DIVERGENT
  br i1 %uc, label %oy, label %fin                  ; UNIFORM
oy:
  %r2 = phi i32 [ 42, %ox ], [ %b, %oc ]            ; DIVERGENT
  br label %fin                                     ; UNIFORM
fin:
  %r3 = phi i32 [ %a, %ox ], [ %b, %oy ]            ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/hidden_loopdiverge.ll @hidden_doublebreak_diverge
; The inner loop's divergent exit leaves both loops at once (two-level break).
; DIVERGENT-EXIT: depth=1: entries(oh) olatch ob ih il
define amdgpu_kernel void @two_level_break(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %uc, label %brk, label %oh                  ; UNIFORM
oh:
  %n = phi i32 [ 0, %entry ], [ %n.next, %olatch ]  ; UNIFORM
  br i1 %uc, label %ih, label %ob                   ; UNIFORM
ob:
  br i1 %uc, label %tail, label %olatch             ; UNIFORM
olatch:
  %n.next = add i32 %n, 1                           ; UNIFORM
  br label %oh                                      ; UNIFORM
ih:
  br i1 %dc, label %brk, label %il                  ; DIVERGENT
il:
  br i1 %uc, label %olatch, label %ih               ; UNIFORM
brk:
  %s1 = phi i32 [ %a, %entry ], [ %n, %ih ]         ; DIVERGENT
  br label %tail                                    ; UNIFORM
tail:
  %s2 = phi i32 [ 42, %brk ], [ %b, %ob ]           ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/hidden_loopdiverge.ll @hidden_containedloop_diverge
; A divergent inner loop (ih, il) inside a uniform outer loop; the inner
; exits land inside the outer loop.
; DIVERGENT-EXIT: depth=2: entries(ih) il
define amdgpu_kernel void @divergent_loop_in_uniform_loop(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %uc, label %done, label %oh                 ; UNIFORM
oh:
  %n = phi i32 [ 0, %entry ], [ %n.next, %olatch ]  ; UNIFORM
  br i1 %uc, label %ih, label %ob                   ; UNIFORM
ob:
  %t = phi i32 [ 42, %oh ], [ %k, %ih ]             ; DIVERGENT
  br label %olatch                                  ; UNIFORM
ih:
  %k = phi i32 [ 123, %oh ], [ %k.next, %il ]       ; UNIFORM
  br i1 %dc, label %ob, label %il                   ; DIVERGENT
il:
  %k.next = add i32 %k, 1                           ; UNIFORM
  br i1 %uc, label %ih, label %olatch               ; UNIFORM
olatch:
  %n.next = add i32 %n, 1                           ; UNIFORM
  br i1 %uc, label %done, label %oh                 ; UNIFORM
done:
  %z = phi i32 [ %a, %entry ], [ %n.next, %olatch ] ; UNIFORM
  ret void                                          ; UNIFORM
}
