; Sources of divergence, plain data dependence, always-uniform collectives,
; and simple control dependence.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)

; mirrors NVPTX/diverge.ll @no_diverge
; Uniform branch; divergence reaches the phi only through its operands.
define amdgpu_kernel void @uniform_branch_divergent_data(i32 inreg %n, i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %uc = icmp slt i32 %n, 0                          ; UNIFORM
  br i1 %uc, label %then, label %else               ; UNIFORM
then:
  %x = add i32 %a, %lane                            ; DIVERGENT
  br label %join                                    ; UNIFORM
else:
  %y = add i32 %b, %lane                            ; DIVERGENT
  br label %join                                    ; UNIFORM
join:
  %z = phi i32 [ %x, %then ], [ %y, %else ]         ; DIVERGENT
  %u = phi i32 [ %a, %then ], [ %b, %else ]         ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors NVPTX/diverge.ll @sync
; If-then on a lane-dependent condition: the phi after it is sync dependent.
define amdgpu_kernel void @if_then_sync(i32 inreg %a, i32 inreg %b) {
bb1:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 5                       ; DIVERGENT
  br i1 %dc, label %bb2, label %bb3                 ; DIVERGENT
bb2:
  br label %bb3                                     ; UNIFORM
bb3:
  %c = phi i32 [ %a, %bb1 ], [ %b, %bb2 ]           ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors NVPTX/diverge.ll @mixed
; A uniform diamond nested in one arm of a divergent branch: its phi is
; uniform, the outer join's is not.
define amdgpu_kernel void @uniform_diamond_in_divergent_arm(i32 inreg %n, i32 inreg %a, i32 inreg %b) {
bb1:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 5                       ; DIVERGENT
  br i1 %dc, label %bb6, label %bb2                 ; DIVERGENT
bb2:
  %uc = icmp slt i32 %n, 0                          ; UNIFORM
  br i1 %uc, label %bb4, label %bb3                 ; UNIFORM
bb3:
  br label %bb5                                     ; UNIFORM
bb4:
  br label %bb5                                     ; UNIFORM
bb5:
  %c = phi i32 [ %a, %bb3 ], [ %b, %bb4 ]           ; UNIFORM
  br label %bb6                                     ; UNIFORM
bb6:
  %c2 = phi i32 [ 0, %bb1 ], [ %c, %bb5 ]           ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors NVPTX/diverge.ll @device and AMDGPU/kernel-args.ll
; Outside a kernel, arguments not passed inreg are divergent.
define void @divergent_arguments(i32 %n, i32 %a, i32 inreg %b) {
entry:
  %dc = icmp slt i32 %n, 0                          ; DIVERGENT
  %ub = add i32 %b, 1                               ; UNIFORM
  br i1 %dc, label %then, label %else               ; DIVERGENT
then:
  br label %join                                    ; UNIFORM
else:
  br label %join                                    ; UNIFORM
join:
  %c = phi i32 [ %a, %then ], [ %b, %else ]         ; DIVERGENT
  %d = phi i32 [ %ub, %then ], [ %ub, %else ]       ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors NVPTX/diverge.ll @sync_no_loop
; A value computed after a divergent diamond from uniform operands only is
; uniform: only phis are affected by the join.
define amdgpu_kernel void @no_phi_no_sync(i32 inreg %arg) {
entry:
  %x = add i32 %arg, 1                              ; UNIFORM
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp sge i32 %lane, 10                      ; DIVERGENT
  br i1 %dc, label %bb1, label %bb2                 ; DIVERGENT
bb1:
  br label %bb3                                     ; UNIFORM
bb2:
  br label %bb3                                     ; UNIFORM
bb3:
  %y = add i32 %x, 2                                ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/always_uniform.ll @readfirstlane
; readfirstlane makes a divergent value uniform, and branching on it is
; uniform.
define amdgpu_kernel void @readfirstlane_is_uniform(i32 inreg %a, ptr addrspace(1) inreg %out) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %first = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %lane) ; UNIFORM
  %f1 = add i32 %first, %a                          ; UNIFORM
  %fc = icmp eq i32 %f1, 0                          ; UNIFORM
  %sel = select i1 %fc, i32 %lane, i32 %a           ; DIVERGENT
  store i32 %f1, ptr addrspace(1) %out              ; UNIFORM
  store i32 %sel, ptr addrspace(1) %out             ; DIVERGENT
  br i1 %fc, label %then, label %done               ; UNIFORM
then:
  br label %done                                    ; UNIFORM
done:
  %p = phi i32 [ 1, %then ], [ 2, %entry ]          ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/no-return-blocks.ll @no_return_blocks
; The function never returns (no post-dominator tree root). The divergent
; branch enters the cycle (bb1, bb2) at both blocks, so the irreducible cycle
; is assumed divergent and even its uniform-looking values are divergent.
; ASSUMED-DIVERGENT: depth=1: entries(bb2 bb1)
define amdgpu_kernel void @never_returns(i32 inreg %a, ptr addrspace(1) inreg %out) {
bb0:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %v = add i32 %lane, %a                            ; DIVERGENT
  %dc = icmp slt i32 %v, 0                          ; DIVERGENT
  br i1 %dc, label %bb1, label %bb2                 ; DIVERGENT
bb1:
  %w1 = add i32 %v, 1                               ; DIVERGENT
  %u1 = add i32 %a, 1                               ; DIVERGENT
  br label %bb2                                     ; UNIFORM
bb2:
  %w2 = sub i32 %v, 1                               ; DIVERGENT
  %u2 = sub i32 %a, 1                               ; DIVERGENT
  store i32 %u2, ptr addrspace(1) %out              ; DIVERGENT
  br label %bb1                                     ; UNIFORM
}

; mirrors AMDGPU/unreachable-loop-block.ll @unreachable_loop
; Blocks not reachable from the entry: their divergent branch does not make
; the reachable join divergent; data divergence still flows.
define amdgpu_kernel void @unreachable_blocks(i32 inreg %a) {
entry:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br i1 %uc, label %join, label %other              ; UNIFORM
other:
  br label %join                                    ; UNIFORM
dead:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, %a                      ; DIVERGENT
  br i1 %dc, label %dead, label %join               ; DIVERGENT
join:
  %p = phi i32 [ 1, %entry ], [ 2, %other ], [ 3, %dead ] ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/irreducible-1.ll @unstructured_loop (with the
; switch)
; A switch on a lane-dependent value selects one of two loop entries.
; ASSUMED-DIVERGENT: depth=1: entries(e2 e1) body latch
; DIVERGENT-EXIT: depth=1: entries(e2 e1) body latch
; DIVERGENT-EXIT: depth=2: entries(body e1) latch
define void @switch_two_entries(i1 %pick) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  br i1 %pick, label %e1, label %e2                 ; DIVERGENT
e1:
  %i1 = phi i32 [ 0, %entry ], [ %i3, %latch ]      ; DIVERGENT
  %j1 = add i32 %i1, 1                              ; DIVERGENT
  br label %body                                    ; UNIFORM
e2:
  %i2 = phi i32 [ 0, %entry ], [ %i3, %latch ]      ; DIVERGENT
  %j2 = add i32 %i2, 2                              ; DIVERGENT
  br label %body                                    ; UNIFORM
body:
  %i3 = phi i32 [ %j1, %e1 ], [ %j2, %e2 ]          ; DIVERGENT
  br label %latch                                   ; UNIFORM
latch:
  %sel = sub i32 %lane, %i3                         ; DIVERGENT
  switch i32 %sel, label %out [ i32 1, label %e1 i32 2, label %e2 ] ; DIVERGENT
out:
  %is5 = icmp eq i32 %i3, 5                         ; DIVERGENT
  br i1 %is5, label %then, label %else              ; DIVERGENT
then:
  ret void                                          ; UNIFORM
else:
  ret void                                          ; UNIFORM
}

; Own: a uniform switch and a divergent switch.
define amdgpu_kernel void @switches(i32 inreg %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  switch i32 %a, label %m1 [ i32 0, label %x1 i32 1, label %y1 ] ; UNIFORM
x1:
  br label %m1                                      ; UNIFORM
y1:
  br label %m1                                      ; UNIFORM
m1:
  %p1 = phi i32 [ 0, %entry ], [ 1, %x1 ], [ 2, %y1 ] ; UNIFORM
  %key = and i32 %lane, 3                           ; DIVERGENT
  switch i32 %key, label %m2 [ i32 0, label %x2 i32 1, label %y2 ] ; DIVERGENT
x2:
  br label %m2                                      ; UNIFORM
y2:
  br label %m2                                      ; UNIFORM
m2:
  %p2 = phi i32 [ 0, %m1 ], [ 1, %x2 ], [ 2, %y2 ]  ; DIVERGENT
  ret void                                          ; UNIFORM
}
