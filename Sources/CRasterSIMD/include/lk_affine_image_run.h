// A fully covered span of a premultiplied ARGB8888 image drawn through an affine device → image
// map, bilinear with the image's edge pixels extended, composited source-over: the row kernel
// of Raster's `affineImageRun` (ImageSampling.swift), four pixels per step with AVX2, eight
// with AVX-512 (F, BW, VL; see lk_solid_spans_avx512.h for the detection).
//
// The pixels are ImageSampler.sample's and lkSourceOver's, bit for bit. Per channel, with
// lerp(x, y, t) = ⌊(x·256 + (y − x)·t + 128) / 256⌋ (lkLerp's rule), horizontal then vertical:
//     s   = lerp(lerp(t00, t10, wx), lerp(t01, t11, wx), wy)
//     out = s + d·(255 − alpha(s))/255 exactly rounded
// Every intermediate fits a 16-bit lane (lk_bilinear_pair's argument), so a step keeps four
// pixels' channels in the sixteen 16-bit lanes of one AVX2 register, [p0 p1 | p2 p3]: each
// block's two texels of a row are one 64-bit load, the destination widens into the same lane
// order, and four pixels are stored at once, with no destination read where all four samples
// are opaque and nothing written where all sixteen texels are transparent.
//
// Positions. The Swift loop steps u, u + du, (u + du) + du, … in doubles, a serial chain whose
// roundings u + k·du does not reproduce in general; but inside one binade [2^e, 2^(e+1)) every
// double is a multiple of ulp = 2^(e−52), so each step rounds du to the same multiple d of ulp
// and the chain is exactly u + k·d — unless du lies exactly halfway between two multiples
// (the tie goes to the even neighbour, which depends on u_k). `lk_exact_steps` finds how many
// pixels keep that exact form for u and for v (a run ends where either leaves its binade, ~2
// per octave of the coordinate along a span); within a run the positions are computed four at
// a time, 256·u_k exact, and the step that leaves the binade is taken serially as the Swift
// loop takes it. The 1/256-texel position ⌊(u − 0.5)·256 + 0.5⌋ = ix·256 + wx is computed as
// ⌊256·u − 127.5⌋ (the same real number rounded once, for u ≥ 0.5); FP contraction is off in
// this file, so no fused multiply-add changes a rounding.
//
// Edges. A run whose first and last blocks lie inside the image (positions are monotone along
// a run) reads blocks as they are; any other run clamps 256·u to 128…256·(w − 0.5) first:
// beyond the image both texels of a block are the edge column's, which the clamped block reads
// exactly (weight up to 256, see `lk_affine_four_clamped_avx2`); NaN clamps to the first
// column as the scalar sampler's comparisons do. A run's last one to three pixels take one
// more step with masked loads and stores. Positions outside the runs' reach (u or v not a
// positive normal double below 2⁶⁰, a tie, a step leaving a binade at once) take the scalar
// sampler, `lk_image_sample_extend`, a transcription of ImageSampler.sample.
// `lk_affine_image_run_portable` runs the whole span one pixel at a time, the reference the
// tests hold the AVX2 path to, with ImageSampler.sample itself.
//
// AVX-512: the same runs, positions, clamps and lane arithmetic, eight pixels in the 32 16-bit
// lanes of a 512-bit register (quarter q: pixels 2q, 2q + 1). A block's row pair is one 64-bit
// element of a gather (vpgatherdq, eight blocks a row; every block lies inside the image after
// the clamps, so no element is masked), each quarter's [l0 r0 l1 r1] reordered to
// [l0 l1 r0 r1] so the byte unpacks give left and right texels in the same lanes as AVX2's
// loads; each pixel's weight reaches its four lanes by one word permute; a run's last one to
// seven pixels use lane masks (a zero-masked destination load, a masked store). Over a
// 187 × 191 image magnified ten times at a slant (pr_1930_r at 4K) on an Intel Xeon (Emerald
// Rapids), 1,700-pixel spans: 6.4 against 10.5 ms for 1,900 rows. `path` chooses: 0 the best
// the CPU runs, 1 portable, 2 AVX2 at most (the tests hold each to the reference).
//
// Requirements of the vector path (`lk_affine_image_run_fits`): w, h ≥ 2 (a block has two
// columns and two rows), w·h < 2³¹ (block offsets in 32-bit lanes).
#ifndef LK_AFFINE_IMAGE_RUN_H
#define LK_AFFINE_IMAGE_RUN_H

