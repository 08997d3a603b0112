// Tests that a script file gives the steps its lines name, and refuses a bad line by number.

import Foundation
import Testing
import Raster
@testable import Player

@Suite struct ScriptFileTests {
    @Test func linesBecomeStepsInTheOptionsForm() throws {
        let text = """
            # a comment, then a blank line

            click 0.5:138,118
              key 2.0:Right\r
            screenshot 3:shot.png
            """
        let steps = try ScriptFile.parse(text, name: "s.txt")
        #expect(steps == [
            ScriptedInput(time: 0.5, action: .click(Point(138, 118))),
            ScriptedInput(time: 2, action: .key("Right")),
            ScriptedInput(time: 3, action: .screenshot("shot.png")),
        ])
    }

    @Test func aBadLineIsRefusedInOneLineNamingItsNumber() {
        for (text, expected) in [("click 1:2,3\nclick 1:x,3", "line 2"), ("tap 1:2,3", "unknown step"),
                                 ("click", "expected T:X,Y")] {
            #expect {
                _ = try ScriptFile.parse(text, name: "s.txt")
            } throws: { error in
                let line = (error as? PlayerError)?.description ?? ""
                return line.contains("--script s.txt") && line.contains(expected) && !line.contains("\n")
            }
        }
    }

    @Test func aMissingFileIsRefusedInOneLine() {
        #expect(throws: PlayerError.self) { try ScriptFile.load(path: "/nonexistent/clicks.txt") }
    }
}
