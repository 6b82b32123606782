//go:build amd64 && !purego

#include "textflag.h"

// AVX2+FMA versions of the kernels in kernels.go. Each handles 16 floats per
// iteration in two independent 8-lane streams, then 8, then a scalar tail, so
// any length works and nothing past n is read or written.

// func dotAVX2(a, b *float32, n int) float32
TEXT ·dotAVX2(SB), NOSPLIT, $0-28
	MOVQ a+0(FP), SI
	MOVQ b+8(FP), DI
	MOVQ n+16(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3

dot32:
	CMPQ CX, $32
	JL   dot8
	VMOVUPS     (SI), Y4
	VMOVUPS     32(SI), Y5
	VMOVUPS     64(SI), Y6
	VMOVUPS     96(SI), Y7
	VFMADD231PS (DI), Y4, Y0
	VFMADD231PS 32(DI), Y5, Y1
	VFMADD231PS 64(DI), Y6, Y2
	VFMADD231PS 96(DI), Y7, Y3
	ADDQ        $128, SI
	ADDQ        $128, DI
	SUBQ        $32, CX
	JMP         dot32

dot8:
	CMPQ CX, $8
	JL   dotreduce
	VMOVUPS     (SI), Y4
	VFMADD231PS (DI), Y4, Y0
	ADDQ        $32, SI
	ADDQ        $32, DI
	SUBQ        $8, CX
	JMP         dot8

dotreduce:
	VADDPS       Y1, Y0, Y0
	VADDPS       Y3, Y2, Y2
	VADDPS       Y2, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VADDPS       X1, X0, X0
	VHADDPS      X0, X0, X0
	VHADDPS      X0, X0, X0

dottail:
	TESTQ CX, CX
	JE    dotdone
	VMOVSS      (SI), X4
	VFMADD231SS (DI), X4, X0
	ADDQ        $4, SI
	ADDQ        $4, DI
	DECQ        CX
	JMP         dottail

dotdone:
	VZEROUPPER
	MOVSS X0, ret+24(FP)
	RET

// func axpyAVX2(y, x *float32, n int, scale float32)
TEXT ·axpyAVX2(SB), NOSPLIT, $0-28
	MOVQ         y+0(FP), DI
	MOVQ         x+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSS scale+24(FP), Y15

axpy16:
	CMPQ CX, $16
	JL   axpy8
	VMOVUPS     (DI), Y0
	VMOVUPS     32(DI), Y1
	VFMADD231PS (SI), Y15, Y0
	VFMADD231PS 32(SI), Y15, Y1
	VMOVUPS     Y0, (DI)
	VMOVUPS     Y1, 32(DI)
	ADDQ        $64, SI
	ADDQ        $64, DI
	SUBQ        $16, CX
	JMP         axpy16

axpy8:
	CMPQ CX, $8
	JL   axpytail
	VMOVUPS     (DI), Y0
	VFMADD231PS (SI), Y15, Y0
	VMOVUPS     Y0, (DI)
	ADDQ        $32, SI
	ADDQ        $32, DI
	SUBQ        $8, CX

axpytail:
	TESTQ CX, CX
	JE    axpydone
	VMOVSS      (DI), X0
	VFMADD231SS (SI), X15, X0
	VMOVSS      X0, (DI)
	ADDQ        $4, SI
	ADDQ        $4, DI
	DECQ        CX
	JMP         axpytail

axpydone:
	VZEROUPPER
	RET

// func pairUpdateAVX2(acc, out, in *float32, n int, scale float32)
// acc += g*out; out += g*in (out read once).
TEXT ·pairUpdateAVX2(SB), NOSPLIT, $0-36
	MOVQ         acc+0(FP), AX
	MOVQ         out+8(FP), DI
	MOVQ         in+16(FP), SI
	MOVQ         n+24(FP), CX
	VBROADCASTSS scale+32(FP), Y15

pair16:
	CMPQ CX, $16
	JL   pair8
	VMOVUPS     (DI), Y0
	VMOVUPS     32(DI), Y1
	VMOVUPS     (AX), Y2
	VMOVUPS     32(AX), Y3
	VFMADD231PS Y0, Y15, Y2
	VFMADD231PS Y1, Y15, Y3
	VFMADD231PS (SI), Y15, Y0
	VFMADD231PS 32(SI), Y15, Y1
	VMOVUPS     Y2, (AX)
	VMOVUPS     Y3, 32(AX)
	VMOVUPS     Y0, (DI)
	VMOVUPS     Y1, 32(DI)
	ADDQ        $64, AX
	ADDQ        $64, DI
	ADDQ        $64, SI
	SUBQ        $16, CX
	JMP         pair16

pair8:
	CMPQ CX, $8
	JL   pairtail
	VMOVUPS     (DI), Y0
	VMOVUPS     (AX), Y2
	VFMADD231PS Y0, Y15, Y2
	VFMADD231PS (SI), Y15, Y0
	VMOVUPS     Y2, (AX)
	VMOVUPS     Y0, (DI)
	ADDQ        $32, AX
	ADDQ        $32, DI
	ADDQ        $32, SI
	SUBQ        $8, CX

pairtail:
	TESTQ CX, CX
	JE    pairdone
	VMOVSS      (DI), X0
	VMOVSS      (AX), X2
	VFMADD231SS X0, X15, X2
	VFMADD231SS (SI), X15, X0
	VMOVSS      X2, (AX)
	VMOVSS      X0, (DI)
	ADDQ        $4, AX
	ADDQ        $4, DI
	ADDQ        $4, SI
	DECQ        CX
	JMP         pairtail

pairdone:
	VZEROUPPER
	RET

// func weightedDotAVX2(a, b, w *float32, n int) float32
TEXT ·weightedDotAVX2(SB), NOSPLIT, $0-36
	MOVQ   a+0(FP), SI
	MOVQ   b+8(FP), DI
	MOVQ   w+16(FP), DX
	MOVQ   n+24(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1

wdot16:
	CMPQ CX, $16
	JL   wdot8
	VMOVUPS     (SI), Y4
	VMOVUPS     32(SI), Y5
	VMULPS      (DX), Y4, Y4
	VMULPS      32(DX), Y5, Y5
	VFMADD231PS (DI), Y4, Y0
	VFMADD231PS 32(DI), Y5, Y1
	ADDQ        $64, SI
	ADDQ        $64, DI
	ADDQ        $64, DX
	SUBQ        $16, CX
	JMP         wdot16

wdot8:
	CMPQ CX, $8
	JL   wdotreduce
	VMOVUPS     (SI), Y4
	VMULPS      (DX), Y4, Y4
	VFMADD231PS (DI), Y4, Y0
	ADDQ        $32, SI
	ADDQ        $32, DI
	ADDQ        $32, DX
	SUBQ        $8, CX

wdotreduce:
	VADDPS       Y1, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VADDPS       X1, X0, X0
	VHADDPS      X0, X0, X0
	VHADDPS      X0, X0, X0

wdottail:
	TESTQ CX, CX
	JE    wdotdone
	VMOVSS      (SI), X4
	VMULSS      (DX), X4, X4
	VFMADD231SS (DI), X4, X0
	ADDQ        $4, SI
	ADDQ        $4, DI
	ADDQ        $4, DX
	DECQ        CX
	JMP         wdottail

wdotdone:
	VZEROUPPER
	MOVSS X0, ret+32(FP)
	RET

// func weightedPairUpdateAVX2(acc, out, in, w, dw *float32, n int, scale float32)
// gw = g*w: acc += gw*out; dw += g*in*out; out += gw*in.
TEXT ·weightedPairUpdateAVX2(SB), NOSPLIT, $0-52
	MOVQ         acc+0(FP), AX
	MOVQ         out+8(FP), DI
	MOVQ         in+16(FP), SI
	MOVQ         w+24(FP), DX
	MOVQ         dw+32(FP), BX
	MOVQ         n+40(FP), CX
	VBROADCASTSS scale+48(FP), Y15

wpair8:
	CMPQ CX, $8
	JL   wpairtail
	VMOVUPS     (DI), Y0        // out
	VMOVUPS     (SI), Y1        // in
	VMULPS      (DX), Y15, Y2   // gw
	VMOVUPS     (AX), Y3        // acc
	VFMADD231PS Y0, Y2, Y3      // acc += gw*out
	VMULPS      Y0, Y1, Y4      // in*out
	VMOVUPS     (BX), Y5        // dw
	VFMADD231PS Y4, Y15, Y5     // dw += g*in*out
	VFMADD231PS Y1, Y2, Y0      // out += gw*in
	VMOVUPS     Y3, (AX)
	VMOVUPS     Y5, (BX)
	VMOVUPS     Y0, (DI)
	ADDQ        $32, AX
	ADDQ        $32, DI
	ADDQ        $32, SI
	ADDQ        $32, DX
	ADDQ        $32, BX
	SUBQ        $8, CX
	JMP         wpair8

wpairtail:
	TESTQ CX, CX
	JE    wpairdone
	VMOVSS      (DI), X0
	VMOVSS      (SI), X1
	VMULSS      (DX), X15, X2
	VMOVSS      (AX), X3
	VFMADD231SS X0, X2, X3
	VMULSS      X0, X1, X4
	VMOVSS      (BX), X5
	VFMADD231SS X4, X15, X5
	VFMADD231SS X1, X2, X0
	VMOVSS      X3, (AX)
	VMOVSS      X5, (BX)
	VMOVSS      X0, (DI)
	ADDQ        $4, AX
	ADDQ        $4, DI
	ADDQ        $4, SI
	ADDQ        $4, DX
	ADDQ        $4, BX
	DECQ        CX
	JMP         wpairtail

wpairdone:
	VZEROUPPER
	RET
