// A filter chain applied to a bitmap, as Core Image applies filters by default: in its
// working space, linear-light sRGB ("Core Image performs all filter operations in a linear
// working color space", Core Image Programming Guide, Color Management). The bitmap's
// premultiplied sRGB pixels are read into a float plane of premultiplied linear colour (each
// pixel unpremultiplied, decoded by the sRGB transfer function through a 256-entry table,
// premultiplied again); every filter runs on that plane; the result is unpremultiplied,
// clamped to 0…1, encoded to sRGB (a 16,384-entry table over linear 0…1) and premultiplied
// back. Between filters colour is not clamped (Core Image's working space is extended range).
//
// A colour matrix works on unpremultiplied colour (Core Image's colour kernels see
// unpremultiplied colour); its alpha is clamped to 0…1. A blur works on premultiplied colour,
// as every blur must (blurring unpremultiplied colour would spread the colour of transparent
// pixels): an exact separable Gaussian, the sampled kernel exp(−x²/2σ²) normalized to sum 1
// over ⌈3σ⌉ pixels each side, rows then columns. Beyond the plane's edges a blur reads
// transparent black (`.transparent`: a layer's own content, which Core Image's blur lets
// fade at its edges) or the nearest edge pixel (`.clamp`: a backdrop, as Core Image's
// `clampedToExtent()`, so a frosted panel at the window's edge does not darken there).
//
// Hot loops run on unsafe buffers of SIMD4<Float>, one pixel each; the plane and the
// blur's line are allocated once per application, never per pixel.

/// Applies chains of `PixelFilter`s to bitmaps.
public enum FilterChain {
    /// What a blur reads beyond the plane's edges.
    public enum Edge: Sendable {
        /// Transparent black.
        case transparent
        /// The nearest edge pixel.
        case clamp
    }

