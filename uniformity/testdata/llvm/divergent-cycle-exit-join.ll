; A divergent cycle exit is also a join (LLVM PR #216296): when lanes leave a
; loop through different exiting blocks and meet in the exit block, a phi
; there that selects different values per exiting edge is divergent, even if
; those values are constants or otherwise uniform. LLVM 22 misses this and
; reports such phis uniform; these functions pin the fixed behaviour.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; mirrors AMDGPU/divergent-cycle-exit-join.ll @constant_phi_at_cycle_exit
; The header exits uniformly, the body exits divergently; the exit phi gets
; a different constant on each exiting edge.
; DIVERGENT-EXIT: depth=1: entries(hdr) body
define amdgpu_kernel void @constant_exit_phi(ptr addrspace(1) inreg %out) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  br label %hdr                                     ; UNIFORM
hdr:
  %k = phi i32 [ 0, %entry ], [ 1, %body ]          ; UNIFORM
  %more = icmp slt i32 %k, 1                        ; UNIFORM
  br i1 %more, label %body, label %exit             ; UNIFORM
body:
  %dc = icmp eq i32 %lane, 0                        ; DIVERGENT
  br i1 %dc, label %exit, label %hdr                ; DIVERGENT
exit:
  %x = phi i32 [ 1, %body ], [ 0, %hdr ]            ; DIVERGENT(fix #216296; LLVM 22 says uniform)
  store i32 %x, ptr addrspace(1) %out               ; DIVERGENT(fix #216296; LLVM 22 says uniform)
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/divergent-cycle-exit-phi.ll @divergent_cycle_exit_phi
; Counted loop with a divergent early exit; the exit phi distinguishes the
; two exiting edges by constants.
; DIVERGENT-EXIT: depth=1: entries(hdr) body
define amdgpu_kernel void @counted_loop_early_exit(i32 inreg %n) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  br label %hdr                                     ; UNIFORM
hdr:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]    ; UNIFORM
  %end = icmp uge i32 %i, %n                        ; UNIFORM
  br i1 %end, label %exit, label %body              ; UNIFORM
body:
  %dc = icmp eq i32 %lane, 0                        ; DIVERGENT
  %i.next = add i32 %i, 1                           ; UNIFORM
  br i1 %dc, label %exit, label %hdr                ; DIVERGENT
exit:
  %which = phi i32 [ 1, %body ], [ 0, %hdr ]        ; DIVERGENT(fix #216296; LLVM 22 says uniform)
  %twice = add i32 %which, %which                   ; DIVERGENT(fix #216296; LLVM 22 says uniform)
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/divergent-cycle-exit-phi.ll @uniform_cycle_exit_phi
; Both exiting edges carry the same constant: the exit phi stays uniform.
; DIVERGENT-EXIT: depth=1: entries(hdr) body
define amdgpu_kernel void @same_value_on_both_exits(i32 inreg %n) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  br label %hdr                                     ; UNIFORM
hdr:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]    ; UNIFORM
  %end = icmp uge i32 %i, %n                        ; UNIFORM
  br i1 %end, label %exit, label %body              ; UNIFORM
body:
  %dc = icmp eq i32 %lane, 0                        ; DIVERGENT
  %i.next = add i32 %i, 1                           ; UNIFORM
  br i1 %dc, label %exit, label %hdr                ; DIVERGENT
exit:
  %seven = phi i32 [ 7, %body ], [ 7, %hdr ]        ; UNIFORM
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/divergent-cycle-exit-phi.ll @nested_cycle_exit_phi
; The divergent branch is in an inner loop and its exit edge leaves both
; loops; the outer header exits uniformly to the same block.
; DIVERGENT-EXIT: depth=1: entries(ohdr) olatch ihdr ibody
define amdgpu_kernel void @exit_from_inner_loop(i32 inreg %n) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  br label %ohdr                                    ; UNIFORM
ohdr:
  %o = phi i32 [ 0, %entry ], [ %o.next, %olatch ]  ; UNIFORM
  %omore = icmp slt i32 %o, 2                       ; UNIFORM
  br i1 %omore, label %ihdr, label %exit            ; UNIFORM
ihdr:
  %j = phi i32 [ 0, %ohdr ], [ %j.next, %ibody ]    ; UNIFORM
  %imore = icmp slt i32 %j, 2                       ; UNIFORM
  br i1 %imore, label %ibody, label %olatch         ; UNIFORM
ibody:
  %j.next = add i32 %j, 1                           ; UNIFORM
  %dc = icmp eq i32 %lane, 0                        ; DIVERGENT
  br i1 %dc, label %exit, label %ihdr               ; DIVERGENT
olatch:
  %o.next = add i32 %o, 1                           ; UNIFORM
  br label %ohdr                                    ; UNIFORM
exit:
  %tag = phi i32 [ 1, %ibody ], [ 0, %ohdr ]        ; DIVERGENT(fix #216296; LLVM 22 says uniform)
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/divergent-cycle-exit-phi.ll @uniform_multi_exit_cycle_phi
; The divergent exit goes to its own block; the block reached by two
; uniform exits is not a join.
; DIVERGENT-EXIT: depth=1: entries(hdr) mid body
define amdgpu_kernel void @uniform_exits_separate_block(i32 inreg %n) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  br label %hdr                                     ; UNIFORM
hdr:
  %uc1 = icmp slt i32 %n, 3                         ; UNIFORM
  br i1 %uc1, label %body, label %uexit             ; UNIFORM
body:
  %dc = icmp eq i32 %lane, 0                        ; DIVERGENT
  br i1 %dc, label %dexit, label %mid               ; DIVERGENT
mid:
  %uc2 = icmp sgt i32 %n, 1                         ; UNIFORM
  br i1 %uc2, label %uexit, label %hdr              ; UNIFORM
dexit:
  ret void                                          ; UNIFORM
uexit:
  %u = phi i32 [ 0, %hdr ], [ 1, %mid ]             ; UNIFORM
  ret void                                          ; UNIFORM
}

; Own variant: the exit phi selects between two different uniform kernel
; arguments (defined outside the loop) instead of constants.
; DIVERGENT-EXIT: depth=1: entries(hdr) body
define amdgpu_kernel void @argument_exit_phi(i32 inreg %a, i32 inreg %b, i32 inreg %n) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  br label %hdr                                     ; UNIFORM
hdr:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]    ; UNIFORM
  %end = icmp sge i32 %i, %n                        ; UNIFORM
  br i1 %end, label %exit, label %body              ; UNIFORM
body:
  %i.next = add i32 %i, 1                           ; UNIFORM
  %dc = icmp sgt i32 %lane, %n                      ; DIVERGENT
  br i1 %dc, label %exit, label %hdr                ; DIVERGENT
exit:
  %v = phi i32 [ %a, %hdr ], [ %b, %body ]          ; DIVERGENT(fix #216296; LLVM 22 says uniform)
  %w = phi i32 [ %a, %hdr ], [ %a, %body ]          ; UNIFORM
  %sum = add i32 %v, %w                             ; DIVERGENT(fix #216296; LLVM 22 says uniform)
  br label %tail                                    ; UNIFORM
tail:
  ret void                                          ; UNIFORM
}

; Own variant (control): the divergent exiting edge first goes to a block
; outside the loop, so %exit is an ordinary join that LLVM 22 already finds.
; DIVERGENT-EXIT: depth=1: entries(hdr) latch
define amdgpu_kernel void @exit_via_side_block(i32 inreg %n) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  br label %hdr                                     ; UNIFORM
hdr:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]   ; UNIFORM
  %dc = icmp eq i32 %lane, %i                       ; DIVERGENT
  br i1 %dc, label %side, label %latch              ; DIVERGENT
side:
  br label %exit                                    ; UNIFORM
latch:
  %i.next = add i32 %i, 1                           ; UNIFORM
  %more = icmp slt i32 %i.next, %n                  ; UNIFORM
  br i1 %more, label %hdr, label %exit              ; UNIFORM
exit:
  %how = phi i32 [ 10, %side ], [ 20, %latch ]      ; DIVERGENT
  ret void                                          ; UNIFORM
}
