//go:build amd64 && !purego && !noasm

#include "textflag.h"

// ROWSUM folds two accumulators of four lanes (acc and hi) into the low entry of xacc, the
// lower half of acc: v_l = acc_l + hi_l, then (v_0 + v_2) + (v_1 + v_3), as rowDot and dotGo
// combine their lanes; xhi is scratch.
#define ROWSUM(acc, hi, xacc, xhi) \
	VADDPD       hi, acc, acc \
	VEXTRACTF128 $1, acc, xhi \
	VADDPD       xhi, xacc, xacc \
	VHADDPD      xacc, xacc, xacc

// The AVX2 forms of Dot, MulRows and SubMulTrans (products.go): the same products summed in
// the same order as the Go forms there, without fused multiply-adds.

// func dotAVX2(x, y []float64) float64
TEXT ·dotAVX2(SB), NOSPLIT, $0-56
	MOVQ x_base+0(FP), SI
	MOVQ x_len+8(FP), CX
	MOVQ y_base+24(FP), DI
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	MOVQ CX, BX
	SHRQ $4, BX
	JZ   dotcombine

dotloop:
	VMOVUPD (SI), Y4
	VMOVUPD 32(SI), Y5
	VMOVUPD 64(SI), Y6
	VMOVUPD 96(SI), Y7
	VMULPD  (DI), Y4, Y4
	VMULPD  32(DI), Y5, Y5
	VMULPD  64(DI), Y6, Y6
	VMULPD  96(DI), Y7, Y7
	VADDPD  Y4, Y0, Y0
	VADDPD  Y5, Y1, Y1
	VADDPD  Y6, Y2, Y2
	VADDPD  Y7, Y3, Y3
	ADDQ    $128, SI
	ADDQ    $128, DI
	DECQ    BX
	JNZ     dotloop

dotcombine:
	VADDPD       Y1, Y0, Y0
	VADDPD       Y3, Y2, Y2
	ROWSUM(Y0, Y2, X0, X1)
	ANDQ         $15, CX
	JZ           dotdone

dottail:
	VMOVSD (SI), X2
	VMULSD (DI), X2, X2
	VADDSD X2, X0, X0
	ADDQ   $8, SI
	ADDQ   $8, DI
	DECQ   CX
	JNZ    dottail

dotdone:
	VZEROUPPER
	MOVSD X0, ret+48(FP)
	RET

// func mulRowsAVX2(A []float64, stride, n int, x, y []float64)
// y[r] = A_r . x, one row at a time (MulRows takes four at a time by mulRows4AVX2, and the
// rows that remain here).
TEXT ·mulRowsAVX2(SB), NOSPLIT, $0-88
	MOVQ A_base+0(FP), SI
	MOVQ stride+24(FP), R8
	SHLQ $3, R8
	MOVQ n+32(FP), CX
	MOVQ x_base+40(FP), DI
	MOVQ y_base+64(FP), DX
	MOVQ y_len+72(FP), R10

rows1:
	TESTQ  R10, R10
	JZ     rowsdone
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	MOVQ   SI, R11
	MOVQ   DI, R12
	MOVQ   CX, BX
	SHRQ   $3, BX
	JZ     r1combine

r1loop:
	VMOVUPD (R12), Y8
	VMOVUPD 32(R12), Y9
	VMULPD  (R11), Y8, Y10
	VMULPD  32(R11), Y9, Y11
	VADDPD  Y10, Y0, Y0
	VADDPD  Y11, Y1, Y1
	ADDQ    $64, R11
	ADDQ    $64, R12
	DECQ    BX
	JNZ     r1loop

r1combine:
	ROWSUM(Y0, Y1, X0, X1)
	MOVQ         CX, BX
	ANDQ         $7, BX
	JZ           r1store

r1tail:
	VMOVSD (R12), X8
	VMULSD (R11), X8, X9
	VADDSD X9, X0, X0
	ADDQ   $8, R11
	ADDQ   $8, R12
	DECQ   BX
	JNZ    r1tail

r1store:
	VMOVSD X0, (DX)
	ADDQ   $8, DX
	ADDQ   R8, SI
	DECQ   R10
	JMP    rows1

