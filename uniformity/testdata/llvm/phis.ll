; Phis at joins: which phis a divergent join taints, and which it spares
; (all incoming values equal, or equal up to undef).
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; mirrors AMDGPU/phi_no_divergence.ll @no_loop_phi_divergence
; A join reached by a uniform edge and two divergent ones. LLVM 22 taints
; every phi of the join unless all its incoming values are the same: %mixed,
; equal on the two divergent paths only, is divergent (later LLVM, which the
; newer version of that test checks, refines this to uniform).
define amdgpu_kernel void @constant_phis_at_join(i32 inreg %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %uc, label %split, label %join              ; UNIFORM
split:
  br i1 %dc, label %one, label %two                 ; DIVERGENT
one:
  br label %join                                    ; UNIFORM
two:
  br label %join                                    ; UNIFORM
join:
  %mixed = phi i32 [ 0, %entry ], [ 1, %one ], [ 1, %two ] ; DIVERGENT
  %diff = phi i32 [ 0, %entry ], [ 1, %one ], [ 2, %two ] ; DIVERGENT
  %same = phi i32 [ 4, %entry ], [ 4, %one ], [ 4, %two ] ; UNIFORM
  %arg = phi i32 [ %a, %entry ], [ %a, %one ], [ %a, %two ] ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/phi-undef.ll @test1
; A divergent loop exit condition; the footer phi merges a value with undef
; (or poison) and so stays uniform although the footer is a join. The
; header counter stays uniform.
; DIVERGENT-EXIT: depth=1: entries(hdr) foot body
define void @undef_incoming(i32 %bound) {
entry:
  br label %hdr                                     ; UNIFORM
hdr:
  %cnt = phi i32 [ 0, %entry ], [ %cnt.f, %foot ]   ; UNIFORM
  %brk = icmp sge i32 %cnt, %bound                  ; DIVERGENT
  br i1 %brk, label %foot, label %body              ; DIVERGENT
body:
  %cnt.n = add i32 %cnt, 1                          ; UNIFORM
  br label %foot                                    ; UNIFORM
foot:
  %cnt.f = phi i32 [ %cnt.n, %body ], [ undef, %hdr ] ; UNIFORM
  %pz = phi i32 [ %cnt.n, %body ], [ poison, %hdr ] ; UNIFORM
  br i1 %brk, label %end, label %hdr                ; DIVERGENT
end:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/phi-undef.ll (undef on the divergent path itself)
; Undef on one side of a divergent if-then-else: the phi is uniform; with
; two different defined values it is divergent.
define amdgpu_kernel void @undef_at_plain_join(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp eq i32 %lane, 0                        ; DIVERGENT
  br i1 %dc, label %then, label %else               ; DIVERGENT
then:
  br label %join                                    ; UNIFORM
else:
  br label %join                                    ; UNIFORM
join:
  %u1 = phi i32 [ %a, %then ], [ undef, %else ]     ; UNIFORM
  %u2 = phi i32 [ undef, %then ], [ undef, %else ]  ; UNIFORM
  %d1 = phi i32 [ %a, %then ], [ %b, %else ]        ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/branch-after-join.ll @test_ctrl_divergence
; A divergent diamond with long arms, then a uniform diamond after the join.
define amdgpu_kernel void @uniform_branch_after_join(i32 inreg %a, i32 inreg %b, i32 inreg %c, i32 inreg %d) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp eq i32 %lane, 0                        ; DIVERGENT
  br i1 %dc, label %r0, label %l0                   ; DIVERGENT
l0:
  %x0 = add i32 %a, 1                               ; UNIFORM
  br label %l1                                      ; UNIFORM
l1:
  %y0 = add i32 %b, 2                               ; UNIFORM
  br label %join                                    ; UNIFORM
r0:
  %x1 = add i32 %a, 10                              ; UNIFORM
  br label %r1                                      ; UNIFORM
r1:
  %y1 = add i32 %b, 20                              ; UNIFORM
  br label %join                                    ; UNIFORM
join:
  %x = phi i32 [ %x0, %l1 ], [ %x1, %r1 ]           ; DIVERGENT
  %y = phi i32 [ %y0, %l1 ], [ %y1, %r1 ]           ; DIVERGENT
  br label %next                                    ; UNIFORM
next:
  %uc = icmp eq i32 %c, 0                           ; UNIFORM
  br i1 %uc, label %u0, label %v0                   ; UNIFORM
u0:
  %z0 = add i32 %d, 1                               ; UNIFORM
  br label %u1                                      ; UNIFORM
u1:
  br label %last                                    ; UNIFORM
v0:
  %z1 = add i32 %d, 3                               ; UNIFORM
  br label %v1                                      ; UNIFORM
v1:
  br label %last                                    ; UNIFORM
last:
  %z = phi i32 [ %z0, %u1 ], [ %z1, %v1 ]           ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/phi_div_branch.ll @test_ctrl_divergence
; A divergent diamond with unmerged arms, followed by a second divergent
; branch on the same condition.
define amdgpu_kernel void @divergent_diamond_twice(i32 inreg %a, i32 inreg %b, i32 inreg %d) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp eq i32 %lane, 0                        ; DIVERGENT
  br i1 %dc, label %r0, label %l0                   ; DIVERGENT
l0:
  %x0 = add i32 %a, 1                               ; UNIFORM
  br label %l1                                      ; UNIFORM
l1:
  %y0 = add i32 %b, 2                               ; UNIFORM
  br label %l2                                      ; UNIFORM
l2:
  br label %join                                    ; UNIFORM
r0:
  %x1 = add i32 %a, 10                              ; UNIFORM
  br label %r1                                      ; UNIFORM
r1:
  %y1 = add i32 %b, 20                              ; UNIFORM
  br label %r2                                      ; UNIFORM
r2:
  br label %join                                    ; UNIFORM
join:
  %x = phi i32 [ %x0, %l2 ], [ %x1, %r2 ]           ; DIVERGENT
  %y = phi i32 [ %y0, %l2 ], [ %y1, %r2 ]           ; DIVERGENT
  br i1 %dc, label %fin, label %mid                 ; DIVERGENT
mid:
  %d1 = add i32 %d, 1                               ; UNIFORM
  br label %fin                                     ; UNIFORM
fin:
  %z = phi i32 [ %d1, %mid ], [ %d, %join ]         ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/phi_div_loop.ll @test_loop_ctrl_divergence
; Uniform loops on both arms of a divergent branch; the join after them is
; divergent, the loops themselves are not.
define amdgpu_kernel void @loops_on_divergent_arms(i32 inreg %a, i32 inreg %b, i32 inreg %c, i32 inreg %d) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %uc0 = icmp eq i32 %d, 0                          ; UNIFORM
  br i1 %uc0, label %l3, label %top                 ; UNIFORM
top:
  %dc = icmp eq i32 %lane, 0                        ; DIVERGENT
  br i1 %dc, label %r0, label %l1                   ; DIVERGENT
l1:
  %la = phi i32 [ %a, %top ], [ %la.n, %l1 ]        ; UNIFORM
  %la.n = add i32 %la, 1                            ; UNIFORM
  %lmore = icmp slt i32 %la.n, %b                   ; UNIFORM
  br i1 %lmore, label %l1, label %l2                ; UNIFORM
l2:
  %lx = add i32 %la.n, 10                           ; UNIFORM
  br label %l3                                      ; UNIFORM
l3:
  %lv = phi i32 [ %lx, %l2 ], [ %a, %entry ]        ; UNIFORM
  br label %join                                    ; UNIFORM
r0:
  %rx = add i32 %a, 20                              ; UNIFORM
  br label %r1                                      ; UNIFORM
r1:
  %ra = phi i32 [ %rx, %r0 ], [ %ra.n, %r1 ]        ; UNIFORM
  %ra.n = add i32 %ra, 1                            ; UNIFORM
  %rmore = icmp slt i32 %ra.n, %c                   ; UNIFORM
  br i1 %rmore, label %r1, label %join              ; UNIFORM
join:
  %v = phi i32 [ %lv, %l3 ], [ %ra.n, %r1 ]         ; DIVERGENT
  %dc2 = icmp eq i32 %lane, 2                       ; DIVERGENT
  br i1 %dc2, label %then, label %fin               ; DIVERGENT
then:
  %w = add i32 %v, 2                                ; DIVERGENT
  br label %fin                                     ; UNIFORM
fin:
  %res = phi i32 [ %w, %then ], [ 0, %join ]        ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/unstructured-branch.ll @test_ctrl_divergence
; A divergent branch whose arms are entered from outside the diamond and
; contain uniform side branches.
define amdgpu_kernel void @unstructured_arms(i32 inreg %a, i32 inreg %b) {
top:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %uc = icmp eq i32 %a, 0                           ; UNIFORM
  br i1 %uc, label %entry2, label %r1               ; UNIFORM
entry2:
  %dc = icmp eq i32 %lane, 0                        ; DIVERGENT
  br i1 %dc, label %r0, label %l0                   ; DIVERGENT
l0:
  br label %l1                                      ; UNIFORM
l1:
  %x0 = add i32 %a, 1                               ; UNIFORM
  %y0 = add i32 %b, 2                               ; UNIFORM
  br i1 %uc, label %l2, label %l3                   ; UNIFORM
l2:
  br label %l3                                      ; UNIFORM
l3:
  br label %join                                    ; UNIFORM
r0:
  br label %r1                                      ; UNIFORM
r1:
  %x1 = add i32 %a, 10                              ; UNIFORM
  %y1 = add i32 %b, 20                              ; UNIFORM
  br i1 %uc, label %r2, label %r3                   ; UNIFORM
r2:
  br label %r3                                      ; UNIFORM
r3:
  br label %join                                    ; UNIFORM
join:
  %x = phi i32 [ %x0, %l3 ], [ %x1, %r3 ]           ; DIVERGENT
  %y = phi i32 [ %y0, %l3 ], [ %y1, %r3 ]           ; DIVERGENT
  ret void                                          ; UNIFORM
}
