; Reducible and irreducible cycles mixed: reducible cycles inside irreducible
; ones, irreducible ones inside reducible loops, and the way a reducible
; header forwards its label to the cycle exits.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; mirrors AMDGPU/irreducible/reducible-headers.ll @nested_irreducible
; Irreducible cycle (p, t) inside a reducible loop (header %h); the divergent
; branch in %q exits the inner cycle. %p stays convergent.
; DIVERGENT-EXIT: depth=2: entries(p t) r q
; DIVERGENT-EXIT: depth=1: entries(h) s p t r q u
; TEMPORAL: %q2 -> %e1 @ depth=2: entries(p t) r q
; TEMPORAL: %q2 -> %sp @ depth=2: entries(p t) r q
; TEMPORAL: %q2 -> %e1 @ depth=1: entries(h) s p t r q u
define amdgpu_kernel void @irreducible_in_loop(i32 inreg %a, i32 inreg %b) {
entry:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br label %h                                       ; UNIFORM
h:
  br i1 %uc, label %t, label %p                     ; UNIFORM
p:
  %pp = phi i32 [ %a, %h ], [ %b, %t ]              ; UNIFORM
  %p1 = add i32 %b, 1                               ; UNIFORM
  br label %q                                       ; UNIFORM
q:
  %q1 = add i32 %b, 1                               ; UNIFORM
  %q2 = add i32 %pp, 1                              ; UNIFORM
  br i1 %dc, label %r, label %u                     ; DIVERGENT
r:
  br i1 %uc, label %s, label %t                     ; UNIFORM
t:
  %tp = phi i32 [ %q1, %r ], [ %a, %h ]             ; UNIFORM
  %t1 = add i32 %b, 1                               ; UNIFORM
  br label %p                                       ; UNIFORM
s:
  %sp = phi i32 [ %q2, %u ], [ %a, %r ]             ; DIVERGENT
  %s1 = add i32 %b, 1                               ; UNIFORM
  br label %h                                       ; UNIFORM
u:
  br i1 %uc, label %s, label %exit                  ; UNIFORM
exit:
  %e1 = add i32 %q2, 1                              ; DIVERGENT
  %e2 = add i32 %b, 1                               ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/reducible-headers.ll @header_label_1
; Reducible loop with a divergent branch in %t; the paths join only at the
; header %h, so %p (reached through %u) is not a join.
; DIVERGENT-EXIT: depth=1: entries(h) q p u t r
; TEMPORAL: %q2 -> %e1 @ depth=1: entries(h) q p u t r
define amdgpu_kernel void @header_label_not_forwarded(i32 inreg %a, i32 inreg %b) {
entry:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br label %h                                       ; UNIFORM
h:
  br i1 %uc, label %t, label %p                     ; UNIFORM
p:
  %pp = phi i32 [ %a, %h ], [ %b, %u ]              ; UNIFORM
  %p1 = add i32 %b, 1                               ; UNIFORM
  br label %q                                       ; UNIFORM
q:
  %q1 = add i32 %b, 1                               ; UNIFORM
  %q2 = add i32 %pp, 1                              ; UNIFORM
  br i1 %uc, label %exit, label %h                  ; UNIFORM
r:
  br label %h                                       ; UNIFORM
t:
  br i1 %dc, label %r, label %u                     ; DIVERGENT
u:
  br label %p                                       ; UNIFORM
exit:
  %e1 = add i32 %q2, 1                              ; DIVERGENT
  %e2 = add i32 %b, 1                               ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/reducible-headers.ll @header_label_2
; Divergent branch in %h2 inside loop (h1 .. d): %bk is reached from %h1
; and %h2 but is not a join; %d is.
define amdgpu_kernel void @header_label_2(i32 inreg %a, i32 inreg %b) {
entry:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br label %h1                                      ; UNIFORM
h1:
  br i1 %uc, label %bk, label %h2                   ; UNIFORM
h2:
  br i1 %dc, label %bk, label %ck                   ; DIVERGENT
bk:
  %bp = phi i32 [ %a, %h1 ], [ %b, %h2 ]            ; UNIFORM
  br label %d                                       ; UNIFORM
ck:
  br label %d                                       ; UNIFORM
d:
  %dp = phi i32 [ %a, %bk ], [ %b, %ck ]            ; DIVERGENT
  br i1 %uc, label %exit, label %h1                 ; UNIFORM
exit:
  %e1 = add i32 %dp, 1                              ; DIVERGENT
  %e2 = add i32 %b, 1                               ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/irreducible-2.ll @cycle_reentrance
; Divergent branch at %h; %c is also entered from outside, making the cycle
; irreducible.
; ASSUMED-DIVERGENT: depth=1: entries(c h) d bk
; DIVERGENT-EXIT: depth=2: entries(d h) bk
; DIVERGENT-EXIT: depth=1: entries(c h) d bk
define amdgpu_kernel void @reentrance(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br i1 %uc, label %h, label %c                     ; UNIFORM
h:
  %hm = phi i32 [ 0, %entry ], [ %b, %d ]           ; DIVERGENT
  br i1 %dc, label %bk, label %c                    ; DIVERGENT
bk:
  %bi = add i32 %hm, 1                              ; DIVERGENT
  br label %d                                       ; UNIFORM
c:
  %cm = phi i32 [ 0, %entry ], [ %hm, %h ]          ; DIVERGENT
  %ci = add i32 %cm, 2                              ; DIVERGENT
  br label %d                                       ; UNIFORM
d:
  %dm = phi i32 [ %bi, %bk ], [ %ci, %c ]           ; DIVERGENT
  br i1 %uc, label %x, label %h                     ; UNIFORM
x:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/irreducible-2.ll @cycle_reentrance2
; Same graph with the entry successors swapped (different DFS, header %c).
; ASSUMED-DIVERGENT: depth=1: entries(h c) d bk
define amdgpu_kernel void @reentrance_swapped(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br i1 %uc, label %c, label %h                     ; UNIFORM
h:
  %hm = phi i32 [ 0, %entry ], [ %b, %d ]           ; DIVERGENT
  br i1 %dc, label %bk, label %c                    ; DIVERGENT
bk:
  %bi = add i32 %hm, 1                              ; DIVERGENT
  br label %d                                       ; UNIFORM
c:
  %cm = phi i32 [ 0, %entry ], [ %hm, %h ]          ; DIVERGENT
  %ci = add i32 %cm, 2                              ; DIVERGENT
  br label %d                                       ; UNIFORM
d:
  %dm = phi i32 [ %bi, %bk ], [ %ci, %c ]           ; DIVERGENT
  br i1 %uc, label %x, label %h                     ; UNIFORM
x:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/irreducible-2.ll @cycle_join_dominated_by_diverge
; The join %d is dominated by the divergent block %h2.
define amdgpu_kernel void @join_dominated_by_branch(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br i1 %uc, label %h1, label %h2                   ; UNIFORM
h1:
  %m1 = phi i32 [ 0, %entry ], [ %b, %d ]           ; UNIFORM
  br label %h2                                      ; UNIFORM
h2:
  %m2 = phi i32 [ 0, %entry ], [ %b, %h1 ]          ; UNIFORM
  br i1 %dc, label %bk, label %ck                   ; DIVERGENT
bk:
  %bi = add i32 %m2, 1                              ; UNIFORM
  br label %d                                       ; UNIFORM
ck:
  %ci = add i32 %m2, 2                              ; UNIFORM
  br label %d                                       ; UNIFORM
d:
  %dm = phi i32 [ %bi, %bk ], [ %ci, %ck ]          ; DIVERGENT
  br i1 %uc, label %x, label %h1                    ; UNIFORM
x:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/irreducible-2.ll @cycle_join_dominated_by_entry
; The join %d is dominated by the cycle entry %h2, not by the branch.
define amdgpu_kernel void @join_dominated_by_entry(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br i1 %uc, label %h1, label %h2                   ; UNIFORM
h1:
  %m1 = phi i32 [ 0, %entry ], [ %b, %d ]           ; UNIFORM
  br label %h2                                      ; UNIFORM
h2:
  %m2 = phi i32 [ 0, %entry ], [ %b, %h1 ]          ; UNIFORM
  br i1 %uc, label %ak, label %d                    ; UNIFORM
ak:
  br i1 %dc, label %bk, label %ck                   ; DIVERGENT
bk:
  %bi = add i32 %m2, 1                              ; UNIFORM
  br label %d                                       ; UNIFORM
ck:
  %ci = add i32 %m2, 2                              ; UNIFORM
  br label %d                                       ; UNIFORM
d:
  %dm = phi i32 [ %bi, %bk ], [ %ci, %ck ], [ %m2, %h2 ] ; DIVERGENT
  br i1 %uc, label %x, label %h1                    ; UNIFORM
x:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/irreducible-2.ll @cycle_join_not_dominated
; The join %d is dominated neither by the branch in %c nor by an entry.
; ASSUMED-DIVERGENT: depth=1: entries(h c) d bk
define amdgpu_kernel void @join_not_dominated(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br i1 %uc, label %c, label %h                     ; UNIFORM
h:
  %hm = phi i32 [ 0, %entry ], [ %b, %d ]           ; DIVERGENT
  br i1 %uc, label %bk, label %c                    ; UNIFORM
bk:
  %bm = phi i32 [ 0, %h ], [ %b, %c ]               ; DIVERGENT
  %bi = add i32 %bm, 1                              ; DIVERGENT
  br label %d                                       ; UNIFORM
c:
  %cm = phi i32 [ 0, %entry ], [ %hm, %h ]          ; DIVERGENT
  %ci = add i32 %cm, 2                              ; DIVERGENT
  br i1 %dc, label %d, label %bk                    ; DIVERGENT
d:
  %dm = phi i32 [ %bi, %bk ], [ %ci, %c ]           ; DIVERGENT
  br i1 %uc, label %x, label %h                     ; UNIFORM
x:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/irreducible-2.ll @cycle_join_not_dominated2
; Same graph with the entry successors swapped.
; ASSUMED-DIVERGENT: depth=1: entries(c h) bk d
define amdgpu_kernel void @join_not_dominated_swapped(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br i1 %uc, label %h, label %c                     ; UNIFORM
h:
  %hm = phi i32 [ 0, %entry ], [ %b, %d ]           ; DIVERGENT
  br i1 %uc, label %bk, label %c                    ; UNIFORM
bk:
  %bm = phi i32 [ 0, %h ], [ %b, %c ]               ; DIVERGENT
  %bi = add i32 %bm, 1                              ; DIVERGENT
  br label %d                                       ; UNIFORM
c:
  %cm = phi i32 [ 0, %entry ], [ %hm, %h ]          ; DIVERGENT
  %ci = add i32 %cm, 2                              ; DIVERGENT
  br i1 %dc, label %d, label %bk                    ; DIVERGENT
d:
  %dm = phi i32 [ %bi, %bk ], [ %ci, %c ]           ; DIVERGENT
  br i1 %uc, label %x, label %h                     ; UNIFORM
x:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/irreducible-2.ll @natural_loop_two_backedges
; A loop with two latches, one of them divergent and nested.
; DIVERGENT-EXIT: depth=1: entries(h) bk ck
define amdgpu_kernel void @two_backedges(i32 inreg %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br label %h                                       ; UNIFORM
h:
  %hm = phi i32 [ 0, %entry ], [ %inc, %bk ], [ %inc, %ck ] ; DIVERGENT
  %inc = add i32 %hm, 1                             ; DIVERGENT
  br label %bk                                      ; UNIFORM
bk:
  br i1 %dc, label %ck, label %h                    ; DIVERGENT
ck:
  br i1 %uc, label %x, label %h                     ; UNIFORM
x:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/irreducible-2.ll @natural_loop_two_backedges2
; Variant where the inner loop is entered from two places.
define amdgpu_kernel void @two_backedges_2(i32 inreg %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br label %h                                       ; UNIFORM
h:
  %hm = phi i32 [ 0, %entry ], [ %inc, %bk ], [ %inc, %ck ] ; DIVERGENT
  %inc = add i32 %hm, 1                             ; DIVERGENT
  br i1 %uc, label %bk, label %dk                   ; UNIFORM
bk:
  br i1 %dc, label %ck, label %h                    ; DIVERGENT
ck:
  br label %h                                       ; UNIFORM
dk:
  br i1 %uc, label %bk, label %x                    ; UNIFORM
x:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/irreducible-2.ll @cycle_inner_exit_enter
; An inner cycle (e3, e4, b) is exited and re-entered; the divergent
; branch in %b both exits to %c and continues the inner cycle.
; ASSUMED-DIVERGENT: depth=1: entries(e1 e2) c e3 bk e4 ak
; DIVERGENT-EXIT: depth=2: entries(e3 e4) bk
define amdgpu_kernel void @inner_exit_reenter(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br i1 %uc, label %e2, label %e1                   ; UNIFORM
e1:
  %m1 = phi i32 [ 1, %entry ], [ %b, %c ]           ; DIVERGENT
  br label %ak                                      ; UNIFORM
ak:
  br i1 %uc, label %e2, label %e3                   ; UNIFORM
e2:
  %m2 = phi i32 [ 2, %entry ], [ %a, %ak ]          ; DIVERGENT
  br label %e4                                      ; UNIFORM
e3:
  %m3 = phi i32 [ 0, %ak ], [ %b, %bk ]             ; DIVERGENT
  br label %e4                                      ; UNIFORM
e4:
  %m4 = phi i32 [ 0, %e2 ], [ %a, %e3 ]             ; DIVERGENT
  br label %bk                                      ; UNIFORM
bk:
  br i1 %dc, label %c, label %e3                    ; DIVERGENT
c:
  br i1 %uc, label %x, label %e1                    ; UNIFORM
x:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/irreducible-2.ll @cycle_inner_exit_enter2
; Same graph with the entry successors swapped.
; ASSUMED-DIVERGENT: depth=1: entries(e2 e1) e4 e3 ak c bk
; DIVERGENT-EXIT: depth=2: entries(e4 e1) e3 ak c bk
; DIVERGENT-EXIT: depth=1: entries(e2 e1) e4 e3 ak c bk
define amdgpu_kernel void @inner_exit_reenter_swapped(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br i1 %uc, label %e1, label %e2                   ; UNIFORM
e1:
  %m1 = phi i32 [ 1, %entry ], [ %b, %c ]           ; DIVERGENT
  br label %ak                                      ; UNIFORM
ak:
  br i1 %uc, label %e2, label %e3                   ; UNIFORM
e2:
  %m2 = phi i32 [ 2, %entry ], [ %a, %ak ]          ; DIVERGENT
  br label %e4                                      ; UNIFORM
e3:
  %m3 = phi i32 [ 0, %ak ], [ %b, %bk ]             ; DIVERGENT
  br label %e4                                      ; UNIFORM
e4:
  %m4 = phi i32 [ 0, %e2 ], [ %a, %e3 ]             ; DIVERGENT
  br label %bk                                      ; UNIFORM
bk:
  br i1 %dc, label %c, label %e3                    ; DIVERGENT
c:
  br i1 %uc, label %x, label %e1                    ; UNIFORM
x:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/reducible-subgraph.ll and
; AMDGPU/incorrect-assertion-issue-170048.ll @uniformity_analysis_crash
; A reducible cycle (c3, c4) whose header is not the join of the divergent
; branch in %c5, all inside an irreducible cycle.
; ASSUMED-DIVERGENT: depth=1: entries(c2 c3) c6 c8 c7 c5 c4
; DIVERGENT-EXIT: depth=2: entries(c8 c3) c7 c5 c4
; DIVERGENT-EXIT: depth=3: entries(c3) c4
define void @reducible_header_not_join(i1 %d0, i1 %d1, i1 %d2) {
entry:
  br i1 %d0, label %c1, label %c2                   ; DIVERGENT
c1:
  br label %c3                                      ; UNIFORM
c3:
  br i1 %d1, label %c5, label %c4                   ; DIVERGENT
c4:
  br label %c3                                      ; UNIFORM
c5:
  br i1 %d2, label %c6, label %c7                   ; DIVERGENT
c6:
  br label %c2                                      ; UNIFORM
c7:
  br label %c8                                      ; UNIFORM
c8:
  br label %c3                                      ; UNIFORM
c2:
  br label %c8                                      ; UNIFORM
}

; mirrors AMDGPU/incorrect-assertion-issue-170048.ll @uniformity_analysis_crash
; Same shape, only the branch in %c5 is divergent.
; ASSUMED-DIVERGENT: depth=1: entries(c2 c3) c6 c8 c7 c5 c4
; DIVERGENT-EXIT: depth=2: entries(c8 c3) c7 c5 c4
define void @reducible_header_not_join_2(i1 %d, i1 inreg %u) {
entry:
  br i1 %u, label %c1, label %c2                    ; UNIFORM
c1:
  br label %c3                                      ; UNIFORM
c3:
  br i1 %u, label %c5, label %c4                    ; UNIFORM
c4:
  br label %c3                                      ; UNIFORM
c5:
  br i1 %d, label %c6, label %c7                    ; DIVERGENT
c6:
  br label %c2                                      ; UNIFORM
c7:
  br label %c8                                      ; UNIFORM
c8:
  br label %c3                                      ; UNIFORM
c2:
  br label %c8                                      ; UNIFORM
}
