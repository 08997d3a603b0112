// A Lottie composition as a layer tree, in the manner of lottie-ios's Core Animation engine:
// every visible layer becomes a content layer (its opacity, its visibility between in and
// out point as a `hidden` animation, what its type draws) inside its transform's layers,
// inside the transform layers of each of its parents in turn (a parent lends its transform,
// never its opacity or visibility). Transforms that never change, from the layer's own
// outward until the first that moves, are one matrix on the content layer (or on the
// outermost mask level) instead, and a content layer that adds nothing of its own (a shape
// layer's, at full opacity, always shown, unmasked) hands its sublayers to the innermost
// transform layer: fewer layers to copy into every frame's presentation tree. Null layers and matte sources draw nothing of their own.
// Precompositions are content layers clipped to their size holding their composition's
// layers on the precomposition's timeline ((frame − st) / sr, or its time remap). A layer's
// own properties (transform, content, masks, effects) run on the time of the composition that
// holds it, in both readings: the exporter writes a layer's keyframe times in its
// composition's frames, already moved with the layer. lottie-web (PropertyFactory.js) reads a
// keyframed property at `comp.renderedFrame − offsetTime` against key times `t − offsetTime`
// with `offsetTime = st`, which cancels; ThorVG and rlottie read them at the composition's
// frame; `st` and `sr` time only what a precomposition layer holds.
// The list is top first; sublayers are added
// bottom first.
import Foundation
import LayerKit
import Raster

struct LottieCompositionBuilder {
    let model: LottieAnimationModel
    let warnings: LottieWarnings
    let counter = LottieLayerCounter()
    let images: LottieImageSource

    /// `content` inside a holder layer whose mask is `matte`: "The layer's alpha channel
    /// determines how much of the layer's content and background shows through" (CALayer.mask).
    func masked(_ content: CALayer, by matte: CALayer, name: String?) throws(DocumentError) -> CALayer {
        try counter.add(1)
        let holder = CALayer()
        holder.name = name
        holder.anchorPoint = Point(0, 0)
        holder.bounds = Rect(0, 0, 0, 0)
        holder.addSublayer(content)
        holder.mask = matte
        return holder
    }