#include <stddef.h>
#include <stdint.h>
#include "lk_solid_spans.h"
#include "lk_solid_spans_avx2.h"
#include "lk_solid_spans_avx512.h"

#pragma STDC FP_CONTRACT OFF

/// The rounded lerp of two packed pixels, channel by channel (lkLerp), t in 0…256.
static inline uint32_t lk_lerp_pixel(uint32_t a, uint32_t b, uint32_t t) {
    uint32_t it = 256 - t;
    uint32_t rb = (((a & 0x00FF00FFu) * it + (b & 0x00FF00FFu) * t + 0x00800080u) >> 8) & 0x00FF00FFu;
    uint32_t ag = (((a >> 8) & 0x00FF00FFu) * it + ((b >> 8) & 0x00FF00FFu) * t + 0x00800080u) & 0xFF00FF00u;
    return rb | ag;
}

/// ⌊c⌋ for c in −1…2⁶² by truncation (ImageSampler.sample's floorInRange).
static inline double lk_floor_in_range(double c) {
    double t = (double)lk_truncate(c);
    return t > c ? t - 1 : t;
}

/// ImageSampler.sample, transcribed: the bilinear sample at image coordinates (u, v), pixel
/// (i, j) centred at (i + 0.5, j + 0.5), edge pixels extended, weights rounded to 1/256.
static inline uint32_t lk_image_sample_extend(const uint32_t *px, int64_t w, int64_t h, double u, double v) {
    const double maxU = (double)w, maxV = (double)h;
    const double su = u - 0.5, sv = v - 0.5;
    const double cu = su > -1 ? (su < maxU ? su : maxU) : -1;
    const double cv = sv > -1 ? (sv < maxV ? sv : maxV) : -1;
    const double fu = lk_floor_in_range(cu), fv = lk_floor_in_range(cv);
    int64_t ix = lk_truncate(fu), iy = lk_truncate(fv);
    const double ru = (cu - fu) * 256, rv = (cv - fv) * 256;
    uint32_t wx = (uint32_t)lk_truncate(ru + 0.5), wy = (uint32_t)lk_truncate(rv + 0.5);
    if (wx == 256) { ix += 1; wx = 0; }
    if (wy == 256) { iy += 1; wy = 0; }
    const int64_t w1 = w - 1, h1 = h - 1;
    const int64_t x0 = ix < 0 ? 0 : (ix > w1 ? w1 : ix), x1 = ix + 1 < 0 ? 0 : (ix + 1 > w1 ? w1 : ix + 1);
    const int64_t y0 = iy < 0 ? 0 : (iy > h1 ? h1 : iy), y1 = iy + 1 < 0 ? 0 : (iy + 1 > h1 ? h1 : iy + 1);
    const uint32_t *r0 = px + y0 * w, *r1 = px + y1 * w;
    const uint32_t top = lk_lerp_pixel(r0[x0], r0[x1], wx);
    if (wy == 0) return top;
    return lk_lerp_pixel(top, lk_lerp_pixel(r1[x0], r1[x1], wx), wy);
}

/// Whether a `w` × `h` image meets the vector path's limits (see the header).
static inline int lk_affine_image_run_fits(int64_t w, int64_t h) {
    return w >= 2 && h >= 2 && w < (1 << 22) && h < (1 << 22) && w * h < ((int64_t)1 << 31);
}