rowsdone:
	VZEROUPPER
	RET

// func subAxpy4AVX2(y, p0, p1, p2, p3 []float64, a *[4]float64)
// y[i] = (((y[i] - a0 p0[i]) - a1 p1[i]) - a2 p2[i]) - a3 p3[i]
TEXT ·subAxpy4AVX2(SB), NOSPLIT, $0-128
	MOVQ         y_base+0(FP), DX
	MOVQ         y_len+8(FP), CX
	MOVQ         p0_base+24(FP), SI
	MOVQ         p1_base+48(FP), DI
	MOVQ         p2_base+72(FP), R8
	MOVQ         p3_base+96(FP), R9
	MOVQ         a+120(FP), AX
	VBROADCASTSD (AX), Y11
	VBROADCASTSD 8(AX), Y12
	VBROADCASTSD 16(AX), Y13
	VBROADCASTSD 24(AX), Y14
	MOVQ         CX, BX
	SHRQ         $3, BX
	JZ           ax4quads

ax4b8:
	VMOVUPD (DX), Y0
	VMOVUPD 32(DX), Y1
	VMULPD  (SI), Y11, Y4
	VMULPD  32(SI), Y11, Y5
	VSUBPD  Y4, Y0, Y0
	VSUBPD  Y5, Y1, Y1
	VMULPD  (DI), Y12, Y6
	VMULPD  32(DI), Y12, Y7
	VSUBPD  Y6, Y0, Y0
	VSUBPD  Y7, Y1, Y1
	VMULPD  (R8), Y13, Y8
	VMULPD  32(R8), Y13, Y9
	VSUBPD  Y8, Y0, Y0
	VSUBPD  Y9, Y1, Y1
	VMULPD  (R9), Y14, Y4
	VMULPD  32(R9), Y14, Y5
	VSUBPD  Y4, Y0, Y0
	VSUBPD  Y5, Y1, Y1
	VMOVUPD Y0, (DX)
	VMOVUPD Y1, 32(DX)
	ADDQ    $64, DX
	ADDQ    $64, SI
	ADDQ    $64, DI
	ADDQ    $64, R8
	ADDQ    $64, R9
	DECQ    BX
	JNZ     ax4b8

ax4quads:
	MOVQ CX, BX
	ANDQ $7, BX
	SHRQ $2, BX
	JZ   ax4singles
	VMOVUPD (DX), Y0
	VMULPD  (SI), Y11, Y4
	VSUBPD  Y4, Y0, Y0
	VMULPD  (DI), Y12, Y6
	VSUBPD  Y6, Y0, Y0
	VMULPD  (R8), Y13, Y8
	VSUBPD  Y8, Y0, Y0
	VMULPD  (R9), Y14, Y4
	VSUBPD  Y4, Y0, Y0
	VMOVUPD Y0, (DX)
	ADDQ    $32, DX
	ADDQ    $32, SI
	ADDQ    $32, DI
	ADDQ    $32, R8
	ADDQ    $32, R9

ax4singles:
	ANDQ $3, CX
	JZ   ax4done

ax4s1:
	VMOVSD (DX), X0
	VMULSD (SI), X11, X4
	VSUBSD X4, X0, X0
	VMULSD (DI), X12, X6
	VSUBSD X6, X0, X0
	VMULSD (R8), X13, X8
	VSUBSD X8, X0, X0
	VMULSD (R9), X14, X4
	VSUBSD X4, X0, X0
	VMOVSD X0, (DX)
	ADDQ   $8, DX
	ADDQ   $8, SI
	ADDQ   $8, DI
	ADDQ   $8, R8
	ADDQ   $8, R9
	DECQ   CX
	JNZ    ax4s1

ax4done:
	VZEROUPPER
	RET

// func subAxpyAVX2(y, p []float64, a float64)
// y[i] = y[i] - a p[i]
TEXT ·subAxpyAVX2(SB), NOSPLIT, $0-56
	MOVQ         y_base+0(FP), DX
	MOVQ         y_len+8(FP), CX
	MOVQ         p_base+24(FP), SI
	VBROADCASTSD a+48(FP), Y14
	MOVQ         CX, BX
	SHRQ         $4, BX
	JZ           axquads

