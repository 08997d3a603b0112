// How a window's frames are paced (blocking vsync or the link's own deadlines), and the probe
// that decides whether presents really block on vsync on this driver.

import CSDL2
import Foundation
import LayerKit

/// How the window's frames are paced.
public enum PacingMode: String, Sendable {
    /// `SDL_RenderPresent` blocks until vsync: the present's return is the tick.
    case vsync
    /// Presents do not block (or not reliably): the link waits for grid deadlines itself.
    case selfPaced = "self-paced"
}

/// Decides whether presents really block on vsync: not on drivers that have no display
/// (dummy, offscreen), not with the software renderer, not under Xvfb (its simulated vsync
/// paces in whole milliseconds at about 62.5 Hz, with 30–50 ms spikes), and elsewhere only
/// when a burst of presents measures one refresh period apart.
enum VsyncProbe {
    /// The mode to use and why, for the verbose log.
    static func decide(renderer: OpaquePointer, driver: String, rendererName: String, vsyncRequested: Bool,
                       period: Double) -> (PacingMode, String) {
        if !vsyncRequested { return (.selfPaced, "vsync off (--no-vsync)") }
        if ["dummy", "offscreen", "evdev"].contains(driver) { return (.selfPaced, "video driver \(driver) has no vsync") }
        if rendererName == "software" { return (.selfPaced, "software renderer does not block on vsync") }
        if driver == "x11", runningUnderXvfb() { return (.selfPaced, "Xvfb's vsync is simulated in whole milliseconds") }
        // Measure: a burst of presents. Blocking vsync puts them one period apart.
        var stamps: [Double] = []
        for _ in 0..<12 {
            SDL_RenderClear(renderer)
            SDL_RenderPresent(renderer)
            stamps.append(MonotonicTime.seconds())
        }
        let intervals = zip(stamps.dropFirst(4), stamps.dropFirst(3)).map { $0 - $1 }.sorted()
        let median = intervals[intervals.count / 2]
        let close = intervals.filter { abs($0 - period) < 0.1 * period }.count
        if abs(median - period) < 0.05 * period && close * 10 >= intervals.count * 7 {
            return (.vsync, "presents block on vsync (median \(formatFixed(median * 1000, 2)) ms)")
        }
        return (.selfPaced, "presents do not block on vsync (median \(formatFixed(median * 1000, 2)) ms)")
    }

    /// Whether the X server on $DISPLAY is an Xvfb process on this machine.
    static func runningUnderXvfb() -> Bool {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"],
              let colon = display.lastIndex(of: ":") else { return false }
        let number = display[display.index(after: colon)...].split(separator: ".").first.map(String.init) ?? ""
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return false }
        for pid in entries where pid.allSatisfy(\.isNumber) {
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { continue }
            let args = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard let exe = args.first, exe.hasSuffix("Xvfb") else { continue }
            if args.dropFirst().contains(":\(number)") { return true }
        }
        return false
    }
}
