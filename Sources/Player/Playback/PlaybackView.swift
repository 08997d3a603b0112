// How `play` places its content in the window: the zoom (fit to the window, or a scale of
// the content's own size, `+`/`-` by a factor of 1.25 between 1/16 and 16, centred) and what
// shows through transparent content (a checkerboard, white or black: key B).

import Raster

/// The content's scale in the window.
public enum PlaybackZoom: Equatable, Sendable {
    /// Aspect-fit into the window (key 0; the start).
    case fit
    /// This many window points per content point (key 1: 1).
    case scale(Double)

    public static let step = 1.25
    public static let range = (1.0 / 16)...16.0

    /// The scale for `content` in a `window`: fit's is min(w/cw, h/ch).
    public func scale(content: Size, window: Size) -> Double {
        switch self {
        case .fit:
            guard content.width > 0, content.height > 0 else { return 1 }
            return max(min(window.width / content.width, window.height / content.height), 1e-6)
        case .scale(let s): return s
        }
    }

    /// `+` (`in`) or `-` from the scale now shown.
    public func zoomed(in zoomIn: Bool, content: Size, window: Size) -> PlaybackZoom {
        let s = scale(content: content, window: window) * (zoomIn ? Self.step : 1 / Self.step)
        return .scale(min(max(s, Self.range.lowerBound), Self.range.upperBound))
    }

    /// The content's frame in the window: scaled and centred.
    public func frame(content: Size, window: Size) -> Rect {
        let s = scale(content: content, window: window)
        let w = content.width * s, h = content.height * s
        return Rect((window.width - w) / 2, (window.height - h) / 2, w, h)
    }
}

/// What is drawn behind the content (key B cycles).
public enum PlaybackBackground: String, CaseIterable, Sendable {
    case checkerboard, white, black
    public var next: PlaybackBackground {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
    /// The control's label.
    public var label: String {
        switch self { case .checkerboard: "Checker"; case .white: "White"; case .black: "Black" }
    }
}
