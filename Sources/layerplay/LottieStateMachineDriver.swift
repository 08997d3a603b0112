// `play --state-machine`: a dotLottie state machine as the playback driver of its Lottie
// scene — the window's real time advances the machine, the frame shown is its state's, the
// pointer over the content is tested against the Lottie layers under it
// (`LottieScene.layerNames(at:)`) and its position drives drags, and the window title carries the current state.
import LayerKit
import Lottie
import Player

final class LottieStateMachineDriver: PlaybackDriver {
    let stage: LottieStateMachineStage
    var machine: LottieStateMachine { stage.machine }
    private var clock = 0.0

    init(stage: LottieStateMachineStage) {
        self.stage = stage
    }

    func advance(by seconds: Double) { machine.advance(by: seconds); clock += seconds }

    /// The stage root's time showing the machine's frame (of the animation its state names).
    var time: Double { stage.show(at: clock) }

    func pointer(_ event: PlaybackPointer, at point: Point) {
        // The point is the content's (the player converted the window's); a drag follows it.
        stage.applySlots()
        switch event {
        case .down: machine.pointer(.down, at: point)
        case .up: machine.pointer(.up, at: point)
        case .move: machine.pointer(.move, at: point)
        case .click: machine.pointer(.click, at: point)
        }
    }

    var status: String {
        let animation = machine.animationID.map { ", animation: \(DocumentText.escaped($0, limit: DocumentText.quotedLength))" } ?? ""
        return "state: \(DocumentText.escaped(machine.currentState, limit: DocumentText.quotedLength))\(animation)"
    }
}
