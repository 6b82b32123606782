//go:build amd64 && !purego

#include "textflag.h"

// AVX2+FMA versions of the kernels in kernels.go. Each handles 16 floats per
// iteration in two independent 8-lane streams, then 8, then (where the
// elements are independent) 4, then a scalar tail, so any length works and
// nothing past n is read or written.

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
	JL   axpy4
	VMOVUPS     (DI), Y0
	VFMADD231PS (SI), Y15, Y0
	VMOVUPS     Y0, (DI)
	ADDQ        $32, SI
	ADDQ        $32, DI
	SUBQ        $8, CX

axpy4:
	CMPQ        CX, $4
	JL          axpytail
	VMOVUPS     (DI), X0
	VFMADD231PS (SI), X15, X0
	VMOVUPS     X0, (DI)
	ADDQ        $16, SI
	ADDQ        $16, DI
	SUBQ        $4, CX

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
	JL   pair4
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

pair4:
	CMPQ        CX, $4
	JL          pairtail
	VMOVUPS     (DI), X0
	VMOVUPS     (AX), X2
	VFMADD231PS X0, X15, X2
	VFMADD231PS (SI), X15, X0
	VMOVUPS     X2, (AX)
	VMOVUPS     X0, (DI)
	ADDQ        $16, AX
	ADDQ        $16, DI
	ADDQ        $16, SI
	SUBQ        $4, CX

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

// func scaleIntoAVX2(dst, w, x *float32, n int)
// dst = w*x.
TEXT ·scaleIntoAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ w+8(FP), DX
	MOVQ x+16(FP), SI
	MOVQ n+24(FP), CX

scale8:
	CMPQ CX, $8
	JL   scaletail
	VMOVUPS (DX), Y0
	VMULPS  (SI), Y0, Y0
	VMOVUPS Y0, (DI)
	ADDQ    $32, DI
	ADDQ    $32, DX
	ADDQ    $32, SI
	SUBQ    $8, CX
	JMP     scale8

scaletail:
	TESTQ CX, CX
	JE    scaledone
	VMOVSS (DX), X0
	VMULSS (SI), X0, X0
	VMOVSS X0, (DI)
	ADDQ   $4, DI
	ADDQ   $4, DX
	ADDQ   $4, SI
	DECQ   CX
	JMP    scaletail

scaledone:
	VZEROUPPER
	RET

// func weightedStepAVX2(in, dw, w, acc *float32, n int)
// dw += in*acc; in += w*acc.
TEXT ·weightedStepAVX2(SB), NOSPLIT, $0-40
	MOVQ in+0(FP), DI
	MOVQ dw+8(FP), BX
	MOVQ w+16(FP), DX
	MOVQ acc+24(FP), SI
	MOVQ n+32(FP), CX

step8:
	CMPQ CX, $8
	JL   steptail
	VMOVUPS     (SI), Y0
	VMOVUPS     (DI), Y1
	VMOVUPS     (BX), Y2
	VFMADD231PS Y1, Y0, Y2
	VFMADD231PS (DX), Y0, Y1
	VMOVUPS     Y2, (BX)
	VMOVUPS     Y1, (DI)
	ADDQ        $32, DI
	ADDQ        $32, BX
	ADDQ        $32, DX
	ADDQ        $32, SI
	SUBQ        $8, CX
	JMP         step8

steptail:
	TESTQ CX, CX
	JE    stepdone
	VMOVSS      (SI), X0
	VMOVSS      (DI), X1
	VMOVSS      (BX), X2
	VFMADD231SS X1, X0, X2
	VFMADD231SS (DX), X0, X1
	VMOVSS      X2, (BX)
	VMOVSS      X1, (DI)
	ADDQ        $4, DI
	ADDQ        $4, BX
	ADDQ        $4, DX
	ADDQ        $4, SI
	DECQ        CX
	JMP         steptail

stepdone:
	VZEROUPPER
	RET

// func prefetchWAMD64(p *float32, lines int)
// Hints the cache lines of one row into L1 for writing: PREFETCHW (the
// assembler has no mnemonic for it), which takes a line another core holds
// in one round trip instead of a read and then an upgrade.
TEXT ·prefetchWAMD64(SB), NOSPLIT, $0-16
	MOVQ p+0(FP), AX
	MOVQ lines+8(FP), CX

