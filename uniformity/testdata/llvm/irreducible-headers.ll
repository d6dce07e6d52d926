; Header choice: the header of an irreducible cycle is the first entry the
; DFS reaches, which depends on successor order. Functions in a pair have the
; same graph with the entry branch's successors swapped; whether the chosen
; header dominates the join decides if the cycle is assumed divergent.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; mirrors AMDGPU/irreducible/diverged-entry-headers.ll @t_header
; Header %t does not dominate the join %s: the cycle is assumed divergent.
; ASSUMED-DIVERGENT: depth=1: entries(t p) s q r
define amdgpu_kernel void @header_t(i32 inreg %a, i32 inreg %b) {
entry:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %uc, label %p, label %t                     ; UNIFORM
p:
  %pp = phi i32 [ %a, %entry ], [ %b, %t ]          ; DIVERGENT
  %p1 = add i32 %b, 1                               ; DIVERGENT
  br i1 %uc, label %r, label %q                     ; UNIFORM
q:
  %q1 = add i32 %b, 1                               ; DIVERGENT
  br i1 %dc, label %s, label %r                     ; DIVERGENT
r:
  %r1 = add i32 %b, 1                               ; DIVERGENT
  br label %s                                       ; UNIFORM
s:
  %sp = phi i32 [ %q1, %q ], [ %r1, %r ]            ; DIVERGENT
  %s1 = add i32 %pp, 1                              ; DIVERGENT
  br i1 %uc, label %exit, label %t                  ; UNIFORM
t:
  %tp = phi i32 [ %s1, %s ], [ %a, %entry ]         ; DIVERGENT
  %t1 = add i32 %b, 1                               ; DIVERGENT
  br label %p                                       ; UNIFORM
exit:
  %e1 = add i32 %b, 1                               ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/diverged-entry-headers.ll @p_header
; Same graph, header %p dominates the join %s: only the join phi diverges.
define amdgpu_kernel void @header_p(i32 inreg %a, i32 inreg %b) {
entry:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %uc, label %t, label %p                     ; UNIFORM
p:
  %pp = phi i32 [ %a, %entry ], [ %b, %t ]          ; UNIFORM
  %p1 = add i32 %b, 1                               ; UNIFORM
  br i1 %uc, label %r, label %q                     ; UNIFORM
q:
  %q1 = add i32 %b, 1                               ; UNIFORM
  br i1 %dc, label %s, label %r                     ; DIVERGENT
r:
  %r1 = add i32 %b, 1                               ; UNIFORM
  br label %s                                       ; UNIFORM
s:
  %sp = phi i32 [ %q1, %q ], [ %r1, %r ]            ; DIVERGENT
  %s1 = add i32 %pp, 1                              ; UNIFORM
  br i1 %uc, label %exit, label %t                  ; UNIFORM
t:
  %tp = phi i32 [ %s1, %s ], [ %a, %entry ]         ; UNIFORM
  %t1 = add i32 %b, 1                               ; UNIFORM
  br label %p                                       ; UNIFORM
exit:
  %e1 = add i32 %b, 1                               ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/diverged-entry-headers-nested.ll @headers_b_p
; The irreducible cycle (p, t) nested in an irreducible cycle (b, a); headers
; %b and %p: the inner header dominates the join, nothing is assumed
; divergent.
define amdgpu_kernel void @nested_headers_b_p(i32 inreg %a, i32 inreg %b) {
entry:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %uc, label %ob, label %oa                   ; UNIFORM
oa:
  br label %ob                                      ; UNIFORM
ob:
  br i1 %uc, label %c, label %d                     ; UNIFORM
c:
  br i1 %uc, label %t, label %p                     ; UNIFORM
p:
  %pp = phi i32 [ %a, %c ], [ %b, %t ]              ; UNIFORM
  %p1 = add i32 %b, 1                               ; UNIFORM
  br i1 %uc, label %r, label %q                     ; UNIFORM
q:
  %q1 = add i32 %b, 1                               ; UNIFORM
  br i1 %dc, label %s, label %r                     ; DIVERGENT
r:
  %r1 = add i32 %b, 1                               ; UNIFORM
  br label %s                                       ; UNIFORM
s:
  %sp = phi i32 [ %q1, %q ], [ %r1, %r ]            ; DIVERGENT
  %s1 = add i32 %pp, 1                              ; UNIFORM
  br i1 %uc, label %d, label %t                     ; UNIFORM
d:
  br i1 %uc, label %exit, label %oa                 ; UNIFORM
t:
  %tp = phi i32 [ %s1, %s ], [ %a, %c ]             ; UNIFORM
  %t1 = add i32 %b, 1                               ; UNIFORM
  br label %p                                       ; UNIFORM
exit:
  %e1 = add i32 %b, 1                               ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/diverged-entry-headers-nested.ll @headers_a_p
; Same, but the outer header is %oa.
define amdgpu_kernel void @nested_headers_a_p(i32 inreg %a, i32 inreg %b) {
entry:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %uc, label %oa, label %ob                   ; UNIFORM
oa:
  br label %ob                                      ; UNIFORM
ob:
  br i1 %uc, label %c, label %d                     ; UNIFORM
c:
  br i1 %uc, label %t, label %p                     ; UNIFORM
p:
  %pp = phi i32 [ %a, %c ], [ %b, %t ]              ; UNIFORM
  %p1 = add i32 %b, 1                               ; UNIFORM
  br i1 %uc, label %r, label %q                     ; UNIFORM
q:
  %q1 = add i32 %b, 1                               ; UNIFORM
  br i1 %dc, label %s, label %r                     ; DIVERGENT
r:
  %r1 = add i32 %b, 1                               ; UNIFORM
  br label %s                                       ; UNIFORM
s:
  %sp = phi i32 [ %q1, %q ], [ %r1, %r ]            ; DIVERGENT
  %s1 = add i32 %pp, 1                              ; UNIFORM
  br i1 %uc, label %d, label %t                     ; UNIFORM
d:
  br i1 %uc, label %exit, label %oa                 ; UNIFORM
t:
  %tp = phi i32 [ %s1, %s ], [ %a, %c ]             ; UNIFORM
  %t1 = add i32 %b, 1                               ; UNIFORM
  br label %p                                       ; UNIFORM
exit:
  %e1 = add i32 %b, 1                               ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/diverged-entry-headers-nested.ll @headers_b_t
; Inner header %t does not dominate the join, outer header %ob does: only
; the inner cycle would be assumed divergent.
; ASSUMED-DIVERGENT: depth=2: entries(t p) s q r
define amdgpu_kernel void @nested_headers_b_t(i32 inreg %a, i32 inreg %b) {
entry:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %uc, label %oa, label %ob                   ; UNIFORM
oa:
  br label %ob                                      ; UNIFORM
ob:
  br i1 %uc, label %c, label %d                     ; UNIFORM
c:
  br i1 %uc, label %p, label %t                     ; UNIFORM
p:
  %pp = phi i32 [ %a, %c ], [ %b, %t ]              ; DIVERGENT
  %p1 = add i32 %b, 1                               ; DIVERGENT
  br i1 %uc, label %r, label %q                     ; UNIFORM
q:
  %q1 = add i32 %b, 1                               ; DIVERGENT
  br i1 %dc, label %s, label %r                     ; DIVERGENT
r:
  %r1 = add i32 %b, 1                               ; DIVERGENT
  br label %s                                       ; UNIFORM
s:
  %sp = phi i32 [ %q1, %q ], [ %r1, %r ]            ; DIVERGENT
  %s1 = add i32 %pp, 1                              ; DIVERGENT
  br i1 %uc, label %d, label %t                     ; UNIFORM
d:
  br i1 %uc, label %exit, label %oa                 ; UNIFORM
t:
  %tp = phi i32 [ %s1, %s ], [ %a, %c ]             ; DIVERGENT
  %t1 = add i32 %b, 1                               ; DIVERGENT
  br label %p                                       ; UNIFORM
exit:
  %e1 = add i32 %b, 1                               ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/irreducible/diverged-entry-headers-nested.ll @headers_a_t
; Neither header (%oa outer, %t inner) dominates the join: the outermost
; cycle is assumed divergent.
; ASSUMED-DIVERGENT: depth=1: entries(oa ob) d t s q p r c
define amdgpu_kernel void @nested_headers_a_t(i32 inreg %a, i32 inreg %b) {
entry:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %uc, label %ob, label %oa                   ; UNIFORM
oa:
  br label %ob                                      ; UNIFORM
ob:
  br i1 %uc, label %c, label %d                     ; UNIFORM
c:
  br i1 %uc, label %p, label %t                     ; UNIFORM
p:
  %pp = phi i32 [ %a, %c ], [ %b, %t ]              ; DIVERGENT
  %p1 = add i32 %b, 1                               ; DIVERGENT
  br i1 %uc, label %r, label %q                     ; UNIFORM
q:
  %q1 = add i32 %b, 1                               ; DIVERGENT
  br i1 %dc, label %s, label %r                     ; DIVERGENT
r:
  %r1 = add i32 %b, 1                               ; DIVERGENT
  br label %s                                       ; UNIFORM
s:
  %sp = phi i32 [ %q1, %q ], [ %r1, %r ]            ; DIVERGENT
  %s1 = add i32 %pp, 1                              ; DIVERGENT
  br i1 %uc, label %d, label %t                     ; UNIFORM
d:
  br i1 %uc, label %exit, label %oa                 ; UNIFORM
t:
  %tp = phi i32 [ %s1, %s ], [ %a, %c ]             ; DIVERGENT
  %t1 = add i32 %b, 1                               ; DIVERGENT
  br label %p                                       ; UNIFORM
exit:
  %e1 = add i32 %b, 1                               ; UNIFORM
  ret void                                          ; UNIFORM
}
