// Tests of Media's PNG reader: oversized images refused from the header, broken files
// reported as one error.

import Testing
import Foundation
import LayerKit
import Media

/// Media's PNG reader refuses a size above the limits from the header alone, and folds what
/// libpng says about a broken file into its one error.
@Suite struct PNGReadingTests {
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for b in body {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
        return be(UInt32(data.count)) + body + be(~crc)
    }
    func png(width: UInt32, height: UInt32, idat: [UInt8]) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be(width) + be(height) + [8, 6, 0, 0, 0])
            + chunk("IDAT", idat) + chunk("IEND", [])
    }
    func write(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lk-png-\(UInt32.random(in: 0...UInt32.max)).png").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func hugeHeaderIsRefusedBeforeDecoding() throws {
        let path = try write(png(width: 65535, height: 65535, idat: [0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let start = Date()
        do { _ = try Bitmap.readPNG(path); Issue.record("accepted") } catch {
            #expect("\(error)".contains("65535 × 65535 exceeds the limit \(DocumentLimits.maximumSide)"))
        }
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test func brokenDataIsOneErrorWithLibpngsWords() throws {
        // A valid header and a zlib stream that is not one.
        let path = try write(png(width: 4, height: 4, idat: [0x78, 0x9c, 0xff, 0xff, 0xff, 0xff]))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do { _ = try Bitmap.readPNG(path); Issue.record("accepted") } catch {
            let text = "\(error)"
            #expect(!text.contains("\n"))
            #expect(text.contains("libpng"), "got: \(text)")
        }
    }
}
