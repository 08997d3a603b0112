// A large blur of a whole bitmap at reduced resolution, as browsers' compositors and Skia draw
// a blur of a large σ (Skia's GPU blur shrinks the image by 2 until σ ≤ 4, blurs, and scales
// the result back up bilinearly): a blurred image holds no detail finer than about σ, so it is
// sampled on a grid f times coarser, blurred there by σ_f, and interpolated back. f is the
// largest power of two (at most 8) with σ/f ≥ 1.5 (`factor`): the bilinear enlargement of a
// Gaussian of σ/f ≥ 1.5 coarse pixels errs by at most f²/8 · max|g''| = 0.242/(8 (σ/f)²) ≈ 1.3 %
// of the full range (a blurred step edge, linear interpolation's h²/8 bound), and less at
// larger σ/f. The shrink (an f × f box, variance (f² − 1)/12) and the bilinear enlargement
// (variance (f² + 2)/12 averaged over the output phases, measured on impulses) both blur a
// little: σ_f² = (σ² − (2f² + 1)/12) / f², so the whole spreads a point by σ (`coarseSigma`).
//
// The shrink and the enlargement work on the bitmap's premultiplied sRGB bytes in CRasterSIMD
// (lk_blur_resample.h: exact for one colour over transparency, where the bytes are linear in
// alpha); the blur itself at the coarse size is FilterChain's, in linear light (its exact kernel
// for σ_f ≤ 4). At 4K a Lottie layer blurred by σ ≈ 6 (issue_1939: two groups of 2437 × 1397)
// is blurred on 610 × 350 pixels: 1/16 of the work in linear light, the rest two byte passes.
// Edges: transparent (a padded layer) or clamped (a backdrop, or a layer whose edge pixels
// repeat): the coarse blur takes the same `Edge`, the shrink averages the pixels a cut block
// has and the enlargement repeats the coarse edge pixels.

import CRasterSIMD

extension FilterChain {
    /// The least σ/f kept at the coarse size (coarse pixels).
    static let coarseSigmaFloor = 1.5
    /// The largest reduction (the enlargement's weights are sixteenths).
    static let maximumFactor = 8

    /// The reduction for a blur of σ: the largest power of two ≤ 8 with σ/f ≥ 1.5 (1: none).
    static func factor(sigma: Double) -> Int {
        var f = 1
        while f < maximumFactor, sigma / Double(2 * f) >= coarseSigmaFloor { f *= 2 }
        return f
    }

    /// The σ at the coarse size that, with the shrink and the enlargement, spreads by σ.
    static func coarseSigma(_ sigma: Double, factor f: Int) -> Double {
        let ff = Double(f * f)
        return (max(sigma * sigma - (2 * ff + 1) / 12, 0) / ff).squareRoot()
    }

    /// Blurs the whole bitmap by σ at 1/f of its size (f = `factor(sigma:)` ≥ 2, see the header).
    static func downsampledBlur(_ bitmap: Bitmap, sigma: Double, factor f: Int, edge: Edge) {
        let w = bitmap.width, h = bitmap.height
        let lw = (w + f - 1) / f, lh = (h + f - 1) / f
        let coarse = Bitmap(width: lw, height: lh)
        let line = UnsafeMutablePointer<UInt16>.allocate(capacity: 4 * max(w, lw + 2))
        defer { line.deallocate() }
        lk_downsample_box(bitmap.pixels, w, h, f, coarse.pixels, line)
        let s = coarseSigma(sigma, factor: f)
        if s > 0 { apply([.gaussianBlur(sigma: s)], to: coarse, edge: edge) }
        lk_upsample_bilinear(coarse.pixels, lw, lh, f, bitmap.pixels, w, h, line)
    }
}
