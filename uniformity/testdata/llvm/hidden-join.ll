; Joins of a divergent branch that are not its immediate post-dominator:
; uniform control flow after the divergent branch hides the join point.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; mirrors AMDGPU/hidden_diverge.ll @hidden_diverge
; The divergent branch in %entry joins at %mid (reached directly and through
; %side), which is not its post-dominator %done.
define amdgpu_kernel void @join_before_ipd(i32 inreg %a, i32 inreg %b) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  br i1 %dc, label %side, label %mid                ; DIVERGENT
side:
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br i1 %uc, label %mid, label %done                ; UNIFORM
mid:
  %m = phi i32 [ 1, %entry ], [ 2, %side ]          ; DIVERGENT
  br label %done                                    ; UNIFORM
done:
  %d = phi i32 [ %a, %side ], [ %b, %mid ]          ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/hidden_diverge.ll @hidden_loop_ipd
; A loop with a divergent in-loop branch and a divergent latch; the uniform
; exit from %cont and the divergent exit from %latch meet at %join.
; DIVERGENT-EXIT: depth=1: entries(head) latch cont then else
define amdgpu_kernel void @loop_join_after_exits(i32 inreg %a) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp slt i32 %lane, 0                       ; DIVERGENT
  %uc = icmp slt i32 %a, 0                          ; UNIFORM
  br label %head                                    ; UNIFORM
head:
  br i1 %dc, label %then, label %else               ; DIVERGENT
then:
  br label %cont                                    ; UNIFORM
else:
  br label %cont                                    ; UNIFORM
cont:
  br i1 %uc, label %out1, label %latch              ; UNIFORM
latch:
  br i1 %dc, label %head, label %out2               ; DIVERGENT
out1:
  %x1 = phi i32 [ 10, %cont ]                       ; UNIFORM
  br label %join                                    ; UNIFORM
out2:
  %x2 = phi i32 [ 20, %latch ]                      ; UNIFORM
  br label %join                                    ; UNIFORM
join:
  %j = phi i32 [ %x1, %out1 ], [ %x2, %out2 ]       ; DIVERGENT
  ret void                                          ; UNIFORM
}

; mirrors AMDGPU/hidden_diverge.ll @hidden_diverge (join feeding a store)
; Same shape as join_before_ipd but the values flowing into the hidden join
; are computed, and the join value reaches memory.
define amdgpu_kernel void @hidden_join_store(i32 inreg %a, i32 inreg %b, ptr addrspace(1) inreg %out) {
entry:
  %lane = call i32 @llvm.amdgcn.workitem.id.x()     ; DIVERGENT
  %dc = icmp eq i32 %lane, 7                        ; DIVERGENT
  %u1 = add i32 %a, 1                               ; UNIFORM
  br i1 %dc, label %side, label %mid                ; DIVERGENT
side:
  %u2 = mul i32 %b, 3                               ; UNIFORM
  %uc = icmp eq i32 %u2, %u1                        ; UNIFORM
  br i1 %uc, label %mid, label %done                ; UNIFORM
mid:
  %m = phi i32 [ %u1, %entry ], [ %u2, %side ]      ; DIVERGENT
  %m2 = xor i32 %m, %a                              ; DIVERGENT
  store i32 %m2, ptr addrspace(1) %out              ; DIVERGENT
  br label %done                                    ; UNIFORM
done:
  %d = phi i32 [ %u1, %side ], [ %m2, %mid ]        ; DIVERGENT
  %same = phi i32 [ %u1, %side ], [ %u1, %mid ]     ; UNIFORM
  store i32 %same, ptr addrspace(1) %out            ; UNIFORM
  ret void                                          ; UNIFORM
}
