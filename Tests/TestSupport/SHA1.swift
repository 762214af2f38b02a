import Foundation

/// SHA-1 (FIPS 180-4), enough for the signers the seeds' servers check. Foundation on Linux has
/// no digest API, and the package takes no dependencies.
public enum SHA1 {
    /// The digest of `data` in lower-case hex.
    public static func hex(_ data: Data) -> String {
        digest(data).map { String($0, radix: 16).leftPadded(to: 8) }.joined()
    }

    private static func digest(_ data: Data) -> [UInt32] {
        var message = [UInt8](data)
        let bitLength = UInt64(message.count) * 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        message += (0..<8).reversed().map { UInt8(truncatingIfNeeded: bitLength >> ($0 * 8)) }

        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        for chunk in stride(from: 0, to: message.count, by: 64) {
            var w = (0..<16).map { i in
                message[chunk + i * 4..<chunk + i * 4 + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            }
            for i in 16..<80 { w.append((w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]).rotatedLeft(1)) }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32) =
                    switch i {
                    case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                    case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                    case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                    default: (b ^ c ^ d, 0xCA62_C1D6)
                    }
                let temp = a.rotatedLeft(5) &+ f &+ e &+ k &+ w[i]
                (a, b, c, d, e) = (temp, a, b.rotatedLeft(30), c, d)
            }
            h = zip(h, [a, b, c, d, e]).map { $0 &+ $1 }
        }
        return h
    }
}

extension UInt32 {
    fileprivate func rotatedLeft(_ count: UInt32) -> UInt32 { self << count | self >> (32 - count) }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
