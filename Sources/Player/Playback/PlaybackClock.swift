// The time of the content `play` shows, as the control bar and the keys move it: playing or
// paused, looping or holding the last frame, a speed from a fixed ladder, frame steps, and
// the mapping between time and a point on the scrubber. Pure state, no layers, no SDL: the
// scene writes `time` into its content's clock layer each frame (speed 0, timeOffset = time,
// Core Animation's way of freezing a layer's time: local = (parent − beginTime) × speed +
// timeOffset), so a seek, a step or a pause is one assignment.

/// Playback time of one piece of content: `time` in seconds from its start (Lottie: from the
/// in point), frames at `frameRate`.
public struct PlaybackClock: Sendable, Equatable {
    /// The speeds the speed control and the `[`/`]` keys step through (0.25–4×).
    public static let speeds: [Double] = [0.25, 0.5, 1, 1.5, 2, 4]
    /// Seconds from the first frame to the end (Lottie: (op − ip) / fr); 0 for still content.
    public let duration: Double
    /// Frames per second (Lottie: `fr`; documents: 60).
    public let frameRate: Double
    /// The time shown, within 0…`lastFrameTime`.
    public private(set) var time: Double = 0
    public var isPlaying = true
    /// At the end: start again (true) or hold the last frame and pause.
    public var loops = true
    /// Playback rate, one of `speeds` once stepped (the command line may start elsewhere).
    public var speed: Double = 1

    public init(duration: Double, frameRate: Double) {
        self.duration = duration.isFinite && duration > 0 ? duration : 0
        self.frameRate = frameRate.isFinite && frameRate > 0 ? frameRate : 60
    }

    /// The number of frames: ⌈duration × frameRate⌉, at least 1. Frame n shows time n / frameRate.
    public var frameCount: Int {
        let n = (duration * frameRate - 1e-9).rounded(.up)
        return n.isFinite ? max(1, Int(min(n, 1e9))) : 1
    }
    /// The last frame's index and time: where playback holds when it does not loop (the out
    /// point itself is past the last frame: a Lottie layer is shown for frames in [ip, op)).
    public var lastFrame: Int { frameCount - 1 }
    public var lastFrameTime: Double { Double(lastFrame) / frameRate }
    /// The frame on screen: the one whose interval [n, n + 1) / frameRate holds `time`.
    public var frame: Int { min(lastFrame, max(0, Int((time * frameRate + 1e-9).rounded(.down)))) }

    /// Advances by `seconds` of real time while playing: times `speed`; at the end it wraps
    /// around (looping) or holds the last frame and pauses.
    public mutating func advance(by seconds: Double) {
        guard isPlaying, seconds.isFinite, seconds > 0 else { return }
        guard duration > 0 else { return }
        let t = time + seconds * speed
        if t < duration && (loops || t <= lastFrameTime) {
            time = t
        } else if loops {
            time = t.truncatingRemainder(dividingBy: duration)
        } else {
            time = lastFrameTime
            isPlaying = false
        }
    }

    /// Shows time `t` (clamped to the content).
    public mutating func seek(to t: Double) {
        time = t.isFinite ? min(max(t, 0), lastFrameTime) : 0
    }

    /// Shows frame `n` (clamped).
    public mutating func seek(toFrame n: Int) { seek(to: Double(min(max(n, 0), lastFrame)) / frameRate) }

    /// Pauses and moves `n` frames (negative: back), stopping at the first and last frame.
    public mutating func step(frames n: Int) {
        isPlaying = false
        seek(toFrame: frame + n)
    }

    /// Space: pause, or play — from the start again when paused on the last frame of content
    /// that does not loop.
    public mutating func togglePlaying() {
        if !isPlaying && !loops && frame == lastFrame && duration > 0 { seek(to: 0) }
        isPlaying.toggle()
    }

    /// The next faster (`up`) or slower speed on the ladder; stays at either end.
    public mutating func stepSpeed(up: Bool) {
        let s = Self.speeds
        if up { speed = s.first { $0 > speed + 1e-9 } ?? s.last! } else { speed = s.last { $0 < speed - 1e-9 } ?? s.first! }
    }

    /// The speed control's click: the next faster speed, from the fastest back to the slowest.
    public mutating func cycleSpeed() {
        speed = Self.speeds.first { $0 > speed + 1e-9 } ?? Self.speeds[0]
    }

    // MARK: The scrubber

    /// Where `time` sits on a scrubber track of the given span: 0 at the start, 1 at the end.
    public func fraction(of t: Double) -> Double { duration > 0 ? min(max(t / duration, 0), 1) : 0 }

    /// The time a scrubber fraction stands for, snapped to the frame it falls in (so what is
    /// shown is a frame the time label names).
    public func time(atFraction f: Double) -> Double {
        let f = f.isFinite ? min(max(f, 0), 1) : 0
        let n = min(lastFrame, Int((f * duration * frameRate + 1e-9).rounded(.down)))
        return Double(max(0, n)) / frameRate
    }

    /// The label beside the scrubber: `1.23 s / 4.00 s · frame 74 / 240`.
    public var label: String {
        "\(formatFixed(time, 2)) s / \(formatFixed(duration, 2)) s · frame \(frame) / \(lastFrame)"
    }

    /// The label where the window is narrow: `74 / 240` (frames).
    public var compactLabel: String { "\(frame) / \(lastFrame)" }

    /// The speed as the control shows it: `0.25×`, `1×`, `1.5×`.
    public var speedLabel: String {
        let s = speed == speed.rounded() ? "\(Int(speed))" : formatFixed(speed, speed * 10 == (speed * 10).rounded() ? 1 : 2)
        return "\(s)×"
    }
}
