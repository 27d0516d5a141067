# gcc 12.2.0 -march=znver3 -O2 -mprefer-vector-width=512 -ffp-contract=fast -fno-tree-vectorize -fno-tree-slp-vectorize -g0
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
	.globl	regs_scalar_16
	.type	regs_scalar_16, @function
regs_scalar_16:
.LFB6407:
	.cfi_startproc
	vmovsd	(%rdi), %xmm15
	vmovsd	8(%rdi), %xmm14
	movq	%rdi, %rax
	movq	%rsi, %rcx
	vmovsd	16(%rdi), %xmm13
	vmovsd	24(%rdi), %xmm12
	vmovsd	32(%rdi), %xmm11
	vmovsd	40(%rdi), %xmm10
	vmovsd	48(%rdi), %xmm9
	vmovsd	56(%rdi), %xmm8
	vmovsd	64(%rdi), %xmm7
	vmovsd	72(%rdi), %xmm6
	vmovsd	80(%rdi), %xmm5
	vmovsd	88(%rdi), %xmm4
	vmovsd	96(%rdi), %xmm3
	vmovsd	104(%rdi), %xmm2
	vmovsd	112(%rdi), %xmm1
	vmovsd	120(%rdi), %xmm0
	testq	%rsi, %rsi
	jle	.L64
	xorl	%edx, %edx
	.p2align 4
	.p2align 3
.L65:
	vmulsd	%xmm14, %xmm15, %xmm15
	incq	%rdx
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
	vmulsd	%xmm15, %xmm0, %xmm0
	cmpq	%rdx, %rcx
	jne	.L65
.L64:
	vmovsd	%xmm15, (%rax)
	vmovsd	%xmm14, 8(%rax)
	vmovsd	%xmm13, 16(%rax)
	vmovsd	%xmm12, 24(%rax)
	vmovsd	%xmm11, 32(%rax)
	vmovsd	%xmm10, 40(%rax)
	vmovsd	%xmm9, 48(%rax)
	vmovsd	%xmm8, 56(%rax)
	vmovsd	%xmm7, 64(%rax)
	vmovsd	%xmm6, 72(%rax)
	vmovsd	%xmm5, 80(%rax)
	vmovsd	%xmm4, 88(%rax)
	vmovsd	%xmm3, 96(%rax)
	vmovsd	%xmm2, 104(%rax)
	vmovsd	%xmm1, 112(%rax)
	vmovsd	%xmm0, 120(%rax)
	ret
	.cfi_endproc
.LFE6407:
	.size	regs_scalar_16, .-regs_scalar_16
	.globl	regs_scalar_17
	.type	regs_scalar_17, @function
regs_scalar_17:
.LFB6408:
	.cfi_startproc
	movq	%rsi, %rcx
	vmovsd	8(%rdi), %xmm15
	vmovsd	16(%rdi), %xmm14
	movq	%rdi, %rax
	vmovsd	24(%rdi), %xmm13
	vmovsd	32(%rdi), %xmm12
	vmovsd	40(%rdi), %xmm11
	vmovsd	48(%rdi), %xmm10
	vmovsd	56(%rdi), %xmm9
	vmovsd	64(%rdi), %xmm8
	vmovsd	72(%rdi), %xmm7
	vmovsd	80(%rdi), %xmm6
	vmovsd	88(%rdi), %xmm5
	vmovsd	96(%rdi), %xmm4
	vmovsd	104(%rdi), %xmm3
	vmovsd	112(%rdi), %xmm2
	vmovsd	120(%rdi), %xmm1
	vmovsd	128(%rdi), %xmm0
	movq	(%rdi), %rsi
	testq	%rcx, %rcx
	jle	.L68
	xorl	%edx, %edx
	vmovq	%xmm1, %rdi
	vmovq	%xmm0, %r8
	.p2align 4
	.p2align 3
.L69:
	vmovq	%rsi, %xmm1
	incq	%rdx
	vmulsd	%xmm15, %xmm1, %xmm0
	vmulsd	%xmm14, %xmm15, %xmm15
	vmovq	%r8, %xmm1
	vmovq	%xmm0, %rsi
	vmulsd	%xmm13, %xmm14, %xmm14
	vmovq	%rdi, %xmm0
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
	vmovq	%xmm0, %rdi
	vmovq	%rsi, %xmm0
	vmulsd	%xmm1, %xmm0, %xmm1
	vmovq	%xmm1, %r8
	cmpq	%rdx, %rcx
	jne	.L69
	vmovq	%rdi, %xmm1
	vmovq	%r8, %xmm0