/// `count` pixels from `dst`, the first sample at (u, v), each next one (du, dv) further,
/// sampled one at a time and composited source-over (the reference path).
static inline void lk_affine_image_run_portable(uint32_t *dst, ptrdiff_t count, const uint32_t *px, int64_t w,
                                                int64_t h, double u, double v, double du, double dv) {
    for (ptrdiff_t i = 0; i < count; i++) {
        const uint32_t s = lk_image_sample_extend(px, w, h, u, v);
        dst[i] = s + lk_scale(dst[i], 255 - (s >> 24));
        u += du; v += dv;
    }
}

/// How many pixels from this one, at most `n` (at least 1), step exactly as u + k·d: u's
/// serial steps u_{k+1} = fl(u_k + du) while they stay inside u's binade [2^e, 2^(e+1)), where
/// every value is a multiple of the binade's ulp and fl(u_k + du) = u_k + d, d = du rounded to
/// that ulp (the same for every u_k of the binade, unless du lies exactly halfway between two
/// multiples: then the tie goes to the even neighbour and depends on u_k, so 1 is returned).
/// `*step` receives d. 1 where u is not a positive normal number below 2⁶⁰ or the first step
/// leaves the binade (the caller then steps serially).
static inline ptrdiff_t lk_exact_steps(double u, double du, ptrdiff_t n, double *step) {
    *step = du;
    if (!(u >= 0x1p-1000 && u < 0x1p60 && du > -0x1p60 && du < 0x1p60) || n < 2) return 1;
    uint64_t bits;
    memcpy(&bits, &u, sizeof bits);
    bits &= 0x7FF0000000000000ull;
    double lo;
    memcpy(&lo, &bits, sizeof lo);
    const double hi = lo * 2, ulp = lo * 0x1p-52;
    // The first step stays inside: below hi going up, above lo going down (where a sum just
    // below lo would round on the next binade's finer grid).
    const double next = u + du;
    if (du >= 0 ? !(next < hi) : !(next > lo)) return 1;
    const double d = next - u;                          // exact: both in the binade
    if (du - d == ulp * 0.5 || d - du == ulp * 0.5) return 1;   // du - d exact (|du − d| ≤ ulp/2)
    *step = d;
    if (d == 0) return n;
    // The last k with u + k·d still strictly inside (each such value is exact, k·d too).
    const double room = d > 0 ? (hi - u) / d : (lo - u) / d;
    ptrdiff_t k = room < (double)n ? (ptrdiff_t)room : n - 1;
    if (k < 1) k = 1;
    if (k > n - 1) k = n - 1;
    while (k > 1 && !(d > 0 ? u + (double)k * d < hi : u + (double)k * d > lo)) k--;
    while (k < n - 1 && (d > 0 ? u + (double)(k + 1) * d < hi : u + (double)(k + 1) * d > lo)) k++;
    return k + 1;
}

/// Whether the 2×2 texel block of the sample at (u, v) lies inside a `w` × `h` image: its
/// 1/256-texel position ⌊(u − 0.5)·256 + 0.5⌋ = ix·256 + wx with 0 ≤ ix < w − 1, and the same
/// for v (as `affineImageRunPairs` tests it).
static inline int lk_affine_block_inside(double u, double v, int64_t w, int64_t h) {
    if (!(u >= 0.5 && u < 1e6 && v >= 0.5 && v < 1e6)) return 0;
    const int64_t fu = lk_truncate((u - 0.5) * 256 + 0.5), fv = lk_truncate((v - 0.5) * 256 + 0.5);
    return (fu >> 8) < w - 1 && (fv >> 8) < h - 1;
}

#if LK_HAVE_AVX2_KERNELS
/// ⌊(x·256 + (y − x)·t + 128) / 256⌋ in each 16-bit lane (lk_lerp_lanes, sixteen lanes).
__attribute__((target("avx2"))) static inline __m256i lk_lerp_lanes_avx2(__m256i x, __m256i y, __m256i t) {
    __m256i s = _mm256_add_epi16(_mm256_slli_epi16(x, 8), _mm256_mullo_epi16(_mm256_sub_epi16(y, x), t));
    return _mm256_srli_epi16(_mm256_add_epi16(s, _mm256_set1_epi16(128)), 8);
}