prefetchwloop:
	BYTE $0x0F; BYTE $0x0D; BYTE $0x08 // PREFETCHW (AX)
	ADDQ $64, AX
	DECQ CX
	JNZ  prefetchwloop
	RET

// func axpbyNormAVX2(x, y *float32, n int, a, b float32) float32
// x = a*x + b*y, returning the sum of squares of the new x.
TEXT ·axpbyNormAVX2(SB), NOSPLIT, $0-36
	MOVQ         x+0(FP), DI
	MOVQ         y+8(FP), SI
	MOVQ         n+16(FP), CX
	VBROADCASTSS a+24(FP), Y14
	VBROADCASTSS b+28(FP), Y15
	VXORPS       Y2, Y2, Y2
	VXORPS       Y3, Y3, Y3

axpby16:
	CMPQ CX, $16
	JL   axpby8
	VMULPS      (SI), Y15, Y0
	VMULPS      32(SI), Y15, Y1
	VFMADD231PS (DI), Y14, Y0
	VFMADD231PS 32(DI), Y14, Y1
	VMOVUPS     Y0, (DI)
	VMOVUPS     Y1, 32(DI)
	VFMADD231PS Y0, Y0, Y2
	VFMADD231PS Y1, Y1, Y3
	ADDQ        $64, SI
	ADDQ        $64, DI
	SUBQ        $16, CX
	JMP         axpby16

axpby8:
	CMPQ CX, $8
	JL   axpbyreduce
	VMULPS      (SI), Y15, Y0
	VFMADD231PS (DI), Y14, Y0
	VMOVUPS     Y0, (DI)
	VFMADD231PS Y0, Y0, Y2
	ADDQ        $32, SI
	ADDQ        $32, DI
	SUBQ        $8, CX

axpbyreduce:
	VADDPS       Y3, Y2, Y2
	VEXTRACTF128 $1, Y2, X3
	VADDPS       X3, X2, X2
	VHADDPS      X2, X2, X2
	VHADDPS      X2, X2, X2

axpbytail:
	TESTQ CX, CX
	JE    axpbydone
	VMULSS      (SI), X15, X0
	VFMADD231SS (DI), X14, X0
	VMOVSS      X0, (DI)
	VFMADD231SS X0, X0, X2
	ADDQ        $4, SI
	ADDQ        $4, DI
	DECQ        CX
	JMP         axpbytail

axpbydone:
	VZEROUPPER
	MOVSS X2, ret+32(FP)
	RET

// func dotManyAVX2(dst, x *float32, ys *[]float32, m, n int)
// dst[j] = x . ys[j] for the m rows, two at a time sharing the loads of x,
// each summed exactly as dotAVX2 sums it (four accumulators over 32 floats,
// then one over 8, then the tail), so that DotMany and Dot agree bit for
// bit. An odd last row is summed twice, as its own pair. ys points at m
// slice headers (24 bytes each), whose data pointers it reads.
TEXT ·dotManyAVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), R8
	MOVQ ys+16(FP), R11
	MOVQ m+24(FP), R10

dmpair:
	TESTQ R10, R10
	JE    dmdone
	MOVQ  x+8(FP), SI
	MOVQ  (R11), DI
	MOVQ  DI, DX
	CMPQ  R10, $1
	JE    dmrows
	MOVQ  24(R11), DX

dmrows:
	MOVQ   n+32(FP), CX
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	VXORPS Y4, Y4, Y4
	VXORPS Y5, Y5, Y5
	VXORPS Y6, Y6, Y6
	VXORPS Y7, Y7, Y7

dm32:
	CMPQ        CX, $32
	JL          dm8
	VMOVUPS     (SI), Y8
	VMOVUPS     32(SI), Y9
	VMOVUPS     64(SI), Y10
	VMOVUPS     96(SI), Y11
	VFMADD231PS (DI), Y8, Y0
	VFMADD231PS 32(DI), Y9, Y1
	VFMADD231PS 64(DI), Y10, Y2
	VFMADD231PS 96(DI), Y11, Y3
	VFMADD231PS (DX), Y8, Y4
	VFMADD231PS 32(DX), Y9, Y5
	VFMADD231PS 64(DX), Y10, Y6
	VFMADD231PS 96(DX), Y11, Y7
	ADDQ        $128, SI
	ADDQ        $128, DI
	ADDQ        $128, DX
	SUBQ        $32, CX
	JMP         dm32

