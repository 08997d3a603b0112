// The two code-drawn images the transition tests turn one into the other: stripes, a
// diagonal and a corner marker each, so direction, orientation and blending all show.
import Raster

/// The transition tests' "old" and "new" images (96×64 by default).
public enum TransitionTestImages {
    /// The "old" test image: warm horizontal stripes, a dark diagonal from top-left to
    /// bottom-right, and a white marker square in the top-left corner (shows orientation).
    public static func oldImage(width w: Int = 96, height h: Int = 64) -> Bitmap {
        let b = Bitmap(width: w, height: h)
        let stripes: [Color] = [Color(0.9, 0.2, 0.2), Color(1, 0.6, 0.1), Color(1, 0.9, 0.2), Color(0.8, 0.3, 0.5)]
        for y in 0..<h {
            for x in 0..<w {
                var c = stripes[(y / max(1, h / 8)) % stripes.count]
                let diag = abs(Double(x) / Double(w) - Double(y) / Double(h)) * Double(min(w, h))
                if diag < 2.5 { c = Color(0.15, 0.1, 0.1) }
                if x >= 4 && x < 4 + w / 8 && y >= 4 && y < 4 + w / 8 { c = .white }
                b[x, y] = c.premultipliedARGB
            }
        }
        return b
    }

    /// The "new" test image: cool vertical stripes, the other diagonal, a black marker square
    /// in the top-left corner.
    public static func newImage(width w: Int = 96, height h: Int = 64) -> Bitmap {
        let b = Bitmap(width: w, height: h)
        let stripes: [Color] = [Color(0.1, 0.3, 0.9), Color(0.1, 0.7, 0.6), Color(0.3, 0.8, 0.3), Color(0.2, 0.5, 1)]
        for y in 0..<h {
            for x in 0..<w {
                var c = stripes[(x / max(1, w / 8)) % stripes.count]
                let diag = abs(Double(w - 1 - x) / Double(w) - Double(y) / Double(h)) * Double(min(w, h))
                if diag < 2.5 { c = Color(0.95, 0.95, 1) }
                if x >= 4 && x < 4 + w / 8 && y >= 4 && y < 4 + w / 8 { c = .black }
                b[x, y] = c.premultipliedARGB
            }
        }
        return b
    }
}
