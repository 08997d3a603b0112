// lottie-ios's `AnimationKeypath`: a path through a Lottie file's names, dot-separated — layer
// names (a precomposition's layers under its layer's name), then `Transform` or shape item
// names (groups nest), the last component a property (`Color`, `Opacity`, `Stroke Width`,
// `Position`, `Scale`, `Rotation`, `Anchor Point`, `Colors`, `Start`, `End`, …; the names
// `LottieKeypathTree` gives). Wildcards as lottie-ios's Core Animation engine matches them
// (`AnimationKeypath.matches` in its ValueProviderStore): `*` is exactly one component, `**`
// any number of components including none ("**.Color matches Color, Layer 1.Color and Layer
// 1.Layer 2.Color"), and a `*` inside a component stands for one or more of its characters.
// Matched component by component with a table of (pattern, path) prefixes — never a regular
// expression built from the file's names — so a hostile name or pattern costs at most
// pattern × path steps.
import LayerKit

public struct AnimationKeypath: Hashable, Sendable, CustomStringConvertible {
    /// The components, wildcards included.
    public let keys: [String]

    /// The most components a key path may have.
    public static let maximumComponents = 64
    /// The longest name a component with a `*` inside it is matched against.
    public static let maximumGlobName = 1024
    /// The longest key path text, in characters.
    public static let maximumLength = 4096

    /// `keypath` split at its dots, unchecked (lottie-ios's `AnimationKeypath(keypath:)`);
    /// `parse` refuses malformed ones.
    public init(keypath: String) {
        keys = keypath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    public init(keys: [String]) { self.keys = keys }

    public var description: String { keys.joined(separator: ".") }

    /// `text` as a key path, or a `DocumentError` saying what is malformed: empty, an empty
    /// component (two dots, a leading or trailing dot), more than `maximumComponents`
    /// components, or a component of more than two `*`s.
    public static func parse(_ text: String) throws(DocumentError) -> AnimationKeypath {
        let place = "key path \(DocumentText.quoted(text))"
        guard !text.isEmpty else { throw DocumentError(place, "empty") }
        guard text.count <= maximumLength else { throw DocumentError(place, "longer than \(maximumLength) characters") }
        let path = AnimationKeypath(keypath: text)
        guard path.keys.count <= maximumComponents else {
            throw DocumentError(place, "\(path.keys.count) components exceed the limit \(maximumComponents)")
        }
        for k in path.keys {
            if k.isEmpty { throw DocumentError(place, "an empty component (two dots, or a dot at an end)") }
            if k.allSatisfy({ $0 == "*" }) && k.count > 2 { throw DocumentError(place, "\(k): a component is *, ** or a name") }
        }
        return path
    }

    /// Whether the concrete path `path` (names from the file, no wildcards) is one this key
    /// path names.
    public func matches(_ path: [String]) -> Bool {
        let p = keys, n = p.count, m = path.count
        // reach[j]: the first i pattern components can match the first j path components.
        var reach = [Bool](repeating: false, count: m + 1)
        reach[0] = true
        for i in 0..<n {
            var next = [Bool](repeating: false, count: m + 1)
            let key = p[i]
            if key == "**" {
                // Zero or more components: every j at or after the first reachable one.
                var any = false
                for j in 0...m { any = any || reach[j]; next[j] = any }
            } else {
                for j in 0..<m where reach[j] && Self.component(key, matches: path[j]) { next[j + 1] = true }
            }
            reach = next
        }
        return reach[m]
    }

    /// One component: `*` any name, a name with `*`s a glob whose `*`s each stand for one or
    /// more characters (lottie-ios's `[^.]+`), else the same name.
    static func component(_ key: String, matches name: String) -> Bool {
        if key == "*" { return !name.isEmpty }
        guard key.contains("*") else { return key == name }
        let parts = key.split(separator: "*", omittingEmptySubsequences: false).map { Array($0) }
        let s = Array(name)
        // A glob costs name² steps: names past `maximumGlobName` characters match no glob.
        guard s.count <= maximumGlobName else { return false }
        // Greedy-free glob: each `*` takes at least one character; table over positions.
        var reach = [Bool](repeating: false, count: s.count + 1)
        // The first literal part must start the name.
        let first = parts[0]
        guard s.count >= first.count, Array(s[0..<first.count]) == first else { return false }
        reach[first.count] = true
        for part in parts.dropFirst() {
            var next = [Bool](repeating: false, count: s.count + 1)
            for j in 0..<s.count where reach[j] {
                // `*` takes s[j..<k] (k > j), then `part` must follow at k.
                var k = j + 1
                while k + part.count <= s.count {
                    if Array(s[k..<(k + part.count)]) == part { next[k + part.count] = true }
                    k += 1
                }
            }
            reach = next
        }
        return reach[s.count]
    }
}
