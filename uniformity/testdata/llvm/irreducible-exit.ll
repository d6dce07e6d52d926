; Irreducible cycles with divergent exits ("diverged exit"): values defined
; inside are temporally divergent outside, but the cycle itself is not
; assumed divergent.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; mirrors AMDGPU/irreducible/exit-divergence.ll @basic
; Irreducible cycle (p, t) with a divergent exit from %q.
; DIVERGENT-EXIT: depth=1: entries(p t) q
; TEMPORAL: %pa -> %e1 @ depth=1: entries(p t) q
; TEMPORAL: %pb -> %e2 @ depth=1: entries(p t) q
define amdgpu_kernel void @irreducible_divergent_exit(i32 inreg %a, i32 inreg %b) {
entry:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %uc, label %t, label %p                     ; UNIFORM
p:
  %pa = phi i32 [ %a, %entry ], [ %b, %t ]          ; UNIFORM
  %pb = phi i32 [ %a, %entry ], [ %tp, %t ]         ; UNIFORM
  %p1 = add i32 %b, 1                               ; UNIFORM
  br label %q                                       ; UNIFORM
q:
  %q1 = add i32 %b, 1                               ; UNIFORM
  %q2 = add i32 %pb, 1                              ; UNIFORM
  br i1 %dc, label %t, label %exit                  ; DIVERGENT
t:
  %tp = phi i32 [ %q1, %q ], [ %a, %entry ]         ; UNIFORM
  %t1 = add i32 %b, 1                               ; UNIFORM
  br label %p                                       ; UNIFORM
exit:
  %e1 = add i32 %pa, 1                              ; DIVERGENT
  %e2 = add i32 %pb, 1                              ; DIVERGENT
  %e3 = add i32 %b, 1                               ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/exit-divergence.ll @outer_reducible
; The irreducible cycle is nested in a reducible loop (header %h) and the
; divergent exit leaves both.
; DIVERGENT-EXIT: depth=1: entries(h) p t r q
; TEMPORAL: %pa -> %e1 @ depth=1: entries(h) p t r q
; TEMPORAL: %pb -> %e2 @ depth=1: entries(h) p t r q
define amdgpu_kernel void @irreducible_in_reducible_exit(i32 inreg %a, i32 inreg %b) {
entry:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br label %h                                       ; UNIFORM
h:
  br i1 %uc, label %t, label %p                     ; UNIFORM
p:
  %pa = phi i32 [ %a, %h ], [ %b, %t ]              ; UNIFORM
  %pb = phi i32 [ %a, %h ], [ %tp, %t ]             ; UNIFORM
  %p1 = add i32 %b, 1                               ; UNIFORM
  br label %q                                       ; UNIFORM
q:
  %q1 = add i32 %b, 1                               ; UNIFORM
  %q2 = add i32 %pb, 1                              ; UNIFORM
  br i1 %dc, label %r, label %exit                  ; DIVERGENT
r:
  br i1 %uc, label %t, label %h                     ; UNIFORM
t:
  %tp = phi i32 [ %q1, %r ], [ %a, %h ]             ; UNIFORM
  %t1 = add i32 %b, 1                               ; UNIFORM
  br label %p                                       ; UNIFORM
exit:
  %e1 = add i32 %pa, 1                              ; DIVERGENT
  %e2 = add i32 %pb, 1                              ; DIVERGENT
  %e3 = add i32 %b, 1                               ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/exit-divergence.ll @no_divergent_exit
; A divergent branch outside makes the cycle (h, b, c) assumed divergent, but
; its exits are uniform: uses after it are divergent only through
; divergent defs.
; ASSUMED-DIVERGENT: depth=1: entries(h blk) c
define amdgpu_kernel void @assumed_divergent_uniform_exits(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br i1 %dc, label %blk, label %h                   ; DIVERGENT
h:
  %hm = phi i32 [ 0, %entry ], [ %b, %c ]           ; DIVERGENT
  br label %blk                                     ; UNIFORM
blk:
  %bm = phi i32 [ %a, %h ], [ 1, %entry ]           ; DIVERGENT
  %bb = add i32 %a, 1                               ; DIVERGENT
  br i1 %uc, label %x, label %c                     ; UNIFORM
c:
  %cc = add i32 %a, 1                               ; DIVERGENT
  br i1 %uc, label %x, label %h                     ; UNIFORM
x:
  %xu = phi i32 [ %bb, %blk ], [ %cc, %c ]          ; DIVERGENT
  %xd = phi i32 [ %bm, %blk ], [ %cc, %c ]          ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/irreducible-2.ll @cycle_diverge_exit
; Two-block irreducible cycle (h, b) entered uniformly, exited divergently.
; DIVERGENT-EXIT: depth=1: entries(h blk)
; TEMPORAL: %bm -> %use @ depth=1: entries(h blk)
define amdgpu_kernel void @two_block_cycle_divergent_exit(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br i1 %uc, label %blk, label %h                   ; UNIFORM
h:
  %hm = phi i32 [ 0, %entry ], [ %b, %blk ]         ; UNIFORM
  br label %blk                                     ; UNIFORM
blk:
  %bm = phi i32 [ %a, %h ], [ 1, %entry ]           ; UNIFORM
  %bc = icmp sgt i32 %bm, 0                         ; UNIFORM
  %binc = add i32 %b, 1                             ; UNIFORM
  br i1 %dc, label %x, label %h                     ; DIVERGENT
x:
  %use = add i32 %bm, 1                             ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/hidden-post-dom.ll @cycle_inner_ipd
; Irreducible cycle (e1, e2, a, b, c); the divergent branch in %a joins
; at %b, hidden behind the cycle's internal structure.
; ASSUMED-DIVERGENT: depth=1: entries(e1 e2) blka blkc blkb
; DIVERGENT-EXIT: depth=1: entries(e1 e2) blka blkc blkb
define amdgpu_kernel void @hidden_join_in_irreducible(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %uc1 = icmp slt i32 %a, 2                         ; UNIFORM
  %uc2 = icmp slt i32 %a, 10                        ; UNIFORM
  br i1 %uc, label %e2, label %e1                   ; UNIFORM
e1:
  br label %e2                                      ; UNIFORM
e2:
  br i1 %uc1, label %blka, label %blkb              ; UNIFORM
blka:
  br i1 %dc, label %e1, label %blkb                 ; DIVERGENT
blkb:
  %m = phi i32 [ 0, %blka ], [ %b, %e2 ]            ; DIVERGENT
  br label %blkc                                    ; UNIFORM
blkc:
  br i1 %uc2, label %e1, label %x                   ; UNIFORM
x:
  ret void                                          ; UNIFORM
}
