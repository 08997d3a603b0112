// The difference mask mode (`f`) in After Effects' reading: where the masks above and the
// difference mask overlap, neither shows ("Difference: … the areas where the mask overlaps
// the masks above it are transparent", After Effects Help, "Mask modes"), an exclusive or of
// the shapes. For one add mask followed by difference masks, none inverted, all at full
// opacity and without feather, that is one CAShapeLayer holding every path, filled with the
// even-odd rule (`kCAFillRuleEvenOdd`: a point inside an odd number of the shapes shows), exact
// for shapes that do not cross themselves. Other combinations are reported (LottieMaskLayers).
// Expansion applies to each path as in the other modes.
import LayerKit
import Raster

enum LottieMaskDifference {
    /// Whether the mask `m` (mode `f`) can join `level`: one plain add mask so far (and maybe
    /// difference masks), every one non-inverted, at constant full opacity, unfeathered.
    static func joins(_ m: LottieMask, _ level: [LottieMask]?) -> Bool {
        guard let level, let first = level.first, first.mode == "a", level.dropFirst().allSatisfy({ $0.mode == "f" }) else { return false }
        return (level + [m]).allSatisfy { x in
            !x.inverted && !x.opacity.isAnimated && (x.opacity.initialValue.first ?? 100) >= 100
                && !x.feather.keyframes.contains { $0.value.contains { $0 != 0 } }
        }
    }

    /// The even-odd shape of the level's paths, animated (sampled) when any path or expansion
    /// changes.
    static func shape(_ level: [LottieMask], timeline: LottieTimeline) -> CAShapeLayer {
        let shape = CAShapeLayer()
        shape.anchorPoint = Point(0, 0)
        shape.position = Point(0, 0)
        shape.bounds = Rect(0, 0, 0, 0)
        shape.fillColor = .black
        shape.fillRule = .evenOdd
        func path(_ frame: Double) -> Path? {
            var p = Path()
            for m in level {
                let b = m.path.value(at: frame), x = m.expansion.value(at: frame).first ?? 0
                (x != 0 ? LottieShapeModifier.offset(b, x, join: 2, miterLimit: 4) : b).append(to: &p)
            }
            return p
        }
        LottieKeyframeAnimation.applySampled(.path, to: shape, timeline: timeline,
                                             animated: level.contains { $0.path.changesOverTime || $0.expansion.changesOverTime }) {
            path(timeline.frame(atRoot: $0))
        }
        return shape
    }
}
