# clang 14.0.6 -march=native on AMD Zen 5 (EPYC, KVM) -O2 -mprefer-vector-width=512 -ffp-contract=fast -fno-tree-vectorize -fno-tree-slp-vectorize -g0
# -S of mmprobe's register probe source; these functions extracted
	.globl	fma_probe                       # -- Begin function fma_probe
	.p2align	4, 0x90
	.type	fma_probe,@function
fma_probe:                              # @fma_probe
	.cfi_startproc
# %bb.0:
	testq	%rcx, %rcx
	jle	.LBB0_5
# %bb.1:
	cmpq	$1, %rcx
	jne	.LBB0_6
# %bb.2:
	xorl	%eax, %eax
	jmp	.LBB0_3
.LBB0_6:
	movq	%rcx, %r8
	andq	$-2, %r8
	xorl	%eax, %eax
	.p2align	4, 0x90
.LBB0_7:                                # =>This Inner Loop Header: Depth=1
	vmovsd	(%rsi,%rax,8), %xmm0            # xmm0 = mem[0],zero
	vmovsd	(%rdx,%rax,8), %xmm1            # xmm1 = mem[0],zero
	vfmadd213sd	(%rdi,%rax,8), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovsd	%xmm1, (%rdi,%rax,8)
	vmovsd	8(%rsi,%rax,8), %xmm0           # xmm0 = mem[0],zero
	vmovsd	8(%rdx,%rax,8), %xmm1           # xmm1 = mem[0],zero
	vfmadd213sd	8(%rdi,%rax,8), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovsd	%xmm1, 8(%rdi,%rax,8)
	addq	$2, %rax
	cmpq	%rax, %r8
	jne	.LBB0_7
.LBB0_3:
	testb	$1, %cl
	je	.LBB0_5
# %bb.4:
	vmovsd	(%rsi,%rax,8), %xmm0            # xmm0 = mem[0],zero
	vmovsd	(%rdx,%rax,8), %xmm1            # xmm1 = mem[0],zero
	vfmadd213sd	(%rdi,%rax,8), %xmm0, %xmm1 # xmm1 = (xmm0 * xmm1) + mem
	vmovsd	%xmm1, (%rdi,%rax,8)
.LBB0_5:
	retq
.Lfunc_end0:
	.size	fma_probe, .Lfunc_end0-fma_probe
	.globl	regs_scalar_32                  # -- Begin function regs_scalar_32
	.p2align	4, 0x90
	.type	regs_scalar_32,@function
regs_scalar_32:                         # @regs_scalar_32
	.cfi_startproc
# %bb.0:
	vmovsd	(%rdi), %xmm31                  # xmm31 = mem[0],zero
	vmovsd	8(%rdi), %xmm30                 # xmm30 = mem[0],zero
	vmovsd	16(%rdi), %xmm29                # xmm29 = mem[0],zero
	vmovsd	24(%rdi), %xmm28                # xmm28 = mem[0],zero
	vmovsd	32(%rdi), %xmm27                # xmm27 = mem[0],zero
	vmovsd	40(%rdi), %xmm26                # xmm26 = mem[0],zero
	vmovsd	48(%rdi), %xmm25                # xmm25 = mem[0],zero
	vmovsd	56(%rdi), %xmm24                # xmm24 = mem[0],zero
	vmovsd	64(%rdi), %xmm23                # xmm23 = mem[0],zero
	vmovsd	72(%rdi), %xmm22                # xmm22 = mem[0],zero
	vmovsd	80(%rdi), %xmm21                # xmm21 = mem[0],zero
	vmovsd	88(%rdi), %xmm20                # xmm20 = mem[0],zero
	vmovsd	96(%rdi), %xmm19                # xmm19 = mem[0],zero
	vmovsd	104(%rdi), %xmm18               # xmm18 = mem[0],zero
	vmovsd	112(%rdi), %xmm17               # xmm17 = mem[0],zero
	vmovsd	120(%rdi), %xmm16               # xmm16 = mem[0],zero
	vmovsd	128(%rdi), %xmm15               # xmm15 = mem[0],zero
	vmovsd	136(%rdi), %xmm14               # xmm14 = mem[0],zero
	vmovsd	144(%rdi), %xmm13               # xmm13 = mem[0],zero
	vmovsd	152(%rdi), %xmm12               # xmm12 = mem[0],zero
	vmovsd	160(%rdi), %xmm11               # xmm11 = mem[0],zero
	vmovsd	168(%rdi), %xmm10               # xmm10 = mem[0],zero
	vmovsd	176(%rdi), %xmm9                # xmm9 = mem[0],zero
	vmovsd	184(%rdi), %xmm8                # xmm8 = mem[0],zero
	vmovsd	192(%rdi), %xmm7                # xmm7 = mem[0],zero
	vmovsd	200(%rdi), %xmm6                # xmm6 = mem[0],zero
	vmovsd	208(%rdi), %xmm5                # xmm5 = mem[0],zero
	vmovsd	216(%rdi), %xmm4                # xmm4 = mem[0],zero
	vmovsd	224(%rdi), %xmm3                # xmm3 = mem[0],zero
	vmovsd	232(%rdi), %xmm2                # xmm2 = mem[0],zero
	vmovsd	240(%rdi), %xmm1                # xmm1 = mem[0],zero
	vmovsd	248(%rdi), %xmm0                # xmm0 = mem[0],zero
	testq	%rsi, %rsi
	jle	.LBB31_2
	.p2align	4, 0x90
