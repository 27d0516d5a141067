# clang 14.0.6 -march=znver3 -O2 -mprefer-vector-width=512 -ffp-contract=fast -fno-tree-vectorize -fno-tree-slp-vectorize -g0
# -S of mmprobe's register probe source; these functions extracted
	.globl	fma_probe                       # -- Begin function fma_probe
	.p2align	4, 0x90
	.type	fma_probe,@function
fma_probe:                              # @fma_probe
	.cfi_startproc
# %bb.0:
	testq	%rcx, %rcx
	jle	.LBB0_6
# %bb.1:
	movl	%ecx, %r8d
	leaq	-1(%rcx), %rax
	andl	$7, %r8d
	cmpq	$7, %rax
	jae	.LBB0_7
# %bb.2:
	xorl	%eax, %eax
	jmp	.LBB0_3
.LBB0_7:
	andq	$-8, %rcx
	xorl	%eax, %eax
	.p2align	4, 0x90
.LBB0_8:                                # =>This Inner Loop Header: Depth=1
	vmovsd	(%rsi,%rax,8), %xmm0            # xmm0 = mem[0],zero
	vmovsd	(%rdx,%rax,8), %xmm1            # xmm1 = mem[0],zero
	vfmadd213sd	(%rdi,%rax,8), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovsd	%xmm1, (%rdi,%rax,8)
	vmovsd	8(%rsi,%rax,8), %xmm0           # xmm0 = mem[0],zero
	vmovsd	8(%rdx,%rax,8), %xmm1           # xmm1 = mem[0],zero
	vfmadd213sd	8(%rdi,%rax,8), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovsd	%xmm1, 8(%rdi,%rax,8)
	vmovsd	16(%rsi,%rax,8), %xmm0          # xmm0 = mem[0],zero
	vmovsd	16(%rdx,%rax,8), %xmm1          # xmm1 = mem[0],zero
	vfmadd213sd	16(%rdi,%rax,8), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovsd	%xmm1, 16(%rdi,%rax,8)
	vmovsd	24(%rsi,%rax,8), %xmm0          # xmm0 = mem[0],zero
	vmovsd	24(%rdx,%rax,8), %xmm1          # xmm1 = mem[0],zero
	vfmadd213sd	24(%rdi,%rax,8), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovsd	%xmm1, 24(%rdi,%rax,8)
	vmovsd	32(%rsi,%rax,8), %xmm0          # xmm0 = mem[0],zero
	vmovsd	32(%rdx,%rax,8), %xmm1          # xmm1 = mem[0],zero
	vfmadd213sd	32(%rdi,%rax,8), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovsd	%xmm1, 32(%rdi,%rax,8)
	vmovsd	40(%rsi,%rax,8), %xmm0          # xmm0 = mem[0],zero
	vmovsd	40(%rdx,%rax,8), %xmm1          # xmm1 = mem[0],zero
	vfmadd213sd	40(%rdi,%rax,8), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovsd	%xmm1, 40(%rdi,%rax,8)
	vmovsd	48(%rsi,%rax,8), %xmm0          # xmm0 = mem[0],zero
	vmovsd	48(%rdx,%rax,8), %xmm1          # xmm1 = mem[0],zero
	vfmadd213sd	48(%rdi,%rax,8), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovsd	%xmm1, 48(%rdi,%rax,8)
	vmovsd	56(%rsi,%rax,8), %xmm0          # xmm0 = mem[0],zero
	vmovsd	56(%rdx,%rax,8), %xmm1          # xmm1 = mem[0],zero
	vfmadd213sd	56(%rdi,%rax,8), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovsd	%xmm1, 56(%rdi,%rax,8)
	addq	$8, %rax
	cmpq	%rax, %rcx
	jne	.LBB0_8
.LBB0_3:
	testq	%r8, %r8
	je	.LBB0_6
# %bb.4:
	leaq	(%rdi,%rax,8), %rcx
	leaq	(%rdx,%rax,8), %rdx
	leaq	(%rsi,%rax,8), %rax
	xorl	%esi, %esi
	.p2align	4, 0x90
.LBB0_5:                                # =>This Inner Loop Header: Depth=1
	vmovsd	(%rax,%rsi,8), %xmm0            # xmm0 = mem[0],zero
	vmovsd	(%rdx,%rsi,8), %xmm1            # xmm1 = mem[0],zero
	vfmadd213sd	(%rcx,%rsi,8), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovsd	%xmm1, (%rcx,%rsi,8)
	incq	%rsi
	cmpq	%rsi, %r8
	jne	.LBB0_5
.LBB0_6:
	retq
.Lfunc_end0:
	.size	fma_probe, .Lfunc_end0-fma_probe
	.globl	regs_scalar_16                  # -- Begin function regs_scalar_16
	.p2align	4, 0x90
	.type	regs_scalar_16,@function
regs_scalar_16:                         # @regs_scalar_16
	.cfi_startproc
# %bb.0:
	vmovsd	(%rdi), %xmm0                   # xmm0 = mem[0],zero
	vmovsd	8(%rdi), %xmm1                  # xmm1 = mem[0],zero
	vmovsd	16(%rdi), %xmm2                 # xmm2 = mem[0],zero
	vmovsd	24(%rdi), %xmm3                 # xmm3 = mem[0],zero
	vmovsd	32(%rdi), %xmm4                 # xmm4 = mem[0],zero
	vmovsd	40(%rdi), %xmm5                 # xmm5 = mem[0],zero
	vmovsd	48(%rdi), %xmm6                 # xmm6 = mem[0],zero
	vmovsd	56(%rdi), %xmm7                 # xmm7 = mem[0],zero
	vmovsd	64(%rdi), %xmm8                 # xmm8 = mem[0],zero
	vmovsd	72(%rdi), %xmm9                 # xmm9 = mem[0],zero
	vmovsd	80(%rdi), %xmm10                # xmm10 = mem[0],zero
	vmovsd	88(%rdi), %xmm11                # xmm11 = mem[0],zero
	vmovsd	96(%rdi), %xmm12                # xmm12 = mem[0],zero
	vmovsd	104(%rdi), %xmm13               # xmm13 = mem[0],zero
	vmovsd	112(%rdi), %xmm14               # xmm14 = mem[0],zero
	vmovsd	120(%rdi), %xmm15               # xmm15 = mem[0],zero
	testq	%rsi, %rsi
	jle	.LBB15_6
