// A text layer's content: its documents, each drawn from the file's glyph outlines
// (`LottieGlyphText`) or with a font (`LottieFontText`), and its animators.
//
// * In lottie-ios's reading (`--ios`) the first document is drawn as its document says and
//   the animators and later document keyframes are reported, as that engine's snapshots
//   show them.
// * In After Effects' reading each keyframe of the document (`t.d.k`) is drawn as a layer of
//   its own, shown from its frame until the next keyframe's (a discrete `hidden` animation:
//   text documents hold, they are never interpolated — lottie-web's TextProperty shows the
//   last keyframe whose `t` is at or before the frame, the first before it). When the layer
//   has animators (`t.a`), every character is a layer of its own whose `transform`,
//   `opacity`, fill and stroke colour and line width are sampled once a frame from
//   `LottieTextAnimators` (the characters' selections move as the selector's start, end
//   and offset move, so no one keyframe list per property describes them). Text on a path
//   (`t.p`, `LottieTextPath`) places the characters the same way, along one of the layer's
//   masks.
import LayerKit

struct LottieTextLayers {
    let model: LottieAnimationModel
    let warnings: LottieWarnings
    let counter: LottieLayerCounter
    let timeline: LottieTimeline
    let layerName: String
    /// The layer's masks: text on a path follows one of them.
    var masks: [LottieMask] = []

    /// Adds what the text draws to `content`; false when it draws nothing.
    func build(_ document: LottieTextDocument, into content: CALayer) throws(DocumentError) -> Bool {
        guard timeline.reading.drawsAfterEffectsFeatures else {
            if document.animators > 0 { warnings.unsupported("text animators (the text is drawn as its document says)", layer: layerName) }
            if document.laterDocuments > 0 { warnings.unsupported("text document keyframes (the first document is drawn)", layer: layerName) }
            return try documentLayer(document, animators: [], into: content) != nil
        }
        var path: LottieTextPath?
        if let options = document.path {
            if options.mask < masks.count {
                path = LottieTextPath(shape: masks[options.mask].path, options: options)
            } else {
                warnings.unsupported("text on a path of a missing mask (the text is drawn on its baseline)", layer: layerName)
            }
        }
        for a in document.animatorList {
            for key in a.undrawn { warnings.unsupported("text animator property \"\(key)\"", layer: layerName) }
        }
        let keyframes = document.keyframes.isEmpty ? [LottieTextDocumentKeyframe(frame: 0, document: document)] : document.keyframes
        if keyframes.count == 1 && document.animatorList.isEmpty && path == nil {
            return try documentLayer(keyframes[0].document, animators: [], into: content) != nil
        }
        var drawn = false
        for (i, k) in keyframes.enumerated() {
            guard let l = try documentLayer(k.document, animators: document.animatorList, alignment: document.groupingAlignment,
                                            path: path) else { continue }
            if keyframes.count > 1 {
                show(l, from: i == 0 ? nil : k.frame, until: i + 1 < keyframes.count ? keyframes[i + 1].frame : nil)
            }
            content.addSublayer(l)
            drawn = true
        }
        return drawn
    }

    /// Shown while the layer's frame is in [start, end) (an open end when nil).
    func show(_ layer: CALayer, from start: Double?, until end: Double?) {
        func shown(_ r: Double) -> Bool {
            let f = timeline.frame(atRoot: r)
            return f >= (start ?? -.infinity) && f < (end ?? .infinity)
        }
        layer.isHidden = !shown(timeline.rootIn)
        if let a = LottieKeyframeAnimation.sampled(.isHidden, timeline: timeline, value: { !shown($0) }) {
            a.calculationMode = .discrete
            layer.add(a, forKey: a.keyPath ?? "hidden")
        }
    }