.LBB31_1:                               # =>This Inner Loop Header: Depth=1
	vmulsd	%xmm30, %xmm31, %xmm31
	vmulsd	%xmm29, %xmm30, %xmm30
	vmulsd	%xmm28, %xmm29, %xmm29
	vmulsd	%xmm27, %xmm28, %xmm28
	vmulsd	%xmm26, %xmm27, %xmm27
	vmulsd	%xmm25, %xmm26, %xmm26
	vmulsd	%xmm24, %xmm25, %xmm25
	vmulsd	%xmm23, %xmm24, %xmm24
	vmulsd	%xmm22, %xmm23, %xmm23
	vmulsd	%xmm21, %xmm22, %xmm22
	vmulsd	%xmm20, %xmm21, %xmm21
	vmulsd	%xmm19, %xmm20, %xmm20
	vmulsd	%xmm18, %xmm19, %xmm19
	vmulsd	%xmm17, %xmm18, %xmm18
	vmulsd	%xmm16, %xmm17, %xmm17
	vmulsd	%xmm15, %xmm16, %xmm16
	vmulsd	%xmm14, %xmm15, %xmm15
	vmulsd	%xmm13, %xmm14, %xmm14
	vmulsd	%xmm12, %xmm13, %xmm13
	vmulsd	%xmm11, %xmm12, %xmm12
	vmulsd	%xmm10, %xmm11, %xmm11
	vmulsd	%xmm9, %xmm10, %xmm10
	vmulsd	%xmm8, %xmm9, %xmm9
	vmulsd	%xmm7, %xmm8, %xmm8
	vmulsd	%xmm6, %xmm7, %xmm7
	vmulsd	%xmm5, %xmm6, %xmm6
	vmulsd	%xmm4, %xmm5, %xmm5
	vmulsd	%xmm3, %xmm4, %xmm4
	vmulsd	%xmm2, %xmm3, %xmm3
	vmulsd	%xmm1, %xmm2, %xmm2
	vmulsd	%xmm0, %xmm1, %xmm1
	vmulsd	%xmm0, %xmm31, %xmm0
	addq	$-1, %rsi
	jne	.LBB31_1
.LBB31_2:
	vmovsd	%xmm31, (%rdi)
	vmovsd	%xmm30, 8(%rdi)
	vmovsd	%xmm29, 16(%rdi)
	vmovsd	%xmm28, 24(%rdi)
	vmovsd	%xmm27, 32(%rdi)
	vmovsd	%xmm26, 40(%rdi)
	vmovsd	%xmm25, 48(%rdi)
	vmovsd	%xmm24, 56(%rdi)
	vmovsd	%xmm23, 64(%rdi)
	vmovsd	%xmm22, 72(%rdi)
	vmovsd	%xmm21, 80(%rdi)
	vmovsd	%xmm20, 88(%rdi)
	vmovsd	%xmm19, 96(%rdi)
	vmovsd	%xmm18, 104(%rdi)
	vmovsd	%xmm17, 112(%rdi)
	vmovsd	%xmm16, 120(%rdi)
	vmovsd	%xmm15, 128(%rdi)
	vmovsd	%xmm14, 136(%rdi)
	vmovsd	%xmm13, 144(%rdi)
	vmovsd	%xmm12, 152(%rdi)
	vmovsd	%xmm11, 160(%rdi)
	vmovsd	%xmm10, 168(%rdi)
	vmovsd	%xmm9, 176(%rdi)
	vmovsd	%xmm8, 184(%rdi)
	vmovsd	%xmm7, 192(%rdi)
	vmovsd	%xmm6, 200(%rdi)
	vmovsd	%xmm5, 208(%rdi)
	vmovsd	%xmm4, 216(%rdi)
	vmovsd	%xmm3, 224(%rdi)
	vmovsd	%xmm2, 232(%rdi)
	vmovsd	%xmm1, 240(%rdi)
	vmovsd	%xmm0, 248(%rdi)
	retq
.Lfunc_end31:
	.size	regs_scalar_32, .Lfunc_end31-regs_scalar_32
	.globl	regs_scalar_33                  # -- Begin function regs_scalar_33
	.p2align	4, 0x90
	.type	regs_scalar_33,@function
regs_scalar_33:                         # @regs_scalar_33
	.cfi_startproc
