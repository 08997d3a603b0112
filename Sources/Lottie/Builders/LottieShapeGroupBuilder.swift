// A Lottie shape list as layers, following After Effects' rules: items are listed top
// first, a fill or stroke paints every shape listed before it in its group (and, through
// the groups listed before it, theirs), and a trim acts on the shapes of its group. Each
// fill and stroke becomes one CAShapeLayer whose path joins the shapes it paints; each group
// becomes its transform's layers (`tr`, opacity on the innermost) holding its items; a
// group whose transform is the identity and whose opacity is full throughout adds no layer. Items
// are added bottom first (the list walked from its end). A style inherited from an
// enclosing group paints beneath the group's own content, as it lies below it in the list.
// In After Effects' reading a path operation (`LottieShapeModifier`: pucker & bloat, zig-zag,
// offset paths, twist) reshapes every shape listed before it in its group and in the groups
// before it, whatever paints them (as lottie-web attaches a modifier to the shapes processed
// before it); lottie-ios's Core Animation engine draws the shapes unmodified and says so.
// In After Effects' reading a merge paths item stands, as one shape, for the shapes and groups
// listed before it in its group, which are drawn only through it (`LottieMergePaths`); a
// repeater's copies are groups in its place (lottie-web's RepeaterModifier clones the items
// before it into groups whose transforms it sets), and a fill or stroke paints all its shapes,
// its own group's and the nested groups', as one path in its own group's layer and
// coordinates (`LottieShapeItem.inGroups`, `LottieStyleHomes`); in lottie-ios's reading an
// inherited style is drawn inside each nested group's layer.
import Foundation
import LayerKit
import Raster

struct LottieShapeGroupBuilder {
    let timeline: LottieTimeline
    let layerName: String
    let warnings: LottieWarnings
    let counter: LottieLayerCounter
    /// Where gradient layers spread: the composition and its surroundings.
    let extent: Rect
    /// The layers of the groups whose fills and strokes paint nested groups' shapes.
    let homes = LottieStyleHomes()

    /// A fill or stroke and where it comes from.
    struct Style {
        var item: LottieShapeItem
        var name: String
    }

