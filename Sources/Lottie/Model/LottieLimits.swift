// The most a Lottie file may make the importer allocate or walk. Every count a file controls
// is checked against one of these before anything of that size is built, and a refusal is a
// `DocumentError` naming the place and the limit.
import LayerKit

/// The limits the Lottie importer enforces.
public enum LottieLimits {
    /// The largest file (JSON or archive), in bytes.
    public static let maximumFileBytes = 64 * 1024 * 1024
    /// The most layers the importer builds for one file (precomps expanded, parents repeated).
    public static let maximumLayers = 50_000
    /// The most keyframes of one property.
    public static let maximumKeyframes = 10_000
    /// The most vertices of one bezier path.
    public static let maximumVertices = 100_000
    /// The most vertices of all the paths the generated layers hold: every shape layer's and
    /// mask's path, each keyframe's value counted, each repeater copy and precomposition
    /// instance counted again (what is kept in memory and flattened when drawn).
    public static let maximumVerticesInAll = 1_000_000
    /// The deepest nesting of precompositions, shape groups or parent chains.
    public static let maximumNesting = 64
    /// The most frames an animation is sampled at where Core Animation's keyframes cannot
    /// express Lottie's timing exactly (time remapping, several animated inputs to one path).
    public static let maximumSamples = 4_000
    /// The most values of all the sampled animations of one file together (each sample of a
    /// path counted as its number of path elements): the budget that time remapping and
    /// sampled shapes draw from across all layers, repeater copies and precompositions.
    public static let maximumSampledValues = 1_000_000
    /// The deepest generated layer tree (layers inside layers, mask layers and the levels of
    /// intersect, subtract and inverted masks included): what the layer tree, the display
    /// list and the renderer walk recursively.
    public static let maximumTreeDepth = 256
    /// The most points of a star or polygon.
    public static let maximumStarPoints = 1_000
    /// The most copies a repeater makes.
    public static let maximumRepeaterCopies = 1_000
    /// The most shape items repeaters copy in all, in After Effects' reading (each copy holds
    /// the items listed before its repeater, and a later repeater copies the earlier one's
    /// copies): what the copies' groups hold in memory before any layer is built.
    public static let maximumRepeatedItems = 1_000_000
    /// The largest embedded image, decoded, in pixels.
    public static let maximumImagePixels = DocumentLimits.maximumPixels
    /// The most characters of one text layer's document.
    public static let maximumTextCharacters = 10_000
}