# %bb.0:
	vmovsd	(%rdi), %xmm8                   # xmm8 = mem[0],zero
	vmovsd	8(%rdi), %xmm1                  # xmm1 = mem[0],zero
	vmovsd	%xmm1, -8(%rsp)                 # 8-byte Spill
	vmovsd	16(%rdi), %xmm1                 # xmm1 = mem[0],zero
	vmovsd	%xmm1, -40(%rsp)                # 8-byte Spill
	vmovsd	24(%rdi), %xmm0                 # xmm0 = mem[0],zero
	vmovsd	%xmm0, -48(%rsp)                # 8-byte Spill
	vmovsd	32(%rdi), %xmm29                # xmm29 = mem[0],zero
	vmovsd	40(%rdi), %xmm28                # xmm28 = mem[0],zero
	vmovsd	48(%rdi), %xmm27                # xmm27 = mem[0],zero
	vmovsd	56(%rdi), %xmm26                # xmm26 = mem[0],zero
	vmovsd	64(%rdi), %xmm25                # xmm25 = mem[0],zero
	vmovsd	72(%rdi), %xmm24                # xmm24 = mem[0],zero
	vmovsd	80(%rdi), %xmm23                # xmm23 = mem[0],zero
	vmovsd	88(%rdi), %xmm22                # xmm22 = mem[0],zero
	vmovsd	96(%rdi), %xmm21                # xmm21 = mem[0],zero
	vmovsd	104(%rdi), %xmm20               # xmm20 = mem[0],zero
	vmovsd	112(%rdi), %xmm19               # xmm19 = mem[0],zero
	vmovsd	120(%rdi), %xmm18               # xmm18 = mem[0],zero
	vmovsd	128(%rdi), %xmm17               # xmm17 = mem[0],zero
	vmovsd	136(%rdi), %xmm16               # xmm16 = mem[0],zero
	vmovsd	144(%rdi), %xmm15               # xmm15 = mem[0],zero
	vmovsd	152(%rdi), %xmm14               # xmm14 = mem[0],zero
	vmovsd	160(%rdi), %xmm13               # xmm13 = mem[0],zero
	vmovsd	168(%rdi), %xmm12               # xmm12 = mem[0],zero
	vmovsd	176(%rdi), %xmm31               # xmm31 = mem[0],zero
	vmovsd	184(%rdi), %xmm30               # xmm30 = mem[0],zero
	vmovsd	192(%rdi), %xmm9                # xmm9 = mem[0],zero
	vmovsd	200(%rdi), %xmm0                # xmm0 = mem[0],zero
	vmovsd	208(%rdi), %xmm5                # xmm5 = mem[0],zero
	vmovsd	216(%rdi), %xmm6                # xmm6 = mem[0],zero
	vmovsd	224(%rdi), %xmm11               # xmm11 = mem[0],zero
	vmovsd	232(%rdi), %xmm10               # xmm10 = mem[0],zero
	vmovsd	240(%rdi), %xmm3                # xmm3 = mem[0],zero
	vmovsd	248(%rdi), %xmm2                # xmm2 = mem[0],zero
	vmovsd	256(%rdi), %xmm1                # xmm1 = mem[0],zero
	testq	%rsi, %rsi
	vmovsd	%xmm1, -16(%rsp)                # 8-byte Spill
	vmovsd	%xmm2, -24(%rsp)                # 8-byte Spill
	vmovsd	%xmm3, -32(%rsp)                # 8-byte Spill
	vmovapd	%xmm6, %xmm4
	vmovapd	%xmm0, %xmm6
	vmovapd	%xmm30, %xmm2
	vmovapd	%xmm23, %xmm0
	jle	.LBB32_1
# %bb.3:
	vmovsd	-48(%rsp), %xmm30               # 8-byte Reload
                                        # xmm30 = mem[0],zero
	vmovsd	-40(%rsp), %xmm1                # 8-byte Reload
                                        # xmm1 = mem[0],zero
	vmovsd	-8(%rsp), %xmm3                 # 8-byte Reload
                                        # xmm3 = mem[0],zero
	.p2align	4, 0x90
