// Image drawing (affine and projective), PNG round trips and bitmap differences.
import Foundation
import Testing
@testable import Raster
import Media

/// A small test image with a distinct colour per pixel (opaque, plus one translucent pixel).
func patternImage(_ w: Int, _ h: Int) -> Bitmap {
    let b = Bitmap(width: w, height: h)
    for y in 0..<h {
        for x in 0..<w {
            b[x, y] = 0xFF00_0000 | UInt32(x * 255 / max(1, w - 1)) << 16 | UInt32(y * 255 / max(1, h - 1)) << 8 | UInt32((x * 37 + y * 91) & 0xff)
        }
    }
    b[0, 0] = 0x8040_2010
    return b
}

@Suite struct ImageTests {
    /// The vector span for fully covered image pixels (`affineImageRun`) gives, bit for bit,
    /// what the scalar sampler gives pixel by pixel: scaled up and down, rotated, sheared and
    /// translucent images, over a non-empty destination, spans crossing the image's edges.
    @Test func vectorImageSpansMatchTheScalarSampler() {
        var rng = SystemRandomNumberGenerator()
        for trial in 0..<300 {
            let img = Bitmap(width: Int.random(in: 2...40, using: &rng), height: Int.random(in: 2...40, using: &rng))
            for i in 0..<img.pixelCount {
                let a = trial % 3 == 0 ? UInt32.random(in: 0...255, using: &rng) : 255
                let c = { UInt32.random(in: 0...a, using: &rng) }
                img.pixels[i] = a << 24 | c() << 16 | c() << 8 | c()
            }
            let sampler = ImageSampler(img)
            let u0 = Double.random(in: -3...Double(img.width) + 3, using: &rng)
            let v0 = Double.random(in: -3...Double(img.height) + 3, using: &rng)
            let du = Double.random(in: -2...2, using: &rng), dv = Double.random(in: -0.7...0.7, using: &rng)
            let n = Int.random(in: 4...90, using: &rng)
            let fast = UnsafeMutablePointer<UInt32>.allocate(capacity: n), slow = UnsafeMutablePointer<UInt32>.allocate(capacity: n)
            defer { fast.deallocate(); slow.deallocate() }
            for i in 0..<n { let d = UInt32.random(in: 0...UInt32.max, using: &rng) | 0xff000000; fast[i] = d; slow[i] = d }
            affineImageRun(sampler, u: u0, v: v0, du: du, dv: dv, count: n, into: fast)
            var u = u0, v = v0
            for i in 0..<n { slow[i] = lkSourceOver(sampler.sample(u, v), slow[i]); u += du; v += dv }
            for i in 0..<n where fast[i] != slow[i] {
                Issue.record("trial \(trial) pixel \(i): \(String(fast[i], radix: 16)) vs \(String(slow[i], radix: 16))")
                return
            }
        }
    }

    @Test func identityAndIntegerTranslationAreExact() {
        let img = patternImage(13, 9)
        for t in [AffineTransform.identity, .translation(5, 7), .translation(-3, 2)] {
            let b = Bitmap(width: 30, height: 20)
            Canvas(b).draw(img, transform: t)
            for y in 0..<20 {
                for x in 0..<30 {
                    let sx = x - Int(t.tx), sy = y - Int(t.ty)
                    let want: UInt32 = (sx >= 0 && sy >= 0 && sx < 13 && sy < 9) ? img[sx, sy] : 0
                    #expect(b[x, y] == want, "\(t) at \(x),\(y)")
                }
            }
        }
        // The general (resampling) path must agree exactly on an integer translation too:
        // projective with a harmless perspective row is the same map when m31 = m32 = 0, m33 = 2.
        let b = Bitmap(width: 30, height: 20)
        Canvas(b).draw(img, projective: ProjectiveTransform(2, 0, 10, 0, 2, 6, 0, 0, 2))
        #expect(b[5, 3] == img[0, 0] && b[17, 11] == img[12, 8] && b[4, 3] == 0)
        // And under a fractional clip that forces the masked path, interior stays exact.
        let c = Bitmap(width: 30, height: 20)
        let cc = Canvas(c)
        cc.clip = .rect(Rect(0.5, 0.5, 29, 19))
        cc.draw(img, transform: .translation(5, 7))
        #expect(c[6, 8] == img[1, 1] && c[17, 15] == img[12, 8])
    }

