// The options a window run is given from the command line.

import Raster

/// Everything a window run is told from outside: the command line's player options.
public struct PlayerConfiguration: Sendable {
    /// The window title (xdotool finds the window by it).
    public var title = "LayerKit Gallery"
    /// The window size in points.
    public var size = Size(800, 600)
    /// `size` is the content's own, not asked for: the first window is that size scaled down
    /// to fit the screen's usable area, aspect kept (`--size` turns this off).
    public var fitsScreen = false
    /// Quit after this many seconds (nil: run until closed).
    public var duration: Double?
    /// Clicks, keys and screenshots at their times (seconds from the first frame).
    public var script: [ScriptedInput] = []
    /// Log every input event, one line each, on stderr.
    public var verbose = false
    /// Write one CSV row per frame here at exit.
    public var recordTimingsPath: String?
    /// Write a Chrome Trace Event JSON file here at exit.
    public var tracePath: String?
    /// Ask for vsync (`--no-vsync` turns it off: the link always paces itself).
    public var vsync = true
    /// Ask for a real-time (or at least high) priority for the frame loop thread, so busy
    /// machines delay its wake-ups less (`--no-realtime` turns it off).
    public var realtimePriority = true
    /// Show the frame-time graph from the start (key F toggles it).
    public var showFrameGraph = false
    /// How frames reach the screen: the window surface on software renderers (auto), or one
    /// path always.
    public var presentPath = PresentPath.auto
    /// Core Animation's debugging aids at the start (keys F1–F8 toggle them).
    public var debugAids = DebugAids()
    /// Start fullscreen at the desktop's resolution (key F11 toggles it).
    public var fullscreen = false
    /// How each frame's raster is split over threads (`--threads`; BandedRasterizer.swift).
    public var frameThreads = FrameThreads.automatic
    public init() {}
}