.LBB32_4:                               # =>This Inner Loop Header: Depth=1
	vmovapd	%xmm8, %xmm23
	vmulsd	%xmm3, %xmm8, %xmm23
	vmulsd	%xmm1, %xmm3, %xmm3
	vmulsd	%xmm30, %xmm1, %xmm1
	vmovsd	%xmm1, -40(%rsp)                # 8-byte Spill
	vmulsd	%xmm29, %xmm30, %xmm30
	vmovsd	%xmm30, -48(%rsp)               # 8-byte Spill
	vmulsd	%xmm28, %xmm29, %xmm30
	vmulsd	%xmm27, %xmm28, %xmm29
	vmulsd	%xmm26, %xmm27, %xmm27
	vmulsd	%xmm25, %xmm26, %xmm26
	vmulsd	%xmm24, %xmm25, %xmm25
	vmulsd	%xmm0, %xmm24, %xmm24
	vmulsd	%xmm22, %xmm0, %xmm0
	vmulsd	%xmm21, %xmm22, %xmm22
	vmulsd	%xmm20, %xmm21, %xmm21
	vmulsd	%xmm19, %xmm20, %xmm20
	vmulsd	%xmm18, %xmm19, %xmm19
	vmulsd	%xmm17, %xmm18, %xmm18
	vmulsd	%xmm16, %xmm17, %xmm17
	vmulsd	%xmm15, %xmm16, %xmm16
	vmulsd	%xmm14, %xmm15, %xmm15
	vmulsd	%xmm13, %xmm14, %xmm14
	vmulsd	%xmm12, %xmm13, %xmm13
	vmulsd	%xmm31, %xmm12, %xmm12
	vmulsd	%xmm2, %xmm31, %xmm31
	vmulsd	%xmm2, %xmm9, %xmm2
	vmulsd	%xmm6, %xmm9, %xmm9
	vmulsd	%xmm5, %xmm6, %xmm8
	vmulsd	%xmm4, %xmm5, %xmm5
	vmulsd	%xmm4, %xmm11, %xmm4
	vmulsd	%xmm10, %xmm11, %xmm11
	vmovsd	-32(%rsp), %xmm1                # 8-byte Reload
                                        # xmm1 = mem[0],zero
	vmulsd	%xmm1, %xmm10, %xmm10
	vmovapd	%xmm27, %xmm28
	vmovapd	%xmm26, %xmm27
	vmovapd	%xmm25, %xmm26
	vmovapd	%xmm24, %xmm25
	vmovapd	%xmm0, %xmm24
	vmovapd	%xmm22, %xmm0
	vmovapd	%xmm21, %xmm22
	vmovapd	%xmm20, %xmm21
	vmovapd	%xmm19, %xmm20
	vmovapd	%xmm18, %xmm19
	vmovapd	%xmm17, %xmm18
	vmovapd	%xmm16, %xmm17
	vmovapd	%xmm15, %xmm16
	vmovapd	%xmm14, %xmm15
	vmovapd	%xmm13, %xmm14
	vmovapd	%xmm12, %xmm13
	vmovapd	%xmm31, %xmm12
	vmovapd	%xmm2, %xmm31
	vmovapd	%xmm4, %xmm6
	vmovsd	-24(%rsp), %xmm2                # 8-byte Reload
                                        # xmm2 = mem[0],zero
	vmulsd	%xmm2, %xmm1, %xmm1
	vmovsd	%xmm1, -32(%rsp)                # 8-byte Spill
	vmovsd	-16(%rsp), %xmm1                # 8-byte Reload
                                        # xmm1 = mem[0],zero
	vmulsd	%xmm1, %xmm2, %xmm2
	vmovsd	%xmm2, -24(%rsp)                # 8-byte Spill
	vmovapd	%xmm8, %xmm6
	vmovapd	%xmm31, %xmm2
	vmovapd	%xmm12, %xmm31
	vmovapd	%xmm13, %xmm12
	vmovapd	%xmm14, %xmm13
	vmovapd	%xmm15, %xmm14
	vmovapd	%xmm16, %xmm15
	vmovapd	%xmm17, %xmm16
	vmovapd	%xmm18, %xmm17
	vmovapd	%xmm19, %xmm18
	vmovapd	%xmm20, %xmm19
	vmovapd	%xmm21, %xmm20
	vmovapd	%xmm22, %xmm21
	vmovapd	%xmm0, %xmm22
	vmovapd	%xmm24, %xmm0
	vmovapd	%xmm25, %xmm24
	vmovapd	%xmm26, %xmm25
	vmovapd	%xmm27, %xmm26
	vmovapd	%xmm28, %xmm27
	vmovapd	%xmm29, %xmm28
	vmovapd	%xmm30, %xmm29
	vmovsd	-48(%rsp), %xmm30               # 8-byte Reload
                                        # xmm30 = mem[0],zero
	vmovapd	%xmm23, %xmm8
	vmulsd	%xmm1, %xmm23, %xmm1
	vmovsd	%xmm1, -16(%rsp)                # 8-byte Spill
	vmovsd	-40(%rsp), %xmm1                # 8-byte Reload
                                        # xmm1 = mem[0],zero
	addq	$-1, %rsi
	jne	.LBB32_4
	jmp	.LBB32_2
.LBB32_1:
	vmovsd	-48(%rsp), %xmm30               # 8-byte Reload
                                        # xmm30 = mem[0],zero
	vmovsd	-40(%rsp), %xmm1                # 8-byte Reload
                                        # xmm1 = mem[0],zero
	vmovsd	-8(%rsp), %xmm3                 # 8-byte Reload
                                        # xmm3 = mem[0],zero
