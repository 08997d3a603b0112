// The `--record-timings` CSV file: written one row per frame, and read back (older headers
// included) for `layerplay timings`.

/// The `--record-timings` file: one header line, one row per frame. Times are seconds from
/// the first frame's timestamp (6 decimals); phases are milliseconds (3 decimals).
public enum FrameTimingCSV {
    public static let header =
        "index,timestamp,targetTimestamp,interval_ms,events_ms,update_ms,display_list_ms,raster_ms,upload_ms,present_ms,work_ms,input_events,dropped"
    /// The header of files written before the display-list column had its stage's name (same
    /// columns, read the same way).
    static let previousHeader =
        "index,timestamp,targetTimestamp,interval_ms,events_ms,update_ms,render_ms,raster_ms,upload_ms,present_ms,work_ms,input_events,dropped"

    /// The whole file.
    public static func format(_ frames: [FrameTiming]) -> String {
        header + "\n" + rows(frames[...], origin: frames.first?.timestamp ?? 0)
    }

    /// The rows of `frames`, one line each, times from `origin` (the first frame's timestamp):
    /// a file written a chunk at a time is the header and each chunk's rows.
    public static func rows(_ frames: ArraySlice<FrameTiming>, origin: Double) -> String {
        var out = ""
        out.reserveCapacity(frames.count * 100)
        for f in frames {
            let ms = [f.interval, f.events, f.update, f.render, f.raster, f.upload, f.present, f.work]
                .map { formatFixed($0 * 1000, 3) }
            out += "\(f.index),\(formatFixed(f.timestamp - origin, 6)),\(formatFixed(f.targetTimestamp - origin, 6)),"
            out += ms.joined(separator: ",")
            out += ",\(f.inputEvents),\(f.dropped ? 1 : 0)\n"
        }
        return out
    }

    /// Reads a file written by `format`; throws naming the line on anything malformed.
    public static func parse(_ text: String) throws(PlayerError) -> [FrameTiming] {
        var lines = text.split(whereSeparator: \.isNewline).map(String.init)
        guard let first = lines.first, first.trimmingSpaces == header || first.trimmingSpaces == previousHeader else {
            throw PlayerError("timings CSV: line 1 is not the header \"\(header.prefix(40))…\"")
        }
        lines.removeFirst()
        var frames: [FrameTiming] = []
        for (n, line) in lines.enumerated() where !line.trimmingSpaces.isEmpty {
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
            guard cells.count == 13, let index = Int(cells[0]), let input = Int(cells[11]),
                  let dropped = Int(cells[12]) else {
                throw PlayerError("timings CSV: line \(n + 2): expected 13 comma-separated numbers")
            }
            var v: [Double] = []
            for c in cells[1...10] {
                guard let d = Double(c), d.isFinite else {
                    throw PlayerError("timings CSV: line \(n + 2): \"\(c)\" is not a number")
                }
                v.append(d)
            }
            var f = FrameTiming(index: index, timestamp: v[0], targetTimestamp: v[1], interval: v[2] / 1000)
            f.events = v[3] / 1000; f.update = v[4] / 1000; f.render = v[5] / 1000
            f.raster = v[6] / 1000; f.upload = v[7] / 1000; f.present = v[8] / 1000
            f.work = v[9] / 1000; f.inputEvents = input; f.dropped = dropped != 0
            f.start = v[0]
            frames.append(f)
        }
        return frames
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and carriage returns.
    var trimmingSpaces: String {
        let ws: Set<Character> = [" ", "\t", "\r"]
        var s = Substring(self)
        while let c = s.first, ws.contains(c) { s = s.dropFirst() }
        while let c = s.last, ws.contains(c) { s = s.dropLast() }
        return String(s)
    }
}
