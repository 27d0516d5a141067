# gcc 12.2.0 -march=native on AMD Zen 5 (EPYC, KVM) -O2 -mprefer-vector-width=512 -ffp-contract=fast -fno-tree-vectorize -fno-tree-slp-vectorize -g0
# -S of mmprobe's register probe source; these functions extracted
	.globl	fma_probe
	.type	fma_probe, @function
fma_probe:
.LFB6392:
	.cfi_startproc
	testq	%rcx, %rcx
	jle	.L5
	xorl	%eax, %eax
	.p2align 4
	.p2align 3
.L3:
	vmovsd	(%rdi,%rax,8), %xmm1
	vmovsd	(%rsi,%rax,8), %xmm0
	vfmadd132sd	(%rdx,%rax,8), %xmm1, %xmm0
	vmovsd	%xmm0, (%rdi,%rax,8)
	incq	%rax
	cmpq	%rax, %rcx
	jne	.L3
.L5:
	ret
	.cfi_endproc
.LFE6392:
	.size	fma_probe, .-fma_probe
	.globl	regs_scalar_32
	.type	regs_scalar_32, @function
regs_scalar_32:
.LFB6423:
	.cfi_startproc
	vmovsd	(%rdi), %xmm31
	vmovsd	8(%rdi), %xmm30
	movq	%rsi, %rax
	vmovsd	16(%rdi), %xmm29
	vmovsd	24(%rdi), %xmm28
	vmovsd	32(%rdi), %xmm27
	vmovsd	40(%rdi), %xmm26
	vmovsd	48(%rdi), %xmm25
	vmovsd	56(%rdi), %xmm24
	vmovsd	64(%rdi), %xmm23
	vmovsd	72(%rdi), %xmm22
	vmovsd	80(%rdi), %xmm21
	vmovsd	88(%rdi), %xmm20
	vmovsd	96(%rdi), %xmm19
	vmovsd	104(%rdi), %xmm18
	vmovsd	112(%rdi), %xmm17
	vmovsd	120(%rdi), %xmm16
	vmovsd	128(%rdi), %xmm15
	vmovsd	136(%rdi), %xmm14
	vmovsd	144(%rdi), %xmm13
	vmovsd	152(%rdi), %xmm12
	vmovsd	160(%rdi), %xmm11
	vmovsd	168(%rdi), %xmm10
	vmovsd	176(%rdi), %xmm9
	vmovsd	184(%rdi), %xmm8
	vmovsd	192(%rdi), %xmm7
	vmovsd	200(%rdi), %xmm6
	vmovsd	208(%rdi), %xmm5
	vmovsd	216(%rdi), %xmm4
	vmovsd	224(%rdi), %xmm3
	vmovsd	232(%rdi), %xmm2
	vmovsd	240(%rdi), %xmm1
	vmovsd	248(%rdi), %xmm0
	testq	%rsi, %rsi
	jle	.L128
	xorl	%edx, %edx
	.p2align 4
	.p2align 3
.L129:
	vmulsd	%xmm30, %xmm31, %xmm31
	incq	%rdx
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
	vmulsd	%xmm31, %xmm0, %xmm0
	cmpq	%rdx, %rax
	jne	.L129
.L128:
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
	ret
	.cfi_endproc
.LFE6423:
	.size	regs_scalar_32, .-regs_scalar_32
	.globl	regs_scalar_33
	.type	regs_scalar_33, @function
regs_scalar_33:
.LFB6424:
	.cfi_startproc
	vmovsd	8(%rdi), %xmm31
	vmovsd	16(%rdi), %xmm30
	movq	%rsi, %rax
	vmovsd	24(%rdi), %xmm29
	vmovsd	32(%rdi), %xmm28
	vmovsd	40(%rdi), %xmm27
	vmovsd	48(%rdi), %xmm26
	vmovsd	56(%rdi), %xmm25
	vmovsd	64(%rdi), %xmm24
	vmovsd	72(%rdi), %xmm23
	vmovsd	80(%rdi), %xmm22
	vmovsd	88(%rdi), %xmm21
	vmovsd	96(%rdi), %xmm20
	vmovsd	104(%rdi), %xmm19
	vmovsd	112(%rdi), %xmm18
	vmovsd	120(%rdi), %xmm17
	vmovsd	128(%rdi), %xmm16
	vmovsd	136(%rdi), %xmm15
	vmovsd	144(%rdi), %xmm14
	vmovsd	152(%rdi), %xmm13
	vmovsd	160(%rdi), %xmm12
	vmovsd	168(%rdi), %xmm11
	vmovsd	176(%rdi), %xmm10
	vmovsd	184(%rdi), %xmm9
	vmovsd	192(%rdi), %xmm8
	vmovsd	200(%rdi), %xmm7
	vmovsd	208(%rdi), %xmm6
	vmovsd	216(%rdi), %xmm5
	vmovsd	224(%rdi), %xmm4
	vmovsd	232(%rdi), %xmm3
	vmovsd	240(%rdi), %xmm2
	vmovsd	248(%rdi), %xmm1
	movq	(%rdi), %rdx
	vmovsd	256(%rdi), %xmm0
	testq	%rsi, %rsi
	jle	.L132
	xorl	%ecx, %ecx
	vmovq	%xmm1, %rsi
	vmovq	%xmm0, %r8
	.p2align 4
	.p2align 3
