/// A 64-bit digest of bytes, with their count, that tells whether a file changed (the stamp of
/// generated outputs, `GenerationStamp`): the same bytes always give the same digest, in any
/// process, and any accidental change gives another but once in 2^64. Not a cryptographic hash:
/// it guards against edits, not against an attacker.
package struct ContentDigest: Sendable, Hashable, Codable, CustomStringConvertible {
    package var count: Int
    package var hash: UInt64

    package init(_ bytes: UnsafeRawBufferPointer) {
        count = bytes.count
        hash = Self.hash(bytes)
    }

    package init(_ bytes: some Collection<UInt8>) {
        if let digest = bytes.withContiguousStorageIfAvailable({ Self(UnsafeRawBufferPointer($0)) }) {
            self = digest
        } else {
            self = Array(bytes).withUnsafeBytes { Self($0) }
        }
    }

    package init(_ text: String) {
        var text = text
        self = text.withUTF8 { Self(UnsafeRawBufferPointer($0)) }
    }

    /// `count:hash`, the hash in hexadecimal (a JSON number would lose its low bits).
    package var description: String { "\(count):\(String(hash, radix: 16))" }

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        let parts = text.split(separator: ":")
        guard parts.count == 2, let count = Int(parts[0]), let hash = UInt64(parts[1], radix: 16) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a digest"))
        }
        self.count = count
        self.hash = hash
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// 16 bytes a step, each step one full-width multiplication of the two words (each mixed
    /// with a constant and the state) folded to 64 bits; the tail is zero-padded and the count
    /// mixed in last, so that bytes that differ only in trailing zeros differ.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let first: UInt64 = 0xA076_1D64_78BD_642F
        let second: UInt64 = 0xE703_7ED1_A0B4_28DB
        let third: UInt64 = 0x8EBC_6AF0_9C88_C6E3
        var state: UInt64 = 0x5899_65CC_7537_4CC3
        var offset = 0
        while offset + 16 <= bytes.count {
            let a = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let b = bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)
            state = mix(a ^ first, b ^ second ^ state) &+ (state << 23 | state >> 41)
            offset += 16
        }
        if offset < bytes.count {
            var tail: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &tail) { buffer in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            }
            state = mix(tail.0 ^ first, tail.1 ^ second ^ state) &+ (state << 23 | state >> 41)
        }
        return mix(state ^ third, UInt64(bytes.count) ^ first)
    }

    private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }
}
