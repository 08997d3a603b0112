// Tests of Media's PNG reader: oversized images refused from the header, chunks that run past
// the end of the file refused before decoding, broken files reported as one error.

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

    @Test func chunkLengthPastTheEndIsRefusedBeforeDecoding() throws {
        // An IDAT whose length field claims 0x73737373 bytes of a small file: libpng's reader
        // cannot see a short read and checksummed 1.9 GB of nothing (0.9 s).
        var bytes = png(width: 4, height: 4, idat: [0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        bytes.replaceSubrange(33..<37, with: [0x73, 0x73, 0x73, 0x73])
        let path = try write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let start = Date()
        do { _ = try Bitmap.readPNG(path); Issue.record("accepted") } catch {
            #expect("\(error)".contains("chunk IDAT at byte 33 claims 1936946035 bytes, past the end of the file (\(bytes.count) bytes)"), "got: \(error)")
        }
        #expect(Date().timeIntervalSince(start) < 0.5)
    }

    @Test func fileWithoutIENDOrWithABadFirstChunkIsRefused() throws {
        let whole = png(width: 4, height: 4, idat: [0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        let truncated = try write(Array(whole.dropLast(12)))
        defer { try? FileManager.default.removeItem(atPath: truncated) }
        do { _ = try Bitmap.readPNG(truncated); Issue.record("accepted") } catch {
            #expect("\(error)".contains("the PNG ends at byte \(whole.count - 12) before its IEND chunk"), "got: \(error)")
        }
        var badFirst = whole
        badFirst[15] = 0x58   // IHDX
        let path = try write(badFirst)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do { _ = try Bitmap.readPNG(path); Issue.record("accepted") } catch {
            #expect("\(error)".contains("the first chunk is IHDX of 13 bytes, not IHDR of 13"), "got: \(error)")
        }
    }

    @Test func aDeviceIsReadNoFurtherThanTheLimit() {
        do { _ = try Bitmap.readPNG("/dev/zero"); Issue.record("accepted") } catch {
            #expect("\(error)" == "/dev/zero: the file holds more than the limit \(DocumentLimits.maximumImageFileBytes) bytes")
        }
    }

    @Test func validFileStillReads() throws {
        // A 1 × 1 opaque red pixel: filter byte 0, then R G B A.
        let raw: [UInt8] = [0, 255, 0, 0, 255]
        var data = Data()
        data.append(contentsOf: [0x78, 0x01, 0x01, 0x05, 0x00, 0xFA, 0xFF] + raw)
        var a: UInt32 = 1, b: UInt32 = 0
        for x in raw { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        let adler = b << 16 | a
        data.append(contentsOf: [UInt8(adler >> 24), UInt8(adler >> 16 & 0xff), UInt8(adler >> 8 & 0xff), UInt8(adler & 0xff)])
        let path = try write(png(width: 1, height: 1, idat: Array(data)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bitmap = try Bitmap.readPNG(path)
        #expect(bitmap.width == 1 && bitmap.height == 1)
        #expect(bitmap.pixels[0] == 0xFFFF_0000)
    }
}