    /// One document drawn into `target` (the layer's content, as the single document it is)
    /// or into a new layer whose origin is the first baseline; nil when it draws nothing.
    func documentLayer(_ d: LottieTextDocument, animators: [LottieTextAnimator],
                       alignment: LottieProperty<[Double]> = LottieProperty([0, 0]), path: LottieTextPath? = nil,
                       into target: CALayer? = nil) throws(DocumentError) -> CALayer? {
        let perLetter = !animators.isEmpty || path != nil
        let glyphs = LottieGlyphText(model: model)
        let holder: CALayer
        if let target { holder = target } else {
            holder = LottieTransformLayers.emptyLayer()
            holder.name = layerName
            try counter.add(1)
        }
        let builder = LottieShapeGroupBuilder(timeline: timeline, layerName: layerName, warnings: warnings, counter: counter,
                                              extent: LottieGradientLayers.extent(width: model.width, height: model.height))
        if glyphs.covers(d) {
            if !perLetter {
                guard let items = glyphs.items(d, reading: timeline.reading, layer: layerName, warnings: warnings) else { return nil }
                try builder.build(items, into: holder, inherited: [], trims: [], rounding: nil, depth: 0)
                return holder
            }
            guard let placed = glyphs.letters(d, layer: layerName, warnings: warnings) else { return nil }
            var layers: [CALayer?] = []
            for (_, g) in placed {
                guard let g, !g.shapes.isEmpty else { layers.append(nil); continue }
                let letter = LottieTransformLayers.emptyLayer()
                try counter.add(1)
                let items = [LottieGlyphText.group(g, size: d.size, origin: Point(0, 0))] + LottieGlyphText.paints(d, reading: timeline.reading)
                try builder.build(items, into: letter, inherited: [], trims: [], rounding: nil, depth: 0)
                holder.addSublayer(letter)
                layers.append(letter)
            }
            animate(layers, letters: placed.map(\.letter), document: d, animators: animators, alignment: alignment, path: path)
            return holder
        }
        let font = LottieFontText(model: model)
        if !perLetter {
            guard let text = font.layer(d, layer: layerName, stroked: timeline.reading.drawsAfterEffectsFeatures, warnings: warnings) else { return nil }
            try counter.add(1 + (text.sublayers?.count ?? 0))
            holder.addSublayer(text)
            return holder
        }
        guard let renderer = font.renderer else {
            warnings.unsupported("text (no text renderer installed)", layer: layerName)
            return nil
        }
        guard let fc = d.fillColor, fc.count >= 3, d.size > 0 else { return nil }
        let stroke = LottieFontText.strokeFilter(d)
        let letters = font.letters(d, renderer: renderer)
        var layers: [CALayer?] = []
        for l in letters {
            guard !l.isLineBreak, l.character != " " else { layers.append(nil); continue }
            let letter = LottieTransformLayers.emptyLayer()
            try counter.add(2)
            let text = font.letterLayer(l.character, d, renderer: renderer)
            // Each letter stroked on its own, as its animators move it.
            text.filters = stroke.map { [$0] }
            letter.addSublayer(text)
            holder.addSublayer(letter)
            layers.append(letter)
        }
        animate(layers, letters: letters, document: d, animators: animators, alignment: alignment, path: path)
        return holder
    }

    /// Each letter's layer (nil for what draws nothing) moved, faded and coloured by the
    /// animators: model values when nothing moves, else animations sampled once a frame.
    func animate(_ layers: [CALayer?], letters: [LottieTextLetter], document: LottieTextDocument,
                 animators: [LottieTextAnimator], alignment: LottieProperty<[Double]>, path: LottieTextPath?) {
        var a = LottieTextAnimators(animators, alignment: alignment, document: document, letters: letters)
        a.path = path
        let frames = timeline.sampleFrames
        let first = a.states(at: timeline.frame(atRoot: timeline.rootIn))
        var table: [[LottieTextLetterState]] = [first]
        if a.changesOverTime, frames.count > 1 {
            // Every letter's state at every sampled frame, against the file's sampling budget
            // (past it, the scene refuses the file with the budget's one line).
            let (need, overflow) = frames.count.multipliedReportingOverflow(by: max(letters.count, 1))
            guard timeline.samples.spend(overflow ? Int.max : need) else { return }
            table = frames.map { a.states(at: timeline.frame(atRoot: $0)) }
        }
        var index: [Double: Int] = [:]
        if table.count > 1 { for (i, r) in frames.enumerated() { index[r] = i } }
        for (i, layer) in layers.enumerated() {
            guard let layer else { continue }
            let column = table.map { $0[i] }
            func apply<T>(_ key: LayerKeyPath<T>, to target: CALayer, _ value: (LottieTextLetterState) -> T,
                          differs: (LottieTextLetterState, LottieTextLetterState) -> Bool) {
                target.setValue(value(column[0]), for: key)
                guard column.count > 1, column.contains(where: { differs($0, column[0]) }),
                      let anim = LottieKeyframeAnimation.sampled(key, timeline: timeline, value: { r in value(column[index[r] ?? 0]) })
                else { return }
                target.add(anim, forKey: key.keyPath)
            }
            apply(.transform, to: layer, { $0.matrix }, differs: { $0.matrix != $1.matrix })
            apply(.opacity, to: layer, { $0.opacity }, differs: { $0.opacity != $1.opacity })
            func color(_ c: [Double]?) -> Color? { c.map { LottieColor.color($0) } }
            var painted: [CALayer] = [layer]
            var k = 0
            while k < painted.count { painted += painted[k].sublayers ?? []; k += 1 }
            for p in painted {
                if let shape = p as? CAShapeLayer {
                    if shape.fillColor != nil { apply(.fillColor, to: shape, { color($0.fill) }, differs: { $0.fill != $1.fill }) }
                    if shape.strokeColor != nil {
                        apply(.strokeColor, to: shape, { color($0.stroke) }, differs: { $0.stroke != $1.stroke })
                        apply(.lineWidth, to: shape, { $0.strokeWidth }, differs: { $0.strokeWidth != $1.strokeWidth })
                    }
                } else if let text = p as? CATextLayer {
                    apply(.foregroundColor, to: text, { color($0.fill) }, differs: { $0.fill != $1.fill })
                }
            }
        }
    }
}