dm8:
	CMPQ        CX, $8
	JL          dmreduce
	VMOVUPS     (SI), Y8
	VFMADD231PS (DI), Y8, Y0
	VFMADD231PS (DX), Y8, Y4
	ADDQ        $32, SI
	ADDQ        $32, DI
	ADDQ        $32, DX
	SUBQ        $8, CX
	JMP         dm8

dmreduce:
	VADDPS       Y1, Y0, Y0
	VADDPS       Y3, Y2, Y2
	VADDPS       Y2, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VADDPS       X1, X0, X0
	VHADDPS      X0, X0, X0
	VHADDPS      X0, X0, X0
	VADDPS       Y5, Y4, Y4
	VADDPS       Y7, Y6, Y6
	VADDPS       Y6, Y4, Y4
	VEXTRACTF128 $1, Y4, X5
	VADDPS       X5, X4, X4
	VHADDPS      X4, X4, X4
	VHADDPS      X4, X4, X4

dmtail:
	TESTQ       CX, CX
	JE          dmstore
	VMOVSS      (SI), X8
	VFMADD231SS (DI), X8, X0
	VFMADD231SS (DX), X8, X4
	ADDQ        $4, SI
	ADDQ        $4, DI
	ADDQ        $4, DX
	DECQ        CX
	JMP         dmtail

dmstore:
	VMOVSS X0, (R8)
	CMPQ   R10, $1
	JE     dmdone
	VMOVSS X4, 4(R8)
	ADDQ   $8, R8
	ADDQ   $48, R11
	SUBQ   $2, R10
	JMP    dmpair

dmdone:
	VZEROUPPER
	RET

// func axpyManyAVX2(y *float32, xs *[]float32, gs *float32, m, n int)
// y += g[0]*xs[0] + ... + g[m-1]*xs[m-1], over n floats: each chunk of y
// is loaded once, takes its m fused multiply-adds in order and is stored
// once, so every element rounds as m Axpy calls in a row would round it.
// xs points at m slice headers (24 bytes each), whose data pointers it
// reads.
TEXT ·axpyManyAVX2(SB), NOSPLIT, $0-40
	MOVQ y+0(FP), DI
	MOVQ xs+8(FP), SI
	MOVQ gs+16(FP), DX
	MOVQ m+24(FP), R8
	MOVQ n+32(FP), CX
	XORQ R9, R9        // byte offset into the rows

many32:
	CMPQ    CX, $32
	JL      many8
	VMOVUPS (DI)(R9*1), Y0
	VMOVUPS 32(DI)(R9*1), Y1
	VMOVUPS 64(DI)(R9*1), Y2
	VMOVUPS 96(DI)(R9*1), Y3
	MOVQ    SI, R11
	MOVQ    DX, R12
	MOVQ    R8, R10

many32j:
	TESTQ        R10, R10
	JE           many32store
	MOVQ         (R11), BX
	VBROADCASTSS (R12), Y15
	VFMADD231PS  (BX)(R9*1), Y15, Y0
	VFMADD231PS  32(BX)(R9*1), Y15, Y1
	VFMADD231PS  64(BX)(R9*1), Y15, Y2
	VFMADD231PS  96(BX)(R9*1), Y15, Y3
	ADDQ         $24, R11
	ADDQ         $4, R12
	DECQ         R10
	JMP          many32j

many32store:
	VMOVUPS Y0, (DI)(R9*1)
	VMOVUPS Y1, 32(DI)(R9*1)
	VMOVUPS Y2, 64(DI)(R9*1)
	VMOVUPS Y3, 96(DI)(R9*1)
	ADDQ    $128, R9
	SUBQ    $32, CX
	JMP     many32

many8:
	CMPQ    CX, $8
	JL      many4
	VMOVUPS (DI)(R9*1), Y0
	MOVQ    SI, R11
	MOVQ    DX, R12
	MOVQ    R8, R10

many8j:
	TESTQ        R10, R10
	JE           many8store
	MOVQ         (R11), BX
	VBROADCASTSS (R12), Y15
	VFMADD231PS  (BX)(R9*1), Y15, Y0
	ADDQ         $24, R11
	ADDQ         $4, R12
	DECQ         R10
	JMP          many8j

many8store:
	VMOVUPS Y0, (DI)(R9*1)
	ADDQ    $32, R9
	SUBQ    $8, CX
	JMP     many8

	// Four elements in one XMM register, not one at a time: every
	// element's sum runs through all m rows in turn, so the scalar tail
	// is a chain of m dependent FMAs per element.
