; Temporal divergence: a value that is uniform inside a loop with a divergent
; exit is divergent when observed outside that loop.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; mirrors AMDGPU/temporal_diverge.ll @temporal_diverge
; DIVERGENT-EXIT: depth=1: entries(loop)
; TEMPORAL: %i.next -> %use @ depth=1: entries(loop)
define amdgpu_kernel void @use_after_divergent_loop(i32 inreg %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  br label %loop                                    ; UNIFORM
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]    ; UNIFORM
  %i.next = add i32 %i, 1                           ; UNIFORM
  %stop = icmp slt i32 %lane, %i                    ; DIVERGENT
  br i1 %stop, label %after, label %loop            ; DIVERGENT
after:
  %use = add i32 %i.next, 5                         ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/temporal_diverge.ll @temporal_diverge_inloop
; The divergent loop is nested in a uniform loop; uses after the inner loop,
; both inside and outside the outer loop, are temporally divergent.
; DIVERGENT-EXIT: depth=2: entries(inner)
; TEMPORAL: %i.next -> %use2 @ depth=2: entries(inner)
; TEMPORAL: %i.next -> %use1 @ depth=2: entries(inner)
define amdgpu_kernel void @use_after_inner_loop(i32 inreg %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br label %outer                                   ; UNIFORM
outer:
  br label %inner                                   ; UNIFORM
inner:
  %i = phi i32 [ 0, %outer ], [ %i.next, %inner ]   ; UNIFORM
  %i.next = add i32 %i, 1                           ; UNIFORM
  %stop = icmp slt i32 %lane, 0                     ; DIVERGENT
  br i1 %stop, label %olatch, label %inner          ; DIVERGENT
olatch:
  %use1 = add i32 %i.next, 5                        ; DIVERGENT
  br i1 %uc, label %outer, label %done              ; UNIFORM
done:
  %use2 = add i32 %i.next, 7                        ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/temporal_diverge.ll @temporal_uniform_indivloop
; The inner loop exits uniformly, so uses inside the divergent outer loop
; are uniform; only the use after the outer loop is temporally divergent.
; DIVERGENT-EXIT: depth=1: entries(outer) olatch inner
; TEMPORAL: %i.next -> %use2 @ depth=1: entries(outer) olatch inner
define amdgpu_kernel void @uniform_inner_in_divergent_outer(i32 inreg %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br label %outer                                   ; UNIFORM
outer:
  br label %inner                                   ; UNIFORM
inner:
  %i = phi i32 [ 0, %outer ], [ %i.next, %inner ]   ; UNIFORM
  %i.next = add i32 %i, 1                           ; UNIFORM
  br i1 %uc, label %olatch, label %inner            ; UNIFORM
olatch:
  %use1 = add i32 %i.next, 5                        ; UNIFORM
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %dc, label %outer, label %done              ; DIVERGENT
done:
  %use2 = add i32 %i.next, 7                        ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/temporal_diverge.ll @temporal_diverge_loopuser
; The user sits in a later, sibling (uniform) loop.
; DIVERGENT-EXIT: depth=1: entries(first)
; TEMPORAL: %i.next -> %use @ depth=1: entries(first)
define amdgpu_kernel void @use_in_sibling_loop(i32 inreg %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br label %first                                   ; UNIFORM
first:
  %i = phi i32 [ 0, %entry ], [ %i.next, %first ]   ; UNIFORM
  %i.next = add i32 %i, 1                           ; UNIFORM
  %stop = icmp slt i32 %lane, 0                     ; DIVERGENT
  br i1 %stop, label %between, label %first         ; DIVERGENT
between:
  br label %second                                  ; UNIFORM
second:
  %use = add i32 %i.next, 5                         ; DIVERGENT
  br i1 %uc, label %second, label %done             ; UNIFORM
done:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/temporal_diverge.ll @temporal_diverge_loopuser_nested
; Divergent loop and a sibling user loop, both inside an outer loop that
; never exits.
; DIVERGENT-EXIT: depth=2: entries(first)
; TEMPORAL: %i.next -> %use @ depth=2: entries(first)
define amdgpu_kernel void @use_in_sibling_loop_nested(i32 inreg %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br label %outer                                   ; UNIFORM
outer:
  br label %first                                   ; UNIFORM
first:
  %i = phi i32 [ 0, %outer ], [ %i.next, %first ]   ; UNIFORM
  %i.next = add i32 %i, 1                           ; UNIFORM
  %stop = icmp slt i32 %lane, 0                     ; DIVERGENT
  br i1 %stop, label %second, label %first          ; DIVERGENT
second:
  %use = add i32 %i.next, 5                         ; DIVERGENT
  br i1 %uc, label %second, label %outer            ; UNIFORM
}

; mirrors NVPTX/diverge.ll @lcssa
; An LCSSA-style single-input phi of a loop value, and a branch on it.
; DIVERGENT-EXIT: depth=1: entries(loop)
; TEMPORAL: %i -> %i.lcssa @ depth=1: entries(loop)
define amdgpu_kernel void @lcssa_phi_and_branch(i32 inreg %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  br label %loop                                    ; UNIFORM
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]    ; UNIFORM
  %i.next = add i32 %i, 1                           ; UNIFORM
  %stop = icmp sge i32 %i.next, %lane               ; DIVERGENT
  br i1 %stop, label %exit, label %loop             ; DIVERGENT
exit:
  %i.lcssa = phi i32 [ %i, %loop ]                  ; DIVERGENT
  %is10 = icmp eq i32 %i.lcssa, 10                  ; DIVERGENT
  br i1 %is10, label %then, label %else             ; DIVERGENT
then:
  ret void                                          ; UNIFORM
else:
  ret void                                          ; UNIFORM
}

; mirrors NVPTX/diverge.ll @loop
; The exit block branches directly on a loop-defined condition (the temporal
; user is a terminator) and stores a loop value (an unnamed user).
; DIVERGENT-EXIT: depth=1: entries(loop) body
; TEMPORAL: %i -> exit:0 @ depth=1: entries(loop) body
; TEMPORAL: %small -> exit:1 @ depth=1: entries(loop) body
define amdgpu_kernel void @terminator_and_store_users(i32 inreg %a, ptr addrspace(1) inreg %out) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  br label %loop                                    ; UNIFORM
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]    ; UNIFORM
  %i.next = add i32 %i, 1                           ; UNIFORM
  %small = icmp slt i32 %i.next, %a                 ; UNIFORM
  %stop = icmp eq i32 %lane, %i                     ; DIVERGENT
  br i1 %stop, label %exit, label %body             ; DIVERGENT
body:
  br label %loop                                    ; UNIFORM
exit:
  store i32 %i, ptr addrspace(1) %out               ; DIVERGENT
  br i1 %small, label %then, label %else            ; DIVERGENT
then:
  br label %else                                    ; UNIFORM
else:
  %r = phi i32 [ 1, %then ], [ 2, %exit ]           ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/temporal_diverge.ll (uniform exit: no temporal divergence)
; A loop whose only exit is uniform: values used after it stay uniform.
define amdgpu_kernel void @use_after_uniform_loop(i32 inreg %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  br label %loop                                    ; UNIFORM
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]    ; UNIFORM
  %i.next = add i32 %i, 1                           ; UNIFORM
  %stop = icmp sge i32 %i.next, %a                  ; UNIFORM
  br i1 %stop, label %exit, label %loop             ; UNIFORM
exit:
  %i.lcssa = phi i32 [ %i, %loop ]                  ; UNIFORM
  %use = add i32 %i.next, %lane                     ; DIVERGENT
  %use2 = add i32 %i.lcssa, 1                       ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/MIR/uses-value-from-cycle.mir @f1
; The exit condition of the inner loop depends on an outer-loop phi that only
; becomes divergent through a join later in the outer loop; the inner loop
; then has a divergent exit and its value is temporally divergent outside.
; DIVERGENT-EXIT: depth=2: entries(inner)
; DIVERGENT-EXIT: depth=1: entries(outer) latch after inner then
; TEMPORAL: %t -> %t.lcssa @ depth=2: entries(inner)
; TEMPORAL: %t.next -> %res @ depth=2: entries(inner)
; TEMPORAL: %t.next -> %res @ depth=1: entries(outer) latch after inner then
define amdgpu_kernel void @inner_exit_divergent_via_outer_join(i32 inreg %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  br label %outer                                   ; UNIFORM
outer:
  %k = phi i32 [ 0, %entry ], [ %k.next, %latch ]   ; DIVERGENT
  %kc = icmp slt i32 %k, %a                         ; DIVERGENT
  br label %inner                                   ; UNIFORM
inner:
  %t = phi i32 [ %k, %outer ], [ %t.next, %inner ]  ; DIVERGENT
  %t.next = add i32 %t, 1                           ; DIVERGENT
  br i1 %kc, label %inner, label %after             ; DIVERGENT
after:
  %t.lcssa = phi i32 [ %t, %inner ]                 ; DIVERGENT
  %dc = icmp slt i32 %lane, %a                      ; DIVERGENT
  br i1 %dc, label %then, label %latch              ; DIVERGENT
then:
  %t.or = or i32 %t.lcssa, 1                        ; DIVERGENT
  br label %latch                                   ; UNIFORM
latch:
  %k.next = phi i32 [ %t.or, %then ], [ %t.lcssa, %after ] ; DIVERGENT
  %more = icmp slt i32 %k.next, 10                  ; DIVERGENT
  br i1 %more, label %outer, label %exit            ; DIVERGENT
exit:
  %res = add i32 %t.next, 1                         ; DIVERGENT
  ret void                                          ; UNIFORM
}
