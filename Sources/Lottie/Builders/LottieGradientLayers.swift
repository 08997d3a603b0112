// Gradient fills and strokes as a CAGradientLayer masked by a CAShapeLayer of the painted
// shapes (filled, or stroked with the stroke's width, caps and joins), as lottie-ios's Core
// Animation engine draws them. Lottie's stops are `g.k`: p colour stops (offset, r, g, b)
// followed by alpha stops (offset, alpha), each kind at its own offsets. A gradient "is
// supposed to be rendered infinitely in all directions", since shape paths need not lie
// within the layer's bounds (Apple's engine draws whole a gradient trail thousands of points
// long in a precomposition's coordinates), so the gradient layer covers the layer's bounds
// padded by 100,000 points on every side (`extent(width:height:)`): what is drawn is only
// what the shape mask lets through. Its unit coordinates are u = (x − origin) / size; a
// radial gradient's end point is the start point moved by the radius on both axes ("its
// width and height defined by '(endPoint.x - startPoint.x) * 2' and
// '(endPoint.y - startPoint.y) * 2'", CAGradientLayer.h). In After Effects' reading a radial
// gradient's highlight length and angle (`h`, `a`) place its focal point (`focus`), drawn
// through CAGradientLayer's `focalPoint` (LayerKit's addition); lottie-ios's engine has no
// highlight, so `--ios` reports it and draws the gradient from its centre. In After Effects'
// reading, stop lists whose exported midpoint stops lie off the middle of their ramps are
// drawn on After Effects' midpoint curve (`LottieGradientMidpoints`).
import Foundation
import LayerKit
import Raster

struct LottieGradientLayers {
    let timeline: LottieTimeline
    let extent: Rect
    let layerName: String
    let warnings: LottieWarnings

    /// Points of gradient beyond each side of a layer's bounds: in effect without end.
    static let padding = 100_000.0

    /// Where the gradients of a layer of `width` × `height` points spread.
    static func extent(width: Double, height: Double) -> Rect {
        Rect(-padding, -padding, width + 2 * padding, height + 2 * padding)
    }

    /// The colours and locations of Lottie's stop list: a stop at every colour stop's and
    /// every alpha stop's offset, its colour read among the colour stops and its alpha among
    /// the alpha stops there. lottie-ios's engine draws the alpha stops as a second gradient
    /// masking the first; between two neighbouring offsets both are linear, so one gradient
    /// mixing unpremultiplied colours draws the same. With `midpoints` (After Effects' reading
    /// of a gradient whose exported midpoint stops bend its ramps), each kind of stop is first
    /// redrawn on After Effects' midpoint curve (`LottieGradientMidpoints`).
    static func stops(_ values: [Double], count: Int, midpoints: Bool = false) -> (colors: [Color], locations: [Double]) {
        let (colours, alphas) = stopLists(values, count: count, midpoints: midpoints)
        guard !colours.isEmpty else { return ([], []) }
        let locations = alphas.isEmpty ? colours.map(\.x) : (colours.map(\.x) + alphas.map(\.x)).sorted()
        let colors = locations.map { x in
            LottieColor.color(piecewise(colours, at: x) + [alphas.isEmpty ? 1 : piecewise(alphas, at: x)[0]])
        }
        return (colors, locations)
    }

    /// Lottie's stop list as its colour stops (offset, [r, g, b]) and alpha stops (offset,
    /// [alpha]); with `midpoints`, each redrawn on After Effects' midpoint curve.
    static func stopLists(_ values: [Double], count: Int, midpoints: Bool = false)
        -> (colours: [(x: Double, v: [Double])], alphas: [(x: Double, v: [Double])]) {
        let p = min(count, values.count / 4)
        guard p > 0 else { return ([], []) }
        let colours = (0..<p).map { i in (x: min(max(values[4 * i], 0), 1), v: Array(values[(4 * i + 1)...(4 * i + 3)])) }
        let rest = Array(values.dropFirst(4 * p))
        let alphas = (0..<(rest.count / 2)).map { j in (x: min(max(rest[2 * j], 0), 1), v: [rest[2 * j + 1]]) }
        guard midpoints else { return (colours, alphas) }
        return (LottieGradientMidpoints.resampled(colours), LottieGradientMidpoints.resampled(alphas))
    }

    /// Whether, in After Effects' reading, some keyframe of `gradient`'s stops holds midpoints
    /// off the middle of their ramps (the gradient is then drawn on the midpoint curve).
    static func bendsAtMidpoints(_ gradient: LottieShapeItem.Gradient) -> Bool {
        gradient.colors.keyframes.contains { k in
            let (colours, alphas) = stopLists(k.value, count: gradient.colorStops)
            return LottieGradientMidpoints.bends(colours) || LottieGradientMidpoints.bends(alphas)
        }
    }

    /// The value at `x` of the stops `(x, v)` joined by straight lines (the end values beyond).
    static func piecewise(_ stops: [(x: Double, v: [Double])], at x: Double) -> [Double] {
        guard let first = stops.first, let last = stops.last else { return [] }
        if x <= first.x { return first.v }
        for (a, b) in zip(stops, stops.dropFirst()) where x >= a.x && x <= b.x {
            let t = b.x > a.x ? (x - a.x) / (b.x - a.x) : 1
            return zip(a.v, b.v).map { $0 + ($1 - $0) * t }
        }
        return last.v
    }

