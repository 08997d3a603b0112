// Animated PNG (APNG 1.0, the Mozilla specification, in PNG 3rd edition): IHDR, acTL (frame
// count, plays), then per frame fcTL (sequence number, rectangle, delay as a fraction,
// dispose and blend operations) and its data — the first frame as IDAT (the default image,
// what a plain PNG reader shows), the others as fdAT with a sequence number. Debian's libpng
// has no APNG writer, so the chunks are written here over zlib.
//
// Each frame after the first covers only the rectangle that changed since the frame before,
// drawn with APNG_BLEND_OP_SOURCE (its pixels replace the canvas's, transparent ones too) over
// the previous frame left in place (APNG_DISPOSE_OP_NONE).

/// Writes an animated PNG.
public final class APNGEncoder: FrameEncoder {
    let settings: ExportSettings
    let file: OutputFile
    let level: Int32
    private var sequence = 0

    init(path: String, settings: ExportSettings) throws {
        self.settings = settings
        // Lossless: quality trades time for size (zlib level 1…9).
        level = Int32(max(1, min(9, settings.quality / 11)))
        file = try OutputFile(path: path)
        try file.write(PNGChunks.signature + PNGChunks.header(width: settings.width, height: settings.height)
            + PNGChunks.chunk("acTL", be32(settings.frameCount) + be32(max(0, settings.loopCount))))
    }

    public func prepare(_ image: RGBAImage, previous: RGBAImage?, index: Int) throws -> PreparedFrame {
        var rect = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        if index > 0, let previous { rect = image.changedRect(from: previous) ?? PixelRect(x: 0, y: 0, width: 1, height: 1) }
        let frame = PreparedFrame(index: index, image: image, rect: rect)
        frame.data = try PNGChunks.compressedRows(image, rect: rect, level: level)
        return frame
    }

    public func write(_ frame: PreparedFrame) throws {
        let i = frame.index
        // Delays as num/den seconds: the difference of rounded start times in 1/1000 s.
        let delay = settings.start(ofFrame: i + 1, denominator: 1000) - settings.start(ofFrame: i, denominator: 1000)
        let r = frame.rect
        var out = PNGChunks.chunk("fcTL", be32(sequence) + be32(r.width) + be32(r.height) + be32(r.x) + be32(r.y)
            + be16(min(65535, max(0, delay))) + be16(1000) + [0, 0])
        sequence += 1
        if i == 0 {
            out += PNGChunks.chunk("IDAT", frame.data)
        } else {
            out += PNGChunks.chunk("fdAT", be32(sequence) + frame.data)
            sequence += 1
        }
        try file.write(out)
    }

    public func finish() throws {
        try file.write(PNGChunks.chunk("IEND", []))
        try file.close()
    }
}
