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
// over ⌈3σ⌉ pixels each side, rows then columns (the passes in CRasterSIMD's
// lk_gauss_passes.h), up to σ = 4 pixels; above, three box filters
// of the same variance, whose cost does not grow with σ, streamed a row at a time
// (FilterBoxBlur.swift: a chain that is one such blur needs no plane, each row is read from
// the bitmap and written back once). A chain that is one such blur, the same both ways, runs
// at a reduced size instead (FilterDownsampledBlur.swift: shrunk by f, blurred by about σ/f,
// enlarged back bilinearly). A blur may have its own σ along x and along y (0: that axis
// stays sharp). Beyond the plane's edges a blur reads
// transparent black (`.transparent`: a layer's own content, which Core Image's blur lets
// fade at its edges) or the nearest edge pixel (`.clamp`: a backdrop, as Core Image's
// `clampedToExtent()`, so a frosted panel at the window's edge does not darken there; in a
// chain, `clampToExtent` makes the blurs after it clamp).
//
// A stroke of the alpha's outline (AlphaStroke.swift) works on the plane's alpha in the
// scratch plane's floats and composites its band beneath or over the premultiplied colour. A
// gradient ramp (GradientRamp.swift) replaces the colour through the alpha, pixel by pixel.
//
// Hot loops run on unsafe buffers of SIMD4<Float>, one pixel each; the planes are kept from
// one application to the next (FilterBuffers.swift), never allocated per pixel.

import CRasterSIMD

/// Applies chains of `PixelFilter`s to bitmaps.
public enum FilterChain {
    /// What a blur reads beyond the plane's edges.
    public enum Edge: Sendable {
        /// Transparent black.
        case transparent
        /// The nearest edge pixel.
        case clamp
    }