    /// A radial gradient's focal point (SVG's fx, fy) for the highlight `length` (percent)
    /// and `angle` (degrees), as lottie-web's SVG renderer places it (SVGElementsRenderer's
    /// gradient branch, with SVGGradientFillStyleData reading `h` × 0.01 and `a` in degrees):
    /// the radius r = |end − start|, the direction of end from start turned by the angle, the
    /// focus start + r × length along it, the length held within ±0.99 of the radius.
    static func focus(start s: [Double], end e: [Double], length: Double, angle: Double) -> [Double] {
        let sx = s.first ?? 0, sy = s.count > 1 ? s[1] : 0
        let dx = (e.first ?? 0) - sx, dy = (e.count > 1 ? e[1] : 0) - sy
        let r = (dx * dx + dy * dy).squareRoot()
        let percent = min(max(length / 100, -0.99), 0.99)
        let direction = atan2(dy, dx) + angle * .pi / 180
        return [sx + cos(direction) * r * percent, sy + sin(direction) * r * percent]
    }

    /// The gradient layer for `gradient`, masked by `shape` (already holding the path).
    func make(_ gradient: LottieShapeItem.Gradient, opacity: LottieProperty<[Double]>, mask shape: CAShapeLayer) -> CAGradientLayer {
        let g = CAGradientLayer()
        g.anchorPoint = Point(0, 0)
        g.position = extent.origin
        g.bounds = Rect(0, 0, extent.size.width, extent.size.height)
        g.type = gradient.linear ? .axial : .radial
        let count = gradient.colorStops
        let midpoints = timeline.reading.drawsAfterEffectsFeatures && Self.bendsAtMidpoints(gradient)
        LottieKeyframeAnimation.apply(gradient.colors, to: g, .colors, timeline: timeline) {
            Self.stops($0, count: count, midpoints: midpoints).colors
        }
        LottieKeyframeAnimation.apply(gradient.colors, to: g, .locations, timeline: timeline) {
            Self.stops($0, count: count, midpoints: midpoints).locations
        }
        let highlighted = !gradient.linear && gradient.highlightLength.map { h in h.keyframes.contains { ($0.value.first ?? 0) != 0 } } == true
        if highlighted && !timeline.reading.drawsAfterEffectsFeatures {
            warnings.unsupported("radial gradient highlight", layer: layerName)
        }
        let unit = { (v: [Double]) -> Point in
            Point(((v.first ?? 0) - extent.origin.x) / extent.size.width, ((v.count > 1 ? v[1] : 0) - extent.origin.y) / extent.size.height)
        }
        LottieKeyframeAnimation.apply(gradient.start, to: g, .startPoint, timeline: timeline) { unit($0) }
        if gradient.linear {
            LottieKeyframeAnimation.apply(gradient.end, to: g, .endPoint, timeline: timeline) { unit($0) }
        } else {
            let start = gradient.start, end = gradient.end
            let radial = { (s: [Double], e: [Double]) -> Point in
                let dx = (e.first ?? 0) - (s.first ?? 0), dy = (e.count > 1 ? e[1] : 0) - (s.count > 1 ? s[1] : 0)
                let r = (dx * dx + dy * dy).squareRoot()
                let c = unit(s)
                return Point(c.x + r / extent.size.width, c.y + r / extent.size.height)
            }
            // Start and end keyframed alike, in lottie-ios's reading: one animation of both (its
            // combined keyframes; the radius between key times is the straight mix of the key
            // values'); otherwise, and in After Effects' reading, sampled on every frame.
            if !timeline.reading.drawsAfterEffectsFeatures, let both = LottieProperty.combined([start, end]) {
                LottieKeyframeAnimation.apply(both, to: g, .endPoint, timeline: timeline) { radial($0.parts[0], $0.parts[1]) }
            } else {
                LottieKeyframeAnimation.applySampled(.endPoint, to: g, timeline: timeline, animated: start.changesOverTime || end.changesOverTime) {
                    let f = timeline.frame(atRoot: $0)
                    return radial(start.value(at: f), end.value(at: f))
                }
            }
            if highlighted, timeline.reading.drawsAfterEffectsFeatures {
                let length = gradient.highlightLength ?? LottieProperty([0]), angle = gradient.highlightAngle ?? LottieProperty([0])
                let animated = start.changesOverTime || end.changesOverTime || length.changesOverTime || angle.changesOverTime
                LottieKeyframeAnimation.applySampled(.focalPoint, to: g, timeline: timeline, animated: animated) {
                    let f = timeline.frame(atRoot: $0)
                    return unit(Self.focus(start: start.value(at: f), end: end.value(at: f),
                                           length: length.value(at: f).first ?? 0, angle: angle.value(at: f).first ?? 0))
                }
            }
        }
        LottieKeyframeAnimation.apply(opacity, to: g, .opacity, timeline: timeline) { min(max(($0.first ?? 100) / 100, 0), 1) }
        // The mask lives in the gradient layer's coordinates: move the shape back by the origin.
        shape.position = Point(-extent.origin.x, -extent.origin.y)
        g.mask = shape
        return g
    }
}