/// `count` (1…4) pixels at dst from the texel blocks whose top-left texels lie `off` pixels
/// into the image, rows `w` apart, weights 0…256 toward the right (wx) and the bottom (wy);
/// nothing written where all sixteen texels are transparent (a transparent sample leaves its
/// pixel as it is). A weight of 256 reads the block's right (bottom) texels exactly: the lane
/// arithmetic stays within 16 bits (x·256 + (y − x)·256 + 128 = y·256 + 128).
__attribute__((target("avx2"))) static inline void lk_affine_four_avx2(uint32_t *dst, const uint32_t *px, int64_t w,
                                                                       __m128i off, __m128i wx, __m128i wy, int count) {
    const __m256i zero = _mm256_setzero_si256();
    // Each pixel's 16-bit weight into its four 16-bit lanes: pixels 0, 1 in the low half, 2, 3 in the high.
    const __m256i spread = _mm256_setr_epi8(0, 1, 0, 1, 0, 1, 0, 1, 4, 5, 4, 5, 4, 5, 4, 5,
                                            8, 9, 8, 9, 8, 9, 8, 9, 12, 13, 12, 13, 12, 13, 12, 13);
    const uint32_t *p0 = px + _mm_cvtsi128_si32(off), *p1 = px + _mm_extract_epi32(off, 1);
    const uint32_t *p2 = px + _mm_extract_epi32(off, 2), *p3 = px + _mm_extract_epi32(off, 3);
    // Each block's [left right] texels of a row as one 64-bit load; [p0 p1 p0' p1' | p2 p3 p2' p3'].
#define LK_ROW_PAIRS(a, b) _mm_unpacklo_epi32(_mm_loadl_epi64((const __m128i *)(a)), _mm_loadl_epi64((const __m128i *)(b)))
    const __m256i t = _mm256_set_m128i(LK_ROW_PAIRS(p2, p3), LK_ROW_PAIRS(p0, p1));
    const __m256i b = _mm256_set_m128i(LK_ROW_PAIRS(p2 + w, p3 + w), LK_ROW_PAIRS(p0 + w, p1 + w));
#undef LK_ROW_PAIRS
    const __m256i any = _mm256_or_si256(t, b);
    if (_mm256_testz_si256(any, any)) return;
    const __m256i kx = _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(wx), spread);
    const __m256i ky = _mm256_shuffle_epi8(_mm256_broadcastsi128_si256(wy), spread);
    const __m256i ht = lk_lerp_lanes_avx2(_mm256_unpacklo_epi8(t, zero), _mm256_unpackhi_epi8(t, zero), kx);
    const __m256i hb = lk_lerp_lanes_avx2(_mm256_unpacklo_epi8(b, zero), _mm256_unpackhi_epi8(b, zero), kx);
    const __m256i s = lk_lerp_lanes_avx2(ht, hb, ky);
    const __m128i packed = _mm_packus_epi16(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
    const __m128i alpha = _mm_set1_epi32((int)0xFF000000u);
    const int opaque = _mm_movemask_epi8(_mm_cmpeq_epi32(_mm_and_si128(packed, alpha), alpha)) == 0xFFFF;
    if (count == 4) {
        if (opaque) { _mm_storeu_si128((__m128i *)dst, packed); return; }
        const __m256i d = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)dst));
        const __m256i ia = _mm256_sub_epi16(_mm256_set1_epi16(255), _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(s, 0xFF), 0xFF));
        const __m256i r = lk_div255_lanes_avx2(d, ia);
        const __m128i rest = _mm_packus_epi16(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
        _mm_storeu_si128((__m128i *)dst, _mm_add_epi32(packed, rest));
        return;
    }
    // A span's last pixels: the lanes past its end neither read nor written.
    const __m128i mask = _mm_cmpgt_epi32(_mm_set1_epi32(count), _mm_setr_epi32(0, 1, 2, 3));
    const __m256i d = _mm256_cvtepu8_epi16(_mm_maskload_epi32((const int *)dst, mask));
    const __m256i ia = _mm256_sub_epi16(_mm256_set1_epi16(255), _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(s, 0xFF), 0xFF));
    const __m256i r = lk_div255_lanes_avx2(d, ia);
    const __m128i rest = _mm_packus_epi16(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1));
    _mm_maskstore_epi32((int *)dst, mask, _mm_add_epi32(packed, rest));
}

