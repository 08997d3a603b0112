// The `--trace` file in Chrome's Trace Event format: one complete event per frame and per
// phase, for Perfetto and chrome://tracing; whole, or in pieces for a file written a chunk of
// frames at a time.

/// The `--trace` file: Chrome's Trace Event format (JSON object form), one complete event
/// ("ph":"X") per frame and per phase, microseconds from the first frame. Opens in Perfetto
/// and chrome://tracing.
public enum TraceEventWriter {
    /// The phases in the order the frame loop runs them.
    public static var phases: [(name: String, duration: KeyPath<FrameTiming, Double>)] { [
        ("events", \.events), ("update", \.update), ("display list", \.render),
        ("raster", \.raster), ("upload", \.upload), ("present", \.present),
    ] }

    /// The whole JSON document.
    public static func format(_ frames: [FrameTiming]) -> String {
        let body = events(frames[...], origin: frames.first?.start ?? 0)
        return opening + metadata.joined(separator: ",\n") + (body.isEmpty ? "" : ",\n" + body) + closing
    }

    /// What precedes the events.
    public static let opening = "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n"
    /// The process and thread names, the first events.
    public static let metadata = [
        #"{"name":"process_name","ph":"M","pid":1,"tid":1,"args":{"name":"layerplay"}}"#,
        #"{"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"frame loop"}}"#,
    ]
    /// What follows the last event.
    public static let closing = "\n]}\n"

    /// The events of `frames` (a frame event and its phases each), separated by ",\n",
    /// microseconds from `origin` (the first frame's start): a file written a chunk at a time
    /// is `opening`, the metadata, each chunk after ",\n", and `closing`.
    public static func events(_ frames: ArraySlice<FrameTiming>, origin: Double) -> String {
        func us(_ s: Double) -> String { formatFixed(s * 1e6, 3) }
        var events: [String] = []
        events.reserveCapacity(frames.count * (phases.count + 1))
        for f in frames {
            let total = phases.reduce(0) { $0 + f[keyPath: $1.duration] }
            events.append(#"{"name":"frame","cat":"frame","ph":"X","pid":1,"tid":1,"ts":\#(us(f.start - origin)),"dur":\#(us(total)),"args":{"index":\#(f.index),"interval_ms":\#(formatFixed(f.interval * 1000, 3)),"input_events":\#(f.inputEvents),"dropped":\#(f.dropped)}}"#)
            var t = f.start - origin
            for phase in phases {
                let d = f[keyPath: phase.duration]
                events.append(#"{"name":"\#(phase.name)","cat":"phase","ph":"X","pid":1,"tid":1,"ts":\#(us(t)),"dur":\#(us(d))}"#)
                t += d
            }
        }
        return events.joined(separator: ",\n")
    }
}
