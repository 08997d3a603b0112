// Content that decides its own time: a file whose frame is chosen by something it carries (a
// dotLottie state machine) rather than by the playback clock. `play`'s scene advances it by
// the real time that passed (times the speed, while playing), shows the content time it
// gives, hands it the pointer's events over the content (in the content's points, controls
// excepted) and puts its status in the window title. The Player module knows neither file
// format: the command that loads the file supplies the driver.
import LayerKit

public enum PlaybackPointer: Sendable { case down, up, move, click }

public protocol PlaybackDriver: AnyObject {
    /// Advances the driver's own clock by `seconds`.
    func advance(by seconds: Double)
    /// The content time to show now (the root's local time).
    var time: Double { get }
    /// A pointer event at `point` of the content (its points, 0…width × 0…height).
    func pointer(_ event: PlaybackPointer, at point: Point)
    /// A few words for the window title (a state machine's current state).
    var status: String { get }
}
