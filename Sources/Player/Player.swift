// Player: SDL window, display link, event loop, timings.
//
// The host every scene runs in. `WindowHost` opens the SDL window and paces frames with the
// display link's clock; `HeadlessRunner` drives the same frame (events → timers and display
// links → update → render) with a manual clock and no window. Scenes implement `PlayerScene`.
import LayerKit

/// A failure the player reports as one line (no crash): bad input, no video device, I/O.
public struct PlayerError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
