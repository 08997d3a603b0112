// A dotLottie state machine with the animations of the archive it can show: the animation
// loaded first is the stage, and each other animation a state names (`PlaybackState.animation`)
// is loaded the same way (reading, theme, expressions, dynamic properties) and its root added
// to the stage's root, hidden. Showing a frame shows the machine's current animation only —
// the first one's own layers, or one added root — at the machine's frame: Core Animation's
// local time of a sublayer is its parent's plus its `timeOffset` (speed 1, beginTime 0), so
// the added root is offset from the stage's.
import Foundation
import LayerKit
import Lottie

final class LottieStateMachineStage {
    let machine: LottieStateMachine
    /// The animation loaded first: its root is the one the window or the renderer draws.
    let scene: LottieScene
    private let firstID: String?
    private let others: [String: LottieScene]
    private let ownLayers: [CALayer]

    init(machine: LottieStateMachine, scene: LottieScene, others: [String: LottieScene]) {
        self.machine = machine
        self.scene = scene
        self.firstID = machine.animationID
        self.others = others
        ownLayers = scene.root.sublayers ?? []
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for id in others.keys.sorted() {
            others[id]!.root.isHidden = true
            scene.root.addSublayer(others[id]!.root)
        }
        CATransaction.commit()
    }

    /// The animation shown now.
    var current: LottieScene { machine.animationID.flatMap { others[$0] } ?? scene }

    /// The stage root's local time that shows the machine's frame when the clock reads `t`,
    /// with only the current animation visible.
    func show(at t: Double) -> Double {
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

    /// The names of the current animation's layers under `point` (the stage's points).
    func layerNames(at point: Point) -> [String] { current.layerNames(at: point) }
}
