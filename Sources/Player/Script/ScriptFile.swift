// A scripted run read from a file (`--script FILE`): one step a line, in the form the
// command-line options take, so that a long run (an hour of clicks) needs neither thousands
// of arguments nor their parse time.
//
//     # comments and blank lines are skipped
//     click 0.5:138,118
//     key 2.0:Right
//     screenshot 3:shot.png
//     drop 4:other.json

import Foundation
import LayerKit

/// The steps of a script file, parsed line by line; errors name the file and the line.
public enum ScriptFile {
    /// The largest script file read, in bytes (a million steps of about 20 bytes).
    public static let maximumBytes = 32 * 1024 * 1024
    /// The most steps a script may hold.
    public static let maximumSteps = 1_000_000

    /// Reads and parses the script at `path`.
    public static func load(path: String) throws(PlayerError) -> [ScriptedInput] {
        let shown = DocumentText.quoted(path)
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
           size.intValue > maximumBytes {
            throw PlayerError("--script \(shown): \(size.intValue) bytes exceeds the limit \(maximumBytes) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PlayerError("--script \(shown): cannot read the file")
        }
        guard data.count <= maximumBytes else {
            throw PlayerError("--script \(shown): more than the limit \(maximumBytes) bytes")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw PlayerError("--script \(shown): not UTF-8 text")
        }
        return try parse(text, name: shown)
    }

    /// Parses script text; `name` is how errors name the file.
    public static func parse(_ text: String, name: String) throws(PlayerError) -> [ScriptedInput] {
        var steps: [ScriptedInput] = []
        var lineNumber = 0
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            let trimmed = String(line).trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard steps.count < maximumSteps else {
                throw PlayerError("--script \(name) line \(lineNumber): more than the limit \(maximumSteps) steps")
            }
            let parts = trimmed.split(separator: " ", maxSplits: 1)
            let argument = parts.count == 2 ? String(parts[1]).trimmingSpaces : ""
            do throws(PlayerError) {
                switch parts[0] {
                case "click": steps.append(try ScriptedInput.click(argument))
                case "key": steps.append(try ScriptedInput.key(argument))
                case "screenshot": steps.append(try ScriptedInput.screenshot(argument))
                case "drop": steps.append(try ScriptedInput.drop(argument))
                case "press": steps.append(try ScriptedInput.pointer(argument, option: "press") { .press($0) })
                case "drag": steps.append(try ScriptedInput.pointer(argument, option: "drag") { .drag($0) })
                case "release": steps.append(try ScriptedInput.pointer(argument, option: "release") { .release($0) })
                default:
                    throw PlayerError("unknown step \(DocumentText.quoted(String(parts[0]))) (expected click, press, drag, release, key, screenshot or drop)")
                }
            } catch {
                throw PlayerError("--script \(name) line \(lineNumber): \(error.description)")
            }
        }
        return steps
    }
}
