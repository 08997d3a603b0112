// Premultiplied ARGB8888 pixel arithmetic. Two channels at a time in one UInt32 (A_G_ and
// _R_B lanes of 16 bits), with the exact rounding division by 255:
//   round(x / 255) == (t + (t >> 8)) >> 8 with t = x + 128, for every x ≤ 255·255,
// so a fully covered opaque pixel gets exactly the colour, and coverage·colour rounds once.

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

/// Source-over of a premultiplied source onto a premultiplied destination.
@inline(__always) @usableFromInline
func lkSourceOver(_ src: UInt32, _ dst: UInt32) -> UInt32 {
    src &+ lkScale(dst, 255 &- (src >> 24))
}

/// Paints runs of constant coverage into a row of the target. The sweep calls it with the
/// row, first pixel, count and coverage (1…255); implementations are structs so the generic
/// sweep specialises and the per-pixel loops carry no existentials or reference counting.
@usableFromInline protocol SpanPainter {
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32)
}

/// Solid-colour source-over: plain stores for fully covered opaque runs.
@usableFromInline struct SolidPainter: SpanPainter {
    @usableFromInline let color: UInt32
    @usableFromInline let opaque: Bool
    @usableFromInline let inverseAlpha: UInt32
    @usableFromInline init(color: UInt32) {
        self.color = color; opaque = color >> 24 == 255; inverseAlpha = 255 - (color >> 24)
    }

    @inline(__always) @usableFromInline
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32) {
        let p = row + x
        if coverage == 255 {
            if opaque { p.update(repeating: color, count: count); return }
            let c = color, ia = inverseAlpha
            for i in 0..<count { p[i] = c &+ lkScale(p[i], ia) }
            return
        }
        let s = lkScale(color, coverage)
        let ia = 255 &- (s >> 24)
        if count == 1 { p.pointee = s &+ lkScale(p.pointee, ia); return }
        for i in 0..<count { p[i] = s &+ lkScale(p[i], ia) }
    }
}

/// Clear (Porter-Duff destination-out by coverage): erases to transparent where covered.
@usableFromInline struct ClearPainter: SpanPainter {
    @usableFromInline init() {}
    @inline(__always) @usableFromInline
    func paint(row: UnsafeMutablePointer<UInt32>, y: Int, x: Int, count: Int, coverage: UInt32) {
        let p = row + x
        if coverage == 255 { p.update(repeating: 0, count: count); return }
        let keep = 255 &- coverage
        for i in 0..<count { p[i] = lkScale(p[i], keep) }
    }
}
