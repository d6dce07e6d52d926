; Joins located at loop exits, and exits that are not joins.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; mirrors AMDGPU/join-at-loop-exit.ll @test
; The loop exits from the header (divergent) and from the latch (uniform);
; the exit block is a join and its guard phi is divergent.
; DIVERGENT-EXIT: depth=1: entries(hdr) latch
define amdgpu_kernel void @guard_phi_at_loop_exit(i32 inreg %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp eq i32 %lane, 3                        ; DIVERGENT
  br label %hdr                                     ; UNIFORM
hdr:
  %n = phi i32 [ 5, %entry ], [ %n.dec, %latch ]    ; UNIFORM
  br i1 %dc, label %latch, label %exit              ; DIVERGENT
latch:
  %n.dec = sub i32 %n, 1                            ; UNIFORM
  %zero = icmp eq i32 %n.dec, 0                     ; UNIFORM
  br i1 %zero, label %exit, label %hdr              ; UNIFORM
exit:
  %guard = phi i1 [ true, %hdr ], [ false, %latch ] ; DIVERGENT
  br i1 %guard, label %then, label %end             ; DIVERGENT
then:
  br label %end                                     ; UNIFORM
end:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/trivial-join-at-loop-exit.ll @test2
; The exit block is reached from the loop and from the entry, but the entry
; branch is uniform and the loop has a single exiting block: no join.
; DIVERGENT-EXIT: depth=1: entries(loop)
define amdgpu_kernel void @trivial_exit_not_a_join(i1 inreg %u) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp eq i32 %lane, 3                        ; DIVERGENT
  br i1 %u, label %loop, label %exit                ; UNIFORM
loop:
  %n = phi i32 [ 5, %entry ], [ %n.dec, %loop ]     ; UNIFORM
  %n.dec = sub i32 %n, 1                            ; UNIFORM
  br i1 %dc, label %exit, label %loop               ; DIVERGENT
exit:
  %guard = phi i1 [ true, %loop ], [ false, %entry ] ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/propagate-loop-live-out.ll
; Loop-carried flags computed under a divergent branch leave the loop and
; feed a join after the loop.
; DIVERGENT-EXIT: depth=1: entries(hdr) latch work
; TEMPORAL: %skipped -> after:0 @ depth=1: entries(hdr) latch work
define amdgpu_kernel void @live_out_flag(i32 inreg %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp eq i32 %lane, 0                        ; DIVERGENT
  br label %hdr                                     ; UNIFORM
hdr:
  %n = phi i32 [ %n.latch, %latch ], [ 7, %entry ]  ; DIVERGENT
  br i1 %dc, label %work, label %latch              ; DIVERGENT
work:
  %n.dec = sub i32 %n, 1                            ; DIVERGENT
  %done = icmp eq i32 %n.dec, 0                     ; DIVERGENT
  br label %latch                                   ; UNIFORM
latch:
  %n.latch = phi i32 [ %n.dec, %work ], [ 0, %hdr ] ; DIVERGENT
  %skipped = phi i1 [ false, %work ], [ true, %hdr ] ; DIVERGENT
  %leave = phi i1 [ %done, %work ], [ true, %hdr ]  ; DIVERGENT
  br i1 %leave, label %after, label %hdr            ; DIVERGENT
after:
  br i1 %skipped, label %mark, label %merge         ; DIVERGENT
mark:
  br label %merge                                   ; UNIFORM
merge:
  %res = phi i1 [ false, %mark ], [ true, %after ]  ; DIVERGENT
  br i1 %res, label %last, label %end               ; DIVERGENT
last:
  br label %end                                     ; UNIFORM
end:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/join-at-loop-heart.ll @nested_loop_extension (without
; convergence tokens)
; A divergent branch inside the loop whose two sides each jump back to the
; header: the header is the join.
; DIVERGENT-EXIT: depth=1: entries(hdr) left body right tail
define amdgpu_kernel void @join_at_header(i32 inreg %a) {
entry:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br label %hdr                                     ; UNIFORM
hdr:
  %h = phi i32 [ 0, %entry ], [ %inc, %left ], [ %inc, %right ], [ %inc, %tail ] ; DIVERGENT
  br label %body                                    ; UNIFORM
body:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  %inc = add i32 %h, 1                              ; DIVERGENT
  br i1 %dc, label %left, label %right              ; DIVERGENT
left:
  br i1 %uc, label %hdr, label %tail                ; UNIFORM
right:
  br i1 %uc, label %hdr, label %tail                ; UNIFORM
tail:
  br i1 %uc, label %hdr, label %exit                ; UNIFORM
exit:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/phi_no_divergence.ll @no_divergent_exit1
; A divergent branch inside the loop selects between two latches, so the
; header is a join. LLVM 22 marks every header phi divergent (even the ones
; with the same value on both latches; only later LLVM refines that), and
; with it the exit condition, so the loop gets a divergent exit.
; DIVERGENT-EXIT: depth=1: entries(hdr) l1 l2
define amdgpu_kernel void @divergent_branch_in_uniform_loop(i32 inreg %a, i32 inreg %b, i32 inreg %c) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br label %hdr                                     ; UNIFORM
hdr:
  %pb = phi i32 [ %b, %entry ], [ %nb, %l1 ], [ %nb, %l2 ] ; DIVERGENT
  %pc = phi i32 [ %c, %entry ], [ %pc, %l1 ], [ %nc, %l2 ] ; DIVERGENT
  %cnt = phi i32 [ %a, %entry ], [ %cnt.next, %l1 ], [ %cnt.next, %l2 ] ; DIVERGENT
  %stop = icmp slt i32 %cnt, 42                     ; DIVERGENT
  br i1 %stop, label %exit, label %l1               ; DIVERGENT
l1:
  %nb = add i32 %pb, 1                              ; DIVERGENT
  %cnt.next = add i32 %cnt, 1                       ; DIVERGENT
  br i1 %dc, label %l2, label %hdr                  ; DIVERGENT
l2:
  %nc = add i32 %pc, 1                              ; DIVERGENT
  br label %hdr                                     ; UNIFORM
exit:
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/phi_no_divergence.ll @no_divergent_exit2
; As above, with the two paths merged in a single latch block: now the join
; is the latch, the header phis keep uniform values except %pc.
define amdgpu_kernel void @divergent_branch_merged_latch(i32 inreg %a, i32 inreg %b, i32 inreg %c) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br label %hdr                                     ; UNIFORM
hdr:
  %pb = phi i32 [ %b, %entry ], [ %mb, %latch ]     ; UNIFORM
  %pc = phi i32 [ %c, %entry ], [ %mc, %latch ]     ; DIVERGENT
  %cnt = phi i32 [ %a, %entry ], [ %cnt.next, %latch ] ; UNIFORM
  %stop = icmp slt i32 %cnt, 42                     ; UNIFORM
  br i1 %stop, label %exit, label %body             ; UNIFORM
body:
  %nb = add i32 %pb, 1                              ; UNIFORM
  %cnt.next = add i32 %cnt, 1                       ; UNIFORM
  br i1 %dc, label %side, label %latch              ; DIVERGENT
side:
  %nc = add i32 %pc, 1                              ; DIVERGENT
  br label %latch                                   ; UNIFORM
latch:
  %mb = phi i32 [ %nb, %body ], [ %nb, %side ]      ; UNIFORM
  %mc = phi i32 [ %pc, %body ], [ %nc, %side ]      ; DIVERGENT
  br label %hdr                                     ; UNIFORM
exit:
  ret void                                          ; UNIFORM
}

; mirrors NVPTX/daorder.ll @daorder
; A uniform loop after a divergent if-then-else: the loop is unaffected.
define amdgpu_kernel void @uniform_loop_after_join(i32 inreg %n) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %dc, label %then, label %else               ; DIVERGENT
then:
  %va = add i32 %n, 1                               ; UNIFORM
  br label %join                                    ; UNIFORM
else:
  %vb = add i32 %n, 2                               ; UNIFORM
  br label %join                                    ; UNIFORM
join:
  %v = phi i32 [ %va, %then ], [ %vb, %else ]       ; DIVERGENT
  br label %loop                                    ; UNIFORM
loop:
  %i = phi i32 [ 0, %join ], [ %i.next, %latch ]    ; UNIFORM
  br label %latch                                   ; UNIFORM
latch:
  %i.next = add i32 %i, 1                           ; UNIFORM
  %more = icmp slt i32 %i.next, %n                  ; UNIFORM
  br i1 %more, label %loop, label %exit             ; UNIFORM
exit:
  ret void                                          ; UNIFORM
}
