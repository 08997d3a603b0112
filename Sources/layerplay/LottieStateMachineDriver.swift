// `play --state-machine`: a dotLottie state machine as the playback driver of its Lottie
// scene — the window's real time advances the machine, the frame shown is its state's, the
// pointer over the content is tested against the Lottie layers under it
// (`LottieScene.layerNames(at:)`), and the window title carries the current state.
import LayerKit
import Lottie
import Player

final class LottieStateMachineDriver: PlaybackDriver {
    let machine: LottieStateMachine
    let scene: LottieScene

    init(machine: LottieStateMachine, scene: LottieScene) {
        self.machine = machine
        self.scene = scene
    }

    func advance(by seconds: Double) { machine.advance(by: seconds) }

    var time: Double { scene.time(forFrame: machine.frame) }

    func pointer(_ event: PlaybackPointer, at point: Point) {
        let layers = scene.layerNames(at: point)
        switch event {
        case .down: machine.pointer(.down, over: layers)
        case .up: machine.pointer(.up, over: layers)
        case .move: machine.pointer(.move, over: layers)
        case .click: machine.pointer(.click, over: layers)
        }
    }

    var status: String { "state: \(DocumentText.escaped(machine.currentState, limit: DocumentText.quotedLength))" }
}