    /// The layers of `layers` (a composition `size` running on `timeline`), bottom first.
    func build(_ layers: [LottieLayerModel], timeline: LottieTimeline, depth: Int, size: Size) throws(DocumentError) -> [CALayer] {
        guard depth < LottieLimits.maximumNesting else {
            throw DocumentError("assets", "precompositions nested deeper than the limit \(LottieLimits.maximumNesting)")
        }
        var byIndex: [Int: LottieLayerModel] = [:]
        for l in layers { if let i = l.index, byIndex[i] == nil { byIndex[i] = l } }
        var out: [CALayer] = []
        let mattes = LottieTrackMattes(layers, reading: timeline.reading)
        // After Effects' reading: the first camera layer sees the 3D layers (`LottieCamera3D`).
        let camera = timeline.reading.drawsAfterEffectsFeatures ? layers.first { $0.camera != nil && !$0.hidden } : nil
        // Each run of 3D layers drawn one after the other is seen together, sorted by depth.
        var run: [CALayer] = []
        func endRun() throws(DocumentError) {
            guard !run.isEmpty else { return }
            out.append(try viewed(run, camera: camera, byIndex: byIndex, timeline: timeline))
            run = []
        }
        for (position, layer) in layers.enumerated().reversed() {
            if layer.hidden || mattes.consumed.contains(position) { continue }
            guard var top = try buildLayer(layer, at: position, byIndex: byIndex, timeline: timeline, depth: depth, size: size) else { continue }
            if isSeenByCamera(layer, byIndex: byIndex, timeline: timeline) {
                if mattes.sources[position] == nil && layer.matteMode == 0 {
                    run.append(top)
                    continue
                }
                // A matted 3D layer is seen on its own, inside its matte.
                top = try viewed([top], camera: camera, byIndex: byIndex, timeline: timeline)
            }
            try endRun()
            if let s = mattes.sources[position] {
                let matte = layers[s].hidden ? nil : try buildLayer(layers[s], at: s, byIndex: byIndex, timeline: timeline, depth: depth, size: size)
                // A luma matte becomes an alpha matte of the source's luminance (`LottieLumaMatte`).
                let luma = layer.matteMode == 3 || layer.matteMode == 4
                let usable = matte.map { m in !luma || LottieLumaMatte.convert(m) } ?? false
                if !usable && matte != nil {
                    warnings.unsupported("track matte (luma) of a source with images: drawn without it", layer: layer.name)
                } else if let matte, layer.matteMode == 1 || layer.matteMode == 3
                            || LottieInvertedMatte.invert(matte, oneSubpath: timeline.reading.drawsAfterEffectsFeatures) {
                    // "The layer's alpha channel determines how much of the layer's content and
                    // background shows through" (CALayer.mask): an alpha matte.
                    top = try masked(top, by: matte, name: layer.name)
                } else if matte == nil {
                    // A matte that draws nothing: alpha (and luma) shows nothing, inverted everything.
                    if layer.matteMode == 1 || layer.matteMode == 3 { continue }
                } else if let product = try invertedProduct(layers[s], at: s, luma: luma, byIndex: byIndex, timeline: timeline, depth: depth, size: size) {
                    // Several shapes: the product of each one's inverse (`LottieInvertedMatte`).
                    for m in product { top = try masked(top, by: m, name: layer.name) }
                } else if timeline.reading.drawsAfterEffectsFeatures, let matte {
                    // Strokes, gradients, translucency, images: the source erased from an
                    // opaque plane (`LottieInvertedMatte.generalInverse`).
                    try counter.add(2)
                    top = try masked(top, by: LottieInvertedMatte.generalInverse(matte), name: layer.name)
                } else {
                    warnings.unsupported(luma ? "track matte (luma inverted)" : "track matte (alpha inverted)", layer: layer.name)
                }
            } else if layer.matteMode != 0, !LottieTrackMattes.isDrawn(layer.matteMode, reading: timeline.reading) {
                let kind = [3: "luma", 4: "luma inverted"][layer.matteMode] ?? "\(layer.matteMode)"
                warnings.unsupported("track matte (\(kind)): drawn without it, its source as a layer, as Core Animation's engine does", layer: layer.name)
            }
            out.append(top)
        }
        try endRun()
        return out
    }

    /// Whether `layer` or one of its parents is a 3D layer (After Effects' reading).
    func isSeenByCamera(_ layer: LottieLayerModel, byIndex: [Int: LottieLayerModel], timeline: LottieTimeline) -> Bool {
        guard timeline.reading.drawsAfterEffectsFeatures else { return false }
        var l: LottieLayerModel? = layer, n = 0
        while let c = l, n <= LottieLimits.maximumNesting {
            if c.is3D { return true }
            l = c.parent.flatMap { byIndex[$0] }
            n += 1
        }
        return false
    }

    /// 3D layers (bottom first) in one transform layer, which draws them back to front by
    /// their depth, seen by the composition's camera (`LottieCamera3D`; After Effects' default
    /// camera without one).
    func viewed(_ tops: [CALayer], camera: LottieLayerModel?, byIndex: [Int: LottieLayerModel], timeline: LottieTimeline) throws(DocumentError) -> CALayer {
        try counter.add(2)
        let space = CATransformLayer()
        space.name = camera?.name ?? "default camera"
        space.anchorPoint = Point(0, 0)
        space.bounds = Rect(0, 0, 0, 0)
        space.position = Point(0, 0)
        for t in tops { space.addSublayer(t) }
        let view = camera.flatMap { c in c.camera.map { ($0, c.transform) } }
        // The camera's parent chain (a loop or a chain past the nesting limit stops where it
        // repeats: the layer itself reports it when drawn).
        var parents: [LottieTransformModel] = []
        var seen: Set<Int> = [camera?.index ?? Int.min]
        var next = camera?.parent
        while let p = next, let pl = byIndex[p], seen.insert(p).inserted, seen.count <= LottieLimits.maximumNesting {
            parents.append(pl.transform)
            next = pl.parent
        }
        return LottieCamera3D.viewed(space, camera: view, timeline: timeline, width: model.width, height: model.height,
                                     parents: parents)
    }

