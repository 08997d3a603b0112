// Tests that SDL's silent fallback to a windowless video driver is refused unless asked for.

import Testing
@testable import Player

/// SDL's silent fallback to a windowless driver is refused unless the user asked for it.
@Suite struct VideoDriverCheckTests {
    @Test func windowlessDriverNobodyAskedForIsRefusedInOneLine() throws {
        for driver in ["offscreen", "dummy", "evdev"] {
            for requested in [nil, ""] as [String?] {
                let line = try #require(VideoDriverCheck.refusal(driver: driver, requested: requested))
                #expect(!line.contains("\n"))
                #expect(line.contains(driver))
                #expect(line.contains("xvfb-run -a"))
                #expect(line.contains("SDL_VIDEODRIVER=offscreen"))
            }
        }
    }

    @Test func driverChosenOnPurposeRuns() {
        #expect(VideoDriverCheck.refusal(driver: "offscreen", requested: "offscreen") == nil)
        #expect(VideoDriverCheck.refusal(driver: "dummy", requested: "dummy") == nil)
    }

    @Test func windowSystemDriversRun() {
        #expect(VideoDriverCheck.refusal(driver: "x11", requested: nil) == nil)
        #expect(VideoDriverCheck.refusal(driver: "wayland", requested: nil) == nil)
    }
}
