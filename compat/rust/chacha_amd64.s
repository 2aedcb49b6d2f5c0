//go:build amd64 && !purego

#include "textflag.h"

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
	XGETBV
	MOVL AX, eax+0(FP)
	MOVL DX, edx+4(FP)
	RET

// Byte shuffles that rotate each 32-bit word left by 16 and by 8.
DATA rot16<>+0(SB)/8, $0x0504070601000302
DATA rot16<>+8(SB)/8, $0x0D0C0F0E09080B0A
DATA rot16<>+16(SB)/8, $0x0504070601000302
DATA rot16<>+24(SB)/8, $0x0D0C0F0E09080B0A
GLOBL rot16<>(SB), RODATA|NOPTR, $32
DATA rot8<>+0(SB)/8, $0x0605040702010003
DATA rot8<>+8(SB)/8, $0x0E0D0C0F0A09080B
DATA rot8<>+16(SB)/8, $0x0605040702010003
DATA rot8<>+24(SB)/8, $0x0E0D0C0F0A09080B
GLOBL rot8<>(SB), RODATA|NOPTR, $32

// QR is ChaCha's quarter round on the rows a, b, c, d of two blocks at
// once, t a temporary.
#define QR(a, b, c, d, t) \
	VPADDD b, a, a \
	VPXOR a, d, d \
	VPSHUFB Y14, d, d \
	VPADDD d, c, c \
	VPXOR c, b, b \
	VPSLLD $12, b, t \
	VPSRLD $20, b, b \
	VPOR t, b, b \
	VPADDD b, a, a \
	VPXOR a, d, d \
	VPSHUFB Y15, d, d \
	VPADDD d, c, c \
	VPXOR c, b, b \
	VPSLLD $7, b, t \
	VPSRLD $25, b, b \
	VPOR t, b, b

// func block4AVX2(in *[12]uint32, d *[16]uint32, out *[64]uint32)
TEXT ·block4AVX2(SB), NOSPLIT, $0-24
	MOVQ in+0(FP), AX
	MOVQ d+8(FP), BX
	MOVQ out+16(FP), DI
	VMOVDQU rot16<>(SB), Y14
	VMOVDQU rot8<>(SB), Y15
	VBROADCASTI128 0(AX), Y8
	VBROADCASTI128 16(AX), Y9
	VBROADCASTI128 32(AX), Y10
	VMOVDQA Y8, Y0
	VMOVDQA Y9, Y1
	VMOVDQA Y10, Y2
	VMOVDQU 0(BX), Y3
	VMOVDQA Y8, Y4
	VMOVDQA Y9, Y5
	VMOVDQA Y10, Y6
	VMOVDQU 32(BX), Y7
	MOVQ $6, CX

loop:
	QR(Y0, Y1, Y2, Y3, Y12)
	QR(Y4, Y5, Y6, Y7, Y13)
	VPSHUFD $0x39, Y1, Y1
	VPSHUFD $0x4E, Y2, Y2
	VPSHUFD $0x93, Y3, Y3
	VPSHUFD $0x39, Y5, Y5
	VPSHUFD $0x4E, Y6, Y6
	VPSHUFD $0x93, Y7, Y7
	QR(Y0, Y1, Y2, Y3, Y12)
	QR(Y4, Y5, Y6, Y7, Y13)
	VPSHUFD $0x93, Y1, Y1
	VPSHUFD $0x4E, Y2, Y2
	VPSHUFD $0x39, Y3, Y3
	VPSHUFD $0x93, Y5, Y5
	VPSHUFD $0x4E, Y6, Y6
	VPSHUFD $0x39, Y7, Y7
	DECQ CX
	JNZ loop

	VPADDD Y8, Y0, Y0
	VPADDD Y9, Y1, Y1
	VPADDD Y10, Y2, Y2
	VMOVDQU 0(BX), Y11
	VPADDD Y11, Y3, Y3
	VPADDD Y8, Y4, Y4
	VPADDD Y9, Y5, Y5
	VPADDD Y10, Y6, Y6
	VMOVDQU 32(BX), Y11
	VPADDD Y11, Y7, Y7

	// Block 0 is the low lanes of Y0 to Y3, block 1 their high lanes;
	// blocks 2 and 3 the same of Y4 to Y7.
	VPERM2I128 $0x20, Y1, Y0, Y12
	VMOVDQU Y12, 0(DI)
	VPERM2I128 $0x20, Y3, Y2, Y12
	VMOVDQU Y12, 32(DI)
	VPERM2I128 $0x31, Y1, Y0, Y12
	VMOVDQU Y12, 64(DI)
	VPERM2I128 $0x31, Y3, Y2, Y12
	VMOVDQU Y12, 96(DI)
	VPERM2I128 $0x20, Y5, Y4, Y12
	VMOVDQU Y12, 128(DI)
	VPERM2I128 $0x20, Y7, Y6, Y12
	VMOVDQU Y12, 160(DI)
	VPERM2I128 $0x31, Y5, Y4, Y12
	VMOVDQU Y12, 192(DI)
	VPERM2I128 $0x31, Y7, Y6, Y12
	VMOVDQU Y12, 224(DI)
	VZEROUPPER
	RET
