// One row of a sprite: a premultiplied ARGB8888 image sampled bilinearly along an affine
// step, multiplied by a premultiplied tint, composited source-over or added (saturating),
// the painter of particle systems.
//
// Image coordinates are 16.16 fixed point, stepped by (du, dv) per pixel: no division and
// no conversion per pixel. Texels beyond the image read as transparent, so the sprite's
// outline fades over one texel without a coverage pass. Per channel, with lerp(x, y, t) =
// ⌊(x·256 + (y − x)·t + 128) / 256⌋ (Raster's lkLerp rule):
//     s   = lerp(lerp(t00, t10, wx), lerp(t01, t11, wx), wy)
//     c   = s·k/255 exactly rounded, k the tint's premultiplied component (skipped when the
//           tint is opaque white): (t + ⌊t / 256⌋) / 256 with t = s·k + 128
//     out = c + d·(255 − alpha(c))/255 exactly rounded   (source-over, lkScale's rule), or
//     out = min(255, c + d)                               (additive)
// A sample whose four texels are all transparent leaves the pixel alone (it would add
// nothing either way). Every intermediate fits a 16-bit lane (x·256 ≤ 65280, a lerp's final
// value ≤ 65408, s·k + 128 ≤ 65153 plus its high byte ≤ 65407), so the SSE2 path keeps each
// channel in one 16-bit lane and computes exactly what the portable path computes channel by
// channel; the tests hold the two to each other bit for bit.
#ifndef LK_SPRITE_SPAN_H
#define LK_SPRITE_SPAN_H

#include <stddef.h>
#include <stdint.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// The image a sprite row samples: `width` × `height` premultiplied pixels, rows `width` apart.
typedef struct {
    const uint32_t *pixels;
    int64_t width, height;
} lk_sprite_image;

/// The four texels of the 2×2 block whose top-left texel is (ix, iy), transparent outside the
/// image; returns 0 when all four are transparent.
static inline int lk_sprite_taps(lk_sprite_image img, int64_t ix, int64_t iy, uint32_t t[4]) {
    int64_t w1 = img.width - 1, h1 = img.height - 1;
    if ((uint64_t)ix < (uint64_t)w1 && (uint64_t)iy < (uint64_t)h1) {
        const uint32_t *b = img.pixels + iy * img.width + ix;
        t[0] = b[0]; t[1] = b[1]; t[2] = b[img.width]; t[3] = b[img.width + 1];
    } else {
        for (int k = 0; k < 4; k++) {
            int64_t i = ix + (k & 1), j = iy + (k >> 1);
            t[k] = ((uint64_t)i <= (uint64_t)w1 && (uint64_t)j <= (uint64_t)h1) ? img.pixels[j * img.width + i] : 0;
        }
    }
    return (t[0] | t[1] | t[2] | t[3]) != 0;
}

/// Channel-by-channel reference: `count` pixels from `row`, the first sample at (u, v).
static inline void lk_sprite_span_portable(uint32_t *row, ptrdiff_t count, lk_sprite_image img,
                                           int64_t u, int64_t v, int64_t du, int64_t dv,
                                           uint32_t tint, int additive) {
    int plain = tint == 0xFFFFFFFFu;
    for (ptrdiff_t i = 0; i < count; i++, u += du, v += dv) {
        uint32_t t[4];
        if (!lk_sprite_taps(img, u >> 16, v >> 16, t)) continue;
        uint32_t wx = (uint32_t)(u >> 8) & 0xff, wy = (uint32_t)(v >> 8) & 0xff, c = 0;
        for (int shift = 0; shift < 32; shift += 8) {
            uint32_t top = lk_lerp_channel((t[0] >> shift) & 0xff, (t[1] >> shift) & 0xff, wx);
            uint32_t bottom = lk_lerp_channel((t[2] >> shift) & 0xff, (t[3] >> shift) & 0xff, wx);
            uint32_t s = lk_lerp_channel(top, bottom, wy);
            if (!plain) {
                uint32_t m = s * ((tint >> shift) & 0xff) + 128;
                s = (m + (m >> 8)) >> 8;
            }
            c |= s << shift;
        }
        uint32_t d = row[i];
        if (additive) {
            uint32_t out = 0;
            for (int shift = 0; shift < 32; shift += 8) {
                uint32_t sum = ((c >> shift) & 0xff) + ((d >> shift) & 0xff);
                out |= (sum > 255 ? 255 : sum) << shift;
            }
            row[i] = out;
        } else {
            row[i] = c + lk_scale(d, 255 - (c >> 24));
        }
    }
}