/// The texel blocks of four positions S = 256·u, T = 256·v with the edge pixels extended,
/// as ImageSampler.sample reads them: S clamped to 128…256·(w − 0.5) (u − 0.5 to 0…w − 1; NaN
/// to 128), F = ⌊S − 127.5⌋ = ix·256 + wx; beyond the first or the last column both texels are
/// that column's, which the clamped block (its left texel at min(ix, w − 2), weight
/// F − 256·that, up to 256) reads exactly. Needs w, h ≥ 2.
__attribute__((target("avx2"))) static inline void lk_affine_four_clamped_avx2(uint32_t *dst, const uint32_t *px,
                                                                               int64_t w, int64_t h, __m256d S, __m256d T,
                                                                               int count) {
    const __m256d bias = _mm256_set1_pd(127.5), least = _mm256_set1_pd(128);
    const __m128i fu = _mm256_cvttpd_epi32(_mm256_sub_pd(_mm256_min_pd(_mm256_max_pd(S, least), _mm256_set1_pd(256 * ((double)w - 0.5))), bias));
    const __m128i fv = _mm256_cvttpd_epi32(_mm256_sub_pd(_mm256_min_pd(_mm256_max_pd(T, least), _mm256_set1_pd(256 * ((double)h - 0.5))), bias));
    const __m128i ix = _mm_min_epi32(_mm_srai_epi32(fu, 8), _mm_set1_epi32((int)w - 2));
    const __m128i iy = _mm_min_epi32(_mm_srai_epi32(fv, 8), _mm_set1_epi32((int)h - 2));
    const __m128i off = _mm_add_epi32(_mm_mullo_epi32(iy, _mm_set1_epi32((int)w)), ix);
    lk_affine_four_avx2(dst, px, w, off, _mm_sub_epi32(fu, _mm_slli_epi32(ix, 8)), _mm_sub_epi32(fv, _mm_slli_epi32(iy, 8)), count);
}

