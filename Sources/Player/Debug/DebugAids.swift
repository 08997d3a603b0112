// Core Animation's debugging aids as Instruments' Core Animation options and the Simulator's
// Debug menu have them: which are on, and the key that toggles each in the window. The
// function keys are used because scenes and demos consume letters, arrows, Space and Escape.

/// The debugging aids a run starts with (command-line flags) and toggles (keys).
public struct DebugAids: Sendable, Equatable {
    /// "Color Blended Layers": drawing that blends with what is below tinted red, opaque
    /// drawing green.
    public var colorBlendedLayers = false
    /// "Color Offscreen-Rendered": everything drawn through an offscreen pass (group opacity,
    /// masks, 3D planes, transitions) tinted yellow.
    public var colorOffscreenRendered = false
    /// "Flash Updated Regions": each frame's damaged rectangle flashes yellow.
    public var flashUpdatedRegions = false
    /// "Slow Animations": media time runs at `slowAnimationFactor` while the frame rate stays.
    public var slowAnimations = false
    /// The fraction media time runs at under Slow Animations (1/10 by default).
    public var slowAnimationFactor = 0.1
    /// Media time stands still; the step key advances it by one frame.
    public var paused = false
    /// Each drawn layer's bounds and name; the layer under the pointer with its presentation values.
    public var layerOutlines = false
    /// Counts of layers, animations and offscreen bitmaps on screen.
    public var stats = false
    /// "Color Hits Green and Misses Red": each rasterized layer (shouldRasterize) tinted green
    /// when its cached bitmap was reused this frame, red when it was drawn again.
    public var colorHitsMisses = false

    public init() {}

    /// Whether anything is drawn over the frame.
    public var drawsOverlay: Bool {
        colorBlendedLayers || colorOffscreenRendered || flashUpdatedRegions || layerOutlines || stats || colorHitsMisses
    }

    /// The rate of media time against real time.
    public var mediaRate: Double { paused ? 0 : (slowAnimations ? slowAnimationFactor : 1) }

    /// One toggle: its key (SDL's name), its name as Core Animation's tools spell it, the flag.
    public struct Toggle {
        public let key: String
        public let title: String
        public let flag: String
        public let keyPath: WritableKeyPath<DebugAids, Bool>
    }

    /// Every toggle, in key order. The single-frame step (`stepKey`) is not a toggle.
    public static var toggles: [Toggle] { [
        Toggle(key: "F1", title: "Color Blended Layers", flag: "--color-blended-layers", keyPath: \.colorBlendedLayers),
        Toggle(key: "F2", title: "Color Offscreen-Rendered", flag: "--color-offscreen-rendered", keyPath: \.colorOffscreenRendered),
        Toggle(key: "F3", title: "Flash Updated Regions", flag: "--flash-updated-regions", keyPath: \.flashUpdatedRegions),
        Toggle(key: "F4", title: "Slow Animations", flag: "--slow-animations", keyPath: \.slowAnimations),
        Toggle(key: "F5", title: "Layer Outlines", flag: "--layer-outlines", keyPath: \.layerOutlines),
        Toggle(key: "F6", title: "Statistics", flag: "--stats", keyPath: \.stats),
        Toggle(key: "F7", title: "Pause", flag: "--paused", keyPath: \.paused),
        Toggle(key: "F9", title: "Color Hits Green and Misses Red", flag: "--color-hits-misses", keyPath: \.colorHitsMisses),
    ] }
    /// Advances paused media time by one frame.
    public static let stepKey = "F8"

    /// Toggles the aid bound to `key`; returns its title and new state, nil when no aid has it.
    public mutating func toggle(key: String) -> (title: String, on: Bool)? {
        guard let t = Self.toggles.first(where: { $0.key == key }) else { return nil }
        self[keyPath: t.keyPath].toggle()
        return (t.title, self[keyPath: t.keyPath])
    }
}
