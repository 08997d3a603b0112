// The images a fuzzed document or Lottie file names: the fuzz entries must not depend on the
// file system (a fuzzed path could name a device or a huge file), so every name resolves to
// one small in-memory picture, except names containing "missing", which are refused as an
// unreadable file is.
import LayerKit
import Raster

/// Serves a 5 × 3 two-colour bitmap for every image path; "missing" paths throw.
final class FixedImageLoader: ImageLoading {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "cannot read the image" }
    }

    func loadImage(atPath path: String) throws -> Bitmap {
        if path.contains("missing") { throw Missing() }
        let b = Bitmap(width: 5, height: 3)
        for i in 0..<(b.width * b.height) { b.pixels[i] = i % 2 == 0 ? 0xFF20_80E0 : 0x8040_2000 }
        return b
    }
}