    /// Builds `items` into `container`, beneath the fills and strokes of the enclosing groups
    /// (`inherited`) that paint them, cut by the enclosing groups' trims (`trims`, the
    /// nearest group's first).
    func build(_ items: [LottieShapeItem], into container: CALayer, inherited: [LottieShapeItem], trims: [LottieTrim],
               rounding: LottieProperty<[Double]>?, modifiers: [LottieShapeModifier] = [], depth: Int) throws(DocumentError) {
        if let r = items.firstIndex(where: { if case .repeater = $0 { return true }; return false }) {
            // After Effects' reading: the copies are groups in the repeater's place, so a merge
            // listed after it takes them as its input, and a fill or stroke listed after it
            // paints every copy's shapes from its own group — once, the copy's transform
            // carried into the path, the stroke's width not scaled with the copy and the
            // copy's opacity not applied (lottie-web: RepeaterModifier puts the clones in
            // groups before it, and SVGElementsRenderer's `renderPath` draws a style's shapes
            // through the transforms of the groups between them, in the style's own element).
            if timeline.reading.drawsAfterEffectsFeatures {
                guard depth < LottieLimits.maximumNesting else {
                    throw DocumentError("", "layer \"\(layerName)\": repeaters nested deeper than the limit \(LottieLimits.maximumNesting)")
                }
                let copies = try repeatedGroups(items, at: r)
                return try build(copies + items[(r + 1)...], into: container, inherited: inherited, trims: trims,
                                 rounding: rounding, modifiers: modifiers, depth: depth + 1)
            }
            return try buildRepeater(items, at: r, into: container, inherited: inherited, trims: trims, rounding: rounding,
                                     modifiers: modifiers, depth: depth)
        }
        /// The modifiers after position i in this list, then those of the enclosing groups.
        func reshaping(after i: Int) -> [LottieShapeModifier] {
            guard timeline.reading.drawsAfterEffectsFeatures else { return [] }
            return items[(i + 1)...].compactMap { item -> LottieShapeModifier? in
                if case .modifier(let m) = item { return m }
                return nil
            } + modifiers
        }
        let localTrims = items.compactMap { item -> LottieTrim? in
            guard case .trim(let s, let e, let o, let individually) = item else { return nil }
            return LottieTrim(start: s, end: e, offset: o, individually: individually)
        }
        // The trims acting on this list's shapes in the order they apply: this group's own
        // first (in list order), then those of the enclosing groups from the nearest out — a
        // trim cuts what the trims nearer the path left (lottie-web's ShapeElement gathers
        // modifiers walking the list from its end, an enclosing group's trim before the nested
        // group's, and `renderModifiers` processes them from the last gathered: the nested
        // group's first). `trims` comes in nearest first.
        let allTrims = localTrims + trims
        var round = rounding
        for case .roundedCorners(let r) in items { round = r }
        // Merge paths (After Effects' reading): the shapes and groups a merge takes are drawn
        // only through the merged shape standing at the merge's place (`LottieMergePaths`).
        let merges = timeline.reading.drawsAfterEffectsFeatures
            ? try LottieMergePaths(items, rounding: round, reading: timeline.reading, warnings: warnings, counter: counter,
                                   layerName: layerName, depth: depth)
            : LottieMergePaths()
        let geometry = items.indices.filter {
            !merges.consumed.contains($0) && (merges.tracks[$0] != nil || LottieShapeTrack.of(items[$0], rounding: nil) != nil)
        }
        func shape(_ i: Int) -> Shape { Shape(item: items[i], modifiers: reshaping(after: i), merged: merges.tracks[i]) }
        // After Effects' reading: each fill and stroke is painted once, as one path, in its own
        // group's layer (`LottieStyleHomes`): opened where it stands, it gathers its shapes
        // while this list is built, and is painted when the list is done. Styles that come in
        // from outside already have their homes (`entering`); any that do not get one here,
        // beneath everything of the group.
        let gathers = timeline.reading.drawsAfterEffectsFeatures
        let mark = homes.mark
        func homedHere(_ style: LottieShapeItem) -> LottieShapeItem {
            if case .inGroups = style { return style }
            return .inGroups(style, transforms: [], home: homes.open(style, in: container))
        }
        // Opened bottom first, as the list is built (the last inherited style lies lowest).
        let inherited = gathers ? Array(inherited.reversed().map(homedHere).reversed()) : inherited
        // Inherited styles paint this group's own shapes, beneath everything of the group.
        let ownShapes = geometry.map(shape)
        if !ownShapes.isEmpty {
            for style in inherited.reversed() {
                try addStyle(style, shapes: ownShapes, trims: allTrims, rounding: round, into: container)
            }
        }
        /// This list's styles as the groups listed before them see them (homed when gathering).
        var styles: [Int: LottieShapeItem] = [:]
        for i in items.indices.reversed() {
            switch items[i] {
            case .fill, .stroke, .gradientFill, .gradientStroke, .blended, .inGroups:
                let style = gathers ? homedHere(items[i]) : items[i]
                styles[i] = style
                let shapes = geometry.filter { $0 < i }.map(shape)
                if !shapes.isEmpty { try addStyle(style, shapes: shapes, trims: allTrims, rounding: round, into: container) }
            case .group(let name, let sub):
                guard !merges.consumed.contains(i) else { continue }
                guard depth < LottieLimits.maximumNesting else {
                    throw DocumentError("", "layer \"\(layerName)\": shape groups nested deeper than the limit \(LottieLimits.maximumNesting)")
                }
                let later = items.indices[(i + 1)...].compactMap { styles[$0] }
                let laterTrims = items[(i + 1)...].compactMap { item -> LottieTrim? in
                    guard case .trim(let s, let e, let o, let individually) = item else { return nil }
                    return LottieTrim(start: s, end: e, offset: o, individually: individually)
                }
                var transform = LottieTransformModel()
                for case .transform(let t) in sub { transform = t }
                let inheritedStyles = Array(later) + inherited, innerTrims = laterTrims + trims
                if LottieTransformLayers.isConstant(transform, reading: timeline.reading)
                    && LottieTransformLayers.constantMatrix(transform, reading: timeline.reading) == .identity
                    && !transform.opacity.changesOverTime && (transform.opacity.initialValue.first ?? 100) >= 100 {
                    // A group that neither moves nor fades draws its items straight into the container.
                    if transform.hasSkew && !timeline.reading.drawsAfterEffectsFeatures { warnings.unsupported("skew", layer: name) }
                    try build(sub, into: container, inherited: inheritedStyles, trims: innerTrims, rounding: round,
                              modifiers: reshaping(after: i), depth: depth + 1)
                    continue
                }
                let (outer, inner) = LottieTransformLayers.make(transform, timeline: timeline, name: name, warnings: warnings)
                try counter.add(LottieTransformLayers.depth(outer, inner))
                LottieKeyframeAnimation.apply(transform.opacity, to: inner, .opacity, timeline: timeline) {
                    min(max(($0.first ?? 100) / 100, 0), 1)
                }
                try build(sub, into: inner, inherited: inheritedStyles.map { entering($0, transform) },
                          trims: innerTrims,
                          rounding: round, modifiers: reshaping(after: i), depth: depth + 1)
                if !(inner.sublayers ?? []).isEmpty { container.addSublayer(outer) }
            case .merge where !timeline.reading.drawsAfterEffectsFeatures:
                warnings.unsupported("merge paths (shapes drawn unmerged, as lottie-ios's Core Animation engine does)", layer: layerName)
            case .modifier(let m) where !timeline.reading.drawsAfterEffectsFeatures:
                warnings.unsupported("shape modifier \(m.kind) (shapes drawn unmodified, as lottie-ios's Core Animation engine does)", layer: layerName)
            case .unsupported(let type, let name):
                warnings.unsupported("shape item \"\(type)\"", layer: layerName, item: name)
            default:
                break
            }
        }
        if gathers { try paint(homes.close(from: mark)) }
    }

