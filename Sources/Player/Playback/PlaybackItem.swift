// One file `play` shows: its layer tree at the content's own size with its animations on
// (content time 0 = the animation's start), how long it runs and at what frame rate, and the
// colour under it. The commands load documents and Lottie files into these (the Player
// module knows neither format); a loader turns a path into one or into a one-line refusal.

import LayerKit
import Raster

/// A loaded file, ready to play (see the file header).
public final class PlaybackItem {
    /// The path it was read from.
    public let path: String
    /// The root, `size` points big, its animations added and committed so that their time 0
    /// is the root's local time 0 (the scene drives that time).
    public let root: CALayer
    public let size: Size
    /// Seconds from the first frame to the end (0: still content).
    public let duration: Double
    /// Frames per second (Lottie: its `fr`; documents: 60).
    public let frameRate: Double
    /// Drawn under the content (a document's `background`; clear for Lottie).
    public let background: Color
    /// What chooses the content's time instead of the playback clock (a state machine), if any.
    public var driver: PlaybackDriver?

    public init(path: String, root: CALayer, size: Size, duration: Double, frameRate: Double, background: Color) {
        self.path = path
        self.root = root
        self.size = size
        self.duration = duration
        self.frameRate = frameRate
        self.background = background
    }

    /// The file's name, as the title and the banner show it (control characters escaped).
    public var name: String {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return DocumentText.escaped(last, limit: DocumentText.quotedLength)
    }
}

/// Loads a file for `play`: the item, or the one-line refusal (`FILE: place: problem`).
public typealias PlaybackLoader = (String) -> Result<PlaybackItem, PlayerError>