.L133:
	vmovq	%rdx, %xmm1
	incq	%rcx
	vmulsd	%xmm31, %xmm1, %xmm0
	vmulsd	%xmm30, %xmm31, %xmm31
	vmovq	%r8, %xmm1
	vmovq	%xmm0, %rdx
	vmulsd	%xmm29, %xmm30, %xmm30
	vmovq	%rsi, %xmm0
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
	vmulsd	%xmm0, %xmm2, %xmm2
	vmulsd	%xmm1, %xmm0, %xmm0
	vmovq	%xmm0, %rsi
	vmovq	%rdx, %xmm0
	vmulsd	%xmm1, %xmm0, %xmm1
	vmovq	%xmm1, %r8
	cmpq	%rcx, %rax
	jne	.L133
	vmovq	%rsi, %xmm1
	vmovq	%r8, %xmm0
.L132:
	movq	%rdx, (%rdi)
	vmovsd	%xmm31, 8(%rdi)
	vmovsd	%xmm30, 16(%rdi)
	vmovsd	%xmm29, 24(%rdi)
	vmovsd	%xmm28, 32(%rdi)
	vmovsd	%xmm27, 40(%rdi)
	vmovsd	%xmm26, 48(%rdi)
	vmovsd	%xmm25, 56(%rdi)
	vmovsd	%xmm24, 64(%rdi)
	vmovsd	%xmm23, 72(%rdi)
	vmovsd	%xmm22, 80(%rdi)
	vmovsd	%xmm21, 88(%rdi)
	vmovsd	%xmm20, 96(%rdi)
	vmovsd	%xmm19, 104(%rdi)
	vmovsd	%xmm18, 112(%rdi)
	vmovsd	%xmm17, 120(%rdi)
	vmovsd	%xmm16, 128(%rdi)
	vmovsd	%xmm15, 136(%rdi)
	vmovsd	%xmm14, 144(%rdi)
	vmovsd	%xmm13, 152(%rdi)
	vmovsd	%xmm12, 160(%rdi)
	vmovsd	%xmm11, 168(%rdi)
	vmovsd	%xmm10, 176(%rdi)
	vmovsd	%xmm9, 184(%rdi)
	vmovsd	%xmm8, 192(%rdi)
	vmovsd	%xmm7, 200(%rdi)
	vmovsd	%xmm6, 208(%rdi)
	vmovsd	%xmm5, 216(%rdi)
	vmovsd	%xmm4, 224(%rdi)
	vmovsd	%xmm3, 232(%rdi)
	vmovsd	%xmm2, 240(%rdi)
	vmovsd	%xmm1, 248(%rdi)
	vmovsd	%xmm0, 256(%rdi)
	ret
	.cfi_endproc
.LFE6424:
	.size	regs_scalar_33, .-regs_scalar_33
	.globl	regs_avx512_32
	.type	regs_avx512_32, @function
regs_avx512_32:
.LFB6540:
	.cfi_startproc
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
	jle	.L612
	xorl	%eax, %eax
	.p2align 4
	.p2align 3
.L613:
	vmulpd	%zmm30, %zmm31, %zmm31
	incq	%rax
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
	vmulpd	%zmm31, %zmm0, %zmm0
	cmpq	%rax, %rsi
	jne	.L613
.L612:
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
	ret
	.cfi_endproc
.LFE6540:
	.size	regs_avx512_32, .-regs_avx512_32
	.globl	regs_avx512_33
	.type	regs_avx512_33, @function
regs_avx512_33:
.LFB6541:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	movq	%rsp, %rbp
	.cfi_def_cfa_register 6
	andq	$-64, %rsp
	subq	$72, %rsp
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
	vmovapd	1984(%rdi), %zmm0
	vmovapd	1856(%rdi), %zmm2
	vmovapd	1920(%rdi), %zmm1
	vmovapd	%zmm0, -56(%rsp)
	vmovapd	2048(%rdi), %zmm0
	vmovapd	%zmm0, -120(%rsp)
	testq	%rsi, %rsi
	jle	.L616
	xorl	%eax, %eax
	vmovapd	%zmm1, 8(%rsp)
	.p2align 4
	.p2align 3
.L617:
	vmovapd	-56(%rsp), %zmm1
	vmulpd	%zmm30, %zmm31, %zmm31
	incq	%rax
	vmovapd	8(%rsp), %zmm0
	vmulpd	%zmm29, %zmm30, %zmm30
	vmulpd	%zmm28, %zmm29, %zmm29
	vmulpd	%zmm27, %zmm28, %zmm28
	vmulpd	%zmm26, %zmm27, %zmm27
	vmulpd	%zmm1, %zmm0, %zmm0
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
	vmulpd	8(%rsp), %zmm2, %zmm2
	vmovapd	%zmm0, 8(%rsp)
	vmovapd	-120(%rsp), %zmm0
	vmulpd	%zmm1, %zmm0, %zmm1
	vmulpd	%zmm0, %zmm31, %zmm0
	vmovapd	%zmm1, -56(%rsp)
	vmovapd	%zmm0, -120(%rsp)
	cmpq	%rax, %rsi
	jne	.L617
	vmovapd	8(%rsp), %zmm1
.L616:
	vmovapd	%zmm1, 1920(%rdi)
	vmovapd	-56(%rsp), %zmm1
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
	vmovapd	%zmm1, 1984(%rdi)
	vmovapd	-120(%rsp), %zmm0
	vmovapd	%zmm0, 2048(%rdi)
	vzeroupper
	leave
	.cfi_def_cfa 7, 8
	ret
	.cfi_endproc
.LFE6541:
	.size	regs_avx512_33, .-regs_avx512_33
	.globl	vec_bits
	.section	.rodata
	.align 4
	.type	vec_bits, @object
	.size	vec_bits, 4
vec_bits:
	.long	512
