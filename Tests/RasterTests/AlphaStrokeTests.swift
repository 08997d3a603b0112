// The stroke of an alpha outline (AlphaStroke.swift): its disc dilation, made of segment
// maxima grown a pixel at a time over the disc's rows, against the maximum over the disc
// written out pixel by pixel, on random alpha planes of several shapes and radii (fractional
// ones, radius 0, planes narrower than the disc); and the three positions of the band on a
// square, through FilterChain as a layer's filters reach it.
import Testing
@testable import Raster

@Suite struct AlphaStrokeTests {
    /// max of `a` over the pixels within distance `r` of (x, y) (0 beyond the plane).
    static func bruteDilate(_ a: [Float], width w: Int, height h: Int, radius r: Double) -> [Float] {
        let R = Int(r.rounded(.down))
        var out = [Float](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var m: Float = 0
                for dy in -R...R {
                    for dx in -R...R where Double(dx * dx + dy * dy) <= r * r {
                        let sx = x + dx, sy = y + dy
                        if sx >= 0 && sx < w && sy >= 0 && sy < h { m = max(m, a[sy * w + sx]) }
                    }
                }
                out[y * w + x] = m
            }
        }
        return out
    }

    @Test func theDiscDilationIsTheMaximumOverTheDisc() {
        var rng = SystemRandomNumberGenerator()
        for (w, h) in [(1, 1), (1, 9), (9, 1), (7, 5), (23, 17), (40, 3)] {
            for r in [0.0, 0.5, 1, 1.5, 2, 3.7, 6, 12] {
                let n = w * h
                var a = (0..<n).map { _ in Float.random(in: 0...1, using: &rng) }
                // Sparse planes too: mostly transparent, a few pixels painted.
                if r > 3 { a = a.map { $0 > 0.9 ? $0 : 0 } }
                // A row of one value (the shortcut) in most planes.
                if h > 2 { for x in 0..<w { a[w + x] = 0.5 } }
                let src = UnsafeMutablePointer<Float>.allocate(capacity: n), out = UnsafeMutablePointer<Float>.allocate(capacity: n)
                let line = UnsafeMutablePointer<Float>.allocate(capacity: 2 * (w + 2))
                defer { src.deallocate(); out.deallocate(); line.deallocate() }
                src.update(from: a, count: n)
                AlphaStroke.dilate(src, width: w, height: h, radius: r, into: out, line: line)
                let expected = Self.bruteDilate(a, width: w, height: h, radius: r)
                #expect(Array(UnsafeBufferPointer(start: out, count: n)) == expected, "\(w)×\(h) r \(r)")
            }
        }
    }

    /// A 40 × 40 surface with an opaque red square x, y 10…30 stroked by `stroke`.
    static func stroked(_ position: AlphaStroke.Position, width: Double) -> Bitmap {
        let b = Bitmap(width: 40, height: 40)
        for y in 10..<30 { for x in 10..<30 { b[x, y] = 0xFFFF_0000 } }
        FilterChain.apply([.alphaStroke(AlphaStroke(width: width, color: [0, 0, 1, 1], position: position))], to: b, edge: .transparent)
        return b
    }

    @Test func theBandLiesOutsideInsideOrAboutTheEdge() {
        let blue: UInt32 = 0xFF00_00FF, red: UInt32 = 0xFFFF_0000
        // Outside: 3 wide beyond the square (x 7…9), the square untouched, rounded corners.
        let out = Self.stroked(.outside, width: 3)
        #expect(out[7, 20] == blue && out[9, 20] == blue && out[6, 20] == 0 && out[10, 20] == red && out[20, 20] == red)
        #expect(out[7, 7] == 0 && out[8, 8] == blue)   // (7, 7) is 4.2 from the corner pixel (10, 10); (8, 8) 2.8
        // Inside: 3 wide within it (x 10…12), nothing outside.
        let inside = Self.stroked(.inside, width: 3)
        #expect(inside[9, 20] == 0 && inside[10, 20] == blue && inside[12, 20] == blue && inside[13, 20] == red)
        // Centre: 4 wide about the edge, 2 each side (x 8…11).
        let centre = Self.stroked(.center, width: 4)
        #expect(centre[7, 20] == 0 && centre[8, 20] == blue && centre[11, 20] == blue && centre[12, 20] == red)
        // A half-transparent stroke colour beneath the content only shows outside it.
        let b = Bitmap(width: 40, height: 40)
        for y in 10..<30 { for x in 10..<30 { b[x, y] = red } }
        FilterChain.apply([.alphaStroke(AlphaStroke(width: 3, color: [0, 0, 1, 0.5], position: .outside))], to: b, edge: .transparent)
        #expect(b[20, 20] == red && b[8, 20] >> 24 == 128)
    }

    @Test func theWidthIsLimitedAndAnEmptyBandChangesNothing() {
        #expect(AlphaStroke(width: 1e9, color: [0, 0, 0, 1], position: .outside).width == AlphaStroke.maximumWidth)
        #expect(AlphaStroke(width: .nan, color: [0, 0, 0, 1], position: .outside).width == 0)
        #expect(PixelFilter.alphaStroke(AlphaStroke(width: 5.5, color: [0, 0, 0, 1], position: .outside)).reach == 6)
        #expect(PixelFilter.alphaStroke(AlphaStroke(width: 5, color: [0, 0, 0, 1], position: .center)).reach == 3)
        #expect(PixelFilter.alphaStroke(AlphaStroke(width: 5, color: [0, 0, 0, 1], position: .inside)).reach == 0)
        let b = Self.stroked(.outside, width: 0)
        #expect(b[9, 20] == 0 && b[10, 20] == 0xFFFF_0000)
    }
}
