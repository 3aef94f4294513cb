//go:build amd64 && !purego && !noasm

#include "textflag.h"

// func log1pAVX2(dst, x []float64, k *[21][4]uint64) (slow bool)
// math.Log1p for x in [0, 1], four lanes at a time, len(dst) a multiple of 4 (at least 4).
// A lane outside [0, 1] (or NaN), or where math.Log1p takes its |f| < 2^-20 shortcut, gets
// NaN, and slow says there was one. Constants at k (32 bytes each): 0 one, 32 half, 64 two,
// 96 2^-54, 128 2^-29, 160 sqrt2-1, 192..384 Lp1..Lp7, 416 ln2hi, 448 ln2lo, 480 mantissa
// mask, 512 exponent of 1, 544 exponent of 1/2, 576 sqrt2's mantissa less one, 608 2^52-4,
// 640 NaN. No fused multiply-adds: each product is rounded before its sum, as in Go.
TEXT ·log1pAVX2(SB), NOSPLIT, $0-57
	MOVQ   dst_base+0(FP), DI
	MOVQ   dst_len+8(FP), CX
	MOVQ   x_base+24(FP), SI
	MOVQ   k+48(FP), R8
	XORQ   R13, R13
	SHRQ   $2, CX
	VXORPD Y15, Y15, Y15

loop:
	VMOVUPD (SI), Y0

	// x >= sqrt2-1: u = 1 + x, k from u's exponent and mantissa, c = the rounding's correction / u.
	VADDPD    0(R8), Y0, Y1
	VCMPPD    $0x1d, 64(R8), Y1, Y2
	VSUBPD    Y0, Y1, Y3
	VMOVUPD   0(R8), Y4
	VSUBPD    Y3, Y4, Y3
	VSUBPD    0(R8), Y1, Y4
	VSUBPD    Y4, Y0, Y4
	VBLENDVPD Y2, Y3, Y4, Y3
	VDIVPD    Y1, Y3, Y3
	VPAND     480(R8), Y1, Y4
	VPCMPGTQ  576(R8), Y4, Y5
	VMOVUPD   512(R8), Y6
	VMOVUPD   544(R8), Y7
	VBLENDVPD Y5, Y7, Y6, Y6
	VPOR      Y6, Y4, Y6
	VSUBPD    0(R8), Y6, Y6
	VANDPD    0(R8), Y2, Y7
	VANDPD    0(R8), Y5, Y8
	VADDPD    Y8, Y7, Y7
	VPCMPEQQ  Y15, Y4, Y8
	VPCMPGTQ  608(R8), Y4, Y9
	VBLENDVPD Y5, Y9, Y8, Y8

	// below sqrt2-1: f = x, k = 0, c = 0.
	VCMPPD    $0x1d, 160(R8), Y0, Y9
	VANDPD    Y9, Y8, Y8
	VBLENDVPD Y9, Y6, Y0, Y6
	VANDPD    Y9, Y7, Y7
	VANDPD    Y9, Y3, Y3

	// hfsq = 0.5 f f, s = f/(2+f), z = s s, R = z (Lp1 + z (Lp2 + ... z Lp7)).
	VMULPD 32(R8), Y6, Y10
	VMULPD Y6, Y10, Y10
	VADDPD 64(R8), Y6, Y11
	VDIVPD Y11, Y6, Y11
	VMULPD Y11, Y11, Y12
	VMULPD 384(R8), Y12, Y13
	VADDPD 352(R8), Y13, Y13
	VMULPD Y13, Y12, Y13
	VADDPD 320(R8), Y13, Y13
	VMULPD Y13, Y12, Y13
	VADDPD 288(R8), Y13, Y13
	VMULPD Y13, Y12, Y13
	VADDPD 256(R8), Y13, Y13
	VMULPD Y13, Y12, Y13
	VADDPD 224(R8), Y13, Y13
	VMULPD Y13, Y12, Y13
	VADDPD 192(R8), Y13, Y13
	VMULPD Y13, Y12, Y13

	// k = 0: f - (hfsq - s (hfsq + R)); else k ln2hi - ((hfsq - (s (hfsq + R) + (k ln2lo + c))) - f).
	VADDPD    Y13, Y10, Y13
	VMULPD    Y13, Y11, Y13
	VSUBPD    Y13, Y10, Y12
	VSUBPD    Y12, Y6, Y12
	VMULPD    448(R8), Y7, Y14
	VADDPD    Y3, Y14, Y14
	VADDPD    Y14, Y13, Y14
	VSUBPD    Y14, Y10, Y14
	VSUBPD    Y6, Y14, Y14
	VMULPD    416(R8), Y7, Y13
	VSUBPD    Y14, Y13, Y13
	VCMPPD    $0x00, Y15, Y7, Y14
	VBLENDVPD Y14, Y12, Y13, Y13

	// x < 2^-29: x - x x 0.5; x < 2^-54: x.
	VMULPD    Y0, Y0, Y12
	VMULPD    32(R8), Y12, Y12
	VSUBPD    Y12, Y0, Y12
	VCMPPD    $0x11, 96(R8), Y0, Y14
	VBLENDVPD Y14, Y0, Y12, Y12
	VCMPPD    $0x11, 128(R8), Y0, Y14
	VBLENDVPD Y14, Y12, Y13, Y13

	// NaN where x is outside [0, 1] or the shortcut applies.
	VCMPPD    $0x1d, Y15, Y0, Y14
	VCMPPD    $0x12, 0(R8), Y0, Y12
	VANDPD    Y12, Y14, Y14
	VANDNPD   Y14, Y8, Y14
	VMOVMSKPD Y14, BX
	CMPQ      BX, $15
	JEQ       store
	MOVQ      $1, R13

store:
	VMOVUPD   640(R8), Y12
	VBLENDVPD Y14, Y13, Y12, Y13
	VMOVUPD   Y13, (DI)
	ADDQ      $32, SI
	ADDQ      $32, DI
	DECQ      CX
	JNZ       loop
	VZEROUPPER
	MOVB      R13, slow+56(FP)
	RET
