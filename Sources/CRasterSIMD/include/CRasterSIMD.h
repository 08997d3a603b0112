// Two bilinear samples of a premultiplied ARGB8888 image at once, optionally shaded: the
// vector kernel of Raster's image paths (ImageSampler's `lkBilinearPair`).
//
// Each sample blends the 2×2 texel block whose top-left texel is at `a` (or `b`), rows
// `stride` pixels apart, by weights 0…255 toward the right (wx) and the bottom (wy), with
// lkLerp's rounding, horizontal then vertical, per channel:
//     lerp(x, y, t) = ⌊(x·256 + (y − x)·t + 128) / 256⌋ = ⌊(x·(256 − t) + y·t + 128) / 256⌋,
// then, when shade < 255, the colour channels (not alpha) times shade/255 exactly rounded:
//     c·k/255 = (t + ⌊t / 256⌋) / 256 with t = c·k + 128   (lkShade's rule).
// The result is the two pixels packed in one 64-bit word, a's in the low half.
//
// Why C: Swift's SIMD types reach these instructions only when the standard library's
// generic lane conversions are inlined, which they are not without -Ounchecked; SSE2
// intrinsics in a static inline function are inlined into the Swift callers at -O and
// compile to the same few instructions in every build mode. Each sample's channels become
// four 16-bit lanes (the two samples share every vector), and every intermediate fits a
// 16-bit lane: x·256 ≤ 65280, and the wrapped (y − x)·t sums to a final value ≤ 65408.
//
// `lk_bilinear_pair_portable` is the same arithmetic in plain integers, the fallback where
// SSE2 is missing; the tests check the two are bit-identical.
//
// Also `lk_truncate`: a double to a 64-bit integer toward zero, Swift's `Int(_:)` on values in
// range, without the range check that traps (one cvttsd2si), for per-pixel positions that the
// caller has already bounded.
#ifndef CRASTERSIMD_H
#define CRASTERSIMD_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// One channel's rounded lerp, x and y in 0…255, t in 0…255.
static inline uint32_t lk_lerp_channel(uint32_t x, uint32_t y, uint32_t t) {
    return (x * (256 - t) + y * t + 128) >> 8;
}

/// One bilinear sample, shaded, packed (the portable path, one channel at a time).
static inline uint32_t lk_bilinear_portable(const uint32_t *p, ptrdiff_t stride, uint32_t wx, uint32_t wy,
                                            uint32_t shade) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t top = lk_lerp_channel((p[0] >> shift) & 0xff, (p[1] >> shift) & 0xff, wx);
        uint32_t bottom = lk_lerp_channel((p[stride] >> shift) & 0xff, (p[stride + 1] >> shift) & 0xff, wx);
        uint32_t c = lk_lerp_channel(top, bottom, wy);
        if (shade < 255 && shift < 24) {
            uint32_t t = c * shade + 128;
            c = (t + (t >> 8)) >> 8;
        }
        out |= c << shift;
    }
    return out;
}

/// `lk_bilinear_pair` in plain integer arithmetic.
static inline uint64_t lk_bilinear_pair_portable(const uint32_t *a, const uint32_t *b, ptrdiff_t stride,
                                                 int32_t wxa, int32_t wya, int32_t wxb, int32_t wyb,
                                                 uint32_t shade) {
    uint32_t sa = lk_bilinear_portable(a, stride, (uint32_t)wxa & 0xff, (uint32_t)wya & 0xff, shade);
    uint32_t sb = lk_bilinear_portable(b, stride, (uint32_t)wxb & 0xff, (uint32_t)wyb & 0xff, shade);
    return (uint64_t)sa | ((uint64_t)sb << 32);
}

#if defined(__SSE2__)
/// ⌊(x·256 + (y − x)·t + 128) / 256⌋ in each 16-bit lane (wrapping, exact: see the header).
static inline __m128i lk_lerp_lanes(__m128i x, __m128i y, __m128i t) {
    __m128i s = _mm_add_epi16(_mm_slli_epi16(x, 8), _mm_mullo_epi16(_mm_sub_epi16(y, x), t));
    return _mm_srli_epi16(_mm_add_epi16(s, _mm_set1_epi16(128)), 8);
}
#endif

