// A `.lottie` archive's state machine: `s/ID.json` (dotLottie 2) or `states/ID.json` (version
// 1), the id given, else the manifest's `initial.stateMachine`, else its first; decoded by
// `LottieStateMachineDefinition`. A plain Lottie JSON file has none, so asking it for one is
// refused, as is an id the manifest does not list.
import Foundation
import LayerKit

extension LottieStateMachineDefinition {
    /// The animations its states name (`PlaybackState.animation`), each once, in state order.
    public var animationIDs: [String] {
        var seen = Set<String>()
        return states.compactMap { s in s.animation.isEmpty || !seen.insert(s.animation).inserted ? nil : s.animation }
    }
}

extension LottieScene {
    /// The state machine `id` (nil: the manifest's initial or first) of the archive `bytes`.
    public static func stateMachine(_ bytes: [UInt8], id: String?) throws(DocumentError) -> (id: String, definition: LottieStateMachineDefinition) {
        guard LottieArchive.isArchive(bytes) else {
            throw DocumentError("", "a state machine asked for, but the file is one Lottie animation, not a .lottie archive")
        }
        let file = LottieArchive.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let (archive, manifest) = try LottieArchive.open(bytes, at: file)
        guard let chosen = id ?? manifest.initialStateMachine ?? manifest.stateMachines.first else {
            throw DocumentError("manifest.json", "the archive has no state machine")
        }
        guard manifest.stateMachines.contains(chosen) || id == nil else {
            let known = manifest.stateMachines.prefix(8).map { DocumentText.quoted($0) }.joined(separator: ", ")
            throw DocumentError("manifest.json", "no state machine \(DocumentText.quoted(chosen))" + (known.isEmpty ? " (the archive has none)" : " (the archive has \(known))"))
        }
        let paths = ["s/\(chosen).json", "states/\(chosen).json"]
        for p in paths {
            guard let data = try LottieArchive.entry(p, in: archive, bytes: bytes) else { continue }
            let json: JSONValue
            do { json = try JSONReader.parse(data) } catch { throw DocumentError(p, error.description) }
            return (chosen, try LottieStateMachineDefinition.decode(json, place: p))
        }
        throw DocumentError(paths[0], "missing from the archive")
    }

    /// The state machine of the archive `bytes` with the animations its states name: each
    /// loaded by `load` (an id of the manifest; the caller reads it as it read the one shown),
    /// the machine showing `shown` (its id) until a state names another. A named animation the
    /// archive lacks is refused as `load` refuses it.
    public static func stateMachine(_ definition: LottieStateMachineDefinition, shown: LottieScene, id: String,
                                    load: (String) throws(DocumentError) -> LottieScene) throws(DocumentError) -> LottieStateMachine {
        var scenes = [id: shown]
        for other in definition.animationIDs where scenes[other] == nil { scenes[other] = try load(other) }
        return LottieStateMachine(definition, scenes: scenes, initial: id)
    }

    /// The state machine in the JSON file `bytes` (a state machine given on its own).
    public static func stateMachineFile(_ bytes: [UInt8]) throws(DocumentError) -> LottieStateMachineDefinition {
        let json: JSONValue
        do { json = try JSONReader.parse(bytes) } catch { throw DocumentError("", error.description) }
        return try LottieStateMachineDefinition.decode(json)
    }
}