many4:
	CMPQ    CX, $4
	JL      manytail
	VMOVUPS (DI)(R9*1), X0
	MOVQ    SI, R11
	MOVQ    DX, R12
	MOVQ    R8, R10

many4j:
	TESTQ        R10, R10
	JE           many4store
	MOVQ         (R11), BX
	VBROADCASTSS (R12), X15
	VFMADD231PS  (BX)(R9*1), X15, X0
	ADDQ         $24, R11
	ADDQ         $4, R12
	DECQ         R10
	JMP          many4j

many4store:
	VMOVUPS X0, (DI)(R9*1)
	ADDQ    $16, R9
	SUBQ    $4, CX

manytail:
	TESTQ  CX, CX
	JE     manydone
	VMOVSS (DI)(R9*1), X0
	MOVQ   SI, R11
	MOVQ   DX, R12
	MOVQ   R8, R10

manytailj:
	TESTQ       R10, R10
	JE          manytailstore
	MOVQ        (R11), BX
	VMOVSS      (R12), X15
	VFMADD231SS (BX)(R9*1), X15, X0
	ADDQ        $24, R11
	ADDQ        $4, R12
	DECQ        R10
	JMP         manytailj

manytailstore:
	VMOVSS X0, (DI)(R9*1)
	ADDQ   $4, R9
	DECQ   CX
	JMP    manytail

manydone:
	VZEROUPPER
	RET

// func meanRowsAVX2(y *float32, xs *[]float32, m, n int, a float32)
// y = a * (xs[0] + ... + xs[m-1]) over n floats, m >= 1: each chunk of y
// is summed from zero in registers, the rows added in order, then scaled
// and stored once, so every element rounds as clearing y, AxpyMany with
// weights of 1 (an FMA by 1 is an add) and Scale by a would round it.
TEXT ·meanRowsAVX2(SB), NOSPLIT, $0-36
	MOVQ         y+0(FP), DI
	MOVQ         xs+8(FP), SI
	MOVQ         m+16(FP), R8
	MOVQ         n+24(FP), CX
	VBROADCASTSS a+32(FP), Y14
	XORQ         R9, R9        // byte offset into the rows

mean32:
	CMPQ   CX, $32
	JL     mean8
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	VXORPS Y2, Y2, Y2
	VXORPS Y3, Y3, Y3
	MOVQ   SI, R11
	MOVQ   R8, R10

mean32j:
	MOVQ   (R11), BX
	VADDPS (BX)(R9*1), Y0, Y0
	VADDPS 32(BX)(R9*1), Y1, Y1
	VADDPS 64(BX)(R9*1), Y2, Y2
	VADDPS 96(BX)(R9*1), Y3, Y3
	ADDQ   $24, R11
	DECQ   R10
	JNE    mean32j
	VMULPS  Y14, Y0, Y0
	VMULPS  Y14, Y1, Y1
	VMULPS  Y14, Y2, Y2
	VMULPS  Y14, Y3, Y3
	VMOVUPS Y0, (DI)(R9*1)
	VMOVUPS Y1, 32(DI)(R9*1)
	VMOVUPS Y2, 64(DI)(R9*1)
	VMOVUPS Y3, 96(DI)(R9*1)
	ADDQ    $128, R9
	SUBQ    $32, CX
	JMP     mean32

mean8:
	CMPQ   CX, $8
	JL     mean4
	VXORPS Y0, Y0, Y0
	MOVQ   SI, R11
	MOVQ   R8, R10

mean8j:
	MOVQ   (R11), BX
	VADDPS (BX)(R9*1), Y0, Y0
	ADDQ   $24, R11
	DECQ   R10
	JNE    mean8j
	VMULPS  Y14, Y0, Y0
	VMOVUPS Y0, (DI)(R9*1)
	ADDQ    $32, R9
	SUBQ    $8, CX
	JMP     mean8

mean4:
	CMPQ   CX, $4
	JL     meantail
	VXORPS X0, X0, X0
	MOVQ   SI, R11
	MOVQ   R8, R10

mean4j:
	MOVQ   (R11), BX
	VADDPS (BX)(R9*1), X0, X0
	ADDQ   $24, R11
	DECQ   R10
	JNE    mean4j
	VMULPS  X14, X0, X0
	VMOVUPS X0, (DI)(R9*1)
	ADDQ    $16, R9
	SUBQ    $4, CX

