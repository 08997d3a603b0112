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
    /// The deepest nesting of precompositions, shape groups or parent chains.
    public static let maximumNesting = 64
    /// The most frames an animation is sampled at where Core Animation's keyframes cannot
    /// express Lottie's timing exactly (time remapping, several animated inputs to one path).
    public static let maximumSamples = 4_000
    /// The most points of a star or polygon.
    public static let maximumStarPoints = 1_000
    /// The most copies a repeater makes.
    public static let maximumRepeaterCopies = 1_000
    /// The largest embedded image, decoded, in pixels.
    public static let maximumImagePixels = DocumentLimits.maximumPixels
    /// The most characters of one text layer's document.
    public static let maximumTextCharacters = 10_000
}