.L68:
	movq	%rsi, (%rax)
	vmovsd	%xmm15, 8(%rax)
	vmovsd	%xmm14, 16(%rax)
	vmovsd	%xmm13, 24(%rax)
	vmovsd	%xmm12, 32(%rax)
	vmovsd	%xmm11, 40(%rax)
	vmovsd	%xmm10, 48(%rax)
	vmovsd	%xmm9, 56(%rax)
	vmovsd	%xmm8, 64(%rax)
	vmovsd	%xmm7, 72(%rax)
	vmovsd	%xmm6, 80(%rax)
	vmovsd	%xmm5, 88(%rax)
	vmovsd	%xmm4, 96(%rax)
	vmovsd	%xmm3, 104(%rax)
	vmovsd	%xmm2, 112(%rax)
	vmovsd	%xmm1, 120(%rax)
	vmovsd	%xmm0, 128(%rax)
	ret
	.cfi_endproc
.LFE6408:
	.size	regs_scalar_17, .-regs_scalar_17
	.globl	regs_avx2_16
	.type	regs_avx2_16, @function
regs_avx2_16:
.LFB6485:
	.cfi_startproc
	vmovapd	(%rdi), %ymm15
	vmovapd	32(%rdi), %ymm14
	vmovapd	64(%rdi), %ymm13
	vmovapd	96(%rdi), %ymm12
	vmovapd	128(%rdi), %ymm11
	vmovapd	160(%rdi), %ymm10
	vmovapd	192(%rdi), %ymm9
	vmovapd	224(%rdi), %ymm8
	vmovapd	256(%rdi), %ymm7
	vmovapd	288(%rdi), %ymm6
	vmovapd	320(%rdi), %ymm5
	vmovapd	352(%rdi), %ymm4
	vmovapd	384(%rdi), %ymm3
	vmovapd	416(%rdi), %ymm2
	vmovapd	448(%rdi), %ymm1
	vmovapd	480(%rdi), %ymm0
	testq	%rsi, %rsi
	jle	.L416
	xorl	%eax, %eax
	.p2align 4
	.p2align 3
.L417:
	vmulpd	%ymm14, %ymm15, %ymm15
	incq	%rax
	vmulpd	%ymm13, %ymm14, %ymm14
	vmulpd	%ymm12, %ymm13, %ymm13
	vmulpd	%ymm11, %ymm12, %ymm12
	vmulpd	%ymm10, %ymm11, %ymm11
	vmulpd	%ymm9, %ymm10, %ymm10
	vmulpd	%ymm8, %ymm9, %ymm9
	vmulpd	%ymm7, %ymm8, %ymm8
	vmulpd	%ymm6, %ymm7, %ymm7
	vmulpd	%ymm5, %ymm6, %ymm6
	vmulpd	%ymm4, %ymm5, %ymm5
	vmulpd	%ymm3, %ymm4, %ymm4
	vmulpd	%ymm2, %ymm3, %ymm3
	vmulpd	%ymm1, %ymm2, %ymm2
	vmulpd	%ymm0, %ymm1, %ymm1
	vmulpd	%ymm15, %ymm0, %ymm0
	cmpq	%rax, %rsi
	jne	.L417
.L416:
	vmovapd	%ymm15, (%rdi)
	vmovapd	%ymm14, 32(%rdi)
	vmovapd	%ymm13, 64(%rdi)
	vmovapd	%ymm12, 96(%rdi)
	vmovapd	%ymm11, 128(%rdi)
	vmovapd	%ymm10, 160(%rdi)
	vmovapd	%ymm9, 192(%rdi)
	vmovapd	%ymm8, 224(%rdi)
	vmovapd	%ymm7, 256(%rdi)
	vmovapd	%ymm6, 288(%rdi)
	vmovapd	%ymm5, 320(%rdi)
	vmovapd	%ymm4, 352(%rdi)
	vmovapd	%ymm3, 384(%rdi)
	vmovapd	%ymm2, 416(%rdi)
	vmovapd	%ymm1, 448(%rdi)
	vmovapd	%ymm0, 480(%rdi)
	vzeroupper
	ret
	.cfi_endproc
.LFE6485:
	.size	regs_avx2_16, .-regs_avx2_16
	.globl	regs_avx2_17
	.type	regs_avx2_17, @function