/// Two bilinear samples (texel blocks at `a` and `b`, rows `stride` pixels apart, weights
/// 0…255, only their low 8 bits used), colour shaded by shade/255 when shade < 255; a's
/// pixel in the low 32 bits. All four texels of each block must be readable.
static inline uint64_t lk_bilinear_pair(const uint32_t *a, const uint32_t *b, ptrdiff_t stride,
                                        int32_t wxa, int32_t wya, int32_t wxb, int32_t wyb, uint32_t shade) {
#if defined(__SSE2__)
    __m128i zero = _mm_setzero_si128();
    // [a left, b left, a right, b right] per row, then each side's texels as 16-bit lanes:
    // [a B G R A, b B G R A].
    __m128i top = _mm_unpacklo_epi32(_mm_loadl_epi64((const __m128i *)a), _mm_loadl_epi64((const __m128i *)b));
    __m128i bottom = _mm_unpacklo_epi32(_mm_loadl_epi64((const __m128i *)(a + stride)),
                                        _mm_loadl_epi64((const __m128i *)(b + stride)));
    __m128i kx = _mm_unpacklo_epi64(_mm_set1_epi16((short)(wxa & 0xff)), _mm_set1_epi16((short)(wxb & 0xff)));
    __m128i ky = _mm_unpacklo_epi64(_mm_set1_epi16((short)(wya & 0xff)), _mm_set1_epi16((short)(wyb & 0xff)));
    __m128i t = lk_lerp_lanes(_mm_unpacklo_epi8(top, zero), _mm_unpackhi_epi8(top, zero), kx);
    __m128i u = lk_lerp_lanes(_mm_unpacklo_epi8(bottom, zero), _mm_unpackhi_epi8(bottom, zero), kx);
    __m128i v = lk_lerp_lanes(t, u, ky);
    if (shade < 255) {
        short k = (short)shade;
        __m128i s = _mm_add_epi16(_mm_mullo_epi16(v, _mm_setr_epi16(k, k, k, 255, k, k, k, 255)), _mm_set1_epi16(128));
        v = _mm_srli_epi16(_mm_add_epi16(s, _mm_srli_epi16(s, 8)), 8);
    }
    uint64_t pixels;
    _mm_storel_epi64((__m128i *)&pixels, _mm_packus_epi16(v, v));
    return pixels;
#else
    return lk_bilinear_pair_portable(a, b, stride, wxa, wya, wxb, wyb, shade);
#endif
}

/// `x` truncated toward zero; INT64_MIN where that is out of range or x is NaN (SSE2's
/// "integer indefinite", kept by the portable path).
static inline int64_t lk_truncate(double x) {
#if defined(__SSE2__) && defined(__x86_64__)
    return _mm_cvttsd_si64(_mm_set_sd(x));
#else
    return (x > -9223372036854775808.0 && x < 9223372036854775808.0) ? (int64_t)x : INT64_MIN;
#endif
}

// The fill pipeline's kernels: cell accumulation, solid spans, the solid sweep, hairlines.
#include "lk_coverage_cells.h"
#include "lk_cells_avx2.h"
#include "lk_solid_spans.h"
#include "lk_coverage_sweep.h"
#include "lk_hairline.h"

// The sprite painter's row kernel (bilinear, tinted, source-over or additive).
#include "lk_sprite_span.h"

// The affine image painter's fully covered spans (bilinear, edge pixels extended, source-over).
#include "lk_affine_image_run.h"

// The transition effects' cross-fade of two images into spread lanes.
#include "lk_lerp_spread_row.h"

// Whole-bitmap clears.
#include "lk_clear.h"

// Group composites: a row of a group's pixels, masked or not, onto its parent.
#include "lk_composite_row.h"

// The gradient painter's table indices (radial, focal, axial) and dithered deposits.
#include "lk_gradient_row.h"

// Shadows: a caster's alpha into a float plane, the box passes that blur it, and the
// coverage rows it is composited with.
#include "lk_alpha_plane.h"
#include "lk_box_blur.h"
#include "lk_shadow_row.h"

// A filter chain's exact Gaussian (σ ≤ 4): its row and column passes on planes of float4.
#include "lk_gauss_passes.h"

// A large blur's resampling: a bitmap shrunk by f × f boxes and enlarged back bilinearly.
#include "lk_blur_resample.h"

#endif