    /// Filters every pixel of `bitmap` in place through `filters`, in order.
    public static func apply(_ filters: [PixelFilter], to bitmap: Bitmap, edge: Edge) {
        let w = bitmap.width, h = bitmap.height
        guard !filters.isEmpty, w > 0, h > 0 else { return }
        let count = w * h
        let plane = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: count)
        defer { plane.deallocate() }
        load(bitmap, into: plane)
        var scratch: UnsafeMutablePointer<SIMD4<Float>>? = nil
        defer { scratch?.deallocate() }
        // Consecutive matrices are one matrix (no clamping between them in extended range).
        var pending: ColorMatrix? = nil
        for f in filters {
            switch f {
            case .colorMatrix(let m):
                pending = pending.map { $0.followed(by: m) } ?? m
            case .gaussianBlur(let sigma):
                if let m = pending { applyMatrix(m, plane, count: count); pending = nil }
                let s = PixelFilter.usableSigma(sigma)
                guard s > 0 else { continue }
                if scratch == nil { scratch = .allocate(capacity: count + 2 * max(w, h) + 2 * PixelFilter.kernelRadius(sigma: PixelFilter.maximumSigma)) }
                blur(plane, width: w, height: h, sigma: s, edge: edge, scratch: scratch!)
            }
        }
        if let m = pending { applyMatrix(m, plane, count: count) }
        store(plane, into: bitmap)
    }

    // MARK: Working space

    /// sRGB byte → linear light (IEC 61966-2-1).
    static let decodeTable: [Float] = (0..<256).map { i in
        let c = Double(i) / 255
        return Float(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
    }
    /// Entries of the encoding table over linear 0…1.
    static let encodeSteps = 16_384
    /// Linear light at i / (encodeSteps − 1) → sRGB (0…1).
    static let encodeTable: [Float] = (0..<encodeSteps).map { i in
        let l = Double(i) / Double(encodeSteps - 1)
        return Float(l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055)
    }

    /// The sRGB value (0…1) of a linear value.
    public static func encode(_ linear: Float) -> Float {
        encodeTable[Int(min(max(linear, 0), 1) * Float(encodeSteps - 1) + 0.5)]
    }
    /// The linear value of an sRGB value (0…1).
    public static func decode(_ srgb: Double) -> Double {
        srgb <= 0.04045 ? srgb / 12.92 : pow((srgb + 0.055) / 1.055, 2.4)
    }

    /// The bitmap's pixels as premultiplied linear colour (r, g, b, a).
    static func load(_ bitmap: Bitmap, into plane: UnsafeMutablePointer<SIMD4<Float>>) {
        decodeTable.withUnsafeBufferPointer { t in
            let dec = t.baseAddress!
            let src = bitmap.pixels
            for i in 0..<bitmap.pixelCount {
                let p = src[i]
                let a8 = p >> 24
                if a8 == 0 { plane[i] = .zero; continue }
                // Unpremultiplied sRGB bytes (rounded), then decoded and premultiplied again.
                let half = a8 >> 1
                let r = min(255, (((p >> 16) & 0xFF) &* 255 &+ half) / a8)
                let g = min(255, (((p >> 8) & 0xFF) &* 255 &+ half) / a8)
                let b = min(255, ((p & 0xFF) &* 255 &+ half) / a8)
                let a = Float(a8) * (1 / 255)
                plane[i] = SIMD4(dec[Int(r)] * a, dec[Int(g)] * a, dec[Int(b)] * a, a)
            }
        }
    }

    /// The plane back into the bitmap: unpremultiplied, clamped, encoded, premultiplied.
    static func store(_ plane: UnsafeMutablePointer<SIMD4<Float>>, into bitmap: Bitmap) {
        encodeTable.withUnsafeBufferPointer { t in
            let enc = t.baseAddress!
            let top = Float(encodeSteps - 1)
            let dst = bitmap.pixels
            for i in 0..<bitmap.pixelCount {
                let v = plane[i]
                let a = min(max(v.w, 0), 1)
                let a8 = (a * 255 + 0.5).rounded(.down)
                if !(a8 >= 1) { dst[i] = 0; continue }
                let inv = 1 / a
                var c = SIMD4<Float>(v.x, v.y, v.z, 0) * inv
                c = c.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))
                let r = (enc[Int(c.x * top + 0.5)] * a8 + 0.5).rounded(.down)
                let g = (enc[Int(c.y * top + 0.5)] * a8 + 0.5).rounded(.down)
                let b = (enc[Int(c.z * top + 0.5)] * a8 + 0.5).rounded(.down)
                dst[i] = UInt32(a8) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            }
        }
    }

    // MARK: Colour matrix

    /// `m` on every pixel's unpremultiplied colour; alpha clamped to 0…1, then premultiplied.
    static func applyMatrix(_ m: ColorMatrix, _ plane: UnsafeMutablePointer<SIMD4<Float>>, count: Int) {
        let (c0, c1, c2, c3) = m.columns
        let bias = m.bias
        for i in 0..<count {
            let v = plane[i]
            var u = v
            if v.w > 0 { let inv = 1 / v.w; u.x *= inv; u.y *= inv; u.z *= inv } else { u = .zero }
            var o = c0 * u.x + c1 * u.y + c2 * u.z + c3 * u.w + bias
            let a = min(max(o.w, 0), 1)
            o *= SIMD4(a, a, a, 1)
            o.w = a
            plane[i] = o
        }
    }

    // MARK: Gaussian blur

    /// The sampled Gaussian of σ, normalized to sum 1: weights for offsets 0…r (symmetric).
    public static func gaussianWeights(sigma: Double) -> [Float] {
        let r = PixelFilter.kernelRadius(sigma: sigma)
        guard r > 0 else { return [1] }
        var k = [Double](repeating: 0, count: r + 1)
        var total = 0.0
        for i in 0...r {
            k[i] = exp(-Double(i * i) / (2 * sigma * sigma))
            total += i == 0 ? k[i] : 2 * k[i]
        }
        return k.map { Float($0 / total) }
    }

    /// The separable blur of σ in place; `scratch` holds a plane and a padded line.
    static func blur(_ plane: UnsafeMutablePointer<SIMD4<Float>>, width w: Int, height h: Int, sigma: Double,
                     edge: Edge, scratch: UnsafeMutablePointer<SIMD4<Float>>) {
        let weights = gaussianWeights(sigma: sigma)
        let r = weights.count - 1
        let tmp = scratch, line = scratch + w * h
        weights.withUnsafeBufferPointer { kb in
            let k = kb.baseAddress!
            // Rows: plane → tmp. Each row is copied into a line padded by r on both sides.
            for y in 0..<h {
                let s = plane + y &* w, d = tmp + y &* w
                let left = edge == .clamp ? s[0] : .zero, right = edge == .clamp ? s[w &- 1] : .zero
                for j in 0..<r { line[j] = left; line[r &+ w &+ j] = right }
                (line + r).update(from: s, count: w)
                let c = line + r
                for x in 0..<w {
                    var acc = c[x] * k[0]
                    var j = 1
                    while j <= r { acc += (c[x &- j] + c[x &+ j]) * k[j]; j &+= 1 }
                    d[x] = acc
                }
            }
            // Columns: tmp → plane, a row at a time (memory in order).
            for y in 0..<h {
                let d = plane + y &* w
                let k0 = k[0]
                let s0 = tmp + y &* w
                for x in 0..<w { d[x] = s0[x] * k0 }
                var j = 1
                while j <= r {
                    let wj = k[j]
                    var up = y &- j, down = y &+ j
                    if edge == .clamp { up = max(up, 0); down = min(down, h &- 1) }
                    if up >= 0 {
                        let s = tmp + up &* w
                        for x in 0..<w { d[x] += s[x] * wj }
                    }
                    if down < h {
                        let s = tmp + down &* w
                        for x in 0..<w { d[x] += s[x] * wj }
                    }
                    j &+= 1
                }
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