# %bb.1:
	movl	%esi, %eax
	leaq	-1(%rsi), %rcx
	andl	$7, %eax
	cmpq	$7, %rcx
	jb	.LBB15_4
# %bb.2:
	andq	$-8, %rsi
	.p2align	4, 0x90
.LBB15_3:                               # =>This Inner Loop Header: Depth=1
	vmulsd	%xmm1, %xmm0, %xmm0
	vmulsd	%xmm2, %xmm1, %xmm1
	vmulsd	%xmm3, %xmm2, %xmm2
	vmulsd	%xmm4, %xmm3, %xmm3
	vmulsd	%xmm5, %xmm4, %xmm4
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmulsd	%xmm15, %xmm14, %xmm14
	addq	$-8, %rsi
	vmulsd	%xmm0, %xmm15, %xmm15
	vmulsd	%xmm1, %xmm0, %xmm0
	vmulsd	%xmm2, %xmm1, %xmm1
	vmulsd	%xmm3, %xmm2, %xmm2
	vmulsd	%xmm4, %xmm3, %xmm3
	vmulsd	%xmm5, %xmm4, %xmm4
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmulsd	%xmm15, %xmm14, %xmm14
	vmulsd	%xmm0, %xmm15, %xmm15
	vmulsd	%xmm1, %xmm0, %xmm0
	vmulsd	%xmm2, %xmm1, %xmm1
	vmulsd	%xmm3, %xmm2, %xmm2
	vmulsd	%xmm4, %xmm3, %xmm3
	vmulsd	%xmm5, %xmm4, %xmm4
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmulsd	%xmm15, %xmm14, %xmm14
	vmulsd	%xmm0, %xmm15, %xmm15
	vmulsd	%xmm1, %xmm0, %xmm0
	vmulsd	%xmm2, %xmm1, %xmm1
	vmulsd	%xmm3, %xmm2, %xmm2
	vmulsd	%xmm4, %xmm3, %xmm3
	vmulsd	%xmm5, %xmm4, %xmm4
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmulsd	%xmm15, %xmm14, %xmm14
	vmulsd	%xmm0, %xmm15, %xmm15
	vmulsd	%xmm1, %xmm0, %xmm0
	vmulsd	%xmm2, %xmm1, %xmm1
	vmulsd	%xmm3, %xmm2, %xmm2
	vmulsd	%xmm4, %xmm3, %xmm3
	vmulsd	%xmm5, %xmm4, %xmm4
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmulsd	%xmm15, %xmm14, %xmm14
	vmulsd	%xmm0, %xmm15, %xmm15
	vmulsd	%xmm1, %xmm0, %xmm0
	vmulsd	%xmm2, %xmm1, %xmm1
	vmulsd	%xmm3, %xmm2, %xmm2
	vmulsd	%xmm4, %xmm3, %xmm3
	vmulsd	%xmm5, %xmm4, %xmm4
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmulsd	%xmm15, %xmm14, %xmm14
	vmulsd	%xmm0, %xmm15, %xmm15
	vmulsd	%xmm1, %xmm0, %xmm0
	vmulsd	%xmm2, %xmm1, %xmm1
	vmulsd	%xmm3, %xmm2, %xmm2
	vmulsd	%xmm4, %xmm3, %xmm3
	vmulsd	%xmm5, %xmm4, %xmm4
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmulsd	%xmm15, %xmm14, %xmm14
	vmulsd	%xmm0, %xmm15, %xmm15
	vmulsd	%xmm1, %xmm0, %xmm0
	vmulsd	%xmm2, %xmm1, %xmm1
	vmulsd	%xmm3, %xmm2, %xmm2
	vmulsd	%xmm4, %xmm3, %xmm3
	vmulsd	%xmm5, %xmm4, %xmm4
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmulsd	%xmm15, %xmm14, %xmm14
	vmulsd	%xmm0, %xmm15, %xmm15
	jne	.LBB15_3
.LBB15_4:
	testq	%rax, %rax
	je	.LBB15_6
	.p2align	4, 0x90
.LBB15_5:                               # =>This Inner Loop Header: Depth=1
	vmulsd	%xmm1, %xmm0, %xmm0
	vmulsd	%xmm2, %xmm1, %xmm1
	vmulsd	%xmm3, %xmm2, %xmm2
	vmulsd	%xmm4, %xmm3, %xmm3
	vmulsd	%xmm5, %xmm4, %xmm4
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmulsd	%xmm15, %xmm14, %xmm14
	decq	%rax
	vmulsd	%xmm0, %xmm15, %xmm15
	jne	.LBB15_5
.LBB15_6:
	vmovsd	%xmm0, (%rdi)
	vmovsd	%xmm1, 8(%rdi)
	vmovsd	%xmm2, 16(%rdi)
	vmovsd	%xmm3, 24(%rdi)
	vmovsd	%xmm4, 32(%rdi)
	vmovsd	%xmm5, 40(%rdi)
	vmovsd	%xmm6, 48(%rdi)
	vmovsd	%xmm7, 56(%rdi)
	vmovsd	%xmm8, 64(%rdi)
	vmovsd	%xmm9, 72(%rdi)
	vmovsd	%xmm10, 80(%rdi)
	vmovsd	%xmm11, 88(%rdi)
	vmovsd	%xmm12, 96(%rdi)
	vmovsd	%xmm13, 104(%rdi)
	vmovsd	%xmm14, 112(%rdi)
	vmovsd	%xmm15, 120(%rdi)
	retq