/// `lk_sprite_span_portable` with every channel of a pixel in one 16-bit lane of an SSE2
/// vector where the target has SSE2; the portable path elsewhere or when `portable` is set.
static inline void lk_sprite_span(uint32_t *row, ptrdiff_t count, lk_sprite_image img,
                                  int64_t u, int64_t v, int64_t du, int64_t dv,
                                  uint32_t tint, int additive, int portable) {
#if defined(__SSE2__)
    if (!portable) {
        const __m128i zero = _mm_setzero_si128(), round = _mm_set1_epi16(128);
        const __m128i k = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)tint), zero);
        const int plain = tint == 0xFFFFFFFFu;
        const int64_t w1 = img.width - 1, h1 = img.height - 1, stride = img.width;
        for (ptrdiff_t i = 0; i < count; i++, u += du, v += dv) {
            int64_t ix = u >> 16, iy = v >> 16;
            // The block's rows [t00, t10] and [t01, t11] interleaved as [t00, t01, t10, t11].
            __m128i q;
            if ((uint64_t)ix < (uint64_t)w1 && (uint64_t)iy < (uint64_t)h1) {
                const uint32_t *b = img.pixels + iy * stride + ix;
                q = _mm_unpacklo_epi32(_mm_loadl_epi64((const __m128i *)b), _mm_loadl_epi64((const __m128i *)(b + stride)));
                if (_mm_movemask_epi8(_mm_cmpeq_epi32(q, zero)) == 0xFFFF) continue;
            } else {
                uint32_t t[4];
                if (!lk_sprite_taps(img, ix, iy, t)) continue;
                q = _mm_setr_epi32((int)t[0], (int)t[2], (int)t[1], (int)t[3]);
            }
            // Weights: wx in every lane, wy in the low four (the only ones kept).
            __m128i w = _mm_cvtsi32_si128((int)(((u >> 8) & 0xff) | (((v >> 8) & 0xff) << 16)));
            __m128i kx = _mm_shuffle_epi32(_mm_shufflelo_epi16(w, 0x00), 0x00);
            __m128i ky = _mm_shufflelo_epi16(w, 0x55);
            // The left column [t00, t01] toward the right one, then the top toward the bottom.
            __m128i h = lk_lerp_lanes(_mm_unpacklo_epi8(q, zero), _mm_unpackhi_epi8(q, zero), kx);
            __m128i s = lk_lerp_lanes(h, _mm_unpackhi_epi64(h, h), ky);
            if (!plain) {
                __m128i m = _mm_add_epi16(_mm_mullo_epi16(s, k), round);
                s = _mm_srli_epi16(_mm_add_epi16(m, _mm_srli_epi16(m, 8)), 8);
            }
            __m128i c = _mm_packus_epi16(s, s);
            __m128i d = _mm_cvtsi32_si128((int)row[i]);
            if (additive) {
                row[i] = (uint32_t)_mm_cvtsi128_si32(_mm_adds_epu8(c, d));
            } else {
                uint32_t cp = (uint32_t)_mm_cvtsi128_si32(c), ia = 255 - (cp >> 24);
                if (ia == 0) { row[i] = cp; continue; }
                __m128i m = _mm_add_epi16(_mm_mullo_epi16(_mm_unpacklo_epi8(d, zero), _mm_set1_epi16((short)ia)), round);
                __m128i scaled = _mm_srli_epi16(_mm_add_epi16(m, _mm_srli_epi16(m, 8)), 8);
                row[i] = (uint32_t)_mm_cvtsi128_si32(_mm_add_epi8(c, _mm_packus_epi16(scaled, scaled)));
            }
        }
        return;
    }
#endif
    lk_sprite_span_portable(row, count, img, u, v, du, dv, tint, additive);
}

#endif
