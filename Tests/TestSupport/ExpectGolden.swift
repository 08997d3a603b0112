// The image comparisons every test target uses. A golden is the project's own earlier render:
// with LAYERKIT_UPDATE_GOLDENS=1 the new render replaces it in the source tree and nothing is
// compared. A reference (e.g. another renderer's output) is never rewritten. Either way the
// PNG (read through Media) must exist, have the render's size and lie within the tolerance;
// a failing render is written to the temporary folder and named in the message.
import Foundation
import Media
import Raster
import Testing

/// Compares `bitmap` with golden `name` of `folder` within `tolerance`, or rewrites the golden
/// when `GoldenFolder.updating`.
public func expectGolden(_ bitmap: Bitmap, _ name: String, in folder: GoldenFolder, tolerance: GoldenTolerance,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
    if GoldenFolder.updating {
        let url = folder.sourceURL(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try bitmap.writePNG(url.path)
        return
    }
    try expectSimilar(bitmap, toPNGAt: folder.readURL(name), name: name, tolerance: tolerance,
                      writingFailuresTo: folder.actualURL(name), sourceLocation: sourceLocation)
}

/// Compares `bitmap` with the PNG at `url` within `tolerance`, recording an issue at
/// `sourceLocation` when the file is missing, of another size, or too different; on failure
/// the render is written to `actualURL` when given.
public func expectSimilar(_ bitmap: Bitmap, toPNGAt url: URL, name: String, tolerance: GoldenTolerance,
                          writingFailuresTo actualURL: URL?, sourceLocation: SourceLocation = #_sourceLocation) throws {
    guard FileManager.default.fileExists(atPath: url.path) else {
        Issue.record("\(name): missing \(url.path); goldens are written with LAYERKIT_UPDATE_GOLDENS=1",
                     sourceLocation: sourceLocation)
        return
    }
    let reference = try Bitmap.readPNG(url.path)
    let d = try #require(bitmap.difference(from: reference, threshold: tolerance.threshold),
                         "\(name): size \(bitmap.width)×\(bitmap.height) ≠ \(reference.width)×\(reference.height) of \(url.path)",
                         sourceLocation: sourceLocation)
    guard !tolerance.accepts(d) else { return }
    var note = ""
    if let actualURL, (try? bitmap.writePNG(actualURL.path)) != nil { note = " (render: \(actualURL.path))" }
    if let maxMean = tolerance.maxMeanAbsolute {
        #expect(d.meanAbsolute <= maxMean, "\(name): \(d)\(note)", sourceLocation: sourceLocation)
    }
    #expect(d.shareOverThreshold <= tolerance.maxShareOverThreshold, "\(name): \(d)\(note)", sourceLocation: sourceLocation)
}
