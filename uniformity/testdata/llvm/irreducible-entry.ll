; Irreducible cycles entered divergently ("diverged entry"): if two paths
; that diverged outside, or inside, an irreducible cycle meet inside it at a
; block that the header does not dominate, the whole cycle is assumed
; divergent.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; mirrors AMDGPU/irreducible/diverged-entry-basic.ll @divergent_cycle_1
; Entries %p and %r; the divergent branch in %q (inside the cycle) joins at
; %s, which no header dominates.
; ASSUMED-DIVERGENT: depth=1: entries(r p) s q
; DIVERGENT-EXIT: depth=2: entries(s p) q
; DIVERGENT-EXIT: depth=1: entries(r p) s q
define amdgpu_kernel void @internal_branch_joins_at_entry(i32 inreg %a, i32 inreg %b) {
entry:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %uc, label %p, label %r                     ; UNIFORM
p:
  %pp = phi i32 [ %a, %entry ], [ %b, %s ]          ; DIVERGENT
  %p1 = add i32 %b, 1                               ; DIVERGENT
  br label %q                                       ; UNIFORM
q:
  %q1 = add i32 %b, 1                               ; DIVERGENT
  br i1 %dc, label %s, label %r                     ; DIVERGENT
r:
  %r1 = add i32 %b, 1                               ; DIVERGENT
  br label %s                                       ; UNIFORM
s:
  %sp = phi i32 [ %q1, %q ], [ %r1, %r ]            ; DIVERGENT
  %s1 = add i32 %b, 1                               ; DIVERGENT
  br i1 %uc, label %exit, label %p                  ; UNIFORM
exit:
  %e1 = add i32 %b, 1                               ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/diverged-entry-basic.ll @uniform_cycle_1
; Same divergent if-then in a reducible loop: only the join phi diverges.
define amdgpu_kernel void @internal_branch_reducible(i32 inreg %a, i32 inreg %b) {
entry:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %uc, label %p, label %t                     ; UNIFORM
p:
  %pp = phi i32 [ %a, %entry ], [ %b, %t ]          ; UNIFORM
  %p1 = add i32 %b, 1                               ; UNIFORM
  br label %q                                       ; UNIFORM
q:
  %q1 = add i32 %b, 1                               ; UNIFORM
  br i1 %dc, label %s, label %r                     ; DIVERGENT
r:
  %r1 = add i32 %b, 1                               ; UNIFORM
  br label %s                                       ; UNIFORM
s:
  %sp = phi i32 [ %q1, %q ], [ %r1, %r ]            ; DIVERGENT
  %s1 = add i32 %b, 1                               ; UNIFORM
  br i1 %uc, label %exit, label %t                  ; UNIFORM
t:
  %t1 = add i32 %b, 1                               ; UNIFORM
  br label %p                                       ; UNIFORM
exit:
  %e1 = add i32 %b, 1                               ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/branch-outside.ll @basic
; A divergent branch outside enters the irreducible cycle (p, t) at both
; entries: the whole cycle is assumed divergent, even loop-invariant adds.
; ASSUMED-DIVERGENT: depth=1: entries(p t) q
define amdgpu_kernel void @external_branch_enters_both(i32 inreg %a, i32 inreg %b) {
entry:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %dc, label %t, label %p                     ; DIVERGENT
p:
  %pp = phi i32 [ %a, %entry ], [ %b, %t ]          ; DIVERGENT
  %p1 = add i32 %b, 1                               ; DIVERGENT
  br label %q                                       ; UNIFORM
q:
  %q1 = add i32 %b, 1                               ; DIVERGENT
  %q2 = add i32 %pp, 1                              ; DIVERGENT
  br i1 %uc, label %t, label %exit                  ; UNIFORM
t:
  %tp = phi i32 [ %q1, %q ], [ %a, %entry ]         ; DIVERGENT
  %t1 = add i32 %b, 1                               ; DIVERGENT
  br label %p                                       ; UNIFORM
exit:
  %e1 = add i32 %b, 1                               ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/branch-outside.ll @nested
; As above with a reducible cycle (a, b, c) nested in the irreducible one.
; ASSUMED-DIVERGENT: depth=1: entries(p t) q na nc nb
define amdgpu_kernel void @external_branch_nested(i32 inreg %a, i32 inreg %b) {
entry:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %dc, label %t, label %p                     ; DIVERGENT
p:
  %pp = phi i32 [ %a, %entry ], [ %b, %t ]          ; DIVERGENT
  %p1 = add i32 %b, 1                               ; DIVERGENT
  br i1 %uc, label %nb, label %q                    ; UNIFORM
q:
  %q1 = add i32 %b, 1                               ; DIVERGENT
  br i1 %uc, label %t, label %exit                  ; UNIFORM
na:
  %na1 = add i32 %b, 1                              ; DIVERGENT
  br label %nb                                      ; UNIFORM
nb:
  %nb1 = add i32 %b, 1                              ; DIVERGENT
  br label %nc                                      ; UNIFORM
nc:
  %nc1 = add i32 %b, 1                              ; DIVERGENT
  br i1 %uc, label %q, label %na                    ; UNIFORM
t:
  %tp = phi i32 [ %q1, %q ], [ %a, %entry ]         ; DIVERGENT
  %t1 = add i32 %b, 1                               ; DIVERGENT
  br i1 %uc, label %na, label %p                    ; UNIFORM
exit:
  %e1 = add i32 %b, 1                               ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/branch-outside.ll @irreducible_outer_cycle
; A divergent (argument) branch outside an irreducible cycle whose
; header must be %q, with reducible cycles nested two levels deep.
; ASSUMED-DIVERGENT: depth=1: entries(q r) c b d
define void @irreducible_outer(i1 %d1, i1 inreg %u1, i1 inreg %u2) {
entry:
  br i1 %d1, label %p, label %q                     ; DIVERGENT
p:
  br i1 %u1, label %q, label %r                     ; UNIFORM
q:
  br label %r                                       ; UNIFORM
r:
  br i1 %u1, label %q, label %b                     ; UNIFORM
b:
  br i1 %u2, label %c, label %d                     ; UNIFORM
d:
  br label %b                                       ; UNIFORM
c:
  br i1 %u2, label %r, label %exit                  ; UNIFORM
exit:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/irreducible-2.ll @cycle_diverge_enter
; Two-block irreducible cycle (h, b) entered divergently from the entry.
; ASSUMED-DIVERGENT: depth=1: entries(h blk)
; DIVERGENT-EXIT: depth=1: entries(h blk)
define amdgpu_kernel void @two_block_cycle_divergent_entry(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br i1 %dc, label %blk, label %h                   ; DIVERGENT
h:
  %hp = phi i32 [ 0, %entry ], [ %b, %blk ]         ; DIVERGENT
  br label %blk                                     ; UNIFORM
blk:
  %bp = phi i32 [ %a, %h ], [ 1, %entry ]           ; DIVERGENT
  %bc = icmp sgt i32 %bp, 0                         ; DIVERGENT
  %binc = add i32 %b, 1                             ; DIVERGENT
  br i1 %dc, label %x, label %h                     ; DIVERGENT
x:
  %use = add i32 %bp, 1                             ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/irreducible-2.ll @cycle_enter_nested
; A divergent branch enters a nested cycle (h2, b) from outside the outer
; cycle (h1, h2, b, c).
; ASSUMED-DIVERGENT: depth=1: entries(h1 blk) c h2
define amdgpu_kernel void @divergent_entry_into_nested(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br i1 %dc, label %blk, label %h1                  ; DIVERGENT
h1:
  %h1p = phi i32 [ 1, %entry ], [ %b, %c ]          ; DIVERGENT
  br label %h2                                      ; UNIFORM
h2:
  %h2p = phi i32 [ 2, %blk ], [ %a, %h1 ]           ; DIVERGENT
  br label %blk                                     ; UNIFORM
blk:
  %bp = phi i32 [ 0, %entry ], [ %a, %h2 ]          ; DIVERGENT
  br i1 %uc, label %c, label %h2                    ; UNIFORM
c:
  br i1 %uc, label %x, label %h1                    ; UNIFORM
x:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/irreducible-1.ll @unstructured_loop (with
; nested branches instead of a switch)
; Two loop entries selected by a divergent argument; the latch picks the
; next entry by a value that depends on the lane.
; ASSUMED-DIVERGENT: depth=1: entries(e2 e1) body latch2 latch
; DIVERGENT-EXIT: depth=2: entries(body e1) latch2 latch
; DIVERGENT-EXIT: depth=1: entries(e2 e1) body latch2 latch
define void @two_entry_unstructured(i1 %pick) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  br i1 %pick, label %e1, label %e2                 ; DIVERGENT
e1:
  %i1 = phi i32 [ 0, %entry ], [ %i3, %latch2 ]     ; DIVERGENT
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
  %to2 = icmp eq i32 %sel, 2                        ; DIVERGENT
  br i1 %to2, label %e2, label %latch2              ; DIVERGENT
latch2:
  %to1 = icmp eq i32 %sel, 1                        ; DIVERGENT
  br i1 %to1, label %e1, label %out                 ; DIVERGENT
out:
  %is5 = icmp eq i32 %i3, 5                         ; DIVERGENT
  br i1 %is5, label %then, label %else              ; DIVERGENT
then:
  ret void                                          ; UNIFORM
else:
  ret void                                          ; UNIFORM
}

; mirrors NVPTX/non-header-join.ll @foo
; A divergent argument branch reaches an irreducible cycle at a block that is
; not the header chosen by the DFS; the cycle never exits.
; ASSUMED-DIVERGENT: depth=1: entries(late cond) body
define void @join_not_at_header(i1 %d) {
entry:
  br i1 %d, label %pre, label %late                 ; DIVERGENT
pre:
  br label %cond                                    ; UNIFORM
cond:
  br i1 false, label %body, label %late             ; UNIFORM
body:
  br label %cond                                    ; UNIFORM
late:
  br label %cond                                    ; UNIFORM
}
