; Lanes that leave a cycle leave every cycle around the branch that does not
; hold the exit. LLVM 22 finds those cycles by depth: it goes out from the
; branch's cycle while the cycle is deeper than the exit block. When the exit
; lies in a cycle that does not hold the branch (a sibling loop), that stops
; too far in: values of the outer cycles used after the exit are taken to be
; uniform, although lanes left those cycles in different iterations. The
; analysis takes the outermost cycle around the branch that does not hold
; the exit; "fix sibling exit" marks where LLVM 22 answers otherwise.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; The divergent branch in %i leaves the inner loop and the outer one at
; once, into %xl, the header of another loop. Lanes leave in different
; iterations of the outer loop, so each sees its own %x1 in %xl.
; DIVERGENT-EXIT(fixed): depth=1: entries(h1) l i i2
; DIVERGENT-EXIT(LLVM 22): depth=2: entries(i) i2
; DIVERGENT-EXIT(fixed): depth=1: entries(xl)
; TEMPORAL(fixed): %x1 -> %y @ depth=1: entries(h1) l i i2
; TEMPORAL(fixed): %x1 -> %y1 @ depth=1: entries(h1) l i i2
; TEMPORAL(fixed): %y1 -> done:0 @ depth=1: entries(xl)
define amdgpu_kernel void @exit_into_sibling_loop(i32 inreg %n, ptr addrspace(1) inreg %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()      ; DIVERGENT
  br label %h1                                      ; UNIFORM
h1:
  %x = phi i32 [ 0, %entry ], [ %x1, %l ]           ; UNIFORM
  %x1 = add i32 %x, 1                               ; UNIFORM
  br label %i                                       ; UNIFORM
i:
  %div = icmp slt i32 %tid, %x1                     ; DIVERGENT
  br i1 %div, label %xl, label %i2                  ; DIVERGENT
i2:
  %u = icmp slt i32 %n, 3                           ; UNIFORM
  br i1 %u, label %i, label %l                      ; UNIFORM
l:
  br label %h1                                      ; UNIFORM
xl:
  %y = phi i32 [ %x1, %i ], [ %y1, %xl ]            ; DIVERGENT(fix sibling exit; LLVM 22 says uniform)
  %y1 = add i32 %y, %x1                             ; DIVERGENT(fix sibling exit; LLVM 22 says uniform)
  %u2 = icmp slt i32 %y1, %n                        ; DIVERGENT(fix sibling exit; LLVM 22 says uniform)
  br i1 %u2, label %xl, label %done                 ; DIVERGENT(fix sibling exit; LLVM 22 says uniform)
done:
  store i32 %y1, ptr addrspace(1) %out              ; DIVERGENT(fix sibling exit; LLVM 22 says uniform)
  ret void                                          ; UNIFORM
}

; The same loops with an empty block on the exit edge: %xl is no longer in a
; cycle, and LLVM 22 finds the outer loop too.
; DIVERGENT-EXIT: depth=1: entries(h1) l i i2
; DIVERGENT-EXIT: depth=1: entries(xl)
; TEMPORAL: %x1 -> %z @ depth=1: entries(h1) l i i2
; TEMPORAL: %y1 -> done:0 @ depth=1: entries(xl)
define amdgpu_kernel void @exit_through_empty_block(i32 inreg %n, ptr addrspace(1) inreg %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()      ; DIVERGENT
  br label %h1                                      ; UNIFORM
h1:
  %x = phi i32 [ 0, %entry ], [ %x1, %l ]           ; UNIFORM
  %x1 = add i32 %x, 1                               ; UNIFORM
  br label %i                                       ; UNIFORM
i:
  %div = icmp slt i32 %tid, %x1                     ; DIVERGENT
  br i1 %div, label %pre, label %i2                 ; DIVERGENT
i2:
  %u = icmp slt i32 %n, 3                           ; UNIFORM
  br i1 %u, label %i, label %l                      ; UNIFORM
l:
  br label %h1                                      ; UNIFORM
pre:
  %z = add i32 %x1, 0                               ; DIVERGENT
  br label %xl                                      ; UNIFORM
xl:
  %y = phi i32 [ %z, %pre ], [ %y1, %xl ]           ; DIVERGENT
  %y1 = add i32 %y, %n                              ; DIVERGENT
  %u2 = icmp slt i32 %y1, %n                        ; DIVERGENT
  br i1 %u2, label %xl, label %done                 ; DIVERGENT
done:
  store i32 %y1, ptr addrspace(1) %out              ; DIVERGENT
  ret void                                          ; UNIFORM
}
