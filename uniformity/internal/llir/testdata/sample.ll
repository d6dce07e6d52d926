; Functions that exercise every construct the parser reads. The report
; opt-22 prints for this file is sample.opt.
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
declare void @llvm.amdgcn.s.barrier()
declare i32 @ext(i32)

define amdgpu_kernel void @loop(i32 %a, i32 inreg %u, ptr addrspace(1) inreg %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp slt i32 %tid, %u
  br i1 %c, label %loop, label %exit
loop:                                             ; preds = %loop, %entry
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add nsw i32 %i, 1
  %d = icmp eq i32 %i.next, %tid
  br i1 %d, label %exit, label %loop
exit:
  %p = phi i32 [ 1, %entry ], [ %i, %loop ]
  %q = phi i32 [ 1, %entry ], [ 2, %loop ]
  store i32 %p, ptr addrspace(1) %out
  store i32 %q, ptr addrspace(1) %out, align 4
  call void @llvm.amdgcn.s.barrier()
  ret void
}

define void @irreducible(i32 %a, i32 inreg %u) {
entry:
  %c = icmp slt i32 %a, %u
  br i1 %c, label %x, label %y
x:
  %xv = phi i32 [0, %entry], [%yv, %y]
  br label %y
y:
  %yv = phi i32 [ 1, %entry ], [ %xv, %x ]
  %e = icmp eq i32 %yv, %u
  br i1 %e, label %x, label %z
z:
  %r = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %yv)
  switch i32 %r, label %z2 [ i32 0, label %z3
                             i32 1, label %z2 ]
z2:
  unreachable
z3:
  ret void
}

define amdgpu_kernel void @temporal(i32 inreg %u, ptr addrspace(1) inreg %out, ptr inreg %flat) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %i.next = add i32 %i, 1
  %d = icmp eq i32 %i.next, %tid
  br i1 %d, label %exit, label %latch
latch:
  %l = load i32, ptr %flat, align 4
  %g = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %u
  %x = call i32 @ext(i32 %u)
  %s = select i1 %d, i32 %l, i32 poison
  %z = zext i32 %s to i64
  br label %loop
exit:
  %sum = add i32 %i.next, %u
  store i32 %sum, ptr addrspace(1) %out
  br i1 %d, label %done, label %done
done:
  ret void
}