meantail:
	TESTQ  CX, CX
	JE     meandone
	VXORPS X0, X0, X0
	MOVQ   SI, R11
	MOVQ   R8, R10

meantailj:
	MOVQ   (R11), BX
	VADDSS (BX)(R9*1), X0, X0
	ADDQ   $24, R11
	DECQ   R10
	JNE    meantailj
	VMULSS X14, X0, X0
	VMOVSS X0, (DI)(R9*1)
	ADDQ   $4, R9
	DECQ   CX
	JMP    meantail

meandone:
	VZEROUPPER
	RET

// func mulAddAVX2(y, w, x *float32, n int)
// y += w*x.
TEXT ·mulAddAVX2(SB), NOSPLIT, $0-32
	MOVQ y+0(FP), DI
	MOVQ w+8(FP), DX
	MOVQ x+16(FP), SI
	MOVQ n+24(FP), CX

muladd8:
	CMPQ        CX, $8
	JL          muladdtail
	VMOVUPS     (DX), Y0
	VMOVUPS     (DI), Y1
	VFMADD231PS (SI), Y0, Y1
	VMOVUPS     Y1, (DI)
	ADDQ        $32, DI
	ADDQ        $32, DX
	ADDQ        $32, SI
	SUBQ        $8, CX
	JMP         muladd8

muladdtail:
	TESTQ       CX, CX
	JE          muladddone
	VMOVSS      (DX), X0
	VMOVSS      (DI), X1
	VFMADD231SS (SI), X0, X1
	VMOVSS      X1, (DI)
	ADDQ        $4, DI
	ADDQ        $4, DX
	ADDQ        $4, SI
	DECQ        CX
	JMP         muladdtail

muladddone:
	VZEROUPPER
	RET

// func axpyRowsAVX2(rows *[]float32, x, gs *float32, m, n int)
// rows[j] += gs[j]*x for each of the m rows in turn.
TEXT ·axpyRowsAVX2(SB), NOSPLIT, $0-40
	MOVQ rows+0(FP), SI
	MOVQ x+8(FP), DX
	MOVQ gs+16(FP), R9
	MOVQ m+24(FP), R8

axrow:
	TESTQ        R8, R8
	JE           axrowsdone
	MOVQ         (SI), DI
	MOVQ         DX, BX
	MOVQ         n+32(FP), CX
	VBROADCASTSS (R9), Y15

axrow16:
	CMPQ        CX, $16
	JL          axrow8
	VMOVUPS     (DI), Y0
	VMOVUPS     32(DI), Y1
	VFMADD231PS (BX), Y15, Y0
	VFMADD231PS 32(BX), Y15, Y1
	VMOVUPS     Y0, (DI)
	VMOVUPS     Y1, 32(DI)
	ADDQ        $64, DI
	ADDQ        $64, BX
	SUBQ        $16, CX
	JMP         axrow16

axrow8:
	CMPQ        CX, $8
	JL          axrow4
	VMOVUPS     (DI), Y0
	VFMADD231PS (BX), Y15, Y0
	VMOVUPS     Y0, (DI)
	ADDQ        $32, DI
	ADDQ        $32, BX
	SUBQ        $8, CX

axrow4:
	CMPQ        CX, $4
	JL          axrowtail
	VMOVUPS     (DI), X0
	VFMADD231PS (BX), X15, X0
	VMOVUPS     X0, (DI)
	ADDQ        $16, DI
	ADDQ        $16, BX
	SUBQ        $4, CX

axrowtail:
	TESTQ       CX, CX
	JE          axrownext
	VMOVSS      (DI), X0
	VFMADD231SS (BX), X15, X0
	VMOVSS      X0, (DI)
	ADDQ        $4, DI
	ADDQ        $4, BX
	DECQ        CX
	JMP         axrowtail

axrownext:
	ADDQ $24, SI
	ADDQ $4, R9
	DECQ R8
	JMP  axrow

axrowsdone:
	VZEROUPPER
	RET

// func scaleAVX2(x *float32, n int, a float32)
// x[:n] *= a.
TEXT ·scaleAVX2(SB), NOSPLIT, $0-20
	MOVQ         x+0(FP), DI
	MOVQ         n+8(FP), CX
	VBROADCASTSS a+16(FP), Y15