/// `lk_affine_image_run_portable`'s pixels, four per step through runs of exact steps (see
/// the header). Call only where lk_cpu_has_avx2() and the image fits.
__attribute__((target("avx2"))) static inline void lk_affine_image_run_avx2(uint32_t *dst, ptrdiff_t count,
                                                                            const uint32_t *px, int64_t w, int64_t h,
                                                                            double u, double v, double du, double dv) {
    const __m256d lane = _mm256_setr_pd(0, 1, 2, 3), bias = _mm256_set1_pd(127.5), k256 = _mm256_set1_pd(256);
    const __m128i stride = _mm_set1_epi32((int)w), low8 = _mm_set1_epi32(0xff);
    ptrdiff_t i = 0;
    while (i < count) {
        double su, sv;
        ptrdiff_t n = lk_exact_steps(u, du, count - i, &su);
        if (n > 1) n = lk_exact_steps(v, dv, n, &sv);
        if (n == 1) {
            // A serial step: one pixel.
            const uint32_t s = lk_image_sample_extend(px, w, h, u, v);
            dst[i] = s + lk_scale(dst[i], 255 - (s >> 24));
            u += du; v += dv; i++;
            continue;
        }
        // Pixels i … i + n − 1 at exactly (u + k·su, v + k·sv). 256·u − 127.5 rounds as
        // (u − 0.5)·256 + 0.5 (u − 0.5 and the product are exact for u ≥ 0.5), and 256·u_k is
        // exact: each group's four positions are one addition from the last group's.
        const double ul = u + (double)(n - 1) * su, vl = v + (double)(n - 1) * sv;
        const __m256d stepU = _mm256_set1_pd(1024 * su), stepV = _mm256_set1_pd(1024 * sv);
        __m256d U = _mm256_mul_pd(_mm256_add_pd(_mm256_set1_pd(u), _mm256_mul_pd(lane, _mm256_set1_pd(su))), k256);
        __m256d V = _mm256_mul_pd(_mm256_add_pd(_mm256_set1_pd(v), _mm256_mul_pd(lane, _mm256_set1_pd(sv))), k256);
        uint32_t *p = dst + i;
        ptrdiff_t k = 0;
        if (lk_affine_block_inside(u, v, w, h) && lk_affine_block_inside(ul, vl, w, h)) {
            // Every block of the run inside (the positions are monotone): no clamps.
            for (; k + 4 <= n; k += 4) {
                const __m128i fu = _mm256_cvttpd_epi32(_mm256_sub_pd(U, bias)), fv = _mm256_cvttpd_epi32(_mm256_sub_pd(V, bias));
                const __m128i off = _mm_add_epi32(_mm_mullo_epi32(_mm_srai_epi32(fv, 8), stride), _mm_srai_epi32(fu, 8));
                lk_affine_four_avx2(p + k, px, w, off, _mm_and_si128(fu, low8), _mm_and_si128(fv, low8), 4);
                U = _mm256_add_pd(U, stepU); V = _mm256_add_pd(V, stepV);
            }
        } else {
            for (; k + 4 <= n; k += 4) {
                lk_affine_four_clamped_avx2(p + k, px, w, h, U, V, 4);
                U = _mm256_add_pd(U, stepU); V = _mm256_add_pd(V, stepV);
            }
        }
        // The last one to three (the lanes past the run hold positions off its exact steps,
        // clamped, read from the image but neither read from nor written to dst).
        if (k < n) lk_affine_four_clamped_avx2(p + k, px, w, h, U, V, (int)(n - k));
        u = ul + du; v = vl + dv; i += n;
    }
}
#endif

#if LK_HAVE_AVX512_KERNELS
/// ⌊(x·256 + (y − x)·t + 128) / 256⌋ in each 16-bit lane (lk_lerp_lanes_avx2, 32 lanes).
LK_AVX512_TARGET static inline __m512i lk_lerp_lanes_avx512(__m512i x, __m512i y, __m512i t) {
    __m512i s = _mm512_add_epi16(_mm512_slli_epi16(x, 8), _mm512_mullo_epi16(_mm512_sub_epi16(y, x), t));
    return _mm512_srli_epi16(_mm512_add_epi16(s, _mm512_set1_epi16(128)), 8);
}

