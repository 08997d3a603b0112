// A dotLottie state machine with the animations of the archive it can show: the animation
// loaded first is the stage, and each other animation a state names (`PlaybackState.animation`)
// is loaded the same way (reading, theme, expressions, dynamic properties) and its root added
// to the stage's root, hidden. Showing a frame shows the machine's current animation only —
// the first one's own layers, or one added root — at the machine's frame: Core Animation's
// local time of a sublayer is its parent's plus its `timeOffset` (speed 1, beginTime 0), so
// the added root is offset from the stage's. The slot values the machine sets (state slots,
// drags) are laid over the slots of the animation shown and its layers built again when they
// change (`LottieScene.applySlots`), before the frame is shown; an animation shown again after
// another starts from its own slots (the machine reseeds them, as dotlottie-rs reloads it), so
// one left with values written is built again without them. A ghost drag's copies are shown
// by the animation shown (`LottieScene.showGhosts`). Drags and pointer events find layers in the
// animation shown: the machine follows it itself (`LottieStateMachine.geometry`).
import Foundation
import LayerKit
import Lottie
import Player

final class LottieStateMachineStage {
    let machine: LottieStateMachine
    /// The animation loaded first: its root is the one the window or the renderer draws.
    let scene: LottieScene
    private let firstID: String?
    private let others: [String: LottieScene]
    private var ownLayers: [CALayer]
    /// The machine's slot revision the layers show, and the animation they were applied to.
    private var slotRevision = 0
    private var slotScene: ObjectIdentifier?
    /// The animations whose layers were built with values written.
    private var written = Set<ObjectIdentifier>()
    /// The file shown, for the one line a refused slot change prints.
    private let fileName: String
    /// The animations whose slots could not be applied (then they are not tried again).
    private var slotFailures = Set<ObjectIdentifier>()
    /// The rebuilds for slot changes and the seconds they took.
    private(set) var slotRebuilds: [Double] = []

    init(machine: LottieStateMachine, scene: LottieScene, others: [String: LottieScene], fileName: String) {
        self.machine = machine
        self.fileName = fileName
        self.scene = scene
        self.firstID = machine.animationID
        self.others = others
        ownLayers = scene.builtLayers
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for id in others.keys.sorted() {
            others[id]!.root.isHidden = true
            scene.root.addSublayer(others[id]!.root)
        }
        CATransaction.commit()
    }

    /// Builds the shown animation's layers again when the machine's slot values changed, or
    /// when another animation is shown (with its own values, or none written).
    func applySlots() {
        let target = current, id = ObjectIdentifier(target)
        guard machine.slotRevision != slotRevision || slotScene != id else { return }
        slotRevision = machine.slotRevision
        slotScene = id
        let values = machine.slotValues
        // An animation never built with values written needs no rebuild to show none.
        guard !slotFailures.contains(id), !values.isEmpty || written.contains(id) else { return }
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            try target.applySlots(values)
        } catch {
            slotFailures.insert(id)
            printError("layerplay: \(fileName): state machine: slot values not applied: \(error.description)")
            return
        }
        if values.isEmpty { written.remove(id) } else { written.insert(id) }
        if slotRebuilds.count < 100_000 { slotRebuilds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
        if target === scene { ownLayers = scene.builtLayers }
    }

    /// Shows the machine's ghost copies in the animation shown, none in the others.
    private func showGhosts() {
        let shown = current
        for other in [scene] + others.values where other !== shown { other.showGhosts([:]) }
        shown.showGhosts(machine.ghosts)
    }

    /// The animation shown now.
    var current: LottieScene { machine.animationID.flatMap { others[$0] } ?? scene }

    /// The stage root's local time that shows the machine's frame when the clock reads `t`,
    /// with only the current animation visible.
    func show(at t: Double) -> Double {
        applySlots()
        showGhosts()
        let shown = machine.animationID.flatMap { others[$0] }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for l in ownLayers where l.isHidden != (shown != nil) { l.isHidden = shown != nil }
        for (id, other) in others {
            let visible = id == machine.animationID
            if other.root.isHidden == visible { other.root.isHidden = !visible }
        }
        let rootTime: Double
        if let shown {
            rootTime = t
            shown.root.timeOffset = shown.time(forFrame: machine.frame) - t
        } else {
            rootTime = scene.time(forFrame: machine.frame)
        }
        CATransaction.commit()
        return rootTime
    }
}