    /// The inverse of the matte source at `position` drawn as several opaque shapes, as one
    /// copy of the source per shape, each inverted (After Effects' reading; at most 16 shapes);
    /// nil when it cannot be.
    func invertedProduct(_ source: LottieLayerModel, at position: Int, luma: Bool, byIndex: [Int: LottieLayerModel],
                         timeline: LottieTimeline, depth: Int, size: Size) throws(DocumentError) -> [CALayer]? {
        guard timeline.reading.drawsAfterEffectsFeatures,
              let probe = try buildLayer(source, at: position, byIndex: byIndex, timeline: timeline, depth: depth, size: size) else { return nil }
        let units = LottieInvertedMatte.units(probe)
        guard units.count > 1, units.count <= 16 else { return nil }
        var out: [CALayer] = []
        for unit in units {
            guard let copy = try buildLayer(source, at: position, byIndex: byIndex, timeline: timeline, depth: depth, size: size) else { return nil }
            if luma && !LottieLumaMatte.convert(copy) { return nil }
            LottieInvertedMatte.keepOnly(unit, of: copy)
            guard LottieInvertedMatte.invert(copy) else { return nil }
            out.append(copy)
        }
        return out
    }

    /// One layer with its content, masks, visibility, opacity and transforms (its own and its
    /// parents'), in a composition of `size`; nil for layers that draw nothing (nulls,
    /// unsupported types).
    func buildLayer(_ layer: LottieLayerModel, at position: Int, byIndex: [Int: LottieLayerModel],
                    timeline: LottieTimeline, depth: Int, size: Size) throws(DocumentError) -> CALayer? {
        if case .null = layer.kind { return nil }
        // After Effects' reading draws the effects (LottieLayerEffects, which reports the rest).
        let threeD = timeline.reading.drawsAfterEffectsFeatures, drawsEffects = threeD
        // A camera draws nothing: it is how the 3D layers are seen.
        if threeD && layer.camera != nil { return nil }
        if layer.hasEffects && !drawsEffects { warnings.unsupported("effects", layer: layer.name) }
        if layer.hasLayerStyles { warnings.unsupported("layer styles", layer: layer.name) }
        // The layer style Stroke, drawn in After Effects' reading (LottieLayerStyleStroke).
        if layer.strokeStyle != nil && !timeline.reading.drawsAfterEffectsFeatures {
            warnings.unsupported("layer styles", layer: layer.name)
        }
        let filter = CACompositingFilter(lottieBlendMode: layer.blendMode, reading: timeline.reading)
        if layer.blendMode != 0 && layer.blendMode != 15 && filter == nil { warnings.unsupported("blend mode \(layer.blendMode)", layer: layer.name) }
        guard let content = try makeContent(layer, timeline: timeline, depth: depth) else { return nil }
        // Visibility (in the composition's frames) and opacity on the content; then the
        // transforms, own first, parents outward.
        applyVisibility(layer, to: content, timeline: timeline)
        LottieKeyframeAnimation.apply(layer.transform.opacity, to: content, .opacity, timeline: timeline) {
            min(max(($0.first ?? 100) / 100, 0), 1)
        }
        if let shadow = layer.dropShadow { LottieLayerShadow.apply(shadow, to: content, timeline: timeline, reading: timeline.reading) }
        let masks = LottieMaskLayers(timeline: timeline, extent: Rect(-model.width * 10, -model.height * 10, model.width * 21, model.height * 21),
                                     layerName: layer.name, warnings: warnings, counter: counter)
        var maskList = layer.masks
        if drawsEffects {
            maskList = try LottieStrokeEffect.paint(layer.effects, on: content, masks: layer.masks, timeline: timeline,
                                                    layerName: layer.name, warnings: warnings, counter: counter)
        }
        var top = try masks.apply(maskList, to: content)
        if drawsEffects {
            top = try LottieStrokeEffect.reveal(layer.effects, top, masks: layer.masks, timeline: timeline,
                                                layerName: layer.name, warnings: warnings, counter: counter)
            // A shape layer's effect points: from the top left of its composition-sized box.
            var effectOrigin = Point(0, 0)
            if case .shape = layer.kind { effectOrigin = Point(-size.width / 2, -size.height / 2) }
            top = try LottieLayerEffects.apply(layer.effects, to: top, timeline: timeline, layerName: layer.name,
                                               effectOrigin: effectOrigin, warnings: warnings, counter: counter)
            top = try LottieTransformEffect.apply(layer.effects, to: top, timeline: timeline, layerName: layer.name,
                                                  warnings: warnings, counter: counter)
            // The layer style Stroke of a layer without paths (a shape layer's is drawn from
            // its shapes, makeContent): its alpha's outline, after masks and effects.
            if let stroke = layer.strokeStyle {
                if case .shape = layer.kind {} else { top = try stroke.apply(to: top, timeline: timeline, counter: counter) }
            }
        }
        // Its own transform, then each parent's outward. Constant ones are folded into the top
        // layer's `transform` for as long as nothing animated lies between it and them.
        var chain = [layer]
        var parent = layer.parent
        var seen: Set<Int> = [layer.index ?? Int.min]
        while let p = parent, let pl = byIndex[p] {
            guard seen.insert(p).inserted, seen.count <= LottieLimits.maximumNesting else {
                throw DocumentError("layers[\(position)].parent", "layer \"\(layer.name)\": the parent chain loops or is deeper than \(LottieLimits.maximumNesting)")
            }
            chain.append(pl)
            parent = pl.parent
        }
        var folding = true
        for l in chain {
            if threeD && l.is3D {
                folding = false
                try counter.add(1)
                top = LottieCamera3D.wrap(top, in: l.transform, name: l.name, timeline: timeline)
            } else if folding && LottieTransformLayers.isConstant(l.transform, reading: timeline.reading) {
                if l.transform.hasSkew && !timeline.reading.drawsAfterEffectsFeatures { warnings.unsupported("skew", layer: l.name) }
                top.transform = top.transform.concatenating(LottieTransformLayers.constantMatrix(l.transform, reading: timeline.reading))
            } else {
                folding = false
                top = try wrap(top, in: l, timeline: timeline)
            }
        }
        top.compositingFilter = filter
        return top
    }