    /// Filters every pixel of `bitmap` in place through `filters`, in order. `edge` is what
    /// the blurs read beyond the edges until a `clampToExtent` makes it the edge pixels.
    public static func apply(_ filters: [PixelFilter], to bitmap: Bitmap, edge: Edge) {
        let w = bitmap.width, h = bitmap.height
        guard !filters.isEmpty, w > 0, h > 0 else { return }
        // A lone blur (after clamps at most) streams from the bitmap back into it, without a
        // plane: at a reduced size when it is large and the same both ways
        // (FilterDownsampledBlur.swift), else a row at a time (FilterBoxBlur.swift).
        if case .gaussianBlur(let sigmaX, let sigmaY)? = filters.last,
           filters.dropLast().allSatisfy({ $0 == .clampToExtent }) {
            let sx = PixelFilter.usableSigma(sigmaX), sy = PixelFilter.usableSigma(sigmaY)
            let e: Edge = filters.count > 1 ? .clamp : edge
            guard sx > 0 || sy > 0 else { return }
            if sx == sy, sx > PixelFilter.exactSigmaLimit {
                return downsampledBlur(bitmap, sigma: sx, factor: factor(sigma: sx), edge: e)
            }
            if max(sx, sy) > PixelFilter.exactSigmaLimit { return boxBlur(bitmap, sigmaX: sx, sigmaY: sy, edge: e) }
        }
        var edge = edge
        let count = w * h
        let buffers = FilterBuffers.take(pixels: count, width: max(w, h))
        defer { FilterBuffers.give(buffers) }
        let plane = buffers.plane
        load(bitmap, into: plane)
        // Consecutive matrices are one matrix (no clamping between them in extended range).
        var pending: ColorMatrix? = nil
        for f in filters {
            switch f {
            case .colorMatrix(let m):
                pending = pending.map { $0.followed(by: m) } ?? m
            case .colorMap(let map):
                if let m = pending { applyMatrix(m, plane, count: count); pending = nil }
                applyColorMap(map, plane, count: count)
            case .clampToExtent:
                edge = .clamp
            case .alphaStroke(let stroke):
                if let m = pending { applyMatrix(m, plane, count: count); pending = nil }
                applyAlphaStroke(stroke, plane, width: w, height: h, scratch: buffers.scratch)
            case .gradientRamp(let ramp):
                if let m = pending { applyMatrix(m, plane, count: count); pending = nil }
                applyGradientRamp(ramp, plane, width: w, height: h)
            case .gaussianBlur(let sigmaX, let sigmaY):
                if let m = pending { applyMatrix(m, plane, count: count); pending = nil }
                let sx = PixelFilter.usableSigma(sigmaX), sy = PixelFilter.usableSigma(sigmaY)
                guard sx > 0 || sy > 0 else { continue }
                if max(sx, sy) > PixelFilter.exactSigmaLimit {
                    boxBlur(plane, width: w, height: h, sigmaX: sx, sigmaY: sy, edge: edge)
                } else {
                    blur(plane, width: w, height: h, sigmaX: sx, sigmaY: sy, edge: edge, scratch: buffers.scratch)
                }
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
        loadRow(bitmap.pixels, count: bitmap.pixelCount, into: plane)
    }

    /// `count` premultiplied sRGB pixels as premultiplied linear colour. A pixel equal to the
    /// one before it (a fill's interior) takes that one's value: the same bits, without the
    /// three divisions.
    static func loadRow(_ src: UnsafeMutablePointer<UInt32>, count: Int, into plane: UnsafeMutablePointer<SIMD4<Float>>) {
        decodeTable.withUnsafeBufferPointer { t in
            let dec = t.baseAddress!
            var lastPixel: UInt32 = 0, lastValue = SIMD4<Float>.zero
            for i in 0..<count {
                let p = src[i]
                if p == lastPixel { plane[i] = lastValue; continue }
                let a8 = p >> 24
                var v = SIMD4<Float>.zero
                if a8 != 0 {
                    // Unpremultiplied sRGB bytes (rounded), then decoded and premultiplied again.
                    let half = a8 >> 1
                    let r = min(255, (((p >> 16) & 0xFF) &* 255 &+ half) / a8)
                    let g = min(255, (((p >> 8) & 0xFF) &* 255 &+ half) / a8)
                    let b = min(255, ((p & 0xFF) &* 255 &+ half) / a8)
                    let a = Float(a8) * (1 / 255)
                    v = SIMD4(dec[Int(r)] * a, dec[Int(g)] * a, dec[Int(b)] * a, a)
                }
                plane[i] = v
                lastPixel = p; lastValue = v
            }
        }
    }

    /// The plane back into the bitmap: unpremultiplied, clamped, encoded, premultiplied.
    static func store(_ plane: UnsafeMutablePointer<SIMD4<Float>>, into bitmap: Bitmap) {
        storeRow(plane, count: bitmap.pixelCount, into: bitmap.pixels)
    }

    /// `count` values of the plane into premultiplied sRGB pixels. A value equal to the one
    /// before it (a blur's flat interior, its empty surroundings) stores that one's pixel.
    static func storeRow(_ plane: UnsafeMutablePointer<SIMD4<Float>>, count: Int, into dst: UnsafeMutablePointer<UInt32>) {
        encodeTable.withUnsafeBufferPointer { t in
            let enc = t.baseAddress!
            let top = Float(encodeSteps - 1)
            var lastValue = SIMD4<Float>.zero, lastPixel: UInt32 = 0
            for i in 0..<count {
                let v = plane[i]
                if v == lastValue { dst[i] = lastPixel; continue }
                // NaN compares false: it clamps to 0 like a negative value.
                let a: Float = v.w > 0 ? (v.w < 1 ? v.w : 1) : 0
                let a8 = Int(a * 255 + 0.5)   // truncation of a non-negative value: rounding
                var out: UInt32 = 0
                if a8 >= 1 {
                    let scale = top / a, fa8 = Float(a8)
                    @inline(__always) func channel(_ x: Float) -> UInt32 {
                        let u = x * scale
                        let idx = u > 0 ? (u < top ? Int(u + 0.5) : Int(top)) : 0
                        return UInt32(Int(enc[idx] * fa8 + 0.5))
                    }
                    out = UInt32(a8) << 24 | channel(v.x) << 16 | channel(v.y) << 8 | channel(v.z)
                }
                dst[i] = out
                lastValue = v; lastPixel = out
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

    /// The separable blur of σx along rows and σy down columns (0: that axis is copied) in
    /// place; `scratch` holds a plane and a padded line. Rows: each row copied into a line
    /// padded by r pixels, then Σ k_j·(p[x−j] + p[x+j]) (the kernel's symmetry halving the
    /// multiplies); columns: d = k_0·row y + Σ k_j·(row y−j + row y+j), both in CRasterSIMD
    /// (lk_gauss_passes.h: the sums of all taps kept in AVX2 registers where the CPU has it,
    /// the same bits as its portable loops; `portable` takes those).
    static func blur(_ plane: UnsafeMutablePointer<SIMD4<Float>>, width w: Int, height h: Int, sigmaX: Double,
                     sigmaY: Double, edge: Edge, scratch: UnsafeMutablePointer<SIMD4<Float>>, portable: Bool = false) {
        let weightsX = gaussianWeights(sigma: sigmaX), weightsY = gaussianWeights(sigma: sigmaY)
        let tmp = scratch, line = scratch + w * h
        let n = 4 &* w   // floats in a row
        let flag: Int32 = portable ? 1 : 0
        weightsX.withUnsafeBufferPointer { kb in
            let k = kb.baseAddress!
            let r = kb.count - 1
            let c = UnsafeRawPointer(line + r).assumingMemoryBound(to: Float.self)
            // Rows: plane → tmp. Each row is copied into a line padded by r pixels on both sides.
            for y in 0..<h {
                let s = plane + y &* w
                let left = edge == .clamp ? s[0] : .zero, right = edge == .clamp ? s[w &- 1] : .zero
                for j in 0..<r { line[j] = left; line[r &+ w &+ j] = right }
                (line + r).update(from: s, count: w)
                let d = UnsafeMutableRawPointer(tmp + y &* w).assumingMemoryBound(to: Float.self)
                lk_gauss_row(c, d, n, k, r, flag)
            }
        }
        weightsY.withUnsafeBufferPointer { kb in
            let k = kb.baseAddress!
            let r = kb.count - 1
            let clamp: Int32 = edge == .clamp ? 1 : 0
            // Columns: tmp → plane, a row at a time (memory in order).
            let src = UnsafeRawPointer(tmp).assumingMemoryBound(to: Float.self)
            for y in 0..<h {
                let d = UnsafeMutableRawPointer(plane + y &* w).assumingMemoryBound(to: Float.self)
                lk_gauss_column_row(src, d, n, h, y, k, r, clamp, flag)
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