.Lfunc_end15:
	.size	regs_scalar_16, .Lfunc_end15-regs_scalar_16
	.globl	regs_scalar_17                  # -- Begin function regs_scalar_17
	.p2align	4, 0x90
	.type	regs_scalar_17,@function
regs_scalar_17:                         # @regs_scalar_17
	.cfi_startproc
# %bb.0:
	vmovsd	32(%rdi), %xmm5                 # xmm5 = mem[0],zero
	vmovsd	(%rdi), %xmm0                   # xmm0 = mem[0],zero
	vmovsd	128(%rdi), %xmm2                # xmm2 = mem[0],zero
	vmovsd	8(%rdi), %xmm1                  # xmm1 = mem[0],zero
	vmovsd	16(%rdi), %xmm4                 # xmm4 = mem[0],zero
	vmovsd	24(%rdi), %xmm3                 # xmm3 = mem[0],zero
	vmovsd	48(%rdi), %xmm6                 # xmm6 = mem[0],zero
	vmovsd	56(%rdi), %xmm7                 # xmm7 = mem[0],zero
	vmovsd	64(%rdi), %xmm8                 # xmm8 = mem[0],zero
	vmovsd	72(%rdi), %xmm9                 # xmm9 = mem[0],zero
	vmovsd	80(%rdi), %xmm10                # xmm10 = mem[0],zero
	vmovsd	88(%rdi), %xmm11                # xmm11 = mem[0],zero
	vmovsd	96(%rdi), %xmm12                # xmm12 = mem[0],zero
	vmovsd	104(%rdi), %xmm13               # xmm13 = mem[0],zero
	vmovsd	112(%rdi), %xmm14               # xmm14 = mem[0],zero
	vmovsd	120(%rdi), %xmm15               # xmm15 = mem[0],zero
	vmovsd	%xmm5, -24(%rsp)                # 8-byte Spill
	vmovsd	40(%rdi), %xmm5                 # xmm5 = mem[0],zero
	vmovsd	%xmm0, -16(%rsp)                # 8-byte Spill
	vmovsd	%xmm2, -32(%rsp)                # 8-byte Spill
	testq	%rsi, %rsi
	jle	.LBB16_1
# %bb.2:
	movl	%esi, %eax
	leaq	-1(%rsi), %rcx
	andl	$7, %eax
	cmpq	$7, %rcx
	jae	.LBB16_7
# %bb.3:
	vmovsd	-16(%rsp), %xmm2                # 8-byte Reload
                                        # xmm2 = mem[0],zero
	jmp	.LBB16_4
.LBB16_1:
	vmovsd	%xmm3, -8(%rsp)                 # 8-byte Spill
	vmovsd	-16(%rsp), %xmm2                # 8-byte Reload
                                        # xmm2 = mem[0],zero
	vmovsd	-8(%rsp), %xmm3                 # 8-byte Reload
                                        # xmm3 = mem[0],zero
	jmp	.LBB16_6
.LBB16_7:
	vmovsd	-16(%rsp), %xmm2                # 8-byte Reload
                                        # xmm2 = mem[0],zero
	andq	$-8, %rsi
	.p2align	4, 0x90