    @Test func rotationBy90Degrees() {
        let img = patternImage(6, 4)
        let b = Bitmap(width: 10, height: 10)
        // Rotate clockwise 90° (y down) then move right by the image height: (x, y) → (4 − y, x).
        let t = AffineTransform.rotation(Double.pi / 2).concatenating(.translation(4, 0))
        Canvas(b).draw(img, transform: t)
        for y in 0..<6 {
            for x in 0..<4 {
                let want = img[y, 3 - x]
                let got = b[x, y]
                // cos(π/2) is 6e-17, not 0: allow one unit of rounding per channel.
                for s in stride(from: 0, through: 24, by: 8) {
                    #expect(abs(Int((got >> UInt32(s)) & 0xff) - Int((want >> UInt32(s)) & 0xff)) <= 1, "\(x),\(y)")
                }
            }
        }
        #expect(b[4, 0] == 0 && b[0, 6] == 0)
    }

    @Test func perspectiveQuadCornersLandWhereTheTransformSays() {
        let img = Bitmap(width: 64, height: 64)
        img.clear(.white)
        // A trapezoid: the top edge shrinks towards the vanishing point.
        let m = ProjectiveTransform(1, 0.2, 20, 0, 1, 10, 0, 0.006, 1)
        let b = Bitmap(width: 120, height: 100)
        Canvas(b).draw(img, projective: m)
        let corners = [Point(0, 0), Point(64, 0), Point(64, 64), Point(0, 64)].map { m.apply($0)! }
        let centre = Point(corners.map(\.x).reduce(0, +) / 4, corners.map(\.y).reduce(0, +) / 4)
        for p in corners {
            // Just inside the corner (towards the centre) is covered; just outside is not.
            let inward = p + (centre - p).normalized * 2.5
            let outward = p - (centre - p).normalized * 2.5
            #expect(alpha(b, Int(inward.x), Int(inward.y)) > 128, "inside \(p)")
            #expect(alpha(b, Int(outward.x), Int(outward.y)) == 0, "outside \(p)")
        }
        // Covered area equals the mapped quad's area.
        let area = polygonArea(corners)
        #expect(abs(coveredArea(b) - area) / area < 0.005)
        // Behind the eye: partially visible quads and fully invisible ones do not crash.
        let behind = ProjectiveTransform(1, 0, 0, 0, 1, 0, 0, -0.02, 1)
        Canvas(b).draw(img, projective: behind)
        Canvas(b).draw(img, projective: ProjectiveTransform(1, 0, 0, 0, 1, 0, 0, 0, -1))
    }

    @Test func opacityScalesTheImage() {
        let img = Bitmap(width: 4, height: 4)
        img.clear(.red)
        let b = Bitmap(width: 4, height: 4)
        Canvas(b).draw(img, transform: .identity, opacity: 0.5)
        #expect(b[2, 2] == 0x8080_0000)
    }

    @Test func pngRoundTrip() throws {
        let img = patternImage(17, 11)
        img[3, 3] = 0x4020_1000            // translucent: survives premultiply/unpremultiply within 1
        let path = NSTemporaryDirectory() + "layerkit-roundtrip-\(getpid()).png"
        try img.writePNG(path)
        let back = try Bitmap.readPNG(path)
        let d = try #require(back.difference(from: img))
        #expect(d.maxAbsolute <= 1)
        #expect(back[5, 5] == img[5, 5])
        #expect(throws: MediaError.self) { try Bitmap.readPNG("/nonexistent/nope.png") }
        do { _ = try Bitmap.readPNG("/nonexistent/nope.png") } catch let e as MediaError {
            #expect(e.description.contains("/nonexistent/nope.png"))
        }
    }

    @Test func bitmapDifference() {
        let a = Bitmap(width: 2, height: 2), b = Bitmap(width: 2, height: 2)
        a.clear(.black); b.clear(.black)
        b[1, 1] = 0xFF20_0000
        let d = a.difference(from: b)!
        #expect(d.maxAbsolute == 32 && d.shareOverThreshold == 0.25 && abs(d.meanAbsolute - 32.0 / 16) < 1e-12)
        #expect(a.difference(from: Bitmap(width: 3, height: 2)) == nil)
    }
}
