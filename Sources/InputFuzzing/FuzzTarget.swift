// The fuzzed input kinds and what one input of each kind goes through: the same code whether
// libFuzzer drives it (under the address sanitizer, scripts/fuzz/fuzz.sh) or the seed-replay tests
// do. Each entry takes raw bytes, loads them as the program would, draws the result into a
// small bitmap, and returns whether the input was accepted or refused; a refusal's message
// must be one line (the promise of the command-line tools), which `FuzzOutcome` checks.

/// An input kind with an entry of its own. The raw value names the seed folder (Fuzz/<name>)
/// and the `LAYERKIT_FUZZ_TARGET` of the fuzzer.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// An animation document: parse, build the layer tree, render one frame.
    case document
    /// An SVG path string: parse, fill with both rules and stroke with several styles.
    case svgPath = "svg-path"
    /// An image file: the PNG header's limits, SDL_image's decoder, one draw of the result.
    case png
    /// A Lottie file (JSON or `.lottie` archive): parse, build the layers, render one frame.
    case lottie

    /// Runs one input through this target's entry.
    public func run(_ bytes: [UInt8]) -> FuzzOutcome {
        switch self {
        case .document: return DocumentFuzzEntry.run(bytes)
        case .svgPath: return SVGPathFuzzEntry.run(bytes)
        case .png: return PNGFuzzEntry.run(bytes)
        case .lottie: return LottieFuzzEntry.run(bytes)
        }
    }
}

/// What became of one input.
public enum FuzzOutcome: Equatable, Sendable {
    /// Loaded and drawn.
    case accepted
    /// Refused with this message (the text the commands print after the file name).
    case refused(String)
    /// The input broke a promise without crashing: why (a refusal of several lines, a
    /// warning with a control character). The fuzzer stops on it as on a crash.
    case broken(String)

    /// The longest refusal a command may print: the quoted excerpts are shortened to
    /// `DocumentText.quotedLength`, the whole message to `DocumentText.messageLength`, plus the
    /// place and the wording around them.
    public static let longestMessage = 2_000

    /// Why `message` is not a clean one-line refusal, or nil when it is: not empty, no line
    /// break or other control character (a terminal would act on it), not over
    /// `longestMessage` characters.
    public static func problem(with message: String) -> String? {
        if message.isEmpty { return "an empty message" }
        if message.unicodeScalars.count > longestMessage { return "a message of \(message.unicodeScalars.count) characters" }
        if let c = message.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7f || (0x80..<0xa0).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            return "a control character U+\(String(c.value, radix: 16, uppercase: true))"
        }
        return nil
    }

    /// `.refused(message)`, or `.broken` when the message is not one clean line.
    static func refusal(_ message: String) -> FuzzOutcome {
        if let problem = problem(with: message) {
            return .broken("the refusal is not one clean line (\(problem)): \(message.debugDescription.prefix(300))")
        }
        return .refused(message)
    }
}
