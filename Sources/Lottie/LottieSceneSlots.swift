// Slot values changed while a scene is shown (a dotLottie state machine's state slots and
// drags, `LottieStateMachine.slotValues`): the scene keeps the JSON it was read from with its
// `sid` references, lays the new values over its slots and builds the layers again — the same
// reading, expressions (a `tm` expression reading a slotted property follows it) and value
// providers as the first import — then puts them where the old ones were under `root`, whose
// time, and anything added beside them, stay as they were. Lottie builds layer trees and never
// draws: the next frame simply shows the new tree. The layers are built under a root of their
// own with the clock at 0 and committed there, so their animations' beginTime 0 resolves to
// the animation's start exactly as on the first import (`LottieScene`'s header).
import LayerKit

/// What a scene's layers are built again from when its slots change.
struct LottieSlotSource {
    /// The animation's JSON before its slots were resolved (nil: a theme resolved them).
    var json: JSONValue?
    var baseDirectory: String
    var images: ImageLoading?
    var reading: LottieReading
    var expressions: Bool
    var dynamicProperties: LottieDynamicProperties
}

extension LottieScene {
    /// Builds the layers again with `values` (slot id → property `{a, k}`) over the animation's
    /// slots; the slots not named keep the animation's values. Does nothing for a scene
    /// without slots; a themed archive's slots were resolved when it was read and are refused.
    public func applySlots(_ values: [String: JSONValue]) throws(DocumentError) {
        guard let source = slotSource else { return }
        guard let json = source.json, case .object(var top) = json else {
            throw DocumentError("slots", "a themed animation's slots are fixed when it is read")
        }
        var slots: [(String, JSONValue)] = []
        if case .object(let own)? = json["slots"] { slots = own }
        for (id, value) in values.sorted(by: { $0.key < $1.key }) {
            let entry = JSONValue.object([("p", value)])
            if let i = slots.firstIndex(where: { $0.0 == id }) { slots[i].1 = entry } else { slots.append((id, entry)) }
        }
        top = top.filter { $0.0 != "slots" } + [("slots", .object(slots))]
        var warnings: [String] = []
        var resolved = try LottieSlots.resolve(.object(top), warnings: &warnings)
        if source.expressions { resolved = LottieExpressions.evaluate(resolved, warnings: &warnings) }
        if !source.dynamicProperties.isEmpty { resolved = try LottieKeypathTree(source.dynamicProperties, reading: source.reading).apply(resolved) }
        let model = try LottieAnimationModel.decode(resolved)
        /// The layers built and committed with the clock at 0, under their own root.
        func build() throws(DocumentError) -> LottieScene {
            let clock = CAAnimationContext.current.clock
            let saved = clock.manualTime
            clock.manualTime = 0
            defer { clock.manualTime = saved }
            let scene = try LottieScene(model: model, baseDirectory: source.baseDirectory, images: source.images, reading: source.reading)
            CATransaction.flush()
            return scene
        }
        let fresh = try build()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let at = builtLayers.first.flatMap { old in root.sublayers?.firstIndex { $0 === old } } ?? 0
        for l in builtLayers { l.removeFromSuperlayer() }
        for (k, l) in fresh.builtLayers.enumerated() {
            l.removeFromSuperlayer()
            root.insertSublayer(l, at: at + k)
        }
        CATransaction.commit()
        builtLayers = fresh.builtLayers
        self.model = fresh.model
    }
}