    /// `content` inside the transform layers of `layer`.
    func wrap(_ content: CALayer, in layer: LottieLayerModel, timeline: LottieTimeline) throws(DocumentError) -> CALayer {
        let (outer, inner) = LottieTransformLayers.make(layer.transform, timeline: timeline, autoOrient: layer.autoOrient,
                                                        name: layer.name, warnings: warnings)
        try counter.add(LottieTransformLayers.depth(outer, inner))
        if layer.transform.has3DRotation && !timeline.reading.drawsAfterEffectsFeatures {
            warnings.unsupported("3D rotation (drawn without perspective)", layer: layer.name)
        }
        if Self.addsNothing(content) {
            for s in content.sublayers ?? [] { inner.addSublayer(s) }
        } else {
            inner.addSublayer(content)
        }
        return outer
    }

    /// Whether `l` is a plain layer that only holds its sublayers where its superlayer would
    /// (origin at the superlayer's origin, no transform, full opacity, always shown, nothing
    /// drawn, clipped, masked or filtered): its sublayers can then go into the superlayer directly.
    static func addsNothing(_ l: CALayer) -> Bool {
        type(of: l) == CALayer.self && (l.animationKeys() ?? []).isEmpty && l.opacity == 1 && !l.isHidden && l.mask == nil
            && !l.masksToBounds && l.backgroundColor == nil && l.contents == nil && l.transform == .identity
            && l.position == Point(0, 0) && l.anchorPoint == Point(0, 0) && l.bounds.origin == Point(0, 0)
            && l.borderWidth == 0 && l.shadowOpacity == 0 && (l.filters ?? []).isEmpty
    }

