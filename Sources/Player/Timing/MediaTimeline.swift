// Media time under Slow Animations, pause and single-frame step. The display link keeps
// ticking at the refresh rate; what slows, stops or steps is the media time handed to the
// scene (its animations, timers and display-link timestamps), as the Simulator's Slow
// Animations does. Media time is a line through an anchor, (real, media), with a slope of
// the current rate: changing the rate or stepping moves the anchor to the current tick, so
// media time never jumps, and at rate 1 with no step it is exactly real time plus an offset.

/// Maps the display link's real timestamps to the scene's media time.
public struct MediaTimeline: Sendable, Equatable {
    private var anchorReal: Double
    private var anchorMedia: Double
    private var rate = 1.0
    /// Real time of the last tick.
    private var lastReal: Double
    /// Media time of the last tick.
    public private(set) var mediaTime: Double

    /// A timeline on which real time `realTime` is media time `mediaTime`.
    public init(real realTime: Double, media mediaTime: Double) {
        anchorReal = realTime
        anchorMedia = mediaTime
        lastReal = realTime
        self.mediaTime = mediaTime
    }

    /// The media time of a tick at real time `realTime`, media having run at `rate` (1 normal,
    /// 0.1 slow, 0 paused) since the previous tick.
    public mutating func advance(toRealTime realTime: Double, rate newRate: Double) -> Double {
        let r = max(0, newRate)
        if r != rate {
            anchorMedia = mediaTime
            anchorReal = lastReal
            rate = r
        }
        mediaTime = max(mediaTime, anchorMedia + (realTime - anchorReal) * rate)
        lastReal = realTime
        return mediaTime
    }

    /// Moves media time forward by `duration` (one frame: the refresh period) from the last
    /// tick; the next tick continues from there at the current rate.
    public mutating func step(by duration: Double) {
        mediaTime += max(0, duration)
        anchorMedia = mediaTime
        anchorReal = lastReal
    }
}