regs_avx2_17:
.LFB6486:
	.cfi_startproc
	pushq	%rbp
	.cfi_def_cfa_offset 16
	.cfi_offset 6, -16
	vmovapd	480(%rdi), %ymm0
	movq	%rsp, %rbp
	.cfi_def_cfa_register 6
	andq	$-32, %rsp
	vmovapd	(%rdi), %ymm15
	vmovapd	32(%rdi), %ymm14
	vmovapd	64(%rdi), %ymm13
	vmovapd	96(%rdi), %ymm12
	vmovapd	128(%rdi), %ymm11
	vmovapd	160(%rdi), %ymm10
	vmovapd	192(%rdi), %ymm9
	vmovapd	224(%rdi), %ymm8
	vmovapd	256(%rdi), %ymm7
	vmovapd	288(%rdi), %ymm6
	vmovapd	320(%rdi), %ymm5
	vmovapd	352(%rdi), %ymm4
	vmovapd	384(%rdi), %ymm3
	vmovapd	416(%rdi), %ymm2
	vmovapd	448(%rdi), %ymm1
	vmovapd	%ymm0, -64(%rsp)
	vmovapd	512(%rdi), %ymm0
	vmovapd	%ymm0, -96(%rsp)
	testq	%rsi, %rsi
	jle	.L420
	xorl	%eax, %eax
	vmovapd	%ymm1, -32(%rsp)
	.p2align 4
	.p2align 3
.L421:
	vmovapd	-64(%rsp), %ymm1
	vmulpd	%ymm14, %ymm15, %ymm15
	incq	%rax
	vmovapd	-32(%rsp), %ymm0
	vmulpd	%ymm13, %ymm14, %ymm14
	vmulpd	%ymm12, %ymm13, %ymm13
	vmulpd	%ymm11, %ymm12, %ymm12
	vmulpd	%ymm10, %ymm11, %ymm11
	vmulpd	%ymm1, %ymm0, %ymm0
	vmulpd	%ymm9, %ymm10, %ymm10
	vmulpd	%ymm8, %ymm9, %ymm9
	vmulpd	%ymm7, %ymm8, %ymm8
	vmulpd	%ymm6, %ymm7, %ymm7
	vmulpd	%ymm5, %ymm6, %ymm6
	vmulpd	%ymm4, %ymm5, %ymm5
	vmulpd	%ymm3, %ymm4, %ymm4
	vmulpd	%ymm2, %ymm3, %ymm3
	vmulpd	-32(%rsp), %ymm2, %ymm2
	vmovapd	%ymm0, -32(%rsp)
	vmovapd	-96(%rsp), %ymm0
	vmulpd	%ymm1, %ymm0, %ymm1
	vmulpd	%ymm0, %ymm15, %ymm0
	vmovapd	%ymm1, -64(%rsp)
	vmovapd	%ymm0, -96(%rsp)
	cmpq	%rax, %rsi
	jne	.L421
	vmovapd	-32(%rsp), %ymm1
.L420:
	vmovapd	-96(%rsp), %ymm0
	vmovapd	%ymm1, 448(%rdi)
	vmovapd	-64(%rsp), %ymm1
	vmovapd	%ymm15, (%rdi)
	vmovapd	%ymm14, 32(%rdi)
	vmovapd	%ymm13, 64(%rdi)
	vmovapd	%ymm12, 96(%rdi)
	vmovapd	%ymm11, 128(%rdi)
	vmovapd	%ymm10, 160(%rdi)
	vmovapd	%ymm9, 192(%rdi)
	vmovapd	%ymm8, 224(%rdi)
	vmovapd	%ymm7, 256(%rdi)
	vmovapd	%ymm6, 288(%rdi)
	vmovapd	%ymm5, 320(%rdi)
	vmovapd	%ymm4, 352(%rdi)
	vmovapd	%ymm3, 384(%rdi)
	vmovapd	%ymm2, 416(%rdi)
	vmovapd	%ymm1, 480(%rdi)
	vmovapd	%ymm0, 512(%rdi)
	vzeroupper
	leave
	.cfi_def_cfa 7, 8
	ret
	.cfi_endproc
.LFE6486:
	.size	regs_avx2_17, .-regs_avx2_17
	.globl	vec_bits
	.section	.rodata
	.align 4
	.type	vec_bits, @object
	.size	vec_bits, 4
vec_bits:
	.long	256