axb16:
	VMOVUPD (DX), Y0
	VMOVUPD 32(DX), Y1
	VMOVUPD 64(DX), Y2
	VMOVUPD 96(DX), Y3
	VMULPD  (SI), Y14, Y4
	VMULPD  32(SI), Y14, Y5
	VMULPD  64(SI), Y14, Y6
	VMULPD  96(SI), Y14, Y7
	VSUBPD  Y4, Y0, Y0
	VSUBPD  Y5, Y1, Y1
	VSUBPD  Y6, Y2, Y2
	VSUBPD  Y7, Y3, Y3
	VMOVUPD Y0, (DX)
	VMOVUPD Y1, 32(DX)
	VMOVUPD Y2, 64(DX)
	VMOVUPD Y3, 96(DX)
	ADDQ    $128, DX
	ADDQ    $128, SI
	DECQ    BX
	JNZ     axb16

axquads:
	MOVQ CX, BX
	ANDQ $15, BX
	SHRQ $2, BX
	JZ   axsingles

axq4:
	VMOVUPD (DX), Y0
	VMULPD  (SI), Y14, Y4
	VSUBPD  Y4, Y0, Y0
	VMOVUPD Y0, (DX)
	ADDQ    $32, DX
	ADDQ    $32, SI
	DECQ    BX
	JNZ     axq4

axsingles:
	ANDQ $3, CX
	JZ   axdone

axs1:
	VMOVSD (DX), X0
	VMULSD (SI), X14, X4
	VSUBSD X4, X0, X0
	VMOVSD X0, (DX)
	ADDQ   $8, DX
	ADDQ   $8, SI
	DECQ   CX
	JNZ    axs1

axdone:
	VZEROUPPER
	RET

// func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax, edx uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-8
	MOVL $0, CX
	BYTE $0x0f; BYTE $0x01; BYTE $0xd0 // XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET

// func mulElemsAVX2(dst, a, b []float64)
// dst[i] = a[i] b[i] for i < len(dst)
TEXT ·mulElemsAVX2(SB), NOSPLIT, $0-72
	MOVQ dst_base+0(FP), DX
	MOVQ dst_len+8(FP), CX
	MOVQ a_base+24(FP), SI
	MOVQ b_base+48(FP), DI
	MOVQ CX, BX
	SHRQ $4, BX
	JZ   meq

meb16:
	VMOVUPD (SI), Y0
	VMOVUPD 32(SI), Y1
	VMOVUPD 64(SI), Y2
	VMOVUPD 96(SI), Y3
	VMULPD  (DI), Y0, Y0
	VMULPD  32(DI), Y1, Y1
	VMULPD  64(DI), Y2, Y2
	VMULPD  96(DI), Y3, Y3
	VMOVUPD Y0, (DX)
	VMOVUPD Y1, 32(DX)
	VMOVUPD Y2, 64(DX)
	VMOVUPD Y3, 96(DX)
	ADDQ    $128, SI
	ADDQ    $128, DI
	ADDQ    $128, DX
	DECQ    BX
	JNZ     meb16

meq:
	MOVQ CX, BX
	ANDQ $15, BX
	SHRQ $2, BX
	JZ   mes

meq4:
	VMOVUPD (SI), Y0
	VMULPD  (DI), Y0, Y0
	VMOVUPD Y0, (DX)
	ADDQ    $32, SI
	ADDQ    $32, DI
	ADDQ    $32, DX
	DECQ    BX
	JNZ     meq4

mes:
	ANDQ $3, CX
	JZ   medone

me1:
	VMOVSD (SI), X0
	VMULSD (DI), X0, X0
	VMOVSD X0, (DX)
	ADDQ   $8, SI
	ADDQ   $8, DI
	ADDQ   $8, DX
	DECQ   CX
	JNZ    me1

medone:
	VZEROUPPER
	RET