    /// The styles this list opened, each painted once over all the shapes it gathered as one
    /// path (one per kind of trim and rounding), at its place in its group's layer.
    func paint(_ closed: [LottieStyleHomes.Pending]) throws(DocumentError) {
        var inserted = 0
        for p in closed {
            let holder = CALayer()
            for part in p.parts {
                try addStyle(p.style, shapes: part.shapes, trims: part.trims, rounding: part.rounding, into: holder)
            }
            let made = holder.sublayers ?? []
            for (n, l) in made.enumerated() { p.layer.insertSublayer(l, at: p.index + inserted + n) }
            inserted += made.count
        }
    }

    /// A repeater: the items listed before it drawn `copies` times, copy j (counted from the
    /// repeater's offset) moved by j × its position, turned by j × its rotation and scaled by
    /// its scale to the power j about its anchor point, with opacity running from the start
    /// to the end opacity; the items listed after it draw beneath and their fills and strokes
    /// paint each copy inside it, their widths scaled with it. Each copy is a layer of its own,
    /// as lottie-ios's Core Animation engine builds them, which draws an animated repeater
    /// with its first values. (After Effects' reading: `repeatedGroups`.)
    func buildRepeater(_ items: [LottieShapeItem], at r: Int, into container: CALayer, inherited: [LottieShapeItem],
                       trims: [LottieTrim], rounding: LottieProperty<[Double]>?, modifiers: [LottieShapeModifier],
                       depth: Int) throws(DocumentError) {
        guard case .repeater(let copiesP, let offsetP, let tr, let startOpacity, let endOpacity) = items[r] else { return }
        guard depth < LottieLimits.maximumNesting else {
            throw DocumentError("", "layer \"\(layerName)\": repeaters nested deeper than the limit \(LottieLimits.maximumNesting)")
        }
        let rest = Array(items[(r + 1)...]), repeated = Array(items[..<r])
        try build(rest, into: container, inherited: inherited, trims: trims, rounding: rounding, modifiers: modifiers, depth: depth + 1)
        let styles = rest.filter(\.isStyle) + inherited
        let restTrims = rest.compactMap { item -> LottieTrim? in
            guard case .trim(let s, let e, let o, let individually) = item else { return nil }
            return LottieTrim(start: s, end: e, offset: o, individually: individually)
        }
        var positionAnimated = false
        if case .combined(let p) = tr.position { positionAnimated = p.isAnimated }
        else if case .split(let x, let y) = tr.position { positionAnimated = x.isAnimated || y.isAnimated }
        let animated = positionAnimated || [copiesP, offsetP, tr.anchor, tr.scale, tr.rotation, startOpacity, endOpacity].contains(where: \.isAnimated)
        if animated { warnings.unsupported("animated repeater (its first values apply)", layer: layerName) }
        let copies = Int(saturating: min(max((copiesP.initialValue.first ?? 1).rounded(), 0), Double(LottieLimits.maximumRepeaterCopies)))
        let offset = offsetP.initialValue.first ?? 0
        let anchor = LottieTransformLayers.point(tr.anchor.initialValue)
        var step = Point(0, 0)
        if case .combined(let p) = tr.position { step = LottieTransformLayers.point(p.initialValue) }
        else if case .split(let x, let y) = tr.position { step = Point(x.initialValue.first ?? 0, y.initialValue.first ?? 0) }
        let scale = tr.scale.initialValue, angle = (tr.rotation.initialValue.first ?? 0) * .pi / 180
        let so = (startOpacity.initialValue.first ?? 100) / 100, eo = (endOpacity.initialValue.first ?? 100) / 100
        for k in 0..<copies {
            try counter.add(2)
            let j = Double(k) + offset
            let outer = CALayer(), inner = CALayer()
            for l in [outer, inner] { l.anchorPoint = Point(0, 0); l.bounds = Rect(0, 0, 0, 0); l.position = Point(0, 0) }
            outer.position = anchor + step * j
            outer.transform = CATransform3D.rotation(angle * j)
            inner.bounds = Rect(anchor.x, anchor.y, 0, 0)
            inner.transform = .scale(pow((scale.first ?? 100) / 100, j), pow((scale.count > 1 ? scale[1] : scale.first ?? 100) / 100, j))
            inner.opacity = min(max(copies > 1 ? so + (eo - so) * Double(k) / Double(copies - 1) : so, 0), 1)
            outer.addSublayer(inner)
            try build(repeated, into: inner, inherited: styles, trims: restTrims + trims, rounding: rounding, modifiers: modifiers, depth: depth + 1)
            container.addSublayer(outer)
        }
    }

