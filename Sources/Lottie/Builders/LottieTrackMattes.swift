// Which layer of a composition is the track matte of which, as lottie-ios's Core Animation
// engine pairs them. Walking the layers bottom first, a layer whose matte mode `tt` is
// alpha (1) or alpha inverted (2) takes as its matte the layer named by its `tp` (matte
// parent index) or else the layer listed just above it, whether or not that layer is marked
// `td`; a layer taken as a matte is drawn only as that matte. That engine reads no other
// matte mode ("MatteType: none, add, invert"): a layer with a luma matte (3) or an
// inverted luma matte (4) is drawn without one, and the layer above it — not paired — is
// drawn as an ordinary layer, `td` or not. In After Effects' reading the luma modes pair
// the same way ("Luma Matte: the layer is visible where the matte's luminance is high",
// After Effects Help, "Track mattes and traveling mattes"), drawn through `LottieLumaMatte`.

struct LottieTrackMattes {
    /// Matte source position by target position (positions in the layer list, top first).
    let sources: [Int: Int]
    /// Positions drawn only as mattes.
    let consumed: Set<Int>

    init(_ layers: [LottieLayerModel], reading: LottieReading = .iOS) {
        var sources: [Int: Int] = [:], consumed: Set<Int> = []
        for position in layers.indices.reversed() where !consumed.contains(position) {
            let layer = layers[position]
            guard Self.isDrawn(layer.matteMode, reading: reading) else { continue }
            let source = layer.matteParent.flatMap { i in layers.firstIndex { $0.index == i } } ?? (position > 0 ? position - 1 : nil)
            guard let source, source != position, !consumed.contains(source), sources[source] == nil else { continue }
            sources[position] = source
            consumed.insert(source)
        }
        self.sources = sources
        self.consumed = consumed
    }

    /// Whether `mode` is a matte mode the reading draws: alpha and alpha inverted (Core
    /// Animation's engine), luma and luma inverted too in After Effects' reading.
    static func isDrawn(_ mode: Int, reading: LottieReading = .iOS) -> Bool {
        mode == 1 || mode == 2 || (reading.drawsAfterEffectsFeatures && (mode == 3 || mode == 4))
    }
}