.LBB16_8:                               # =>This Inner Loop Header: Depth=1
	vmulsd	%xmm1, %xmm2, %xmm0
	vmulsd	%xmm3, %xmm4, %xmm2
	addq	$-8, %rsi
	vmovsd	%xmm0, -16(%rsp)                # 8-byte Spill
	vmulsd	%xmm4, %xmm1, %xmm0
	vmovsd	-16(%rsp), %xmm1                # 8-byte Reload
                                        # xmm1 = mem[0],zero
	vmovsd	%xmm0, -8(%rsp)                 # 8-byte Spill
	vmovsd	-24(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmulsd	%xmm5, %xmm0, %xmm4
	vmulsd	%xmm0, %xmm3, %xmm3
	vmovsd	-32(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmulsd	%xmm15, %xmm14, %xmm14
	vmulsd	%xmm0, %xmm15, %xmm15
	vmulsd	%xmm0, %xmm1, %xmm0
	vmovsd	%xmm0, -32(%rsp)                # 8-byte Spill
	vmovsd	-8(%rsp), %xmm0                 # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmulsd	%xmm0, %xmm1, %xmm1
	vmulsd	%xmm2, %xmm0, %xmm0
	vmulsd	%xmm3, %xmm2, %xmm2
	vmulsd	%xmm4, %xmm3, %xmm3
	vmulsd	%xmm5, %xmm4, %xmm4
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmulsd	%xmm15, %xmm14, %xmm14
	vmovsd	%xmm0, -24(%rsp)                # 8-byte Spill
	vmovsd	-32(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmulsd	%xmm0, %xmm15, %xmm15
	vmulsd	%xmm0, %xmm1, %xmm0
	vmovsd	%xmm0, -32(%rsp)                # 8-byte Spill
	vmovsd	-24(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmulsd	%xmm0, %xmm1, %xmm1
	vmulsd	%xmm2, %xmm0, %xmm0
	vmulsd	%xmm3, %xmm2, %xmm2
	vmulsd	%xmm4, %xmm3, %xmm3
	vmulsd	%xmm5, %xmm4, %xmm4
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmulsd	%xmm15, %xmm14, %xmm14
	vmovsd	%xmm0, -24(%rsp)                # 8-byte Spill
	vmovsd	-32(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmulsd	%xmm0, %xmm15, %xmm15
	vmulsd	%xmm0, %xmm1, %xmm0
	vmovsd	%xmm0, -32(%rsp)                # 8-byte Spill
	vmovsd	-24(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmulsd	%xmm0, %xmm1, %xmm1
	vmulsd	%xmm2, %xmm0, %xmm0
	vmulsd	%xmm3, %xmm2, %xmm2
	vmulsd	%xmm4, %xmm3, %xmm3
	vmulsd	%xmm5, %xmm4, %xmm4
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmulsd	%xmm15, %xmm14, %xmm14
	vmovsd	%xmm0, -24(%rsp)                # 8-byte Spill
	vmovsd	-32(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmulsd	%xmm0, %xmm15, %xmm15
	vmulsd	%xmm0, %xmm1, %xmm0
	vmovsd	%xmm0, -32(%rsp)                # 8-byte Spill
	vmovsd	-24(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmulsd	%xmm0, %xmm1, %xmm1
	vmulsd	%xmm2, %xmm0, %xmm0
	vmulsd	%xmm3, %xmm2, %xmm2
	vmulsd	%xmm4, %xmm3, %xmm3
	vmulsd	%xmm5, %xmm4, %xmm4
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmulsd	%xmm15, %xmm14, %xmm14
	vmovsd	%xmm0, -24(%rsp)                # 8-byte Spill
	vmovsd	-32(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmulsd	%xmm0, %xmm15, %xmm15
	vmulsd	%xmm0, %xmm1, %xmm0
	vmovsd	%xmm0, -32(%rsp)                # 8-byte Spill
	vmovsd	-24(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmulsd	%xmm0, %xmm1, %xmm1
	vmulsd	%xmm2, %xmm0, %xmm0
	vmulsd	%xmm3, %xmm2, %xmm2
	vmulsd	%xmm4, %xmm3, %xmm3
	vmulsd	%xmm5, %xmm4, %xmm4
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmulsd	%xmm15, %xmm14, %xmm14
	vmovsd	%xmm0, -24(%rsp)                # 8-byte Spill
	vmovsd	-32(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmulsd	%xmm0, %xmm15, %xmm15
	vmulsd	%xmm0, %xmm1, %xmm0
	vmovsd	%xmm0, -32(%rsp)                # 8-byte Spill
	vmovsd	-24(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmulsd	%xmm0, %xmm1, %xmm1
	vmulsd	%xmm2, %xmm0, %xmm0
	vmulsd	%xmm3, %xmm2, %xmm2
	vmulsd	%xmm4, %xmm3, %xmm3
	vmulsd	%xmm5, %xmm4, %xmm4
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmulsd	%xmm15, %xmm14, %xmm14
	vmovsd	%xmm0, -24(%rsp)                # 8-byte Spill
	vmovsd	-32(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmulsd	%xmm0, %xmm15, %xmm15
	vmulsd	%xmm0, %xmm1, %xmm0
	vmovsd	%xmm0, -32(%rsp)                # 8-byte Spill
	vmovsd	-24(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmulsd	%xmm0, %xmm1, %xmm1
	vmulsd	%xmm2, %xmm0, %xmm0
	vmulsd	%xmm3, %xmm2, %xmm2
	vmulsd	%xmm4, %xmm3, %xmm3
	vmovsd	%xmm1, -16(%rsp)                # 8-byte Spill
	vmulsd	%xmm5, %xmm4, %xmm1
	vmovsd	%xmm0, -8(%rsp)                 # 8-byte Spill
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmulsd	%xmm15, %xmm14, %xmm14
	vmovapd	%xmm2, %xmm4
	vmovsd	-16(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmovsd	%xmm1, -24(%rsp)                # 8-byte Spill
	vmovsd	-32(%rsp), %xmm1                # 8-byte Reload
                                        # xmm1 = mem[0],zero
	vmovapd	%xmm0, %xmm2
	vmulsd	%xmm1, %xmm15, %xmm15
	vmulsd	%xmm1, %xmm0, %xmm1
	vmovsd	%xmm1, -32(%rsp)                # 8-byte Spill
	vmovsd	-8(%rsp), %xmm1                 # 8-byte Reload
                                        # xmm1 = mem[0],zero
	jne	.LBB16_8
.LBB16_4:
	testq	%rax, %rax
	je	.LBB16_6
	.p2align	4, 0x90
.LBB16_5:                               # =>This Inner Loop Header: Depth=1
	vmovsd	-24(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmulsd	%xmm1, %xmm2, %xmm2
	vmulsd	%xmm4, %xmm1, %xmm1
	vmulsd	%xmm3, %xmm4, %xmm4
	decq	%rax
	vmovsd	%xmm4, -16(%rsp)                # 8-byte Spill
	vmulsd	%xmm0, %xmm3, %xmm4
	vmovapd	%xmm1, %xmm3
	vmovsd	-32(%rsp), %xmm1                # 8-byte Reload
                                        # xmm1 = mem[0],zero
	vmulsd	%xmm5, %xmm0, %xmm0
	vmulsd	%xmm6, %xmm5, %xmm5
	vmulsd	%xmm7, %xmm6, %xmm6
	vmulsd	%xmm7, %xmm8, %xmm7
	vmulsd	%xmm9, %xmm8, %xmm8
	vmulsd	%xmm10, %xmm9, %xmm9
	vmulsd	%xmm11, %xmm10, %xmm10
	vmulsd	%xmm12, %xmm11, %xmm11
	vmulsd	%xmm13, %xmm12, %xmm12
	vmulsd	%xmm14, %xmm13, %xmm13
	vmovsd	%xmm0, -24(%rsp)                # 8-byte Spill
	vmulsd	%xmm15, %xmm14, %xmm0
	vmovapd	%xmm13, %xmm14
	vmovapd	%xmm12, %xmm13
	vmovapd	%xmm11, %xmm12
	vmovapd	%xmm10, %xmm11
	vmovapd	%xmm9, %xmm10
	vmovapd	%xmm8, %xmm9
	vmovapd	%xmm7, %xmm8
	vmovapd	%xmm6, %xmm7
	vmovapd	%xmm5, %xmm6
	vmovapd	%xmm7, %xmm6
	vmovapd	%xmm8, %xmm7
	vmovapd	%xmm9, %xmm8
	vmovapd	%xmm10, %xmm9
	vmovapd	%xmm11, %xmm10
	vmovapd	%xmm12, %xmm11
	vmovapd	%xmm13, %xmm12
	vmovapd	%xmm14, %xmm13
	vmovapd	%xmm0, %xmm14
	vmulsd	%xmm1, %xmm15, %xmm15
	vmulsd	%xmm1, %xmm2, %xmm1
	vmovsd	%xmm1, -32(%rsp)                # 8-byte Spill
	vmovapd	%xmm3, %xmm1
	vmovapd	%xmm4, %xmm3
	vmovsd	-16(%rsp), %xmm4                # 8-byte Reload
                                        # xmm4 = mem[0],zero
	jne	.LBB16_5
.LBB16_6:
	vmovsd	%xmm2, (%rdi)
	vmovsd	%xmm1, 8(%rdi)
	vmovsd	-24(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmovsd	-32(%rsp), %xmm1                # 8-byte Reload
                                        # xmm1 = mem[0],zero
	vmovsd	%xmm4, 16(%rdi)
	vmovsd	%xmm3, 24(%rdi)
	vmovsd	%xmm0, 32(%rdi)
	vmovsd	%xmm5, 40(%rdi)
	vmovsd	%xmm6, 48(%rdi)
	vmovsd	%xmm7, 56(%rdi)
	vmovsd	%xmm8, 64(%rdi)
	vmovsd	%xmm9, 72(%rdi)
	vmovsd	%xmm10, 80(%rdi)
	vmovsd	%xmm11, 88(%rdi)
	vmovsd	%xmm12, 96(%rdi)
	vmovsd	%xmm13, 104(%rdi)
	vmovsd	%xmm14, 112(%rdi)
	vmovsd	%xmm15, 120(%rdi)
	vmovsd	%xmm1, 128(%rdi)
	retq
.Lfunc_end16:
	.size	regs_scalar_17, .Lfunc_end16-regs_scalar_17
	.globl	regs_avx2_16                    # -- Begin function regs_avx2_16
	.p2align	4, 0x90
	.type	regs_avx2_16,@function
regs_avx2_16:                           # @regs_avx2_16
	.cfi_startproc
# %bb.0:
	vmovapd	(%rdi), %ymm0
	vmovapd	32(%rdi), %ymm1
	vmovapd	64(%rdi), %ymm2
	vmovapd	96(%rdi), %ymm3
	vmovapd	128(%rdi), %ymm4
	vmovapd	160(%rdi), %ymm5
	vmovapd	192(%rdi), %ymm6
	vmovapd	224(%rdi), %ymm7
	vmovapd	256(%rdi), %ymm8
	vmovapd	288(%rdi), %ymm9
	vmovapd	320(%rdi), %ymm10
	vmovapd	352(%rdi), %ymm11
	vmovapd	384(%rdi), %ymm12
	vmovapd	416(%rdi), %ymm13
	vmovapd	448(%rdi), %ymm14
	vmovapd	480(%rdi), %ymm15
	testq	%rsi, %rsi
	jle	.LBB93_6
# %bb.1:
	movl	%esi, %eax
	leaq	-1(%rsi), %rcx
	andl	$7, %eax
	cmpq	$7, %rcx
	jb	.LBB93_4
# %bb.2:
	andq	$-8, %rsi
	.p2align	4, 0x90
.LBB93_3:                               # =>This Inner Loop Header: Depth=1
	vmulpd	%ymm1, %ymm0, %ymm0
	vmulpd	%ymm2, %ymm1, %ymm1
	vmulpd	%ymm3, %ymm2, %ymm2
	vmulpd	%ymm4, %ymm3, %ymm3
	vmulpd	%ymm5, %ymm4, %ymm4
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmulpd	%ymm15, %ymm14, %ymm14
	addq	$-8, %rsi
	vmulpd	%ymm0, %ymm15, %ymm15
	vmulpd	%ymm1, %ymm0, %ymm0
	vmulpd	%ymm2, %ymm1, %ymm1
	vmulpd	%ymm3, %ymm2, %ymm2
	vmulpd	%ymm4, %ymm3, %ymm3
	vmulpd	%ymm5, %ymm4, %ymm4
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmulpd	%ymm15, %ymm14, %ymm14
	vmulpd	%ymm0, %ymm15, %ymm15
	vmulpd	%ymm1, %ymm0, %ymm0
	vmulpd	%ymm2, %ymm1, %ymm1
	vmulpd	%ymm3, %ymm2, %ymm2
	vmulpd	%ymm4, %ymm3, %ymm3
	vmulpd	%ymm5, %ymm4, %ymm4
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmulpd	%ymm15, %ymm14, %ymm14
	vmulpd	%ymm0, %ymm15, %ymm15
	vmulpd	%ymm1, %ymm0, %ymm0
	vmulpd	%ymm2, %ymm1, %ymm1
	vmulpd	%ymm3, %ymm2, %ymm2
	vmulpd	%ymm4, %ymm3, %ymm3
	vmulpd	%ymm5, %ymm4, %ymm4
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmulpd	%ymm15, %ymm14, %ymm14
	vmulpd	%ymm0, %ymm15, %ymm15
	vmulpd	%ymm1, %ymm0, %ymm0
	vmulpd	%ymm2, %ymm1, %ymm1
	vmulpd	%ymm3, %ymm2, %ymm2
	vmulpd	%ymm4, %ymm3, %ymm3
	vmulpd	%ymm5, %ymm4, %ymm4
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmulpd	%ymm15, %ymm14, %ymm14
	vmulpd	%ymm0, %ymm15, %ymm15
	vmulpd	%ymm1, %ymm0, %ymm0
	vmulpd	%ymm2, %ymm1, %ymm1
	vmulpd	%ymm3, %ymm2, %ymm2
	vmulpd	%ymm4, %ymm3, %ymm3
	vmulpd	%ymm5, %ymm4, %ymm4
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmulpd	%ymm15, %ymm14, %ymm14
	vmulpd	%ymm0, %ymm15, %ymm15
	vmulpd	%ymm1, %ymm0, %ymm0
	vmulpd	%ymm2, %ymm1, %ymm1
	vmulpd	%ymm3, %ymm2, %ymm2
	vmulpd	%ymm4, %ymm3, %ymm3
	vmulpd	%ymm5, %ymm4, %ymm4
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmulpd	%ymm15, %ymm14, %ymm14
	vmulpd	%ymm0, %ymm15, %ymm15
	vmulpd	%ymm1, %ymm0, %ymm0
	vmulpd	%ymm2, %ymm1, %ymm1
	vmulpd	%ymm3, %ymm2, %ymm2
	vmulpd	%ymm4, %ymm3, %ymm3
	vmulpd	%ymm5, %ymm4, %ymm4
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmulpd	%ymm15, %ymm14, %ymm14
	vmulpd	%ymm0, %ymm15, %ymm15
	jne	.LBB93_3
.LBB93_4:
	testq	%rax, %rax
	je	.LBB93_6
	.p2align	4, 0x90
.LBB93_5:                               # =>This Inner Loop Header: Depth=1
	vmulpd	%ymm1, %ymm0, %ymm0
	vmulpd	%ymm2, %ymm1, %ymm1
	vmulpd	%ymm3, %ymm2, %ymm2
	vmulpd	%ymm4, %ymm3, %ymm3
	vmulpd	%ymm5, %ymm4, %ymm4
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmulpd	%ymm15, %ymm14, %ymm14
	decq	%rax
	vmulpd	%ymm0, %ymm15, %ymm15
	jne	.LBB93_5
.LBB93_6:
	vmovapd	%ymm0, (%rdi)
	vmovapd	%ymm1, 32(%rdi)
	vmovapd	%ymm2, 64(%rdi)
	vmovapd	%ymm3, 96(%rdi)
	vmovapd	%ymm4, 128(%rdi)
	vmovapd	%ymm5, 160(%rdi)
	vmovapd	%ymm6, 192(%rdi)
	vmovapd	%ymm7, 224(%rdi)
	vmovapd	%ymm8, 256(%rdi)
	vmovapd	%ymm9, 288(%rdi)
	vmovapd	%ymm10, 320(%rdi)
	vmovapd	%ymm11, 352(%rdi)
	vmovapd	%ymm12, 384(%rdi)
	vmovapd	%ymm13, 416(%rdi)
	vmovapd	%ymm14, 448(%rdi)
	vmovapd	%ymm15, 480(%rdi)
	vzeroupper
	retq
.Lfunc_end93:
	.size	regs_avx2_16, .Lfunc_end93-regs_avx2_16
	.globl	regs_avx2_17                    # -- Begin function regs_avx2_17
	.p2align	4, 0x90
	.type	regs_avx2_17,@function
regs_avx2_17:                           # @regs_avx2_17
	.cfi_startproc
# %bb.0:
	pushq	%rax
	.cfi_def_cfa_offset 16
	vmovaps	128(%rdi), %ymm5
	vmovapd	(%rdi), %ymm0
	vmovaps	512(%rdi), %ymm2
	vmovapd	32(%rdi), %ymm1
	vmovapd	64(%rdi), %ymm4
	vmovapd	96(%rdi), %ymm3
	vmovapd	192(%rdi), %ymm6
	vmovapd	224(%rdi), %ymm7
	vmovapd	256(%rdi), %ymm8
	vmovapd	288(%rdi), %ymm9
	vmovapd	320(%rdi), %ymm10
	vmovapd	352(%rdi), %ymm11
	vmovapd	384(%rdi), %ymm12
	vmovapd	416(%rdi), %ymm13
	vmovapd	448(%rdi), %ymm14
	vmovapd	480(%rdi), %ymm15
	vmovups	%ymm5, -96(%rsp)                # 32-byte Spill
	vmovapd	160(%rdi), %ymm5
	vmovupd	%ymm0, -64(%rsp)                # 32-byte Spill
	vmovups	%ymm2, -128(%rsp)               # 32-byte Spill
	testq	%rsi, %rsi
	jle	.LBB94_1
# %bb.2:
	movl	%esi, %eax
	leaq	-1(%rsi), %rcx
	andl	$7, %eax
	cmpq	$7, %rcx
	jae	.LBB94_7
# %bb.3:
	vmovupd	-64(%rsp), %ymm2                # 32-byte Reload
	jmp	.LBB94_4
.LBB94_1:
	vmovupd	%ymm3, -32(%rsp)                # 32-byte Spill
	vmovupd	-64(%rsp), %ymm2                # 32-byte Reload
	vmovupd	-32(%rsp), %ymm3                # 32-byte Reload
	jmp	.LBB94_6
.LBB94_7:
	vmovupd	-64(%rsp), %ymm2                # 32-byte Reload
	andq	$-8, %rsi
	.p2align	4, 0x90
.LBB94_8:                               # =>This Inner Loop Header: Depth=1
	vmulpd	%ymm1, %ymm2, %ymm0
	vmulpd	%ymm3, %ymm4, %ymm2
	addq	$-8, %rsi
	vmovupd	%ymm0, -64(%rsp)                # 32-byte Spill
	vmulpd	%ymm4, %ymm1, %ymm0
	vmovupd	-64(%rsp), %ymm1                # 32-byte Reload
	vmovupd	%ymm0, -32(%rsp)                # 32-byte Spill
	vmovupd	-96(%rsp), %ymm0                # 32-byte Reload
	vmulpd	%ymm5, %ymm0, %ymm4
	vmulpd	%ymm0, %ymm3, %ymm3
	vmovupd	-128(%rsp), %ymm0               # 32-byte Reload
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmulpd	%ymm15, %ymm14, %ymm14
	vmulpd	%ymm0, %ymm15, %ymm15
	vmulpd	%ymm0, %ymm1, %ymm0
	vmovupd	%ymm0, -128(%rsp)               # 32-byte Spill
	vmovupd	-32(%rsp), %ymm0                # 32-byte Reload
	vmulpd	%ymm0, %ymm1, %ymm1
	vmulpd	%ymm2, %ymm0, %ymm0
	vmulpd	%ymm3, %ymm2, %ymm2
	vmulpd	%ymm4, %ymm3, %ymm3
	vmulpd	%ymm5, %ymm4, %ymm4
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmulpd	%ymm15, %ymm14, %ymm14
	vmovupd	%ymm0, -96(%rsp)                # 32-byte Spill
	vmovupd	-128(%rsp), %ymm0               # 32-byte Reload
	vmulpd	%ymm0, %ymm15, %ymm15
	vmulpd	%ymm0, %ymm1, %ymm0
	vmovupd	%ymm0, -128(%rsp)               # 32-byte Spill
	vmovupd	-96(%rsp), %ymm0                # 32-byte Reload
	vmulpd	%ymm0, %ymm1, %ymm1
	vmulpd	%ymm2, %ymm0, %ymm0
	vmulpd	%ymm3, %ymm2, %ymm2
	vmulpd	%ymm4, %ymm3, %ymm3
	vmulpd	%ymm5, %ymm4, %ymm4
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmulpd	%ymm15, %ymm14, %ymm14
	vmovupd	%ymm0, -96(%rsp)                # 32-byte Spill
	vmovupd	-128(%rsp), %ymm0               # 32-byte Reload
	vmulpd	%ymm0, %ymm15, %ymm15
	vmulpd	%ymm0, %ymm1, %ymm0
	vmovupd	%ymm0, -128(%rsp)               # 32-byte Spill
	vmovupd	-96(%rsp), %ymm0                # 32-byte Reload
	vmulpd	%ymm0, %ymm1, %ymm1
	vmulpd	%ymm2, %ymm0, %ymm0
	vmulpd	%ymm3, %ymm2, %ymm2
	vmulpd	%ymm4, %ymm3, %ymm3
	vmulpd	%ymm5, %ymm4, %ymm4
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmulpd	%ymm15, %ymm14, %ymm14
	vmovupd	%ymm0, -96(%rsp)                # 32-byte Spill
	vmovupd	-128(%rsp), %ymm0               # 32-byte Reload
	vmulpd	%ymm0, %ymm15, %ymm15
	vmulpd	%ymm0, %ymm1, %ymm0
	vmovupd	%ymm0, -128(%rsp)               # 32-byte Spill
	vmovupd	-96(%rsp), %ymm0                # 32-byte Reload
	vmulpd	%ymm0, %ymm1, %ymm1
	vmulpd	%ymm2, %ymm0, %ymm0
	vmulpd	%ymm3, %ymm2, %ymm2
	vmulpd	%ymm4, %ymm3, %ymm3
	vmulpd	%ymm5, %ymm4, %ymm4
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmulpd	%ymm15, %ymm14, %ymm14
	vmovupd	%ymm0, -96(%rsp)                # 32-byte Spill
	vmovupd	-128(%rsp), %ymm0               # 32-byte Reload
	vmulpd	%ymm0, %ymm15, %ymm15
	vmulpd	%ymm0, %ymm1, %ymm0
	vmovupd	%ymm0, -128(%rsp)               # 32-byte Spill
	vmovupd	-96(%rsp), %ymm0                # 32-byte Reload
	vmulpd	%ymm0, %ymm1, %ymm1
	vmulpd	%ymm2, %ymm0, %ymm0
	vmulpd	%ymm3, %ymm2, %ymm2
	vmulpd	%ymm4, %ymm3, %ymm3
	vmulpd	%ymm5, %ymm4, %ymm4
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmulpd	%ymm15, %ymm14, %ymm14
	vmovupd	%ymm0, -96(%rsp)                # 32-byte Spill
	vmovupd	-128(%rsp), %ymm0               # 32-byte Reload
	vmulpd	%ymm0, %ymm15, %ymm15
	vmulpd	%ymm0, %ymm1, %ymm0
	vmovupd	%ymm0, -128(%rsp)               # 32-byte Spill
	vmovupd	-96(%rsp), %ymm0                # 32-byte Reload
	vmulpd	%ymm0, %ymm1, %ymm1
	vmulpd	%ymm2, %ymm0, %ymm0
	vmulpd	%ymm3, %ymm2, %ymm2
	vmulpd	%ymm4, %ymm3, %ymm3
	vmulpd	%ymm5, %ymm4, %ymm4
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmulpd	%ymm15, %ymm14, %ymm14
	vmovupd	%ymm0, -96(%rsp)                # 32-byte Spill
	vmovupd	-128(%rsp), %ymm0               # 32-byte Reload
	vmulpd	%ymm0, %ymm15, %ymm15
	vmulpd	%ymm0, %ymm1, %ymm0
	vmovupd	%ymm0, -128(%rsp)               # 32-byte Spill
	vmovupd	-96(%rsp), %ymm0                # 32-byte Reload
	vmulpd	%ymm0, %ymm1, %ymm1
	vmulpd	%ymm2, %ymm0, %ymm0
	vmulpd	%ymm3, %ymm2, %ymm2
	vmulpd	%ymm4, %ymm3, %ymm3
	vmovupd	%ymm1, -64(%rsp)                # 32-byte Spill
	vmulpd	%ymm5, %ymm4, %ymm1
	vmovupd	%ymm0, -32(%rsp)                # 32-byte Spill
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmulpd	%ymm15, %ymm14, %ymm14
	vmovapd	%ymm2, %ymm4
	vmovupd	-64(%rsp), %ymm0                # 32-byte Reload
	vmovupd	%ymm1, -96(%rsp)                # 32-byte Spill
	vmovupd	-128(%rsp), %ymm1               # 32-byte Reload
	vmovapd	%ymm0, %ymm2
	vmulpd	%ymm1, %ymm15, %ymm15
	vmulpd	%ymm1, %ymm0, %ymm1
	vmovupd	%ymm1, -128(%rsp)               # 32-byte Spill
	vmovupd	-32(%rsp), %ymm1                # 32-byte Reload
	jne	.LBB94_8
.LBB94_4:
	testq	%rax, %rax
	je	.LBB94_6
	.p2align	4, 0x90
.LBB94_5:                               # =>This Inner Loop Header: Depth=1
	vmovupd	-96(%rsp), %ymm0                # 32-byte Reload
	vmulpd	%ymm1, %ymm2, %ymm2
	vmulpd	%ymm4, %ymm1, %ymm1
	vmulpd	%ymm3, %ymm4, %ymm4
	decq	%rax
	vmovupd	%ymm4, -64(%rsp)                # 32-byte Spill
	vmulpd	%ymm0, %ymm3, %ymm4
	vmovapd	%ymm1, %ymm3
	vmovupd	-128(%rsp), %ymm1               # 32-byte Reload
	vmulpd	%ymm5, %ymm0, %ymm0
	vmulpd	%ymm6, %ymm5, %ymm5
	vmulpd	%ymm7, %ymm6, %ymm6
	vmulpd	%ymm7, %ymm8, %ymm7
	vmulpd	%ymm9, %ymm8, %ymm8
	vmulpd	%ymm10, %ymm9, %ymm9
	vmulpd	%ymm11, %ymm10, %ymm10
	vmulpd	%ymm12, %ymm11, %ymm11
	vmulpd	%ymm13, %ymm12, %ymm12
	vmulpd	%ymm14, %ymm13, %ymm13
	vmovupd	%ymm0, -96(%rsp)                # 32-byte Spill
	vmulpd	%ymm15, %ymm14, %ymm0
	vmovapd	%ymm13, %ymm14
	vmovapd	%ymm12, %ymm13
	vmovapd	%ymm11, %ymm12
	vmovapd	%ymm10, %ymm11
	vmovapd	%ymm9, %ymm10
	vmovapd	%ymm8, %ymm9
	vmovapd	%ymm7, %ymm8
	vmovapd	%ymm6, %ymm7
	vmovapd	%ymm5, %ymm6
	vmovapd	%ymm7, %ymm6
	vmovapd	%ymm8, %ymm7
	vmovapd	%ymm9, %ymm8
	vmovapd	%ymm10, %ymm9
	vmovapd	%ymm11, %ymm10
	vmovapd	%ymm12, %ymm11
	vmovapd	%ymm13, %ymm12
	vmovapd	%ymm14, %ymm13
	vmovapd	%ymm0, %ymm14
	vmulpd	%ymm1, %ymm15, %ymm15
	vmulpd	%ymm1, %ymm2, %ymm1
	vmovupd	%ymm1, -128(%rsp)               # 32-byte Spill
	vmovapd	%ymm3, %ymm1
	vmovapd	%ymm4, %ymm3
	vmovupd	-64(%rsp), %ymm4                # 32-byte Reload
	jne	.LBB94_5
.LBB94_6:
	vmovapd	%ymm2, (%rdi)
	vmovapd	%ymm1, 32(%rdi)
	vmovups	-96(%rsp), %ymm0                # 32-byte Reload
	vmovups	-128(%rsp), %ymm1               # 32-byte Reload
	vmovapd	%ymm4, 64(%rdi)
	vmovapd	%ymm3, 96(%rdi)
	vmovaps	%ymm0, 128(%rdi)
	vmovapd	%ymm5, 160(%rdi)
	vmovapd	%ymm6, 192(%rdi)
	vmovapd	%ymm7, 224(%rdi)
	vmovapd	%ymm8, 256(%rdi)
	vmovapd	%ymm9, 288(%rdi)
	vmovapd	%ymm10, 320(%rdi)
	vmovapd	%ymm11, 352(%rdi)
	vmovapd	%ymm12, 384(%rdi)
	vmovapd	%ymm13, 416(%rdi)
	vmovapd	%ymm14, 448(%rdi)
	vmovapd	%ymm15, 480(%rdi)
	vmovaps	%ymm1, 512(%rdi)
	popq	%rax
	.cfi_def_cfa_offset 8
	vzeroupper
	retq
.Lfunc_end94:
	.size	regs_avx2_17, .Lfunc_end94-regs_avx2_17
	.globl	vec_bits
	.p2align	2
vec_bits:
	.long	256                             # 0x100