/// `lk_affine_four_avx2` for `count` (1…8) pixels: the blocks' two rows gathered as one
/// 64-bit [left right] pair per pixel (quarter q of a 512-bit register holds pixels 2q, 2q + 1),
/// reordered to [left left right right] per quarter, so that the byte unpacks give the left and
/// the right texels of pixels 2q, 2q + 1 in the same 16-bit lanes, as with AVX2; each pixel's
/// weight is spread over its four lanes by one word permute. Every gathered block lies inside
/// the image (the callers' clamps), so no lane needs a mask; past `count` nothing is read from
/// or written to dst.
LK_AVX512_TARGET static inline void lk_affine_eight_avx512(uint32_t *dst, const uint32_t *px, int64_t w, __m256i off,
                                                           __m256i wx, __m256i wy, int count) {
    const __m512i t0 = _mm512_i32gather_epi64(off, (const void *)px, 4);
    const __m512i b0 = _mm512_i32gather_epi64(_mm256_add_epi32(off, _mm256_set1_epi32((int)w)), (const void *)px, 4);
    const __m512i any = _mm512_or_si512(t0, b0);
    if (_mm512_test_epi64_mask(any, any) == 0) return;
    const __m512i zero = _mm512_setzero_si512();
    const __m512i t = _mm512_shuffle_epi32(t0, (_MM_PERM_ENUM)0xD8), b = _mm512_shuffle_epi32(b0, (_MM_PERM_ENUM)0xD8);
    // 16-bit lane j (pixel j / 4) takes word 2·(j / 4) of the weights: pixel p's weight, low half.
    const __m512i spread = _mm512_set_epi16(14, 14, 14, 14, 12, 12, 12, 12, 10, 10, 10, 10, 8, 8, 8, 8,
                                            6, 6, 6, 6, 4, 4, 4, 4, 2, 2, 2, 2, 0, 0, 0, 0);
    const __m512i kx = _mm512_permutexvar_epi16(spread, _mm512_castsi256_si512(wx));
    const __m512i ky = _mm512_permutexvar_epi16(spread, _mm512_castsi256_si512(wy));
    const __m512i ht = lk_lerp_lanes_avx512(_mm512_unpacklo_epi8(t, zero), _mm512_unpackhi_epi8(t, zero), kx);
    const __m512i hb = lk_lerp_lanes_avx512(_mm512_unpacklo_epi8(b, zero), _mm512_unpackhi_epi8(b, zero), kx);
    const __m512i s = lk_lerp_lanes_avx512(ht, hb, ky);
    const __m256i packed = _mm512_cvtepi16_epi8(s);               // every lane ≤ 255: pixels 0…7 in order
    const __mmask8 lanes = (__mmask8)((1u << count) - 1u);
    const __mmask8 opaque = _mm256_cmpge_epu32_mask(packed, _mm256_set1_epi32((int)0xFF000000u));
    if (count == 8 && opaque == 0xFF) { _mm256_storeu_si256((__m256i *)dst, packed); return; }
    const __m512i d = _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi32(lanes, (const void *)dst));
    const __m512i ia = _mm512_sub_epi16(_mm512_set1_epi16(255), _mm512_shufflehi_epi16(_mm512_shufflelo_epi16(s, 0xFF), 0xFF));
    const __m256i rest = _mm512_cvtepi16_epi8(lk_div255_lanes_avx512(d, ia));
    _mm256_mask_storeu_epi32((void *)dst, lanes, _mm256_add_epi32(packed, rest));
}

/// `lk_affine_four_clamped_avx2` for eight positions.
LK_AVX512_TARGET static inline void lk_affine_eight_clamped_avx512(uint32_t *dst, const uint32_t *px, int64_t w,
                                                                   int64_t h, __m512d S, __m512d T, int count) {
    const __m512d bias = _mm512_set1_pd(127.5), least = _mm512_set1_pd(128);
    const __m256i fu = _mm512_cvttpd_epi32(_mm512_sub_pd(_mm512_min_pd(_mm512_max_pd(S, least), _mm512_set1_pd(256 * ((double)w - 0.5))), bias));
    const __m256i fv = _mm512_cvttpd_epi32(_mm512_sub_pd(_mm512_min_pd(_mm512_max_pd(T, least), _mm512_set1_pd(256 * ((double)h - 0.5))), bias));
    const __m256i ix = _mm256_min_epi32(_mm256_srai_epi32(fu, 8), _mm256_set1_epi32((int)w - 2));
    const __m256i iy = _mm256_min_epi32(_mm256_srai_epi32(fv, 8), _mm256_set1_epi32((int)h - 2));
    const __m256i off = _mm256_add_epi32(_mm256_mullo_epi32(iy, _mm256_set1_epi32((int)w)), ix);
    lk_affine_eight_avx512(dst, px, w, off, _mm256_sub_epi32(fu, _mm256_slli_epi32(ix, 8)),
                           _mm256_sub_epi32(fv, _mm256_slli_epi32(iy, 8)), count);
}

