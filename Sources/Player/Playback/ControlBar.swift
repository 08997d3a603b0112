// `play`'s control bar: a strip along the bottom of the window built of our own layers — a
// CAShapeLayer play/pause glyph, a scrubber (track, filled part and knob as CALayers with
// corner radii), CATextLayers for the time and frame, and three text buttons (loop, speed,
// background). It is laid out for a window width, shows a PlaybackClock, and says which
// control a point falls on; it never draws anything itself (LayerKit's renderer does).

import LayerKit
import Raster

/// A control of the bar, as a point in the window falls on it.
public enum BarControl: Equatable, Sendable {
    case playPause
    /// The scrubber at this fraction of its track (0 start … 1 end).
    case scrubber(Double)
    case loop, speed, background
}

/// The bar's layers and layout (see the file header).
public final class ControlBar {
    public static let height = 40.0
    /// The bar's root: a translucent dark strip `height` points tall at the window's bottom.
    public let layer = CALayer()
    private let playGlyph = CAShapeLayer()
    private let track = CALayer()
    private let filled = CALayer()
    private let knob = CALayer()
    private let timeLabel = CATextLayer()
    private let loopButton = ControlBar.button()
    private let speedButton = ControlBar.button()
    private let backgroundButton = ControlBar.button()
    /// The scrubber's track in bar coordinates (x from its start to its end).
    public private(set) var trackSpan = (minX: 0.0, maxX: 1.0)
    private var width = 0.0
    private var shown: (fraction: Double, playing: Bool, label: String, loops: Bool, speed: String, background: String)?

    static let accent = Color(0.24, 0.56, 1.0)
    static let buttonFill = Color(1, 1, 1, 0.14)

    public init() {
        layer.name = "control bar"
        layer.anchorPoint = .zero
        layer.backgroundColor = Color(0.07, 0.07, 0.09, 0.82)
        playGlyph.fillColor = .white
        track.backgroundColor = Color(1, 1, 1, 0.28)
        track.cornerRadius = 2
        filled.backgroundColor = Self.accent
        filled.cornerRadius = 2
        filled.anchorPoint = .zero
        knob.backgroundColor = .white
        knob.cornerRadius = 7
        knob.bounds = Rect(0, 0, 14, 14)
        timeLabel.fontSize = 12
        timeLabel.foregroundColor = .white
        timeLabel.alignmentMode = .center
        for l in [playGlyph, track, timeLabel, loopButton, speedButton, backgroundButton] as [CALayer] { layer.addSublayer(l) }
        track.addSublayer(filled)
        layer.addSublayer(knob)
    }

    /// A rounded box with a centred label (its only sublayer).
    private static func button() -> CALayer {
        let box = CALayer()
        box.backgroundColor = buttonFill
        box.cornerRadius = 5
        let label = CATextLayer()
        label.fontSize = 12
        label.foregroundColor = .white
        label.alignmentMode = .center
        box.addSublayer(label)
        return box
    }

    private static func setLabel(_ box: CALayer, _ text: String) {
        (box.sublayers?.first as? CATextLayer)?.string = text
    }

    // The widths of the pieces, left to right: glyph, scrubber (the rest), time, loop, speed, background.
    static let glyphWidth = 40.0, timeWidth = 206.0, compactTimeWidth = 84.0, loopWidth = 50.0, speedWidth = 50.0,
               backgroundWidth = 66.0, gap = 6.0, minimumTrack = 80.0
    /// How much a narrow window leaves out: 0 everything, 1 the short time label (frame
    /// numbers only), 2 also the three buttons (their keys still work), 3 also the label.
    public private(set) var narrowness = 0

