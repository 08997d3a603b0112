// The `manifest.json` of a `.lottie` archive (the dotLottie format, dotlottie.io), versions 1
// and 2, and where each version keeps its files.
//
// Version 1 (no `version`, or "1"): `animations: [{id, …}]`, optionally `activeAnimationId`;
// animations at `animations/ID.json`, images under `images/`.
// Version 2 (`"version": "2"`): `animations: [{id, …}]`, `themes: [{id}]`,
// `stateMachines: [{id}]`, `initial: {animation: ID}` or `{stateMachine: ID}`; animations at
// `a/ID.json`, images `i/`, themes `t/ID.json`, state machines `s/ID.json`, fonts `f/`, audio
// `u/`. Fonts and audio are tolerated, not read. The animation shown is the one asked for, else
// the manifest's initial animation, else its first (dotlottie-rs's DotLottieManager::new).
// Archives in the wild mix the layouts, so each animation and image is looked up in its
// version's folder first and then in the other version's.
import LayerKit

public struct DotLottieManifest: Sendable, Equatable {
    /// 1 or 2 (`version` "2" is 2; anything else, or none, is 1 — as dotlottie-rs reads it).
    public var version: Int
    /// The animations' ids, in the manifest's order.
    public var animations: [String]
    /// Version 2's themes and state machines, by id (empty in version 1).
    public var themes: [String]
    public var stateMachines: [String]
    /// `initial.animation` (version 2) or `activeAnimationId` (version 1), when it names one.
    public var initialAnimation: String?
    /// `initial.stateMachine` (version 2).
    public var initialStateMachine: String?

    /// At most this many animations, themes or state machines are listed.
    static let maximumEntries = 10_000

    /// Reads a manifest; an archive without an animation with an id is refused naming the place.
    static func decode(_ j: JSONValue) throws(DocumentError) -> DotLottieManifest {
        guard case .object = j else { throw DocumentError("manifest.json", "expected an object") }
        var version = 1
        if case .string(let v)? = j["version"], v == "2" { version = 2 }
        func ids(_ key: String) throws(DocumentError) -> [String] {
            guard let list = j[key] else { return [] }
            guard case .array(let items) = list else { throw DocumentError("manifest.json", "\(key): expected an array") }
            guard items.count <= maximumEntries else {
                throw DocumentError("manifest.json", "\(key): \(items.count) entries exceed the limit \(maximumEntries)")
            }
            var out: [String] = []
            for (i, item) in items.enumerated() {
                guard case .string(let id)? = item["id"], !id.isEmpty else {
                    throw DocumentError("manifest.json", "\(key)[\(i)]: expected an id")
                }
                out.append(id)
            }
            return out
        }
        let animations = try ids("animations")
        guard !animations.isEmpty else { throw DocumentError("manifest.json", "expected animations with an id") }
        var initialAnimation: String?, initialStateMachine: String?
        if case .string(let id)? = j["initial"]?["animation"] { initialAnimation = id }
        if case .string(let id)? = j["initial"]?["stateMachine"] { initialStateMachine = id }
        if initialAnimation == nil, case .string(let id)? = j["activeAnimationId"] { initialAnimation = id }
        return DotLottieManifest(version: version, animations: animations, themes: try ids("themes"),
                                 stateMachines: try ids("stateMachines"),
                                 initialAnimation: initialAnimation, initialStateMachine: initialStateMachine)
    }

    /// The animation to show: `requested` when given (refused when the manifest has no such
    /// id), else the initial animation when the manifest lists it, else the first.
    func animationID(requested: String?) throws(DocumentError) -> String {
        if let requested {
            guard animations.contains(requested) else {
                let known = animations.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ") + (animations.count > 8 ? ", …" : "")
                throw DocumentError("manifest.json", "no animation \"\(requested)\" (the archive has \(known))")
            }
            return requested
        }
        if let initialAnimation, animations.contains(initialAnimation) { return initialAnimation }
        return animations[0]
    }

    /// The theme `id`'s path (`t/ID.json`), refused when the manifest lists no such theme.
    func themePath(_ id: String) throws(DocumentError) -> String {
        guard themes.contains(id) else {
            let known = themes.isEmpty ? "no themes" : themes.prefix(8).map { "\"\($0)\"" }.joined(separator: ", ") + (themes.count > 8 ? ", …" : "")
            throw DocumentError("manifest.json", "no theme \"\(id)\" (the archive has \(known))")
        }
        return "t/\(id).json"
    }

    /// Where the animation `id` may be stored, this version's folder first.
    func animationPaths(_ id: String) -> [String] {
        let v1 = "animations/\(id).json", v2 = "a/\(id).json"
        return version == 2 ? [v2, v1] : [v1, v2]
    }

    /// The folders an image asset's `p` may be in, this version's first.
    var imageFolders: [String] { version == 2 ? ["i/", "images/"] : ["images/", "i/"] }
}