    /// The most copy transforms (copies × sampled frames) an animated repeater samples.
    static let maximumMergedRepeaterSamples = 100_000

    /// Copy `k`'s transform at frame `f` by the repeater's rule: with j = k + offset, scaled
    /// by scale^j and turned by rotation × j about the anchor, then moved by position × j.
    static func repeaterCopy(_ k: Int, _ tr: LottieTransformModel, offset: LottieProperty<[Double]>, at f: Double)
        -> (anchor: Point, position: Point, scale: (x: Double, y: Double), rotation: Double) {
        let j = Double(k) + (offset.value(at: f).first ?? 0)
        let anchor = LottieTransformLayers.point(tr.anchor.value(at: f))
        var step = Point(0, 0)
        if case .combined(let p) = tr.position { step = LottieTransformLayers.point(p.value(at: f)) }
        else if case .split(let x, let y) = tr.position { step = Point(x.value(at: f).first ?? 0, y.value(at: f).first ?? 0) }
        let (sx, sy) = LottieTransformLayers.scales(tr.scale.value(at: f))
        return (anchor, Point(anchor.x + step.x * j, anchor.y + step.y * j), (pow(sx, j), pow(sy, j)),
                (tr.rotation.value(at: f).first ?? 0) * j)
    }

    /// The copies of the repeater at `r` as shape groups, top first (After Effects' reading): the
    /// repeater's output is its copies — each the items listed before it in a group whose
    /// transform is the copy's (anchor a, position a + j × the step, scale to the power j,
    /// rotation j × the angle, j counted from the offset, the same matrix `buildRepeater` gives
    /// its layers) and whose opacity runs from the start opacity (first copy) to the end
    /// opacity (last), as lottie-web's RepeaterModifier sets its clones' group transforms. So
    /// "The Merge Paths path operation takes all of the paths above it in the same group as
    /// input" (After Effects Help) takes the copies, and a fill or stroke after the repeater
    /// paints them. An animated repeater ("Copies", "Offset", the transform and the opacities
    /// may all be keyframed, After Effects Help, "Repeater") keeps every copy it ever shows,
    /// its transform sampled once a frame of the layer's span; a copy past the number of
    /// copies at a frame is scaled to nothing there, so it adds no area and draws nothing
    /// (lottie-web stops rendering it). A merged path takes no copy's opacity.
    func repeatedGroups(_ items: [LottieShapeItem], at r: Int) throws(DocumentError) -> [LottieShapeItem] {
        guard case .repeater(let copiesP, let offsetP, let tr, let startOpacity, let endOpacity) = items[r] else { return Array(items) }
        let repeated = Array(items[..<r])
        var positionAnimated = false
        if case .combined(let p) = tr.position { positionAnimated = p.isAnimated }
        else if case .split(let x, let y) = tr.position { positionAnimated = x.isAnimated || y.isAnimated }
        let animated = positionAnimated
            || [copiesP, offsetP, tr.anchor, tr.scale, tr.rotation, startOpacity, endOpacity].contains(where: \.isAnimated)
        let first = [timeline.frame(atRoot: timeline.rootIn)]
        var frames = animated ? timeline.sampleFrames.map { timeline.frame(atRoot: $0) } : first
        // A fractional number of copies shows its whole copies only. After Effects' Help does not
        // say; the players disagree (lottie-web's RepeaterModifier renders Math.ceil(copies)
        // clones, Skottie rounds), and this is lottie-android's rule (`RepeaterContent`: `(int)
        // copies`), which ThorVG and rlottie share: their frames of rlottie's abstract_circle
        // (copies keyframed 0 → 18 → 0) agree with each other and with this one.
        func copies(_ f: Double) -> Int {
            Int(min(max((copiesP.value(at: f).first ?? 1).rounded(.down), 0), Double(LottieLimits.maximumRepeaterCopies)))
        }
        var most = frames.map(copies).max() ?? 0
        // Each copy's transform is sampled at every frame: past `maximumMergedRepeaterSamples`
        // samples in all, the first values apply, said once.
        if most * frames.count > Self.maximumMergedRepeaterSamples {
            warnings.unsupported("animated repeater with too many copies and frames (its first values apply)", layer: layerName)
            frames = first
            most = copies(first[0])
        }
        try counter.addRepeatedItems(most * (r + 1), layer: layerName)
        func property(_ values: [[Double]]) -> LottieProperty<[Double]> {
            guard values.count > 1 else { return LottieProperty(values.first ?? [0]) }
            return LottieProperty(keyframes: zip(frames, values).map { LottieKeyframe(frame: $0, value: $1, easing: .linear, hold: false) })
        }
        var out: [LottieShapeItem] = []
        // Later copies draw above earlier ones (`buildRepeater` adds them in order): top first.
        for k in (0..<most).reversed() {
            var anchors: [[Double]] = [], positions: [[Double]] = [], scales: [[Double]] = [], rotations: [[Double]] = []
            var opacities: [[Double]] = []
            for f in frames {
                let c = Self.repeaterCopy(k, tr, offset: offsetP, at: f)
                anchors.append([c.anchor.x, c.anchor.y])
                positions.append([c.position.x, c.position.y])
                let n = copies(f)
                scales.append(k < n ? [100 * c.scale.x, 100 * c.scale.y] : [0, 0])
                rotations.append([c.rotation])
                let so = startOpacity.value(at: f).first ?? 100, eo = endOpacity.value(at: f).first ?? 100
                opacities.append([n > 1 ? so + (eo - so) * Double(k) / Double(n - 1) : so])
            }
            var t = LottieTransformModel()
            t.anchor = property(anchors)
            t.position = .combined(property(positions))
            t.scale = property(scales)
            t.rotation = property(rotations)
            t.opacity = property(opacities)
            out.append(.group(name: "copy \(k + 1)", items: repeated + [.transform(t)]))
        }
        return out
    }

