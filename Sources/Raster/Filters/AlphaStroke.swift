// A stroke of a bitmap's alpha outline — the edge of whatever it paints, paths or not — as
// After Effects' Layer Styles › Stroke draws it ("Stroke: Outlines the object on the current
// layer using color", After Effects Help, Layer styles; position outside, inside or center)
// and as text is stroked: a band `width` pixels wide along the edge of the alpha, in one
// colour, outside the alpha and beneath it, inside it and over it, or centred on the edge
// and over it.
//
// The band comes from grey-level morphology of the alpha plane with a flat disc (the Minkowski
// sum with a disc is the round-joined stroke of an outline; on an anti-aliased alpha the grey
// dilation keeps the edge's coverage ramp): dilate(α, r)(p) = max of α over the disc of
// radius r around p, erode(α, r) = 1 − dilate(1 − α, r). The disc is decomposed into its rows
// (Urbach & Wilkinson, "Efficient 2-D grayscale morphological transformations with arbitrary
// flat structuring elements", IEEE TIP 2008: a flat element as a union of horizontal lines):
// row dy of a disc of radius r spans |dx| ≤ ⌊√(r² − dy²)⌋, so the dilation is the maximum,
// over dy, of the plane's rows dy away, each first dilated along x by a segment of that
// half-width. Those segment maxima grow one pixel at a time: the segment of half-width h + 1
// is the segment of h dilated by {−1, +1} (a segment is a Minkowski sum of 3-pixel segments,
// and a dilation by a sum is the dilations in turn: Serra, "Image Analysis and Mathematical
// Morphology", 1982), one maximum of two neighbours a pixel per step. A disc needs every
// half-width up to r, so growing them costs about what van Herk / Gil–Werman's running
// maxima would for one segment (van Herk, Pattern Recognition Letters 1992; Gil & Werman,
// IEEE PAMI 1993: O(1) a pixel for a segment of any length), where those would take one pass
// per distinct half-width, about 0.7 r of them, at several operations a pixel each (tried
// first: two 60-pixel bands on a 1000 × 1000 frame took 2.62 G instructions that way, 0.62 G
// this way, the same pixels). Row by row: each row's maxima are grown in two padded lines and
// spread into the 2r + 1 output rows within the disc's reach, contiguous loops the compiler
// vectorizes; an empty row is skipped and a row of one value spreads that value.
// The cost is O(r) a pixel; the width is limited.
//
// The disc for a band r wide has radius r + ½ between pixel centres (`discRadius`): a
// painted pixel covers a square, whose edge is half a pixel nearer than its centre.
//
// Compositing, in the working space of FilterChain (premultiplied linear light), with the
// stroke colour k (unpremultiplied, its alpha the opacity) and the band's coverage S:
// - outside: S = dilate(α, w), drawn beneath the content (C + (1 − α)·S·k);
// - inside: S = α − erode(α, w), drawn over it (S·k + (1 − S·k.a)·C);
// - center: S = dilate(α, w/2) − erode(α, w/2), drawn over it.

/// The stroke of a bitmap's alpha outline (see the file header).
public struct AlphaStroke: Hashable, Sendable {
    /// Where the band lies against the edge of the alpha.
    public enum Position: Int, Hashable, Sendable {
        /// Outside the alpha, beneath the content (After Effects' default).
        case outside = 0
        /// Inside the alpha, over the content.
        case inside = 1
        /// Centred on the edge, over the content (text's stroke over its fill).
        case center = 2
    }

    /// The band's width in the surface's pixels (0…maximumWidth).
    public var width: Double
    /// The colour, unpremultiplied linear light; `w` is the opacity.
    public var color: SIMD4<Float>
    public var position: Position

    /// The widest band drawn (pixels): the morphology's cost grows with it, O(width) a pixel.
    public static let maximumWidth = 256.0

    public init(width: Double, color: SIMD4<Float>, position: Position) {
        self.width = width > 0 ? min(width, Self.maximumWidth) : 0
        self.color = color
        self.position = position
    }

    /// How far (pixels) the band reaches beyond the alpha.
    public var reach: Int {
        switch position {
        case .outside: return width > 0 ? Int(Self.discRadius(width).rounded(.up)) : 0
        case .center: return width > 0 ? Int(Self.discRadius(width / 2).rounded(.up)) : 0
        case .inside: return 0
        }
    }

    /// The disc for a band `r` wide: the pixels whose centres lie within r + ½ of a pixel's
    /// centre. A painted pixel is a square, not a point: a pixel whose centre is within r of
    /// the square's edge is in the band — exact along rows and columns (pixel centres r, or
    /// fewer, whole pixels away) and within 0.21 of a pixel along a diagonal, where the
    /// nearest point of the square is its corner, √2/2 nearer than its centre rather than ½.
    static func discRadius(_ r: Double) -> Double { r + 0.5 }

    /// The disc's half-widths by row: entry |dy| is ⌊√(r² − dy²)⌋, for dy in 0…⌊r⌋.
    static func discRows(radius r: Double) -> [Int] {
        guard r >= 1 else { return [0] }
        let top = Int(r.rounded(.down))
        return (0...top).map { dy in Int((r * r - Double(dy * dy)).squareRoot().rounded(.down)) }
    }

