//go:build amd64 && !purego && !noasm

#include "textflag.h"

// func expScaledAVX2(dst, d []float64, c float64, tab *[64]uint64, k *[10][4]float64) (slow bool)
// expScaledGo's arithmetic, four lanes at a time, len(dst) a multiple of 4 (at least 4); slow
// says that some lane's c d[j] was below -708 (or NaN), which the caller recomputes.
TEXT ·expScaledAVX2(SB), NOSPLIT, $0-73
	MOVQ         dst_base+0(FP), DI
	MOVQ         dst_len+8(FP), CX
	MOVQ         d_base+24(FP), SI
	VBROADCASTSD c+48(FP), Y1
	MOVQ         tab+56(FP), AX
	MOVQ         k+64(FP), R8
	XORQ         R13, R13
	SHRQ         $2, CX

exploop:
	VMULPD    (SI), Y1, Y0
	VCMPPD    $0x1d, 256(R8), Y0, Y2
	VMOVMSKPD Y2, BX
	CMPQ      BX, $15
	JEQ       expfast
	MOVQ      $1, R13

expfast:
	VMULPD     0(R8), Y0, Y3
	VADDPD     32(R8), Y3, Y3
	VPSUBQ     32(R8), Y3, Y4
	VSUBPD     32(R8), Y3, Y3
	VMULPD     64(R8), Y3, Y5
	VSUBPD     Y5, Y0, Y5
	VMULPD     96(R8), Y3, Y6
	VSUBPD     Y6, Y5, Y5
	VMULPD     128(R8), Y5, Y6
	VADDPD     160(R8), Y6, Y6
	VMULPD     Y6, Y5, Y6
	VADDPD     192(R8), Y6, Y6
	VMULPD     Y6, Y5, Y6
	VADDPD     224(R8), Y6, Y6
	VMULPD     Y5, Y5, Y7
	VMULPD     Y6, Y7, Y7
	VADDPD     Y7, Y5, Y7
	VPAND      288(R8), Y4, Y8
	VPSUBQ     Y8, Y4, Y9
	VPSLLQ     $46, Y9, Y9
	VPCMPEQQ   Y10, Y10, Y10
	VXORPD     Y11, Y11, Y11
	VGATHERQPD Y10, (AX)(Y8*8), Y11
	VPADDQ     Y9, Y11, Y11
	VMULPD     Y7, Y11, Y12
	VADDPD     Y12, Y11, Y12
	VMOVUPD    Y12, (DI)
	ADDQ       $32, SI
	ADDQ       $32, DI
	DECQ       CX
	JNZ        exploop
	VZEROUPPER
	MOVB       R13, slow+72(FP)
	RET