    /// A geometry item and the path operations that reshape it.
    struct Shape {
        var item: LottieShapeItem
        var modifiers: [LottieShapeModifier]
        /// The merged shape when `item` is a merge (`LottieMergePaths`).
        var merged: LottieShapeTrack? = nil
        /// The map at frame f into the coordinates of the group of the style painting the
        /// shape (`entering`), when that group lies outside the shape's; whether it moves.
        var placement: ((Double) -> Raster.AffineTransform)? = nil
        var placementMoves = false
    }

    /// An inherited style as the shapes of a group with `transform` see it: in After Effects'
    /// reading a style keeps its own group's coordinates and layer (`LottieStyleHomes`), the
    /// transforms of the groups between it and a shape carried into the shape's path
    /// (lottie-web's `renderPath` multiplies the path by `itemData.transformers`, the
    /// `lvl − styles[l].lvl` group transforms between them) — so a gradient keeps its place, a
    /// group that scales or skews leaves an outer stroke's width and dashes as they are, and a
    /// nested group's opacity does not fade it. Drawn in its home, a style takes neither the
    /// nested groups' opacities nor their collapse: a group scaled to 0 on one axis flattens
    /// its shapes to a line the stroke still draws, as lottie-web's path does. lottie-ios's
    /// Core Animation engine draws an inherited style inside each nested group's layer, in
    /// its coordinates (`--ios`: the style as it is).
    func entering(_ style: LottieShapeItem, _ transform: LottieTransformModel) -> LottieShapeItem {
        guard timeline.reading.drawsAfterEffectsFeatures,
              case .inGroups(let inner, let transforms, let home) = style else { return style }
        return .inGroups(inner, transforms: transforms + [transform], home: home)
    }

