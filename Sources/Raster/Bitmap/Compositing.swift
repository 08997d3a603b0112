// Premultiplied ARGB8888 pixel arithmetic, the one set every drawing path uses (fills, image
// drawing, transition effects). Two channels at a time in one UInt32 (A_G_ and _R_B lanes of
// 16 bits), or all four in one UInt64 ("spread": B, G, R, A lanes of 16 bits from the low
// end). Products by a coverage or an opacity are divided by 255 exactly rounded:
//   round(x / 255) == (t + (t >> 8)) >> 8 with t = x + 128, for every x ≤ 255·255,
// so a fully covered opaque pixel gets exactly the colour, and coverage·colour rounds once.
// Interpolation (bilinear sampling, cross-fades) weighs by w/256, w in 0…256, rounded to
// nearest: ⌊(a·(256 − w) + b·w + 128) / 256⌋, exactly a at 0 and exactly b at 256.

/// Every channel of `p` times `k` / 255, exactly rounded (k in 0…255).
@inline(__always) @usableFromInline
func lkScale(_ p: UInt32, _ k: UInt32) -> UInt32 {
    var rb = (p & 0x00FF_00FF) &* k &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    var ag = ((p >> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
    ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
    return rb | ag
}

/// x / 255 exactly rounded, for x ≤ 255·255.
@inline(__always) @usableFromInline
func lkDiv255(_ x: UInt32) -> UInt32 {
    let t = x &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// Source-over of a premultiplied source onto a premultiplied destination. Branch-free, so
/// loops of it vectorize.
@inline(__always) @usableFromInline
func lkSourceOver(_ src: UInt32, _ dst: UInt32) -> UInt32 {
    src &+ lkScale(dst, 255 &- (src >> 24))
}

/// `lkSourceOver` with an opaque and an empty source tested first (the source itself, the
/// destination unchanged): the same result for premultiplied pixels, cheaper per pixel in
/// loops that do not vectorize (samples gathered from an image) when most sources are opaque.
@inline(__always) @usableFromInline
func lkSourceOverTested(_ src: UInt32, _ dst: UInt32) -> UInt32 {
    let a = src >> 24
    if a == 255 { return src }
    if a == 0 { return dst }
    return src &+ lkScale(dst, 255 &- a)
}

/// The colour channels of `p` times `k` / 255 exactly rounded, alpha kept (k in 0…255):
/// shading (darkening) a premultiplied pixel.
@inline(__always) @usableFromInline
func lkShade(_ p: UInt32, _ k: UInt32) -> UInt32 {
    (p & 0xFF00_0000) | (lkScale(p, k) & 0x00FF_FFFF)
}

/// a·(256−w) + b·w over 256 for each channel, rounded (w in 0…256): exactly `a` at 0, exactly
/// `b` at 256. Branch-free, so loops of it vectorize.
@inline(__always) @usableFromInline
func lkLerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
    let iw = 256 &- w
    let rb = (((a & 0x00FF_00FF) &* iw &+ (b & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8) & 0x00FF_00FF
    let ag = (((a >> 8) & 0x00FF_00FF) &* iw &+ ((b >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080) & 0xFF00_FF00
    return rb | ag
}

/// `lkLerp` toward white at the pixel's coverage (a, a, a, a) by w/256: a lighter, paper-like
/// version of the pixel.
@inline(__always) @usableFromInline
func lkLighten(_ p: UInt32, _ w: UInt32) -> UInt32 {
    lkLerp(p, (p >> 24) &* 0x0101_0101, w)
}

/// A fraction (clamped to 0…1) as an `lkScale` / `lkShade` factor, 0…255, rounded.
/// Clamp, add a half and truncate: rounding to nearest without a libm call.
@inline(__always) @usableFromInline
func lkScaleFactor(_ t: Double) -> UInt32 { UInt32(min(255, max(0, t * 255 + 0.5))) }

/// A fraction (clamped to 0…1) as an `lkLerp` weight, 0…256, rounded.
@inline(__always) @usableFromInline
func lkLerpWeight(_ t: Double) -> UInt32 { UInt32(min(256, max(0, t * 256 + 0.5))) }

// MARK: Four channels in one 64-bit word

/// The four 16-bit lanes of a spread pixel.
@inline(__always) @usableFromInline var lkLanes: UInt64 { 0x00FF_00FF_00FF_00FF }

/// ARGB8888 spread to four 16-bit lanes (B, R, G, A from the low end), so one 64-bit multiply
/// by a factor ≤ 256 scales all four channels without carries between them.
@inline(__always) @usableFromInline
func lkSpread(_ p: UInt32) -> UInt64 {
    let x = UInt64(p)
    return (x | (x << 24)) & lkLanes
}

/// Inverse of `lkSpread` for lanes holding 0…255.
@inline(__always) @usableFromInline
func lkPack(_ e: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: e | (e >> 24))
}

/// `lkLerp` on spread pixels, written as ⌊(a·256 + (b − a)·w + 128) / 256⌋: the lane
/// differences may be negative, but every lane's final value lies in 0…65408, so the wrapping
/// 64-bit arithmetic comes out exact (one multiply for four channels).
@inline(__always) @usableFromInline
func lkLerpSpread(_ a: UInt64, _ b: UInt64, _ w: UInt64) -> UInt64 {
    (((a << 8) &+ (b &- a) &* w &+ 0x0080_0080_0080_0080) >> 8) & lkLanes
}

/// `lkShade` on a spread pixel: colour lanes times k/255 exactly rounded, the alpha lane kept.
@inline(__always) @usableFromInline
func lkShadeSpread(_ v: UInt64, _ k: UInt32) -> UInt64 {
    let alpha: UInt64 = 0x00FF_0000_0000_0000
    let t = v &* UInt64(k) &+ 0x0080_0080_0080_0080
    let q = ((t &+ ((t >> 8) & lkLanes)) >> 8) & lkLanes
    return (q & ~alpha) | (v & alpha)
}

/// `lkLighten` on a spread pixel.
@inline(__always) @usableFromInline
func lkLightenSpread(_ v: UInt64, _ w: UInt32) -> UInt64 {
    lkLerpSpread(v, (v >> 48) &* 0x0001_0001_0001_0001, UInt64(w))
}