    /// Lays the bar out for a window `windowSize` points big (inside a transaction without
    /// actions): the strip along the bottom, the scrubber taking what the rest leaves, the
    /// pieces a narrow window has no room for left out.
    public func layout(windowSize: Size) {
        width = windowSize.width
        let h = Self.height
        layer.bounds = Rect(0, 0, windowSize.width, h)
        layer.position = Point(0, windowSize.height - h)
        playGlyph.frame = Rect(8, 8, 24, 24)
        let buttons = Self.loopWidth + Self.speedWidth + Self.backgroundWidth + 4 * Self.gap
        let fixed = Self.glyphWidth + 8 + Self.minimumTrack + 10
        narrowness = width >= fixed + Self.timeWidth + buttons ? 0
            : width >= fixed + Self.compactTimeWidth + buttons ? 1
            : width >= fixed + Self.compactTimeWidth ? 2 : 3
        var x = windowSize.width - Self.gap
        func place(_ box: CALayer, _ w: Double) {
            box.isHidden = narrowness >= 2
            guard narrowness < 2 else { return }
            x -= w
            box.frame = Rect(x, 8, w, 24)
            // The label's line box is 15 points tall for a 12-point font: centred in the box.
            box.sublayers?.first?.frame = Rect(0, 4.5, w, 15)
            x -= Self.gap
        }
        place(backgroundButton, Self.backgroundWidth)
        place(speedButton, Self.speedWidth)
        place(loopButton, Self.loopWidth)
        timeLabel.isHidden = narrowness >= 3
        if narrowness < 3 {
            let w = narrowness == 0 ? Self.timeWidth : Self.compactTimeWidth
            x -= w
            timeLabel.frame = Rect(x, 12.5, w, 15)
        }
        let start = Self.glyphWidth + 8, end = max(start + 20, x - 10)
        trackSpan = (start, end)
        track.frame = Rect(start, h / 2 - 2, end - start, 4)
        shown = nil
    }

    /// Shows `clock` and the background choice (only what changed is set, so an idle bar
    /// damages nothing).
    public func show(_ clock: PlaybackClock, background: PlaybackBackground) {
        let label = narrowness == 0 ? clock.label : clock.compactLabel
        let now = (clock.fraction(of: clock.time), clock.isPlaying, label, clock.loops, clock.speedLabel, background.label)
        if let s = shown, s == now { return }
        if shown?.playing != now.1 { playGlyph.path = Self.glyph(playing: now.1) }
        if shown?.label != now.2 { timeLabel.string = now.2 }
        if shown?.loops != now.3 {
            Self.setLabel(loopButton, "Loop")
            loopButton.backgroundColor = now.3 ? Self.accent : Self.buttonFill
        }
        if shown?.speed != now.4 { Self.setLabel(speedButton, now.4) }
        if shown?.background != now.5 { Self.setLabel(backgroundButton, now.5) }
        if shown?.fraction != now.0 {
            let w = (trackSpan.maxX - trackSpan.minX) * now.0
            filled.frame = Rect(0, 0, w, 4)
            knob.position = Point(trackSpan.minX + w, Self.height / 2)
        }
        shown = now
    }

    /// Pause bars while playing, a play triangle while paused, in a 24-point box.
    static func glyph(playing: Bool) -> Path {
        var p = Path()
        if playing {
            p.addRect(Rect(6, 4, 4, 16))
            p.addRect(Rect(14, 4, 4, 16))
        } else {
            p.move(to: Point(7, 4)); p.addLine(to: Point(20, 12)); p.addLine(to: Point(7, 20)); p.closeSubpath()
        }
        return p
    }

    /// The fraction of the track at window x (clamped to 0…1).
    public func scrubberFraction(atX x: Double) -> Double {
        let span = trackSpan.maxX - trackSpan.minX
        return span > 0 ? min(max((x - trackSpan.minX) / span, 0), 1) : 0
    }

    /// The control under `p` (window points), nil outside the bar or between controls. The
    /// scrubber takes the bar's whole height over its track and a few points either side.
    public func control(at p: Point) -> BarControl? {
        let top = layer.position.y
        guard p.y >= top, p.y < top + Self.height, p.x >= 0, p.x < width else { return nil }
        if p.x < Self.glyphWidth { return .playPause }
        if p.x >= trackSpan.minX - 8 && p.x <= trackSpan.maxX + 8 { return .scrubber(scrubberFraction(atX: p.x)) }
        for (box, control) in [(loopButton, BarControl.loop), (speedButton, .speed), (backgroundButton, .background)] where !box.isHidden {
            if p.x >= box.frame.minX && p.x < box.frame.maxX { return control }
        }
        return nil
    }
}
