// Tests that a font family is found as Core Text finds it: the family itself where installed,
// Helvetica (fontconfig's match for it) where not.

import Testing
@testable import Media

@Suite struct FontFallbackTests {
    @Test func aMissingFamilyFallsBackToHelvetica() throws {
        let helvetica = try #require(TTFTextRenderer.fontconfigMatch("Helvetica"), "fontconfig is missing")
        #expect(TTFTextRenderer.matchFont("No Such Family 7f3a") == helvetica.file)
        #expect(TTFTextRenderer.matchFont("Helvetica") == helvetica.file)
        // An installed family is itself, whatever fontconfig's default is.
        let dejaVu = try #require(TTFTextRenderer.fontconfigMatch("DejaVu Sans"))
        #expect(dejaVu.families.contains("DejaVu Sans"))
        #expect(TTFTextRenderer.matchFont("DejaVu Sans") == dejaVu.file)
        #expect(TTFTextRenderer.matchFont("dejavu sans") == dejaVu.file)
    }
}