scale16:
	CMPQ    CX, $16
	JL      scale8
	VMULPS  (DI), Y15, Y0
	VMULPS  32(DI), Y15, Y1
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ    $64, DI
	SUBQ    $16, CX
	JMP     scale16

scale8:
	CMPQ    CX, $8
	JL      scaletail
	VMULPS  (DI), Y15, Y0
	VMOVUPS Y0, (DI)
	ADDQ    $32, DI
	SUBQ    $8, CX

scaletail:
	TESTQ  CX, CX
	JE     scaledone
	VMULSS (DI), X15, X0
	VMOVSS X0, (DI)
	ADDQ   $4, DI
	DECQ   CX
	JMP    scaletail

scaledone:
	VZEROUPPER
	RET

// one<>: 1.0, the weight pairsManyAVX2 steps the rows with.
DATA one<>+0(SB)/4, $1.0
GLOBL one<>(SB), RODATA|NOPTR, $4

// STEPROWS moves one block of each of the k rows steps points at by acc's
// block in register a, the FMA by one (the same rounding as AxpyRows with
// weights of 1), with the move and FMA instructions of the block's width.
#define STEPROWS(loop, done, mov, fma, r, a, one) \
	MOVQ steps+40(FP), R11; \
	MOVQ k+48(FP), R10;     \
loop:                       \
	TESTQ R10, R10;         \
	JE    done;             \
	MOVQ  (R11), BX;        \
	mov   (BX)(R9*1), r;    \
	fma   a, one, r;        \
	mov   r, (BX)(R9*1);    \
	ADDQ  $24, R11;         \
	DECQ  R10;              \
	JMP   loop;             \
done:

// LOADROW32 and STOREROW32 move 32 floats of the row at BX, from byte
// offset R9, to and from Y8-Y11: pairsManyAVX2 moves the output rows and the
// rows it steps through them.
#define LOADROW32 \
	VMOVUPS (BX)(R9*1), Y8;   \
	VMOVUPS 32(BX)(R9*1), Y9; \
	VMOVUPS 64(BX)(R9*1), Y10; \
	VMOVUPS 96(BX)(R9*1), Y11

#define STOREROW32 \
	VMOVUPS Y8, (BX)(R9*1);   \
	VMOVUPS Y9, 32(BX)(R9*1); \
	VMOVUPS Y10, 64(BX)(R9*1); \
	VMOVUPS Y11, 96(BX)(R9*1)

// func pairsManyAVX2(acc, in *float32, outs *[]float32, gs *float32, m int, steps *[]float32, k, n int)
// For each of the m rows in turn: acc += gs[j]*outs[j], then outs[j] +=
// gs[j]*in, so acc sums the rows as they were; one pass over the rows with
// acc held in registers, where AxpyMany and AxpyRows take two. Then each of
// the k rows steps points at (none when k is 0) moves by acc as AxpyRows
// with weights of 1 moves it (the same FMA by 1.0), block by block as soon
// as acc's block is summed: CBOW's context rows, stepped in the pass that
// moves the output rows. A row of steps may be one of outs (a one-view
// model): each element still moves as an output first.
TEXT ·pairsManyAVX2(SB), NOSPLIT, $0-64
	MOVQ acc+0(FP), DI
	MOVQ in+8(FP), SI
	MOVQ outs+16(FP), DX
	MOVQ gs+24(FP), R13
	MOVQ m+32(FP), R8
	MOVQ n+56(FP), CX
	XORQ R9, R9        // byte offset into the rows
	VBROADCASTSS one<>(SB), Y12

pm32:
	CMPQ    CX, $32
	JL      pm8
	VMOVUPS (DI)(R9*1), Y0
	VMOVUPS 32(DI)(R9*1), Y1
	VMOVUPS 64(DI)(R9*1), Y2
	VMOVUPS 96(DI)(R9*1), Y3
	VMOVUPS (SI)(R9*1), Y4
	VMOVUPS 32(SI)(R9*1), Y5
	VMOVUPS 64(SI)(R9*1), Y6
	VMOVUPS 96(SI)(R9*1), Y7
	MOVQ    DX, R11
	MOVQ    R13, R12
	MOVQ    R8, R10

