// Boolean operations on paths with the names CGPath has had since iOS 16 / macOS 13
// (Core Graphics: `union(_:using:)`, `intersection(_:using:)`, `subtracting(_:using:)`,
// `symmetricDifference(_:using:)`, `normalized(using:)`, each taking a `CGPathFillRule`
// that defaults to `.winding`), computed by Raster's `PathOps` (flattened edges, an exact
// integer arrangement, winding classification; see PathBooleanOperation.swift).
//
// Apple's documentation of the operations (SwiftUI's `Path` counterparts, which carry the
// discussion CGPath's pages share):
// - union: "Returns a new path with filled regions in either this path or the given path."
// - intersection: "Returns a new path with filled regions common to both paths."
// - subtracting: "Returns a new path with filled regions from this path that are not in the
//   given path."
// - symmetricDifference: "Returns a new path with filled regions either from this path or
//   the given path, but not in both."
// - normalized: "Returns a new weakly-simple copy of this path … The returned path is a
//   weakly-simple path, has no self-intersections, and has a normalized orientation."
// - all: "Any unclosed subpaths in either path are assumed to be closed. The result of
//   filling this path using either even-odd or non-zero fill rules is identical."
// The one rule applies to both operands, as in Core Graphics. The results are polygons:
// curves are flattened to `PathOps.defaultTolerance` (0.025 units). Past Raster's limits
// (`PathOps.maximumSegments` and the others, which bound the work input can drive) these
// methods return an empty path, as they cannot fail in Apple's API; `PathOps.combine`
// throws the reason instead.
import Raster

extension Path {
    /// A new path with filled regions in either this path or `other`.
    public func union(_ other: Path, using rule: CGPathFillRule = .winding) -> Path {
        combined(.union, other, rule)
    }

    /// A new path with filled regions common to both paths.
    public func intersection(_ other: Path, using rule: CGPathFillRule = .winding) -> Path {
        combined(.intersection, other, rule)
    }

    /// A new path with filled regions from this path that are not in `other`.
    public func subtracting(_ other: Path, using rule: CGPathFillRule = .winding) -> Path {
        combined(.difference, other, rule)
    }

    /// A new path with filled regions either from this path or `other`, but not in both.
    public func symmetricDifference(_ other: Path, using rule: CGPathFillRule = .winding) -> Path {
        combined(.symmetricDifference, other, rule)
    }

    /// A weakly simple copy of this path: no self-intersections, a normalized orientation,
    /// filling the same region under either fill rule as this path does under `rule`.
    public func normalized(using rule: CGPathFillRule = .winding) -> Path {
        (try? PathOps.normalize(self, rule: rule.rasterRule)) ?? Path()
    }

    private func combined(_ op: PathBooleanOperation, _ other: Path, _ rule: CGPathFillRule) -> Path {
        (try? PathOps.combine(self, rule: rule.rasterRule, op, other, rule: rule.rasterRule)) ?? Path()
    }
}