    /// Hidden outside [ip, op) of the composition's frames, as lottie-ios's visibility
    /// animation has it: the model is hidden and a discrete `hidden` keyframe animation over
    /// the whole composition (ip to op + 1) is hidden, then visible from the in point, then
    /// hidden from the out point. An out point at or after the animation's end keeps the
    /// layer visible on the last frame (lottie-ios plays one frame past op). At a frame
    /// exactly on the in or out point, the layer is shown or hidden as Core Animation decides
    /// it (`showsAtBoundary`): each key time is moved a trillionth of the composition to that
    /// side, far below any frame a player or a progress value tells apart (lottie-ios's own
    /// snapshots are taken at frames like 9.9999999), far above the rounding of the engine's
    /// time arithmetic. In After Effects' reading a layer is shown on its in point's frame
    /// and hidden on its out point's (the Lottie specification: `ip` "frame when the layer
    /// becomes visible", `op` "frame when the layer becomes invisible"; lottie-web, ThorVG and
    /// rlottie draw [ip, op)): both key times move a trillionth earlier, so the frame exactly
    /// on either boundary lands past it (`TypeFace/T`'s layer entering at frame 18).
    func applyVisibility(_ layer: LottieLayerModel, to content: CALayer, timeline: LottieTimeline) {
        if timeline.remap == nil {
            let start = timeline.rootFrame(of: layer.inPoint), end = timeline.rootFrame(of: layer.outPoint)
            let shownFromStart = start <= timeline.rootIn, shownToEnd = end >= timeline.rootOut - 1e-9
            if shownFromStart && shownToEnd { return }
            content.isHidden = true
            // Never within the composition's frames: hidden throughout.
            guard end > start, start < timeline.rootOut + 1, end > timeline.rootIn else { return }
            let frames = timeline.rootOut + 1 - timeline.rootIn, nudge = 1e-12
            func keyTime(_ r: Double) -> Double {
                let early = timeline.reading.drawsAfterEffectsFeatures || Self.showsAtBoundary(r, timeline)
                return (r - timeline.rootIn) / frames + (early ? -nudge : nudge)
            }
            // Discrete: one more key time than values, each value holding from its key time.
            var values: [AnimatableValue] = [], keyTimes = [0.0]
            if !shownFromStart { values.append(.bool(true)); keyTimes.append(keyTime(start)) }
            values.append(.bool(false))
            if !shownToEnd { keyTimes.append(keyTime(end)); values.append(.bool(true)) }
            keyTimes.append(1)
            let a = CAKeyframeAnimation(keyPath: LayerKeyPath<Bool>.isHidden.keyPath)
            a.values = values
            a.keyTimes = keyTimes
            a.calculationMode = .discrete
            a.beginTime = timeline.seconds(ofRoot: timeline.rootIn)
            a.duration = frames / timeline.frameRate
            a.fillMode = .both
            a.isRemovedOnCompletion = false
            content.add(a, forKey: LayerKeyPath<Bool>.isHidden.keyPath)
            return
        }
        let visible = { (r: Double) -> Bool in
            let f = timeline.frame(atRoot: r)
            return f >= layer.inPoint && f < layer.outPoint
        }
        content.isHidden = !visible(timeline.rootIn)
        if let a = LottieKeyframeAnimation.sampled(.isHidden, timeline: timeline, value: { !visible($0) }) {
            a.calculationMode = .discrete
            content.add(a, forKey: LayerKeyPath<Bool>.isHidden.keyPath)
        }
    }