pm32j:
	TESTQ        R10, R10
	JE           pm32store
	MOVQ         (R11), BX
	VBROADCASTSS (R12), Y15
	LOADROW32
	VFMADD231PS  Y8, Y15, Y0
	VFMADD231PS  Y9, Y15, Y1
	VFMADD231PS  Y10, Y15, Y2
	VFMADD231PS  Y11, Y15, Y3
	VFMADD231PS  Y4, Y15, Y8
	VFMADD231PS  Y5, Y15, Y9
	VFMADD231PS  Y6, Y15, Y10
	VFMADD231PS  Y7, Y15, Y11
	STOREROW32
	ADDQ         $24, R11
	ADDQ         $4, R12
	DECQ         R10
	JMP          pm32j

pm32store:
	VMOVUPS Y0, (DI)(R9*1)
	VMOVUPS Y1, 32(DI)(R9*1)
	VMOVUPS Y2, 64(DI)(R9*1)
	VMOVUPS Y3, 96(DI)(R9*1)
	MOVQ steps+40(FP), R11
	MOVQ k+48(FP), R10

pm32k:
	TESTQ R10, R10
	JE pm32knext
	MOVQ (R11), BX
	LOADROW32
	VFMADD231PS Y0, Y12, Y8
	VFMADD231PS Y1, Y12, Y9
	VFMADD231PS Y2, Y12, Y10
	VFMADD231PS Y3, Y12, Y11
	STOREROW32
	ADDQ $24, R11
	DECQ R10
	JMP pm32k

pm32knext:
	ADDQ    $128, R9
	SUBQ    $32, CX
	JMP     pm32

pm8:
	CMPQ    CX, $8
	JL      pm4
	VMOVUPS (DI)(R9*1), Y0
	VMOVUPS (SI)(R9*1), Y4
	MOVQ    DX, R11
	MOVQ    R13, R12
	MOVQ    R8, R10

pm8j:
	TESTQ        R10, R10
	JE           pm8store
	MOVQ         (R11), BX
	VBROADCASTSS (R12), Y15
	VMOVUPS      (BX)(R9*1), Y8
	VFMADD231PS  Y8, Y15, Y0
	VFMADD231PS  Y4, Y15, Y8
	VMOVUPS      Y8, (BX)(R9*1)
	ADDQ         $24, R11
	ADDQ         $4, R12
	DECQ         R10
	JMP          pm8j

pm8store:
	VMOVUPS Y0, (DI)(R9*1)
	STEPROWS(pm8k, pm8knext, VMOVUPS, VFMADD231PS, Y8, Y0, Y12)
	ADDQ    $32, R9
	SUBQ    $8, CX
	JMP     pm8

pm4:
	CMPQ    CX, $4
	JL      pmtail
	VMOVUPS (DI)(R9*1), X0
	VMOVUPS (SI)(R9*1), X4
	MOVQ    DX, R11
	MOVQ    R13, R12
	MOVQ    R8, R10

pm4j:
	TESTQ        R10, R10
	JE           pm4store
	MOVQ         (R11), BX
	VBROADCASTSS (R12), X15
	VMOVUPS      (BX)(R9*1), X8
	VFMADD231PS  X8, X15, X0
	VFMADD231PS  X4, X15, X8
	VMOVUPS      X8, (BX)(R9*1)
	ADDQ         $24, R11
	ADDQ         $4, R12
	DECQ         R10
	JMP          pm4j

pm4store:
	VMOVUPS X0, (DI)(R9*1)
	STEPROWS(pm4k, pm4knext, VMOVUPS, VFMADD231PS, X8, X0, X12)
	ADDQ    $16, R9
	SUBQ    $4, CX

pmtail:
	TESTQ  CX, CX
	JE     pmdone
	VMOVSS (DI)(R9*1), X0
	VMOVSS (SI)(R9*1), X4
	MOVQ   DX, R11
	MOVQ   R13, R12
	MOVQ   R8, R10

pmtailj:
	TESTQ       R10, R10
	JE          pmtailstore
	MOVQ        (R11), BX
	VMOVSS      (R12), X15
	VMOVSS      (BX)(R9*1), X8
	VFMADD231SS X8, X15, X0
	VFMADD231SS X4, X15, X8
	VMOVSS      X8, (BX)(R9*1)
	ADDQ        $24, R11
	ADDQ        $4, R12
	DECQ        R10
	JMP         pmtailj

pmtailstore:
	VMOVSS X0, (DI)(R9*1)
	STEPROWS(pmtk, pmtknext, VMOVSS, VFMADD231SS, X8, X0, X12)
	ADDQ   $4, R9
	DECQ   CX
	JMP    pmtail

pmdone:
	VZEROUPPER
	RET