    /// One CAShapeLayer painting `shapes` with `style` (one per shape for a simultaneous trim).
    func addStyle(_ style: LottieShapeItem, shapes: [Shape], trims: [LottieTrim],
                  rounding: LottieProperty<[Double]>?, into container: CALayer) throws(DocumentError) {
        if case .inGroups(_, let transforms, let home) = style {
            // The shapes gathered for the style's one path in its own group's layer, carried
            // there by the nested groups' transforms (`placed`), painted when that group's list
            // is built (`paint`).
            guard !transforms.isEmpty else {
                homes.gather(shapes, trims: trims, rounding: rounding, home: home)
                return
            }
            let moves = transforms.contains(where: LottieCamera3D.changesOverTime)
            func toStyleSpace(atLocal f: Double) -> CATransform3D {
                transforms.reversed().reduce(CATransform3D.identity) { $0.concatenating(LottieCamera3D.matrix($1, at: f)) }
            }
            let fixed = toStyleSpace(atLocal: 0).affine
            let placed = shapes.map { s in
                var s = s
                s.placement = moves ? { toStyleSpace(atLocal: $0).affine } : { _ in fixed }
                s.placementMoves = moves
                return s
            }
            homes.gather(placed, trims: trims, rounding: rounding, home: home)
            return
        }
        if case .blended(let inner, let mode) = style {
            let before = container.sublayers?.count ?? 0
            try addStyle(inner, shapes: shapes, trims: trims, rounding: rounding, into: container)
            LottieShapeBlendMode.apply(mode, to: (container.sublayers ?? []).dropFirst(before), reading: timeline.reading,
                                       layerName: layerName, warnings: warnings)
            return
        }
        let spatial = timeline.reading.drawsAfterEffectsFeatures
        let tracks = shapes.compactMap { s in
            (s.merged ?? LottieShapeTrack.of(s.item, rounding: rounding, spatialPositions: spatial))?.modified(by: s.modifiers)
                .placed(by: s.placement, moves: s.placementMoves)
        }.map { track -> LottieShapeTrack in
            guard case .stroke(_, _, let s) = style, s.closesPaths else { return track }
            return track.closingEveryShape()
        }
        // A trim cuts the paths themselves in After Effects' reading, so a fill below it paints
        // the trimmed outline, each open piece closed as any fill closes it (lottie-web's
        // TrimModifier rewrites the shape data every style after it reads); lottie-ios's
        // engine trims strokes only (`strokeStart` / `strokeEnd`).
        let trim = LottieTrim.composed(trims)
        let fillTrim = style.isStroke || !timeline.reading.drawsAfterEffectsFeatures ? nil : trim
        let strokeTrim = style.isStroke ? trim : nil
        let groups: [[LottieShapeTrack]] = ((strokeTrim ?? fillTrim).map { !$0.individually } ?? false) && tracks.count > 1
            ? tracks.map { [$0] } : [tracks]
        for g in groups {
            try counter.add(1)
            let layer = CAShapeLayer()
            layer.anchorPoint = Point(0, 0)
            layer.position = Point(0, 0)
            layer.bounds = Rect(0, 0, 0, 0)
            var doubled = false
            if let strokeTrim { doubled = strokeTrim.apply(to: layer, timeline: timeline) }
            // Counted before the combined track exists: one animated shape among constant
            // ones repeats them all in each of its keyframes.
            try counter.addVertices(LottieShapeTrack.vertexBound(g) * (doubled ? 2 : 1), layer: layerName)
            if let fillTrim {
                fillTrim.applyToFill(LottieShapeTrack.combined(g), layer: layer, timeline: timeline)
            } else {
                LottieShapeTrack.combined(g).apply(to: layer, timeline: timeline, doubled: doubled)
            }
            paint(layer, style)
            switch style {
            case .gradientFill(let g, let opacity, _), .gradientStroke(let g, let opacity, _):
                try counter.add(1)
                let gradients = LottieGradientLayers(timeline: timeline, extent: extent, layerName: layerName, warnings: warnings)
                container.addSublayer(gradients.make(g, opacity: opacity, mask: layer))
            default:
                container.addSublayer(layer)
            }
        }
    }

