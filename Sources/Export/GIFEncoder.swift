// Animated GIF (GIF89a): a logical screen without a global colour table, the NETSCAPE2.0
// application extension for the loop count, then per frame a graphic control extension (delay
// in hundredths of a second, disposal, transparent index), an image descriptor with the
// frame's own 256-colour palette (MedianCutQuantizer), indices by ordered dithering
// (OrderedDitherMapper) and GIF's LZW. Delays are differences of rounded start times, so the
// total is the animation's length; a frame that repeats the one before is not written, its
// time added to that one's delay.
//
// A frame that is opaque, after an opaque one (every frame when nothing is transparent),
// covers only the rectangle that changed since the frame before, its unchanged pixels
// transparent over the previous frame, which is left in place (disposal 1, "do not dispose"):
// a still area keeps its exact pixels from frame to frame whatever the palettes. Other frames
// with transparency are whole over a cleared canvas (the frame before disposed with 2,
// "restore to background"), alpha kept by dithering it against the same Bayer thresholds.

/// Writes an animated GIF.
public final class GIFEncoder: FrameEncoder {
    let settings: ExportSettings
    let file: OutputFile
    /// Channel difference up to which a pixel counts as unchanged (lossy below quality 100).
    let tolerance: Int
    /// Per-thread quantizers and mappers, made on first use by each worker.
    private let workers = WorkerLocal<(MedianCutQuantizer, OrderedDitherMapper)> { (MedianCutQuantizer(), OrderedDitherMapper()) }

    init(path: String, settings: ExportSettings) throws {
        guard settings.width <= 65535, settings.height <= 65535 else {
            throw ExportError("GIF frames are at most 65535 pixels a side (\(settings.width)×\(settings.height))")
        }
        self.settings = settings
        tolerance = max(0, (100 - settings.quality) / 4)
        file = try OutputFile(path: path)
        var header = Array("GIF89a".utf8)
        header += le16(settings.width) + le16(settings.height) + [0, 0, 0]
        // Plays `loopCount` times: the extension counts repeats after the first (0 forever).
        if settings.loopCount != 1 {
            let repeats = settings.loopCount == 0 ? 0 : min(65535, settings.loopCount - 1)
            header += [0x21, 0xff, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + le16(repeats) + [0]
        }
        try file.write(header)
    }

    public func prepare(_ image: RGBAImage, previous: RGBAImage?, index: Int) throws -> PreparedFrame {
        let (quantizer, mapper) = workers.value
        // A frame that shows what the one before showed adds its time to that one (as
        // Pillow's and gifski's writers do): no data.
        if index > 0, let previous, image.changedRect(from: previous, tolerance: tolerance) == nil {
            return PreparedFrame(index: index, image: image, rect: PixelRect(x: 0, y: 0, width: 0, height: 0))
        }
        // A frame and the one before both opaque (always so without transparency): only the
        // changed rectangle, over the previous frame.
        var delta: RGBAImage? = nil
        if index > 0, let previous, !settings.transparent || (image.isOpaque && previous.isOpaque) { delta = previous }
        var rect = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        if let delta {
            // Nothing changed: one transparent pixel holds the frame's delay.
            rect = image.changedRect(from: delta, tolerance: tolerance) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        }
        let transparentIndex: UInt8? = settings.transparent || delta != nil ? 255 : nil
        // The palette of the pixels that will be drawn.
        for y in rect.y..<(rect.y + rect.height) {
            let start = (y * image.width + rect.x) * 4
            var p = UnsafePointer(image.bytes + start)
            var q = delta.map { UnsafePointer($0.bytes + start) }
            for _ in 0..<rect.width {
                if let qq = q {
                    if RGBAImage.differs(UnsafeMutablePointer(mutating: p), UnsafeMutablePointer(mutating: qq), tolerance) { quantizer.add(p) }
                    q = qq + 4
                } else if p[3] >= 2 {
                    quantizer.add(p)
                }
                p += 4
            }
        }
        let palette = quantizer.palette(maximumColors: transparentIndex == nil ? 256 : 255)
        let indices = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: rect.width * rect.height)
        defer { indices.deallocate() }
        mapper.map(image, rect: rect, palette: palette, strength: OrderedDitherMapper.strength(palette),
                   transparentIndex: transparentIndex, previous: delta, tolerance: tolerance, into: indices.baseAddress!)
        var out: [UInt8] = []
        // The disposal (byte 3) and the delay (bytes 4 and 5) are set when the frame is written.
        out += [0x21, 0xf9, 4, transparentIndex == nil ? 0 : 1, 0, 0, transparentIndex ?? 0, 0]
        out += [0x2c] + le16(rect.x) + le16(rect.y) + le16(rect.width) + le16(rect.height) + [0x80 | 7]
        var table = palette
        table += [UInt8](repeating: 0, count: 768 - table.count)
        out += table
        out += gifLZW(UnsafeBufferPointer(indices))
        let frame = PreparedFrame(index: index, image: image, rect: rect)
        frame.data = out
        frame.drawsOverPrevious = delta != nil
        return frame
    }

    /// The last frame with data, held until the frames after it that repeat it are counted.
    private var pending: [UInt8]?
    private var pendingDelay = 0

    public func write(_ frame: PreparedFrame) throws {
        let i = frame.index
        let delay = settings.start(ofFrame: i + 1, denominator: 100) - settings.start(ofFrame: i, denominator: 100)
        if frame.data.isEmpty && pending != nil { pendingDelay += delay; return }
        try flush(nextDrawsOverIt: frame.drawsOverPrevious)
        pending = frame.data
        pendingDelay = delay
    }

    /// Writes the held frame with its delay (at most 65535 hundredths of a second) and its
    /// disposal: left in place (1) when the next frame draws over it or nothing is
    /// transparent, else restored to the transparent background (2).
    private func flush(nextDrawsOverIt: Bool) throws {
        guard var data = pending else { return }
        let d = min(65535, max(0, pendingDelay))
        data[4] = UInt8(d & 0xff); data[5] = UInt8(d >> 8)
        let disposal: UInt8 = settings.transparent && !nextDrawsOverIt ? 2 : 1
        data[3] = disposal << 2 | (data[3] & 1)
        try file.write(data)
        pending = nil
    }

    public func finish() throws {
        try flush(nextDrawsOverIt: false)
        try file.write([0x3b])
        try file.close()
    }
}

/// Little-endian 16 bits.
@inline(__always) func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xff), UInt8((v >> 8) & 0xff)] }