    /// `a` (w × h floats) dilated by the disc of radius `r` into `out`, beyond the edges 0.
    /// `line` holds at least 2(w + 2) floats of scratch.
    static func dilate(_ a: UnsafeMutablePointer<Float>, width w: Int, height h: Int, radius r: Double,
                       into out: UnsafeMutablePointer<Float>, line: UnsafeMutablePointer<Float>) {
        out.update(repeating: 0, count: w &* h)
        let half = discRows(radius: r), top = half.count &- 1, widest = half[0]
        // The disc's rows by half-width: rowsOf[hw] lists the dy whose row spans ±hw.
        var rowsOf = [[Int]](repeating: [], count: widest &+ 1)
        for (dy, hw) in half.enumerated() { rowsOf[hw].append(dy) }
        let every = Array(0...top)
        // Two lines padded by one pixel of 0 on each side: the segment maximum of the current
        // half-width and the next.
        let stride = w &+ 2
        var cur = line, next = line + stride
        for y in 0..<h {
            let src = a + y &* w
            // A row of one value c is that value under every segment (c ≥ 0, the edges 0).
            var lo = src[0], hi = src[0]
            for x in 1..<max(w, 1) { lo = min(lo, src[x]); hi = max(hi, src[x]) }
            if hi <= 0 { continue }
            // Row y's segment maximum (`row`, or the value c everywhere) into the rows dy away.
            func spread(_ row: UnsafeMutablePointer<Float>?, _ c: Float, dys: [Int]) {
                for dy in dys {
                    if y &- dy >= 0 { maxRow(out + (y &- dy) &* w, row, c) }
                    if dy > 0 && y &+ dy < h { maxRow(out + (y &+ dy) &* w, row, c) }
                }
            }
            func maxRow(_ o: UnsafeMutablePointer<Float>, _ row: UnsafeMutablePointer<Float>?, _ c: Float) {
                if let row { maxInto(o, row, count: w) } else { for x in 0..<w { o[x] = max(o[x], c) } }
            }
            if lo == hi {
                spread(nil, hi, dys: every)
                continue
            }
            cur[0] = 0; cur[stride &- 1] = 0; next[0] = 0; next[stride &- 1] = 0
            (cur + 1).update(from: src, count: w)
            for hw in 0...widest {
                if !rowsOf[hw].isEmpty { spread(cur + 1, 0, dys: rowsOf[hw]) }
                guard hw < widest else { break }
                // The segment of half-width hw + 1 is that of hw dilated by {−1, +1} (and by
                // {−1, 0, +1} from a single pixel): a Minkowski sum of 3-pixel segments.
                if hw == 0 {
                    for x in 1...w { next[x] = max(cur[x &- 1], max(cur[x], cur[x &+ 1])) }
                } else {
                    for x in 1...w { next[x] = max(cur[x &- 1], cur[x &+ 1]) }
                }
                swap(&cur, &next)
            }
        }
    }

    /// o[x] = max(o[x], s[x]) for `count` floats (a contiguous loop the compiler vectorizes).
    @inline(__always) static func maxInto(_ o: UnsafeMutablePointer<Float>, _ s: UnsafeMutablePointer<Float>, count: Int) {
        for x in 0..<count { o[x] = max(o[x], s[x]) }
    }
}

extension FilterChain {
    /// `stroke` on every pixel of `plane` (premultiplied linear colour); `scratch` holds at
    /// least 4 × (w × h) floats and the lines after them (FilterBuffers).
    static func applyAlphaStroke(_ stroke: AlphaStroke, _ plane: UnsafeMutablePointer<SIMD4<Float>>, width w: Int, height h: Int,
                                 scratch: UnsafeMutablePointer<SIMD4<Float>>) {
        guard stroke.width > 0, stroke.color.w > 0 else { return }
        let n = w &* h
        let f = UnsafeMutableRawPointer(scratch).assumingMemoryBound(to: Float.self)
        let alpha = f, band = f + n, other = f + 2 &* n, line = f + 3 &* n
        for i in 0..<n { alpha[i] = min(max(plane[i].w, 0), 1) }
        // erode(α) = 1 − dilate(1 − α). Beyond the edges α is 0 (1 − α is 1): the pixels whose
        // disc reaches past the surface (within ⌊r⌋ of its border) erode to 0.
        func eroded(radius: Double, into out: UnsafeMutablePointer<Float>) {
            for i in 0..<n { alpha[i] = 1 - alpha[i] }
            let disc = AlphaStroke.discRadius(radius)
            AlphaStroke.dilate(alpha, width: w, height: h, radius: disc, into: out, line: line)
            for i in 0..<n { alpha[i] = 1 - alpha[i] }
            let r = Int(disc.rounded(.down))
            for y in 0..<h {
                let o = out + y &* w
                if y < r || y >= h &- r {
                    o.update(repeating: 1, count: w)
                } else {
                    for x in 0..<min(r, w) { o[x] = 1; o[w &- 1 &- x] = 1 }
                }
            }
            for i in 0..<n { out[i] = 1 - out[i] }
        }
        switch stroke.position {
        case .outside:
            AlphaStroke.dilate(alpha, width: w, height: h, radius: AlphaStroke.discRadius(stroke.width), into: band, line: line)
        case .inside:
            eroded(radius: stroke.width, into: band)
            for i in 0..<n { band[i] = max(alpha[i] - band[i], 0) }
        case .center:
            let r = stroke.width / 2
            eroded(radius: r, into: other)
            AlphaStroke.dilate(alpha, width: w, height: h, radius: AlphaStroke.discRadius(r), into: band, line: line)
            for i in 0..<n { band[i] = max(band[i] - other[i], 0) }
        }
        let k = stroke.color, premultiplied = SIMD4<Float>(k.x, k.y, k.z, 1) * k.w
        if stroke.position == .outside {
            for i in 0..<n {
                let c = plane[i]
                plane[i] = c + (1 - min(max(c.w, 0), 1)) * band[i] * premultiplied
            }
        } else {
            for i in 0..<n {
                let s = band[i] * premultiplied
                plane[i] = s + (1 - s.w) * plane[i]
            }
        }
    }
}