    /// Fill or stroke colour, opacity, width, caps, joins, dashes.
    func paint(_ layer: CAShapeLayer, _ style: LottieShapeItem) {
        func color(_ v: [Double]) -> Color? { LottieColor.color(v).withAlpha(1) }
        func opacity(_ v: [Double]) -> Double { min(max((v.first ?? 100) / 100, 0), 1) }
        switch style {
        case .gradientFill(_, _, let evenOdd):
            layer.strokeColor = nil
            layer.fillRule = evenOdd ? .evenOdd : .nonZero
            layer.fillColor = .black
        case .gradientStroke(_, _, let s):
            layer.fillColor = nil
            layer.strokeColor = .black
            stroke(layer, s)
        case .fill(let c, let o, let evenOdd):
            layer.strokeColor = nil
            layer.fillRule = evenOdd ? .evenOdd : .nonZero
            LottieKeyframeAnimation.apply(c, to: layer, .fillColor, timeline: timeline, convert: color)
            LottieKeyframeAnimation.apply(o, to: layer, .opacity, timeline: timeline, convert: opacity)
        case .stroke(let c, let o, let s):
            layer.fillColor = nil
            LottieKeyframeAnimation.apply(c, to: layer, .strokeColor, timeline: timeline, convert: color)
            LottieKeyframeAnimation.apply(o, to: layer, .opacity, timeline: timeline, convert: opacity)
            stroke(layer, s)
        default:
            break
        }
    }

    /// The dash pattern of Lottie's dash and gap lengths (`d` entries but the offset), in
    /// their order: negative lengths as 0, an odd count repeated (SVG's `stroke-dasharray`:
    /// "If an odd number of values is provided, then the list of values is repeated to yield
    /// an even number of values"), none (a solid line) when every length is 0.
    static func dashPattern(_ lengths: [Double]) -> [Double] {
        let l = lengths.map { max($0, 0) }
        guard l.contains(where: { $0 > 0 }) else { return [] }
        return l.count % 2 == 1 ? l + l : l
    }