// func mulRows4AVX2(A []float64, stride, n, rows int, X []float64, xstride, groups int, Y []float64, ystride int)
// Y[k*ystride + r] = A_r . X_k for the rows A_r (r < rows) of A and the rows X_k of X, four
// at a time (k < 4 groups), each sum as rowDot forms it: a row of A is loaded once for four
// rows of X, whose products with it are summed side by side (MulRows passes x as the one row
// of A and its own rows as X: four rows a pass over x; a Gram matrix, a row of B for four).
TEXT ·mulRows4AVX2(SB), NOSPLIT, $8-120
	MOVQ stride+24(FP), R8
	SHLQ $3, R8
	MOVQ n+32(FP), CX
	MOVQ X_base+48(FP), DI
	MOVQ xstride+72(FP), R9
	SHLQ $3, R9
	LEAQ (R9)(R9*2), R13
	MOVQ groups+80(FP), BX
	MOVQ BX, left-8(SP)
	MOVQ Y_base+88(FP), DX
	MOVQ ystride+112(FP), AX
	SHLQ $3, AX

x4group:
	CMPQ left-8(SP), $0
	JE   x4done
	MOVQ A_base+0(FP), SI
	MOVQ rows+40(FP), R10

x4row:
	TESTQ  R10, R10
	JZ     x4next
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	MOVQ   SI, R11
	MOVQ   DI, R12
	MOVQ   CX, BX
	SHRQ   $3, BX
	JZ     x4combine

x4loop:
	VMOVUPD (R11), Y8
	VMOVUPD 32(R11), Y9
	VMULPD  (R12), Y8, Y10
	VMULPD  32(R12), Y9, Y11
	VADDPD  Y10, Y0, Y0
	VADDPD  Y11, Y1, Y1
	VMULPD  (R12)(R9*1), Y8, Y12
	VMULPD  32(R12)(R9*1), Y9, Y13
	VADDPD  Y12, Y2, Y2
	VADDPD  Y13, Y3, Y3
	VMULPD  (R12)(R9*2), Y8, Y10
	VMULPD  32(R12)(R9*2), Y9, Y11
	VADDPD  Y10, Y4, Y4
	VADDPD  Y11, Y5, Y5
	VMULPD  (R12)(R13*1), Y8, Y12
	VMULPD  32(R12)(R13*1), Y9, Y13
	VADDPD  Y12, Y6, Y6
	VADDPD  Y13, Y7, Y7
	ADDQ    $64, R11
	ADDQ    $64, R12
	DECQ    BX
	JNZ     x4loop

x4combine:
	ROWSUM(Y0, Y1, X0, X1)
	ROWSUM(Y2, Y3, X2, X3)
	ROWSUM(Y4, Y5, X4, X5)
	ROWSUM(Y6, Y7, X6, X7)
	MOVQ         CX, BX
	ANDQ         $7, BX
	JZ           x4store

x4tail:
	VMOVSD (R11), X8
	VMULSD (R12), X8, X9
	VADDSD X9, X0, X0
	VMULSD (R12)(R9*1), X8, X9
	VADDSD X9, X2, X2
	VMULSD (R12)(R9*2), X8, X9
	VADDSD X9, X4, X4
	VMULSD (R12)(R13*1), X8, X9
	VADDSD X9, X6, X6
	ADDQ   $8, R11
	ADDQ   $8, R12
	DECQ   BX
	JNZ    x4tail

x4store:
	VMOVSD X0, (DX)
	VMOVSD X2, (DX)(AX*1)
	VMOVSD X4, (DX)(AX*2)
	LEAQ   (AX)(AX*2), BX
	VMOVSD X6, (DX)(BX*1)
	ADDQ   $8, DX
	ADDQ   R8, SI
	DECQ   R10
	JMP    x4row

x4next: // the next four rows of X, and their entries of Y
	MOVQ rows+40(FP), BX
	SHLQ $3, BX
	SUBQ BX, DX
	LEAQ (DX)(AX*4), DX
	LEAQ (DI)(R9*4), DI
	DECQ left-8(SP)
	JMP  x4group

x4done:
	VZEROUPPER
	RET
