import Foundation

/// MD5 (RFC 1321), for Bilibili's WBI signature, which the tests' signer computes as the app does.
/// Foundation on Linux has no digest API, and the package takes no dependencies.
public enum MD5 {
    /// The digest of `data` in lower-case hex.
    public static func hex(_ data: Data) -> String {
        digest(data).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    private static let shifts: [UInt32] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]
    private static let constants: [UInt32] = (0..<64).map {
        UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296))
    }

    private static func digest(_ data: Data) -> [UInt8] {
        var message = [UInt8](data)
        let bitLength = UInt64(message.count) * 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        message += (0..<8).map { UInt8(truncatingIfNeeded: bitLength >> ($0 * 8)) }

        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476]
        for chunk in stride(from: 0, to: message.count, by: 64) {
            let m = (0..<16).map { i in
                message[chunk + i * 4..<chunk + i * 4 + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            }
            var (a, b, c, d) = (h[0], h[1], h[2], h[3])
            for i in 0..<64 {
                let (f, g): (UInt32, Int) =
                    switch i {
                    case 0..<16: ((b & c) | (~b & d), i)
                    case 16..<32: ((d & b) | (~d & c), (5 * i + 1) % 16)
                    case 32..<48: (b ^ c ^ d, (3 * i + 5) % 16)
                    default: (c ^ (b | ~d), (7 * i) % 16)
                    }
                let sum = a &+ f &+ constants[i] &+ m[g]
                (a, d, c) = (d, c, b)
                b = b &+ sum.rotatedLeft(shifts[i / 16 * 4 + i % 4])
            }
            h = zip(h, [a, b, c, d]).map { $0 &+ $1 }
        }
        return h.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) } }
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