    /// Width, caps, joins, miter limit and dashes of a stroke.
    func stroke(_ layer: CAShapeLayer, _ s: LottieShapeItem.Stroke) {
        do {
            LottieKeyframeAnimation.apply(s.width, to: layer, .lineWidth, timeline: timeline) { max($0.first ?? 1, 0) }
            layer.lineCap = [1: .butt, 2: .round, 3: .square][s.cap] ?? .round
            layer.lineJoin = [1: .miter, 2: .round, 3: .bevel][s.join] ?? .round
            layer.miterLimit = max(s.miterLimit, 0)
            let entries = s.dashes.filter { $0.kind != "o" }
            let initial = Self.dashPattern(entries.map { $0.length.initialValue.first ?? 0 })
            let animated = entries.contains { $0.length.isAnimated }
            // After Effects' reading: keyframed dash and gap lengths animate the pattern
            // (lineDashPattern, animatable in LayerKit), sampled once a frame of the layer's
            // span as lottie-web's DashProperty recomputes its `stroke-dasharray` each frame.
            let animates = animated && timeline.reading.drawsAfterEffectsFeatures
            if animates {
                LottieKeyframeAnimation.applySampled(.lineDashPattern, to: layer, timeline: timeline, animated: true) {
                    let f = timeline.frame(atRoot: $0)
                    return Self.dashPattern(entries.map { $0.length.value(at: f).first ?? 0 })
                }
            } else if !initial.isEmpty {
                layer.lineDashPattern = initial
            }
            if !initial.isEmpty || animates {
                if let phase = s.dashes.first(where: { $0.kind == "o" }) {
                    LottieKeyframeAnimation.apply(phase.length, to: layer, .lineDashPhase, timeline: timeline) { $0.first ?? 0 }
                }
                if animated && !animates {
                    warnings.unsupported("animated dash lengths (the first values apply)", layer: layerName)
                }
            }
        }
    }
}

/// Counts the layers an import builds against `LottieLimits.maximumLayers`.
final class LottieLayerCounter {
    private(set) var count = 0
    /// The vertices of every path the generated layers hold, against `maximumVerticesInAll`.
    private(set) var vertices = 0
    /// The path elements merge paths have combined, against `LottieMergePaths.maximumWork`.
    var mergeWork = 0
    func add(_ n: Int) throws(DocumentError) {
        count += n
        guard count <= LottieLimits.maximumLayers else {
            throw DocumentError("", "the animation needs more than \(LottieLimits.maximumLayers) layers (the limit)")
        }
    }
    /// The shape items repeaters' copies hold, against `maximumRepeatedItems`.
    private(set) var repeatedItems = 0
    /// Counts `n` more shape items copied by a repeater of the layer named `layer`, before
    /// the copies are made.
    func addRepeatedItems(_ n: Int, layer: String) throws(DocumentError) {
        repeatedItems += n
        guard repeatedItems <= LottieLimits.maximumRepeatedItems else {
            throw DocumentError("", "layer \(DocumentText.quoted(layer)): its repeaters copy more than \(LottieLimits.maximumRepeatedItems) shape items in all (the limit maximumRepeatedItems)")
        }
    }
    /// Counts `n` more path vertices for the layer named `layer`, before they are built.
    func addVertices(_ n: Int, layer: String) throws(DocumentError) {
        vertices += n
        guard vertices <= LottieLimits.maximumVerticesInAll else {
            throw DocumentError("", "layer \(DocumentText.quoted(layer)): the animation's paths need more than \(LottieLimits.maximumVerticesInAll) vertices in all (the limit maximumVerticesInAll)")
        }
    }
}

extension Color {
    func withAlpha(_ a: Double) -> Color { Color(r, g, b, a) }
}

extension LottieShapeItem {
    /// Fills and strokes, plain or gradient.
    var isStyle: Bool {
        switch self {
        case .fill, .stroke, .gradientFill, .gradientStroke, .blended, .inGroups: return true
        default: return false
        }
    }
    var isStroke: Bool {
        switch self {
        case .stroke, .gradientStroke: return true
        case .blended(let style, _), .inGroups(let style, _, _): return style.isStroke
        default: return false
        }
    }
}