    /// Whether Core Animation, paused exactly at root frame `r`, is at or past a key time
    /// placed at `r`: lottie-ios's visibility animation is a discrete keyframe animation
    /// whose key times are `(frame - ip) / animationFrameCount`, with the animation's
    /// duration (op + 1 - ip) / fr ("when the animation is paused, we need to be able to
    /// render the final frame. To allow this we have to extend the length of the animation by
    /// one frame") times the frame rate as the frame count, while the paused layer's time is
    /// (frame - ip) / fr. Core Animation's choice is that of comparing the time with the key
    /// time scaled back by the duration: the two are computed differently and round apart
    /// (Apple's renders of lottie-ios's TypeFace samples: a layer whose out point is the frame
    /// drawn stays visible in `Colon`, where 18 / 37 · 1.48 rounds above 0.72, and is hidden
    /// in `T` and `R`, where the key time comes back to the time or below it).
    static func showsAtBoundary(_ r: Double, _ timeline: LottieTimeline) -> Bool {
        let fr = timeline.frameRate, duration = (timeline.rootOut + 1 - timeline.rootIn) / fr
        let keyTime = (r - timeline.rootIn) / (duration * fr)
        return (r - timeline.rootIn) / fr >= keyTime * duration
    }

    /// What the layer's type draws, in a layer whose plane is the layer's own coordinates.
    func makeContent(_ layer: LottieLayerModel, timeline: LottieTimeline, depth: Int) throws(DocumentError) -> CALayer? {
        try counter.add(1)
        let content = CALayer()
        content.name = layer.name
        content.anchorPoint = Point(0, 0)
        content.position = Point(0, 0)
        switch layer.kind {
        case .shape(let items):
            content.bounds = Rect(0, 0, model.width, model.height)
            let builder = LottieShapeGroupBuilder(timeline: timeline, layerName: layer.name, warnings: warnings, counter: counter,
                                                  extent: LottieGradientLayers.extent(width: model.width, height: model.height))
            // The layer style Stroke: the shapes once more beneath, as the band around them.
            if let stroke = layer.strokeStyle, timeline.reading.drawsAfterEffectsFeatures {
                try builder.build(stroke.outline(items), into: content, inherited: [], trims: [], rounding: nil, depth: 0)
            }
            try builder.build(items, into: content, inherited: [], trims: [], rounding: nil, depth: 0)
        case .solid(let color, let w, let h):
            content.bounds = Rect(0, 0, w, h)
            content.backgroundColor = color
        case .image(let refId):
            guard let asset = model.assets[refId] else {
                warnings.unsupported("image asset \"\(refId)\" (missing)", layer: layer.name); return nil
            }
            content.bounds = Rect(0, 0, asset.width, asset.height)
            guard let image = images.image(for: asset) else {
                warnings.unsupported("image \"\(refId)\" (cannot be read)", layer: layer.name); return nil
            }
            content.contents = image
            content.contentsGravity = .resize
        case .precomp(let refId, let w, let h, let timeRemap):
            guard let asset = model.assets[refId], let layers = asset.layers else {
                warnings.unsupported("precomposition \"\(refId)\" (missing)", layer: layer.name); return nil
            }
            content.bounds = Rect(0, 0, w, h)
            content.masksToBounds = true
            // Its layers run on (frame − st) / sr, or on its time remap read at the frame.
            let inside = timeline.precomposition(startTime: layer.startTime, stretch: layer.timeStretch, timeRemap: timeRemap)
            for sub in try build(layers, timeline: inside, depth: depth + 1, size: Size(w, h)) { content.addSublayer(sub) }
        case .text(let document):
            guard let document else { warnings.unsupported("text layer", layer: layer.name); return nil }
            content.bounds = Rect(0, 0, model.width, model.height)
            let text = LottieTextLayers(model: model, warnings: warnings, counter: counter, timeline: timeline, layerName: layer.name,
                                        masks: layer.masks)
            guard try text.build(document, into: content) else { return nil }
        case .null:
            return nil
        case .unsupported(let ty):
            warnings.unsupported("layer type \(ty)", layer: layer.name); return nil
        }
        return content
    }
}