/// `lk_affine_image_run_avx2` eight pixels a step: the same runs of exact steps, the same
/// positions (256·u_k exact, eight per group, each group one addition of 2048·d from the
/// last), the same serial steps between runs. Call only where lk_cpu_has_avx512() and the
/// image fits.
LK_AVX512_TARGET static inline void lk_affine_image_run_avx512(uint32_t *dst, ptrdiff_t count, const uint32_t *px,
                                                               int64_t w, int64_t h, double u, double v, double du,
                                                               double dv) {
    const __m512d lane = _mm512_setr_pd(0, 1, 2, 3, 4, 5, 6, 7), bias = _mm512_set1_pd(127.5), k256 = _mm512_set1_pd(256);
    const __m256i stride = _mm256_set1_epi32((int)w), low8 = _mm256_set1_epi32(0xff);
    ptrdiff_t i = 0;
    while (i < count) {
        double su, sv;
        ptrdiff_t n = lk_exact_steps(u, du, count - i, &su);
        if (n > 1) n = lk_exact_steps(v, dv, n, &sv);
        if (n == 1) {
            const uint32_t s = lk_image_sample_extend(px, w, h, u, v);
            dst[i] = s + lk_scale(dst[i], 255 - (s >> 24));
            u += du; v += dv; i++;
            continue;
        }
        const double ul = u + (double)(n - 1) * su, vl = v + (double)(n - 1) * sv;
        const __m512d stepU = _mm512_set1_pd(2048 * su), stepV = _mm512_set1_pd(2048 * sv);
        __m512d U = _mm512_mul_pd(_mm512_add_pd(_mm512_set1_pd(u), _mm512_mul_pd(lane, _mm512_set1_pd(su))), k256);
        __m512d V = _mm512_mul_pd(_mm512_add_pd(_mm512_set1_pd(v), _mm512_mul_pd(lane, _mm512_set1_pd(sv))), k256);
        uint32_t *p = dst + i;
        ptrdiff_t k = 0;
        if (lk_affine_block_inside(u, v, w, h) && lk_affine_block_inside(ul, vl, w, h)) {
            for (; k + 8 <= n; k += 8) {
                const __m256i fu = _mm512_cvttpd_epi32(_mm512_sub_pd(U, bias)), fv = _mm512_cvttpd_epi32(_mm512_sub_pd(V, bias));
                const __m256i off = _mm256_add_epi32(_mm256_mullo_epi32(_mm256_srai_epi32(fv, 8), stride), _mm256_srai_epi32(fu, 8));
                lk_affine_eight_avx512(p + k, px, w, off, _mm256_and_si256(fu, low8), _mm256_and_si256(fv, low8), 8);
                U = _mm512_add_pd(U, stepU); V = _mm512_add_pd(V, stepV);
            }
        } else {
            for (; k + 8 <= n; k += 8) {
                lk_affine_eight_clamped_avx512(p + k, px, w, h, U, V, 8);
                U = _mm512_add_pd(U, stepU); V = _mm512_add_pd(V, stepV);
            }
        }
        if (k < n) lk_affine_eight_clamped_avx512(p + k, px, w, h, U, V, (int)(n - k));
        u = ul + du; v = vl + dv; i += n;
    }
}
#endif

/// The span (see the header): with AVX-512 where the CPU has it (and `path` is 0), with AVX2
/// where the CPU has it (and `path` is 0 or 2), where the image fits; else one sample at a
/// time (`path` 1, the reference the tests hold the others to).
static inline void lk_affine_image_run(uint32_t *dst, ptrdiff_t count, const uint32_t *px, int64_t w, int64_t h,
                                       double u, double v, double du, double dv, int path) {
#if LK_HAVE_AVX512_KERNELS
    if (path == 0 && lk_cpu_has_avx512() && lk_affine_image_run_fits(w, h)) {
        lk_affine_image_run_avx512(dst, count, px, w, h, u, v, du, dv);
        return;
    }
#endif
#if LK_HAVE_AVX2_KERNELS
    if (path != 1 && lk_cpu_has_avx2() && lk_affine_image_run_fits(w, h)) {
        lk_affine_image_run_avx2(dst, count, px, w, h, u, v, du, dv);
        return;
    }
#endif
    lk_affine_image_run_portable(dst, count, px, w, h, u, v, du, dv);
}

#pragma STDC FP_CONTRACT DEFAULT

#endif