.LBB32_2:
	vmovsd	%xmm8, (%rdi)
	vmovsd	%xmm3, 8(%rdi)
	vmovsd	%xmm1, 16(%rdi)
	vmovsd	%xmm30, 24(%rdi)
	vmovsd	%xmm29, 32(%rdi)
	vmovsd	%xmm28, 40(%rdi)
	vmovsd	%xmm27, 48(%rdi)
	vmovsd	%xmm26, 56(%rdi)
	vmovsd	%xmm25, 64(%rdi)
	vmovsd	%xmm24, 72(%rdi)
	vmovsd	%xmm0, 80(%rdi)
	vmovsd	%xmm22, 88(%rdi)
	vmovsd	%xmm21, 96(%rdi)
	vmovsd	%xmm20, 104(%rdi)
	vmovsd	%xmm19, 112(%rdi)
	vmovsd	%xmm18, 120(%rdi)
	vmovsd	%xmm17, 128(%rdi)
	vmovsd	%xmm16, 136(%rdi)
	vmovsd	%xmm15, 144(%rdi)
	vmovsd	%xmm14, 152(%rdi)
	vmovsd	%xmm13, 160(%rdi)
	vmovsd	%xmm12, 168(%rdi)
	vmovsd	%xmm31, 176(%rdi)
	vmovsd	%xmm2, 184(%rdi)
	vmovsd	%xmm9, 192(%rdi)
	vmovsd	%xmm6, 200(%rdi)
	vmovsd	%xmm5, 208(%rdi)
	vmovsd	%xmm4, 216(%rdi)
	vmovsd	%xmm11, 224(%rdi)
	vmovsd	%xmm10, 232(%rdi)
	vmovsd	-32(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmovsd	%xmm0, 240(%rdi)
	vmovsd	-24(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmovsd	%xmm0, 248(%rdi)
	vmovsd	-16(%rsp), %xmm0                # 8-byte Reload
                                        # xmm0 = mem[0],zero
	vmovsd	%xmm0, 256(%rdi)
	retq
.Lfunc_end32:
	.size	regs_scalar_33, .Lfunc_end32-regs_scalar_33
	.globl	regs_avx512_32                  # -- Begin function regs_avx512_32
	.p2align	4, 0x90
	.type	regs_avx512_32,@function
regs_avx512_32:                         # @regs_avx512_32
	.cfi_startproc
# %bb.0:
	vmovapd	(%rdi), %zmm31
	vmovapd	64(%rdi), %zmm30
	vmovapd	128(%rdi), %zmm29
	vmovapd	192(%rdi), %zmm28
	vmovapd	256(%rdi), %zmm27
	vmovapd	320(%rdi), %zmm26
	vmovapd	384(%rdi), %zmm25
	vmovapd	448(%rdi), %zmm24
	vmovapd	512(%rdi), %zmm23
	vmovapd	576(%rdi), %zmm22
	vmovapd	640(%rdi), %zmm21
	vmovapd	704(%rdi), %zmm20
	vmovapd	768(%rdi), %zmm19
	vmovapd	832(%rdi), %zmm18
	vmovapd	896(%rdi), %zmm17
	vmovapd	960(%rdi), %zmm16
	vmovapd	1024(%rdi), %zmm15
	vmovapd	1088(%rdi), %zmm14
	vmovapd	1152(%rdi), %zmm13
	vmovapd	1216(%rdi), %zmm12
	vmovapd	1280(%rdi), %zmm11
	vmovapd	1344(%rdi), %zmm10
	vmovapd	1408(%rdi), %zmm9
	vmovapd	1472(%rdi), %zmm8
	vmovapd	1536(%rdi), %zmm7
	vmovapd	1600(%rdi), %zmm6
	vmovapd	1664(%rdi), %zmm5
	vmovapd	1728(%rdi), %zmm4
	vmovapd	1792(%rdi), %zmm3
	vmovapd	1856(%rdi), %zmm2
	vmovapd	1920(%rdi), %zmm1
	vmovapd	1984(%rdi), %zmm0
	testq	%rsi, %rsi
	jle	.LBB148_2
	.p2align	4, 0x90
.LBB148_1:                              # =>This Inner Loop Header: Depth=1
	vmulpd	%zmm30, %zmm31, %zmm31
	vmulpd	%zmm29, %zmm30, %zmm30
	vmulpd	%zmm28, %zmm29, %zmm29
	vmulpd	%zmm27, %zmm28, %zmm28
	vmulpd	%zmm26, %zmm27, %zmm27
	vmulpd	%zmm25, %zmm26, %zmm26
	vmulpd	%zmm24, %zmm25, %zmm25
	vmulpd	%zmm23, %zmm24, %zmm24
	vmulpd	%zmm22, %zmm23, %zmm23
	vmulpd	%zmm21, %zmm22, %zmm22
	vmulpd	%zmm20, %zmm21, %zmm21
	vmulpd	%zmm19, %zmm20, %zmm20
	vmulpd	%zmm18, %zmm19, %zmm19
	vmulpd	%zmm17, %zmm18, %zmm18
	vmulpd	%zmm16, %zmm17, %zmm17
	vmulpd	%zmm15, %zmm16, %zmm16
	vmulpd	%zmm14, %zmm15, %zmm15
	vmulpd	%zmm13, %zmm14, %zmm14
	vmulpd	%zmm12, %zmm13, %zmm13
	vmulpd	%zmm11, %zmm12, %zmm12
	vmulpd	%zmm10, %zmm11, %zmm11
	vmulpd	%zmm9, %zmm10, %zmm10
	vmulpd	%zmm8, %zmm9, %zmm9
	vmulpd	%zmm7, %zmm8, %zmm8
	vmulpd	%zmm6, %zmm7, %zmm7
	vmulpd	%zmm5, %zmm6, %zmm6
	vmulpd	%zmm4, %zmm5, %zmm5
	vmulpd	%zmm3, %zmm4, %zmm4
	vmulpd	%zmm2, %zmm3, %zmm3
	vmulpd	%zmm1, %zmm2, %zmm2
	vmulpd	%zmm0, %zmm1, %zmm1
	vmulpd	%zmm0, %zmm31, %zmm0
	addq	$-1, %rsi
	jne	.LBB148_1
.LBB148_2:
	vmovapd	%zmm31, (%rdi)
	vmovapd	%zmm30, 64(%rdi)
	vmovapd	%zmm29, 128(%rdi)
	vmovapd	%zmm28, 192(%rdi)
	vmovapd	%zmm27, 256(%rdi)
	vmovapd	%zmm26, 320(%rdi)
	vmovapd	%zmm25, 384(%rdi)
	vmovapd	%zmm24, 448(%rdi)
	vmovapd	%zmm23, 512(%rdi)
	vmovapd	%zmm22, 576(%rdi)
	vmovapd	%zmm21, 640(%rdi)
	vmovapd	%zmm20, 704(%rdi)
	vmovapd	%zmm19, 768(%rdi)
	vmovapd	%zmm18, 832(%rdi)
	vmovapd	%zmm17, 896(%rdi)
	vmovapd	%zmm16, 960(%rdi)
	vmovapd	%zmm15, 1024(%rdi)
	vmovapd	%zmm14, 1088(%rdi)
	vmovapd	%zmm13, 1152(%rdi)
	vmovapd	%zmm12, 1216(%rdi)
	vmovapd	%zmm11, 1280(%rdi)
	vmovapd	%zmm10, 1344(%rdi)
	vmovapd	%zmm9, 1408(%rdi)
	vmovapd	%zmm8, 1472(%rdi)
	vmovapd	%zmm7, 1536(%rdi)
	vmovapd	%zmm6, 1600(%rdi)
	vmovapd	%zmm5, 1664(%rdi)
	vmovapd	%zmm4, 1728(%rdi)
	vmovapd	%zmm3, 1792(%rdi)
	vmovapd	%zmm2, 1856(%rdi)
	vmovapd	%zmm1, 1920(%rdi)
	vmovapd	%zmm0, 1984(%rdi)
	vzeroupper
	retq
.Lfunc_end148:
	.size	regs_avx512_32, .Lfunc_end148-regs_avx512_32
	.globl	regs_avx512_33                  # -- Begin function regs_avx512_33
	.p2align	4, 0x90
	.type	regs_avx512_33,@function
regs_avx512_33:                         # @regs_avx512_33
	.cfi_startproc
# %bb.0:
	subq	$136, %rsp
	.cfi_def_cfa_offset 144
	vmovapd	(%rdi), %zmm22
	vmovaps	64(%rdi), %zmm1
	vmovups	%zmm1, -128(%rsp)               # 64-byte Spill
	vmovapd	128(%rdi), %zmm31
	vmovapd	192(%rdi), %zmm30
	vmovapd	256(%rdi), %zmm29
	vmovapd	320(%rdi), %zmm28
	vmovapd	384(%rdi), %zmm27
	vmovapd	448(%rdi), %zmm26
	vmovapd	512(%rdi), %zmm25
	vmovapd	576(%rdi), %zmm24
	vmovapd	640(%rdi), %zmm23
	vmovapd	704(%rdi), %zmm0
	vmovapd	768(%rdi), %zmm21
	vmovapd	832(%rdi), %zmm20
	vmovapd	896(%rdi), %zmm19
	vmovapd	960(%rdi), %zmm18
	vmovapd	1024(%rdi), %zmm17
	vmovapd	1088(%rdi), %zmm16
	vmovapd	1152(%rdi), %zmm15
	vmovapd	1216(%rdi), %zmm14
	vmovapd	1280(%rdi), %zmm13
	vmovapd	1344(%rdi), %zmm12
	vmovapd	1408(%rdi), %zmm11
	vmovapd	1472(%rdi), %zmm10
	vmovapd	1536(%rdi), %zmm9
	vmovapd	1600(%rdi), %zmm8
	vmovapd	1664(%rdi), %zmm7
	vmovapd	1728(%rdi), %zmm6
	vmovapd	1792(%rdi), %zmm5
	vmovapd	1856(%rdi), %zmm4
	vmovapd	1920(%rdi), %zmm3
	vmovaps	1984(%rdi), %zmm2
	vmovaps	2048(%rdi), %zmm1
	testq	%rsi, %rsi
	vmovups	%zmm1, 64(%rsp)                 # 64-byte Spill
	vmovups	%zmm2, (%rsp)                   # 64-byte Spill
	vmovupd	%zmm22, -64(%rsp)               # 64-byte Spill
	vmovapd	%zmm3, %zmm1
	vmovapd	%zmm4, %zmm2
	vmovapd	%zmm5, %zmm3
	vmovapd	%zmm6, %zmm4
	vmovapd	%zmm7, %zmm5
	vmovapd	%zmm8, %zmm6
	vmovapd	%zmm9, %zmm7
	vmovapd	%zmm10, %zmm8
	vmovapd	%zmm11, %zmm9
	vmovapd	%zmm12, %zmm10
	vmovapd	%zmm13, %zmm11
	vmovapd	%zmm14, %zmm12
	vmovapd	%zmm15, %zmm13
	vmovapd	%zmm16, %zmm14
	vmovapd	%zmm17, %zmm15
	vmovapd	%zmm18, %zmm16
	vmovapd	%zmm19, %zmm17
	vmovapd	%zmm20, %zmm18
	vmovapd	%zmm21, %zmm19
	vmovapd	%zmm0, %zmm20
	vmovapd	%zmm23, %zmm21
	vmovapd	%zmm24, %zmm23
	vmovapd	%zmm25, %zmm24
	vmovapd	%zmm26, %zmm25
	vmovapd	%zmm27, %zmm26
	vmovapd	%zmm28, %zmm27
	vmovapd	%zmm29, %zmm28
	vmovapd	%zmm30, %zmm29
	vmovapd	%zmm31, %zmm30
	jle	.LBB149_1
# %bb.3:
	vmovupd	-128(%rsp), %zmm31              # 64-byte Reload
	.p2align	4, 0x90
.LBB149_4:                              # =>This Inner Loop Header: Depth=1
	vmovupd	-64(%rsp), %zmm22               # 64-byte Reload
	vmulpd	%zmm31, %zmm22, %zmm22
	vmulpd	%zmm30, %zmm31, %zmm31
	vmovupd	%zmm31, -128(%rsp)              # 64-byte Spill
	vmulpd	%zmm29, %zmm30, %zmm31
	vmulpd	%zmm28, %zmm29, %zmm30
	vmulpd	%zmm27, %zmm28, %zmm28
	vmulpd	%zmm26, %zmm27, %zmm27
	vmulpd	%zmm25, %zmm26, %zmm26
	vmulpd	%zmm24, %zmm25, %zmm25
	vmulpd	%zmm23, %zmm24, %zmm24
	vmulpd	%zmm21, %zmm23, %zmm23
	vmulpd	%zmm20, %zmm21, %zmm21
	vmulpd	%zmm19, %zmm20, %zmm0
	vmulpd	%zmm18, %zmm19, %zmm19
	vmulpd	%zmm17, %zmm18, %zmm20
	vmulpd	%zmm16, %zmm17, %zmm17
	vmulpd	%zmm15, %zmm16, %zmm16
	vmulpd	%zmm14, %zmm15, %zmm15
	vmulpd	%zmm13, %zmm14, %zmm14
	vmulpd	%zmm12, %zmm13, %zmm13
	vmulpd	%zmm11, %zmm12, %zmm12
	vmulpd	%zmm10, %zmm11, %zmm11
	vmulpd	%zmm9, %zmm10, %zmm10
	vmulpd	%zmm8, %zmm9, %zmm9
	vmulpd	%zmm7, %zmm8, %zmm8
	vmulpd	%zmm6, %zmm7, %zmm7
	vmulpd	%zmm5, %zmm6, %zmm6
	vmulpd	%zmm4, %zmm5, %zmm5
	vmulpd	%zmm3, %zmm4, %zmm4
	vmulpd	%zmm2, %zmm3, %zmm3
	vmulpd	%zmm1, %zmm2, %zmm2
	vmovapd	%zmm16, %zmm18
	vmovapd	%zmm14, %zmm16
	vmovapd	%zmm12, %zmm14
	vmovapd	%zmm10, %zmm12
	vmovapd	%zmm8, %zmm10
	vmovapd	%zmm6, %zmm8
	vmovapd	%zmm4, %zmm6
	vmovapd	%zmm2, %zmm4
	vmovupd	(%rsp), %zmm2                   # 64-byte Reload
	vmulpd	%zmm2, %zmm1, %zmm1
	vmovapd	%zmm28, %zmm29
	vmovapd	%zmm27, %zmm28
	vmovapd	%zmm26, %zmm27
	vmovapd	%zmm25, %zmm26
	vmovapd	%zmm24, %zmm25
	vmovapd	%zmm23, %zmm24
	vmovapd	%zmm21, %zmm23
	vmovapd	%zmm19, %zmm21
	vmovapd	%zmm17, %zmm19
	vmovapd	%zmm15, %zmm17
	vmovapd	%zmm13, %zmm15
	vmovapd	%zmm11, %zmm13
	vmovapd	%zmm9, %zmm11
	vmovapd	%zmm7, %zmm9
	vmovapd	%zmm5, %zmm7
	vmovapd	%zmm3, %zmm5
	vmovapd	%zmm1, %zmm3
	vmovupd	64(%rsp), %zmm1                 # 64-byte Reload
	vmulpd	%zmm1, %zmm2, %zmm2
	vmovupd	%zmm2, (%rsp)                   # 64-byte Spill
	vmovapd	%zmm4, %zmm2
	vmovapd	%zmm6, %zmm4
	vmovapd	%zmm8, %zmm6
	vmovapd	%zmm10, %zmm8
	vmovapd	%zmm12, %zmm10
	vmovapd	%zmm14, %zmm12
	vmovapd	%zmm16, %zmm14
	vmovapd	%zmm18, %zmm16
	vmovapd	%zmm20, %zmm18
	vmovapd	%zmm0, %zmm20
	vmovupd	%zmm22, -64(%rsp)               # 64-byte Spill
	vmulpd	%zmm1, %zmm22, %zmm1
	vmovupd	%zmm1, 64(%rsp)                 # 64-byte Spill
	vmovapd	%zmm3, %zmm1
	vmovapd	%zmm5, %zmm3
	vmovapd	%zmm7, %zmm5
	vmovapd	%zmm9, %zmm7
	vmovapd	%zmm11, %zmm9
	vmovapd	%zmm13, %zmm11
	vmovapd	%zmm15, %zmm13
	vmovapd	%zmm17, %zmm15
	vmovapd	%zmm19, %zmm17
	vmovapd	%zmm21, %zmm19
	vmovapd	%zmm23, %zmm21
	vmovapd	%zmm24, %zmm23
	vmovapd	%zmm25, %zmm24
	vmovapd	%zmm26, %zmm25
	vmovapd	%zmm27, %zmm26
	vmovapd	%zmm28, %zmm27
	vmovapd	%zmm29, %zmm28
	vmovapd	%zmm30, %zmm29
	vmovapd	%zmm31, %zmm30
	vmovupd	-128(%rsp), %zmm31              # 64-byte Reload
	addq	$-1, %rsi
	jne	.LBB149_4
	jmp	.LBB149_2
.LBB149_1:
	vmovupd	-128(%rsp), %zmm31              # 64-byte Reload
.LBB149_2:
	vmovups	-64(%rsp), %zmm0                # 64-byte Reload
	vmovaps	%zmm0, (%rdi)
	vmovapd	%zmm31, 64(%rdi)
	vmovapd	%zmm30, 128(%rdi)
	vmovapd	%zmm29, 192(%rdi)
	vmovapd	%zmm28, 256(%rdi)
	vmovapd	%zmm27, 320(%rdi)
	vmovapd	%zmm26, 384(%rdi)
	vmovapd	%zmm25, 448(%rdi)
	vmovapd	%zmm24, 512(%rdi)
	vmovapd	%zmm23, 576(%rdi)
	vmovapd	%zmm21, 640(%rdi)
	vmovapd	%zmm20, 704(%rdi)
	vmovapd	%zmm19, 768(%rdi)
	vmovapd	%zmm18, 832(%rdi)
	vmovapd	%zmm17, 896(%rdi)
	vmovapd	%zmm16, 960(%rdi)
	vmovapd	%zmm15, 1024(%rdi)
	vmovapd	%zmm14, 1088(%rdi)
	vmovapd	%zmm13, 1152(%rdi)
	vmovapd	%zmm12, 1216(%rdi)
	vmovapd	%zmm11, 1280(%rdi)
	vmovapd	%zmm10, 1344(%rdi)
	vmovapd	%zmm9, 1408(%rdi)
	vmovapd	%zmm8, 1472(%rdi)
	vmovapd	%zmm7, 1536(%rdi)
	vmovapd	%zmm6, 1600(%rdi)
	vmovapd	%zmm5, 1664(%rdi)
	vmovapd	%zmm4, 1728(%rdi)
	vmovapd	%zmm3, 1792(%rdi)
	vmovapd	%zmm2, 1856(%rdi)
	vmovapd	%zmm1, 1920(%rdi)
	vmovups	(%rsp), %zmm0                   # 64-byte Reload
	vmovaps	%zmm0, 1984(%rdi)
	vmovups	64(%rsp), %zmm0                 # 64-byte Reload
	vmovaps	%zmm0, 2048(%rdi)
	addq	$136, %rsp
	.cfi_def_cfa_offset 8
	vzeroupper
	retq
.Lfunc_end149:
	.size	regs_avx512_33, .Lfunc_end149-regs_avx512_33
	.globl	vec_bits
	.p2align	2
vec_bits:
	.long	512                             # 0x200
